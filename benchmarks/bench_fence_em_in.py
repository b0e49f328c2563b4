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

from _common import compare

from acreage import fence_em_in as fei


def main(seconds: float = 3.0) -> int:
    configs = {f"{n} players": fei.Rules(players=n) for n in (2, 3, 4)}
    ok = compare("Fence Em In random playouts", fei.GAME, configs, seconds)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0))
