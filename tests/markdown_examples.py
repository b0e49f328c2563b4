"""Find and run the Python examples of a Markdown page.

A page's ```python blocks run in order in one namespace (a later block may
use what an earlier one defined). A block that must not run says so on its
first line, visibly, with the reason: ``# not run: <why>``. Blocks in other
languages (shell sessions, TOML, command-line synopses) are left alone.

``python tests/markdown_examples.py PAGE`` runs one page as a user would, in
a fresh interpreter that has only the installed acreage (none of the test
suite's set-up, such as its toy game).
"""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

# An opening fence ```python (possibly indented, as in a list item), its body,
# and the closing fence at the same indentation.
_BLOCK = re.compile(
    r"^(?P<indent>[ \t]*)```python[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S
)
_OPT_OUT = re.compile(r"#\s*not run:(?P<reason>.*)")


def python_blocks(page: Path) -> list[tuple[int, str]]:
    """The page's Python blocks: (line of the first code line, dedented code)."""
    text = page.read_text(encoding="utf-8")
    blocks = []
    for m in _BLOCK.finditer(text):
        first_line = text.count("\n", 0, m.start("body")) + 1
        blocks.append((first_line, textwrap.dedent(m.group("body"))))
    return blocks


def opt_out_reason(code: str) -> str | None:
    """The stated reason when the block's first line opts it out (maybe ""), else None."""
    first = code.split("\n", 1)[0].strip()
    m = _OPT_OUT.fullmatch(first)
    return None if m is None else m.group("reason").strip()


def run_page(page: Path) -> int:
    """Run every block of ``page`` that does not opt out; the number run."""
    namespace: dict[str, object] = {"__name__": "__main__"}
    run = 0
    for line, code in python_blocks(page):
        reason = opt_out_reason(code)
        if reason is not None:
            if not reason:
                raise SystemExit(f"{page}:{line}: '# not run:' needs a reason after the colon")
            continue
        # Blank lines first, so that a traceback names the page's own line numbers.
        source = "\n" * (line - 1) + code
        exec(compile(source, str(page), "exec"), namespace)
        run += 1
    return run


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(f"{arg}: {run_page(Path(arg).resolve())} blocks ran")
