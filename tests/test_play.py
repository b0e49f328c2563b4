from __future__ import annotations

import concurrent.futures
import random
from collections.abc import Sequence
from typing import Any

import pytest

import dots_and_boxes as dab
from acreage import FirstMoveAgent, GameError, RandomAgent, UnknownGameError, play, simulate


def test_play_is_fixed_by_the_seed() -> None:
    a = play(dab.GAME, seed=11)
    b = play("dots-and-boxes", seed=11)
    assert a == b and a.state == b.state
    assert a.record.metadata == {"seed": 11}
    assert a.winners == dab.winners(a.state) and a.scores == dab.scores(a.state)
    others = {play(dab.GAME, seed=s).record.moves for s in range(8)}
    assert len(others) > 1


def test_chance_does_not_depend_on_the_agents() -> None:
    a = play(dab.GAME, agents=RandomAgent(), seed=3)
    b = play(dab.GAME, agents=FirstMoveAgent(), seed=3)
    assert a.record.moves[:2] == b.record.moves[:2]  # the secret-box deals


def test_agents_per_seat() -> None:
    seen: list[int] = []

    def spy(state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        seen.append(state.to_move)
        return moves[0]

    result = play(
        dab.GAME,
        dab.Rules(players=3, width=2, height=2),
        [spy, RandomAgent(), RandomAgent()],
        seed=1,
    )
    assert seen and set(seen) == {0}
    assert result.decisions == 12 and result.moves == 15
    with pytest.raises(ValueError, match="2 agents for 3 players"):
        play(dab.GAME, dab.Rules(players=3), [spy, spy])
    with pytest.raises(UnknownGameError, match="no game named 'go'"):
        play("go")


def test_max_moves() -> None:
    with pytest.raises(GameError, match="no end after 3 moves"):
        play(dab.GAME, max_moves=3)


def test_simulate_results_do_not_depend_on_workers() -> None:
    one = simulate(dab.GAME, 12, seed="s")
    two = simulate(dab.GAME, 12, seed="s", workers=2)
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        threads = simulate("dots-and-boxes", 12, seed="s", executor=pool)
    assert one.results == two.results == threads.results
    assert [r.record.metadata["seed"] for r in one.results] == [f"s/{i}" for i in range(12)]
    assert sum(one.wins()) == 12
    assert one.mean_decisions() == 12.0
    table = one.table()
    assert "dots-and-boxes: 12 games, 2 players" in table and "games/s" in table


def test_simulate_rejects_negative_games() -> None:
    with pytest.raises(ValueError, match=">= 0"):
        simulate(dab.GAME, -1)
    assert simulate(dab.GAME, 0).results == ()
