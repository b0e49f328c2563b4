"""Get Off My Land! random playouts against python-chess, for 2, 3 and 4 players.

Prints games/s, decisions/s (player decisions; chance outcomes cost time but
are not counted) and python-chess plies/s measured in the same run. Target:
decisions/s at least 2x python-chess plies/s.
"""

from __future__ import annotations

import sys

from _common import chess_plies_per_second, random_playouts, report

from acreage.get_off_my_land import GAME, Rules


def main(seconds: float = 3.0) -> int:
    chess = chess_plies_per_second(seconds)
    results = {
        f"{n} players": random_playouts(GAME, Rules(players=n), seconds=seconds) for n in (2, 3, 4)
    }
    report("Get Off My Land! random playouts", results, chess)
    return 0


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0))
