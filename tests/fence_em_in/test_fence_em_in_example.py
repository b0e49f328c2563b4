"""The runnable example keeps running."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "fence_em_in_example.py"


def test_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "Game over after round" in out
    assert "player 0: " in out and " placement + " in out
    assert "the record replays exactly" in out
