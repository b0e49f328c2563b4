"""Positions, whatever the game: every game that has them keeps the same promises.

A position is the whole state as plain JSON data (and as text): it reads back
to an equal state, refuses what cannot exist with a PositionError, starts a
record, and the strategies build valid positions that play on to a legal end.
The games without positions say so with typed errors.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import acreage
from acreage import GameError, RecordError
from acreage.core.chance import sample
from acreage.core.position import (
    POSITION_FORMAT,
    Node,
    PositionError,
    close_names,
    position_of_view,
)
from acreage.core.record import GameRecord, record_of, replay
from acreage.testing import ConformanceError, check_game, check_state, positions

WITH_POSITIONS = sorted(n for n, g in acreage.games().items() if g.to_position is not None)
WITHOUT_POSITIONS = sorted(n for n, g in acreage.games().items() if g.to_position is None)
SLOW = settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def test_some_game_has_positions() -> None:
    assert "fence-em-in" in WITH_POSITIONS
    assert "dots-and-boxes" in WITHOUT_POSITIONS  # the test suite's toy game has none


def playout(game: acreage.Game[Any, Any, Any], rules: Any, seed: int) -> list[Any]:
    rng = random.Random(seed)
    state = game.new_game(rules)
    states = [state]
    while not game.is_terminal(state):
        if game.to_move(state) is acreage.CHANCE:
            move = sample(game.chance_outcomes(state), rng)
        else:
            move = rng.choice(game.legal_moves(state))
        state = game.apply_move(state, move)
        states.append(state)
    return states


@pytest.mark.parametrize("name", WITH_POSITIONS)
def test_every_state_of_a_game_reads_back_from_its_position(name: str) -> None:
    game = acreage.get_game(name)
    rules = game.rules()
    for state in playout(game, rules, seed=3):
        data = game.to_position(state)
        assert data["game"] == name and data["format"] == POSITION_FORMAT
        again = game.from_position(rules, json.loads(json.dumps(data)))
        assert again == state and game.digest(again) == game.digest(state)
        assert game.parse_position(rules, game.position_text(state)) == state


@pytest.mark.parametrize("name", WITH_POSITIONS)
def test_built_positions_play_on_to_a_legal_end(name: str) -> None:
    game = acreage.get_game(name)

    @SLOW
    @given(positions(game, game.rules()), st.randoms(use_true_random=False))
    def property(state: Any, rng: random.Random) -> None:
        check_state(game, state)
        for _ in range(20_000):
            if game.is_terminal(state):
                break
            legal = game.legal_moves(state)
            assert legal
            state = game.apply_move(state, rng.choice(legal))
            check_state(game, state)
        assert game.is_terminal(state)
        assert game.winners(state)

    property()


@pytest.mark.parametrize("name", WITH_POSITIONS)
def test_check_game_checks_positions(name: str) -> None:
    game = acreage.get_game(name)
    check_game(game, playouts=1, positions=2, moves_per_state=1)
    forgetful = attrs.evolve(game, from_position=lambda rules, data: game.new_game(rules))
    with pytest.raises(ConformanceError, match=r"differs after to_position and from_position"):
        check_game(forgetful, playouts=1, positions=0)


@pytest.mark.parametrize("name", WITH_POSITIONS)
def test_a_record_starts_from_a_position(name: str) -> None:
    game = acreage.get_game(name)
    rules = game.rules()
    states = playout(game, rules, seed=5)
    middle = len(states) // 2
    start = states[middle]
    later = states[middle:]
    moves = []
    for before, after in itertools.pairwise(later):
        move = next(m for m in game.legal_moves(before) if game.apply_move(before, m) == after)
        moves.append(move)
    record = record_of(game, rules, moves, start=start)
    assert record.to_dict()["start"] == game.to_position(start)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert list(replay(again)) == later
    # A record without a start is written as before: no "start" key.
    assert "start" not in record_of(game, rules, []).to_dict()


@pytest.mark.parametrize("name", WITH_POSITIONS)
def test_a_bad_start_is_a_record_error_naming_start(name: str) -> None:
    game = acreage.get_game(name)
    rules = game.rules()
    # A key no game has: every game's reader refuses it and names it.
    bad = {**game.to_position(game.new_game(rules)), "no such key": 1}
    with pytest.raises(RecordError, match=r"^start: unknown key 'no such key'"):
        replay(record_of(game, rules, [], start=bad))
    with pytest.raises(RecordError, match=r"^start: "):
        GameRecord.from_dict({"game": name, "moves": [], "start": "a position"})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=15,
)


@pytest.mark.parametrize("name", WITH_POSITIONS)
def test_any_data_is_read_or_refused_with_a_position_error(name: str) -> None:
    game = acreage.get_game(name)
    rules = game.rules()
    base = game.to_position(game.new_game(rules))

    @settings(max_examples=100, deadline=None)
    @given(st.sampled_from(sorted(base)), JSON)
    def property(key: str, value: Any) -> None:
        try:
            state = game.from_position(rules, {**base, key: value})
        except PositionError:
            return
        check_state(game, state)

    property()


@pytest.mark.parametrize("name", WITH_POSITIONS)
def test_a_view_becomes_a_position(name: str) -> None:
    game = acreage.get_game(name)
    rules = game.rules()
    for state in playout(game, rules, seed=7)[::25]:
        for seat in range(game.players(rules)):
            view = game.observe(state, seat)
            data = position_of_view(game, view, random.Random(seat))
            assert game.observe(game.from_position(rules, data), seat) == view


@pytest.mark.parametrize("name", WITHOUT_POSITIONS)
def test_a_game_without_positions_says_so(name: str) -> None:
    game = acreage.get_game(name)
    rules = game.rules()
    with pytest.raises(GameError, match=r"no build_position"):
        positions(game, rules)
    with pytest.raises(GameError, match=r"has no positions"):
        position_of_view(game, game.observe(game.new_game(rules), 0), random.Random(0))
    record = GameRecord(name, rules.to_data(), [], {}, {"phase": "x"})
    with pytest.raises(RecordError, match=r"start: .* has no positions"):
        replay(record)


# -- the readers every game shares -----------------------------------------------------


def test_readers_name_the_path_and_never_raise_anything_else() -> None:
    root = Node({"farms": [{"fertilizer": "3"}], "round": 2})
    fields = root.fields(optional=("farms", "round"))
    farm = fields.items("farms", 4)[0].fields(optional=("fertilizer",))
    with pytest.raises(PositionError, match=r"^farms\[0\]\.fertilizer: expected an integer"):
        farm.integer("fertilizer", 0)
    with pytest.raises(PositionError, match=r"^round: expected 3 to 9, got 2"):
        fields.integer("round", 3, 9)
    with pytest.raises(PositionError, match=r"^unknown key 'rond' \(did you mean 'round'\?\)"):
        Node({"rond": 1}).fields(optional=("round",))
    with pytest.raises(PositionError, match=r"^score: derived, not given: recomputed"):
        Node({"score": 1}).fields(
            optional=("round",), derived={"score": "derived, not given: recomputed"}
        )
    with pytest.raises(PositionError, match=r"^round: missing"):
        Node({}).fields(required=("round",))
    with pytest.raises(PositionError, match=r"^keys are text, not 1"):
        Node({1: 2}).fields(optional=("round",))
    with pytest.raises(PositionError, match=r"^phase: 'x' is not a phase \(expected one of a, b\)"):
        Node({"phase": "x"}).fields(optional=("phase",)).text("phase", ("a", "b"), "a phase")
    with pytest.raises(PositionError, match=r"^dice: expected at most 3 items, got 4"):
        Node({"dice": [1, 2, 3, 4]}).fields(optional=("dice",)).items("dice", 3)
    error = PositionError("a reason", "a.path", line=3, column=7)
    assert str(error) == "line 3, column 7: a.path: a reason"
    assert (error.line, error.column, error.path, error.reason) == (3, 7, "a.path", "a reason")
    assert isinstance(error, ValueError) and isinstance(error, GameError)
    assert close_names("grian", ("grain", "corn")) == " (did you mean 'grain'?)"
