"""Pictures of a state: ``render_text`` for terminals, ``render_svg`` for notebooks.

Text board: each tile is three lines of 11 characters between its sides.
Line 1 is the tile (``house 0``, ``grass``, ``forest L`` / ``forest D`` for
an unlogged light or dark forest tile, ``logged``) and its bonus (``fish``,
``fert``, ``oil``); line 2 the market card, ``*`` when it shows its mature or
active side, ``.`` when immature or exhausted; line 3 a farmer (``F2``) and
the player controlling the tile (``[2]``). A side shows ``- -``/``:`` when
unfenced and its owner's digit when fenced; ``1111/0000`` (or ``1``, ``/``,
``0`` down a side) is two fences, the first facing up (or left).
"""

from __future__ import annotations

from acreage.core.bitset import bits
from acreage.core.svg import PLAYER_COLOURS, Svg
from acreage.get_off_my_land import land
from acreage.get_off_my_land.farm import controller, farmer_on, tile_bonus
from acreage.get_off_my_land.options import stash
from acreage.get_off_my_land.state import State
from acreage.get_off_my_land.tables import FOREST_KINDS, Tables

__all__ = ["render_svg", "render_text"]

_W = 11
_BONUS = {"fishing hole": "fish", "fertile land": "fert", "oil strike": "oil"}


def _tile_lines(state: State, c: int) -> list[str]:
    t = state.rules.tables
    if t.farm_owner[c] >= 0:
        kind = f"house {t.farm_owner[c]}"
    elif t.grass_of[c] >= 0:
        kind = "grass"
    elif state.tiles[c] >= 0:
        kind = "logged"
    else:
        kind = f"forest {FOREST_KINDS[t.forest_kind[c]][0].upper()}"
    bonus = _BONUS.get(tile_bonus(t, state.tiles, c), "")
    line1 = f"{kind} {bonus}".strip()
    k = state.cards[c]
    line2 = "" if k < 0 else t.market[k].name + ("*" if state.mature >> c & 1 else ".")
    who = farmer_on(state, c)
    owner = controller(state, c)
    left = f"F{who}" if who >= 0 else ""
    right = f"[{owner}]" if owner >= 0 else ""
    line3 = left + " " * (_W - len(left) - len(right)) + right
    return [line1[:_W].ljust(_W), line2[:_W].ljust(_W), line3]


def _owners(state: State, edge: int) -> tuple[int, int]:
    """The owners in the edge's two slots (-1 for none)."""
    t = state.rules.tables
    return land.owner_at(state.fences, edge), land.owner_at(state.fences, t.edges + edge)


def _across(state: State, edge: int, first_faces_down: bool) -> str:
    """A horizontal side, ``_W`` characters."""
    a, b = _owners(state, edge)
    if a < 0:
        return "- " * (_W // 2) + "-"
    if b < 0:
        return str(a) * _W
    up, down = (b, a) if first_faces_down else (a, b)
    half = _W // 2
    return str(up) * half + "/" + str(down) * (_W - half - 1)


def _down(state: State, edge: int, first_faces_left: bool) -> list[str]:
    """A vertical side, one character on each of the tile's three lines."""
    a, b = _owners(state, edge)
    if a < 0:
        return [":"] * 3
    if b < 0:
        return [str(a)] * 3
    left, right = (a, b) if first_faces_left else (b, a)
    return [str(left), "/", str(right)]


def _board(state: State) -> list[str]:
    t = state.rules.tables
    grid = t.grid
    width, height = grid.width, grid.height
    lines = ["   " + "".join(f" {chr(ord('a') + x):<{_W}}" for x in range(width))]
    for y in range(height):
        row = [y * width + x for x in range(width)]
        lines.append("   +" + "+".join(_across(state, c, True) for c in row) + "+")
        tiles = [_tile_lines(state, c) for c in row]
        west = _down(state, grid.cell_edges[row[0]][3], False)
        easts = [_down(state, grid.cell_edges[c][1], True) for c in row]
        for i in range(3):
            label = f"{y + 1:>2} " if i == 1 else "   "
            lines.append(label + west[i] + "".join(tiles[x][i] + easts[x][i] for x in range(width)))
    bottom = [(height - 1) * width + x for x in range(width)]
    lines.append(
        "   +" + "+".join(_across(state, grid.cell_edges[c][2], False) for c in bottom) + "+"
    )
    return lines


def _card_list(t: Tables, kinds: tuple[int, ...]) -> str:
    return ", ".join(t.fence[k].label for k in kinds) or "none"


def _market(state: State) -> list[str]:
    t = state.rules.tables
    slots = []
    for cost, k in zip(state.rules.market_costs, state.track, strict=True):
        slots.append(f"${cost} {t.market[k].label if k >= 0 else '-'}")
    removed = ", ".join(t.market[k].label for k in state.market_discard) or "none"
    return [
        "market: " + " | ".join(slots),
        f"market deck {len(state.market_deck)}; removed from the game: {removed}",
    ]


def render_text(state: State) -> str:
    """The board, the market, the month and every player (hands included)."""
    rules = state.rules
    t = rules.tables
    lines = _board(state)
    task = state.decision
    now = task.describe() if task is not None else "game over"
    lines.append(
        f"{state.month_name} (month {min(state.month + 1, len(rules.months))} of "
        f"{len(rules.months)}), first player {state.first}; {now}"
    )
    lines += _market(state)
    lines.append(f"fence deck {len(state.fence_deck)}; fence discard {len(state.fence_discard)}")
    for p in range(rules.players):
        kept = state.farmhouses[p]
        house = rules.farmhouses[kept].name if kept >= 0 else "?"
        lines.append(
            f"player {p} ({house}): ${state.money[p]}, stash {stash(state, p)}, "
            f"{state.control[p].bit_count()} tiles; farm: {_farm(state, p)}; "
            f"hand: {_card_list(t, state.hands[p])}"
        )
    return "\n".join(lines)


def _farm(state: State, player: int) -> str:
    """The market cards ``player`` controls, in the cards' stacking order."""
    t = state.rules.tables
    held = [
        (t.market[state.cards[c]].order, c)
        for c in bits(state.control[player])
        if state.cards[c] >= 0
    ]
    return (
        ", ".join(
            f"{t.market[state.cards[c]].name}{'*' if state.mature >> c & 1 else '.'} {t.cell_names[c]}"
            for _, c in sorted(held)
        )
        or "none"
    )


_TILE = 64
_MARGIN = 24
_FILL = {
    "house": "#d9b38c",
    "grass": "#a8d08d",
    "logged": "#e3d3a4",
    "L": "#5f9e4f",
    "D": "#2f6b3a",
}


def render_svg(state: State) -> str:
    """An SVG picture: tiles, fences by colour and side, farmers, cards, track and month."""
    rules = state.rules
    t = rules.tables
    grid = t.grid
    board_w = grid.width * _TILE
    board_h = grid.height * _TILE
    info = 22 * (3 + rules.players)
    svg = Svg(board_w + 2 * _MARGIN, board_h + 2 * _MARGIN + info)

    def xy(x: float, y: float) -> tuple[float, float]:
        return (_MARGIN + x * _TILE, _MARGIN + y * _TILE)

    for c in range(t.n):
        x, y = grid.cell_coords[c]
        if t.farm_owner[c] >= 0:
            kind, label = "house", f"house {t.farm_owner[c]}"
        elif t.grass_of[c] >= 0:
            kind, label = "grass", "grass"
        elif state.tiles[c] >= 0:
            kind, label = "logged", "logged"
        else:
            kind = "LD"[t.forest_kind[c]]
            label = f"{FOREST_KINDS[t.forest_kind[c]]} forest"
        bonus = tile_bonus(t, state.tiles, c)
        px, py = xy(x, y)
        svg.rect(
            px,
            py,
            _TILE,
            _TILE,
            fill=_FILL[kind],
            stroke="#888888",
            stroke_width=0.5,
            title=f"{t.cell_names[c]}: {label}" + (f", {bonus}" if bonus else ""),
        )
        owner = controller(state, c)
        if owner >= 0:
            svg.rect(px + 3, py + 3, _TILE - 6, _TILE - 6, fill=PLAYER_COLOURS[owner], opacity=0.25)
        if bonus:
            svg.text(px + _TILE / 2, py + 10, _BONUS[bonus], size=9)
        k = state.cards[c]
        if k >= 0:
            mark = "*" if state.mature >> c & 1 else ""
            svg.text(
                px + _TILE / 2,
                py + _TILE / 2,
                t.market[k].name + mark,
                size=10,
                weight="bold" if mark else None,
            )
        svg.text(px + 8, py + _TILE - 8, t.cell_names[c], size=8, fill="#444444")
    for p, c in enumerate(state.farmers):
        x, y = grid.cell_coords[c]
        px, py = xy(x + 0.78, y + 0.78)
        svg.circle(
            (px, py),
            7,
            fill=PLAYER_COLOURS[p],
            stroke="#000000",
            stroke_width=1,
            title=f"player {p}'s farmer",
        )
    for e in bits(state.partition.blocked):
        a, b = (grid.vertex_xy(v) for v in grid.edge_vertices[e])
        first, second = _owners(state, e)
        cells = t.edge_cells[e]
        cx, cy = grid.cell_xy(cells[0])
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        # Two fences on an edge are drawn apart, each nudged toward the tile it faces.
        shift = 0.06 if second >= 0 else 0.0
        for owner, sign in ((first, 1), (second, -1)):
            if owner < 0:
                continue
            dx, dy = (cx - mx) * shift * sign * 2, (cy - my) * shift * sign * 2
            svg.line(
                xy(a[0] + dx, a[1] + dy),
                xy(b[0] + dx, b[1] + dy),
                stroke=PLAYER_COLOURS[owner],
                stroke_width=5,
                title=f"player {owner}'s fence at {t.side_names[e]}",
            )
    top = _MARGIN * 1.5 + board_h
    task = state.decision
    svg.text(
        _MARGIN,
        top,
        f"{state.month_name}: first player {state.first}; "
        + (task.describe() if task is not None else "game over"),
        size=11,
        anchor="start",
    )
    for i, line in enumerate(_market(state)):
        svg.text(_MARGIN, top + 22 * (i + 1), line, size=10, anchor="start")
    for p in range(rules.players):
        kept = state.farmhouses[p]
        house = rules.farmhouses[kept].name if kept >= 0 else "?"
        svg.text(
            _MARGIN,
            top + 22 * (3 + p),
            f"player {p} ({house}): ${state.money[p]}, {len(state.hands[p])} cards",
            size=10,
            anchor="start",
            fill=PLAYER_COLOURS[p],
        )
    return str(svg)
