"""A million-game balance study on one machine: streamed to disk, resumable, analysed.

Every seat of Fence Em In is played by the random agent; the question is how
much the seat order matters. The games stream to a Parquet results file (CSV
without pyarrow) as they finish, so memory stays flat and a stopped run loses
nothing: run the script again and it continues where it stopped.

    python examples/million_game_study.py [GAMES] [DIRECTORY]

GAMES is 1,000,000 unless given (a few hours on a laptop's cores); try 2000
first. DIRECTORY keeps the files (a new temporary directory unless given).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path

import acreage
from acreage.play import WORKERS_LIMIT


def main(games: int, directory: Path) -> int:
    suffix = "parquet" if importlib.util.find_spec("pyarrow") else "csv"
    results = directory / f"fence-em-in.{suffix}"
    sim = acreage.simulate(
        "fence-em-in",
        games,
        seed="study",
        workers=min(os.cpu_count() or 1, WORKERS_LIMIT),
        results=results,
        resume=True,  # a run stopped part way goes on from its next game
    )
    print(sim.table())
    print(f"results in {results}")
    # Later, or in a notebook: the file alone gives the same summary and every row.
    study = acreage.load_results(results)
    assert study.summary == sim.summary
    if importlib.util.find_spec("pandas"):
        frame = study.to_dataframe()
        by_end = frame.groupby("end")[["win_0", "win_1", "decisions"]].mean()
        print("\nwin rate of each seat and mean length, by how the game ended:")
        print(by_end.round(3).to_string())
    return 0


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    where = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(tempfile.mkdtemp(prefix="acreage-"))
    sys.exit(main(count, where))
