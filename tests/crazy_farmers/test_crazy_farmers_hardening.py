"""Bad input gets a typed error that names what is wrong, and never echoes a huge input whole.

Rules made every way (constructor, ``attrs.evolve``, ``from_data``,
``from_toml``), hand-built moves, non-moves given to ``apply_move``, move
texts that are no text, seats not at the table, and positions ``scenario``
is asked for that the rules cannot make.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import attrs
import pytest
from crazy_farmers_helpers import SOLO, play, texts
from hypothesis import given, settings
from hypothesis import strategies as st

from acreage import IllegalMoveError, MoveSyntaxError, RulesError, SeatError
from acreage import crazy_farmers as cf
from acreage.core.position import PositionError
from acreage.crazy_farmers.board import STEPS

TWO = cf.Rules(players=2)
FENCE_1 = ["0,1 SW", "-1,1 SE", "0,0 SW", "0,0 SE", "1,-1 SW"]  # player 1's, from 0,2 to near 0,-2

# -- Rules ----------------------------------------------------------------------------


def test_a_list_for_the_length_names_the_field() -> None:
    with pytest.raises(
        RulesError, match=r"length: expected one of 'fast', 'regular', 'long', got \[\]"
    ):
        cf.Rules(length=[])  # type: ignore[arg-type]


# One wrong value for every kind of field: ints, Literals, tuples of
# coordinates, tuples of cards, bools, optional ints.
WRONG_TYPES = [
    ("players", "2", "players: expected an integer, got '2'"),
    ("players", 2.0, "players: expected an integer, got 2.0"),
    ("mode", "duel", "mode: expected one of 'competitive', 'mad-cow', got 'duel'"),
    ("length", 3, "length: expected one of 'fast', 'regular', 'long', got 3"),
    ("plot_tiles", 1.5, "plot_tiles: expected an integer, got 1.5"),
    ("fences", "30", "fences: expected an integer, got '30'"),
    ("start_plots", "no", "start_plots: expected a list, got 'no'"),
    ("start_plots", [[0, -2], [0]], r"start_plots\[1\]: expected a list of 2, got 1 items"),
    ("barns", 5, "barns: expected a list, got 5"),
    ("bonus_cards", ["Rut"], r"bonus_cards\[0\]: expected a BonusCard or a table of its fields"),
    ("hay_bales", None, "hay_bales: expected an integer, got None"),
    ("hand_limit", 6.0, "hand_limit: expected an integer, got 6.0"),
    ("start", None, "start: expected one of 'fixed', 'choose', got None"),
    ("endgame_card", "yes", "endgame_card: expected true or false, got 'yes'"),
    ("endgame_window", 1.5, "endgame_window: expected an integer or expected nothing"),
    ("powerless_move_limit", "3", "powerless_move_limit: expected an integer or expected nothing"),
    ("repetition_limit", [], "repetition_limit: expected an integer or expected nothing"),
    ("mad_cow_cards", {}, "mad_cow_cards: expected a list, got {}"),
    ("cow_tiles", 12.0, "cow_tiles: expected an integer, got 12.0"),
    ("lockdown_plots", None, "lockdown_plots: expected an integer, got None"),
    ("coop_backlash", 1, "coop_backlash: expected true or false, got 1"),
    ("bribe_annexes", "no", "bribe_annexes: expected true or false, got 'no'"),
    ("lock_in_cow", 0, "lock_in_cow: expected true or false, got 0"),
]


@pytest.mark.parametrize(("field", "value", "message"), WRONG_TYPES)
def test_a_wrong_type_names_the_field_however_the_rules_are_made(
    field: str, value: Any, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        cf.Rules(**{field: value})
    with pytest.raises(RulesError, match=message):
        attrs.evolve(TWO, **{field: value})
    with pytest.raises(RulesError, match=message):
        cf.Rules.from_data({"players": 2, field: value})


def test_wrong_types_in_a_toml_file(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    for text, message in [
        ('players = "2"', "players: expected an integer, got '2'"),
        ("fences = 2.5", "fences: expected an integer, got 2.5"),
        ("start_plots = 4", "start_plots: expected a list, got 4"),
        ('length = ["fast"]', "length: expected one of 'fast', 'regular', 'long'"),
    ]:
        path.write_text(text + "\n", encoding="utf-8")
        with pytest.raises(RulesError, match=message):
            cf.Rules.from_toml(path)


HUGE = [
    ({"players": 10**9}, "players: expected 1 to 4, got 1000000000"),
    ({"plot_tiles": 10**9}, "plot_tiles: expected 2 to 200, got 1000000000"),
    ({"fences": 10**9}, "fences: expected 1 to 132, got 1000000000"),
    ({"hay_bales": 10**9}, "hay_bales: expected 0 to 90, got 1000000000"),
    ({"hand_limit": 10**9}, "hand_limit: expected 1 to 100, got 1000000000"),
    ({"endgame_window": 10**9}, "endgame_window: expected 0 to 2000, got 1000000000"),
    ({"powerless_move_limit": 10**9}, "powerless_move_limit: expected 0 to 5, got 1000000000"),
    ({"repetition_limit": 10**9}, "repetition_limit: expected 2 to 20, got 1000000000"),
    ({"cow_tiles": 10**9}, "cow_tiles: expected 2 to 37, got 1000000000"),
    ({"lockdown_plots": -(10**9)}, "lockdown_plots: expected 1 to 37, got -1000000000"),
    ({"barns": [[0, 0]] * 10_000}, "barns: expected at most 37 items, got 10000"),
    ({"start_plots": [[0, -2]] * 10_000}, "start_plots: expected at most 4 items, got 10000"),
    (
        {"bonus_cards": [{"name": "Rut", "kind": "rut", "count": 1}] * 1000},
        "bonus_cards: expected at most 40 items, got 1000",
    ),
    (
        {"bonus_cards": [{"name": "Rut", "kind": "rut", "count": 10**9}]},
        r"bonus_cards\[0\]\.count: expected 0 to 50, got 1000000000",
    ),
    (
        {"bonus_cards": [{"name": "Rut", "kind": "rut", "count": 9, "amount": 10**9}]},
        r"bonus_cards\[0\]\.amount: expected 1 to 10, got 1000000000",
    ),
    (
        {"mad_cow_cards": [{"name": "Moo", "numbers": [1] * 10_000}]},
        r"mad_cow_cards\[0\]\.numbers: expected at most 20 items, got 10000",
    ),
    (
        {"mad_cow_cards": [{"name": "Moo", "numbers": [10**9]}]},
        r"mad_cow_cards\[0\]\.numbers: expected 0 to 100, got 1000000000",
    ),
]


@pytest.mark.parametrize(("fields", "message"), HUGE)
def test_huge_counts_and_lengths_are_refused_at_once_naming_the_bound(
    fields: dict[str, Any], message: str
) -> None:
    start = time.perf_counter()
    with pytest.raises(RulesError, match=message):
        cf.Rules.from_data(fields)
    assert time.perf_counter() - start < 1.0


def test_bounds_hold_for_the_constructor_and_evolve_too() -> None:
    with pytest.raises(RulesError, match="fences: expected 1 to 132, got 1000000000"):
        cf.Rules(fences=10**9)
    with pytest.raises(RulesError, match="hay_bales: expected 0 to 90, got 91"):
        attrs.evolve(TWO, hay_bales=91)
    with pytest.raises(RulesError, match=r"BonusCard\.count: expected 0 to 50, got 51"):
        cf.BonusCard("Rut", "rut", 51)
    with pytest.raises(RulesError, match=r"MadCowCard\.step: expected -5 to 5, got 6"):
        cf.MadCowCard("Moo", (1,), step=6)
    # Every bound of the reference rules, and their largest values, still play.
    big = cf.Rules(players=4, hand_limit=100, repetition_limit=20, endgame_window=2000)
    assert cf.legal_moves(cf.new_game(big))


def test_unknown_fields_name_the_close_ones() -> None:
    with pytest.raises(RulesError, match="unknown field 'plyers'; did you mean 'players'"):
        cf.Rules(plyers=3)  # type: ignore[call-arg]
    with pytest.raises(RulesError, match="unknown field 'fence'; did you mean 'fences'"):
        attrs.evolve(TWO, fence=3)
    with pytest.raises(RulesError, match="unknown field 'hay_bale'; did you mean 'hay_bales'"):
        cf.Rules.from_data({"hay_bale": 3})
    with pytest.raises(RulesError, match="unknown field 'amout'; did you mean 'amount'"):
        cf.BonusCard("Rut", "rut", 2, amout=1)  # type: ignore[call-arg]
    with pytest.raises(RulesError, match="unknown field 'steps'; did you mean 'step'"):
        cf.Rules.from_data(
            {
                "players": 1,
                "mode": "mad-cow",
                "mad_cow_cards": [{"name": "M", "numbers": [1], "steps": 1}],
            }
        )


def test_missing_component_keys_are_named(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match=r"bonus_cards\[0\]: missing field 'kind'"):
        cf.Rules.from_data({"bonus_cards": [{"name": "Rut", "count": 9}]})
    with pytest.raises(RulesError, match="BonusCard: missing field 'count'"):
        cf.BonusCard("Rut", "rut")  # type: ignore[call-arg]
    path = tmp_path / "herd.toml"
    path.write_text('players = 1\nmode = "mad-cow"\n[[mad_cow_cards]]\nname = "Moo"\n', "utf-8")
    with pytest.raises(RulesError, match=r"herd.toml: mad_cow_cards\[0\]: missing field 'numbers'"):
        cf.Rules.from_toml(path)


def test_a_toml_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('[[bonus_cards]]\nname = "Clôture"\n'.encode("latin-1"))
    with pytest.raises(RulesError, match="not UTF-8 text"):
        cf.Rules.from_toml(path)


def test_card_titles_that_would_not_read_back() -> None:
    with pytest.raises(
        RulesError, match=r"BonusCard\.name: expected a card title, got 'play on me'"
    ):
        cf.BonusCard("play on me", "rut", 2)
    with pytest.raises(RulesError, match=r"MadCowCard\.name: expected a card title, got 'Moo 3'"):
        cf.MadCowCard("Moo 3", (1,))
    long = "x" * 100_000
    with pytest.raises(RulesError) as caught:
        cf.Rules(bonus_cards=(cf.BonusCard(long, "ufo", 9),))
    assert len(str(caught.value)) < 200


# -- move texts ---------------------------------------------------------------------


@pytest.mark.parametrize("text", [None, b"move E", 3, ["move E"], "move E" * 20_000])
def test_parse_move_refuses_what_is_no_text(text: Any) -> None:
    s = cf.new_game(TWO)
    with pytest.raises(MoveSyntaxError) as caught:
        cf.parse_move(s, text)
    assert len(str(caught.value)) < 200


@settings(max_examples=100)
@given(st.text(max_size=40) | st.sampled_from(["play Rut on player 99999999999999999999"]))
def test_parse_move_takes_any_text(text: str) -> None:
    s = cf.scenario(TWO, fields={0: ["0,-2"], 1: ["0,2"]}, tractors={0: "0,-2 E", 1: "0,2 W"})
    try:
        move = cf.parse_move(s, text)
    except MoveSyntaxError:
        return
    assert cf.parse_move(s, str(move)) == move


@pytest.mark.parametrize(
    ("read", "name"),
    [
        (cf.plot, None),
        (cf.plot, (True, 0)),
        (cf.plot, (10**100, 0)),
        (cf.plot, "1" * 5000 + ",0"),
        (cf.plot, "9,9"),
        (cf.crossroad, ["0,0 E"]),
        (cf.crossroad, "0,0 N"),
        (cf.path, 5),
        (cf.path, "0,0 E"),
    ],
)
def test_board_names_refuse_what_names_nothing(read: Any, name: Any) -> None:
    with pytest.raises(MoveSyntaxError) as caught:
        read(name)
    assert len(str(caught.value)) < 120


# -- hand-built moves and non-moves ---------------------------------------------------


def _turn() -> cf.State:
    return cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["0,2"]},
        tractors={0: "0,-2 E", 1: "0,2 W"},
        hands={0: ["Bribe", "Dynamite", "Nitro +1", "Rut"]},
        bales=["0,0 N"],
    )


BAD_MOVES = [
    (cf.Drive("E"), "Drive.heading: expected a heading 0 to 5, got 'E'"),  # type: ignore[arg-type]
    (cf.Drive(7), "Drive.heading: expected a heading 0 to 5, got 7"),
    (cf.Drive(-1), "Drive.heading: expected a heading 0 to 5, got -1"),
    (cf.Drive(True), "Drive.heading: expected a heading 0 to 5, got True"),
    (cf.Play("Rut", "1"), "Play.target: expected an int, got '1'"),  # type: ignore[arg-type]
    (cf.Play("Rut", 1), "Play.aim: the text of target 1 is 'player 1', not ''"),
    (cf.Play("Rut", 1, "player 7"), "Play.aim: the text of target 1 is 'player 1'"),
    (cf.Play("Nitro +1", 5), r"Play.target: Nitro \+1 is played on nothing"),
    (cf.Play("Dynamite", 10**6, "0,0 N"), "Play.target: Dynamite is played on a path"),
    (cf.Play("Bribe", -5, "0,0"), "Play.target: Bribe is played on a plot, and -5 is none"),
    (cf.Play("Orchard"), "Play.card: 'Orchard' is not a bonus card of this game"),
    (cf.Play(["Rut"]), r"Play.card: \['Rut'\] is not a bonus card"),  # type: ignore[arg-type]
    (cf.Play("x" * 100_000), "Play.card: 'xxxx"),
    (cf.Discard(3), "Discard.card: 3 is not a bonus card"),  # type: ignore[arg-type]
    (cf.Keep(None), "Keep.card: None is not a bonus card"),  # type: ignore[arg-type]
    (cf.PlaceBale("0,0 N"), "PlaceBale.path: expected an int from 0 to 131, got '0,0 N'"),  # type: ignore[arg-type]
    (cf.TakeBale(None), "TakeBale.path: expected an int from 0 to 131, got None"),  # type: ignore[arg-type]
    (cf.Land(10**9), "Land.crossroad: expected an int from 0 to 95, got 1000000000"),
    (cf.StartAt(-1), "StartAt.crossroad: expected an int from 0 to 95, got -1"),
    (cf.ChoosePlot(1.5), "ChoosePlot.plot: expected an int from 0 to 36, got 1.5"),  # type: ignore[arg-type]
    (cf.Draw([]), r"Draw.card: \[\] is not a bonus card"),  # type: ignore[arg-type]
    (cf.CowCard(5), "CowCard.card: 5 is not a Mad Cow card"),  # type: ignore[arg-type]
    (cf.Face(9), "Face.direction: expected an int from 0 to 5, got 9"),
    (cf.Aim(True), "Aim.seat: expected an int from 0 to 1, got True"),
    (cf.Fly(-1), "Fly.plot: expected an int from 0 to 36, got -1"),
    (cf.Surrender("0,0"), "Surrender.plot: expected an int from 0 to 36, got '0,0'"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("move", "message"), BAD_MOVES, ids=[m for _, m in BAD_MOVES])
def test_hand_built_moves_with_bad_fields_are_illegal(move: Any, message: str) -> None:
    s = _turn()
    with pytest.raises(IllegalMoveError, match=message) as caught:
        cf.apply_move(s, move)
    assert len(str(caught.value)) < 200


def test_a_bool_heading_is_refused_where_its_int_is_legal() -> None:
    s = _turn()
    assert cf.Drive(0) in cf.legal_moves(s)  # 'move E' equals Drive(False) ...
    with pytest.raises(IllegalMoveError, match=r"Drive\.heading"):
        cf.apply_move(s, cf.Drive(False))  # ... but only an int is a heading


def test_bad_fields_in_each_phase() -> None:
    # Draws and the Mad Cow's cards, checked by what may be drawn, and the
    # Mad Cow's choices, checked for their fields first.
    deal = cf.new_game(TWO)
    for move, message in [
        (cf.Draw(3), "Draw.card: 3 is not a bonus card"),  # type: ignore[arg-type]
        (cf.Draw("x" * 100_000), "Draw.card: 'xxx"),
    ]:
        with pytest.raises(IllegalMoveError, match=message):
            cf.apply_move(deal, move)
    face = cf.new_game(SOLO)
    with pytest.raises(IllegalMoveError, match=r"Face\.direction: expected an int from 0 to 5"):
        cf.apply_move(face, cf.Face(-1))
    with pytest.raises(IllegalMoveError, match=r"Face\.direction"):
        cf.apply_move(face, cf.Face(True))
    cow = play(face, "the Cow faces N")
    assert cow.phase is cf.Phase.COW
    for bad in (cf.CowCard(5), cf.CowCard("Turn Left 99"), cf.CowCard(["Repeat 1"])):
        with pytest.raises(IllegalMoveError, match=r"CowCard\.card"):
            cf.apply_move(cow, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("junk", ["move E", "end turn", None, 3, b"move E", ("move", "E")])
def test_a_non_move_is_illegal_and_says_what_apply_move_takes(junk: Any) -> None:
    s = _turn()
    with pytest.raises(IllegalMoveError, match="apply_move takes a move object") as caught:
        cf.apply_move(s, junk)
    if isinstance(junk, str):
        assert f"parse_move(state, {junk!r})" in str(caught.value)


def test_a_huge_text_given_to_apply_move_is_not_echoed() -> None:
    with pytest.raises(IllegalMoveError, match="parse_move") as caught:
        cf.apply_move(_turn(), "move E" * 20_000)
    assert len(str(caught.value)) < 200


# -- the hay bale that is refused names the one rule ----------------------------------


def _bales(box: int) -> cf.State:
    rules = cf.Rules(players=2, hay_bales=box)
    s = cf.scenario(
        rules,
        fields={0: ["0,-2"], 1: ["0,2"]},
        fences={1: FENCE_1},
        hands={0: ["Hay Bale"]},
        tractors={0: "0,-2 E"},
        bales=["0,0 N", "0,0 NE"],
    )
    return play(s, "play Hay Bale")


@pytest.mark.parametrize(
    ("path", "rule"),
    [
        ("0,-3 N", r"'You cannot place a Hay Bale \[\.\.\.\] on the edge of the board'$"),
        (
            "0,0 N",
            r"'You cannot place a Hay Bale \[\.\.\.\] with another Hay Bale': one lies there already$",
        ),
        ("0,1 N", "'You cannot place a Hay Bale on a fence in progress': player 1's runs there$"),
        (
            "0,-1 SE",
            "'It is forbidden to lock in an opponent': it would cut the crossroads in two$",
        ),
    ],
)
def test_a_refused_hay_bale_names_the_one_rule(path: str, rule: str) -> None:
    s = _bales(8)
    with pytest.raises(IllegalMoveError, match=f"^place hay bale {path}: {rule}"):
        cf.apply_move(s, cf.parse_move(s, f"place hay bale {path}"))


def test_with_the_box_empty_a_bale_is_taken_first() -> None:
    s = _bales(2)
    assert s.hay_bales_left == 0
    assert all(t.startswith("take hay bale") for t in texts(s))
    first = "no hay bale is left in the box: take one from the board first \\('take hay bale "
    with pytest.raises(IllegalMoveError, match=first):
        cf.apply_move(s, cf.parse_move(s, "place hay bale 1,0 N"))
    with pytest.raises(IllegalMoveError, match="no hay bale lies on 1,0 N"):
        cf.apply_move(s, cf.parse_move(s, "take hay bale 1,0 N"))
    s = play(s, "take hay bale 0,0 N")
    with pytest.raises(IllegalMoveError, match="only when none is left in the box: place one"):
        cf.apply_move(s, cf.parse_move(s, "take hay bale 0,0 NE"))


# -- seats ------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 2, 7, None, True, "0", 0.0])
def test_a_seat_not_at_the_table_is_a_seat_error(seat: Any) -> None:
    s = _turn()
    import random

    for call in (
        lambda: cf.observe(s, seat),
        lambda: cf.resample(s, seat, random.Random(0)),
        lambda: cf.tiles_left(s, seat),
        lambda: cf.scenario(TWO, turn=seat),
        lambda: cf.scenario(TWO, hands={seat: ["Rut"]}),
        lambda: cf.scenario(TWO, eliminated=[seat]),
    ):
        with pytest.raises(SeatError):
            call()


def test_a_solo_game_has_one_seat() -> None:
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"})
    assert cf.observe(s, 0).player == 0
    with pytest.raises(SeatError, match="seat 1 is not at this solo game"):
        cf.observe(s, 1)


# -- positions that cannot happen -----------------------------------------------------


@pytest.mark.parametrize(
    ("position", "message"),
    [
        # A powered tractor that reached a crossroad of another fence cut it.
        (
            {"fences": {1: FENCE_1, 0: ["0,-2 SE", "1,-2 SW", "0,-1 SE", "1,-1 SW", "1,-1 SE"]}},
            "farmers\\[1\\].fence: the fences of players 0 and 1 cross",
        ),
        (
            {
                "fences": {1: FENCE_1},
                "tractors": {0: "0,0 SW"},
                "fields": {0: ["0,-2", "0,-1", "0,0"]},
            },
            "farmers\\[0\\].tractor: player 0's powered tractor stands on player 1's fence, which it would have cut",
        ),
        (
            {"fences": {1: FENCE_1}, "fields": {0: ["0,-2"]}, "tractors": {0: "0,-1 SW"}},
            None,  # powerless there: it drove on without cutting
        ),
        ({"fences": {0: ["0,-2 E"]}}, "farmers\\[0\\].fence: give at least 2 crossroads"),
        ({"bales": ["0,-3 N"]}, "bales\\[0\\]: 0,-3 N is on the edge of the board"),
        (
            {"bales": ["0,1 N"], "fences": {1: FENCE_1}},
            "bales: a hay bale lies on player 1's fence",
        ),
        (
            {"fences": {0: FENCE_1}},
            "farmers\\[0\\].fence\\[0\\]: player 0's fence must start on a crossroad of their field",
        ),
        (
            {"bales": ["0,0 N", "0,0 NE", "0,-1 SE"]},
            "bales: they cut the crossroads in two",
        ),
        (
            {"tractors": {0: "4,4 E"}},
            "farmers\\[0\\].tractor: \\(4, 4\\) is not a plot of the board",
        ),
        ({"fields": {0: "0,-2"}}, "farmers\\[0\\].plots: expected a list, got '0,-2'"),
        ({"fields": {0: ["0,-2", "0,2"]}}, "farmers\\[1\\].plots: 0,2 is another player's plot"),
        (
            {"hands": {0: ["Rut"] * 3}},
            "farmers\\[0\\].hand: 3 Rut cards in hands, in play and discarded, and the deck holds 2",
        ),
        (
            {"hands": {0: ["Helicopter"] * 6 + ["Rut"]}},
            "farmers\\[0\\].hand: 7 cards, and every turn ends with at most 6",
        ),
        (
            {"in_play": {0: ["Nitro +1"]}},
            "farmers\\[0\\].in_play: a Nitro \\+1 is discarded once played",
        ),
        ({"eliminated": [1]}, "farmers: with one player left the game is over"),
    ],
)
def test_scenario_refuses_positions_the_rules_cannot_make(
    position: dict[str, Any], message: str | None
) -> None:
    if message is None:
        cf.scenario(TWO, **position)
        return
    with pytest.raises(PositionError, match=message):
        cf.scenario(TWO, **position)


def test_scenario_refuses_a_fence_longer_than_the_pieces() -> None:
    short = cf.Rules(players=2, fences=3)
    with pytest.raises(
        PositionError, match=r"farmers\[1\].fence: 4 fence pieces, and a player has 3"
    ):
        cf.scenario(short, fences={1: FENCE_1})


def test_scenario_refuses_a_tractor_of_a_seat_with_no_plot() -> None:
    chosen = cf.Rules(players=2, start="choose")
    with pytest.raises(PositionError, match=r"farmers\[0\].tractor: player 0 has no plot"):
        cf.scenario(chosen, tractors={0: "0,-2 E"})


def test_scenario_refuses_impossible_mad_cow_positions() -> None:
    duo = cf.Rules(players=2, mode="mad-cow")
    with pytest.raises(PositionError, match=r"cow.plots: 0,-1 is the players' plot"):
        cf.scenario(duo, fields={0: ["0,-2", "0,-1"]}, cow_field=["0,-1"])
    with pytest.raises(
        PositionError, match=r"farmers\[1\].out: in the Mad Cow mode the players share"
    ):
        cf.scenario(duo, eliminated=[1])
    around = ["0,0 N", "0,0 NE", "0,0 SE", "0,0 S", "0,0 SW", "0,0 NW"]
    with pytest.raises(PositionError, match="bales: they lock the Cow in"):
        cf.scenario(SOLO, bales=around)
    cf.scenario(cf.Rules(players=1, mode="mad-cow", lock_in_cow=True), bales=around)


def test_a_powerless_tractor_can_end_up_on_a_protected_crossroad() -> None:
    # The "a tractor on a protected crossroad of an opponent's fence"
    # can happen: player 0's powerless tractor stands on player 1's fence, and
    # player 1 backs its fence up until the crossroad is among the two
    # protected behind its tractor. So scenario accepts it.
    s = cf.scenario(
        TWO, fields={0: ["0,-2"], 1: ["0,2"]}, fences={1: FENCE_1}, tractors={0: "-1,1 SE"}, turn=1
    )
    assert not s.farmers[0].powered
    s = play(s, "move SW", "move W", "move NW", "move SE", "end turn")
    a, b = s.farmers
    assert s.to_move == 0 and b.protected >> a.tractor & 1 and a.tractor in b.fence[-3:-1]
    again = cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["0,2"]},
        fences={1: [cf.crossroad_name(v) for v in b.fence]},
        tractors={0: cf.crossroad_name(a.tractor)},
    )
    assert again.farmers == s.farmers and cf.legal_moves(again) == cf.legal_moves(s)
    assert [w for _, _, w in STEPS[a.tractor]]  # and it may drive on from there
