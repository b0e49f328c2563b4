"""Hostile input (issue 12): every bad Rules, move, text and seat gets its typed error.

Each example the issue lists for Fields of Green is pinned here with the exact
error type and the words of its message; the fuzz tests below try arbitrary
field values in hand-built moves and arbitrary values in every Rules field.
"""

from __future__ import annotations

import functools
import random
import time
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from fields_of_green_helpers import deal_hands, play, rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acreage import IllegalMoveError, MoveSyntaxError, RulesError, SeatError
from acreage import fields_of_green as fog
from acreage.core.chance import sample
from acreage.core.data import field_limits
from acreage.fields_of_green.view import seat_views

FIELD = {"name": "meadow", "deck": "fields", "count": 60}


def _from_toml(tmp_path: Path, fields: dict[str, Any]) -> fog.Rules:
    lines = []
    for key, value in fields.items():
        text = f'"{value}"' if isinstance(value, str) else str(value).lower()
        lines.append(f"{key} = {text}")
    path = tmp_path / "rules.toml"
    path.write_text("\n".join(lines) + "\n")
    return fog.Rules.from_toml(path)


MAKERS: dict[str, Callable[[Path, dict[str, Any]], fog.Rules]] = {
    "constructor": lambda _, fields: fog.Rules(**fields),
    "evolve": lambda _, fields: attrs.evolve(fog.Rules(), **fields),
    "from_data": lambda _, fields: fog.Rules.from_data(fields),
    "from_toml": _from_toml,
}


@pytest.mark.parametrize("maker", sorted(MAKERS))
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": "2"}, "players: expected an integer, got '2'"),
        ({"players": 2.0}, "players: expected an integer, got 2.0"),
        ({"tool_draw": 1.5}, "tool_draw: expected an integer, got 1.5"),
        (
            {"range_metric": "euclid"},
            "range_metric: expected one of 'manhattan', 'chebyshev', 'straight', 'path', "
            "got 'euclid'",
        ),
        ({"tie_break": "x"}, "tie_break: expected one of 'coins', 'shared', got 'x'"),
        ({"water_range": 10**9}, "water_range: expected 0 to 6, got 1000000000"),
        ({"market_grain": 10**9}, "market_grain: expected 0 to 20, got 1000000000"),
        ({"split_payments": 1}, "split_payments: expected true or false, got 1"),
    ],
)
def test_every_way_of_making_rules_checks_every_field(
    tmp_path: Path, maker: str, fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(RulesError) as e:
        MAKERS[maker](tmp_path, fields)
    assert message in str(e.value)


@pytest.mark.parametrize("field", ["water_range", "market_grain", "years", "hand_size"])
def test_huge_sizes_are_refused_at_once_naming_the_bound(field: str) -> None:
    started = time.perf_counter()
    with pytest.raises(RulesError, match=rf"^{field}: expected \d+ to \d+, got 1000000000$"):
        fog.Rules(**{field: 10**9})
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("maker", ["constructor", "evolve", "from_data"])
@pytest.mark.parametrize(
    ("key", "close"),
    [("player", "'players'"), ("water_rang", "'water_range'"), ("tie_breaks", "'tie_break'")],
)
def test_unknown_fields_are_refused_with_the_close_names(maker: str, key: str, close: str) -> None:
    with pytest.raises(RulesError, match=f"unknown field '{key}'; did you mean {close}"):
        MAKERS[maker](Path(), {key: 3})


def test_bad_rules_read_from_toml_name_the_file_and_the_field(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match=r"rules\.toml: water_range: expected 0 to 6, got 99"):
        _from_toml(tmp_path, {"water_range": 99})


def test_a_tower_that_would_reach_too_far_is_refused() -> None:
    hoses = tuple(
        fog.Tool(name, ("water tower",), "always", (fog.Effect("range", amount=5),))
        for name in ("long hose", "longer hose")
    )
    cards = (fog.Card("meadow", "fields", count=60),)
    assert fog.Rules(cards=cards, tools=hoses, water_range=6, tools_per_site=1)
    with pytest.raises(RulesError, match=r"tools: .* would reach 16 cells .*; at most 12"):
        fog.Rules(cards=cards, tools=hoses, water_range=6, tools_per_site=2)


def test_the_largest_rules_the_bounds_allow_play_a_whole_game() -> None:
    """The bounds keep a game finite and small: every size at its most, one random game."""
    decks = ("fields", "livestock", "facilities", "buildings")
    rich = fog.Effect("produce", coins=20, water=20, grain=20)
    cards = tuple(
        fog.Card(
            f"card {i}",
            decks[i % 4],  # type: ignore[arg-type]
            count=100,
            cost=fog.Resources(coins=1, water=1),
            needs=fog.Resources(water=1),
            ability="green",
            effects=(rich,),
        )
        if i % 2
        else fog.Card(
            f"card {i}",
            decks[i % 4],  # type: ignore[arg-type]
            count=100,
            ability="grey",
            effects=(fog.Effect("tool"),),
        )
        for i in range(100)
    )
    hoses = tuple(
        fog.Tool(f"hose {i}", ("water tower",), "always", (fog.Effect("range", amount=1),))
        for i in range(50)
    )
    r = fog.Rules(
        players=4,
        years=8,
        hand_size=12,
        water_range=6,
        tools_per_site=4,
        range_metric="chebyshev",
        cards=cards,
        tools=hoses,
        income_water=20,
        income_coins=30,
        start_coins=100,
        tower_capacity=20,
        silo_capacity=20,
        market_grain=20,
        tool_draw=10,
        silos=64,
        water_towers=64,
    )
    rng = random.Random(3)
    s = fog.new_game(r)
    moves = 0
    while not fog.is_terminal(s):
        outcomes = fog.chance_outcomes(s)
        s = fog.apply_move(s, sample(outcomes, rng) if outcomes else rng.choice(fog.legal_moves(s)))
        moves += 1
    assert s.year == 8 and moves < 20_000


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"cards": [{"name": "meadow", "count": 60}]},
            r"cards\[0\] \(meadow\): missing field 'deck'",
        ),
        (
            {"cards": [FIELD], "tools": [{"name": "rake", "ability": "yellow", "effects": []}]},
            r"tools\[0\] \(rake\): missing field 'fits'",
        ),
        (
            {"cards": [{**FIELD, "effects": [{"coins": 1}]}]},
            r"cards\[0\] \(meadow\)\.effects\[0\]: missing field 'kind'",
        ),
        (
            {"cards": [{**FIELD, "colour": "red"}]},
            r"cards\[0\] \(meadow\): unknown field 'colour'",
        ),
        (
            {"cards": [{**FIELD, "count": 10**9}]},
            r"cards\[0\] \(meadow\)\.count: expected 1 to 100",
        ),
        ({"cards": [FIELD] * 101}, r"cards: expected at most 100 items, got 101"),
    ],
)
def test_broken_component_data_is_a_rules_error_naming_the_card(
    data: dict[str, Any], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        fog.Rules.from_data({"tools": [], **data})


def test_component_classes_check_themselves_however_they_are_made() -> None:
    with pytest.raises(RulesError, match="Card: missing field 'deck'"):
        fog.Card("meadow")  # type: ignore[call-arg]
    with pytest.raises(RulesError, match=r"Card\.count: expected an integer, got '3'"):
        fog.Card("meadow", "fields", count="3")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"Resources\.water: expected 0 to 20, got 21"):
        fog.Resources(water=21)
    with pytest.raises(RulesError, match=r"Effect\.kind: expected one of 'produce'"):
        fog.Effect("make")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="Tool: unknown field 'fit'; did you mean 'fits'"):
        fog.Tool("rake", fit=("silo",))  # type: ignore[call-arg]
    card = fog.Card("meadow", "fields")
    with pytest.raises(RulesError, match="card 'meadow': needs: only a card with a green"):
        attrs.evolve(card, needs=fog.Resources(water=1))
    # A list is read as a tuple, so equal components compare equal however they were made.
    assert fog.Card("meadow", "fields", effects=[]) == card  # type: ignore[arg-type]


def test_a_toml_file_that_is_not_utf8_is_a_rules_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('[[cards]]\nname = "wei\xdfe wiese"\ndeck = "fields"\n'.encode("latin-1"))
    with pytest.raises(RulesError, match=r"latin1\.toml: not UTF-8 text"):
        fog.Rules.from_toml(path)


# -- Text and moves ------------------------------------------------------------------


def acting() -> fog.State:
    """Seat 0 is to act with a revealed cottage; both hands hold pigs."""
    s = fog.new_game(rules(hand_size=2, min_decks=1, years=1))
    s = deal_hands(s, ("cottage", "pigs"), ("cottage", "pigs"))
    return play(s, "pick cottage", "pick cottage")


def drawing() -> fog.State:
    return fog.new_game(rules())


@pytest.mark.parametrize(
    ("state", "move", "message"),
    [
        (drawing, fog.DrawFrom("orchard"), "there is no deck named 'orchard'"),
        (drawing, fog.DrawFrom(["fields"]), r"there is no deck named \['fields'\]"),  # type: ignore[arg-type]
        (acting, fog.Build("cottage", "2", "0"), "a cell is x,y in whole numbers, not '2','0'"),  # type: ignore[arg-type]
        (acting, fog.Build("cottage", True, 0), "a cell is x,y in whole numbers, not True,0"),
        (acting, fog.Build("cottage", 0.0, 1), r"a cell is x,y in whole numbers, not 0\.0,1"),  # type: ignore[arg-type]
        (acting, fog.Build({"cottage"}, 0, 1), r"the revealed card is cottage, not \{'cottage'\}"),  # type: ignore[arg-type]
        (lambda: fog.new_game(fog.Rules()), fog.StartPlayer("0"), "there is no seat '0'"),  # type: ignore[arg-type]
        (lambda: fog.new_game(fog.Rules()), fog.StartPlayer(True), "there is no seat True"),
        (acting, fog.Market(True), "at the market at most 2 grain can be sold, not True"),
        (acting, fog.Market(1.0), r"at most 2 grain can be sold, not 1\.0"),  # type: ignore[arg-type]
        (acting, fog.Restore("cottage", 0, None), "a cell is x,y in whole numbers, not 0,None"),  # type: ignore[arg-type]
    ],
)
def test_hand_built_moves_with_bad_fields_are_illegal(
    state: Callable[[], fog.State], move: fog.Move, message: str
) -> None:
    s = state()
    # Build("cottage", 0.0, 1) == Build("cottage", 0, 1) as values, so compare their fields'
    # reprs.
    assert _fields(move) not in {_fields(m) for m in fog.legal_moves(s)}
    with pytest.raises(IllegalMoveError, match=message):
        fog.apply_move(s, move)


def test_a_move_whose_text_does_not_parse_back_is_never_legal() -> None:
    s = acting()
    for move in (
        fog.Market(True),
        fog.Build("cottage", True, False),
        fog.Build("cottage", "0", "1"),  # type: ignore[arg-type]
    ):
        try:
            back: fog.Move | None = fog.parse_move(s, str(move))
        except MoveSyntaxError:
            back = None
        assert back != move
        with pytest.raises(IllegalMoveError):
            fog.apply_move(s, move)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("market", r"not str: parse_move\(state, 'market'\) turns a move's text into a move"),
        (None, "apply_move takes a move object .* not NoneType$"),
        (3, "not int$"),
        (("market",), "not tuple$"),
    ],
)
def test_apply_move_takes_move_objects_only(move: Any, message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        fog.apply_move(acting(), move)


def test_apply_move_after_the_end_still_says_what_it_takes() -> None:
    s = fog.new_game(rules(hand_size=1, min_decks=1, years=1))
    s = play(deal_hands(s, ("cottage",), ("cottage",)), "market", "market")
    with pytest.raises(IllegalMoveError, match="takes a move object"):
        fog.apply_move(s, "market")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="the game is over; market is not possible"):
        fog.apply_move(s, fog.Market(0))


@pytest.mark.parametrize("text", [None, b"market", 3, 1.5, ["market"], "market " * 20_000])
def test_parse_move_refuses_what_is_no_text(text: Any) -> None:
    with pytest.raises(MoveSyntaxError) as e:
        fog.parse_move(acting(), text)
    assert len(str(e.value)) < 200


@pytest.mark.parametrize(
    "make",
    [
        lambda s: fog.apply_move(s, fog.Pick("x" * 100_000)),
        lambda s: fog.apply_move(s, fog.Build("x" * 100_000, 0, 1)),
        lambda s: fog.apply_move(s, fog.Market(10**5000)),
        lambda s: fog.apply_move(s, fog.Build("cottage", 10**5000, 0)),
        lambda s: fog.apply_move(s, "x" * 100_000),
        lambda s: fog.apply_move(s, fog.Supply("y" * 100_000, 0, 1)),
        lambda s: fog.parse_move(s, "pick " + "x" * 190),
        lambda s: fog.parse_move(s, "draw from " + "x" * 180),
    ],
)
def test_messages_never_repeat_a_huge_input(make: Callable[[fog.State], Any]) -> None:
    with pytest.raises((IllegalMoveError, MoveSyntaxError)) as e:
        make(acting())
    assert len(str(e.value)) < 250


def _fields(move: fog.Move) -> str:
    """The move's class and the repr of each field: ``Market(1)`` and ``Market(True)``
    differ here, while they are equal as values (and ``Build("cottage", "2", "0")`` has the
    text of ``Build("cottage", 2, 0)``)."""
    return f"{type(move).__name__}{attrs.astuple(move, recurse=False)!r}"


def _repr(move: fog.Move) -> str:
    try:
        return _fields(move)
    except ValueError:  # an int too long to write out: no move holds one
        return ""


def _playout_states(players: int, seed: int) -> list[fog.State]:
    rng = random.Random(seed)
    s = fog.new_game(fog.Rules(players=players))
    out = [s]
    while not fog.is_terminal(s):
        outcomes = fog.chance_outcomes(s)
        move = sample(outcomes, rng) if outcomes else rng.choice(fog.legal_moves(s))
        s = fog.apply_move(s, move)
        out.append(s)
    return out


PER_PHASE = 4


@functools.cache
def _states_of_every_phase(per_phase: int = PER_PHASE) -> list[fog.State]:
    """A few states of each phase (attaching a kept tool is the rarest), from 3-player games."""
    found: dict[int, list[fog.State]] = {}
    seed = 0
    while len(found) < len(fog.PHASES) or min(map(len, found.values())) < per_phase:
        for s in _playout_states(3, seed)[seed % 5 :: 5]:
            found.setdefault(fog.question(s).phase, [])
            if len(found[fog.question(s).phase]) < per_phase:
                found[fog.question(s).phase].append(s)
        seed += 1
    return [s for phase in sorted(found) for s in found[phase]]


# The values a hand-built move might hold instead of the right ones.
ODD_VALUES = st.one_of(
    st.integers(-3, 40),
    st.integers(),
    st.booleans(),
    st.floats(allow_nan=False),
    st.none(),
    st.text(max_size=30),
    st.sampled_from(["fields", "orchard", "pigs", "hose", "silo", "water tower", " pigs", "1"]),
    st.binary(max_size=4),
    st.just(["pigs"]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(fog.PHASES) * PER_PHASE - 1), st.data())
def test_hand_built_moves_are_legal_exactly_when_listed(index: int, data: st.DataObject) -> None:
    """Any move object, whatever its fields hold, applies only if it is listed, field types
    and all (and then as the listed move does); otherwise it is an IllegalMoveError."""
    s = _states_of_every_phase()[index]
    legal = fog.legal_moves(s)
    # By the fields' reprs, not ==: Market(True) == Market(1) as values, but its text is no
    # move's.
    listed = {_fields(m): m for m in legal}
    if legal and data.draw(st.booleans()):
        # A listed move with one field swapped for an odd value.
        base = data.draw(st.sampled_from(legal))
        fields = attrs.fields(type(base))
        if fields:
            name = data.draw(st.sampled_from([f.name for f in fields]))
            base = attrs.evolve(base, **{name: data.draw(ODD_VALUES)})
        move = base
    else:
        kind = data.draw(
            st.sampled_from([t for t in typing.get_args(fog.Move) if t is not fog.Done])
        )
        move = kind(*(data.draw(ODD_VALUES) for _ in attrs.fields(kind)))
    try:
        after = fog.apply_move(s, move)
    except IllegalMoveError:
        assert _repr(move) not in listed
        return
    assert fog.parse_move(s, str(move)) == move
    assert after == fog.apply_move(s, listed[_fields(move)])


# -- Seats -----------------------------------------------------------------------------


SEAT_USERS: dict[str, Callable[[fog.State, Any], object]] = {
    "observe": fog.observe,
    "render_text": lambda s, p: fog.render_text(s, player=p),
    "render_svg": lambda s, p: fog.render_svg(s, player=p),
    "score_sheet": fog.score_sheet,
    "resample": lambda s, p: fog.resample(s, p, random.Random(0)),
    "seat_views": seat_views,
}


@pytest.mark.parametrize("user", sorted(SEAT_USERS))
@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (7, "seat 7 is not at this 2-player table"),
        (2, "seat 2 is not at this 2-player table"),
        (-1, "seat -1 is not at this 2-player table"),
        (True, "a seat is an int from 0 to 1, not True"),
        ("0", "a seat is an int from 0 to 1, not '0'"),
        (1.0, "a seat is an int from 0 to 1, not 1.0"),
    ],
)
def test_a_seat_not_at_the_table_is_a_seat_error(user: str, seat: Any, message: str) -> None:
    with pytest.raises(SeatError, match=message):
        SEAT_USERS[user](acting(), seat)


@pytest.mark.parametrize("user", ["observe", "score_sheet", "resample"])
def test_no_seat_at_all_is_a_seat_error(user: str) -> None:
    with pytest.raises(SeatError, match="not None"):
        SEAT_USERS[user](acting(), None)


def test_pictures_without_a_seat_show_everything() -> None:
    s = acting()
    assert fog.render_text(s, player=None) == fog.render_text(s)
    assert fog.render_svg(s, player=None) == fog.render_svg(s)


# -- Every Rules field, every value -----------------------------------------------------


RULE_FIELDS = [
    f.name for f in attrs.fields(fog.Rules) if f.init and f.name not in ("cards", "tools")
]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(RULE_FIELDS), st.one_of(ODD_VALUES, st.sampled_from([0, 1, 2, 3, 4, 6])))
def test_any_value_in_any_rules_field_makes_valid_rules_or_a_rules_error(
    name: str, value: Any
) -> None:
    try:
        r = fog.Rules(**{"players": 2, name: value})
    except RulesError:
        return
    # What was accepted is in bounds and plays.
    bounds = field_limits(fog.Rules).get(name)
    if bounds is not None and isinstance(value, int) and not isinstance(value, bool):
        assert bounds.low is not None and bounds.high is not None
        assert bounds.low <= value <= bounds.high
    assert fog.Rules.from_data(r.to_data()) == r
    fog.legal_moves(fog.new_game(r))
