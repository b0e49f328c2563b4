"""Fuzzing: hostile input to every entry point gives only acreage's typed errors.

Hypothesis throws arbitrary text and non-text at every game's ``parse_move``
(including legal move texts with one token changed), arbitrary values at
every ``Rules`` field through every way a Rules is made (constructor,
``attrs.evolve``, ``from_data``, ``from_toml``), and arbitrary JSON at every
leaf of the component data. Only :class:`acreage.GameError` may come out;
and whatever is accepted must be sound: a parsed move round-trips and either
is legal or is refused with ``IllegalMoveError``; accepted Rules start a game
whose random playout keeps every invariant (``acreage.testing.check_state``).
Record loading is fuzzed in ``test_record_fuzz.py``.
"""

from __future__ import annotations

import json
import math
import random
import tempfile
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import acreage
from acreage.core.chance import sample
from acreage.core.data import to_data
from acreage.testing import check_state, states

GAMES = ["crazy-farmers", "fence-em-in", "fields-of-green", "get-off-my-land"]

# -- values ---------------------------------------------------------------------------

JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.sampled_from([0, 1, -1, 2, 3, 10**9, -(10**9), 2**63, 10**100]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["", "none", "manhattan", "competitive", "mad-cow", "cow", "x" * 300]),
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
PYTHON_VALUES = st.one_of(
    JSON_VALUES,
    st.floats(),  # nan and inf too
    st.binary(max_size=8),
    st.tuples(st.integers(-5, 30), st.integers(-5, 30)),
    st.lists(st.tuples(st.integers(-5, 30), st.integers(-5, 30)), max_size=5),
    st.frozensets(st.integers(-3, 10), max_size=4),
    st.just(object()),
)


def _rules_type(name: str) -> Any:
    return acreage.get_game(name).rules_type


def _players(name: str) -> list[int]:
    return {"crazy-farmers": [1, 2, 4], "fence-em-in": [2, 3, 4]}.get(name, [2, 3, 4])


def _fields(name: str) -> list[str]:
    return [f.name for f in attrs.fields(_rules_type(name)) if f.init]


def _base(name: str, players: int) -> Any:
    game = acreage.get_game(name)
    if name == "crazy-farmers" and players == 1:
        return game.rules(players=1, mode="mad-cow")
    return game.rules(players=players)


def _short_playout(game: acreage.Game[Any, Any, Any], rules: Any, seed: int) -> None:
    """A game under ``rules`` starts, and a short random playout keeps every invariant."""
    rng = random.Random(seed)
    state = game.new_game(rules)
    for i in range(150):
        check_state(game, state, f"move {i}")
        who = game.to_move(state)
        if who is None:
            return
        if who is acreage.CHANCE:
            move = sample(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_moves(state)
            assert legal, f"no legal moves at move {i}"
            move = legal[rng.randrange(len(legal))]
        state = game.apply_move(state, move)


# -- parse_move -----------------------------------------------------------------------

TOKENS = st.sampled_from(
    [
        "0",
        "1",
        "-1",
        "99",
        "10000000000000000000000",
        "1.5",
        "x",
        ",",
        "a1",
        "",
        " ",
        "\x00",
        "done",
        "pass",
        "hay",
        "cow",
        "player",
        "9,9",
        "-3,2",
        "0x0",
        "1e9",
        "é",
        "∞",
    ]
)


@st.composite
def _mutated_text(draw: st.DrawFn, legal_texts: list[str]) -> str:
    tokens = draw(st.sampled_from(legal_texts)).split(" ")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(tokens) - 1))
        how = draw(st.sampled_from(["replace", "drop", "double", "insert"]))
        if how == "replace":
            tokens[i] = draw(TOKENS | st.text(max_size=6))
        elif how == "drop" and len(tokens) > 1:
            del tokens[i]
        elif how == "double":
            tokens.insert(i, tokens[i])
        else:
            tokens.insert(i, draw(TOKENS))
    return " ".join(tokens)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=60)
@given(data=st.data())
def test_parse_move_takes_anything(name: str, data: st.DataObject) -> None:
    game = acreage.get_game(name)
    players = data.draw(st.sampled_from(_players(name)), label="players")
    state = data.draw(states(game, _base(name, players), max_moves=300), label="state")
    legal = game.legal_moves(state) if game.to_move(state) is not None else ()
    texts = [str(m) for m in legal] or ["done"]
    text = data.draw(
        st.one_of(_mutated_text(texts), st.text(max_size=40), PYTHON_VALUES), label="text"
    )
    try:
        move = game.parse_move(state, text)
    except acreage.MoveSyntaxError:
        return
    assert game.parse_move(state, str(move)) == move
    try:
        after = game.apply_move(state, move)
    except acreage.IllegalMoveError:
        assert move not in legal
        return
    assert move in legal, f"{text!r} applied but is not among the legal moves"
    check_state(game, after)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=40)
@given(data=st.data())
def test_apply_move_refuses_what_is_not_a_legal_move(name: str, data: st.DataObject) -> None:
    game = acreage.get_game(name)
    state = data.draw(states(game, _base(name, 2), max_moves=300), label="state")
    junk = data.draw(PYTHON_VALUES | st.sampled_from(["done", "pass"]), label="junk")
    with pytest.raises(acreage.IllegalMoveError):
        game.apply_move(state, junk)


# -- Rules fields ---------------------------------------------------------------------


def _made(name: str, how: str, players: int, field: str, value: Any, base: Any) -> Any:
    rules_type = _rules_type(name)
    if how == "constructor":
        extra = {"mode": "mad-cow"} if name == "crazy-farmers" and players == 1 else {}
        return rules_type(**{"players": players, **extra, field: value})
    if how == "evolve":
        return attrs.evolve(base, **{field: value})
    data = {**base.to_data(), field: value}
    if how == "from_data":
        return rules_type.from_data(data)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rules.toml"
        path.write_text(_toml(data), encoding="utf-8")
        return rules_type.from_toml(path)


def _toml(data: dict[str, Any]) -> str:
    """A small TOML writer for plain data (values TOML cannot hold become strings)."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int) and abs(v) < 2**63:
            return str(v)
        if isinstance(v, float) and math.isfinite(v):
            return repr(v)
        if isinstance(v, list | tuple):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{json.dumps(str(k))} = {value(x)}" for k, x in v.items()) + "}"
        return json.dumps(str(v))

    return "".join(f"{json.dumps(k)} = {value(v)}\n" for k, v in data.items() if v is not None)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("how", ["constructor", "evolve", "from_data", "from_toml"])
@settings(max_examples=60)
@given(data=st.data())
def test_any_value_for_any_rules_field(name: str, how: str, data: st.DataObject) -> None:
    game = acreage.get_game(name)
    players = data.draw(st.sampled_from(_players(name)), label="players")
    base = _base(name, players)
    field = data.draw(st.sampled_from(_fields(name)), label="field")
    default = getattr(base, field)
    plain = to_data(base, compact=False)[field]
    candidates = JSON_VALUES if how in ("from_data", "from_toml") else PYTHON_VALUES
    value = data.draw(st.one_of(candidates, _near(plain)), label="value")
    try:
        rules = _made(name, how, players, field, value, base)
    except acreage.RulesError:
        return
    assert isinstance(rules, game.rules_type)
    if rules != base or default != getattr(rules, field):
        _short_playout(game, rules, data.draw(st.integers(0, 9), label="seed"))


def _near(plain: Any) -> st.SearchStrategy[Any]:
    """Values close to a valid one: a list with a member dropped, doubled or changed, a number moved."""
    if isinstance(plain, bool):
        return st.just(not plain)
    if isinstance(plain, int):
        return st.sampled_from([plain - 1, plain + 1, 0, -plain, plain * 3, plain * 1000])
    if isinstance(plain, list) and plain:
        return st.one_of(
            st.just(plain[1:]),
            st.just(plain + plain[-1:]),
            st.integers(0, len(plain) - 1).flatmap(
                lambda i: JSON_LEAVES.map(lambda v: [*plain[:i], v, *plain[i + 1 :]])
            ),
        )
    return JSON_LEAVES


# -- component data ---------------------------------------------------------------------


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            out += _paths(v, (*path, i))
    return out


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    return [*value[:head], _replace(value[head], rest, new), *value[head + 1 :]]


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=60)
@given(data=st.data())
def test_any_json_at_any_place_in_the_component_data(name: str, data: st.DataObject) -> None:
    game = acreage.get_game(name)
    players = data.draw(st.sampled_from(_players(name)), label="players")
    base = _base(name, players)
    plain = to_data(base, compact=False)
    path = data.draw(st.sampled_from(_paths(plain)), label="path")
    new = data.draw(st.one_of(JSON_VALUES, st.just(None)), label="value")
    try:
        rules = game.rules_type.from_data(_replace(plain, path, new))
    except acreage.RulesError:
        return
    if rules != base:
        _short_playout(game, rules, 0)


def test_fuzzing_reaches_the_refusals_and_the_playouts() -> None:
    """The Rules fuzz is not vacuous: it both refuses values and plays accepted ones."""
    game = acreage.get_game("fence-em-in")
    base = _base("fence-em-in", 2)
    with pytest.raises(acreage.RulesError, match="rounds"):
        _made("fence-em-in", "from_toml", 2, "rounds", "ten", base)
    rules = _made("fence-em-in", "evolve", 2, "rounds", 3, base)
    assert rules.rounds == 3
    _short_playout(game, rules, 0)
    assert typing.get_type_hints(type(base))["rounds"] is int
