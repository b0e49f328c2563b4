"""simulate's speed and scale: overhead, parallel speed-up, Dask, memory while streaming.

One run prints every figure and whether each target is met:

* ``simulate(workers=1)`` against a bare playout loop (the same games, the
  same seeds, each game's scores and winners taken, nothing kept): within
  10% of its games/s. Both run in this
  process, interleaved in rounds, timed in CPU time.
* ``simulate(workers=2)`` at least 1.8x ``workers=1``, and a Dask
  ``LocalCluster`` of 2 worker processes at least 1.6x, in wall-clock time,
  interleaved in rounds. These need 2 idle cores: the machine's load average
  is printed beside them (a busy Linux machine may share its cores among
  sessions, not processes: more workers then gain little). What is measured is the
  steady state a study sees: the cluster is long-lived, so it is started and
  warmed (a run of the same size) before the clock starts, and each run plays
  2,000 games (``--parallel-games``), about a second on 2 workers, beside which
  a run's fixed costs are small: the first game's round trip before chunks can
  be sized, the last chunks, and with Dask some 5 ms of CPU a chunk between
  client, scheduler and worker, on the same 2 cores. Runs of 400 games reach
  about 1.45x with Dask.
* Fence Em In games streamed to a Parquet results file and a records file
  with 2 workers: the growth of this process's peak memory (resident set)
  must stay under 100 MB. 200,000 games by default; ``--streamed N`` for a
  quick run.

    python benchmarks/bench_simulate.py [--games N] [--parallel-games N] [--rounds R]
                                        [--streamed N]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import acreage
from acreage.core.chance import sample
from acreage.core.game import CHANCE

GAME = "fence-em-in"
OVERHEAD_TARGET = 0.90
WORKERS_TARGET = 1.8
DASK_TARGET = 1.6
MEMORY_TARGET_MB = 100.0


def bare_loop(game: acreage.Game[Any, Any, Any], rules: Any, seed: str, games: int) -> float:
    """Play ``games`` random games as simulate does and take their scores and winners,
    with nothing around them (the loop a user would write); the CPU seconds taken."""
    start = time.process_time()
    for i in range(games):
        chance_rng = random.Random(f"acreage:{seed}/{i}:chance")
        agent_rng = random.Random(f"acreage:{seed}/{i}:agents")
        state = game.new_game(rules)
        while (who := state.to_move) is not None:
            if who is CHANCE:
                move = sample(game.chance_outcomes(state), chance_rng)
            else:
                moves = game.legal_moves(state)
                move = moves[agent_rng.randrange(len(moves))]
            state = game.apply_move(state, move)
        game.scores(state), game.winners(state)
    return time.process_time() - start


def overhead(games: int, rounds: int) -> bool:
    game = acreage.get_game(GAME)
    rules = game.rules()
    bare = sim = 0.0
    for r in range(rounds):
        bare += bare_loop(game, rules, f"o{r}", games)
        start = time.process_time()
        acreage.simulate(game, games, seed=f"o{r}", keep="summary", progress=False)
        sim += time.process_time() - start
    played = games * rounds
    ratio = bare / sim
    ok = ratio >= OVERHEAD_TARGET
    print(f"one worker, {played:,} {GAME} games in {rounds} interleaved rounds (CPU time):")
    print(f"  bare playout loop   {played / bare:8.1f} games/s")
    print(
        f"  simulate(workers=1) {played / sim:8.1f} games/s: {ratio:.1%} of the bare loop"
        f" (target >= {OVERHEAD_TARGET:.0%}) {'OK' if ok else 'BELOW TARGET'}"
    )
    return ok


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def parallel(games: int, rounds: int) -> bool:
    distributed = _distributed()
    print(f"parallel, {games:,} {GAME} games a run, {rounds} interleaved rounds (wall clock):")
    print(f"  before: {_load()}")
    seconds = {"workers=1": 0.0, "workers=2": 0.0, "dask 2 processes": 0.0}
    cluster = client = None
    if distributed is not None:
        cluster = distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        )
        client = distributed.Client(cluster)
        # A cluster is long-lived: its steady state is measured, after its workers have
        # started, imported acreage and played a run's worth of games (as the forked
        # workers of workers=2 start with this process's modules and caches).
        acreage.simulate(GAME, games, seed="warm", client=client, progress=False)
    try:
        for r in range(rounds):
            for label, how in (
                ("workers=1", {}),
                ("workers=2", {"workers": 2}),
                ("dask 2 processes", {"client": client}),
            ):
                if label.startswith("dask") and client is None:
                    continue
                start = time.perf_counter()
                acreage.simulate(GAME, games, seed=f"p{r}", progress=False, **how)
                seconds[label] += time.perf_counter() - start
    finally:
        if client is not None and cluster is not None:
            client.close()
            cluster.close()
    print(f"  after:  {_load()}")
    base = seconds["workers=1"]
    ok = True
    for label, target in (
        ("workers=1", None),
        ("workers=2", WORKERS_TARGET),
        ("dask 2 processes", DASK_TARGET),
    ):
        if not seconds[label]:
            print(f"  {label}: not measured (pip install acreage[dask])")
            ok = False
            continue
        rate = games * rounds / seconds[label]
        line = f"  {label:<17} {rate:8.1f} games/s"
        if target is not None:
            speedup = base / seconds[label]
            met = speedup >= target
            ok &= met
            line += (
                f": {speedup:.2f}x one worker (target >= {target}x)"
                f" {'OK' if met else 'BELOW TARGET'}"
            )
        print(line)
    return ok


def _distributed() -> Any:
    try:
        return importlib.import_module("distributed")
    except ImportError:
        return None


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux


def streamed(games: int) -> bool:
    parquet = importlib.util.find_spec("pyarrow") is not None
    with tempfile.TemporaryDirectory() as tmp:
        out, results = (
            Path(tmp, "games.jsonl"),
            Path(tmp, f"results.{'parquet' if parquet else 'csv'}"),
        )
        acreage.simulate(GAME, 50, workers=2, out=out, results=results, progress=False)
        out.unlink()
        results.unlink()
        before = _peak_mb()
        start = time.perf_counter()
        sim = acreage.simulate(
            GAME, games, seed="stream", workers=2, out=out, results=results, progress=None
        )
        seconds = time.perf_counter() - start
        growth = _peak_mb() - before
        sizes = f"{out.stat().st_size / 2**20:,.0f} MB of records, {results.stat().st_size / 2**20:,.1f} MB of results"
    ok = growth < MEMORY_TARGET_MB
    print(
        f"streaming {sim.games:,} {GAME} games with 2 workers to {results.suffix[1:]} and JSON lines:"
    )
    print(f"  {seconds:,.0f} s ({sim.games / seconds:,.1f} games/s); {sizes}; {_load()}")
    print(
        f"  peak memory of this process grew {growth:,.1f} MB"
        f" (target < {MEMORY_TARGET_MB:.0f} MB) {'OK' if ok else 'ABOVE TARGET'}"
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games a run, one worker")
    parser.add_argument(
        "--parallel-games", type=int, default=2000, help="games a run, 2 workers and Dask"
    )
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--streamed", type=int, default=200_000, help="games streamed")
    args = parser.parse_args(argv)
    ok = overhead(args.games, args.rounds)
    print()
    ok &= parallel(args.parallel_games, args.rounds)
    print()
    ok &= streamed(args.streamed)
    print()
    print("every target met" if ok else "some target not met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
