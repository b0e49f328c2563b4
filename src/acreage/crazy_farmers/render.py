"""Pictures of a state: a text board for terminals and an SVG for notebooks.

In the text board each plot shows its coordinates, its owner (``A`` for
seat 0, ``B`` for seat 1, ...: upper case for the main field, lower case for
fallow land, ``.`` when empty) and ``barn`` if it has one. Paths show
``---``, ``/`` and ``\\`` when free, the owner's letter when they carry a
fence (upper case for the 2 protected fences behind the tractor) and ``#``
for a hay bale. A tractor shows as its seat number on a crossroad (``+``).

In the Mad Cow mode the players' shared field shows ``F`` (``f`` for fallow
land, outside every tractor's main field), the Cow's field ``c``, and the
Cow itself ``@`` with the side it faces: ``@NE``.
"""

from __future__ import annotations

from typing import Final

from acreage.core.svg import PLAYER_COLOURS, Svg
from acreage.crazy_farmers.board import GRID, SIDES, crossroad_name, edge_between, plot_name
from acreage.crazy_farmers.scoring import fields, scoreboard, scores, tiles_left
from acreage.crazy_farmers.state import (
    COW_TURN,
    HIGH_VOLTAGE,
    NO_GUARD,
    WATCHDOG,
    Cow,
    Farmer,
    Phase,
    State,
)

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
    barns = state.barns
    cow = state.cow
    for c, (row, col) in enumerate(_CELL_AT):
        name = plot_name(c)
        start = col - len(name) // 2
        canvas[row - 1][start : start + len(name)] = name
        if cow is None:
            owner = "."
            for seat, f in enumerate(state.farmers):
                if f.main >> c & 1:
                    owner = LETTERS[seat]
                elif f.plots >> c & 1:
                    owner = LETTERS[seat].lower()
            canvas[row][col] = owner
        else:
            _mad_cow_plot(canvas[row], col, c, state.farmers, cow)
        if barns >> c & 1:
            canvas[row + 1][col - 2 : col + 2] = "barn"
    return ["".join(line).rstrip() for line in canvas]


def _mad_cow_plot(line: list[str], col: int, c: int, farmers: tuple[Farmer, ...], cow: Cow) -> None:
    if cow.plot == c:
        mark = "@" + (SIDES[cow.facing] if cow.facing >= 0 else "")
        line[col - 1 : col - 1 + len(mark)] = mark
        return
    owner = "c" if cow.plots >> c & 1 else "."
    for f in farmers:
        if f.main >> c & 1:
            owner = "F"
        elif f.plots >> c & 1 and owner == ".":
            owner = "f"
    line[col] = owner


_DECIDING: Final = {
    Phase.DEAL: "setup: dealing 3 cards to player {p}",
    Phase.KEEP: "setup: player {p} keeps one card",
    Phase.START: "player {p} places their tractor",
    Phase.TURN: "player {p}'s turn",
    Phase.HAY_BALE: "player {p} places {n} hay bale(s)",
    Phase.HELICOPTER: "player {p}'s helicopter lands",
    Phase.DRAW: "player {p} draws {n} bonus card(s)",
    Phase.FACE: "setup: the Cow is turned to face a neighbour",
    Phase.COW: "the Cow's turn: the next Mad Cow card is drawn",
    Phase.CHECK: "player {p} played {card}: a Mad Cow card is drawn to check it",
    Phase.COW_BONUS: "the Cow's turn: it draws a bonus on a barn",
    Phase.AIM: "player {p} chooses the tractor the Backlash {card} goes around",
    Phase.BACKLASH_BALE: "player {p} places {n} Backlash hay bale(s)",
    Phase.FLY: "player {p} chooses where the Cow flies (Backlash {card})",
    Phase.SURRENDER: "player {p} chooses the plot to lose to the Cow (Backlash {card})",
}

_ENDS: Final = {
    "lockdown": "the players locked the Cow down",
    "cow": "the Cow has all its plots: the Cow wins",
    "elimination": "the players are eliminated: the Cow wins",
    "repetition": "a position came back {n} times: a tie, the players have not won",
    "turns": "the turn limit: the players have not won",
}


def _status(state: State) -> list[str]:
    rules = state.rules
    lines = []
    cow = state.cow
    if state.phase is Phase.OVER:
        if cow is None:
            tie = ": a tie" if state.ended == "repetition" else ""
            lines.append(f"game over ({state.ended}{tie})")
        else:
            lines.append(f"game over: {_ENDS[state.ended].format(n=rules.repetition_limit)}")
    else:
        card = cow.card if cow is not None else ""
        line = _DECIDING[state.phase].format(p=state.player, n=state.pending, card=card)
        if state.phase in (Phase.TURN, Phase.HAY_BALE, Phase.HELICOPTER, Phase.DRAW):
            line += f": {state.moves_made} of {max(state.allowance, 0)} moves made"
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
    if cow is not None:
        lines.extend(_cow_status(state, cow))
    pile = f"draw pile {len(state.deck)}"
    if state.endgame >= 0:
        pile += f" (+ Endgame among the last {state.endgame})"
    common = f"; common tiles left {tiles_left(state, 0)}" if rules.common_pile else ""
    lines.append(
        f"{pile}; discard {len(state.discard)}; hay bales in the box {state.hay_bales_left}{common}"
    )
    return lines


def _cow_status(state: State, cow: Cow) -> list[str]:
    rules = state.rules
    facing = SIDES[cow.facing] if cow.facing >= 0 else "not turned yet"
    parts = [
        f"on {plot_name(cow.plot)} facing {facing}",
        f"{cow.plots.bit_count()} of {rules.cow_tiles} plots",
        f"Mad Cow pile {len(cow.deck)}, played {len(cow.discard)}",
    ]
    if cow.pile:
        parts.append(f"cards to play [{', '.join(cow.pile)}]")
    if cow.draws:
        when = "still to draw" if cow.active else "more next turn (Nitro)"
        parts.append(f"{cow.draws} card(s) {when}")
    if cow.rests:
        parts.append(f"skips {cow.rests} turn(s)")
    if cow.ruts:
        parts.append("Backlash Rut on " + ", ".join(f"player {s}" for s in cow.ruts))
    if cow.guard == COW_TURN:
        parts.append("its plots guarded until its next turn")
    elif cow.guard != NO_GUARD:
        parts.append(f"its plots guarded until player {cow.guard}'s turn")
    lines = ["the Cow: " + "; ".join(parts)]
    score = scores(state)[0]
    line = f"score {score} (your main fields minus the Cow's plots)"
    if state.phase is Phase.OVER and state.ended == "lockdown":
        line += f": {scoreboard(score)}"
    lines.append(line)
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


_COW: Final = "#5b4636"
_COW_FIELD: Final = "#b9a58c"


def render_svg(state: State) -> str:
    """An SVG picture: plots by owner (fallow paler), barns, hay bales, fences, tractors.

    In the Mad Cow mode the players' field has the first seat's colour, the
    Cow's field a brown, and the Cow a pointed marker showing its facing.
    """
    width = 2 * _MARGIN + 11 * _UNIT
    height = 2 * _MARGIN + 7 * 1.7320508 * _UNIT + 40
    svg = Svg(width, height)
    owner = [-1] * GRID.n_cells
    fallow = [False] * GRID.n_cells
    cow = state.cow
    mains = 0
    for seat, f in enumerate(state.farmers):
        mains |= f.main
        for c in range(GRID.n_cells):
            if f.plots >> c & 1:
                owner[c] = 0 if cow is not None else seat
                fallow[c] = not f.main >> c & 1
    if cow is not None:
        fallow = [not mains >> c & 1 and owner[c] >= 0 for c in range(GRID.n_cells)]
    barns = state.barns
    for c in range(GRID.n_cells):
        corners = [_xy(GRID.vertex_xy(v)) for v in GRID.cell_vertices[c]]
        seat = owner[c]
        fill = _EMPTY if seat < 0 else PLAYER_COLOURS[seat]
        title = f"plot {plot_name(c)}" + ("" if seat < 0 else f", player {seat}")
        if cow is not None and cow.plots >> c & 1:
            fill, title = _COW_FIELD, f"plot {plot_name(c)}, the Cow's"
        elif cow is not None and seat >= 0:
            title = f"plot {plot_name(c)}, the players'"
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
    if cow is not None and cow.facing >= 0:
        _draw_cow(svg, cow)
    lines = _status(state)
    svg.text(_MARGIN, height - 28, lines[0], size=12, anchor="start")
    if cow is None:
        sizes = ", ".join(f"{LETTERS[s]} {m}" for s, (m, _) in enumerate(fields(state)))
        svg.text(_MARGIN, height - 12, f"main fields: {sizes}", size=12, anchor="start")
    else:
        svg.text(_MARGIN, height - 12, lines[-2], size=12, anchor="start")
    return str(svg)


def _draw_cow(svg: Svg, cow: Cow) -> None:
    """The Cow: a drop whose point shows the side it faces."""
    cx, cy = _xy(GRID.cell_xy(cow.plot))
    a, b = (
        _xy(GRID.vertex_xy(v)) for v in GRID.edge_vertices[GRID.cell_edges[cow.plot][cow.facing]]
    )
    mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
    size = (mx * mx + my * my) ** 0.5
    ux, uy = mx / size, my / size
    r = _UNIT * 0.28
    tip = (cx + ux * r * 2.1, cy + uy * r * 2.1)
    back = [(cx + r * (-ux * 0.6 + uy * sgn), cy + r * (-uy * 0.6 - ux * sgn)) for sgn in (1, -1)]
    svg.polygon(
        [tip, back[0], (cx - ux * r, cy - uy * r), back[1]],
        fill=_COW,
        stroke="#000000",
        stroke_width=1.5,
        title=f"the Mad Cow, facing {SIDES[cow.facing]}",
    )
