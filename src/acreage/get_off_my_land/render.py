"""Pictures of a state or of one player's view: ``render_text`` for terminals,
``render_svg`` for notebooks.

Both take a :class:`~acreage.get_off_my_land.State` (everything, hands
included) or a :class:`~acreage.get_off_my_land.View` from ``observe`` (what
that seat sees: other hands counted, face down; farmhouse tiles it may not
see yet hidden), and refuse anything else with ``TypeError``. Seats are
called ``player 0``, ``player 1``, ... everywhere, as in move texts.

Text board: each tile is three lines of 11 characters between its sides.
Line 1 is the tile (``house 0`` for player 0's farmhouse, ``grass``,
``forest L`` / ``forest D`` for an unlogged light or dark forest tile,
``logged``) and its bonus (``fish``, ``fert``, ``oil``); line 2 the market
card, ``*`` when it shows its mature or active side, ``.`` when immature or
exhausted; line 3 a farmer (``F2``: player 2's) and the player controlling
the tile (``[2]``). A side shows ``- -``/``:`` when unfenced and its owner's
digit when fenced; ``1111/0000`` (or ``1``, ``/``, ``0`` down a side) is two
fences, the first facing up (or left).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from acreage.core.bitset import bits
from acreage.core.svg import PLAYER_COLOURS, Svg, Swatch, fit, ink_on, seat_name, square, wrap
from acreage.get_off_my_land import land
from acreage.get_off_my_land.farm import tile_bonus
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.scoring import end_bonuses, scores, winners
from acreage.get_off_my_land.state import State, Task
from acreage.get_off_my_land.tables import CROP, EQUIPMENT, FOREST_KINDS, LIVESTOCK
from acreage.get_off_my_land.view import View

__all__ = ["render_svg", "render_text"]

_W = 11
_BONUS = {"fishing hole": "fish", "fertile land": "fert", "oil strike": "oil"}
_HIDDEN = -1
"""A card in ``_Scene.hands`` the viewer cannot see (its back)."""


@attrs.frozen
class _Scene:
    """What one picture shows, from a State (everything) or a View (one seat's sight).

    It has the fields the scoring functions read, so the final scores and
    winners of a view come from the same code as a state's: at the end every
    field they read is public (hand sizes, farmhouses, land and cards).
    """

    rules: Rules
    viewer: int | None
    agenda: tuple[Task, ...]
    month: int
    first: int
    money: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    offers: tuple[tuple[int, ...] | None, ...]
    farmhouses: tuple[int, ...]
    fence_deck: int
    fence_discard: int
    market_deck: int
    track: tuple[int, ...]
    market_discard: tuple[int, ...]
    tiles: tuple[int, ...]
    cards: tuple[int, ...]
    mature: int
    fences: tuple[int, ...]
    farmers: tuple[int, ...]
    control: tuple[int, ...]

    @property
    def to_move(self) -> object:
        """The actor of the task on top of the agenda (a seat, CHANCE, AUTO), None at the end."""
        return self.agenda[-1].actor if self.agenda else None

    @property
    def month_name(self) -> str:
        """The month the marker is on (the last after the end)."""
        return self.rules.months[min(self.month, len(self.rules.months) - 1)].name


def _scene(position: State | View, caller: str) -> _Scene:
    """The picture's content, or ``TypeError`` for anything but this game's State or View."""
    if isinstance(position, State):
        s = position
        return _Scene(
            rules=s.rules,
            viewer=None,
            agenda=s.agenda,
            month=s.month,
            first=s.first,
            money=s.money,
            hands=s.hands,
            offers=s.offers,
            farmhouses=s.farmhouses,
            fence_deck=len(s.fence_deck),
            fence_discard=len(s.fence_discard),
            market_deck=len(s.market_deck),
            track=s.track,
            market_discard=s.market_discard,
            tiles=s.tiles,
            cards=s.cards,
            mature=s.mature,
            fences=s.fences,
            farmers=s.farmers,
            control=s.control,
        )
    if isinstance(position, View):
        v = position
        return _Scene(
            rules=v.rules,
            viewer=v.player,
            agenda=v.agenda,
            month=v.month,
            first=v.first,
            money=v.money,
            hands=tuple(
                v.hand if p == v.player else (_HIDDEN,) * n for p, n in enumerate(v.hand_sizes)
            ),
            offers=tuple(v.offers if p == v.player else None for p in range(v.rules.players)),
            farmhouses=v.farmhouses,
            fence_deck=v.fence_deck_size,
            fence_discard=len(v.fence_discard),
            market_deck=sum(n for pile in v.market_deck for _, n in pile),
            track=v.track,
            market_discard=v.market_discard,
            tiles=v.tiles,
            cards=v.cards,
            mature=v.mature,
            fences=v.fences,
            farmers=v.farmers,
            control=v.control,
        )
    raise TypeError(
        f"{caller} draws a Get Off My Land! State or View, not {type(position).__name__}"
    )


# -- shared by both pictures ---------------------------------------------------------


def _owners_of_cells(scene: _Scene) -> list[int]:
    """The controller of every tile, -1 for none."""
    out = [-1] * scene.rules.tables.n
    for p, mask in enumerate(scene.control):
        for c in bits(mask):
            out[c] = p
    return out


def _farmer_of_cells(scene: _Scene) -> list[int]:
    """The seat whose farmer stands on every tile, -1 for none."""
    out = [-1] * scene.rules.tables.n
    for p, c in enumerate(scene.farmers):
        out[c] = p
    return out


def _stash(scene: _Scene, seat: int) -> int:
    """Fence pieces ``seat`` has not placed."""
    placed = land.blocked_edges(scene.rules.tables, (scene.fences[seat],)).bit_count()
    return scene.rules.fences_per_player - placed


def _farmhouse(scene: _Scene, seat: int) -> str:
    """The farmhouse tile ``seat`` kept, as the picture's viewer may know it."""
    kept = scene.farmhouses[seat]
    if kept >= 0:
        return scene.rules.farmhouses[kept].name
    if scene.viewer is not None and scene.viewer != seat:
        return "hidden"
    return "not chosen yet"


def _now(scene: _Scene) -> str:
    """Whose turn it is and what is being decided, in words."""
    if not scene.agenda:
        return "game over"
    task = scene.agenda[-1]
    what = task.describe()
    actor = task.actor
    if isinstance(actor, int):
        return f"player {actor} to move: " + what.removeprefix(f"player {actor}: ")
    # A state rests on a player's decision or on chance (the engine carries out the rest).
    return "chance: " + what.removeprefix("chance: ")


def _names(players: Sequence[int]) -> str:
    return ", ".join(f"player {p}" for p in players)


def _result(scene: _Scene) -> str:
    """The scores line: money during the game, final scores and winners at the end."""
    final = scores(scene)
    if scene.agenda:
        return "scores (money): " + ", ".join(f"player {p} ${m}" for p, m in enumerate(final))
    won = winners(scene)
    return (
        "final scores: "
        + ", ".join(f"player {p} ${m}" for p, m in enumerate(final))
        + f"; {'winner' if len(won) == 1 else 'winners'}: {_names(won)}"
    )


def _hand_words(scene: _Scene, seat: int) -> list[str]:
    """The hand's cards by label (duplicates counted), and its face-down cards."""
    t = scene.rules.tables
    hand = scene.hands[seat]
    known = Counter(t.fence[k].label for k in hand if k != _HIDDEN)
    words = [f"{n}x {label}" if n > 1 else label for label, n in sorted(known.items())]
    down = sum(1 for k in hand if k == _HIDDEN)
    if down:
        words.append(f"{down} card{'s' if down > 1 else ''} face down")
    return words


def _removed(scene: _Scene) -> str:
    t = scene.rules.tables
    counted = Counter(t.market[k].label for k in scene.market_discard)
    return ", ".join(f"{n}x {label}" if n > 1 else label for label, n in counted.items()) or "none"


# -- text --------------------------------------------------------------------------


def _tile_lines(scene: _Scene, c: int, owner: int, farmer: int) -> list[str]:
    t = scene.rules.tables
    if t.farm_owner[c] >= 0:
        kind = f"house {t.farm_owner[c]}"
    elif t.grass_of[c] >= 0:
        kind = "grass"
    elif scene.tiles[c] >= 0:
        kind = "logged"
    else:
        kind = f"forest {FOREST_KINDS[t.forest_kind[c]][0].upper()}"
    bonus = _BONUS.get(tile_bonus(t, scene.tiles, c), "")
    line1 = f"{kind} {bonus}".strip()
    k = scene.cards[c]
    line2 = "" if k < 0 else t.market[k].name + ("*" if scene.mature >> c & 1 else ".")
    left = f"F{farmer}" if farmer >= 0 else ""
    right = f"[{owner}]" if owner >= 0 else ""
    line3 = left + " " * (_W - len(left) - len(right)) + right
    return [line1[:_W].ljust(_W), line2[:_W].ljust(_W), line3]


def _owners(scene: _Scene, edge: int) -> tuple[int, int]:
    """The owners in the edge's two slots (-1 for none)."""
    t = scene.rules.tables
    return land.owner_at(scene.fences, edge), land.owner_at(scene.fences, t.edges + edge)


def _across(scene: _Scene, edge: int, first_faces_down: bool) -> str:
    """A horizontal side, ``_W`` characters."""
    a, b = _owners(scene, edge)
    if a < 0:
        return "- " * (_W // 2) + "-"
    if b < 0:
        return str(a) * _W
    up, down = (b, a) if first_faces_down else (a, b)
    half = _W // 2
    return str(up) * half + "/" + str(down) * (_W - half - 1)


def _down(scene: _Scene, edge: int, first_faces_left: bool) -> list[str]:
    """A vertical side, one character on each of the tile's three lines."""
    a, b = _owners(scene, edge)
    if a < 0:
        return [":"] * 3
    if b < 0:
        return [str(a)] * 3
    left, right = (a, b) if first_faces_left else (b, a)
    return [str(left), "/", str(right)]


def _board(scene: _Scene) -> list[str]:
    grid = scene.rules.tables.grid
    width, height = grid.width, grid.height
    owner = _owners_of_cells(scene)
    farmer = _farmer_of_cells(scene)
    lines = ["   " + "".join(f" {chr(ord('a') + x):<{_W}}" for x in range(width))]
    for y in range(height):
        row = [y * width + x for x in range(width)]
        lines.append("   +" + "+".join(_across(scene, c, True) for c in row) + "+")
        tiles = [_tile_lines(scene, c, owner[c], farmer[c]) for c in row]
        west = _down(scene, grid.cell_edges[row[0]][3], False)
        easts = [_down(scene, grid.cell_edges[c][1], True) for c in row]
        for i in range(3):
            label = f"{y + 1:>2} " if i == 1 else "   "
            lines.append(label + west[i] + "".join(tiles[x][i] + easts[x][i] for x in range(width)))
    bottom = [(height - 1) * width + x for x in range(width)]
    lines.append(
        "   +" + "+".join(_across(scene, grid.cell_edges[c][2], False) for c in bottom) + "+"
    )
    return lines


def _market(scene: _Scene) -> list[str]:
    t = scene.rules.tables
    slots = []
    for cost, k in zip(scene.rules.market_costs, scene.track, strict=True):
        slots.append(f"${cost} {t.market[k].label if k >= 0 else '-'}")
    return [
        "market: " + " | ".join(slots) + f"; lumber ${scene.rules.lumber_cost}",
        f"market deck {scene.market_deck}; removed from the game: {_removed(scene)}",
    ]


def _farm(scene: _Scene, seat: int) -> str:
    """The market cards ``seat`` controls, in the cards' stacking order."""
    t = scene.rules.tables
    held = [
        (t.market[scene.cards[c]].order, c)
        for c in bits(scene.control[seat])
        if scene.cards[c] >= 0
    ]
    return (
        ", ".join(
            f"{t.market[scene.cards[c]].name}{'*' if scene.mature >> c & 1 else '.'} {t.cell_names[c]}"
            for _, c in sorted(held)
        )
        or "none"
    )


def render_text(position: State | View) -> str:
    """The board, the month and what is being decided, the market, and every player.

    ``position`` is a :class:`State` (everything, hands included) or a
    :class:`View` from ``observe`` (the cards that seat cannot see are
    counted face down). Digits on the board name seats: ``house 2``,
    ``F2`` (a farmer), ``[2]`` (the controller) and a ``2`` on a side all
    mean player 2. ``TypeError`` for anything else.
    """
    scene = _scene(position, "render_text")
    rules = scene.rules
    lines = _board(scene)
    if scene.viewer is not None:
        lines.append(f"as seen by player {scene.viewer}")
    lines.append(
        f"{scene.month_name} (month {min(scene.month + 1, len(rules.months))} of "
        f"{len(rules.months)}), first player {scene.first}; {_now(scene)}"
    )
    lines.append(_result(scene))
    lines += _market(scene)
    lines.append(f"fence deck {scene.fence_deck}; fence discard {scene.fence_discard}")
    for p in range(rules.players):
        dealt = scene.offers[p]
        offer = (
            "; choosing between " + " and ".join(rules.farmhouses[f].name for f in dealt)
            if dealt
            else ""
        )
        lines.append(
            f"player {p} ({_farmhouse(scene, p)}{offer}): ${scene.money[p]}, "
            f"stash {_stash(scene, p)}, {scene.control[p].bit_count()} tiles; "
            f"farm: {_farm(scene, p)}; hand: {', '.join(_hand_words(scene, p)) or 'none'}"
        )
    return "\n".join(lines)


# -- SVG ---------------------------------------------------------------------------

_WIDTH = 800
"""The picture's width: a notebook's, so that it shows at its own size."""
_PAD = 16
_TILE = 88
_PANEL = 270
"""The least width of the players' panel beside the board."""
_TILE_FILL = {
    "house": "#d9b38c",
    "grass": "#b5dc98",
    "logged": "#eadcb0",
    "light": "#5f9e4f",
    "dark": "#2f6b3a",
}
_TILE_WORDS = {
    "house": "farmhouse",
    "grass": "grass",
    "logged": "logged",
    "light": "light forest",
    "dark": "dark forest",
}
_CARD_FILL = {CROP: "#ffe08a", LIVESTOCK: "#f4b6c2", EQUIPMENT: "#c9ced6"}
_CARD_TYPE = {CROP: "crop", LIVESTOCK: "livestock", EQUIPMENT: "equipment"}
_EVENT = {
    "crops": ("C", "#e0b000", "crops mature"),
    "livestock": ("L", "#e0708a", "livestock mature"),
    "equipment": ("E", "#7f8c99", "equipment turns active"),
    "winter": ("W", "#5dade2", "winter: crops are discarded"),
    "first player": ("P", "#ff7f0e", "the first player marker passes"),
}
"""Each month event's icon letter, colour and meaning."""


def _tile_kind(scene: _Scene, c: int) -> str:
    t = scene.rules.tables
    if t.farm_owner[c] >= 0:
        return "house"
    if t.grass_of[c] >= 0:
        return "grass"
    if scene.tiles[c] >= 0:
        return "logged"
    return FOREST_KINDS[t.forest_kind[c]]


def _svg_board(svg: Svg, scene: _Scene, left: float, top: float, tile: float) -> None:
    """The land: tiles, control, cards, farmers and fences; ``(left, top)`` is a1's corner."""
    rules = scene.rules
    t = rules.tables
    grid = t.grid
    owner = _owners_of_cells(scene)
    farmer = _farmer_of_cells(scene)
    for x in range(grid.width):
        svg.text(left + (x + 0.5) * tile, top - 17, chr(ord("a") + x), size=12, anchor="middle")
    for y in range(grid.height):
        svg.text(left - 17, top + (y + 0.5) * tile, str(y + 1), size=12, anchor="middle")
    for c in range(t.n):
        x, y = grid.cell_coords[c]
        px, py = left + x * tile, top + y * tile
        kind = _tile_kind(scene, c)
        bonus = tile_bonus(t, scene.tiles, c)
        name = t.cell_names[c]
        who = owner[c]
        svg.rect(
            px,
            py,
            tile,
            tile,
            fill=_TILE_FILL[kind],
            stroke="#8a8a8a",
            stroke_width=0.75,
            title=f"{name}: {_TILE_WORDS[kind]}"
            + (f", {bonus}" if bonus else "")
            + (f"; controlled by player {who}" if who >= 0 else ""),
        )
        if who >= 0:
            # Control: the tile washed in the controller's colour and ringed inside its fences.
            colour = PLAYER_COLOURS[who]
            svg.rect(px + 5, py + 5, tile - 10, tile - 10, fill=colour, opacity=0.45)
            svg.rect(px + 8, py + 8, tile - 16, tile - 16, stroke=colour, stroke_width=3)
        ink = "#ffffff" if kind in ("light", "dark") and who < 0 else "#1a1a1a"
        if kind == "house":
            p = t.farm_owner[c]
            svg.text(px + 13, py + 20, f"player {p}", size=11, anchor="start", weight="bold")
            # The room inside the control ring (its inner edge 9.5 from the side).
            for i, line in enumerate(wrap(_farmhouse(scene, p), tile - 24, 10)[:3]):
                svg.text(px + 13, py + 34 + 12 * i, line, size=10, anchor="start", fill="#1a1a1a")
            svg.polygon(
                [
                    (px + 13, py + tile - 22),
                    (px + 21, py + tile - 30),
                    (px + 29, py + tile - 22),
                    (px + 29, py + tile - 14),
                    (px + 13, py + tile - 14),
                ],
                fill=PLAYER_COLOURS[p],
                stroke="#000000",
                stroke_width=1,
                title=f"player {p}'s farmhouse",
            )
        else:
            svg.text(px + 13, py + 20, _TILE_WORDS[kind], size=10, anchor="start", fill=ink)
        if bonus:
            svg.text(px + 13, py + 33, bonus, size=10, anchor="start", fill=ink)
        k = scene.cards[c]
        if k >= 0:
            _svg_card(svg, scene, c, k, px + 9, py + 40, tile - 18)
        f = farmer[c]
        if f >= 0:
            svg.circle(
                (px + tile - 19, py + tile - 16),
                7,
                fill=PLAYER_COLOURS[f],
                stroke="#000000",
                stroke_width=1.5,
                title=f"player {f}'s farmer",
            )
            svg.text(
                px + tile - 19,
                py + tile - 16,
                "F",
                size=9,
                anchor="middle",
                fill=ink_on(PLAYER_COLOURS[f]),
                weight="bold",
            )
    _svg_fences(svg, scene, left, top, tile)


def _svg_card(svg: Svg, scene: _Scene, c: int, k: int, x: float, y: float, w: float) -> None:
    """A market card on a tile: mature or active cards solid and bold, the others hollow."""
    t = scene.rules.tables
    card = t.market[k]
    kind = t.market_type[k]
    up = bool(scene.mature >> c & 1)
    side = (
        ("active" if up else "exhausted") if kind == EQUIPMENT else ("mature" if up else "immature")
    )
    svg.rect(
        x,
        y,
        w,
        26,
        fill=_CARD_FILL[kind] if up else "#ffffff",
        stroke="#222222" if up else "#999999",
        stroke_width=1.5 if up else 1.0,
        rx=4,
        title=f"{card.label}, {_CARD_TYPE[kind]}, {side} side up",
    )
    name, size = fit(card.name, w - 4, 11, bold=up, smallest=8)
    svg.text(
        x + w / 2,
        y + 9,
        name,
        size=size,
        anchor="middle",
        weight="bold" if up else None,
        fill="#000000" if up else "#777777",
    )
    svg.text(x + w / 2, y + 20, side, size=9, anchor="middle", fill="#000000" if up else "#777777")


def _svg_fences(svg: Svg, scene: _Scene, left: float, top: float, tile: float) -> None:
    t = scene.rules.tables
    grid = t.grid
    for e in bits(land.blocked_edges(t, scene.fences)):
        a, b = (grid.vertex_xy(v) for v in grid.edge_vertices[e])
        first, second = _owners(scene, e)
        cx, cy = grid.cell_xy(t.edge_cells[e][0])
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        # Two fences on an edge are drawn apart, each nudged toward the tile it faces.
        shift = 0.05 if second >= 0 else 0.0
        for who, sign in ((first, 1), (second, -1)):
            if who < 0:
                continue
            dx, dy = (cx - mx) * shift * sign * 2, (cy - my) * shift * sign * 2
            svg.line(
                (left + (a[0] + dx) * tile, top + (a[1] + dy) * tile),
                (left + (b[0] + dx) * tile, top + (b[1] + dy) * tile),
                stroke=PLAYER_COLOURS[who],
                stroke_width=5,
                title=f"player {who}'s fence at {t.side_names[e]}",
            )


def _svg_title(svg: Svg, scene: _Scene) -> float:
    """The month, whose turn it is and what they decide, the scores; the y below it."""
    rules = scene.rules
    over = not scene.agenda
    head = "Get Off My Land! \u00b7 " + (
        "game over after " + rules.months[-1].name
        if over
        else f"{scene.month_name}, month {scene.month + 1} of {len(rules.months)}"
    )
    if scene.viewer is not None:
        head += f" \u00b7 as seen by player {scene.viewer}"
    width = svg.width - 2 * _PAD
    y = svg.paragraph(_PAD, 8, head, width, size=16, weight="bold")
    if not over:
        y = svg.paragraph(_PAD, y + 2, _now(scene), width, size=13)
    return svg.paragraph(
        _PAD, y + 2, _result(scene), width, size=13, weight="bold" if over else None
    )


def _svg_players(svg: Svg, scene: _Scene, x: float, y: float, width: float) -> float:
    """The legend: each seat's colour and name, farmhouse, money, land, stash and hand;
    the y below it."""
    rules = scene.rules
    actor = scene.to_move
    bonuses = () if scene.agenda else end_bonuses(scene)
    won = winners(scene)
    svg.heading(x, y, "Players", size=14)
    y += 22
    for p in range(rules.players):
        if p:
            y += 15  # the next seat's name, its middle 15 below the last line
        colour = PLAYER_COLOURS[p]
        svg.line((x, y), (x + 22, y), stroke=colour, stroke_width=5)
        svg.circle((x + 11, y), 7, fill=colour, stroke="#000000", stroke_width=1)
        tags = []
        if p == actor:
            tags.append("to move")
        if p == scene.first and scene.agenda:
            tags.append("first player")
        if p in won:
            tags.append("winner")
        svg.heading(x + 30, y, seat_name(p), tags)
        y += 10
        hand = scene.hands[p]
        hidden = sum(1 for k in hand if k == _HIDDEN)
        lines = [
            f"farmhouse: {_farmhouse(scene, p)}",
            f"${scene.money[p]} \u00b7 controls {scene.control[p].bit_count()} tiles",
            f"fence stash: {_stash(scene, p)} of {rules.fences_per_player}",
            f"hand: {len(hand)} fence card{'' if len(hand) == 1 else 's'}"
            + (" (face down)" if hidden and hidden == len(hand) else ""),
        ]
        if not scene.agenda:
            bonus = bonuses[p]
            lines.insert(
                1,
                f"final score ${scene.money[p] + bonus.total}: ${scene.money[p]} money"
                f" + ${bonus.oil} oil + ${bonus.equipment} equipment + ${bonus.farmhouse} farmhouse",
            )
        dealt = scene.offers[p]
        if dealt:
            lines.insert(1, "choosing: " + " or ".join(rules.farmhouses[f].name for f in dealt))
        for line in lines:
            y = svg.paragraph(x + 30, y, line, width - 30, size=11)
        if hidden < len(hand):
            for word in _hand_words(scene, p):
                y = svg.paragraph(x + 42, y, word, width - 42, size=11, fill="#333333")
    return y


def _svg_market(svg: Svg, scene: _Scene, y: float) -> float:
    """The market track with its prices, the lumber price and the decks; the y below it."""
    rules = scene.rules
    t = rules.tables
    width = svg.width - 2 * _PAD
    svg.heading(
        _PAD, y, f"Market track (price above each card; lumber costs ${rules.lumber_cost})", size=14
    )
    y += 14
    slots = len(rules.market_costs)
    gap = 6
    w = (width - gap * (slots - 1)) / slots
    for i, (cost, k) in enumerate(zip(rules.market_costs, scene.track, strict=True)):
        x = _PAD + i * (w + gap)
        svg.text(x + w / 2, y + 9, f"${cost}", size=13, anchor="middle", weight="bold")
        if k < 0:
            svg.rect(x, y + 20, w, 40, stroke="#999999", rx=4)
            svg.text(x + w / 2, y + 40, "empty", size=11, anchor="middle", fill="#777777")
            continue
        card = t.market[k]
        kind = t.market_type[k]
        svg.rect(x, y + 20, w, 40, fill=_CARD_FILL[kind], stroke="#222222", rx=4, title=card.label)
        svg.text(x + w / 2, y + 32, card.name, size=11, anchor="middle", weight="bold")
        svg.text(
            x + w / 2,
            y + 48,
            f"{_CARD_TYPE[kind]}, pile {card.letter}",
            size=10,
            anchor="middle",
        )
    y += 69
    y = svg.paragraph(
        _PAD,
        y,
        f"Market deck: {scene.market_deck} cards.  Removed from the game: {_removed(scene)}",
        width,
        size=11,
    )
    return svg.paragraph(
        _PAD,
        y,
        f"Fence cards: {scene.fence_deck} in the deck, {scene.fence_discard} in the discard pile.",
        width,
        size=11,
    )


def _svg_months(svg: Svg, scene: _Scene, y: float) -> float:
    """The month track, the marker and each month's events; the y below it."""
    rules = scene.rules
    months = rules.months
    width = svg.width - 2 * _PAD
    svg.heading(_PAD, y, "Month track (events happen as the marker leaves a month)", size=14)
    y += 16
    w = width / len(months)
    now = scene.month if scene.agenda else len(months)
    deepest = 0
    for i, month in enumerate(months):
        left = _PAD + i * w
        here = i == now
        fill = "#ffd54f" if here else ("#e0e0e0" if i < now else "#f7f7f7")
        svg.rect(
            left + 1,
            y,
            w - 2,
            24,
            fill=fill,
            stroke="#222222" if here else "#999999",
            stroke_width=2 if here else 1,
            rx=3,
            title=month.name,
        )
        svg.text(
            left + w / 2,
            y + 12,
            month.name[:3],
            size=11,
            anchor="middle",
            weight="bold" if here else None,
        )
        for j, event in enumerate(month.events):
            _event_icon(event, f"end of {month.name}: {_EVENT[event][2]}")(
                svg, left + w / 2, y + 38 + j * 20
            )
            deepest = max(deepest, j + 1)
    y += 28 + 20 * deepest
    entries = [
        (_event_icon(name), label)
        for name, (_, _, label) in _EVENT.items()
        if any(name in m.events for m in months)
    ]
    return svg.key_row(_PAD, y, entries, width)


def _event_icon(event: str, title: str | None = None) -> Swatch:
    """A month event's icon: its letter on a disc of its colour; ``title`` is its tooltip."""
    letter, colour, _ = _EVENT[event]

    def draw(svg: Svg, x: float, y: float) -> None:
        svg.circle((x, y), 8, fill=colour, stroke="#333333", stroke_width=0.75, title=title)
        svg.text(x, y, letter, size=10, anchor="middle", weight="bold", fill=ink_on(colour))

    return draw


def _svg_key(svg: Svg, y: float) -> float:
    """The tile and card key; the y below it."""
    entries = [
        (square(_TILE_FILL[k], "#8a8a8a"), _TILE_WORDS[k])
        for k in ("grass", "light", "dark", "logged", "house")
    ]
    entries += [
        (square("#ffffff", "#999999"), "immature / exhausted card"),
        (square(_CARD_FILL[CROP], "#222222"), "mature crop"),
        (square(_CARD_FILL[LIVESTOCK], "#222222"), "mature livestock"),
        (square(_CARD_FILL[EQUIPMENT], "#222222"), "active equipment"),
    ]
    y = svg.key_row(_PAD, y, entries, svg.width - 2 * _PAD)
    return svg.paragraph(
        _PAD,
        y + 3,
        "A tile washed and ringed in a player's colour is land they control; "
        "F marks a farmer; fences are drawn in their owner's colour.",
        svg.width - 2 * _PAD,
        size=11,
    )


def render_svg(position: State | View) -> str:
    """An SVG picture for notebooks, 800 px wide on the reference boards.

    It shows the month and what is being decided, the scores (money; at the
    end the final scores and the winners), the land (tiles, bonuses, control,
    market cards mature or not, farmers, fences in their owners' colours),
    the players (the colour legend: farmhouse, money, land, fence stash,
    hand), the market track with its prices, the decks, and the month track
    with its events. ``position`` is a :class:`State` or a :class:`View`
    from ``observe`` (other hands face down); ``TypeError`` for anything else.
    """
    scene = _scene(position, "render_svg")
    grid = scene.rules.tables.grid
    tile = _TILE
    # The canvas grows down as the parts are laid out; its height is set at the end.
    svg = Svg(max(_WIDTH, 2 * _PAD + 26 + grid.width * tile + 24 + _PANEL), 0)
    top = _svg_title(svg, scene) + 34
    left = _PAD + 26
    _svg_board(svg, scene, left, top, tile)
    panel = left + grid.width * tile + 24
    players = _svg_players(svg, scene, panel, top - 8, svg.width - _PAD - panel)
    y = _svg_market(svg, scene, max(top + grid.height * tile, players) + 34)
    y = _svg_months(svg, scene, y + 24)
    y = _svg_key(svg, y + 4)
    svg.height = y + 12
    return str(svg)
