"""The demo behind `make demo`: random simulations of every bundled game, with a summary.

Each game is played by random agents for every player count it supports,
and again in each of its other modes (Crazy Farmers' solo/co-op Mad Cow);
the table shows wins by seat, mean scores, decisions per game and speed.
"""

from __future__ import annotations

import sys

import acreage

MODES: dict[str, tuple[dict[str, str], ...]] = {
    "crazy-farmers": ({}, {"mode": "mad-cow"}),
}
"""Rules options a game is also shown with; every other game plays its defaults."""


def main(games_per_setting: int = 20) -> int:
    bundled = acreage.games()
    if not bundled:
        print("no games are bundled yet")
        return 1
    for game in bundled.values():
        for options in MODES.get(game.name, ({},)):
            mode = ", ".join(f"{k} {v}" for k, v in options.items())
            print(f"== {game.title}{f' ({mode})' if mode else ''} ==")
            for players in (1, 2, 3, 4):
                try:
                    rules = game.rules(players=players, **options)
                except acreage.RulesError:
                    continue
                sim = acreage.simulate(
                    game, games_per_setting, rules=rules, seed="demo", progress=False
                )
                print(sim.table())
                example = (sim.rows or ())[0]
                print(
                    f"  e.g. game 0: scores {example.scores}, winners {example.winners},"
                    f" {example.moves} moves"
                )
                print()
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
