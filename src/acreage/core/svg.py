"""A small SVG writer shared by the games' ``render_svg``.

It writes plain SVG 1.1 text with numbers rounded to two decimals, so the
same state always renders to the same bytes (golden files can diff it).
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

__all__ = ["PLAYER_COLOURS", "Svg"]

PLAYER_COLOURS = ("#d62728", "#e6b800", "#1f77b4", "#8e44ad", "#2ca02c", "#ff7f0e")
"""Seat colours: red, yellow, blue, purple, green, orange."""


def _n(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attrs(**kw: object) -> str:
    parts = []
    for key, value in kw.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = _n(value) if isinstance(value, float) else str(value)
        parts.append(f" {name}={quoteattr(text)}")
    return "".join(parts)


class Svg:
    """Collects shapes and renders them as one ``<svg>`` document."""

    def __init__(self, width: float, height: float, *, background: str | None = "#ffffff") -> None:
        self.width = width
        self.height = height
        self._parts: list[str] = []
        if background:
            self.rect(0, 0, width, height, fill=background)

    def _add(self, tag: str, title: str | None, **kw: object) -> None:
        if title:
            self._parts.append(f"<{tag}{_attrs(**kw)}><title>{escape(title)}</title></{tag}>")
        else:
            self._parts.append(f"<{tag}{_attrs(**kw)}/>")

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float | None = None,
        rx: float | None = None,
        title: str | None = None,
        opacity: float | None = None,
    ) -> None:
        """A rectangle with its top left corner at ``(x, y)``; ``rx`` rounds its corners.

        ``title`` is the tooltip a browser shows over it.
        """
        self._add(
            "rect",
            title,
            x=float(x),
            y=float(y),
            width=float(w),
            height=float(h),
            rx=rx,
            fill=fill,
            stroke=stroke,
            stroke_width=stroke_width,
            opacity=opacity,
        )

    def polygon(
        self,
        points: Iterable[tuple[float, float]],
        *,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float | None = None,
        title: str | None = None,
        opacity: float | None = None,
    ) -> None:
        """A closed polygon through ``points``; ``title`` is its tooltip."""
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self._add(
            "polygon",
            title,
            points=pts,
            fill=fill,
            stroke=stroke,
            stroke_width=stroke_width,
            opacity=opacity,
        )

    def line(
        self,
        a: tuple[float, float],
        b: tuple[float, float],
        *,
        stroke: str = "#000000",
        stroke_width: float = 1.0,
        dash: str | None = None,
        title: str | None = None,
        linecap: str = "round",
    ) -> None:
        """A line from ``a`` to ``b``; ``dash`` is an SVG dash pattern (``"4 2"``)."""
        self._add(
            "line",
            title,
            x1=float(a[0]),
            y1=float(a[1]),
            x2=float(b[0]),
            y2=float(b[1]),
            stroke=stroke,
            stroke_width=stroke_width,
            stroke_dasharray=dash,
            stroke_linecap=linecap,
        )

    def circle(
        self,
        centre: tuple[float, float],
        r: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float | None = None,
        title: str | None = None,
    ) -> None:
        """A circle of radius ``r`` around ``centre``; ``title`` is its tooltip."""
        self._add(
            "circle",
            title,
            cx=float(centre[0]),
            cy=float(centre[1]),
            r=float(r),
            fill=fill,
            stroke=stroke,
            stroke_width=stroke_width,
        )

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 12.0,
        fill: str = "#000000",
        anchor: str = "middle",
        weight: str | None = None,
    ) -> None:
        """``text`` centred vertically on ``y``; ``anchor`` places it on ``x``.

        ``anchor`` is ``"start"``, ``"middle"`` or ``"end"``; the text is escaped.
        """
        self._parts.append(
            f"<text{_attrs(x=float(x), y=float(y), font_size=float(size), fill=fill, text_anchor=anchor, font_weight=weight, dominant_baseline='central', font_family='sans-serif')}>"
            f"{escape(text)}</text>"
        )

    def __str__(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(self.width)}" '
            f'height="{_n(self.height)}" viewBox="0 0 {_n(self.width)} {_n(self.height)}">'
        )
        return "\n".join([head, *self._parts, "</svg>"])
