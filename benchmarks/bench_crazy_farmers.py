"""Crazy Farmers random playouts against python-chess random playouts.

Prints games/s and decisions/s for 2, 3 and 4 players (regular games), for
the Mad Cow mode solo and with 2 to 4 players, python-chess plies/s measured
in the same run, and the ratio. Target: decisions/s at least twice
python-chess plies/s. Chance nodes (card draws, the Cow's cards) are played
too and their time counts against the game.

The measurements are interleaved in short slices of CPU time (chess, then
each configuration, again and again), so a change in the machine's load
during the run weighs on every side alike.
"""

from __future__ import annotations

import sys

from _common import compare

from acreage import crazy_farmers as cf


def main(seconds: float = 3.0) -> int:
    competitive = {f"{n} players": cf.Rules(players=n) for n in (2, 3, 4)}
    ok = compare("Crazy Farmers random playouts", cf.GAME, competitive, seconds)
    mad_cow = {
        ("solo" if n == 1 else f"{n} players co-op"): cf.Rules(players=n, mode="mad-cow")
        for n in (1, 2, 3, 4)
    }
    ok = compare("Crazy Farmers Mad Cow random playouts", cf.GAME, mad_cow, seconds) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0))
