"""Bad input gets a typed error that says what is wrong (issue 12's examples, each pinned).

Rules however they are made (constructor, evolve, from_data, from_toml),
component data, move texts, hand-made move objects and seats.
"""

from __future__ import annotations

import copy
import pickle
import random
import time
from pathlib import Path

import attrs
import pytest
from get_off_my_land_helpers import play, scene, started

from acreage import IllegalMoveError, MoveSyntaxError, RulesError, SeatError
from acreage.get_off_my_land import (
    GAME,
    Board,
    DealFarmhouse,
    Defend,
    FarmhouseTile,
    Fence,
    FenceCard,
    MarketCard,
    Rules,
    apply_move,
    chance_outcomes,
    fence_layout,
    legal_moves,
    new_game,
    observe,
    parse_move,
    resample,
)
from acreage.get_off_my_land.scoring import farmhouse_bonus
from acreage.get_off_my_land.state import Defend as DefendTask

# -- Rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        # The default board depends on the player count, so a fresh Rules names the
        # range as well; evolve (which keeps the board) reaches the type check first.
        ({"players": 2.0}, r"players: expected an integer( from 2 to 4)?, got 2\.0$"),
        ({"players": "2"}, r"players: expected an integer( from 2 to 4)?, got '2'$"),
        ({"players": True}, r"players: expected an integer( from 2 to 4)?, got True$"),
        ({"players": 5}, r"players: expected (an integer from )?2 to 4, got 5$"),
        ({"players": 2, "months": -1}, r"months: expected a list, got -1$"),
        ({"lumber_cards": 10**9}, r"lumber_cards: expected 0 to 10, got 1000000000$"),
        ({"starting_cards": 10**9}, r"starting_cards: expected 0 to 12, got 1000000000$"),
        ({"hand_limit": 1.5}, r"hand_limit: expected an integer, got 1\.5$"),
        ({"fences_per_player": True}, r"fences_per_player: expected an integer, got True$"),
        ({"market_costs": (2, 2, 4)}, r"market_costs: each slot needs its own cost"),
        ({"market_costs": (2, -3)}, r"market_costs: expected 0 to 1000, got -3$"),
        ({"oil_strike": ()}, r"oil_strike: expected amounts"),
        ({"secret_farmhouses": "no"}, r"secret_farmhouses: expected true or false, got 'no'$"),
    ],
)
def test_bad_rules_fields_are_refused_by_every_constructor(fields, message) -> None:
    with pytest.raises(RulesError, match="^" + message):
        Rules(**fields)
    with pytest.raises(RulesError, match="^" + message):
        attrs.evolve(Rules(), **fields)
    data = {k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()}
    with pytest.raises(RulesError, match="^" + message):
        Rules.from_data(data)


def test_huge_counts_are_refused_quickly_naming_the_bound() -> None:
    start = time.perf_counter()
    with pytest.raises(RulesError, match=r"^FenceCard.count: expected 1 to 20, got 1000000000"):
        FenceCard("Midnight Raid!", 1, 1, 2, 10**9)
    reference = Rules().market_cards
    with pytest.raises(RulesError, match=r"^MarketCard.count: expected 1 to 20, got 1000000000"):
        attrs.evolve(reference[0], count=10**9)
    cards = [attrs.asdict(card) for card in reference]
    cards[0]["count"] = 10**9
    with pytest.raises(
        RulesError, match=r"^market_cards\[0\]\.count: expected 1 to 20, got 1000000000"
    ):
        Rules.from_data({"market_cards": cards})
    for name in ("lumber_cards", "starting_cards", "hand_limit", "actions_per_turn"):
        with pytest.raises(RulesError, match=f"^{name}: expected"):
            Rules(**{name: 10**9})
    assert time.perf_counter() - start < 1.0


def test_a_board_larger_than_the_bound_is_refused() -> None:
    wide = ["H0 " + "L " * 9 + "H1"]
    with pytest.raises(RulesError, match=r"^Board.rows\[0\]: expected at most 10 tiles, got 11$"):
        Board(rows=wide)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^board: Board.rows\[0\]: expected at most 10 tiles"):
        Rules.from_data({"board": {"rows": wide}})
    with pytest.raises(RulesError, match=r"^Board.rows: expected at most 10 items, got 11$"):
        Board(rows=("L",) * 11)


@pytest.mark.parametrize(
    ("given", "close"),
    [
        ({"playres": 3}, "'players'"),
        ({"lumber_card": 3}, "'lumber_cards'"),
        ({"hand_limt": 3}, "'hand_limit'"),
    ],
)
def test_unknown_fields_name_the_close_ones(given, close) -> None:
    with pytest.raises(RulesError, match=f"unknown field .*did you mean {close}"):
        Rules(**given)
    with pytest.raises(RulesError, match=f"unknown field .*did you mean {close}"):
        Rules.from_data(given)
    with pytest.raises(RulesError, match=f"did you mean {close}"):
        attrs.evolve(Rules(), **given)


def test_a_missing_component_field_is_named(tmp_path: Path) -> None:
    card = {"title": "Midnight Raid!", "fences": 1, "bullets": 1, "players": 2}
    with pytest.raises(RulesError, match=r"^fence_cards\[0\]: missing field 'count'$"):
        Rules.from_data({"fence_cards": [card]})
    with pytest.raises(RulesError, match=r"^FenceCard: missing field 'count'$"):
        FenceCard("Midnight Raid!", 1, 1, 2)  # type: ignore[call-arg]
    path = tmp_path / "fences.toml"
    path.write_text(
        '[[fence_cards]]\ntitle = "Midnight Raid!"\nfences = 1\nbullets = 1\nplayers = 2\n',
        encoding="utf-8",
    )
    with pytest.raises(RulesError) as caught:
        Rules.from_toml(path)
    assert str(caught.value).endswith("fence_cards[0]: missing field 'count'")
    assert "__init__" not in str(caught.value)


def test_toml_files_are_checked_like_every_other_way(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text("players = 3\nstarting_cards = 1000000000\n", encoding="utf-8")
    with pytest.raises(RulesError, match=r"big.toml: starting_cards: expected 0 to 12"):
        Rules.from_toml(path)
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'players = 2\n[[months]]\nname = "M\xe4rz"\n')
    with pytest.raises(RulesError, match=r"latin.toml: not UTF-8 text .*TOML files are UTF-8"):
        Rules.from_toml(latin)


def test_component_checks_name_the_class_and_field() -> None:
    with pytest.raises(RulesError, match=r"^MarketCard.name: expected a card name"):
        MarketCard(" ", "crop", "A", 2, 1, 1, 1, 1)
    with pytest.raises(RulesError, match=r"^MarketCard.type: expected one of 'crop'"):
        MarketCard("Cows", "cow", "A", 2, 1, 1, 1, 1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^FarmhouseTile.values: a 'hand' bonus takes 1 values"):
        FarmhouseTile("Firewood For Sale", "hand", (5, 6))
    with pytest.raises(RulesError, match=r"^FarmhouseTile.values: expected 0 to 1000, got -5"):
        FarmhouseTile("Firewood For Sale", "hand", (-5,))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pickled_and_copied_rules_have_their_tables(players: int) -> None:
    rules = Rules(players=players, hand_limit=7)
    for other in (pickle.loads(pickle.dumps(rules)), copy.copy(rules), copy.deepcopy(rules)):
        assert other == rules and hash(other) == hash(rules)
        assert other.tables is not rules.tables
        assert other.tables.cell_names == rules.tables.cell_names
        state = new_game(other)
        assert legal_moves(state) == legal_moves(new_game(rules))


# -- move texts and move objects ----------------------------------------------------------------


@pytest.mark.parametrize("junk", [None, b"end turn", 3, 2.5, ["end turn"], "x" * 100_000])
def test_parse_move_refuses_anything_but_short_text(junk) -> None:
    with pytest.raises(MoveSyntaxError) as caught:
        parse_move(started(), junk)
    assert len(str(caught.value)) < 200


def test_parse_move_messages_do_not_echo_long_input() -> None:
    # A message may list the forms of the moves or the cards of the game, but it quotes
    # what it was given cut short.
    s = started()
    for text, junk in (
        ("play " + "Z" * 180 + " for fences", "Z"),
        ("log z" + "9" * 190, "9"),
        ("y" * 199, "y"),
    ):
        with pytest.raises(MoveSyntaxError) as caught:
            parse_move(s, text)
        message = str(caught.value)
        assert junk * 60 not in message and message.count(junk * 30) <= 2


def _defending():
    """Player 0 may defend c3 against player 1's two fences."""
    s = scene(
        started(),
        land={0: ["a1", "a2", "a3", "b3"], 1: ["c4", "d3", "d4"]},
        sides={0: ["c3 N", "c3 W", "c3 E", "c3 S"]},
        hands={1: ["Get Off My Land! (2 fences, 1 hole)"]},
        turn=1,
    )
    s = play(
        s,
        "play Get Off My Land! (2 fences, 1 hole) for fences",
        "fence c3 N inside",
        "fence c3 W inside",
    )
    assert isinstance(s.decision, DefendTask)
    return s


def test_a_move_text_given_to_apply_move_says_to_parse_it() -> None:
    s = _defending()
    assert "no defence" in map(str, legal_moves(s))
    with pytest.raises(
        IllegalMoveError,
        match=r"^apply_move expects a move object, not the text 'no defence': "
        r"read it with parse_move\(state, 'no defence'\) first$",
    ):
        apply_move(s, "no defence")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(s, "no defence" * 10_000)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 250


@pytest.mark.parametrize("thing", [None, 3, b"no defence", object(), ("no defence",)])
def test_things_that_are_no_move_are_refused(thing) -> None:
    for s in (_defending(), new_game(Rules())):
        with pytest.raises(IllegalMoveError, match=r"^apply_move expects a move object"):
            apply_move(s, thing)


def test_hand_made_moves_with_bad_fields_are_illegal() -> None:
    s = _defending()
    legal = {str(m): m for m in legal_moves(s)}
    yield_ = legal["no defence"]
    bad = [
        Defend([1, 2], "defend with"),  # type: ignore[arg-type]
        Defend((1.0,), str(next(iter(legal)))),  # type: ignore[arg-type]
        Defend(("x",), "defend with x"),  # type: ignore[arg-type]
        Fence("c3", -1, "fence c3 N"),  # type: ignore[arg-type]
        Fence(10**100, -1, "fence c3 N"),
        Fence(-1, -1, "fence c3 N"),
        DealFarmhouse(0, "deal Hoarder"),
        type(yield_)("no defence " + "!" * 100_000),
    ]
    for move in bad:
        with pytest.raises(IllegalMoveError, match="is no move of this game") as caught:
            apply_move(s, move)
        assert len(str(caught.value)) < 400


def test_a_hand_made_move_whose_text_does_not_parse_back_is_never_legal() -> None:
    s = new_game(Rules())
    own = legal_moves(s)[0]
    renamed = DealFarmhouse(own.farmhouse, "deal me a good one")
    assert renamed == own  # equal fields: the text is not compared
    with pytest.raises(IllegalMoveError, match="its text names no move"):
        apply_move(s, renamed)
    # A faithful copy (as unpickling makes) is the move itself.
    twin = pickle.loads(pickle.dumps(own))
    assert twin is not own
    assert apply_move(s, twin) == apply_move(s, own)
    float_twin = DealFarmhouse(float(own.farmhouse), own.text)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="it is not the move its text names"):
        apply_move(s, float_twin)


def test_hand_made_chance_outcomes_are_judged_by_their_text() -> None:
    s = new_game(Rules(players=3))
    rng = random.Random(4)
    seen = 0
    while s.to_move is not None and seen < 40:
        outcomes = chance_outcomes(s)  # legal_moves is not asked: the outcome is checked directly
        if not outcomes:
            s = apply_move(s, rng.choice(legal_moves(s)))
            continue
        move = rng.choice(outcomes)[0]
        twin = pickle.loads(pickle.dumps(move))
        assert twin is not move
        after = apply_move(s, twin)
        assert after == apply_move(s, move)
        bad = type(move)(str(getattr(move, attrs.fields(type(move))[0].name)), move.text)
        with pytest.raises(IllegalMoveError, match="it is not the move its text names"):
            apply_move(s, bad)
        s = after
        seen += 1
    assert seen == 40


# -- seats ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 2, 9, None, True, 1.0, "0"])
def test_seats_not_at_the_table_are_refused(seat) -> None:
    s = started(2)
    with pytest.raises(SeatError):
        observe(s, seat)
    with pytest.raises(SeatError):
        resample(s, seat, random.Random(0))
    with pytest.raises(SeatError):
        farmhouse_bonus(s, seat)
    with pytest.raises(SeatError):
        GAME.observe(s, seat)


def test_observe_minus_one_no_longer_shows_the_last_seats_hand() -> None:
    s = started(3)
    with pytest.raises(SeatError, match="seat -1 is not at this 3-player table"):
        observe(s, -1)


def test_fence_layout_refuses_a_player_not_at_the_table() -> None:
    rules = Rules(players=2)
    with pytest.raises(SeatError, match="seat 2 is not at this 2-player table"):
        fence_layout(rules, {2: ["b2 E"]})
    with pytest.raises(SeatError):
        fence_layout(rules, {-1: ["b2 E"]})
