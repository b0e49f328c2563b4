"""Crazy Farmers random playouts against python-chess random playouts.

Prints games/s and decisions/s for 2, 3 and 4 players (regular games), for
the Mad Cow mode solo and with 2 to 4 players, python-chess plies/s measured
in the same run, and the ratio. Target: decisions/s at least twice
python-chess plies/s. Chance nodes (card draws, the Cow's cards) are played
too and their time counts against the game.
"""

from __future__ import annotations

import sys

from _common import chess_plies_per_second, random_playouts, report

from acreage import crazy_farmers as cf


def main(seconds: float = 3.0) -> int:
    chess_rate = chess_plies_per_second(seconds)
    results = {
        f"{n} players": random_playouts(cf.GAME, cf.Rules(players=n), seconds, seed=n)
        for n in (2, 3, 4)
    }
    ok = report("Crazy Farmers random playouts", results, chess_rate)
    mad_cow = {
        ("solo" if n == 1 else f"{n} players co-op"): random_playouts(
            cf.GAME, cf.Rules(players=n, mode="mad-cow"), seconds, seed=n
        )
        for n in (1, 2, 3, 4)
    }
    ok = report("Crazy Farmers Mad Cow random playouts", mad_cow, chess_rate) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0))
