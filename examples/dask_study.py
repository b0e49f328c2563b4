"""The million-game study on a Dask cluster: the same games, the same files, more machines.

Start a scheduler and workers (each with acreage installed), then point this
script at the scheduler:

    dask scheduler                               # on one machine: tcp://HOST:8786
    dask worker tcp://HOST:8786 --nthreads 1     # on every machine, once per core
    python examples/dask_study.py [GAMES] [tcp://HOST:8786]

Without an address the script starts a cluster of 2 worker processes on this
machine (``LocalCluster``), which is also how to try it. The games travel to
the workers in chunks and come back as result rows; this process writes the
results file, so a stopped run resumes as on one machine. The rows are the
same, byte for byte but for their timings, as on one process.
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path

from dask.distributed import Client, LocalCluster

import acreage


def main(games: int, address: str | None) -> int:
    suffix = "parquet" if importlib.util.find_spec("pyarrow") else "csv"
    results = Path(tempfile.mkdtemp(prefix="acreage-")) / f"fence-em-in.{suffix}"
    if address is None:
        cluster = LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    else:
        cluster, client = None, Client(address)
    try:
        sim = acreage.simulate(
            "fence-em-in", games, seed="study", client=client, results=results, resume=True
        )
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    print(sim.table())
    print(f"results in {results}")
    # The same seeds on one process give the same rows.
    here = acreage.simulate("fence-em-in", min(games, 50), seed="study").rows or ()
    assert (acreage.load_results(results).rows or ())[: len(here)] == here
    return 0


if __name__ == "__main__":  # LocalCluster's worker processes import this file
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    sys.exit(main(count, sys.argv[2] if len(sys.argv) > 2 else None))
