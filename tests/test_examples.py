"""Every script in examples/ runs to the end without error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import acreage

EXAMPLES = Path(__file__).parent.parent / "examples"
# Small counts: the studies take a million games unless told.
ARGS = {"demo.py": ["2"], "million_game_study.py": ["300"], "dask_study.py": ["200"]}


@pytest.mark.parametrize("script", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_example_runs(script: str) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *ARGS.get(script, [])],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip()


BUNDLED = sorted(
    name for name in acreage.games() if name != "dots-and-boxes"
)  # that one lives in tests/


@pytest.mark.parametrize("name", BUNDLED)
def test_quickstart_runs_every_game(name: str) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "quickstart.py"), name],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "scores" in done.stdout
