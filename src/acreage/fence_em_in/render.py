"""Pictures of a Fence Em In state: text for terminals, SVG for notebooks."""

from __future__ import annotations

from acreage.core.game import CHANCE
from acreage.core.svg import PLAYER_COLOURS, Svg
from acreage.fence_em_in.rules import COLUMNS, KINDS, EnclosureCard
from acreage.fence_em_in.scoring import score_sheets, winners
from acreage.fence_em_in.state import Enclosure, Phase, State

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
"""Two-letter codes of the miniatures on the text board."""


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


def _headline(state: State) -> str:
    rules = state.rules
    if state.phase is Phase.END:
        won = winners(state)
        who = " and ".join(f"player {p}" for p in won)
        return f"Game over after round {state.round}: {who} {'wins' if len(won) == 1 else 'share the win'}"
    when = f"Round {state.round} of {rules.rounds}" if state.round else "Setup"
    if state.to_move is CHANCE:
        what = state.phase.value
        if state.phase is Phase.ORDER:
            group = next(g for g in state.groups if len(g) > 1)
            what = f"player {group[len(state.rolls)]} rolls for the turn order"
        return f"{when}: chance: {what}"
    return f"{when}: player {state.to_move} to {state.phase.value}"


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
    bag = ", ".join(f"{k} {n}" for k, n in zip(KINDS, state.bag, strict=True) if n)
    lines.append(f"Bag: {state.bag_size()} tokens ({bag or 'empty'})")
    return lines


def _mission_text(state: State, name: str) -> str:
    rules = state.rules
    card = next(c for c in rules.all_cards if c.name == name)
    if isinstance(card, EnclosureCard):
        cmp = "under" if card.size == "small" else "of at least"
        return f"{name} ({card.points} per enclosure {cmp} {rules.enclosure_threshold} cells)"
    return f"{name} ({card.points} for more than {card.more_than} cells of {card.kind})"


def _player_lines(state: State) -> list[str]:
    rules = state.rules
    lines = []
    end = state.phase is Phase.END
    sheets = score_sheets(state)
    for seat, farm in enumerate(state.farms):
        sizes = ", ".join(str(e.size) for e in farm.enclosures)
        marks = []
        if state.passed >> seat & 1:
            marks.append("passed")
        if state.player == seat:
            marks.append("to play")
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
        if end:
            s = sheets[seat]
            lines.append(
                f"  final {s.total} = {s.placement} placement + {s.farm_board} farm board + "
                f"{s.missions} missions + {s.fertilizer} fertilizer"
            )
    return lines


def render_text(state: State) -> str:
    """The table as text: the board with its fences and miniatures, dice, assets board, farms."""
    lines = [_headline(state)]
    order = " ".join(map(str, state.order)) or "-"
    lines.append(
        f"Dice: {_dice_text(state.dice)}   Turn order: {order}   In hand: {state.token or '-'}"
    )
    missions = "; ".join(_mission_text(state, n) for n in state.cards)
    lines.append(f"Missions: {missions or 'not revealed yet'}")
    lines += _board_lines(state)
    lines.append(
        "  "
        + ", ".join(f"{code} {kind}" for kind, code in CODES.items())
        + "; [n] starting cell of player n"
    )
    lines += _assets_lines(state)
    lines += _player_lines(state)
    return "\n".join(lines)


def render_svg(state: State) -> str:
    """The table as SVG: the board, dice, assets board and every farm board."""
    rules = state.rules
    size = rules.board_size
    unit = 28
    margin = 20
    board = size * unit
    panel_x = margin * 2 + board
    farm_h = 34 + 16 * len(rules.farm_board)
    height = max(board + 2 * margin, 260 + 13 * rules.column_slots + farm_h * rules.players)
    svg = Svg(panel_x + 330, height)
    svg.rect(margin, margin, board, board, fill="#f4f0e0", stroke="#8a7a50", stroke_width=2)
    for i in range(1, size):
        svg.line((margin + i * unit, margin), (margin + i * unit, margin + board), stroke="#ddd6bd")
        svg.line((margin, margin + i * unit), (margin + board, margin + i * unit), stroke="#ddd6bd")
    for seat, (x, y) in enumerate(rules.start_cells):
        svg.circle(
            (margin + (x + 0.5) * unit, margin + (y + 0.5) * unit),
            unit * 0.35,
            stroke=PLAYER_COLOURS[seat],
            stroke_width=2,
            title=f"starting cell of player {seat}",
        )
    for seat, farm in enumerate(state.farms):
        colour = PLAYER_COLOURS[seat]
        for e in farm.enclosures:
            x0, y0 = margin + e.x * unit, margin + e.y * unit
            svg.rect(
                x0,
                y0,
                e.width * unit,
                e.height * unit,
                fill=colour,
                opacity=0.35,
                stroke=colour,
                stroke_width=3,
                title=f"player {seat}: {e.width}x{e.height} {e.kind or 'empty'}",
            )
            svg.text(
                x0 + e.width * unit / 2,
                y0 + e.height * unit / 2,
                e.kind or "?",
                size=11 if e.width > 1 else 8,
                weight="bold",
            )
    x = panel_x
    svg.text(x, 30, _headline(state), size=13, anchor="start", weight="bold")
    svg.text(x, 52, f"Dice: {_dice_text(state.dice)}", size=12, anchor="start")
    for i, value in enumerate(state.dice):
        svg.rect(x + 120 + i * 30, 40, 24, 24, fill="#ffffff", stroke="#000000", rx=4)
        svg.text(x + 132 + i * 30, 52, "*" if value == 6 else str(value), size=13)
    order = " ".join(map(str, state.order)) or "-"
    svg.text(
        x, 76, f"Turn order: {order}   Bag: {state.bag_size()} tokens", size=11, anchor="start"
    )
    for i, name in enumerate(state.cards):
        svg.text(x, 92 + i * 13, f"Mission: {_mission_text(state, name)}", size=10, anchor="start")
    board_top = 104 + 13 * len(state.cards)
    svg.text(x, board_top, "Assets board", size=12, anchor="start", weight="bold")
    depth = max(rules.column_slots, *(len(c) for c in state.columns))
    for c, column in enumerate(state.columns):
        svg.text(
            x + 10 + c * 62, board_top + 16, str(c + 1), size=11, anchor="start", weight="bold"
        )
        for i, kind in enumerate(column):
            svg.text(x + 10 + c * 62, board_top + 30 + i * 13, kind, size=10, anchor="start")
    top = board_top + 40 + 13 * depth
    sheets = score_sheets(state)
    for seat, farm in enumerate(state.farms):
        y = top + seat * farm_h
        colour = PLAYER_COLOURS[seat]
        svg.rect(x, y, 320, farm_h - 6, fill="#ffffff", stroke=colour, stroke_width=2, rx=4)
        total = f", final {sheets[seat].total}" if state.phase is Phase.END else ""
        svg.text(
            x + 6,
            y + 12,
            f"Player {seat}: {_points(farm.points)}, {farm.fertilizer} fertilizer{total}",
            size=11,
            anchor="start",
            weight="bold",
        )
        for r, (cat, row) in enumerate(zip(rules.farm_board, farm.rows, strict=True)):
            ry = y + 28 + r * 16
            svg.text(x + 6, ry, cat.name, size=10, anchor="start")
            for slot, points in enumerate(cat.points):
                sx = x + 90 + slot * 56
                filled = slot < len(row)
                svg.rect(
                    sx,
                    ry - 7,
                    52,
                    14,
                    fill=colour if filled else "#ffffff",
                    opacity=0.5 if filled else None,
                    stroke="#888888",
                )
                svg.text(sx + 26, ry, row[slot] if filled else str(points), size=9)
    return str(svg)
