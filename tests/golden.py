"""Compare text against a golden file under tests/golden/.

Set ACREAGE_UPDATE_GOLDEN=1 to (re)write the files; then review the diff
with git before committing it.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("ACREAGE_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        raise AssertionError(f"{path} is missing; run with ACREAGE_UPDATE_GOLDEN=1 to create it")
    expected = path.read_text(encoding="utf-8")
    if expected != text:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                text.splitlines(keepends=True),
                fromfile=str(path),
                tofile="now",
                n=2,
            )
        )
        raise AssertionError(f"{name} differs from its golden file:\n{diff[:6000]}")
