"""Each game's evaluate and end_reason: in range, the result at the end, blind to hidden cards."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import acreage
from acreage.core.chance import sample

SETUPS = [
    pytest.param("fence-em-in", {"players": 2}, id="fei-2"),
    pytest.param("fence-em-in", {"players": 4}, id="fei-4"),
    pytest.param("get-off-my-land", {"players": 3}, id="goml-3"),
    pytest.param("fields-of-green", {"players": 2}, id="fog-2"),
    pytest.param("crazy-farmers", {"players": 2}, id="cf-2"),
    pytest.param("crazy-farmers", {"players": 1, "mode": "mad-cow"}, id="madcow-1"),
    pytest.param("crazy-farmers", {"players": 3, "mode": "mad-cow"}, id="madcow-3"),
]

END_REASONS = {
    "fence-em-in": {"rounds", "passed", "bag"},
    "get-off-my-land": {"months"},
    "fields-of-green": {"years"},
    "crazy-farmers": {"tiles", "endgame", "elimination", "repetition", "lockdown", "cow"},
}


@pytest.mark.parametrize(("name", "data"), SETUPS)
def test_evaluate_along_a_game(name: str, data: dict[str, Any]) -> None:
    game = acreage.get_game(name)
    rules = game.rules(data)
    players = game.players(rules)
    rng = random.Random(f"evaluate:{name}")
    state = game.new_game(rules)
    calls, spent = 0, 0.0
    while True:
        for seat in range(players):
            start = time.perf_counter()
            value = game.evaluate(state, seat)
            spent += time.perf_counter() - start
            calls += 1
            assert 0.0 <= value <= 1.0
            assert value == game.evaluate(state, seat)  # deterministic
            if game.resample is not None:
                # What the seat cannot see does not move its rating.
                assert value == game.evaluate(game.resample(state, seat, rng), seat)
        if state.to_move is None:
            break
        if state.to_move is acreage.CHANCE:
            state = game.apply_move(state, sample(game.chance_outcomes(state), rng))
        else:
            moves = game.legal_moves(state)
            state = game.apply_move(state, moves[rng.randrange(len(moves))])
    won = game.winners(state)
    for seat in range(players):
        assert game.evaluate(state, seat) == (1 / len(won) if seat in won else 0.0)
    assert game.end_reason(state) in END_REASONS[name]
    assert spent / calls < 0.002  # cheap: tens of microseconds, with room for a busy machine
    with pytest.raises(acreage.SeatError):
        game.evaluate(state, players)


def test_evaluate_prefers_the_leader() -> None:
    from acreage import fence_em_in as fei

    rng = random.Random(4)
    state = fei.new_game(fei.Rules(players=2))
    while state.round < 5:
        if state.to_move is acreage.CHANCE:
            state = fei.apply_move(state, sample(fei.chance_outcomes(state), rng))
        else:
            moves = fei.legal_moves(state)
            state = fei.apply_move(state, moves[rng.randrange(len(moves))])
    a, b = fei.evaluate(state, 0), fei.evaluate(state, 1)
    assert a + b == pytest.approx(1.0)  # with two players, one's lead is the other's deficit
    sheets = fei.score_sheets(state)
    if sheets[0].total > sheets[1].total + 5:
        assert a > 0.5 > b
    elif sheets[1].total > sheets[0].total + 5:
        assert b > 0.5 > a
