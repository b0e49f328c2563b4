"""Pictures of a state: text for terminals, SVG for notebooks.

Both show the year track (the tractor on the current year), every farm as a
grid of cards (water in each tower, grain in the silos, shut-down sites face
down in brackets, attached tools, and ``~`` on the free cells a water tower
reaches) and the hands. Pass ``player`` to see only what that player may see.
"""

from __future__ import annotations

from acreage.core.bitset import bits, mask
from acreage.core.game import check_seat
from acreage.core.svg import PLAYER_COLOURS, Svg
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.geometry import catchment, coords
from acreage.fields_of_green.scoring import score_sheet
from acreage.fields_of_green.state import END, PHASES, Farm, State
from acreage.fields_of_green.views import SeatView, seat_views

__all__ = ["render_svg", "render_text"]

_CELL = 17


def _water_area(state: State, f: Farm) -> int:
    """The free cells next to the farm that some water tower reaches."""
    area = 0
    for c, _, _, reach in f.towers:
        area |= catchment(state.rules, c, reach, f.occupied)
    return area & mask(f.frontier)


def _cell_text(state: State, f: Farm, c: int, area: int) -> tuple[str, str]:
    t = state.rules.tables
    kind = f.kind_at(c)
    if kind < 0:
        return ("~" if area >> c & 1 else "", "")
    name = t.names[kind]
    if f.down >> c & 1:
        return (f"[{name}]", "")
    detail = ""
    if kind == t.tower:
        _, water, cap, _ = next(tw for tw in f.towers if tw[0] == c)
        detail = f"{water}/{cap} water"
    tools = f.tools_at(c)
    if tools:
        detail = ", ".join(filter(None, (detail, *(t.tool_names[x] for x in tools))))
    return (name, detail)


def _bounds(state: State, f: Farm, area: int) -> tuple[int, int, int, int]:
    xy = [coords(state.rules, c) for c in bits(f.occupied | area)]
    return (
        min(x for x, _ in xy),
        max(x for x, _ in xy),
        min(y for _, y in xy),
        max(y for _, y in xy),
    )


def _farm_text(state: State, p: int) -> list[str]:
    t = state.rules.tables
    f = state.farms[p]
    head = (
        f"Player {p}{' (start player)' if p == state.start else ''}: {f.coins} coins, "
        f"{f.grain}/{f.grain_capacity} grain, {f.tokens} star tokens, "
        f"{score_sheet(state, p).total} points"
    )
    if f.kept:
        head += "; tools kept aside: " + ", ".join(t.tool_names[x] for x in f.kept)
    area = _water_area(state, f)
    x0, x1, y0, y1 = _bounds(state, f, area)
    lines = [head, " " * 5 + "".join(f"{x:^{_CELL}}" for x in range(x0, x1 + 1)).rstrip()]
    for y in range(y0, y1 + 1):
        names, details = [], []
        for x in range(x0, x1 + 1):
            c = (y + t.origin) * t.width + x + t.origin
            name, detail = _cell_text(state, f, c, area)
            names.append(f"{name:^{_CELL}}")
            details.append(f"{detail[:_CELL]:^{_CELL}}")
        lines.append(f"{y:>4} " + "".join(names).rstrip())
        if any(d.strip() for d in details):
            lines.append(" " * 5 + "".join(details).rstrip())
    return lines


def _hand_text(seat: SeatView) -> str:
    """A seat's hand and pick as the viewer sees them: names, or the backs' decks."""
    cards = (
        ", ".join(seat.hand) if seat.hand is not None else ", ".join(f"({d})" for d in seat.backs)
    )
    text = cards or "-"
    if seat.pick is not None:
        text += f"; picked: {seat.pick}"
    elif seat.pick_back is not None:
        text += f"; picked: ({seat.pick_back}, face down)"
    return text


def render_text(state: State, player: int | None = None) -> str:
    """The state as text: year track, decks, farms, hands (only ``player``'s view if given).

    :class:`~acreage.SeatError` if ``player`` is not ``None`` or a seat at this table.
    """
    r = state.rules
    if player is not None:
        check_seat(player, r.players)
    track = " ".join(f">{y}<" if y == state.year else f" {y} " for y in range(1, r.years + 1))
    direction = "left" if state.pass_direction > 0 else "right"
    if state.phase == END:
        now = "game over"
    elif isinstance(state.to_move, int):
        now = f"{PHASES[state.phase]}, player {state.actor}"
    else:
        now = f"chance ({PHASES[state.phase]})"
    lines = [
        f"Year {track} (hands pass {direction}); now: {now}",
        "Decks: "
        + ", ".join(f"{name} {len(d)}" for name, d in zip(DECKS, state.decks, strict=True))
        + f"; tool tiles {len(state.tool_pile)}; silos {state.silo_stack}, "
        f"water towers {state.tower_stack} left; discard {len(state.discard)}",
    ]
    for p, seat in enumerate(seat_views(state, player)):
        lines.append("")
        lines.extend(_farm_text(state, p))
        if seat.backs or seat.pick_back is not None:
            lines.append(f"  hand of player {p}: {_hand_text(seat)}")
    return "\n".join(lines)


_FILL = ("#b7e3a1", "#f2a7a7", "#f6e08a", "#cdb4e6", "#d9c7a7", "#a9d3f5")
"""Card colours: Fields, Livestock, Facilities, Buildings, silo, water tower."""


def _svg_farm(
    svg: Svg, state: State, p: int, left: float, top: float, box: tuple[int, ...]
) -> None:
    r = state.rules
    t = r.tables
    f = state.farms[p]
    uw, uh = 96, 60
    x0, _, y0, _ = box
    for c in bits(_water_area(state, f)):
        x, y = coords(r, c)
        svg.rect(
            left + (x - x0) * uw,
            top + (y - y0) * uh,
            uw,
            uh,
            fill="#a9d3f5",
            opacity=0.35,
            title=f"{x},{y}: within a water tower's range",
        )
    grain_left = f.grain
    for c, kind in zip(f.cells, f.kinds, strict=True):
        x, y = coords(r, c)
        px, py = left + (x - x0) * uw + 3, top + (y - y0) * uh + 3
        mid = px + (uw - 6) / 2
        down = f.down >> c & 1
        svg.rect(
            px,
            py,
            uw - 6,
            uh - 6,
            fill="#7a7a7a" if down else _FILL[t.deck[kind]],
            stroke="#444444",
            rx=5,
            title=f"{t.names[kind]} at {x},{y}" + (" (shut down)" if down else ""),
        )
        svg.text(mid, py + 11, t.names[kind], size=9, fill="#ffffff" if down else "#000000")
        if kind == t.tower:
            _, water, cap, _ = next(tw for tw in f.towers if tw[0] == c)
            for i in range(cap):
                fill = "#1f77b4" if i < water else "none"
                svg.circle((px + 14 + i * 13, py + 30), 5, fill=fill, stroke="#1f77b4")
        elif kind == t.silo:
            held = min(r.silo_capacity, grain_left)
            grain_left -= held
            for i in range(r.silo_capacity):
                fill = "#d4a017" if i < held else "none"
                svg.circle((px + 14 + i * 13, py + 30), 5, fill=fill, stroke="#d4a017")
        elif down:
            svg.text(mid, py + 30, "shut down", size=9, fill="#ffffff")
        tools = f.tools_at(c)
        if tools:
            svg.text(mid, py + 46, ", ".join(t.tool_names[x] for x in tools), size=8)


def render_svg(state: State, player: int | None = None) -> str:
    """The state as SVG: the year track, each farm's cards, tokens, tools and water range, hands
    (only ``player``'s view if given).

    :class:`~acreage.SeatError` if ``player`` is not ``None`` or a seat at this table.
    """
    r = state.rules
    if player is not None:
        check_seat(player, r.players)
    t = r.tables
    uw, uh, pad = 96, 60, 16
    boxes = []
    for f in state.farms:
        box = _bounds(state, f, _water_area(state, f))
        boxes.append((box, (box[1] - box[0] + 1) * uw, (box[3] - box[2] + 1) * uh))
    width = max(600, sum(w for _, w, _ in boxes) + pad * (len(boxes) + 1))
    height = 70 + max(h for _, _, h in boxes) + 60
    svg = Svg(width, height)
    for y in range(1, r.years + 1):
        cx = pad + 40 + (y - 1) * 84
        here = y == state.year
        svg.rect(cx - 36, 10, 72, 26, fill="#ffe9a8" if here else "#f0f0f0", stroke="#888888", rx=4)
        svg.text(cx, 23, f"year {y}" + (" (tractor)" if here else ""), size=9)
    svg.text(pad + r.years * 84 + 20, 23, PHASES[state.phase], size=11, anchor="start")
    left: float = pad
    for p, (seat, (box, w, h)) in enumerate(zip(seat_views(state, player), boxes, strict=True)):
        f = state.farms[p]
        top = 64
        svg.text(
            left,
            top - 10,
            f"player {p}{' (start)' if p == state.start else ''}: {f.coins} coins, "
            f"{f.grain} grain, {f.tokens} star tokens, {score_sheet(state, p).total} points",
            size=11,
            anchor="start",
            weight="bold",
        )
        svg.rect(left - 4, top - 2, w + 8, h + 4, stroke=PLAYER_COLOURS[p], stroke_width=2)
        _svg_farm(svg, state, p, left, top, box)
        if seat.backs or seat.pick_back is not None:
            svg.text(left, top + h + 16, "hand: " + _hand_text(seat), size=9, anchor="start")
        if f.kept:
            kept = ", ".join(t.tool_names[x] for x in f.kept)
            svg.text(left, top + h + 30, f"tools kept: {kept}", size=9, anchor="start")
        left += w + pad
    return str(svg)
