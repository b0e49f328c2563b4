"""tools/ab.py, the A/B speed tool: it runs both trees and refuses a folder with no package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]
TOOL = ROOT / "tools" / "ab.py"
SRC = str(ROOT / "src")


def _ab(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=120
    )


def test_two_trees_play_the_same_games_and_the_ratio_is_printed() -> None:
    done = _ab(SRC, SRC, "fence-em-in", "players=3", "--games", "1", "--rounds", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("old: ") and lines[1].startswith("new: ")
    assert lines[2].startswith("new/old speed: median ")


def test_a_folder_without_the_package_is_refused_not_measured(tmp_path: Path) -> None:
    done = _ab(str(tmp_path), SRC, "fence-em-in")
    assert done.returncode == 2
    assert f"{str(tmp_path)!r} holds no acreage package" in done.stderr
    assert done.stdout == ""
