"""A griffe extension for the docs site: acreage's docstrings read as Markdown.

acreage's docstrings are Google-style sections (``Args:``, ``Attributes:``)
in reStructuredText-flavoured prose: Sphinx cross-reference roles
(:class:`~acreage.Game`), ``::`` before literal blocks, ``>>>`` examples and
a few simple tables. mkdocstrings renders Markdown, so this extension
rewrites each docstring once the package is loaded, leaving the source as
it is:

* a role becomes a link to the object it names, resolved as Python would
  resolve the name where the docstring stands; a name that resolves to
  nothing on the site stays plain code (an *optional* autoref), so the
  strict build never fails on a reference to a private helper. ``~`` shows
  only the last part of the name; functions and methods get ``()``;
* a paragraph ending in ``::`` ends in ``:`` (the indented block after it is
  already a Markdown code block);
* ``>>>`` examples become ``pycon`` code blocks (Markdown would read them
  as quotes);
* a simple table (``===`` borders) becomes a Markdown table;
* ``a, b, c: text`` in a section documents each of ``a``, ``b`` and ``c``;
* ``][`` outside code is escaped: the docstrings hold no Markdown
  reference links, and ``x[i][j]`` must not become one.

mkdocs.yml loads it with the Python handler's ``extensions`` option.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import griffe

_ROLE = re.compile(
    r":(?:py:)?(?P<role>class|func|data|mod|meth|attr|exc|obj|const|type):"
    r"`(?P<tilde>~?)(?P<text>[^`<]+?)(?:\s*<(?P<target>[^>`]+)>)?`"
)
_CALLABLE_ROLES = {"func", "meth"}
_LITERAL_MARKER = re.compile(r"(?<=\S)( ?)::$", re.M)
_SECTION = re.compile(
    r"(?P<indent>[ \t]*)(Args|Arguments|Parameters|Attributes|Keyword Args|"
    r"Keyword Arguments|Other Parameters|Raises):[ \t]*"
)
_MANY_NAMES = re.compile(
    r"(?P<names>[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+)\s*(?P<type>\([^)]*\))?:\s+(?P<text>.*)", re.S
)
_TABLE_BORDER = re.compile(r"[ \t]*=+(?:[ \t]+=+)+[ \t]*")
_CODE_SPAN = re.compile(r"(`+).+?\1")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


# -- roles ---------------------------------------------------------------------------


def _resolve(obj: griffe.Object, name: str) -> str | None:
    """The full path ``name`` means in the scope of ``obj``, or None."""
    name = name.lstrip(".")
    if name == "acreage" or name.startswith("acreage."):
        return name
    first, _, rest = name.partition(".")
    try:
        path = obj.resolve(first)
    except griffe.NameResolutionError:
        return None
    return f"{path}.{rest}" if rest else path


def _link(obj: griffe.Object, match: re.Match[str]) -> str:
    target = (match["target"] or match["text"]).strip()
    if match["target"]:
        title = match["text"].strip()
    elif match["tilde"]:
        title = target.rsplit(".", 1)[-1]
    else:
        title = target
    if match["role"] in _CALLABLE_ROLES and not title.endswith(")"):
        title += "()"
    path = _resolve(obj, target.removesuffix("()"))
    if path is None:
        return f"`{title}`"
    return f'<autoref identifier="{path}" optional>`{title}`</autoref>'


# -- block structure -----------------------------------------------------------------


def _split_names(lines: list[str]) -> list[str]:
    """``a, b: text`` items of Google sections as one item per name."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        section = _SECTION.fullmatch(line)
        if section is None:
            continue
        base = len(section["indent"])
        while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > base):
            if not lines[i].strip():
                out.append(lines[i])
                i += 1
                continue
            item_indent = _indent(lines[i])
            item = [lines[i]]
            i += 1
            # Continuation lines are indented deeper; a list of names may also
            # run on at the item's own indentation after a trailing comma.
            while (
                i < len(lines)
                and lines[i].strip()
                and (_indent(lines[i]) > item_indent or item[-1].rstrip().endswith(","))
            ):
                item.append(lines[i])
                i += 1
            joined = " ".join(part.strip() for part in item)
            many = _MANY_NAMES.fullmatch(joined)
            if many is None:
                out.extend(item)
                continue
            kind = f" {many['type']}" if many["type"] else ""
            out.extend(
                f"{' ' * item_indent}{name}{kind}: {many['text']}"
                for name in re.split(r"\s*,\s*", many["names"])
            )
    return out


def _table(lines: list[str]) -> list[str]:
    """A reST simple table (its lines, borders included) as a Markdown table."""
    indent = " " * _indent(lines[0])
    starts = [m.start() for m in re.finditer(r"=+", lines[0])]
    borders = [n for n, line in enumerate(lines) if _TABLE_BORDER.fullmatch(line)]
    header_end = borders[1] if len(borders) > 2 else 0
    rows: list[list[str]] = []
    heads: list[list[str]] = []
    for n, line in enumerate(lines):
        if n in borders:
            continue
        cells = [
            line[a:b].strip() if a < len(line) else ""
            for a, b in zip(starts, [*starts[1:], len(line) + 1], strict=True)
        ]
        target = heads if n < header_end else rows
        if target and not cells[0]:
            target[-1] = [
                f"{old} {new}".strip() for old, new in zip(target[-1], cells, strict=True)
            ]
        else:
            target.append(cells)
    if not heads:
        heads = [[""] * len(starts)]

    def row(cells: list[str]) -> str:
        return indent + "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    return [row(heads[0]), indent + "|" + "---|" * len(starts), *map(row, rows)]


def _blocks(lines: list[str]) -> list[str]:
    """Tables as Markdown tables and ``>>>`` examples as code blocks."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        literal = bool(out) and next((p for p in reversed(out) if p.strip()), "").endswith("::")
        if _TABLE_BORDER.fullmatch(line) and not literal:
            end = i + 1
            borders = 1
            while end < len(lines) and lines[end].strip() and borders < 3:
                borders += bool(_TABLE_BORDER.fullmatch(lines[end]))
                end += 1
            out.extend(_table(lines[i:end]))
            i = end
        elif line.lstrip().startswith(">>>") and not literal:
            indent = " " * _indent(line)
            end = i
            while end < len(lines) and lines[end].strip():
                end += 1
            out.extend([f"{indent}```pycon", *lines[i:end], f"{indent}```"])
            i = end
        else:
            out.append(line)
            i += 1
    return out


def _escape_references(lines: list[str]) -> list[str]:
    """``][`` outside code spans and code blocks, escaped."""
    out = []
    fence = False
    for line in lines:
        if line.lstrip().startswith("```"):
            fence = not fence
        if fence or "][" not in line:
            out.append(line)
            continue
        pieces = []
        last = 0
        for span in _CODE_SPAN.finditer(line):
            pieces.append(line[last : span.start()].replace("][", "]\\["))
            pieces.append(span.group())
            last = span.end()
        pieces.append(line[last:].replace("][", "]\\["))
        out.append("".join(pieces))
    return out


def markdown_of(obj: griffe.Object, text: str) -> str:
    """``text``, a docstring of ``obj``, as the Markdown mkdocstrings renders."""
    lines = _escape_references(_blocks(_split_names(text.split("\n"))))
    text = _ROLE.sub(lambda m: _link(obj, m), "\n".join(lines))
    return _LITERAL_MARKER.sub(lambda m: "" if m[1] else ":", text)


def _walk(obj: griffe.Object, seen: set[str]) -> Iterator[griffe.Object]:
    if obj.path in seen:
        return
    seen.add(obj.path)
    yield obj
    for member in obj.members.values():
        if isinstance(member, griffe.Object):
            yield from _walk(member, seen)


class SphinxRoles(griffe.Extension):
    """Rewrite every docstring of a loaded package (see the module docstring)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        for obj in _walk(pkg, set()):
            if obj.docstring is not None:
                obj.docstring.value = markdown_of(obj, obj.docstring.value)
