"""Pictures of a state: a text board for terminals and an SVG for notebooks.

In the text board each plot shows its coordinates, its owner (``A`` for
seat 0, ``B`` for seat 1, ...: upper case for the main field, lower case for
fallow land, ``.`` when empty) and ``barn`` if it has one. Paths show
``---``, ``/`` and ``\\`` when free, the owner's letter when they carry a
fence (upper case for the 2 protected fences behind the tractor) and ``#``
for a hay bale. A tractor shows as its seat number on a crossroad (``+``).
"""

from __future__ import annotations

from typing import Final

from acreage.core.svg import PLAYER_COLOURS, Svg
from acreage.crazy_farmers.board import GRID, crossroad_name, edge_between, plot_name
from acreage.crazy_farmers.scoring import fields, tiles_left
from acreage.crazy_farmers.state import HIGH_VOLTAGE, WATCHDOG, Farmer, Phase, State

__all__ = ["render_svg", "render_text"]

LETTERS: Final = "ABCD"

_X0, _Y0 = 11, 7  # lattice points span x in [-11, 11] and y in [-7, 7] on HexGrid(3)
_ROWS, _COLS = 2 * 2 * _Y0 + 1, 2 * 2 * _X0 + 1


def _at(point: tuple[int, int]) -> tuple[int, int]:
    x, y = point
    return 2 * (y + _Y0), 2 * (x + _X0)


def _edge_cells() -> tuple[tuple[tuple[int, int, str], ...], ...]:
    """For each path, the characters drawing it: (row, column, free-path glyph)."""
    out = []
    for a, b in GRID.edge_vertices:
        (ra, ca), (rb, cb) = _at(GRID.vertex_points[a]), _at(GRID.vertex_points[b])
        if ra == rb:
            lo = min(ca, cb)
            out.append(tuple((ra, c, "-") for c in range(lo + 1, lo + 4)))
        else:
            glyph = "\\" if (rb - ra) * (cb - ca) > 0 else "/"
            out.append((((ra + rb) // 2, (ca + cb) // 2, glyph),))
    return tuple(out)


_EDGE_GLYPHS: Final = _edge_cells()
_VERTEX_AT: Final = tuple(_at(p) for p in GRID.vertex_points)
_CELL_AT: Final = tuple(_at((3 * q, 2 * r + q)) for q, r in GRID.cell_coords)


def _protected_paths(f: Farmer) -> set[int]:
    tail = f.fence[-3:]
    return {edge_between(tail[i], tail[i + 1]) for i in range(len(tail) - 1)}


def _board_text(state: State) -> list[str]:
    canvas = [[" "] * _COLS for _ in range(_ROWS)]
    marks: dict[int, str] = {}
    for seat, f in enumerate(state.farmers):
        letter = LETTERS[seat]
        protected = _protected_paths(f)
        rest = f.fence_paths
        while rest:
            low = rest & -rest
            e = low.bit_length() - 1
            rest ^= low
            marks[e] = letter if e in protected else letter.lower()
    for e, glyphs in enumerate(_EDGE_GLYPHS):
        mark = "#" if state.bales >> e & 1 else marks.get(e)
        for row, col, glyph in glyphs:
            canvas[row][col] = mark or glyph
    for row, col in _VERTEX_AT:
        canvas[row][col] = "+"
    for seat, f in enumerate(state.farmers):
        if f.tractor >= 0:
            row, col = _VERTEX_AT[f.tractor]
            canvas[row][col] = str(seat)
    barns = state.rules.barn_plots
    for c, (row, col) in enumerate(_CELL_AT):
        name = plot_name(c)
        start = col - len(name) // 2
        canvas[row - 1][start : start + len(name)] = name
        owner = "."
        for seat, f in enumerate(state.farmers):
            if f.main >> c & 1:
                owner = LETTERS[seat]
            elif f.plots >> c & 1:
                owner = LETTERS[seat].lower()
        canvas[row][col] = owner
        if barns >> c & 1:
            canvas[row + 1][col - 2 : col + 2] = "barn"
    return ["".join(line).rstrip() for line in canvas]


_DECIDING: Final = {
    Phase.DEAL: "setup: dealing 3 cards to player {p}",
    Phase.KEEP: "setup: player {p} keeps one card",
    Phase.START: "player {p} places their tractor",
    Phase.TURN: "player {p}'s turn",
    Phase.HAY_BALE: "player {p} places {n} hay bale(s)",
    Phase.HELICOPTER: "player {p}'s helicopter lands",
    Phase.DRAW: "player {p} draws {n} bonus card(s)",
}


def _status(state: State) -> list[str]:
    rules = state.rules
    lines = []
    if state.phase is Phase.OVER:
        lines.append(f"game over ({state.ended})")
    else:
        line = _DECIDING[state.phase].format(p=state.player, n=state.pending)
        if state.phase in (Phase.TURN, Phase.HAY_BALE, Phase.HELICOPTER, Phase.DRAW):
            line += f": {state.moves_made} of {state.allowance} moves made"
            if state.flown:
                line += ", flown (no cutting)"
        lines.append(line)
    sizes = fields(state)
    for seat, f in enumerate(state.farmers):
        head = f"{LETTERS[seat]} player {seat}:"
        if f.out:
            lines.append(f"{head} eliminated")
            continue
        main, total = sizes[seat]
        untiled = f.plots.bit_count() - total
        where = crossroad_name(f.tractor) if f.tractor >= 0 else "not placed"
        power = "" if f.tractor < 0 or f.powered else " powerless"
        parts = [
            f"main field {main}, fallow {total - main}",
            f"tractor {where}{power}",
            f"fence {f.fence_length}/{rules.fences}",
        ]
        if not rules.common_pile:
            parts.append(f"tiles left {tiles_left(state, seat)}")
        if untiled:
            parts.append(f"{untiled} plot(s) without a tile")
        parts.append(f"hand [{', '.join(f.hand)}]")
        if f.in_play:
            parts.append(f"in play [{', '.join(f.in_play)}]")
        guards = [
            n for b, n in ((HIGH_VOLTAGE, "High Voltage"), (WATCHDOG, "Watchdog")) if f.guards & b
        ]
        if guards:
            parts.append("protected by " + " and ".join(guards))
        lines.append(f"{head} " + "; ".join(parts))
    pile = f"draw pile {len(state.deck)}"
    if state.endgame >= 0:
        pile += f" (+ Endgame among the last {state.endgame})"
    common = f"; common tiles left {tiles_left(state, 0)}" if rules.common_pile else ""
    lines.append(
        f"{pile}; discard {len(state.discard)}; hay bales in the box {state.hay_bales_left}{common}"
    )
    return lines


def render_text(state: State) -> str:
    """The board and every player's situation, for a terminal."""
    return "\n".join(_board_text(state) + _status(state))


# -- SVG --------------------------------------------------------------------------

_UNIT: Final = 44.0
_MARGIN: Final = 30.0
_EMPTY: Final = "#f1e7c6"
_BARN: Final = "#8b2f1c"
_BALE: Final = "#e8c547"


def _xy(point: tuple[float, float]) -> tuple[float, float]:
    return (_MARGIN + (point[0] + 5.5) * _UNIT, _MARGIN + (point[1] + 3.5 * 1.7320508) * _UNIT)


def render_svg(state: State) -> str:
    """An SVG picture: plots by owner (fallow paler), barns, hay bales, fences, tractors."""
    width = 2 * _MARGIN + 11 * _UNIT
    height = 2 * _MARGIN + 7 * 1.7320508 * _UNIT + 40
    svg = Svg(width, height)
    owner = [-1] * GRID.n_cells
    fallow = [False] * GRID.n_cells
    for seat, f in enumerate(state.farmers):
        for c in range(GRID.n_cells):
            if f.plots >> c & 1:
                owner[c] = seat
                fallow[c] = not f.main >> c & 1
    barns = state.rules.barn_plots
    for c in range(GRID.n_cells):
        corners = [_xy(GRID.vertex_xy(v)) for v in GRID.cell_vertices[c]]
        seat = owner[c]
        fill = _EMPTY if seat < 0 else PLAYER_COLOURS[seat]
        title = f"plot {plot_name(c)}" + ("" if seat < 0 else f", player {seat}")
        if fallow[c]:
            title += " (fallow)"
        opacity = 0.35 if fallow[c] else None
        svg.polygon(
            corners, fill=fill, stroke="#9c8f6a", stroke_width=1.0, title=title, opacity=opacity
        )
        cx, cy = _xy(GRID.cell_xy(c))
        svg.text(cx, cy + _UNIT * 0.55, plot_name(c), size=8, fill="#6b5f3d")
        if barns >> c & 1:
            s = _UNIT * 0.22
            roof = [(cx - s, cy - s * 0.2), (cx, cy - s), (cx + s, cy - s * 0.2)]
            house = [(cx - s, cy + s * 0.6), *roof, (cx + s, cy + s * 0.6)]
            svg.polygon(house, fill=_BARN, stroke="#3b1a10", stroke_width=1.0, title="barn")
    for e in range(GRID.n_edges):
        if state.bales >> e & 1:
            a, b = (_xy(GRID.vertex_xy(v)) for v in GRID.edge_vertices[e])
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            p = ((a[0] * 3 + b[0]) / 4, (a[1] * 3 + b[1]) / 4)
            q = ((a[0] + b[0] * 3) / 4, (a[1] + b[1] * 3) / 4)
            svg.line(p, q, stroke=_BALE, stroke_width=10, linecap="butt", title="hay bale")
            svg.circle(mid, 2, fill="#a8862a")
    for seat, f in enumerate(state.farmers):
        protected = _protected_paths(f)
        colour = PLAYER_COLOURS[seat]
        for i in range(1, len(f.fence)):
            a, b = _xy(GRID.vertex_xy(f.fence[i - 1])), _xy(GRID.vertex_xy(f.fence[i]))
            guarded = (
                edge_between(f.fence[i - 1], f.fence[i]) in protected or f.guards & HIGH_VOLTAGE
            )
            if guarded:
                svg.line(a, b, stroke="#000000", stroke_width=9)
            title = f"player {seat}'s fence" + (" (protected)" if guarded else "")
            svg.line(a, b, stroke=colour, stroke_width=5, title=title)
    for seat, f in enumerate(state.farmers):
        if f.tractor < 0:
            continue
        colour = PLAYER_COLOURS[seat]
        at = _xy(GRID.vertex_xy(f.tractor))
        powered = f.powered
        title = f"player {seat}'s tractor" + ("" if powered else " (powerless)")
        fill, stroke = (colour, "#000000") if powered else ("#ffffff", colour)
        svg.circle(at, 9, fill=fill, stroke=stroke, stroke_width=2.5, title=title)
    lines = _status(state)
    svg.text(_MARGIN, height - 28, lines[0], size=12, anchor="start")
    scores = ", ".join(f"{LETTERS[s]} {m}" for s, (m, _) in enumerate(fields(state)))
    svg.text(_MARGIN, height - 12, f"main fields: {scores}", size=12, anchor="start")
    return str(svg)
