"""Structural checks of a game's SVG picture, for the four games' picture tests.

They read the SVG as XML. Every text gets a box: its width by
:func:`acreage.core.svg.text_width` (the renderers' own generous estimate,
measured on DejaVu Sans, wider than Helvetica or Arial), its height one em
around its ``y`` (``dominant-baseline: central``). With those boxes the
checks say which texts leave the canvas (:func:`overflowing_texts`) or lie
on one another (:func:`collisions`); the legend (``<g id="legend">``) names
every seat beside a swatch of its colour (:func:`check_picture`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import attrs

from acreage.core.svg import seat_colour, seat_name, text_width

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The ``<svg>`` root element."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def canvas(root: ET.Element) -> tuple[float, float]:
    """The canvas's width and height: the viewBox's, which must match the picture's size."""
    x, y, w, h = (float(v) for v in root.attrib["viewBox"].split())
    assert (x, y) == (0, 0)
    assert (float(root.attrib["width"]), float(root.attrib["height"])) == (w, h)
    return w, h


@attrs.frozen
class Text:
    """One ``<text>`` element and the box it takes: ``left, top, right, bottom``."""

    text: str
    size: float
    bold: bool
    fill: str
    box: tuple[float, float, float, float]


def texts(svg: str) -> list[Text]:
    """Every text of the picture with its estimated box, in document order."""
    out = []
    for el in parse(svg).iter(f"{NS}text"):
        text = el.text or ""
        size = float(el.attrib["font-size"])
        bold = el.attrib.get("font-weight") == "bold"
        width = text_width(text, size, bold=bold)
        x, y = float(el.attrib["x"]), float(el.attrib["y"])
        left = {"start": x, "middle": x - width / 2, "end": x - width}[
            el.attrib.get("text-anchor", "start")
        ]
        box = (left, y - size / 2, left + width, y + size / 2)
        out.append(Text(text, size, bold, el.attrib.get("fill", ""), box))
    return out


def words(svg: str) -> str:
    """The picture's text, elements joined by spaces (long lines are wrapped)."""
    return " ".join(t.text for t in texts(svg))


def overflowing_texts(svg: str) -> list[str]:
    """The texts that reach beyond the canvas."""
    w, h = canvas(parse(svg))
    return [
        f"{t.text!r} size {t.size} at {t.box} on {w} x {h}"
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
    for el in parse(svg).iter(f"{NS}line"):
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
    out = []
    for el in parse(svg).iter(f"{NS}{tag}"):
        title = el.find(f"{NS}title")
        out.append({**el.attrib, "title": "" if title is None else title.text or ""})
    return out


def group_texts(svg: str, name: str) -> list[str]:
    """The texts inside ``<g id="name">``, in order."""
    group = next(g for g in parse(svg).iter(f"{NS}g") if g.attrib.get("id") == name)
    return [node.text or "" for node in group.iter(f"{NS}text")]


def check_picture(svg: str, players: int) -> None:
    """Every text fits the canvas and lies on no other; the legend names each seat beside a
    swatch of its colour."""
    assert overflowing_texts(svg) == []
    assert collisions(svg) == []
    legend = next(g for g in parse(svg).iter(f"{NS}g") if g.attrib.get("id") == "legend")
    names = [node.text or "" for node in legend.iter(f"{NS}text")]
    swatches = [node.attrib.get("fill") for node in legend.iter(f"{NS}rect")]
    for seat in range(players):
        assert any(n.startswith(seat_name(seat)) for n in names), (seat, names)
        assert seat_colour(seat) in swatches, seat
    assert not any(n.startswith(seat_name(players)) for n in names)
