"""The demo behind `make demo`: random simulations of every bundled game, with a summary.

Each game is played by random agents for every player count it supports;
the table shows wins by seat, mean scores, decisions per game and speed.
"""

from __future__ import annotations

import sys

import acreage


def main(games_per_setting: int = 20) -> int:
    bundled = acreage.games()
    if not bundled:
        print("no games are bundled yet")
        return 1
    for game in bundled.values():
        print(f"== {game.title} ==")
        for players in (1, 2, 3, 4):
            try:
                rules = game.rules(players=players)
            except acreage.RulesError:
                continue
            sim = acreage.simulate(
                game, games_per_setting, rules=rules, seed="demo", progress=False
            )
            print(sim.table())
            example = sim.results[0]
            print(
                f"  e.g. game 0: scores {example.scores}, winners {example.winners}, {example.moves} moves"
            )
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
