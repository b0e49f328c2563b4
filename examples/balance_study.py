"""A balance study end to end: does a house rule change who wins Fence Em In?

The 2-player bag of the rulebook can be read two ways (ruling 2): with 7 hay
tokens, or with no hay at all (``NO_HAY_BAG``). This study plays the same
seeded games under both readings with the same agent in both seats, then
prints each seat's win rate with its 95% interval, the score and length
distributions, how the games ended, and every difference between the two
readings with its interval. A chart of it all is written as SVG (with
matplotlib installed: ``pip install acreage[plot]``).

    python examples/balance_study.py [CHART.svg] [GAMES]

The same study from the command line::

    acreage balance fence-em-in --players 2 --agent greedy --games 200 \\
        --against-rule bag='{"cow": 4, "sheep": 7, "chicken": 9, "corn": 7, "grain": 7, "barn": 1, "granary": 1}' \\
        --chart balance.svg
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path

import acreage
from acreage import fence_em_in as fei


def main(chart: Path, games: int) -> None:
    printed = fei.Rules(players=2)
    no_hay = fei.Rules(players=2, bag=fei.NO_HAY_BAG)
    # Greedy keeps the example quick; "mcts:iterations=100" plays better and slower.
    study = acreage.balance(fei.GAME, "greedy", games, rules=printed, against=no_hay, seed=7)
    print(study.table())

    # The differences as data: which of them the two readings really change.
    changed = [d.name for d in study.differences() if d.significant]
    print()
    print("changed beyond chance:", ", ".join(changed) or "nothing")

    if importlib.util.find_spec("matplotlib") is None:
        print("(no chart: pip install acreage[plot])")
        return
    study.chart().save(chart)
    print(f"chart written to {chart}")


if __name__ == "__main__":
    target = (
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else Path(tempfile.mkdtemp(prefix="acreage-")) / "balance_study.svg"
    )
    main(target, int(sys.argv[2]) if len(sys.argv) > 2 else 20)
