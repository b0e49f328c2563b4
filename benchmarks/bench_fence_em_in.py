"""Fence Em In random playouts against python-chess random playouts.

Prints games/s and decisions/s for 2, 3 and 4 players, python-chess plies/s
measured in the same run, and the ratio. Target: decisions/s at least twice
python-chess plies/s.
"""

from __future__ import annotations

import sys

from _common import chess_plies_per_second, random_playouts, report

from acreage import fence_em_in as fei


def main(seconds: float = 3.0) -> int:
    # python-chess is timed before and after, so a change in the machine's load
    # during the run weighs on both sides alike.
    before = chess_plies_per_second(seconds / 2)
    results = {
        f"{n} players": random_playouts(fei.GAME, fei.Rules(players=n), seconds, seed=n)
        for n in (2, 3, 4)
    }
    chess_rate = (before + chess_plies_per_second(seconds / 2)) / 2
    ok = report("Fence Em In random playouts", results, chess_rate)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0))
