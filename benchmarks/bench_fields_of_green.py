"""Random playouts of Fields of Green against python-chess, measured in the same run.

Prints games/s, decisions/s (player moves; chance moves count against the game)
and python-chess plies/s for 2, 3 and 4 players. Target: decisions/s at least
2x python-chess plies/s.
"""

from __future__ import annotations

import sys

from _common import chess_plies_per_second, random_playouts, report

from acreage import fields_of_green as fog


def main(seconds: float = 5.0) -> int:
    chess_rate = chess_plies_per_second(seconds)
    results = {
        f"{n} players": random_playouts(fog.GAME, fog.Rules(players=n), seconds=seconds)
        for n in (2, 3, 4)
    }
    ok = report("Fields of Green: random playouts", results, chess_rate)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0))
