"""Fuzzing record loading and replay: whatever comes in, only acreage errors come out."""

from __future__ import annotations

import functools
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import acreage
from acreage import GameError, GameRecord, replay

# Bundled games, the test game and a name no game has.
GAME_NAMES = (*sorted(acreage.games()), "chess")

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**400), max_value=10**400),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=30,
)


def _nested(depth: int, leaf: str) -> str:
    return "[" * depth + leaf + "]" * depth


# JSON text no encoder writes: huge or non-finite numbers, deep nesting, escapes.
odd_json = st.one_of(
    st.builds(_nested, st.integers(0, 5000), st.sampled_from(["", "1", "NaN", '"x"'])),
    st.builds(lambda n: "9" * n, st.integers(1, 6000)),
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", '"\\ud800"', "{", "", " ", "nul"]),
)

moves_texts = st.lists(st.text(max_size=40), max_size=6)


@st.composite
def record_shaped(draw: st.DrawFn) -> dict[str, Any]:
    """A dict that looks like a record, each field sometimes of the wrong shape."""
    data: dict[str, Any] = {
        "game": draw(st.one_of(st.sampled_from(GAME_NAMES), json_values)),
        "rules": draw(
            st.one_of(
                st.just({}),
                st.fixed_dictionaries({"players": st.integers(-2, 8)}),
                st.dictionaries(st.text(max_size=12), json_values, max_size=3),
                json_values,
            )
        ),
        "moves": draw(st.one_of(moves_texts, json_values)),
    }
    if draw(st.booleans()):
        data["metadata"] = draw(json_values)
    if draw(st.booleans()):
        data[draw(st.sampled_from(["format", "version", "extra"]))] = draw(json_values)
    return data


def _load_and_replay(text: str | bytes) -> None:
    try:
        record = GameRecord.from_json(text)
    except GameError:
        return
    json.loads(record.to_json(), parse_constant=_no_constants)
    try:
        replay(record)
    except GameError:
        return


def _no_constants(name: str) -> None:
    raise AssertionError(f"to_json wrote {name}")


@given(json_values)
def test_any_json_value(value: Any) -> None:
    _load_and_replay(json.dumps(value))


@given(record_shaped())
def test_record_shaped_json(data: dict[str, Any]) -> None:
    _load_and_replay(json.dumps(data))
    try:
        record = GameRecord(data["game"], data["rules"], data["moves"], data.get("metadata", {}))
    except GameError:
        return
    assert GameRecord.from_json(record.to_json()) == record


@given(odd_json, st.sampled_from(['{"game": "x", "moves": [], "metadata": {"v": %s}}', "%s"]))
def test_odd_json_text(value: str, frame: str) -> None:
    _load_and_replay(frame % value)


@given(st.binary(max_size=200))
def test_any_bytes(data: bytes) -> None:
    _load_and_replay(data)


@given(st.text(max_size=200))
def test_any_text(text: str) -> None:
    _load_and_replay(text)


@functools.cache
def _played(name: str) -> tuple[str, ...]:
    return acreage.play(name, seed=5).record.moves


@given(
    st.sampled_from(sorted(acreage.games())),
    st.floats(0, 1),
    st.one_of(st.text(max_size=40), st.binary(max_size=40).map(lambda b: b.decode("latin-1"))),
)
def test_a_real_game_with_one_move_changed(name: str, where: float, text: str) -> None:
    moves = list(_played(name))
    at = int(where * (len(moves) - 1))
    moves[at] = text
    record = GameRecord(name, {}, moves[: at + 1])
    try:
        replay(record)
    except GameError:
        return
