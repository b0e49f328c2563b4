"""Every Python example in the documentation runs as written.

Each page runs in a fresh interpreter with only the installed acreage, as a
reader would run it (the test suite registers a toy game that a reader does
not have), in a scratch directory so that files an example writes land
nowhere. See ``markdown_examples.py`` for what counts as an example and how
a block opts out.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from markdown_examples import opt_out_reason, python_blocks

ROOT = Path(__file__).parent.parent
PAGES = sorted(
    [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")],
    key=lambda p: p.relative_to(ROOT).as_posix(),
)
PAGES_WITH_CODE = [p for p in PAGES if python_blocks(p)]
RUNNER = Path(__file__).with_name("markdown_examples.py")


@pytest.mark.parametrize(
    "page", PAGES_WITH_CODE, ids=[p.relative_to(ROOT).as_posix() for p in PAGES_WITH_CODE]
)
def test_page_examples_run(page: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(RUNNER), str(page)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]


def test_every_example_is_found() -> None:
    # The pages that must hold runnable examples still do, and no example hides
    # behind another fence name (```py would silently run nothing).
    names = {p.relative_to(ROOT).as_posix() for p in PAGES_WITH_CODE}
    assert {"docs/contract.md", "docs/getting-started.md", "docs/testing.md"} <= names
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"^[ \t]*```(py|python3|pycon|ipython)[ \t]*$", text, re.M), (
            f"{page}: mark examples ```python so that they run"
        )


def test_opt_outs_are_rare_and_give_a_reason() -> None:
    opted = [
        (page.name, line, opt_out_reason(code))
        for page in PAGES
        for line, code in python_blocks(page)
        if opt_out_reason(code) is not None
    ]
    assert all(reason for _, _, reason in opted), opted
    assert len(opted) <= 3, opted
