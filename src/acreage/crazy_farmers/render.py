"""Pictures of a state, or of what one player sees: a text board for terminals, an SVG for notebooks.

Both draw a :class:`~acreage.crazy_farmers.State` or a player's
:class:`~acreage.crazy_farmers.View` (``observe(state, seat)``); a view shows
the other players' hands face down, as a count. A seat is named ``player 0``,
``player 1``... everywhere, as in the move texts, with its colour in the
SVG (:func:`acreage.core.svg.seat_colour`).

In the text board each plot shows its coordinates and its owner: the seat's
digit for its main field (``0``), in brackets for fallow land (``(0)``), ``.``
when empty, and ``barn`` if it has one. Paths show ``---``, ``/`` and ``\\``
when free, ``=0=`` (across) or ``0`` (slanting) for a fence of player 0, and
``#`` for a hay bale. A tractor shows as ``T0`` beside its crossroad (``t0``
when it is powerless: off its main field with no fence, it can neither pull
a fence nor cut one).

In the Mad Cow mode the players' shared field shows ``F`` (``(F)`` for
fallow land, outside every tractor's main field), the Cow's field ``c``, and
the Cow itself ``@`` with the side it faces: ``@NE``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from acreage.core.game import Chance
from acreage.core.svg import Svg, Swatch, ink_on, seat_colour, seat_name, text_width
from acreage.crazy_farmers.board import (
    GRID,
    SIDES,
    VERTEX_CELLS,
    crossroad_name,
    edge_between,
    plot_name,
)
from acreage.crazy_farmers.rules import Rules
from acreage.crazy_farmers.scoring import (
    scoreboard,
    table_fields,
    table_scores,
    table_tiles_left,
    table_winners,
)
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
from acreage.crazy_farmers.tasks import Decision, Event
from acreage.crazy_farmers.view import FarmerView, View

__all__ = ["render_svg", "render_text"]

COLOUR_NAMES: Final = ("red", "yellow", "blue", "purple")
"""The names of the seat colours (:data:`acreage.core.svg.PLAYER_COLOURS`), for the text."""


@attrs.frozen(slots=True)
class _Table:
    """What lies on the table, from a state or a player's view, with what the pictures derive."""

    rules: Rules
    phase: Phase
    to_move: int | Chance | None
    player: int  # whose turn it is
    farmers: Sequence[Farmer | FarmerView]
    bales: int
    cow: Cow | None
    draw_pile: int
    endgame: int
    discard: int
    allowance: int
    moves_made: int
    pending: int
    flown: bool
    ended: str
    turn_number: int
    viewer: int | None  # the seat whose view this is, None for the whole state
    card: str  # the bonus card being checked or taking its Backlash effect ("" for none)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def barns(self) -> int:
        cow = self.cow
        return self.rules.barn_plots & ~cow.blasted if cow is not None else self.rules.barn_plots

    def fields(self) -> tuple[tuple[int, int], ...]:
        return table_fields(self.rules, self.farmers, self.player)

    def scores(self) -> tuple[int, ...]:
        return table_scores(self.rules, self.farmers, self.player, self.cow)

    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        return table_winners(self.rules, self.farmers, self.player, self.cow, self.ended)

    def tiles_left(self, seat: int) -> int:
        return table_tiles_left(self.rules, self.farmers, seat)


def _table(what: object, caller: str) -> _Table:
    """The table of a :class:`State` or :class:`View`; a :class:`TypeError` for anything else."""
    if isinstance(what, State):
        return _Table(
            what.rules,
            what.phase,
            what.to_move,
            what.player,
            what.farmers,
            what.bales,
            what.cow,
            len(what.deck),
            what.endgame,
            len(what.discard),
            what.allowance,
            what.moves_made,
            what.pending,
            what.flown,
            what.ended,
            what.turn_number,
            None,
            _card(what.decision),
        )
    if isinstance(what, View):
        return _Table(
            what.rules,
            what.phase,
            what.to_move,
            what.turn,
            what.farmers,
            what.bales,
            what.cow,
            sum(what.draw_pile),
            what.endgame,
            len(what.discard),
            what.allowance,
            what.moves_made,
            what.pending,
            what.flown,
            what.ended,
            what.turn_number,
            what.player,
            _card(what.decision),
        )
    raise TypeError(
        f"{caller} draws a crazy_farmers State or View (observe(state, seat)), "
        f"not {type(what).__name__}"
    )


def _card(task: Event | Decision | None) -> str:
    """The bonus card ``task`` checks or carries through its Backlash effect, ``""`` for none."""
    return task.card if task is not None else ""


def _powered(f: Farmer | FarmerView) -> bool:
    """:attr:`Farmer.powered`, for what a player sees of a seat too."""
    return bool(f.fence) or (f.tractor >= 0 and bool(VERTEX_CELLS[f.tractor] & f.main))


def _protected_paths(f: Farmer | FarmerView) -> set[int]:
    tail = f.fence[-3:]
    return {edge_between(tail[i], tail[i + 1]) for i in range(len(tail) - 1)}


def _names(seats: Sequence[int]) -> str:
    names = [seat_name(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- text -------------------------------------------------------------------------

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
# The columns a tractor's two characters take beside its crossroad: on the side
# away from its path across, inside the plot (the slanting paths are on other rows).
_TRACTOR_AT: Final = tuple(
    (row, col - 1) if (row, col + 1, "-") in {g for gs in _EDGE_GLYPHS for g in gs} else (row, col)
    for row, col in _VERTEX_AT
)


def _board_text(t: _Table) -> list[str]:
    canvas = [[" "] * (_COLS + 1) for _ in range(_ROWS)]
    marks: dict[int, str] = {}
    for seat, f in enumerate(t.farmers):
        rest = f.fence_paths
        while rest:
            low = rest & -rest
            marks[low.bit_length() - 1] = str(seat)
            rest ^= low
    for e, glyphs in enumerate(_EDGE_GLYPHS):
        mark = "#" if t.bales >> e & 1 else marks.get(e)
        if mark is not None and len(glyphs) == 3 and mark != "#":
            for (row, col, _), ch in zip(glyphs, f"={mark}=", strict=True):
                canvas[row][col] = ch
            continue
        for row, col, glyph in glyphs:
            canvas[row][col] = mark or glyph
    for row, col in _VERTEX_AT:
        canvas[row][col] = "+"
    barns = t.barns
    cow = t.cow
    for c, (row, col) in enumerate(_CELL_AT):
        name = plot_name(c)
        start = col - len(name) // 2
        canvas[row - 1][start : start + len(name)] = name
        mark = _plot_mark(c, t.farmers, cow)
        start = col - len(mark) // 2
        canvas[row][start : start + len(mark)] = mark
        if barns >> c & 1:
            canvas[row + 1][col - 2 : col + 2] = "barn"
    for seat, f in enumerate(t.farmers):
        if f.tractor >= 0:
            row, col = _TRACTOR_AT[f.tractor]
            canvas[row][col : col + 2] = ("T" if _powered(f) else "t") + str(seat)
    return ["".join(line).rstrip() for line in canvas]


def _plot_mark(c: int, farmers: Sequence[Farmer | FarmerView], cow: Cow | None) -> str:
    """What plot ``c`` shows in the text board: its owner, fallow land in brackets."""
    if cow is None:
        for seat, f in enumerate(farmers):
            if f.main >> c & 1:
                return str(seat)
            if f.plots >> c & 1:
                return f"({seat})"
        return "."
    if cow.plot == c:
        return "@" + (SIDES[cow.facing] if cow.facing >= 0 else "")
    if any(f.main >> c & 1 for f in farmers):
        return "F"
    if any(f.plots >> c & 1 for f in farmers):
        return "(F)"
    return "c" if cow.plots >> c & 1 else "."


def _key_text(t: _Table) -> list[str]:
    if t.cow is None:
        plots = "0 player 0's main field, (0) its fallow land, . an empty plot"
    else:
        plots = (
            "F the players' field, (F) their fallow land, c the Cow's field, . an empty plot\n"
            "     @NE the Cow, facing NE"
        )
    return [
        *f"key: {plots}".split("\n"),
        "     =0= or 0 on a path: player 0's fence (the 2 behind its tractor protected); # a hay bale",
        "     T0 player 0's tractor; t0 a powerless one (off its main field with no fence)",
    ]


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
    "tiles": "the plot tiles ran out",
    "endgame": "the Endgame card was drawn",
    "elimination": "every other player is eliminated",
    "repetition": "a position came back {n} times: a tie",
    "turns": "the turn limit of {turns} turns was reached",
}

_COW_ENDS: Final = {
    "lockdown": "the players locked the Cow down",
    "cow": "the Cow has all its plots: the Cow wins",
    "elimination": "the players are eliminated: the Cow wins",
    "repetition": "a position came back {n} times: a tie, the players have not won",
    "turns": "the turn limit: the players have not won",
}


def _headline(t: _Table) -> str:
    """What is being decided and by whom, or why the game ended."""
    rules = t.rules
    if t.over:
        ends = _ENDS if t.cow is None else _COW_ENDS
        why = ends[t.ended].format(n=rules.repetition_limit, turns=rules.turn_limit)
        return f"game over: {why}"
    line = _DECIDING[t.phase].format(p=t.player, n=t.pending, card=t.card)
    if t.phase in (Phase.TURN, Phase.HAY_BALE, Phase.HELICOPTER, Phase.DRAW):
        line += f": {t.moves_made} of {max(t.allowance, 0)} moves made"
        if t.flown:
            line += ", flown (no cutting)"
    return f"turn {t.turn_number}: {line}" if t.turn_number else line


def _results(t: _Table) -> str:
    """The scores (the final ones and the winners at the end)."""
    scores = t.scores()
    final = "final " if t.over else ""
    if t.cow is not None:
        main, cow_plots = scores[0] + t.cow.plots.bit_count(), t.cow.plots.bit_count()
        line = (
            f"{final}score {scores[0]} "
            f"(the players' main field {main} minus the Cow's {cow_plots} plots)"
        )
        if t.ended == "lockdown":
            line += f': the players win, "{scoreboard(scores[0])}"'
        elif t.over:
            line += ": the players have not won"
        return line
    line = f"{final}scores (main field plots): " + ", ".join(
        f"{seat_name(s)} {n}" for s, n in enumerate(scores)
    )
    if t.over:
        won = t.winners()
        if len(won) == 1:
            line += f"; winner: {seat_name(won[0])}"
        else:
            line += f"; winners: {_names(won)} (a tie)"
    return line


def _hand(f: Farmer | FarmerView) -> str:
    if f.hand is None:  # another player's, in a view
        n = f.hand_size if isinstance(f, FarmerView) else 0
        return f"hand: {n} card{'' if n == 1 else 's'}, face down"
    return f"hand: {', '.join(f.hand) or 'empty'}"


def _seat_lines(t: _Table, seat: int, sizes: tuple[int, int]) -> list[str]:
    """What the pictures say of a seat besides its name, a line per topic: its
    field, its tractor and fence, its hand, the cards in front of it."""
    f = t.farmers[seat]
    rules = t.rules
    if f.out:
        return ["eliminated"]
    main, total = sizes
    field = f"main field {main}, fallow {total - main}"
    if not rules.common_pile:
        field += f"; tiles left {t.tiles_left(seat)}"
    untiled = f.plots.bit_count() - total
    if untiled:
        field += f"; {untiled} plot(s) without a tile"
    where = crossroad_name(f.tractor) if f.tractor >= 0 else "not placed"
    power = "" if f.tractor < 0 or _powered(f) else ", powerless"
    lines = [field, f"tractor {where}{power}; fence {max(0, len(f.fence) - 1)}/{rules.fences}"]
    lines.append(_hand(f))
    front = [f"in play: {', '.join(f.in_play)}"] if f.in_play else []
    guards = [
        n for b, n in ((HIGH_VOLTAGE, "High Voltage"), (WATCHDOG, "Watchdog")) if f.guards & b
    ]
    if guards:
        front.append("protected by " + " and ".join(guards))
    if front:
        lines.append("; ".join(front))
    return lines


def _table_line(t: _Table) -> str:
    rules = t.rules
    pile = f"draw pile {t.draw_pile}"
    if t.endgame >= 0:
        pile += f" (+ Endgame among the last {t.endgame})"
    common = f"; common tiles left {t.tiles_left(0)}" if rules.common_pile else ""
    bales_left = rules.hay_bales - t.bales.bit_count()
    return f"{pile}; discard {t.discard}; hay bales in the box {bales_left}{common}"


def _cow_parts(t: _Table, cow: Cow) -> list[str]:
    rules = t.rules
    facing = SIDES[cow.facing] if cow.facing >= 0 else "not turned yet"
    parts = [
        f"on {plot_name(cow.plot)} facing {facing}",
        f"{cow.plots.bit_count()} of {rules.cow_tiles} plots",
        f"Mad Cow pile {len(cow.deck)}, played {len(cow.discard)}",
    ]
    if cow.pile:
        parts.append(f"cards to play: {', '.join(cow.pile)}")
    if cow.draws:
        when = "still to draw" if cow.active else "more next turn (Nitro)"
        parts.append(f"{cow.draws} card(s) {when}")
    if cow.rests:
        parts.append(f"skips {cow.rests} turn(s)")
    if cow.ruts:
        parts.append("Backlash Rut on " + _names(cow.ruts))
    if cow.guard == COW_TURN:
        parts.append("its plots guarded until its next turn")
    elif cow.guard != NO_GUARD:
        parts.append(f"its plots guarded until {seat_name(cow.guard)}'s turn")
    return parts


def _viewer_line(viewer: int) -> str:
    return f"as {seat_name(viewer)} sees it: the other hands are face down"


def render_text(state: State | View) -> str:
    """The board, the key to its marks and every player's situation, for a terminal.

    ``state`` is a :class:`State` or what one player sees of it
    (:func:`~acreage.crazy_farmers.observe`: the other hands are counted,
    face down); anything else is a :class:`TypeError`.
    """
    t = _table(state, "render_text")
    lines = [*_board_text(t), *_key_text(t), _headline(t)]
    if t.viewer is not None:
        lines.append(_viewer_line(t.viewer))
    lines.append(_results(t))
    for seat, sizes in enumerate(t.fields()):
        name = f"{seat_name(seat)} ({COLOUR_NAMES[seat]})"
        lines.append(f"{name}: " + "; ".join(_seat_lines(t, seat, sizes)))
    if t.cow is not None:
        lines.append("the Cow: " + "; ".join(_cow_parts(t, t.cow)))
    lines.append(_table_line(t))
    return "\n".join(lines)


# -- SVG --------------------------------------------------------------------------

_UNIT: Final = 44.0
_MARGIN: Final = 20.0
_BOARD_W: Final = 11 * _UNIT
_BOARD_H: Final = 7 * 1.7320508 * _UNIT
_PANEL_X: Final = 2 * _MARGIN + _BOARD_W
_PANEL_W: Final = 300.0
_WIDTH: Final = _PANEL_X + _PANEL_W + _MARGIN
_EMPTY: Final = "#f1e7c6"
_GRID_LINE: Final = "#9c8f6a"
_LABEL: Final = "#3d3525"
_BARN: Final = "#8b2f1c"
_BALE: Final = "#e8c547"
_COW: Final = "#5b4636"
_COW_FIELD: Final = "#b9a58c"
_PLAYERS_FIELD: Final = "#5a9e3a"  # the Mad Cow mode's shared field: a green no seat has
_CARD_BACK: Final = "#2f5d8a"
_MOVING: Final = "#b03000"
_HEX: Final = ((1.0, 0.0), (0.5, 0.866), (-0.5, 0.866), (-1.0, 0.0), (-0.5, -0.866), (0.5, -0.866))
_COW_PHASES: Final = frozenset((Phase.FACE, Phase.COW, Phase.COW_BONUS))
"""The phases where the Cow, not a player, is the subject."""


def _xy(point: tuple[float, float], top: float) -> tuple[float, float]:
    return (_MARGIN + (point[0] + 5.5) * _UNIT, top + (point[1] + 3.5 * 1.7320508) * _UNIT)


def _draw_plots(svg: Svg, t: _Table, top: float) -> None:
    cow = t.cow
    barns = t.barns
    for c in range(GRID.n_cells):
        name = plot_name(c)
        fill, title = _EMPTY, f"plot {name}, empty"
        for seat, f in enumerate(t.farmers):
            if not f.plots >> c & 1:
                continue
            if cow is None:
                colour, whose, pattern = seat_colour(seat), f"{seat_name(seat)}'s", f"fallow-{seat}"
                fallow = not f.main >> c & 1
            else:
                colour, whose, pattern = _PLAYERS_FIELD, "the players'", "fallow-players"
                fallow = not any(g.main >> c & 1 for g in t.farmers)
            fill = svg.stripes(pattern, colour, _EMPTY) if fallow else colour
            title = f"plot {name}, {whose} " + ("fallow land" if fallow else "main field")
        if cow is not None and cow.plots >> c & 1:
            fill, title = _COW_FIELD, f"plot {name}, the Cow's field"
        corners = [_xy(GRID.vertex_xy(v), top) for v in GRID.cell_vertices[c]]
        svg.polygon(corners, fill=fill, stroke=_GRID_LINE, stroke_width=1.0, title=title)
        if barns >> c & 1:
            cx, cy = _xy(GRID.cell_xy(c), top)
            _barn(svg, cx, cy - 2, _UNIT * 0.22)


def _draw_labels(svg: Svg, top: float) -> None:
    """The plots' names, dark on a pale plate: legible on every field colour and on
    the stripes, and drawn last so that nothing (the Cow) hides one."""
    for c in range(GRID.n_cells):
        name = plot_name(c)
        cx, cy = _xy(GRID.cell_xy(c), top)
        ly = cy + _UNIT * 0.55
        plate = text_width(name, 10) + 4
        svg.rect(cx - plate / 2, ly - 7, plate, 14, fill="#ffffff", rx=3, opacity=0.8)
        svg.text(cx, ly, name, size=10, fill=_LABEL)


def _barn(svg: Svg, cx: float, cy: float, s: float) -> None:
    roof = [(cx - s, cy - s * 0.2), (cx, cy - s), (cx + s, cy - s * 0.2)]
    house = [(cx - s, cy + s * 0.6), *roof, (cx + s, cy + s * 0.6)]
    svg.polygon(house, fill=_BARN, stroke="#ffffff", stroke_width=1.0, title="barn")


def _bale(svg: Svg, a: tuple[float, float], b: tuple[float, float]) -> None:
    p = ((a[0] * 3 + b[0]) / 4, (a[1] * 3 + b[1]) / 4)
    q = ((a[0] + b[0] * 3) / 4, (a[1] + b[1] * 3) / 4)
    svg.line(p, q, stroke="#7a5c12", stroke_width=12, linecap="butt")
    svg.line(p, q, stroke=_BALE, stroke_width=9, linecap="butt", title="hay bale")


def _fence(
    svg: Svg,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: str,
    protected: bool,
    title: str | None,
) -> None:
    """A fence piece: the seat's colour on a white casing, a black one when protected."""
    svg.line(a, b, stroke="#000000" if protected else "#ffffff", stroke_width=10)
    svg.line(a, b, stroke=colour, stroke_width=5, title=title)


def _tractor(
    svg: Svg, at: tuple[float, float], seat: int, powered: bool, title: str | None, r: float = 10
) -> None:
    """A tractor: a disc of the seat's colour with its number; a ring when powerless."""
    colour = seat_colour(seat)
    svg.circle(at, r * 1.25, fill="#ffffff")  # sets it off its own field's colour
    if powered:
        svg.circle(at, r, fill=colour, stroke="#000000", stroke_width=r / 5, title=title)
        svg.text(at[0], at[1], str(seat), size=r * 1.2, weight="bold", fill=ink_on(colour))
    else:
        svg.circle(at, r, fill="#ffffff", stroke=colour, stroke_width=r / 3, title=title)
        svg.text(at[0], at[1], str(seat), size=r * 1.2, weight="bold", fill=_LABEL)


def _cow_shape(cx: float, cy: float, ux: float, uy: float, r: float) -> list[tuple[float, float]]:
    """A drop around ``(cx, cy)`` pointing along the unit vector ``(ux, uy)``."""
    tip = (cx + ux * r * 2.1, cy + uy * r * 2.1)
    back = [(cx + r * (-ux * 0.6 + uy * sgn), cy + r * (-uy * 0.6 - ux * sgn)) for sgn in (1, -1)]
    return [tip, back[0], (cx - ux * r, cy - uy * r), back[1]]


def _draw_cow(svg: Svg, cow: Cow, top: float) -> None:
    """The Cow: a drop whose point shows the side it faces."""
    cx, cy = _xy(GRID.cell_xy(cow.plot), top)
    a, b = (
        _xy(GRID.vertex_xy(v), top)
        for v in GRID.edge_vertices[GRID.cell_edges[cow.plot][cow.facing]]
    )
    mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
    size = (mx * mx + my * my) ** 0.5
    svg.polygon(
        _cow_shape(cx, cy, mx / size, my / size, _UNIT * 0.28),
        fill=_COW,
        stroke="#ffffff",
        stroke_width=1.5,
        title=f"the Mad Cow, facing {SIDES[cow.facing]}",
    )


def _draw_board(svg: Svg, t: _Table, top: float) -> None:
    _draw_plots(svg, t, top)
    for e in range(GRID.n_edges):
        if t.bales >> e & 1:
            a, b = (_xy(GRID.vertex_xy(v), top) for v in GRID.edge_vertices[e])
            _bale(svg, a, b)
    for seat, f in enumerate(t.farmers):
        protected = _protected_paths(f)
        for i in range(1, len(f.fence)):
            a, b = (_xy(GRID.vertex_xy(v), top) for v in f.fence[i - 1 : i + 1])
            guarded = bool(
                edge_between(f.fence[i - 1], f.fence[i]) in protected or f.guards & HIGH_VOLTAGE
            )
            title = f"{seat_name(seat)}'s fence" + (" (protected)" if guarded else "")
            _fence(svg, a, b, seat_colour(seat), guarded, title)
    for seat, f in enumerate(t.farmers):
        if f.tractor >= 0:
            powered = _powered(f)
            title = f"{seat_name(seat)}'s tractor" + ("" if powered else " (powerless)")
            _tractor(svg, _xy(GRID.vertex_xy(f.tractor), top), seat, powered, title)
    if t.cow is not None and t.cow.facing >= 0:
        _draw_cow(svg, t.cow, top)
    _draw_labels(svg, top)


def _hexagon(fill: str) -> Swatch:
    def draw(svg: Svg, cx: float, cy: float) -> None:
        svg.polygon([(cx + 8 * dx, cy + 8 * dy) for dx, dy in _HEX], fill=fill, stroke=_GRID_LINE)

    return draw


def _key_barn(svg: Svg, cx: float, cy: float) -> None:
    _barn(svg, cx, cy + 1, 7)


def _key_bale(svg: Svg, cx: float, cy: float) -> None:
    _bale(svg, (cx - 14, cy), (cx + 14, cy))


def _key_fence(protected: bool) -> Swatch:
    def draw(svg: Svg, cx: float, cy: float) -> None:
        _fence(svg, (cx - 8, cy), (cx + 8, cy), seat_colour(0), protected, None)

    return draw


def _key_tractor(powered: bool) -> Swatch:
    def draw(svg: Svg, cx: float, cy: float) -> None:
        _tractor(svg, (cx, cy), 0, powered, None, r=7.5)

    return draw


def _key_cow(svg: Svg, cx: float, cy: float) -> None:
    svg.polygon(_cow_shape(cx - 3, cy, 1.0, 0.0, 5.0), fill=_COW, stroke="#ffffff")


def _key(svg: Svg, t: _Table, y: float) -> float:
    """The key to the board's symbols (player 0's colour for a seat's); returns the ``y`` below."""
    red = seat_colour(0)
    entries = [(_hexagon(_EMPTY), "empty plot")]
    if t.cow is None:
        entries += [
            (_hexagon(red), "main field (here player 0's): its plots score"),
            (
                _hexagon(svg.stripes("fallow-0", red, _EMPTY)),
                "fallow land, cut off from the main field: breaks ties only",
            ),
        ]
    else:
        entries += [
            (_hexagon(_PLAYERS_FIELD), "the players' field: its plots score"),
            (
                _hexagon(svg.stripes("fallow-players", _PLAYERS_FIELD, _EMPTY)),
                "fallow land: does not score",
            ),
            (_hexagon(_COW_FIELD), "the Cow's field: its plots count against you"),
            (_key_cow, "the Mad Cow, pointing the way it faces"),
        ]
    entries += [
        (_key_barn, "barn"),
        (_key_bale, "hay bale: blocks the path"),
        (_key_fence(False), "fence (here player 0's)"),
        (_key_fence(True), "protected fence: the 2 behind a tractor (all with High Voltage)"),
        (_key_tractor(True), "tractor, with its seat's number"),
        (
            _key_tractor(False),
            "powerless tractor: off its main field with no fence, it can neither "
            "pull a fence nor cut one",
        ),
    ]
    with svg.group("key"):
        svg.text(_PANEL_X, y + 8, "Key", size=12, anchor="start", weight="bold")
        return svg.key(_PANEL_X, y + 18, entries, _PANEL_W, size=11)


def _seat_block(svg: Svg, t: _Table, seat: int, sizes: tuple[int, int], y: float) -> float:
    """One seat of the legend: its colour, name, score and situation; returns the ``y`` below."""
    x, width = _PANEL_X, _PANEL_W
    f = t.farmers[seat]
    colour = seat_colour(seat)
    deciding = t.to_move == seat
    top = y
    name = seat_name(seat) + (" (you)" if t.viewer == seat else "")
    svg.rect(x + 8, y + 6, 14, 14, fill=colour, stroke="#000000", stroke_width=1.0)
    svg.text(x + 28, y + 13, name, size=13, anchor="start", weight="bold")
    if deciding:
        svg.text(
            x + 34 + text_width(name, 13, bold=True),
            y + 13,
            "to move",
            size=11,
            anchor="start",
            weight="bold",
            fill=_MOVING,
        )
    if t.cow is None:  # in the Mad Cow mode the players share one score: the headline's
        won = seat in t.winners()
        score = f"{'final ' if t.over else ''}score {t.scores()[seat]}"
        svg.text(
            x + width - 8,
            y + 13,
            ("winner, " if won else "") + score,
            size=12,
            anchor="end",
            weight="bold",
        )
    y += 24
    hidden = f.hand is None and not f.out
    for line in _seat_lines(t, seat, sizes):
        if hidden and line.startswith("hand:"):
            n = f.hand_size if isinstance(f, FarmerView) else 0
            label = f"hand: {n} face down"
            svg.text(x + 10, y + 8, label, size=11, anchor="start")
            left = x + 16 + text_width(label, 11)
            for i in range(n):
                svg.rect(left + i * 12, y + 1, 10, 14, fill=_CARD_BACK, stroke="#ffffff", rx=2)
            y += 17
        else:
            y = svg.paragraph(x + 10, y, line, width - 18, size=11)
    y += 4
    svg.rect(
        x,
        top,
        width,
        y - top,
        stroke=colour if deciding else "#b8b0a0",
        stroke_width=3.0 if deciding else 1.0,
        rx=5,
    )
    return y + 6


def _cow_block(svg: Svg, t: _Table, cow: Cow, y: float) -> float:
    """The Mad Cow's part of the legend; returns the ``y`` below it."""
    x, width = _PANEL_X, _PANEL_W
    top = y
    svg.rect(x + 8, y + 6, 14, 14, fill=_COW_FIELD, stroke="#000000", stroke_width=1.0)
    svg.text(x + 28, y + 13, "the Mad Cow", size=13, anchor="start", weight="bold")
    if t.phase in _COW_PHASES:
        svg.text(
            x + 34 + text_width("the Mad Cow", 13, bold=True),
            y + 13,
            "its turn",
            size=11,
            anchor="start",
            weight="bold",
            fill=_MOVING,
        )
    y = svg.paragraph(x + 10, y + 24, "; ".join(_cow_parts(t, cow)), width - 18, size=11) + 4
    svg.rect(x, top, width, y - top, stroke="#b8b0a0", stroke_width=1.0, rx=5)
    return y + 6


def render_svg(state: State | View) -> str:
    """An SVG picture: the board, whose turn it is and what is being decided, the
    scores (at the end the final ones and the winners), a legend of the seats and
    a key to the symbols.

    Plots show their owner's colour, striped for fallow land; fences run in the
    seat's colour (on black when protected); a tractor is a disc with its seat's
    number, an empty ring when powerless. In the Mad Cow mode the players' field
    is green, the Cow's brown, and the Cow a drop pointing the way it faces.

    ``state`` is a :class:`State` or what one player sees of it
    (:func:`~acreage.crazy_farmers.observe`: the other hands are drawn face
    down); anything else is a :class:`TypeError`.
    """
    t = _table(state, "render_svg")
    svg = Svg(_WIDTH, 0)
    width = _WIDTH - 2 * _MARGIN
    y = _MARGIN - 6
    with svg.group("status"):
        if not t.over and t.phase not in _COW_PHASES:
            svg.rect(_MARGIN, y + 4, 14, 14, fill=seat_colour(t.player), stroke="#000000")
            y = svg.paragraph(_MARGIN + 20, y, _headline(t), width - 20, size=16, weight="bold")
        else:
            y = svg.paragraph(_MARGIN, y, _headline(t), width, size=16, weight="bold")
        y = svg.paragraph(
            _MARGIN, y + 2, _results(t), width, size=13, weight="bold" if t.over else None
        )
        if t.viewer is not None:
            y = svg.paragraph(_MARGIN, y, _viewer_line(t.viewer), width, size=12, fill=_MOVING)
    top = y + 10
    _draw_board(svg, t, top)
    y = top
    with svg.group("legend"):
        for seat, sizes in enumerate(t.fields()):
            y = _seat_block(svg, t, seat, sizes, y)
        if t.cow is not None:
            y = _cow_block(svg, t, t.cow, y)
    y = svg.paragraph(_PANEL_X, y, _table_line(t), _PANEL_W, size=11)
    y = _key(svg, t, y + 6)
    svg.height = max(top + _BOARD_H + _MARGIN, y + _MARGIN)
    return str(svg)
