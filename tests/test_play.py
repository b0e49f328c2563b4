from __future__ import annotations

import concurrent.futures
import inspect
import multiprocessing
import os
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import dots_and_boxes as dab
from acreage import FirstMoveAgent, GameError, RandomAgent, UnknownGameError, play, simulate
from acreage.core.record import MOVES_LIMIT
from acreage.play import WORKERS_LIMIT


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
    one = simulate(dab.GAME, 12, seed="s", keep="records")
    two = simulate(dab.GAME, 12, seed="s", workers=2, keep="records")
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        threads = simulate("dots-and-boxes", 12, seed="s", executor=pool, keep="records")
    assert one.rows is not None and one.records is not None and two.records is not None
    assert one == two == threads
    assert one.records == two.records == threads.records
    assert [r.metadata["seed"] for r in one.records] == [f"s/{i}" for i in range(12)]
    assert [r.seed for r in one.rows] == [f"s/{i}" for i in range(12)]
    assert sum(one.wins()) == 12
    assert one.mean_decisions() == 12.0
    table = one.table()
    assert "dots-and-boxes: 12 games, 2 players" in table and "games/s" in table


def test_simulate_rejects_negative_games() -> None:
    with pytest.raises(ValueError, match=">= 0"):
        simulate(dab.GAME, -1)
    assert simulate(dab.GAME, 0).rows == ()


def test_simulate_bounds_workers() -> None:
    for workers in (0, WORKERS_LIMIT + 1, 10**30):
        with pytest.raises(ValueError, match=f"workers must be 1 to {WORKERS_LIMIT}"):
            simulate(dab.GAME, 2, workers=workers)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"games": True}, "games must be a whole number >= 0, not True"),
        ({"executor": "pool", "client": "cluster"}, "give an executor or a Dask client, not both"),
        ({"keep": "all"}, "keep is one of summary, rows, records, not 'all'"),
        ({"resume": True}, "resume continues the files of a run: give out or results"),
        ({"seed": "a\nb"}, "a seed holds no line break"),
        # The first argument that does not fit is the one named.
        ({"games": -1, "keep": "all", "seed": "\r"}, "games must be"),
        ({"workers": 0, "keep": "all"}, "workers must be"),
        ({"keep": "all", "resume": True}, "keep is one of"),
        ({"resume": True, "seed": "\n"}, "resume continues"),
    ],
)
def test_simulate_refuses_arguments_that_do_not_fit(
    arguments: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=f"^{message}"):
        simulate(dab.GAME, **{"games": 2, **arguments})


def test_simulate_keeps_rows_unless_writing_files(tmp_path: Path) -> None:
    assert simulate(dab.GAME, 2).rows is not None
    written = simulate(dab.GAME, 2, results=tmp_path / "rows.csv")
    assert written.rows is None and written.records is None
    kept = simulate(dab.GAME, 2, results=tmp_path / "more.csv", keep="records")
    assert kept.rows is not None and kept.records is not None and len(kept.records) == 2


class StopOrStall:
    """The first game to ask stops the run as Ctrl-C would; every other game stalls.

    Picklable, so it runs in worker processes; the flag file makes "first"
    hold across processes.
    """

    def __init__(self, flag: Path) -> None:
        self.flag = flag

    def __call__(self, state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        try:
            os.close(os.open(self.flag, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            time.sleep(60)
            return moves[0]
        raise KeyboardInterrupt


def test_an_interrupted_simulate_ends_its_workers_at_once(tmp_path: Path) -> None:
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        simulate(dab.GAME, 40, agents=StopOrStall(tmp_path / "flag"), workers=3)
    # The stalled games were cut short, not waited for.
    assert time.monotonic() - start < 15
    assert multiprocessing.active_children() == []


class CountingAgent:
    """Stops the run in the second game (as Ctrl-C would); later games are slow."""

    def __init__(self) -> None:
        self.games: list[random.Random] = []

    def __call__(self, state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        if not any(rng is seen for seen in self.games):
            self.games.append(rng)
            if len(self.games) == 2:
                raise KeyboardInterrupt
            if len(self.games) > 2:
                time.sleep(0.2)
        return moves[0]


def test_an_interrupted_simulate_cancels_the_games_left_in_a_given_executor() -> None:
    agent = CountingAgent()
    with (
        concurrent.futures.ThreadPoolExecutor(1) as pool,
        pytest.raises(KeyboardInterrupt),
    ):
        simulate(dab.GAME, 50, agents=agent, executor=pool)
    # The game running when the run stopped may finish; the other 47 never start.
    assert len(agent.games) <= 3


def test_play_stops_a_game_before_its_record_would_be_too_long() -> None:
    # A game that never ends raises GameError rather than making a record that cannot exist.
    assert inspect.signature(play).parameters["max_moves"].default == MOVES_LIMIT
