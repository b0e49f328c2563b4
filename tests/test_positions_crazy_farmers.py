"""Positions of Crazy Farmers: data and text round trips, every validation, arrange, views.

The base position is the rulebook's "Annexing Plots and Bonus" example: player
0's fence runs from its field round the barn plot 1,-2 that player 1 holds,
and three moves close it; "Draw 1 or 2 Bonus cards for each plot annexed that
contains a Barn (2 if on an opponent's plot)". Each refusal breaks it (or a
Mad Cow position) one way.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acreage import CHANCE, SeatError
from acreage import crazy_farmers as cf
from acreage.core.position import PositionError, position_of_view
from acreage.testing import check_state, playouts, positions

TWO = cf.Rules(players=2)
SOLO = cf.Rules(players=1, mode="mad-cow")
DUO = cf.Rules(players=2, mode="mad-cow")

ANNEX = """
crazy-farmers position 1
   . . . .
  . 0 1 1 .
 . . . . . .
. . . . . . .
 . . . . . .
  . . . . .
   . . . .
phase: turn
player: 0
turn: 1
allowance: 3
farmer 0 fence: 1,-3 SW / 1,-3 SE / 2,-3 SW
farmer 0 tractor: 2,-3 SW
farmer 1 tractor: 2,-2 SE
farmer 1 hand: Rut
"""

ALL_RULES = [
    *(cf.Rules(players=n) for n in (2, 3, 4)),
    *(cf.Rules(players=n, mode="mad-cow") for n in (1, 2, 3, 4)),
    cf.Rules(players=3, start="choose", endgame_window=8),
    cf.Rules(players=2, endgame_card=False, hand_limit=2),
    cf.Rules(players=2, mode="mad-cow", start="choose", coop_backlash=False),
]
SLOW = settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def play(state: cf.State, *texts: str) -> cf.State:
    for text in texts:
        state = cf.apply_move(state, cf.parse_move(state, text))
    return state


def annex() -> dict[str, Any]:
    """The rulebook's position as data, its draw pile left out: every card that is
    nowhere else (so that a test may move a card without redealing the pile)."""
    data = cf.to_position(cf.parse_position(TWO, ANNEX))
    del data["deck"]
    return data


def test_the_rulebook_position_is_the_scenario_and_plays_as_the_rulebook_says() -> None:
    state = cf.parse_position(TWO, ANNEX)
    described = cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["1,-2", "2,-2"]},
        fences={0: ["1,-3 SW", "1,-3 SE", "2,-3 SW"]},
        tractors={1: "2,-2 SE"},
        hands={1: ["Rut"]},
    )
    # The text leaves out the repetition history the scenario's turn starts.
    assert state == cf.arrange(described, history=[])
    # Derived, not given: the main fields and the marks of the fence.
    assert state.farmers[0].main == 1 << cf.plot("0,-2")
    assert state.farmers[0].fence_length == 2 and len(state.deck) == 36 - 1
    after = play(state, "move SW", "move W", "move NW")
    assert (
        after.farmers[0].plots
        == after.farmers[0].main
        == (1 << cf.plot("0,-2")) | (1 << cf.plot("1,-2"))
    )
    assert after.farmers[1].plots == 1 << cf.plot("2,-2")  # the tile handed back
    assert after.to_move is CHANCE and after.phase is cf.Phase.DRAW and after.pending == 2


# -- round trips ---------------------------------------------------------------------------


def round_trips(state: cf.State) -> None:
    rules = state.rules
    data = json.loads(json.dumps(cf.to_position(state)))
    again = cf.from_position(rules, data)
    assert again == state
    assert cf.GAME.digest(again) == cf.GAME.digest(state)
    assert cf.parse_position(rules, cf.position_text(state)) == state


@SLOW
@given(playouts(cf.GAME, st.sampled_from(ALL_RULES), complete=False, max_moves=400))
def test_every_reachable_state_round_trips_as_data_and_as_text(playout: Any) -> None:
    for state in playout.states:
        round_trips(state)


@SLOW
@given(positions(cf.GAME, st.sampled_from(ALL_RULES)))
def test_built_positions_are_valid_and_round_trip(state: cf.State) -> None:
    check_state(cf.GAME, state)
    round_trips(state)
    assert cf.legal_moves(state) or cf.is_terminal(state)


@pytest.mark.parametrize("rules", ALL_RULES, ids=str)
def test_built_positions_for_every_mode(rules: cf.Rules) -> None:
    for seed in range(20):
        state = cf.build_position(rules, random.Random(seed).randrange)
        round_trips(state)
        assert (state.cow is not None) == rules.mad_cow


def test_build_position_with_only_zero_choices_is_the_simplest_position() -> None:
    state = cf.build_position(TWO, lambda n: 0)
    assert state == cf.scenario(TWO, tractors={0: "0,-3 NW", 1: "0,2 NW"}) or not any(
        f.fence or f.hand for f in state.farmers
    )
    assert [f.plots.bit_count() for f in state.farmers] == [1, 1]
    assert state.bales == 0 and state.player == 0


def an_opponent_has_two_fences_down(state: cf.State) -> bool:
    return state.phase is cf.Phase.TURN and any(
        f.fence_length >= 2 for seat, f in enumerate(state.farmers) if seat != state.player
    )


@SLOW
@given(positions(cf.GAME, TWO, where=an_opponent_has_two_fences_down))
def test_protection_the_crossroads_behind_a_tractor_are_an_obstacle(state: cf.State) -> None:
    # "the 2 fences behind your tractor are protected [...] opponents cannot cut
    # or go through the 3 crossroads around them."
    protected = 0
    for seat, f in enumerate(state.farmers):
        if seat != state.player and f.fence_length >= 2:
            for v in f.fence[-3:]:
                protected |= 1 << v
    for move in cf.legal_moves(state):
        if isinstance(move, cf.Drive):
            after = cf.apply_move(state, move)
            assert not protected >> after.farmers[state.player].tractor & 1


# -- refusals -------------------------------------------------------------------------------


def changed(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """``data`` with the value at the dotted ``path`` replaced (list indexes as numbers)."""
    out = copy.deepcopy(data)
    target: Any = out
    *parents, key = path.split(".")
    for step in parents:
        target = target[int(step)] if isinstance(target, list) else target[step]
    if isinstance(target, list):
        target[int(key)] = value
    else:
        target[key] = value
    return out


FENCE_1 = ["0,1 NW", "0,1 W", "-1,1 SE", "-1,1 E"]

INVALID: list[tuple[str, Any, str]] = [
    # more pieces, cards or tokens than the components hold
    (
        "farmers.1.hand",
        ["Rut", "Rut", "Rut"],
        r"farmers\[1\].hand: 3 Rut cards in hands, in play and discarded, and the deck holds 2",
    ),
    (
        "bales",
        ["0,0 N", "1,0 N", "2,0 N", "-1,0 N", "-2,1 N", "0,1 N", "1,1 N", "2,1 N", "-1,1 N"],
        r"bales: 9 hay bales, and the box holds 8",
    ),
    ("deck", [["Rut"]], r"deck: 3 of the deck's 3 2 Hay Bales cards are nowhere"),
    # geometry
    ("farmers.1.plots", ["0,-2", "2,-2"], r"farmers\[1\].plots: 0,-2 is another player's plot"),
    ("farmers.1.plots", ["9,9"], r"farmers\[1\].plots\[0\]: \(9, 9\) is not a plot of the board"),
    (
        "farmers.0.fence",
        ["1,-3 SW", "2,-3 SW"],
        r"farmers\[0\].fence\[1\]: 1,-3 SW and 2,-3 SW are not joined by a path",
    ),
    (
        "farmers.0.fence",
        ["1,-3 SE", "2,-3 SW"],
        r"farmers\[0\].fence\[0\]: player 0's fence must start on a crossroad of their field",
    ),
    ("farmers.0.fence", ["1,-3 SW"], r"farmers\[0\].fence: give at least 2 crossroads"),
    (
        "farmers.0.tractor",
        "1,-3 SE",
        r"farmers\[0\].tractor: player 0's fence ends at their tractor",
    ),
    ("bales", ["0,-3 N"], r"bales\[0\]: 0,-3 N is on the edge of the board"),
    ("bales", ["1,-3 S"], r"bales: a hay bale lies on player 0's fence"),
    # tractors
    (
        "farmers.1.tractor",
        "2,-3 SW",
        r"farmers\[1\].tractor: two tractors stand on 2,-3 SW",
    ),
    # seats and turns
    ("player", 2, r"player: seat 2 is not at this 2-player table"),
    ("player", -1, r"player: seat -1 is not at this 2-player table"),
    ("phase", "face", r"phase: the face phase is the Mad Cow mode's"),
    ("phase", "turns", r"phase: 'turns' is not a phase \(did you mean 'turn'\?\)"),
    ("ended", "tiles", r"ended: the game ended \(tiles\), so its phase is over"),
    ("phase", "start", r"phase: player 0's tractor is on the board already"),
    ("pending", 2, r"pending: nothing is pending in the turn phase"),
    ("moves_made", 4, r"moves_made: 4 moves made, and the turn allows 3"),
    # cards
    (
        "farmers.0.in_play",
        ["Nitro +1"],
        r"farmers\[0\].in_play: a Nitro \+1 is discarded once played",
    ),
    ("farmers.0.hand", ["Joker"], r"farmers\[0\].hand\[0\]: 'Joker' is not a bonus card"),
    (
        "farmers.1.hand",
        ["Helicopter"] * 6 + ["Rut"],
        r"farmers\[1\].hand: 7 cards, and every turn ends with at most 6 in hand",
    ),
    ("cow", {}, r"cow: the competitive game has no Cow"),
    # derived parts
    ("to_move", 0, r"to_move: derived, not given"),
    ("endgame", 4, r"endgame: derived, not given"),
    ("farmers.0.main", ["0,-2"], r"farmers\[0\].main: derived, not given"),
    ("farmers.0.fence_paths", 3, r"farmers\[0\].fence_paths: derived, not given"),
]


@pytest.mark.parametrize(("path", "value", "message"), INVALID, ids=[i[2][:50] for i in INVALID])
def test_a_position_that_cannot_exist_is_refused_naming_what_is_wrong(
    path: str, value: Any, message: str
) -> None:
    with pytest.raises(PositionError, match=message):
        cf.from_position(TWO, changed(annex(), path, value))


def test_a_fence_longer_than_the_pieces_is_refused() -> None:
    short = cf.Rules(players=2, fences=3)
    fence = ["0,-2 SE", "1,-2 SW", "1,-2 SE", "2,-2 SW", "2,-2 SE"]
    data = changed(annex(), "farmers.1.plots", ["0,2"])
    data = changed(data, "farmers.1.tractor", "0,2 SE")
    data = changed(data, "farmers.0.fence", fence)
    data = changed(data, "farmers.0.tractor", fence[-1])
    cf.from_position(TWO, data)
    with pytest.raises(
        PositionError, match=r"farmers\[0\].fence: 4 fence pieces, and a player has 3"
    ):
        cf.from_position(short, data)


def test_a_powered_tractor_on_an_opponents_fence_would_have_cut_it() -> None:
    # On the fence's first crossroad, not one of the protected ones behind the tractor.
    data = changed(annex(), "farmers.1.tractor", "1,-3 SW")
    with pytest.raises(
        PositionError,
        match=r"farmers\[1\].tractor: player 1's powered tractor stands on player 0's fence",
    ):
        cf.from_position(TWO, data)


def test_a_player_with_no_plot_left_is_out() -> None:
    data = changed(annex(), "farmers.1.plots", [])
    data = changed(data, "farmers.1.tractor", None)
    with pytest.raises(PositionError, match=r"farmers\[1\].plots: player 1 has no plot"):
        cf.from_position(TWO, data)
    out = changed(data, "farmers.1", {"out": True})
    with pytest.raises(PositionError, match="farmers: with one player left the game is over"):
        cf.from_position(TWO, out)
    over = cf.from_position(TWO, {**out, "phase": "over", "ended": "elimination"})
    assert over.farmers[1].out and cf.is_terminal(over)


def test_an_eliminated_player_has_nothing_left_on_the_board() -> None:
    three = cf.Rules(players=3)
    state = cf.scenario(three, eliminated=[2], tractors={0: "0,-2 E"})
    data = cf.to_position(state)
    with pytest.raises(PositionError, match=r"farmers\[2\].hand: player 2 is eliminated"):
        cf.from_position(three, changed(data, "farmers.2.hand", ["Rut"]))
    with pytest.raises(PositionError, match="player: player 2 is eliminated and cannot play"):
        cf.from_position(three, changed(data, "player", 2))


def test_a_pile_of_plot_tiles_that_ran_out_ended_the_game() -> None:
    few = cf.Rules(players=2, plot_tiles=3)
    data = changed(annex(), "farmers.0.plots", ["0,-2", "-1,-2"])
    with pytest.raises(PositionError, match="4 plots, and the common pile of 3 tiles ran out"):
        cf.from_position(few, data)


def test_bales_that_lock_a_tractor_in_are_refused() -> None:
    data = changed(annex(), "bales", ["0,0 N", "0,0 NE", "0,-1 SE"])
    with pytest.raises(PositionError, match="bales: they cut the crossroads in two"):
        cf.from_position(TWO, data)


def test_the_fences_of_two_players_cannot_cross() -> None:
    # Player 1's fence leaves its field at 1,-3 SE, a crossroad of player 0's fence.
    data = changed(annex(), "farmers.1.fence", ["1,-3 SE", "1,-3 E"])
    data = changed(data, "farmers.1.tractor", "1,-3 E")
    with pytest.raises(
        PositionError, match=r"farmers\[1\].fence: the fences of players 0 and 1 cross"
    ):
        cf.from_position(TWO, data)


def test_a_powerless_tractor_may_stand_on_an_opponents_fence() -> None:
    # Off its field and without a fence, it drove on without cutting.
    data = changed(annex(), "farmers.1.tractor", "1,-3 SW")
    data = changed(data, "farmers.1.plots", ["0,2"])
    state = cf.from_position(TWO, data)
    assert not state.farmers[1].powered


def test_the_cards_set_aside_at_setup_are_the_bottom_of_the_pile() -> None:
    state = play(
        cf.new_game(TWO),
        "draw Rut",
        "draw Bribe",
        "draw Helicopter",
        "keep Rut",
        "draw Watchdog",
        "draw Bribe",
        "draw Dynamite",
        "keep Watchdog",
    )
    round_trips(state)
    data = cf.to_position(state)
    assert data["deck"][1] == ["Bribe", "Bribe", "Dynamite", "Helicopter"]
    swapped = changed(data, "deck", [data["deck"][0], ["Bribe", "Bribe", "Dynamite", "Nitro +1"]])
    with pytest.raises(PositionError, match=r"deck: .*(Helicopter|Nitro)"):
        cf.from_position(TWO, swapped)


def test_setup_positions_are_checked() -> None:
    dealing = play(cf.new_game(TWO), "draw Rut")
    round_trips(dealing)
    data = cf.to_position(dealing)
    del data["deck"]  # every card that is nowhere else
    with pytest.raises(PositionError, match=r"farmers\[1\].hand: at setup"):
        cf.from_position(TWO, changed(data, "farmers.1.hand", ["Bribe"]))
    with pytest.raises(PositionError, match="phase keep"):
        cf.from_position(TWO, changed(data, "phase", "keep"))


# -- the Mad Cow ---------------------------------------------------------------------------


def solo() -> dict[str, Any]:
    """A solo Mad Cow position as data, its draw pile left out (every card nowhere else)."""
    state = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, facing="SE", cow_field=["1,0"])
    data = cf.to_position(state)
    del data["deck"]
    return data


COW_INVALID: list[tuple[str, Any, str]] = [
    (
        "cow.plot",
        "3,-3",
        r"cow.plot: the Cow stands on its own field, and 3,-3 is not in cow.plots",
    ),
    ("cow.plot", "5,5", r"cow.plot: \(5, 5\) is not a plot of the board"),
    ("cow.facing", None, r"cow.facing: the Cow faces a neighbour from setup on"),
    ("cow.facing", "E", r"cow.facing: 'E' is not a side N NE SE S SW NW"),
    ("cow.plots", ["0,0", "0,-2"], r"cow.plots: 0,-2 is the players' plot"),
    (
        "cow.plots",
        ["0,0", "1,0", "2,0", "3,0", "-1,0", "-2,0", "-3,0", "0,1", "0,2", "0,3", "1,1", "1,2"],
        r"cow.plots: the Cow wins as soon as it has 12 plots",
    ),
    ("cow.blasted", ["1,-3"], r"cow.blasted: 1,-3 holds no barn"),
    ("cow.deck", [], r"cow.deck: derived, not given"),
    ("cow.pile", ["Repeat 1"], r"cow.pile: the Cow's pile is played in its turn"),
    ("cow.discard", ["Moo 3"], r"cow.discard\[0\]: 'Moo 3' is not a Mad Cow card"),
    ("cow.card", "Rut", r"cow.card: a bonus card is checked"),
    ("cow.ruts", [1], r"cow.ruts\[0\]: seat 1 is not at this solo game"),
    ("cow.turns", 1, r"cow.turns: expected 0 to 0, got 1"),
    ("farmers.0.set_aside", ["Rut", "Bribe"], r"farmers\[0\].set_aside: nothing is set aside"),
    ("phase", "face", r"cow.facing: the Cow is turned to face a neighbour at setup"),
    ("player", 1, r"player: seat 1 is not at this solo game"),
]


@pytest.mark.parametrize(
    ("path", "value", "message"), COW_INVALID, ids=[i[2][:50] for i in COW_INVALID]
)
def test_a_mad_cow_position_that_cannot_exist_is_refused(
    path: str, value: Any, message: str
) -> None:
    with pytest.raises(PositionError, match=message):
        cf.from_position(SOLO, changed(solo(), path, value))


def test_a_choice_nobody_can_make_is_refused() -> None:
    # A Backlash Bribe: "Lose any one of your plots adjacent to the Cow", and none is.
    data = changed(changed(solo(), "phase", "surrender"), "cow.card", "Bribe")
    with pytest.raises(PositionError, match="phase: nothing can be done in the surrender phase"):
        cf.from_position(SOLO, data)


def test_a_helicopter_lands_only_a_tractor_without_fence() -> None:
    with pytest.raises(PositionError, match="'Helicopter can only be used if you have no fences'"):
        cf.from_position(TWO, changed(annex(), "phase", "helicopter"))
    data = changed(changed(annex(), "farmers.0.fence", []), "farmers.0.tractor", "0,-2 E")
    assert cf.legal_moves(cf.from_position(TWO, changed(data, "phase", "helicopter")))


def test_the_mad_cow_discard_cannot_hold_more_than_its_deck() -> None:
    card = SOLO.cow_cards[0]
    with pytest.raises(PositionError, match=f"cow.discard: more {card} cards than"):
        cf.from_position(SOLO, changed(solo(), "cow.discard", [card] * 5))


def test_partners_share_one_field() -> None:
    data = cf.to_position(cf.scenario(DUO, tractors={0: "0,-2 NW"}))
    with pytest.raises(
        PositionError, match=r"farmers\[1\].plots: in the Mad Cow mode the players share"
    ):
        cf.from_position(DUO, changed(data, "farmers.1.plots", ["0,-2", "0,-1"]))
    with pytest.raises(PositionError, match="cow: missing: the Mad Cow mode has a Cow"):
        cf.from_position(DUO, {k: v for k, v in data.items() if k != "cow"})


def test_the_mad_cow_text_marks_the_cow_and_the_fields() -> None:
    state = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, facing="SE", cow_field=["1,0"])
    text = cf.position_text(state)
    board = text.splitlines()[1:8]
    start = SOLO.start_plots[0]
    assert board[start[1] + 3].split()[start[0] + min(3, 3 + start[1])] == "p"
    assert board[3] == ". . . C c . ." and "cow facing: SE" in text
    assert cf.parse_position(SOLO, text) == state
    with pytest.raises(PositionError, match=r"the board shows the Cow .* on 2 plots"):
        cf.parse_position(SOLO, text.replace("C c", "C C"))


# -- anything at all ------------------------------------------------------------------------


def test_garbage_is_refused_with_a_position_error() -> None:
    for data in (None, [], "turn", 3, {"phase": None}, {"phase": ["x"]}, {1: 2}):
        with pytest.raises(PositionError):
            cf.from_position(TWO, data)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match=r"rules: expected crazy_farmers\.Rules"):
        cf.from_position(None, annex())  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="unknown key 'farmer' \\(did you mean 'farmers'"):
        cf.from_position(TWO, {**annex(), "farmer": []})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 120) | st.sampled_from(["0,-2", "1,-3 SW", "Rut"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
PATHS = [
    "phase",
    "player",
    "turn_number",
    "allowance",
    "pending",
    "flown",
    "history",
    "deck",
    "discard",
    "bales",
    "farmers",
    "farmers.0",
    "farmers.0.plots",
    "farmers.0.fence",
    "farmers.1.tractor",
    "farmers.1.hand",
    "farmers.1.in_play",
    "farmers.1.set_aside",
    "farmers.1.out",
    "ended",
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PATHS), JSON)
def test_any_value_anywhere_is_read_or_refused_with_a_position_error(path: str, value: Any) -> None:
    try:
        state = cf.from_position(TWO, changed(annex(), path, value))
    except PositionError:
        return
    check_state(cf.GAME, state)


COW_PATHS = [f"cow.{key}" for key in ("plot", "facing", "plots", "discard", "pile", "draws",
             "active", "played", "rests", "ruts", "guard", "blasted", "card", "target", "aim",
             "first_bale")]  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(COW_PATHS), JSON)
def test_any_value_in_the_cow_is_read_or_refused_with_a_position_error(
    path: str, value: Any
) -> None:
    try:
        state = cf.from_position(SOLO, changed(solo(), path, value))
    except PositionError:
        return
    check_state(cf.GAME, state)


# -- text ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("position 1", "position 2"), "line 2, column 24: position format '2'"),
        (lambda t: t.replace("crazy-farmers position 1", "chess 1"), "line 2, column 1: expected the header"),
        (lambda t: t.replace("  . 0 1 1 .", "  . 0 1 1"), "line 4, column 10: this row of the board has 5 plots, not 4"),
        (lambda t: t.replace("  . 0 1 1 .", "  . 0 1 1 . ."), "line 4, column 13: this row of the board has 5 plots, not 6"),
        (lambda t: t.replace("  . 0 1 1 .", "  . 0 7 1 ."), "line 4, column 7: '7' is no plot mark here"),
        (lambda t: t.replace("allowance: 3", "allowance: x"), "line 13, column 12: expected a number, got 'x'"),
        (lambda t: t.replace("allowance: 3", "allowance: 3 / 4"), "line 13, column 16: expected one value, got 2"),
        (lambda t: t.replace("allowance: 3", "alowance: 3"), "line 13, column 1: unknown field 'alowance' \\(did you mean 'allowance'"),
        (lambda t: t.replace("allowance: 3", "allowance 3"), "line 13, column 1: expected a field"),
        (lambda t: t.replace("allowance: 3", "allowance: 3\nallowance: 4"), "line 14, column 1: allowance is given twice"),
        (lambda t: t.replace("farmer 1 hand", "farmer 5 hand"), "line 17, column 8: seat 5 is not at this 2-player table"),
        (lambda t: t.replace("farmer 1 hand", "farmer 1 hands"), "line 17, column 1: unknown farmer field 'hands'"),
        (lambda t: t.replace("hand: Rut", "hand: Rut x3"), r"line 17, column 16: farmers\[1\].hand: 3 Rut cards in hands"),
        (lambda t: t.replace("hand: Rut", "hand: Rutt"), r"line 17, column 16: farmers\[1\].hand\[0\]: 'Rutt' is not a bonus card"),
        (lambda t: t.replace("player: 0", "player: 3"), r"line 11, column 9: player: seat 3 is not at this 2-player table"),
        (lambda t: t.replace(" / 2,-3 SW", " / 3,-3 SW"), r"line 14, column 37: farmers\[0\].fence\[2\]: 1,-3 SE and 3,-3 SW are not joined"),
        (lambda t: "\n".join(t.splitlines()[:5]), "line 5, column 1: expected 7 board rows, found 3"),
        (lambda t: t.replace("farmer 0 tractor", "cow facing"), "line 15, column 1: the competitive game has no Cow"),
        (lambda t: t.replace("hand: Rut", 'hand: "Rut'), "line 17, column 16: expected a name"),
        (lambda t: t.replace("allowance: 3", ": 3"), "line 13, column 1: expected a field name before ':'"),
        (lambda t: "", "an empty text"),
    ],
)  # fmt: skip
def test_malformed_text_names_its_line_and_column(edit: Callable[[str], str], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        cf.parse_position(TWO, edit(ANNEX))


def test_text_that_is_not_text_is_refused() -> None:
    for text in (None, b"crazy-farmers position 1", "x" * 200_000):
        with pytest.raises(PositionError):
            cf.parse_position(TWO, text)  # type: ignore[arg-type]


def test_text_names_with_separators_are_quoted() -> None:
    odd = cf.BonusCard(name="Hay / Straw x2", kind="hay-bale", count=2)
    rules = cf.Rules(players=2, bonus_cards=(*TWO.bonus_cards, odd))
    state = cf.scenario(
        rules, hands={0: ["Hay / Straw x2", "Hay / Straw x2"]}, tractors={0: "0,-2 E"}
    )
    text = cf.position_text(state)
    assert 'farmer 0 hand: "Hay / Straw x2" x2' in text
    assert cf.parse_position(rules, text) == state


def test_comments_and_blank_lines_are_ignored() -> None:
    text = "# the rulebook's annex example\n\n" + ANNEX.replace(
        "phase: turn", "phase: turn\n# whose turn"
    )
    assert cf.parse_position(TWO, text) == cf.parse_position(TWO, ANNEX)


# -- arrange, scenario, views -----------------------------------------------------------------


def test_arrange_changes_fields_and_recomputes_what_is_derived() -> None:
    state = cf.parse_position(TWO, ANNEX)
    farmers = annex()["farmers"]
    farmers[0] = {**farmers[0], "fence": [], "tractor": "0,-2 E"}
    moved = cf.arrange(state, farmers=farmers, bales=["0,-1 N"])
    assert moved.farmers[0].fence_paths == 0 and moved.farmers[0].powered
    assert moved.bales == 1 << cf.path("0,-1 N")
    assert moved.player == 0 and moved.phase is cf.Phase.TURN  # the rest carries over
    cards = cf.arrange(state, discard=["Rut"], farmers=[farmers[0], {**farmers[1], "hand": []}])
    assert len(cards.deck) == len(state.deck)  # the Rut went from the hand to the discard


def test_arrange_refuses_what_cannot_exist() -> None:
    state = cf.parse_position(TWO, ANNEX)
    with pytest.raises(PositionError, match="player: seat 5 is not at this 2-player table"):
        cf.arrange(state, player=5)
    with pytest.raises(PositionError, match="unknown key 'bale' \\(did you mean 'bales'"):
        cf.arrange(state, bale=["0,0 N"])
    with pytest.raises(PositionError, match="to_move: derived"):
        cf.arrange(state, to_move=1)


def test_scenario_checks_its_seats() -> None:
    with pytest.raises(SeatError):
        cf.scenario(TWO, turn=2)
    with pytest.raises(SeatError):
        cf.scenario(TWO, hands={3: ["Rut"]})


@pytest.mark.parametrize(
    "rules", [TWO, cf.Rules(players=4), DUO, cf.Rules(players=3, mode="mad-cow")], ids=str
)
def test_a_view_becomes_a_state_the_seat_cannot_tell_apart(rules: cf.Rules) -> None:
    rng = random.Random(5)
    state = cf.new_game(rules)
    for step in range(120):
        for seat in range(rules.players):
            view = cf.observe(state, seat)
            made = cf.from_view(view, random.Random(step))
            assert cf.observe(made, seat) == view
            round_trips(made)
            data = position_of_view(cf.GAME, view, random.Random(step))
            assert cf.from_position(rules, data) == made
        if cf.is_terminal(state):
            break
        if state.to_move is CHANCE:
            outcomes = cf.chance_outcomes(state)
            move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            move = rng.choice(cf.legal_moves(state))
        state = cf.apply_move(state, move)


def test_from_view_deals_the_hidden_cards_afresh() -> None:
    state = cf.scenario(TWO, hands={0: ["Rut"], 1: ["Bribe", "Watchdog"]}, tractors={0: "0,-2 E"})
    hands = {
        cf.from_view(cf.observe(state, 0), random.Random(i)).farmers[1].hand for i in range(20)
    }
    assert len(hands) > 1 and all(len(h) == 2 for h in hands)
    with pytest.raises(PositionError, match=r"expected a crazy_farmers\.View"):
        cf.from_view(state, random.Random(1))  # type: ignore[arg-type]
