"""Structural checks of a game's SVG picture, for the picture tests.

They read the SVG as XML: every text's extent (estimated generously from its
characters by :func:`acreage.core.svg.text_width`) lies inside the canvas,
the legend (``<g id="legend">``) names every seat beside a swatch of its
colour, and the status (``<g id="status">``) says what the picture must say.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from acreage.core.svg import seat_colour, seat_name, text_width

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def canvas(root: ET.Element) -> tuple[float, float]:
    x, y, w, h = (float(v) for v in root.attrib["viewBox"].split())
    assert (x, y) == (0, 0)
    assert (float(root.attrib["width"]), float(root.attrib["height"])) == (w, h)
    return w, h


def overflowing_texts(svg: str) -> list[str]:
    """The texts that do not lie inside the canvas, by their estimated extent."""
    root = parse(svg)
    width, height = canvas(root)
    out = []
    for node in root.iter(f"{NS}text"):
        text = node.text or ""
        size = float(node.attrib["font-size"])
        wide = text_width(text, size, bold=node.attrib.get("font-weight") == "bold")
        x, y = float(node.attrib["x"]), float(node.attrib["y"])
        anchor = node.attrib.get("text-anchor", "start")
        left = {"start": x, "middle": x - wide / 2, "end": x - wide}[anchor]
        if left < 0 or left + wide > width or y - size / 2 < 0 or y + size / 2 > height:
            out.append(f"{text!r} at {x},{y} size {size}: {left:.0f}..{left + wide:.0f} of {width}")
    return out


def group_texts(svg: str, name: str) -> list[str]:
    """The texts inside ``<g id="name">``, in order."""
    root = parse(svg)
    group = next(g for g in root.iter(f"{NS}g") if g.attrib.get("id") == name)
    return [node.text or "" for node in group.iter(f"{NS}text")]


def check_picture(svg: str, players: int) -> None:
    """Every text fits the canvas; the legend names each seat beside a swatch of its colour."""
    assert overflowing_texts(svg) == []
    root = parse(svg)
    legend = next(g for g in root.iter(f"{NS}g") if g.attrib.get("id") == "legend")
    names = [node.text or "" for node in legend.iter(f"{NS}text")]
    fills = [node.attrib.get("fill") for node in legend.iter(f"{NS}rect")]
    for seat in range(players):
        assert any(n.startswith(seat_name(seat)) for n in names), (seat, names)
        assert seat_colour(seat) in fills, seat
    assert not any(n.startswith(seat_name(players)) for n in names)
