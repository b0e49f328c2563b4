"""Fence Em In random playouts against python-chess random playouts.

Prints games/s and decisions/s for 2, 3 and 4 players, python-chess plies/s
measured in the same run, and the ratio. Target: decisions/s at least twice
python-chess plies/s.

The measurements are interleaved in short slices (chess, 2, 3 and 4 players,
again and again) and averaged, so a change in the machine's load during the
run weighs on every side alike.
"""

from __future__ import annotations

import sys
from collections import defaultdict

from _common import chess_plies_per_second, random_playouts, report

from acreage import fence_em_in as fei

SLICES = 6


def main(seconds: float = 3.0) -> int:
    step = seconds / SLICES
    chess = 0.0
    sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for i in range(SLICES):
        chess += chess_plies_per_second(step, seed=i) / SLICES
        for n in (2, 3, 4):
            result = random_playouts(fei.GAME, fei.Rules(players=n), step, seed=100 * n + i)
            for key, value in result.items():
                sums[f"{n} players"][key] += value / SLICES
    ok = report("Fence Em In random playouts", {k: dict(v) for k, v in sums.items()}, chess)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0))
