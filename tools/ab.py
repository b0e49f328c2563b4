"""A/B speed of two source trees: the same seeded random games, alternated, side by side.

Before and after a change that must not slow a game (or must speed it up by
at least 2%), freeze the old source and compare::

    mkdir -p /tmp/base && git archive HEAD src | tar -x -C /tmp/base
    python tools/ab.py /tmp/base/src src fence-em-in players=4 --games 5 --rounds 30

Each side is a persistent worker process importing acreage from its own tree.
In every round both play the same ``--games`` seeded random games (legal moves
and apply, chance sampled with its exact probabilities), in process CPU time
with the garbage collector off, and the order of the two sides alternates from
round to round. So a burst of load weighs on both alike, and the median of the
per-round ratios is the figure to read; on a busy machine single rounds move
by tens of per cent.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from typing import Any

WORKER = r"""
import gc, json, random, sys, time
import acreage
from acreage.core.chance import sample
from acreage.core.game import CHANCE

game = acreage.get_game(sys.argv[1])
rules = game.rules(**json.loads(sys.argv[2]))
legal_moves, apply_move, outcomes = game.legal_moves, game.apply_move, game.chance_outcomes
for line in sys.stdin:
    seed, games = map(int, line.split())
    gc.disable()
    start, decisions = time.process_time(), 0
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        state = game.new_game(rules)
        while (who := state.to_move) is not None:
            if who is CHANCE:
                move = sample(outcomes(state), rng)
            else:
                options = legal_moves(state)
                move = options[rng.randrange(len(options))]
                decisions += 1
            state = apply_move(state, move)
    seconds = time.process_time() - start
    gc.enable()
    gc.collect()
    print(decisions, seconds, flush=True)
"""


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", help="the old tree's src folder")
    parser.add_argument("new", help="the new tree's src folder")
    parser.add_argument("game", help="a registered game name, e.g. fence-em-in")
    parser.add_argument("rules", nargs="*", help="Rules fields as key=value (JSON values)")
    parser.add_argument("--games", type=int, default=5, help="games per side per round")
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args(argv)
    rules = {}
    for item in args.rules:
        key, sep, value = item.partition("=")
        if not sep:
            parser.error(f"a Rules field is key=value, not {item!r}")
        rules[key] = _value(value)
    for src in (args.old, args.new):
        # Without the package there, the worker would import whatever acreage is
        # installed and compare it with itself, silently.
        if not os.path.isfile(os.path.join(src, "acreage", "__init__.py")):
            parser.error(f"{src!r} holds no acreage package: give a tree's src folder")
    sides = {}
    for side, src in (("old", args.old), ("new", args.new)):
        env = {**os.environ, "PYTHONPATH": src, "PYTHONHASHSEED": "0"}
        sides[side] = subprocess.Popen(
            [sys.executable, "-c", WORKER, args.game, json.dumps(rules)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
    results: dict[str, list[tuple[int, float]]] = {"old": [], "new": []}
    try:
        for r in range(args.rounds):
            for side in ("old", "new") if r % 2 == 0 else ("new", "old"):
                worker = sides[side]
                assert worker.stdin is not None
                assert worker.stdout is not None
                worker.stdin.write(f"{r} {args.games}\n")
                worker.stdin.flush()
                reply = worker.stdout.readline().split()
                if not reply:
                    print(f"the {side} worker stopped (see its error above)", file=sys.stderr)
                    return 1
                results[side].append((int(reply[0]), float(reply[1])))
    finally:
        for worker in sides.values():
            if worker.stdin is not None:
                worker.stdin.close()
            worker.wait()
    for side, rows in results.items():
        decisions = sum(d for d, _ in rows)
        seconds = sum(s for _, s in rows)
        print(f"{side}: {decisions / seconds:,.0f} decisions/s")
    ratios = [old[1] / new[1] for old, new in zip(results["old"], results["new"], strict=True)]
    print(
        f"new/old speed: median {statistics.median(ratios):.3f}, mean {statistics.mean(ratios):.3f},"
        f" rounds from {min(ratios):.3f} to {max(ratios):.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
