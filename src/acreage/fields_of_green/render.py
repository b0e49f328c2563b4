"""Pictures of a state or of one player's view: text for terminals, SVG for notebooks.

Both show the year track (the tractor on the current year), what is being
decided and by whom, the scores (points if the game ended now; at the end the
final scores and the winners), every farm as a grid of cards (water in each
tower, grain in the silos, shut-down sites face down, attached tools, and the
free cells a water tower reaches) and the hands. Seats are called
``player 0``, ``player 1``, ... everywhere, as in move texts.

``render_text`` and ``render_svg`` take a :class:`~acreage.fields_of_green.State`
(everything, hands included) or a :class:`~acreage.fields_of_green.View`
from ``observe`` (what that seat sees: other hands as card backs showing
their decks); ``player=seat`` with a State draws ``observe(state, seat)``.
"""

from __future__ import annotations

from collections import Counter

import attrs

from acreage.core.bitset import bits, mask
from acreage.core.game import CHANCE, Chance
from acreage.core.svg import PLAYER_COLOURS, Svg, fit, ink_on, seat_name, square, wrap
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.geometry import catchment, coords
from acreage.fields_of_green.rules import Rules
from acreage.fields_of_green.scoring import farm_sheet, farm_winners
from acreage.fields_of_green.state import PHASES, Farm, State, question
from acreage.fields_of_green.view import SeatView, View, observe, seat_views

__all__ = ["render_svg", "render_text"]


@attrs.frozen
class _Scene:
    """What one picture shows, from a State (everything) or a View (one seat's sight)."""

    rules: Rules
    viewer: int | None
    year: int
    phase: str
    to_move: int | Chance | None
    actor: int
    start: int
    farms: tuple[Farm, ...]
    seats: tuple[SeatView, ...]
    deck_sizes: tuple[int, ...]
    tools_left: int
    silo_stack: int
    tower_stack: int
    discard: int
    pending: tuple[int, ...]

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.to_move is None

    @property
    def direction(self) -> str:
        """Where the hands pass this year: left (clockwise) in odd years (and before the
        first), right in even ones."""
        return "right" if self.year and self.year % 2 == 0 else "left"

    def starts(self, seat: int) -> bool:
        """Whether ``seat`` holds the start player tile (nobody does before chance deals it)."""
        return seat == self.start and self.phase != "start"


def _scene(position: State | View, player: int | None, caller: str) -> _Scene:
    """The picture's content; ``TypeError`` for anything but this game's State or View."""
    if isinstance(position, State):
        if player is not None:
            return _scene(observe(position, player), None, caller)
        s = position
        phase, actor, pending = question(s)
        return _Scene(
            rules=s.rules,
            viewer=None,
            year=s.year,
            phase=PHASES[phase],
            to_move=s.to_move,
            actor=actor,
            start=s.start,
            farms=s.farms,
            seats=seat_views(s, None),
            deck_sizes=tuple(map(len, s.decks)),
            tools_left=len(s.tool_pile),
            silo_stack=s.silo_stack,
            tower_stack=s.tower_stack,
            discard=len(s.discard),
            pending=pending,
        )
    if isinstance(position, View):
        if player is not None:
            raise TypeError(
                f"{caller}: a View is already player {position.player}'s sight; pass no player"
            )
        v = position
        return _Scene(
            rules=v.rules,
            viewer=v.player,
            year=v.year,
            phase=v.phase,
            to_move=v.to_move,
            actor=v.actor,
            start=v.start,
            farms=v.farms,
            seats=v.seats,
            deck_sizes=v.deck_sizes,
            tools_left=len(v.tool_pile),
            silo_stack=v.silo_stack,
            tower_stack=v.tower_stack,
            discard=len(v.discard),
            pending=v.pending,
        )
    raise TypeError(
        f"{caller} draws a Fields of Green State or View, not {type(position).__name__}"
    )


# -- shared by both pictures ---------------------------------------------------------


def _water_area(rules: Rules, f: Farm) -> int:
    """The free cells next to the farm that some water tower reaches."""
    area = 0
    for c, _, _, reach in f.towers:
        area |= catchment(rules, c, reach, f.occupied)
    return area & mask(f.frontier)


def _bounds(rules: Rules, f: Farm, area: int) -> tuple[int, int, int, int]:
    """The farm's columns and rows, water reach included: ``(x0, x1, y0, y1)``."""
    xy = [coords(rules, c) for c in bits(f.occupied | area)]
    return (
        min(x for x, _ in xy),
        max(x for x, _ in xy),
        min(y for _, y in xy),
        max(y for _, y in xy),
    )


def _now(scene: _Scene) -> str:
    """Whose turn it is and what is being decided, in words."""
    if scene.over:
        return "game over"
    a = scene.actor
    if scene.to_move is CHANCE:
        return "chance: " + _chance_words(scene)
    return f"player {a} to move: " + _decision_words(scene)


def _chance_words(scene: _Scene) -> str:
    a = scene.actor
    if scene.phase == "start":
        return "who is the start player"
    if scene.phase == "deal":
        return f"the card player {a} draws from {DECKS[scene.pending[2]]}"
    return f"a tool tile drawn for player {a}"


def _decision_words(scene: _Scene) -> str:
    """What the player to move decides (``pending`` holds its details, by phase)."""
    phase = scene.phase
    pending = scene.pending
    if phase == "store":
        return f"store a water token in a tower with room ({pending[0]} left)"
    if phase == "draw":
        return "choose the deck to draw their next card from, blind"
    if phase == "pick":
        return "pick a hand card to play (face down)"
    if phase == "action":
        pick = scene.seats[scene.actor].pick
        return (
            f"play the revealed {pick}: build it, build a water tower or a silo, "
            "sell at the market, or restore a site"
        )
    if phase == "pay":
        return f"choose the water tower that pays ({pending[1]} water due)"
    if phase == "tool choose":
        return "choose the tool tile to keep"
    if phase == "tool place":
        return f"attach the {scene.rules.tables.tool_names[pending[0]]} to a site, or keep it aside"
    if phase == "attach":
        return "attach a tool kept aside to the new site, or done"
    if phase == "supply":
        return "harvest: choose the site to supply next, or shut one down"
    return "use a convert ability once more, or done"


def _points(scene: _Scene) -> tuple[int, ...]:
    return tuple(farm_sheet(scene.rules, f).total for f in scene.farms)


def _result(scene: _Scene) -> str:
    """The scores: points if the game ended now; at the end, final scores and the winners."""
    listed = ", ".join(f"player {p} {n}" for p, n in enumerate(_points(scene)))
    if not scene.over:
        return f"scores (points if the game ended now): {listed}"
    won = farm_winners(scene.rules, scene.farms)
    names = ", ".join(f"player {p}" for p in won)
    return f"final scores: {listed}; {'winner' if len(won) == 1 else 'winners'}: {names}"


def _counted(names: tuple[str, ...]) -> str:
    counts = Counter(names)
    return ", ".join(f"{n}x {name}" if n > 1 else name for name, n in counts.items())


def _hand_text(seat: SeatView) -> str:
    """A seat's hand and pick as the viewer sees them: names, or the backs' decks."""
    n = len(seat.backs)
    if seat.hand is not None:
        text = _counted(seat.hand)
    elif seat.among is not None:
        # The viewer held this hand: they know its cards and the pick's, not which is which.
        return f"{n} card{'s' if n != 1 else ''} and a face-down pick, together: " + _counted(
            seat.among
        )
    elif n:
        text = f"{n} card{'s' if n != 1 else ''} face down ({_counted(seat.backs)})"
    else:
        text = ""
    text = text or "none"
    if seat.pick is not None:
        text += f"; picked: {seat.pick}"
    elif seat.pick_back is not None:
        text += f"; picked: a {seat.pick_back} card, face down"
    return text


def _some(n: int, thing: str) -> str:
    """``n`` things, singular when one."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


# -- text --------------------------------------------------------------------------

_CELL = 17


def _cell_text(rules: Rules, f: Farm, c: int, area: int) -> tuple[str, str]:
    t = rules.tables
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


def _farm_text(scene: _Scene, p: int) -> list[str]:
    rules = scene.rules
    t = rules.tables
    f = scene.farms[p]
    head = (
        f"player {p}{' (start player)' if scene.starts(p) else ''}: {_some(f.coins, 'coin')}, "
        f"{f.grain}/{f.grain_capacity} grain, {_some(f.tokens, 'star token')}, "
        f"{_some(farm_sheet(rules, f).total, 'point')}"
    )
    if f.kept:
        head += "; tools kept aside: " + ", ".join(t.tool_names[x] for x in f.kept)
    area = _water_area(rules, f)
    x0, x1, y0, y1 = _bounds(rules, f, area)
    lines = [head, " " * 5 + "".join(f"{x:^{_CELL}}" for x in range(x0, x1 + 1)).rstrip()]
    for y in range(y0, y1 + 1):
        names, details = [], []
        for x in range(x0, x1 + 1):
            c = (y + t.origin) * t.width + x + t.origin
            name, detail = _cell_text(rules, f, c, area)
            names.append(f"{name:^{_CELL}}")
            details.append(f"{detail[:_CELL]:^{_CELL}}")
        lines.append(f"{y:>4} " + "".join(names).rstrip())
        if any(d.strip() for d in details):
            lines.append(" " * 5 + "".join(details).rstrip())
    return lines


def render_text(position: State | View, player: int | None = None) -> str:
    """The game as text: year track, what is being decided, scores, decks, farms, hands.

    ``position`` is a :class:`State` (everything) or a :class:`View` from
    ``observe`` (what that seat sees); ``player=seat`` with a State draws
    ``observe(state, seat)``. :class:`~acreage.SeatError` if ``player`` is
    not ``None`` or a seat at this table; ``TypeError`` for anything but a
    State or a View, or for a View with a ``player``.
    """
    scene = _scene(position, player, "render_text")
    r = scene.rules
    track = " ".join(f">{y}<" if y == scene.year else f" {y} " for y in range(1, r.years + 1))
    lines = [f"as seen by player {scene.viewer}"] if scene.viewer is not None else []
    lines += [
        f"Year {track} (hands pass {scene.direction}); now: {_now(scene)}",
        _result(scene),
        "Decks: "
        + ", ".join(f"{name} {n}" for name, n in zip(DECKS, scene.deck_sizes, strict=True))
        + f"; tool tiles {scene.tools_left}; silos {scene.silo_stack}, "
        f"water towers {scene.tower_stack} left; discard {scene.discard}",
    ]
    for p, seat in enumerate(scene.seats):
        lines.append("")
        lines.extend(_farm_text(scene, p))
        if seat.backs or seat.pick_back is not None:
            lines.append(f"  hand of player {p}: {_hand_text(seat)}")
    return "\n".join(lines)


# -- SVG ---------------------------------------------------------------------------

_WIDTH = 800
"""The picture's width: a notebook's, so that it shows at its own size."""
_PAD = 16
_CELL_W = 86
"""A card cell's width when there is room; farms squeeze theirs down to ``_CELL_MIN``."""
_CELL_MIN = 56
_CELL_H = 62
_FILL = ("#b7e3a1", "#f2a7a7", "#f6e08a", "#cdb4e6", "#d9c7a7", "#a9d3f5")
"""Card colours: Fields, Livestock, Facilities, Buildings, silo, water tower."""
_KINDS = ("fields", "livestock", "facilities", "buildings", "silo", "water tower")
_GAP = 12
"""The space between two farms."""
_MARGIN = 26
"""A farm box's room beside its card grid (row numbers on the left, a little on the right)."""
_DOWN = "#7a7a7a"
_REACH = "#dcecfb"


def _svg_card(
    svg: Svg, scene: _Scene, f: Farm, c: int, kind: int, box: tuple[float, float, float]
) -> None:
    """One card of a farm in its cell; ``box`` is the cell's left, top and width."""
    rules = scene.rules
    t = rules.tables
    left, top, w = box
    x, y = coords(rules, c)
    down = bool(f.down >> c & 1)
    fill = _DOWN if down else _FILL[t.deck[kind]]
    ink = ink_on(fill)
    px, py, cw, ch = left + 2, top + 2, w - 4, _CELL_H - 4
    svg.rect(
        px,
        py,
        cw,
        ch,
        fill=fill,
        stroke="#444444",
        rx=5,
        title=f"{t.names[kind]} at {x},{y}" + (" (shut down)" if down else ""),
    )
    name = wrap(t.names[kind], cw - 6, 10, cut=False)
    if len(name) > 2:
        name = [name[0], " ".join(name[1:])]
    fitted = [fit(line, cw - 6, 10, smallest=7.5) for line in name]
    size = min(pt for _, pt in fitted)
    for i, (line, _) in enumerate(fitted):
        svg.text(px + cw / 2, py + 9 + i * 11, line, size=size, anchor="middle", fill=ink)
    row = py + 12 + 11 * len(name)
    if down:
        shut, size = fit("shut down", cw - 6, 10, smallest=7.5)
        svg.text(px + cw / 2, row, shut, size=size, anchor="middle", fill=ink)
    elif kind == t.tower:
        _, water, cap, _ = next(tw for tw in f.towers if tw[0] == c)
        _tokens(svg, px + cw / 2, row, water, cap, "#1f77b4", cw - 8)
    elif kind == t.silo:
        held = min(rules.silo_capacity, max(0, f.grain - _grain_before(rules, f, c)))
        _tokens(svg, px + cw / 2, row, held, rules.silo_capacity, "#d4a017", cw - 8)
    tools = ", ".join(t.tool_names[x] for x in f.tools_at(c))
    if tools:
        tools, size = fit(tools, cw - 6, 9, smallest=7.5)
        svg.text(px + cw / 2, py + ch - 7, tools, size=size, anchor="middle", fill=ink)


def _grain_before(rules: Rules, f: Farm, c: int) -> int:
    """The grain the farm's silos built before the one at ``c`` hold (filled in build order)."""
    t = rules.tables
    before = 0
    for cell, kind in zip(f.cells, f.kinds, strict=True):
        if cell == c:
            break
        if kind == t.silo:
            before += rules.silo_capacity
    return before


def _tokens(svg: Svg, mid: float, y: float, held: int, cap: int, colour: str, room: float) -> None:
    """``cap`` token places in a row around ``mid``, the first ``held`` filled."""
    step = min(13.0, room / max(cap, 1))
    r = min(5.0, step / 2 - 0.5)
    first = mid - step * (cap - 1) / 2
    for i in range(cap):
        svg.circle(
            (first + i * step, y + 3), r, fill=colour if i < held else "#ffffff", stroke=colour
        )


@attrs.frozen
class _Plot:
    """Where one farm goes: its seat, its columns and rows, its water reach, and whether it
    fits half the picture's width."""

    seat: int
    bounds: tuple[int, int, int, int]
    area: int
    half: bool

    @property
    def cols(self) -> int:
        return self.bounds[1] - self.bounds[0] + 1

    @property
    def rows(self) -> int:
        return self.bounds[3] - self.bounds[2] + 1


def _layout(scene: _Scene, width: float) -> list[list[_Plot]]:
    """Rows of farms: two to a row when both fit half the width (pairing the next farm
    that fits, even past a wide one), else one; rows in the order of their first seat."""
    rules = scene.rules
    half = (width - 2 * _PAD - _GAP) / 2
    rows: list[list[_Plot]] = []
    waiting: list[_Plot] | None = None
    for p, f in enumerate(scene.farms):
        area = _water_area(rules, f)
        box = _bounds(rules, f, area)
        plot = _Plot(p, box, area, (box[1] - box[0] + 1) * _CELL_MIN + _MARGIN <= half)
        if plot.half and waiting is not None:
            waiting.append(plot)
            waiting = None
            continue
        rows.append([plot])
        if plot.half:
            waiting = rows[-1]
    return rows


def _svg_farm(svg: Svg, scene: _Scene, plot: _Plot, left: float, top: float, room: float) -> float:
    """One farm in a box ``room`` wide from ``(left, top)``; the y below it."""
    rules = scene.rules
    t = rules.tables
    p = plot.seat
    f = scene.farms[p]
    colour = PLAYER_COLOURS[p]
    tags = []
    if scene.starts(p) and not scene.over:
        tags.append("start player")
    if p == scene.to_move:
        tags.append("to move")
    if scene.over and p in farm_winners(rules, scene.farms):
        tags.append("winner")
    y = top + 14
    svg.circle((left + 16, y), 7, fill=colour, stroke="#000000", stroke_width=1)
    svg.heading(left + 28, y, seat_name(p), tags)
    y = svg.paragraph(
        left + 10,
        y + 11,
        f"{_some(f.coins, 'coin')} \u00b7 {f.grain}/{f.grain_capacity} grain"
        f" \u00b7 {_some(f.tokens, 'star token')} \u00b7 {_some(farm_sheet(rules, f).total, 'point')}",
        room - 20,
        size=11,
    )
    x0, _, y0, _ = plot.bounds
    cw = max(_CELL_MIN, min(_CELL_W, (room - _MARGIN) / plot.cols))
    gx, gy = left + _MARGIN - 6, y + 15
    for i in range(plot.cols):
        svg.text(gx + (i + 0.5) * cw, gy - 1, str(x0 + i), size=10, anchor="middle", fill="#555555")
    gy += 6
    for j in range(plot.rows):
        svg.text(
            gx - 6, gy + (j + 0.5) * _CELL_H, str(y0 + j), size=10, anchor="end", fill="#555555"
        )
    for c in bits(plot.area):
        x, yy = coords(rules, c)
        svg.rect(
            gx + (x - x0) * cw,
            gy + (yy - y0) * _CELL_H,
            cw,
            _CELL_H,
            fill=_REACH,
            title=f"{x},{yy}: free, within a water tower's reach",
        )
    for c, kind in zip(f.cells, f.kinds, strict=True):
        x, yy = coords(rules, c)
        _svg_card(svg, scene, f, c, kind, (gx + (x - x0) * cw, gy + (yy - y0) * _CELL_H, cw))
    y = gy + plot.rows * _CELL_H + 7
    seat = scene.seats[p]
    if seat.backs or seat.pick_back is not None or seat.hand:
        y = svg.paragraph(left + 10, y, "hand: " + _hand_text(seat), room - 20, size=11)
    if f.kept:
        kept = ", ".join(t.tool_names[x] for x in f.kept)
        y = svg.paragraph(left + 10, y, f"tools kept aside: {kept}", room - 20, size=11)
    return y + 7


def _svg_key(svg: Svg, y: float) -> float:
    """The card colours; the y below it."""
    entries = [(square(fill, "#444444"), name) for fill, name in zip(_FILL, _KINDS, strict=True)]
    entries += [
        (square(_DOWN, "#444444"), "shut down"),
        (square(_REACH, "#444444"), "free cell a water tower reaches"),
    ]
    return svg.key_row(_PAD, y, entries, svg.width - 2 * _PAD)


def render_svg(position: State | View, player: int | None = None) -> str:
    """The game as SVG, 800 px wide unless a farm needs more: the year track, what is being
    decided and by whom, the scores (at the end the final scores and the winners), the
    decks, and each farm in its seat's colour (cards, water and grain, tools, the free
    cells a tower reaches) with its hand.

    ``position`` is a :class:`State` (everything) or a :class:`View` from
    ``observe`` (what that seat sees: other hands as card backs); ``player=seat``
    with a State draws ``observe(state, seat)``. :class:`~acreage.SeatError` if
    ``player`` is not ``None`` or a seat at this table; ``TypeError`` for anything
    but a State or a View, or for a View with a ``player``.
    """
    scene = _scene(position, player, "render_svg")
    r = scene.rules
    widest = max(
        _bounds(r, f, _water_area(r, f))[1] - _bounds(r, f, _water_area(r, f))[0] + 1
        for f in scene.farms
    )
    # The canvas grows down as the parts are laid out; its height is set at the end.
    svg = Svg(max(_WIDTH, widest * _CELL_MIN + _MARGIN + 2 * _PAD), 0)
    inner = svg.width - 2 * _PAD
    head = f"Fields of Green \u00b7 year {min(max(scene.year, 1), r.years)} of {r.years}"
    if scene.viewer is not None:
        head += f" \u00b7 as seen by player {scene.viewer}"
    y = svg.paragraph(_PAD, 8, head, inner, size=16, weight="bold")
    if not scene.over:
        y = svg.paragraph(_PAD, y + 2, _now(scene), inner, size=13)
    y = svg.paragraph(
        _PAD, y + 2, _result(scene), inner, size=13, weight="bold" if scene.over else None
    )
    y += 17
    box = min(110.0, (inner - 120) / r.years)
    for i in range(1, r.years + 1):
        here = i == scene.year
        x = _PAD + (i - 1) * (box + 6)
        svg.rect(
            x,
            y,
            box,
            24,
            fill="#ffd54f" if here else "#f0f0f0",
            stroke="#222222" if here else "#999999",
            stroke_width=2 if here else 1,
            rx=4,
        )
        label, size = fit(f"year {i}" + (" (tractor)" if here else ""), box - 6, 11, bold=here)
        svg.text(
            x + box / 2,
            y + 12,
            label,
            size=size,
            anchor="middle",
            weight="bold" if here else None,
        )
    x = _PAD + r.years * (box + 6)
    svg.text(x, y + 12, f"hands pass {scene.direction}", size=11, anchor="start")
    y += 37
    y = svg.paragraph(
        _PAD,
        y,
        "Decks: "
        + ", ".join(f"{name} {n}" for name, n in zip(DECKS, scene.deck_sizes, strict=True))
        + f"; tool tiles {scene.tools_left}; silos {scene.silo_stack}, water towers "
        f"{scene.tower_stack} left; discard {scene.discard}",
        inner,
        size=11,
    )
    y = _svg_key(svg, y + 2) + 12
    half = (inner - _GAP) / 2
    for row in _layout(scene, svg.width):
        bottom = y
        for i, plot in enumerate(row):
            room = half if plot.half else inner
            left = _PAD + i * (half + _GAP)
            end = _svg_farm(svg, scene, plot, left, y, room)
            svg.rect(
                left, y, room, end - y, stroke=PLAYER_COLOURS[plot.seat], stroke_width=2.5, rx=6
            )
            bottom = max(bottom, end)
        y = bottom + _GAP
    svg.height = y
    return str(svg)
