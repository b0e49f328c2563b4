"""``make soak``: long random runs of every game setup through the soak invariants.

    python tools/soak.py                       # 10,000 playouts per setup, all cores
    python tools/soak.py --playouts 500 fence-em-in
    python tools/soak.py --workers 1 --out soak-failures
    python tools/soak.py crazy-farmers --setup "players=3"   # one setup (its label, as printed)

For every game, player count and mode (``tools/setups.py``) it runs
``acreage.testing.soak``: seeded random playouts whose every state is
checked (see its docstring), each game replayed from its record at the end.
Work is split in chunks over a process pool. It prints one line per setup
(games, decisions, errors, seconds, peak memory of the busiest worker) and
a total; every failure is saved as a replayable record (JSON) in ``--out``.
Exit status 0 when nothing failed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

from setups import SETUPS, label

import acreage
from acreage.testing import soak

CHUNK = 250
"""Playouts per task: small enough to spread over the workers, large enough to amortise setup."""


def _run(job: tuple[str, dict[str, Any], int, str]) -> tuple[int, int, int, list[Any], int]:
    name, options, playouts, seed = job
    game = acreage.get_game(name)
    report = soak(game, game.rules(**options), playouts=playouts, seed=seed)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return report.games, report.decisions, report.moves, list(report.failures), peak_kb


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", nargs="*", help="games to soak (default: all)")
    p.add_argument("--playouts", type=int, default=10_000, help="per setup (default 10000)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", default="soak-failures", help="folder for failing records")
    p.add_argument(
        "--setup",
        action="append",
        default=[],
        metavar="LABEL",
        help="only the setups with this label, as the table prints it (repeatable)",
    )
    args = p.parse_args(argv)
    unknown = sorted(set(args.game) - set(SETUPS))
    if unknown:
        p.error(f"unknown game(s): {', '.join(unknown)}; the games are {', '.join(sorted(SETUPS))}")
    labels = {label(options) for name in args.game or SETUPS for options in SETUPS[name]}
    missing = sorted(set(args.setup) - labels)
    if missing:
        p.error(
            f"no setup labelled {', '.join(missing)}; the labels are {', '.join(sorted(labels))}"
        )
    out = Path(args.out)
    jobs: dict[tuple[str, str], list[tuple[str, dict[str, Any], int, str]]] = {}
    for name in args.game or sorted(SETUPS):
        for options in SETUPS[name]:
            if args.setup and label(options) not in args.setup:
                continue
            chunks = jobs.setdefault((name, label(options)), [])
            for k, first in enumerate(range(0, args.playouts, CHUNK)):
                n = min(CHUNK, args.playouts - first)
                chunks.append((name, options, n, f"soak/{k}"))
    print(
        f"{'game':<16} {'setup':<38} {'games':>7} {'decisions':>11} {'errors':>6}"
        f" {'seconds':>8} {'peak MB':>8}",
        flush=True,
    )
    start = time.perf_counter()
    totals = [0, 0, 0]
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = {key: [pool.submit(_run, job) for job in chunk] for key, chunk in jobs.items()}
        for (name, setup), fs in futures.items():
            t0 = time.perf_counter()
            games = decisions = errors = peak = 0
            for f in fs:
                g, d, _, failures, peak_kb = f.result()
                games += g
                decisions += d
                errors += len(failures)
                peak = max(peak, peak_kb)
                for seed, message, record in failures:
                    out.mkdir(parents=True, exist_ok=True)
                    path = out / f"{name}-{setup.replace(' ', '-')}-{seed.replace('/', '-')}.json"
                    path.write_text(record + "\n", encoding="utf-8")
                    print(f"  FAIL {name} {setup} seed {seed}: {message[:200]} -> {path}")
            totals[0] += games
            totals[1] += decisions
            totals[2] += errors
            print(
                f"{name:<16} {setup:<38} {games:>7} {decisions:>11} {errors:>6}"
                f" {time.perf_counter() - t0:>8.1f} {peak / 1024:>8.1f}",
                flush=True,
            )
    print(
        f"{'total':<55} {totals[0]:>7} {totals[1]:>11} {totals[2]:>6}"
        f" {time.perf_counter() - start:>8.1f}"
    )
    return 1 if totals[2] else 0


if __name__ == "__main__":
    sys.exit(main())
