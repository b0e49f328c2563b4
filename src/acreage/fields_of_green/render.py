"""Pictures of a state: text for terminals, SVG for notebooks.

Both show the year track (the tractor on the current year), every farm as a
grid of cards (water in each tower, grain in the silos, shut-down sites face
down, attached tools, the cells a tower's water reaches) and the hands. Pass
``player`` to see only what that player may see.
"""

from __future__ import annotations

from acreage.core.bitset import bits
from acreage.core.svg import PLAYER_COLOURS, Svg
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.geometry import catchment, coords, frontier
from acreage.fields_of_green.scoring import score_sheet
from acreage.fields_of_green.state import END, PHASES, PICK, Farm, State
from acreage.fields_of_green.views import drawing_blind, knows_hand

__all__ = ["render_svg", "render_text"]

_CELL = 15


def _water_area(state: State, f: Farm) -> int:
    area = 0
    for c, _, _, reach in f.towers:
        area |= catchment(state.rules, c, reach, f.occupied)
    return area


def _cell_lines(state: State, f: Farm, c: int, area: int) -> tuple[str, str]:
    t = state.rules.tables
    kind = f.kind_at(c)
    if kind < 0:
        return ("~" * 3 if area >> c & 1 else "", "")
    name = t.names[kind]
    if f.down >> c & 1:
        return (f"[{name}]", "shut down")
    if kind == t.tower:
        _, water, cap, reach = next(x for x in f.towers if x[0] == c)
        detail = f"{water}/{cap} water"
        if reach != state.rules.water_range:
            detail += f" r{reach}"
    elif kind == t.silo:
        detail = ""
    else:
        detail = DECKS[t.deck[kind]]
    tools = f.tools_at(c)
    if tools:
        detail = "+".join(t.tool_names[x] for x in tools)
    return (name, detail)


def _farm_text(state: State, p: int) -> list[str]:
    r = state.rules
    t = r.tables
    f = state.farms[p]
    sheet = score_sheet(state, p)
    head = (
        f"Player {p}{' (start player)' if p == state.start else ''}: "
        f"{f.coins} coins, {f.grain}/{f.grain_capacity} grain, {f.tokens} star tokens, "
        f"{sheet.total} points"
    )
    if f.kept:
        head += "; tools kept aside: " + ", ".join(t.tool_names[x] for x in f.kept)
    area = _water_area(state, f)
    shown = f.occupied | (frontier(f.occupied, t.width) & area)
    xy = [coords(r, c) for c in bits(shown)]
    xs = [x for x, _ in xy]
    ys = [y for _, y in xy]
    lines = [head, " " * 5 + "".join(f"{x:^{_CELL}}" for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        top, bottom = [], []
        for x in range(min(xs), max(xs) + 1):
            c = (y + t.origin) * t.width + x + t.origin
            a, b = _cell_lines(state, f, c, area)
            top.append(f"{a[: _CELL - 1]:^{_CELL}}")
            bottom.append(f"{b[: _CELL - 1]:^{_CELL}}")
        lines.append(f"{y:>4} " + "".join(top).rstrip())
        lines.append(" " * 5 + "".join(bottom).rstrip())
    return lines


def _hand_text(state: State, p: int, viewer: int | None) -> str:
    t = state.rules.tables
    hand = state.hands[p]
    pick = state.picks[p]
    sees_hand = viewer is None or knows_hand(state, viewer, p)
    hidden_pick = viewer is not None and viewer != p and state.phase == PICK
    if viewer is not None and drawing_blind(state, p) and viewer == p:
        sees_hand = False
    if hidden_pick and pick >= 0:
        sees_hand = False
    if sees_hand:
        cards = ", ".join(t.names[k] for k in hand) or "-"
    else:
        cards = ", ".join(f"({DECKS[t.deck[k]]})" for k in hand) or "-"
    text = f"  hand of player {p}: {cards}"
    if pick >= 0:
        shown = f"({DECKS[t.deck[pick]]}, face down)" if hidden_pick else t.names[pick]
        text += f"; picked: {shown}"
    return text


def render_text(state: State, player: int | None = None) -> str:
    """The state as text: year track, decks, farms, hands (only ``player``'s view if given)."""
    r = state.rules
    track = " ".join(f">{y}<" if y == state.year else f" {y} " for y in range(1, r.years + 1))
    direction = "left" if state.pass_direction > 0 else "right"
    who = "game over" if state.phase == END else f"{PHASES[state.phase]}, seat {state.actor}"
    if state.to_move is not None and not isinstance(state.to_move, int):
        who = f"chance ({PHASES[state.phase]})"
    lines = [
        f"Year {track}  (hands pass {direction}); now: {who}",
        "Decks: "
        + ", ".join(f"{name} {len(d)}" for name, d in zip(DECKS, state.decks, strict=True))
        + f"; tool tiles {len(state.tool_pile)}; silos {state.silo_stack}, "
        f"water towers {state.tower_stack} left; discard {len(state.discard)}",
    ]
    for p in range(r.players):
        lines.append("")
        lines.extend(_farm_text(state, p))
        if state.hands[p] or state.picks[p] >= 0:
            lines.append(_hand_text(state, p, player))
    return "\n".join(lines)


_DECK_FILL = ("#b7e3a1", "#f2a7a7", "#f6e08a", "#cdb4e6", "#d9c7a7", "#a9d3f5")


def render_svg(state: State, player: int | None = None) -> str:
    """The state as SVG: the year track and each farm's card grid, tokens, tools and water range."""
    r = state.rules
    t = r.tables
    unit_w, unit_h, pad = 92, 60, 14
    panels = []
    for p, f in enumerate(state.farms):
        area = _water_area(state, f)
        shown = f.occupied | (frontier(f.occupied, t.width) & area)
        xy = [coords(r, c) for c in bits(shown)]
        x0, x1 = min(x for x, _ in xy), max(x for x, _ in xy)
        y0, y1 = min(y for _, y in xy), max(y for _, y in xy)
        panels.append((p, f, area, x0, y0, (x1 - x0 + 1) * unit_w, (y1 - y0 + 1) * unit_h))
    width = max(560, sum(w for *_, w, _ in panels) + pad * (len(panels) + 1))
    height = 70 + max(h for *_, h in panels) + 90
    svg = Svg(width, height)
    for y in range(1, r.years + 1):
        cx = pad + 40 + (y - 1) * 70
        here = y == state.year
        svg.rect(cx - 28, 10, 56, 26, fill="#ffe9a8" if here else "#f0f0f0", stroke="#888888", rx=4)
        svg.text(cx, 23, f"year {y}" + (" (tractor)" if here else ""), size=9)
    svg.text(pad + 40 + r.years * 70 + 60, 23, f"{PHASES[state.phase]}", size=11, anchor="start")
    left = pad
    for p, f, area, x0, y0, w, h in panels:
        top = 60
        sheet = score_sheet(state, p)
        svg.text(
            left,
            top - 8,
            f"player {p}{' *' if p == state.start else ''}: {f.coins} coins, "
            f"{f.grain} grain, {sheet.total} pts",
            size=11,
            anchor="start",
            weight="bold",
        )
        svg.rect(left - 4, top - 2, w + 8, h + 4, stroke=PLAYER_COLOURS[p], stroke_width=2)
        for c in bits(area & ~f.occupied & frontier(f.occupied, t.width)):
            x, y = coords(r, c)
            svg.rect(
                left + (x - x0) * unit_w,
                top + (y - y0) * unit_h,
                unit_w,
                unit_h,
                fill="#a9d3f5",
                opacity=0.35,
                title=f"{x},{y}: within a water tower's range",
            )
        grain_left = f.grain
        for c, kind in zip(f.cells, f.kinds, strict=True):
            x, y = coords(r, c)
            px, py = left + (x - x0) * unit_w + 3, top + (y - y0) * unit_h + 3
            down = f.down >> c & 1
            svg.rect(
                px,
                py,
                unit_w - 6,
                unit_h - 6,
                fill="#7a7a7a" if down else _DECK_FILL[t.deck[kind]],
                stroke="#444444",
                rx=5,
                title=f"{t.names[kind]} at {x},{y}" + (" (shut down)" if down else ""),
            )
            svg.text(px + (unit_w - 6) / 2, py + 11, t.names[kind], size=9)
            if kind == t.tower:
                _, water, cap, _ = next(tw for tw in f.towers if tw[0] == c)
                for i in range(cap):
                    svg.circle(
                        (px + 14 + i * 13, py + 30),
                        5,
                        fill="#1f77b4" if i < water else "none",
                        stroke="#1f77b4",
                    )
            elif kind == t.silo:
                held = min(r.silo_capacity, grain_left)
                grain_left -= held
                for i in range(r.silo_capacity):
                    svg.circle(
                        (px + 14 + i * 13, py + 30),
                        5,
                        fill="#d4a017" if i < held else "none",
                        stroke="#d4a017",
                    )
            tools = f.tools_at(c)
            if tools:
                svg.text(
                    px + (unit_w - 6) / 2, py + 46, "+".join(t.tool_names[x] for x in tools), size=8
                )
            elif down:
                svg.text(px + (unit_w - 6) / 2, py + 30, "shut down", size=9, fill="#ffffff")
        hand = state.hands[p]
        if hand or state.picks[p] >= 0:
            sees = player is None or (
                knows_hand(state, player, p)
                and not (player != p and state.phase == PICK and state.picks[p] >= 0)
            )
            text = (
                ", ".join(t.names[k] for k in hand)
                if sees
                else ", ".join(DECKS[t.deck[k]] for k in hand)
            )
            svg.text(left, top + h + 16, f"hand: {text}"[:90], size=9, anchor="start")
        if f.kept:
            svg.text(
                left,
                top + h + 30,
                "kept: " + ", ".join(t.tool_names[x] for x in f.kept),
                size=9,
                anchor="start",
            )
        left += w + pad
    return str(svg)
