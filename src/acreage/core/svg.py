"""A small SVG writer shared by the games' ``render_svg``, and the pieces every picture needs.

It writes plain SVG text with numbers rounded to two decimals, so the same
state always renders to the same bytes (golden files can diff it).

Besides the shapes, it gives what each game's picture has in common: one
name and one colour per seat (:func:`seat_name`, :func:`seat_colour`), text
that fits its canvas (:func:`text_width` estimates a width generously from
the characters, :meth:`Svg.paragraph` wraps a status line to the width it
has), dark or light ink for a label on a coloured fill (:func:`ink_on`,
or a ``halo``), striped fills (:meth:`Svg.stripes`) and a legend mapping
each swatch to what it means, one entry a line (:meth:`Svg.key`) or in
rows (:meth:`Svg.key_row`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from xml.sax.saxutils import escape, quoteattr

__all__ = [
    "PLAYER_COLOURS",
    "Svg",
    "Swatch",
    "fit",
    "ink_on",
    "seat_colour",
    "seat_name",
    "square",
    "text_width",
    "wrap",
]

PLAYER_COLOURS = ("#d62728", "#e6b800", "#1f77b4", "#8e44ad", "#2ca02c", "#ff7f0e")
"""Seat colours: red, yellow, blue, purple, green, orange."""

FONT = "sans-serif"
"""The font family of every text (DejaVu Sans on most Linux systems, one of the widest)."""


def seat_name(seat: int) -> str:
    """The name of a seat in pictures and status lines: ``"player 0"``.

    The same words as the move texts (``aim at player 1's tractor``), the game
    records (``player 0: keep Dynamite``) and the errors, so a reader sees one
    name per seat everywhere; seats count from 0, as ``state.to_move`` does.
    """
    return f"player {seat}"


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` (:data:`PLAYER_COLOURS`, repeated past the sixth seat)."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


_NARROW = frozenset(" .,:;'|!()[]/\\ijlrtf-`\"")
_WIDE = frozenset("mwMW@%")


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """A generous estimate of the width of ``text`` at font size ``size``.

    Measured on DejaVu Sans (wider than Arial or Helvetica): narrow characters
    (space, punctuation, ``i``, ``l``...) 0.4 em, ``m``, ``w``, ``M``, ``W``
    1 em, other capitals 0.78 em, everything else 0.66 em; bold 10% wider.
    A text no wider than this estimate fits in every common sans-serif font.

    >>> text_width("ab", 10)
    13.2
    """
    em = 0.0
    for ch in text:
        if ch in _NARROW:
            em += 0.4
        elif ch in _WIDE:
            em += 1.0
        elif ch.isupper():
            em += 0.78
        else:
            em += 0.66
    return round(em * size * (1.1 if bold else 1.0), 2)


def wrap(
    text: str, width: float, size: float, *, bold: bool = False, cut: bool = True
) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (by :func:`text_width`).

    A word wider than ``width`` on its own is cut between characters, or with
    ``cut=False`` stands whole on its line (for a name that is shrunk to fit
    with :func:`fit` rather than broken). An empty text is one empty line.

    >>> wrap("the Cow's turn: the next Mad Cow card is drawn", 150, 12)
    ["the Cow's turn: the", 'next Mad Cow card is', 'drawn']
    """
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, size, bold=bold) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        if not cut:
            line = word
            continue
        line = ""
        for ch in word:
            if line and text_width(line + ch, size, bold=bold) > width:
                lines.append(line)
                line = ""
            line += ch
    lines.append(line)
    return lines


def fit(
    text: str, width: float, size: float, *, bold: bool = False, smallest: float = 7.0
) -> tuple[str, float]:
    """``text`` and a font size no larger than ``size`` at which it fits ``width``.

    The size shrinks down to ``smallest`` (never below ``size``'s own); a
    text still too wide there is cut, ending in an ellipsis (a user's long
    category name, say), down to the ellipsis alone.

    >>> fit("alternating", 50, 10)
    ('alternating', 8.38)
    >>> fit("a very long name of a farm-board row", 60, 10)
    ('a very long n…', 7.0)
    """
    wide = text_width(text, size, bold=bold)
    if wide <= width:
        return text, size
    smaller = max(min(smallest, size), int(size * width / wide * 100) / 100)
    while len(text) > 1 and text_width(text, smaller, bold=bold) > width:
        text = text[:-2] + "…"
    return text, smaller


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on the colour ``fill`` (``"#rrggbb"``).

    By the relative luminance of WCAG 2: black on light fills (the yellow
    seat), white on dark ones (the blue and purple seats).

    >>> ink_on("#e6b800"), ink_on("#1f77b4")
    ('#000000', '#ffffff')
    """

    def linear(hex2: str) -> float:
        c = int(hex2, 16) / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(fill[i : i + 2]) for i in (1, 3, 5))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    # The luminance where black and white text have the same contrast ratio.
    return "#000000" if luminance > 0.179 else "#ffffff"


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


Swatch = Callable[["Svg", float, float], None]
"""Draws a legend swatch centred on ``(x, y)`` inside a 16 x 16 box."""


def square(fill: str, stroke: str) -> Swatch:
    """A legend swatch: a 14 x 14 square of ``fill`` with rounded corners, edged in ``stroke``."""

    def draw(svg: Svg, x: float, y: float) -> None:
        svg.rect(x - 7, y - 7, 14, 14, fill=fill, stroke=stroke, rx=2)

    return draw


class Svg:
    """Collects shapes and renders them as one ``<svg>`` document.

    ``width`` and ``height`` may grow while drawing (a picture whose status
    lines wrap sets its final height at the end); the background and the
    ``viewBox`` take the size the canvas has when it is written out.
    """

    def __init__(self, width: float, height: float, *, background: str | None = "#ffffff") -> None:
        self.width = width
        self.height = height
        self.background = background
        self._defs: list[str] = []
        self._parts: list[str] = []

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
        halo: str | None = None,
    ) -> None:
        """``text`` centred vertically on ``y``; ``anchor`` places it on ``x``.

        ``anchor`` is ``"start"``, ``"middle"`` or ``"end"``; the text is escaped.
        ``halo`` outlines the letters in that colour (under the fill), so a
        label stays legible on any fill.
        """
        outline = (
            {}
            if halo is None
            else {
                "stroke": halo,
                "stroke_width": _n(size / 4),
                "stroke_linejoin": "round",
                "paint_order": "stroke",
            }
        )
        self._parts.append(
            f"<text{_attrs(x=float(x), y=float(y), font_size=float(size), fill=fill, text_anchor=anchor, font_weight=weight, dominant_baseline='central', font_family=FONT, **outline)}>"
            f"{escape(text)}</text>"
        )

    def heading(
        self, x: float, y: float, name: str, notes: Sequence[str] = (), *, size: float = 13.0
    ) -> None:
        """``name`` in bold from ``x``, its middle at ``y``, then any ``notes`` in brackets.

        The notes follow a space after the name, a point smaller:
        ``player 1 (to move, winner)``.
        """
        self.text(x, y, name, size=size, anchor="start", weight="bold")
        if notes:
            after = x + text_width(name + " ", size, bold=True)
            self.text(after, y, f"({', '.join(notes)})", size=size - 1, anchor="start")

    def paragraph(
        self,
        x: float,
        y: float,
        text: str,
        width: float,
        *,
        size: float = 12.0,
        weight: str | None = None,
        fill: str = "#000000",
        leading: float = 1.3,
    ) -> float:
        """``text`` wrapped to ``width`` (:func:`wrap`), its first line's top at ``y``.

        Returns the ``y`` below the last line, where the next line may start.
        """
        step = size * leading
        for line in wrap(text, width, size, bold=weight == "bold"):
            self.text(x, y + step / 2, line, size=size, fill=fill, anchor="start", weight=weight)
            y += step
        return y

    def stripes(self, name: str, colour: str, background: str, *, gap: float = 6.0) -> str:
        """Defines (once) a fill of diagonal ``colour`` stripes on ``background``.

        Returns the ``fill`` value that paints with it (``"url(#name)"``).
        """
        if not any(f'id="{name}"' in d for d in self._defs):
            self._defs.append(
                f'<pattern id="{escape(name)}" width="{_n(gap)}" height="{_n(gap)}" '
                'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
                f'<rect width="{_n(gap)}" height="{_n(gap)}" fill={quoteattr(background)}/>'
                f'<rect width="{_n(gap / 2)}" height="{_n(gap)}" fill={quoteattr(colour)}/>'
                "</pattern>"
            )
        return f"url(#{name})"

    @contextmanager
    def group(self, name: str, *, title: str | None = None) -> Iterator[None]:
        """Everything drawn inside the ``with`` block goes in ``<g id="name">``.

        Tests and stylesheets find a picture's parts (its ``legend``) by the id.
        """
        self._parts.append(f"<g{_attrs(id=name)}>")
        if title:
            self._parts.append(f"<title>{escape(title)}</title>")
        yield
        self._parts.append("</g>")

    def key(
        self,
        x: float,
        y: float,
        entries: Iterable[tuple[Swatch, str]],
        width: float,
        *,
        size: float = 11.0,
    ) -> float:
        """A legend: each entry's swatch, then its meaning wrapped to ``width``.

        The swatch is drawn centred in a 16 x 16 box at the left; returns the
        ``y`` below the last entry.
        """
        for swatch, label in entries:
            swatch(self, x + 8, y + 8)
            bottom = self.paragraph(x + 22, y + 8 - size * 0.65, label, width - 22, size=size)
            y = max(y + 18, bottom + 4)
        return y

    def key_row(
        self,
        x: float,
        y: float,
        entries: Iterable[tuple[Swatch, str]],
        width: float,
        *,
        size: float = 11.0,
    ) -> float:
        """A legend in rows 20 high: each entry's swatch and its label, left to right.

        The first row's top is at ``y``; an entry that would pass ``x + width``
        starts the next row. Each swatch is drawn centred in a 16 x 16 box
        left of its label; returns the ``y`` below the last row.
        """
        left = x
        middle = y + 10
        for swatch, label in entries:
            wide = 22 + text_width(label, size)
            if left > x and left + wide > x + width:
                left = x
                middle += 20
            swatch(self, left + 8, middle)
            self.text(left + 22, middle, label, size=size, anchor="start")
            left += wide + 14
        return middle + 10

    def __str__(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(self.width)}" '
            f'height="{_n(self.height)}" viewBox="0 0 {_n(self.width)} {_n(self.height)}">'
        )
        parts = [head]
        if self._defs:
            parts.append("<defs>" + "".join(self._defs) + "</defs>")
        if self.background:
            parts.append(
                f'<rect x="0" y="0" width="{_n(self.width)}" height="{_n(self.height)}" '
                f"fill={quoteattr(self.background)}/>"
            )
        return "\n".join([*parts, *self._parts, "</svg>"])
