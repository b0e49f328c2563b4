"""The sdist takes every file the project tracks under its folders (MANIFEST.in)."""

from __future__ import annotations

import fnmatch
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
FOLDERS = ("docs", "examples", "tests", "tools", "benchmarks")


def _taken_by_manifest() -> tuple[list[str], list[tuple[str, list[str]]], set[str]]:
    grafts: list[str] = []
    includes: list[tuple[str, list[str]]] = []
    files: set[str] = set()
    for line in (ROOT / "MANIFEST.in").read_text().splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "graft":
            grafts.append(words[1])
        elif words[0] == "recursive-include":
            includes.append((words[1], words[2:]))
        elif words[0] == "include":
            files.update(words[1:])
        else:
            pytest.fail(f"MANIFEST.in: this test does not know {words[0]!r}")
    return grafts, includes, files


def test_the_sdist_takes_every_tracked_file() -> None:
    try:
        listed = subprocess.run(
            ["git", "ls-files", *FOLDERS], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout (an unpacked sdist, say)")
    grafts, includes, files = _taken_by_manifest()
    left_out = [
        path
        for path in listed
        if path not in files
        and not any(path.startswith(f"{g}/") for g in grafts)
        and not any(
            path.startswith(f"{folder}/") and fnmatch.fnmatch(Path(path).name, pattern)
            for folder, patterns in includes
            for pattern in patterns
        )
    ]
    assert not left_out, f"add their kind to MANIFEST.in: {left_out}"
    for name in files:
        assert (ROOT / name).exists(), f"MANIFEST.in includes {name}, which does not exist"
