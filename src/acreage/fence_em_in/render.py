"""Pictures of a Fence Em In table: text for terminals, SVG for notebooks.

Both draw a :class:`~acreage.fence_em_in.State` or a player's
:class:`~acreage.fence_em_in.View` (``observe(state, seat)``: the whole
table, as Fence Em In hides nothing). A seat is named ``player 0``,
``player 1``... as in the move texts, with its colour in the SVG
(:func:`acreage.core.svg.seat_colour`).
"""

from __future__ import annotations

from typing import Final

from acreage.core.svg import Svg, Swatch, fit, ink_on, seat_colour, seat_name, text_width
from acreage.fence_em_in.rules import COLUMNS, KINDS, EnclosureCard
from acreage.fence_em_in.scoring import score_sheets, scores, winners
from acreage.fence_em_in.state import Enclosure, Phase, State
from acreage.fence_em_in.view import View, state_of_view

__all__ = ["render_svg", "render_text"]

CODES = {
    "cow": "Co",
    "sheep": "Sh",
    "chicken": "Ch",
    "corn": "Cn",
    "grain": "Gr",
    "hay": "Hy",
    "barn": "Ba",
    "granary": "Gy",
}
"""Two-letter codes of the miniatures on the text board (and on small enclosures in the SVG)."""


def _table(what: object, caller: str) -> tuple[State, int | None]:
    """The state to draw and the seat looking (``None`` for a state); a
    :class:`TypeError` for anything but a :class:`State` or :class:`View`."""
    if isinstance(what, State):
        return what, None
    if isinstance(what, View):
        # A view holds the whole table (nothing is hidden): the state it shows.
        return state_of_view(what), what.player
    raise TypeError(
        f"{caller} draws a fence_em_in State or View (observe(state, seat)), "
        f"not {type(what).__name__}"
    )


def _enclosure_map(state: State) -> list[tuple[int, int] | None]:
    """For each cell, ``(seat, enclosure index)`` of the enclosure covering it."""
    size = state.rules.board_size
    cells: list[tuple[int, int] | None] = [None] * (size * size)
    for seat, farm in enumerate(state.farms):
        for i, e in enumerate(farm.enclosures):
            for y in range(e.y, e.y + e.height):
                for x in range(e.x, e.x + e.width):
                    cells[y * size + x] = (seat, i)
    return cells


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _dice_text(dice: tuple[int, ...]) -> str:
    return " ".join("choice" if v == 6 else str(v) for v in dice) or "-"


def _names(seats: tuple[int, ...]) -> str:
    names = [seat_name(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _headline(state: State) -> str:
    """Whose turn it is and what they decide, or who won."""
    rules = state.rules
    if state.phase is Phase.END:
        won = winners(state)
        verb = "wins" if len(won) == 1 else "share the win"
        return f"Game over after round {state.round}: {_names(won)} {verb}"
    when = f"Round {state.round} of {rules.rounds}" if state.round else "Setup"
    if isinstance(state.to_move, int):
        return f"{when}: {seat_name(state.to_move)} to {state.phase.value}"
    what = state.phase.value
    if state.phase is Phase.ORDER:
        group = next(g for g in state.groups if len(g) > 1)
        what = f"{seat_name(group[len(state.rolls)])} rolls for the turn order"
    return f"{when}: chance: {what}"


def _scores_line(state: State) -> str:
    """The scores: the score track during the game, the final totals and winners at the end."""
    now = scores(state)
    if state.phase is not Phase.END:
        return "Points on the score track: " + ", ".join(
            f"{seat_name(s)} {n}" for s, n in enumerate(now)
        )
    won = winners(state)
    who = f"winner: {seat_name(won[0])}" if len(won) == 1 else f"winners: {_names(won)} (a tie)"
    return (
        "Final scores: " + ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(now)) + f"; {who}"
    )


def _viewer_line(viewer: int) -> str:
    return f"As {seat_name(viewer)} sees it (Fence Em In hides nothing)"


def _board_lines(state: State) -> list[str]:
    size = state.rules.board_size
    owner = _enclosure_map(state)
    corner_of: dict[tuple[int, int], Enclosure] = {
        (e.x, e.y): e for farm in state.farms for e in farm.enclosures
    }
    starts = {cell: seat for seat, cell in enumerate(state.rules.start_cells)}

    def at(x: int, y: int) -> tuple[int, int] | str | None:
        if 0 <= x < size and 0 <= y < size:
            return owner[y * size + x]
        return "outside"

    def fence(a: tuple[int, int] | str | None, b: tuple[int, int] | str | None) -> bool:
        return a != b and (a is not None or b is not None)

    lines = ["    " + "".join(f"{x:^4}" for x in range(size))]
    for y in range(size + 1):
        row = "    "
        for x in range(size + 1):
            up = fence(at(x - 1, y - 1), at(x, y - 1))
            down = fence(at(x - 1, y), at(x, y))
            left = fence(at(x - 1, y - 1), at(x - 1, y))
            right = fence(at(x, y - 1), at(x, y))
            row += "+" if left or right else "|" if up or down else " "
            if x < size:
                row += "---" if right else "   "
        lines.append(row.rstrip())
        if y == size:
            break
        row = f"{y:>3} "
        for x in range(size + 1):
            row += "|" if fence(at(x - 1, y), at(x, y)) else " "
            if x == size:
                break
            here = owner[y * size + x]
            if here is None:
                seat = starts.get((x, y))
                row += f"[{seat}]" if seat is not None else " . "
            else:
                e = corner_of.get((x, y))
                if e is not None:
                    row += f"{here[0]}{CODES[e.kind] if e.kind else '? '}"
                else:
                    row += f" {here[0]} "
        lines.append(row.rstrip())
    return lines


def _assets_lines(state: State) -> list[str]:
    width = 9
    lines = ["Assets board (the third die names the column):"]
    lines.append("   " + "".join(f"{c:<{width}}" for c in range(1, COLUMNS + 1)).rstrip())
    depth = max(state.rules.column_slots, *(len(c) for c in state.columns))
    for i in range(depth):
        cells = [col[i] if i < len(col) else "-" for col in state.columns]
        lines.append("   " + "".join(f"{c:<{width}}" for c in cells).rstrip())
    lines.append(_bag_text(state))
    return lines


def _bag_text(state: State) -> str:
    bag = ", ".join(f"{k} {n}" for k, n in zip(KINDS, state.bag, strict=True) if n)
    return f"Bag: {state.bag_size()} tokens ({bag or 'empty'})"


def _mission_text(state: State, name: str) -> str:
    rules = state.rules
    card = next(c for c in rules.all_cards if c.name == name)
    if isinstance(card, EnclosureCard):
        cmp = "under" if card.size == "small" else "of at least"
        return f"{name} ({card.points} per enclosure {cmp} {rules.enclosure_threshold} cells)"
    return f"{name} ({card.points} for more than {card.more_than} cells of {card.kind})"


def _marks(state: State, seat: int) -> list[str]:
    marks = []
    if state.passed >> seat & 1:
        marks.append("passed")
    if state.player == seat:
        marks.append("to play")
    return marks


def _final_text(state: State, seat: int) -> str:
    s = score_sheets(state)[seat]
    return (
        f"final {s.total} = {s.placement} placement + {s.farm_board} farm board + "
        f"{s.missions} missions + {s.fertilizer} fertilizer"
    )


def _player_lines(state: State) -> list[str]:
    rules = state.rules
    lines = []
    for seat, farm in enumerate(state.farms):
        sizes = ", ".join(str(e.size) for e in farm.enclosures)
        marks = _marks(state, seat)
        mark = f" [{', '.join(marks)}]" if marks else ""
        count = len(farm.enclosures)
        lines.append(
            f"Player {seat}{mark}: {_points(farm.points)}, {farm.fertilizer} fertilizer, "
            f"{count} enclosure{'' if count == 1 else 's'} ({sizes or 'none'})"
        )
        rows = "; ".join(
            f"{cat.name} {' '.join(row) if row else '-'}"
            for cat, row in zip(rules.farm_board, farm.rows, strict=True)
        )
        lines.append(f"  farm board: {rows}")
        if farm.discards:
            lines.append(f"  discarded: {' '.join(farm.discards)}")
        if state.phase is Phase.END:
            lines.append(f"  {_final_text(state, seat)}")
    return lines


def render_text(state: State | View) -> str:
    """The table as text: the board with its fences and miniatures, dice, assets board, farms.

    ``state`` is a :class:`State` or a player's :class:`View` (the same
    table, headed by whose view it is); anything else is a :class:`TypeError`.
    """
    table, viewer = _table(state, "render_text")
    lines = [_headline(table)]
    if viewer is not None:
        lines.append(_viewer_line(viewer))
    lines.append(_scores_line(table))
    order = " ".join(map(str, table.order)) or "-"
    lines.append(
        f"Dice: {_dice_text(table.dice)}   Turn order: {order}   In hand: {table.token or '-'}"
    )
    missions = "; ".join(_mission_text(table, n) for n in table.cards)
    lines.append(f"Missions: {missions or 'not revealed yet'}")
    lines += _board_lines(table)
    lines.append(
        "  "
        + ", ".join(f"{code} {kind}" for kind, code in CODES.items())
        + "; [n] starting cell of player n"
    )
    lines += _assets_lines(table)
    lines += _player_lines(table)
    return "\n".join(lines)


# -- SVG --------------------------------------------------------------------------

_UNIT: Final = 24.0
_MARGIN: Final = 16.0
_LABELS: Final = 18.0  # the coordinates left of and above the board
_PANEL_W: Final = 250.0
_FARM_W: Final = 256.0
_FARMS_PER_ROW: Final = 3
_BOARD: Final = "#f4f0e0"
_BOARD_LINE: Final = "#ddd6bd"
_MOVING: Final = "#b03000"


def _layout(state: State) -> tuple[float, float, float]:
    """The board's left edge, the right panel's left edge and the canvas width.

    The farm boards go below, up to three in a row (about 800 wide: a
    notebook shows the picture at its size).
    """
    left = _MARGIN + _LABELS
    panel = left + state.rules.board_size * _UNIT + 16
    farms = _FARMS_PER_ROW * (_FARM_W + 10) - 10
    return left, panel, max(panel + _PANEL_W, _MARGIN + farms) + _MARGIN


def _draw_board(svg: Svg, state: State, left: float, top: float) -> float:
    """The enclosure board with coordinates; returns the ``y`` below it."""
    rules = state.rules
    size = rules.board_size
    board = size * _UNIT
    for i in range(size):
        svg.text(left + (i + 0.5) * _UNIT, top - _LABELS / 2, str(i), size=9, fill="#6b5f3d")
        svg.text(left - 4, top + (i + 0.5) * _UNIT, str(i), size=9, fill="#6b5f3d", anchor="end")
    svg.rect(left, top, board, board, fill=_BOARD, stroke="#8a7a50", stroke_width=2)
    for i in range(1, size):
        svg.line((left + i * _UNIT, top), (left + i * _UNIT, top + board), stroke=_BOARD_LINE)
        svg.line((left, top + i * _UNIT), (left + board, top + i * _UNIT), stroke=_BOARD_LINE)
    for seat, (x, y) in enumerate(rules.start_cells):
        svg.circle(
            (left + (x + 0.5) * _UNIT, top + (y + 0.5) * _UNIT),
            _UNIT * 0.35,
            stroke=seat_colour(seat),
            stroke_width=2.5,
            title=f"starting cell of {seat_name(seat)}",
        )
    for seat, farm in enumerate(state.farms):
        colour = seat_colour(seat)
        for e in farm.enclosures:
            x0, y0 = left + e.x * _UNIT, top + e.y * _UNIT
            w, h = e.width * _UNIT, e.height * _UNIT
            title = f"{seat_name(seat)}: {e.width}x{e.height} at {e.x},{e.y}, {e.kind or 'no miniature yet'}"
            svg.rect(x0, y0, w, h, fill=colour, opacity=0.45, title=title)
            svg.rect(x0 + 1.5, y0 + 1.5, w - 3, h - 3, stroke=colour, stroke_width=3)
            name = e.kind or "?"
            size_pt = 11.0 if e.width > 1 and e.height > 1 else 10.0
            if text_width(name, size_pt, bold=True) > w - 4:
                name = CODES[e.kind] if e.kind else "?"
            text, pt = fit(name, w - 4, size_pt, bold=True)
            svg.text(x0 + w / 2, y0 + h / 2, text, size=pt, weight="bold", halo="#ffffff")
    return top + board


def _die(svg: Svg, x: float, y: float, value: int) -> None:
    svg.rect(x, y, 24, 24, fill="#ffffff", stroke="#000000", stroke_width=1.5, rx=4)
    svg.text(x + 12, y + 12, "*" if value == 6 else str(value), size=14, weight="bold")


def _panel(svg: Svg, state: State, x: float, y: float) -> float:
    """Dice, token in hand, turn order, missions, assets board and bag; returns the ``y`` below."""
    rules = state.rules
    width = _PANEL_W
    svg.text(x, y + 12, "Dice", size=12, anchor="start", weight="bold")
    for i, value in enumerate(state.dice):
        _die(svg, x + 40 + i * 30, y, value)
    if not state.dice:
        svg.text(x + 40, y + 12, "not rolled", size=11, anchor="start")
    if 6 in state.dice:
        svg.text(x + 44 + 30 * len(state.dice), y + 12, "* choice face", size=10, anchor="start")
    y += 32
    svg.text(x, y + 8, f"Token in hand: {state.token or '-'}", size=11, anchor="start")
    y += 18
    svg.text(x, y + 8, "Turn order:", size=11, anchor="start")
    ox = x + 8 + text_width("Turn order:", 11)
    for seat in state.order:
        colour = seat_colour(seat)
        svg.rect(ox, y, 16, 16, fill=colour, stroke="#000000", rx=3)
        svg.text(ox + 8, y + 8, str(seat), size=10, weight="bold", fill=ink_on(colour))
        ox += 20
    if not state.order:
        svg.text(ox, y + 8, "not rolled yet", size=11, anchor="start")
    y += 24
    svg.text(x, y + 8, "Missions", size=12, anchor="start", weight="bold")
    y += 18
    for name in state.cards:
        y = svg.paragraph(x, y, _mission_text(state, name), width, size=10)
    if not state.cards:
        y = svg.paragraph(x, y, "not revealed yet", width, size=10)
    y += 6
    y = svg.paragraph(
        x, y, "Assets board (the third die names the column)", width, size=11, weight="bold"
    )
    y += 4
    depth = max(rules.column_slots, *(len(c) for c in state.columns))
    step = width / COLUMNS
    for c, column in enumerate(state.columns):
        cx = x + c * step
        svg.text(cx + 2, y + 6, str(c + 1), size=11, anchor="start", weight="bold")
        for i, kind in enumerate(column):
            text, pt = fit(kind, step - 4, 10)
            svg.text(cx + 2, y + 20 + i * 13, text, size=pt, anchor="start")
    y += 20 + 13 * depth
    return svg.paragraph(x, y, _bag_text(state), width, size=10)


def _key(svg: Svg, x: float, y: float) -> float:
    red = seat_colour(0)

    def enclosure(s: Svg, cx: float, cy: float) -> None:
        s.rect(cx - 8, cy - 7, 16, 14, fill=red, opacity=0.45)
        s.rect(cx - 7, cy - 6, 14, 12, stroke=red, stroke_width=2)

    def start(s: Svg, cx: float, cy: float) -> None:
        s.circle((cx, cy), 6, stroke=red, stroke_width=2.5)

    def slot(fill: str) -> Swatch:
        def draw(s: Svg, cx: float, cy: float) -> None:
            s.rect(cx - 8, cy - 6, 16, 12, fill=fill, stroke="#888888")

        return draw

    codes = ", ".join(f"{code} {kind}" for kind, code in CODES.items())
    entries = [
        (enclosure, "enclosure (here player 0's) with its miniature; ? before its token is taken"),
        (start, "starting cell (here player 0's)"),
        (slot("#ffffff"), "farm-board slot: the points it scores"),
        (slot(_pale(red)), "filled slot: the token in it"),
    ]
    svg.text(x, y + 8, "Key", size=12, anchor="start", weight="bold")
    y = svg.key(x, y + 18, entries, _PANEL_W, size=10)
    return svg.paragraph(x, y, f"Small enclosures: {codes}", _PANEL_W, size=10)


def _pale(colour: str) -> str:
    """``colour`` mixed half and half with white: a filled slot's fill, legible under dark text."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*((v + 255) // 2 for v in (r, g, b)))


def _farm(svg: Svg, state: State, seat: int, viewer: int | None, x: float, y: float) -> float:
    """One seat's farm board, its colour and name, points and marks; returns the ``y`` below."""
    rules = state.rules
    farm = state.farms[seat]
    colour = seat_colour(seat)
    top = y
    deciding = state.to_move == seat
    svg.rect(x + 6, y + 5, 14, 14, fill=colour, stroke="#000000")
    name = seat_name(seat) + (" (you)" if seat == viewer else "")
    svg.text(x + 26, y + 12, name, size=13, anchor="start", weight="bold")
    marks = _marks(state, seat)
    if marks:
        mx = x + 32 + text_width(name, 13, bold=True)
        svg.text(mx, y + 12, ", ".join(marks), size=10, anchor="start", weight="bold", fill=_MOVING)
    end = state.phase is Phase.END
    won = end and seat in winners(state)
    total = score_sheets(state)[seat].total if end else farm.points
    right = ("winner, " if won else "") + (f"final {total}" if end else _points(total))
    svg.text(x + _FARM_W - 6, y + 12, right, size=12, anchor="end", weight="bold")
    y += 22
    count = len(farm.enclosures)
    y = svg.paragraph(
        x + 6,
        y,
        f"{farm.fertilizer} fertilizer, {count} enclosure{'' if count == 1 else 's'}",
        _FARM_W - 12,
        size=10,
    )
    slots = max(len(c.points) for c in rules.farm_board)
    label_w = 68.0
    step = (_FARM_W - 12 - label_w) / slots
    filled = _pale(colour)
    for cat, row in zip(rules.farm_board, farm.rows, strict=True):
        text, pt = fit(cat.name, label_w - 4, 10)
        svg.text(x + 6, y + 8, text, size=pt, anchor="start")
        for i, points in enumerate(cat.points):
            sx = x + 6 + label_w + i * step
            used = i < len(row)
            svg.rect(sx, y + 1, step - 3, 14, fill=filled if used else "#ffffff", stroke="#888888")
            label, pt = fit(row[i] if used else str(points), step - 5, 9)
            svg.text(sx + (step - 3) / 2, y + 8, label, size=pt)
        y += 16
    if farm.discards:
        y = svg.paragraph(
            x + 6, y + 2, f"discarded: {' '.join(farm.discards)}", _FARM_W - 12, size=10
        )
    if end:
        y = svg.paragraph(
            x + 6,
            y + 2,
            _final_text(state, seat),
            _FARM_W - 12,
            size=10,
            weight="bold" if won else None,
        )
    y += 6
    svg.rect(x, top, _FARM_W, y - top, stroke=colour, stroke_width=3.0 if deciding else 1.5, rx=5)
    return y


def render_svg(state: State | View) -> str:
    """The table as SVG: whose turn it is and what they decide, the scores (the
    final ones and the winners at the end), the board with its coordinates, the
    dice, missions, assets board and bag, and every seat's farm board in its colour.

    ``state`` is a :class:`State` or a player's :class:`View` (the same
    table, headed by whose view it is); anything else is a :class:`TypeError`.
    """
    table, viewer = _table(state, "render_svg")
    left, panel, width = _layout(table)
    svg = Svg(width, 0)
    y = _MARGIN - 4
    with svg.group("status"):
        seat = table.to_move if isinstance(table.to_move, int) else None
        if seat is not None:
            svg.rect(_MARGIN, y + 4, 14, 14, fill=seat_colour(seat), stroke="#000000")
        indent = 20 if seat is not None else 0
        y = svg.paragraph(
            _MARGIN + indent,
            y,
            _headline(table),
            width - 2 * _MARGIN - indent,
            size=16,
            weight="bold",
        )
        end = table.phase is Phase.END
        y = svg.paragraph(
            _MARGIN,
            y + 2,
            _scores_line(table),
            width - 2 * _MARGIN,
            size=13,
            weight="bold" if end else None,
        )
        if viewer is not None:
            y = svg.paragraph(
                _MARGIN, y, _viewer_line(viewer), width - 2 * _MARGIN, size=12, fill=_MOVING
            )
    top = y + 8 + _LABELS
    below = _draw_board(svg, table, left, top) + 12
    right = _panel(svg, table, panel, top - _LABELS)
    right = _key(svg, panel, right + 10)
    players = table.rules.players
    y = max(below, right) + 4
    with svg.group("legend"):
        for first in range(0, players, _FARMS_PER_ROW):
            bottoms = [
                _farm(svg, table, s, viewer, _MARGIN + (s - first) * (_FARM_W + 10), y)
                for s in range(first, min(first + _FARMS_PER_ROW, players))
            ]
            y = max(bottoms) + 10
    svg.height = y - 10 + _MARGIN
    return str(svg)
