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


def test_module_docstring_example_runs() -> None:
    """The example at the top of ``acreage.fence_em_in`` plays a whole game.

    (Taking the first outcome at chance nodes too would make tied players
    all roll 1 for the turn order until their re-rolls run out.)
    """
    from acreage import fence_em_in as fei

    doc = fei.__doc__ or ""
    block = doc.split("::\n", 1)[1].split("\nSee ", 1)[0]
    code = "\n".join(line[4:] for line in block.splitlines())
    namespace: dict[str, object] = {}
    exec(code, namespace)
    state = namespace["state"]
    assert fei.is_terminal(state)  # type: ignore[arg-type]
