"""Get Off My Land! random playouts against python-chess, for 2, 3 and 4 players.

Prints games/s, decisions/s (player decisions; chance outcomes cost time but
are not counted) and python-chess plies/s measured in the same run. Target:
decisions/s at least 2x python-chess plies/s.
"""

from __future__ import annotations

import sys

from _common import compare

from acreage.get_off_my_land import GAME, Rules


def main(seconds: float = 3.0) -> int:
    configs = {f"{n} players": Rules(players=n) for n in (2, 3, 4)}
    ok = compare("Get Off My Land! random playouts", GAME, configs, seconds)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0))
