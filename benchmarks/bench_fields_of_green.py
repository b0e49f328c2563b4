"""Random playouts of Fields of Green against python-chess, measured in the same run.

Prints games/s, decisions/s (player moves; chance moves count against the game)
and python-chess plies/s for 2, 3 and 4 players. Target: decisions/s at least
2x python-chess plies/s.
"""

from __future__ import annotations

import sys

from _common import compare

from acreage import fields_of_green as fog


def main(seconds: float = 3.0) -> int:
    configs = {f"{n} players": fog.Rules(players=n) for n in (2, 3, 4)}
    ok = compare("Fields of Green random playouts", fog.GAME, configs, seconds)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0))
