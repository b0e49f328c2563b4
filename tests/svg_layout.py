"""Structural checks of a rendered SVG: text inside the canvas, no text on text.

Text width is estimated from DejaVu Sans's advances (the sans-serif font
librsvg and most Linux browsers use; Helvetica and Arial are narrower), so a
check that passes here leaves room everywhere else.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import attrs

NS = "{http://www.w3.org/2000/svg}"


@attrs.frozen
class Text:
    """One ``<text>`` element and the box it takes: ``left, top, right, bottom``."""

    text: str
    size: float
    bold: bool
    fill: str
    box: tuple[float, float, float, float]


def advance(text: str, size: float, bold: bool) -> float:
    """The text's width in DejaVu Sans, rounded up per character class."""
    em = 0.0
    for ch in text:
        if ch in "ijl'|.,:;!":
            em += 0.32
        elif ch in "frtI()[]/- ":
            em += 0.41
        elif ch in "mwMW%":
            em += 0.99
        elif ch.isupper() or ch in "#&":
            em += 0.77
        else:
            em += 0.64
    return em * size * (1.1 if bold else 1.0)


def canvas(svg: str) -> tuple[ET.Element, float, float]:
    """The root element and the viewBox's width and height."""
    root = ET.fromstring(svg)
    _, _, w, h = (float(v) for v in root.attrib["viewBox"].split())
    return root, w, h


def texts(svg: str) -> list[Text]:
    """Every text of the picture with its estimated box."""
    root, _, _ = canvas(svg)
    out = []
    for el in root.iter(f"{NS}text"):
        text = el.text or ""
        size = float(el.attrib["font-size"])
        bold = el.attrib.get("font-weight") == "bold"
        width = advance(text, size, bold)
        x, y = float(el.attrib["x"]), float(el.attrib["y"])
        anchor = el.attrib.get("text-anchor", "start")
        left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        # dominant-baseline central: the glyphs sit around y, about 0.72 em from cap to descender.
        out.append(
            Text(
                text,
                size,
                bold,
                el.attrib.get("fill", ""),
                (left, y - 0.36 * size, left + width, y + 0.36 * size),
            )
        )
    return out


def words(svg: str) -> str:
    """The picture's text, elements joined by spaces (long lines are wrapped)."""
    return " ".join(t.text for t in texts(svg))


def outside(svg: str) -> list[str]:
    """The texts that reach beyond the canvas."""
    _, w, h = canvas(svg)
    return [
        f"{t.text!r} at {t.box}"
        for t in texts(svg)
        if t.box[0] < 0 or t.box[2] > w or t.box[1] < 0 or t.box[3] > h
    ]


def _overlap(a: tuple[float, ...], b: tuple[float, ...], slack: float = 0.5) -> bool:
    return (
        a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]
    )


def collisions(svg: str) -> list[str]:
    """Pairs of texts whose boxes overlap."""
    found = texts(svg)
    return [
        f"{a.text!r} {a.box} and {b.text!r} {b.box}"
        for i, a in enumerate(found)
        for b in found[i + 1 :]
        if _overlap(a.box, b.box)
    ]


def lines(svg: str, width: float) -> Iterator[tuple[float, float, float, float, str]]:
    """The ``<line>`` elements of stroke ``width`` as boxes (their stroke's extent) and titles."""
    root, _, _ = canvas(svg)
    for el in root.iter(f"{NS}line"):
        if float(el.attrib.get("stroke-width", "1")) != width:
            continue
        x1, y1, x2, y2 = (float(el.attrib[k]) for k in ("x1", "y1", "x2", "y2"))
        half = width / 2
        title = el.find(f"{NS}title")
        yield (
            min(x1, x2) - half,
            min(y1, y2) - half,
            max(x1, x2) + half,
            max(y1, y2) + half,
            "" if title is None else title.text or "",
        )


def fills(svg: str, tag: str) -> list[dict[str, str]]:
    """The attributes of every ``tag`` element, and its tooltip as ``title``."""
    root, _, _ = canvas(svg)
    out = []
    for el in root.iter(f"{NS}{tag}"):
        title = el.find(f"{NS}title")
        out.append({**el.attrib, "title": "" if title is None else title.text or ""})
    return out
