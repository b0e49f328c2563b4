"""Positions of Fields of Green: the state as plain data and as text, checked; arrange.

:func:`to_position` writes a state as JSON data and :func:`from_position`
reads it back under given rules, refusing with a
:class:`~acreage.core.position.PositionError` any position that cannot
occur: more cards of a kind than the decks hold (across farms, hands, picks
and the discard pile), more tool tiles, silos or water towers than the game
has, a farm whose cards are off the grid, overlap or were not built beside
an earlier card, a card that costs water built where no earlier tower
reaches, tools on sites they do not fit, water or grain beyond what the
towers and silos hold, a seat that does not exist, hands that do not fit the
draft (their sizes, the passes, who has picked), or a decision that the
engine would never ask (a tower to choose when only one can pay).

What the rest determines is never written and always recomputed: the
location decks (the rules' cards less those in farms, hands, picks and the
discard pile), the silo and water-tower stacks, each farm's occupied cells,
frontier, silo capacity and the towers' capacity and reach, and the decks a
blind draw may come from or the sites a harvest can supply.

The agenda is part of a position: the task on top (what is being decided) is
written as ``phase``, ``actor`` and ``pending`` and read back into that task
(:func:`~acreage.fields_of_green.state.asked`), and the rest of the turn
(``state.rest``) as ``agenda``: the steps the engine will take, next first,
each checked against the farms and the draft.

:func:`position_text` and :func:`parse_position` do the same with a compact
text: each farm as rows of cells, then one named field a line.
:func:`arrange` changes some fields of a state's position, with the same
checks. The format is documented field by field in
https://acreage.readthedocs.io/en/latest/games/fields-of-green/#positions.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from acreage.core.agenda import Task
from acreage.core.bitset import bits
from acreage.core.chance import Deck, Pile, Stack
from acreage.core.position import (
    POSITION_FORMAT,
    Fields,
    Node,
    PositionError,
    PositionText,
    close_names,
    position_fields,
)
from acreage.fields_of_green import engine as en
from acreage.fields_of_green import state as st
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.geometry import catchment, cell, coords, frontier
from acreage.fields_of_green.queries import (
    can_convert,
    kept_for,
    legal_decks,
    matching_sites,
    pay_options,
    ready_sites,
)
from acreage.fields_of_green.rules import (
    CONVERT,
    GREEN,
    Compiled,
    Rules,
    Tables,
    card_ids,
    tool_ids,
)
from acreage.fields_of_green.state import (
    ACTION,
    ATTACH,
    CONVERTING,
    DEAL,
    DRAW,
    END,
    PAY,
    PHASES,
    PICK,
    START,
    STORE,
    SUPPLY,
    TOOL_CHOOSE,
    TOOL_DEAL,
    TOOL_PLACE,
    Farm,
    State,
)
from acreage.fields_of_green.view import SeatView, View

__all__ = [
    "arrange",
    "from_position",
    "from_view",
    "make_farm",
    "parse_position",
    "position_text",
    "to_position",
]

GAME_NAME = "fields-of-green"

_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}

_KEYS = (
    "year",
    "actor",
    "start",
    "passes",
    "farms",
    "hands",
    "picks",
    "discard",
    "tool_pile",
    "agenda",
    "pending",
)
_DERIVED = {
    "decks": "derived, not given: the location decks hold the rules' cards less those in "
    "farms, hands, picks and the discard pile",
    "silo_stack": "derived, not given: the rules' silos less those built",
    "tower_stack": "derived, not given: the rules' water towers less those built",
    "to_move": "derived, not given: the actor decides, or chance in the deal phases",
}
_FARM_KEYS = ("sites", "grain", "coins", "tokens", "kept")
_FARM_DERIVED = {
    "occupied": "derived, not given: the cells of the farm's sites",
    "frontier": "derived, not given: the empty cells next to the farm's sites",
    "grain_capacity": "derived, not given: each silo holds the rules' silo capacity, "
    "plus what capacity tools on it add",
    "towers": "derived, not given: the water towers are the sites named 'water tower'",
}
_SITE_KEYS = ("x", "y", "site", "water", "down", "tools")
_SITE_DERIVED = {
    "capacity": "derived, not given: a tower holds the rules' tower capacity plus what its "
    "capacity tools add",
    "reach": "derived, not given: a tower reaches the rules' water range plus what its range "
    "tools add",
}
_PENDING = {
    START: (),
    STORE: ("water",),
    DRAW: (),
    DEAL: ("deck",),
    PICK: (),
    ACTION: (),
    PAY: ("site", "water"),
    TOOL_DEAL: ("left", "drawn"),
    TOOL_CHOOSE: ("drawn",),
    TOOL_PLACE: ("tool",),
    ATTACH: ("site",),
    SUPPLY: ("sites",),
    CONVERTING: ("site", "uses"),
    END: (),
}
"""The keys of ``pending`` in each phase (all of them required)."""
_PENDING_DERIVED = {
    "allowed": "derived, not given: the decks a blind draw may come from follow from the "
    "decks' contents and the hand drawn so far",
    "ready": "derived, not given: the sites that can be supplied follow from the farm",
    "drawn_cards": "derived, not given: the cards drawn so far are the actor's hand",
}

# Agenda steps by name, with the kinds of their arguments: s a seat, n a count,
# c a cell, k a card, C a list of cells, g the four gains.
_STEPS: dict[type[Task], tuple[str, str]] = {
    st.NewYear: ("year", ""),
    st.Income: ("income", "s"),
    st.StoreWaterTokens: ("store water", "sn"),
    st.DrawCards: ("draw cards", "s"),
    st.NewRound: ("round", ""),
    st.PickCard: ("pick", "s"),
    st.Reveal: ("reveal", ""),
    st.Act: ("act", "s"),
    st.PayWaterDue: ("pay water", "scn"),
    st.PlaceSite: ("place", "sck"),
    st.Gain: ("gain", "sg"),
    st.DrawTools: ("tools", "s"),
    st.AttachKept: ("attach kept", "sc"),
    st.Harvest: ("harvest", "s"),
    st.SupplyNext: ("supply next", "sC"),
    st.ProduceAt: ("produce", "sc"),
    st.ConvertAt: ("convert", "scn"),
    st.YearEnd: ("year end", ""),
}
_STEP_OPS = {name: op for op, (name, _) in _STEPS.items()}
_FRAME = frozenset(
    (
        st.NewYear,
        st.Income,
        st.DrawCards,
        st.NewRound,
        st.PickCard,
        st.Reveal,
        st.Act,
        st.Harvest,
        st.YearEnd,
    )
)
"""The steps of the year's frame (the draft, the rounds, the harvests); the others
are steps of one player's turn, above the frame."""
_ACT_STEPS = frozenset(
    (st.StoreWaterTokens, st.PayWaterDue, st.PlaceSite, st.Gain, st.DrawTools, st.AttachKept)
)
_HARVEST_STEPS = frozenset(
    (st.StoreWaterTokens, st.PayWaterDue, st.Gain, st.SupplyNext, st.ProduceAt, st.ConvertAt)
)
_ACT_PHASES = frozenset((ACTION, PAY, STORE, TOOL_DEAL, TOOL_CHOOSE, TOOL_PLACE, ATTACH))
_HARVEST_PHASES = frozenset((SUPPLY, PAY, STORE, CONVERTING))
_LIST_LIMIT = 1000  # far above any list of a real position; bounds what is read at all
_MOST = 1_000_000  # coins, star tokens, gains: far above any a game reaches
_GAINS = ("coins", "water", "grain", "stars")


# -- farms -------------------------------------------------------------------------------


def make_farm(
    rules: Rules,
    sites: Sequence[tuple[int, int]],
    water: Sequence[int],
    *,
    down: int = 0,
    tools: Sequence[tuple[int, int]] = (),
    kept: Sequence[int] = (),
    grain: int = 0,
    coins: int = 0,
    tokens: int = 0,
) -> Farm:
    """A :class:`~acreage.fields_of_green.state.Farm` with what is derived worked out.

    ``sites`` are ``(cell, kind)`` in the order built and ``water`` the water in
    each water tower in that order; the occupied cells, the frontier, the
    towers' capacity and reach and the silos' capacity follow from them and
    the ``tools`` attached (``(cell, tool)``). Nothing is checked: see
    :func:`from_position`.
    """
    t = rules.tables
    occupied = 0
    for c, _ in sites:
        occupied |= 1 << c
    on: dict[int, list[int]] = {}
    for c, x in tools:
        on.setdefault(c, []).append(x)
    towers = []
    grain_capacity = 0
    filled = iter(water)
    for c, k in sites:
        here = on.get(c, ())
        capacity = sum(t.tool_capacity[x] for x in here)
        if k == t.tower:
            reach = sum(t.tool_range[x] for x in here)
            towers.append(
                (c, next(filled, 0), rules.tower_capacity + capacity, rules.water_range + reach)
            )
        elif k == t.silo:
            grain_capacity += rules.silo_capacity + capacity
    return Farm(
        cells=tuple(c for c, _ in sites),
        kinds=tuple(k for _, k in sites),
        occupied=occupied,
        frontier=tuple(bits(frontier(occupied, t.width))),
        down=down,
        towers=tuple(towers),
        grain=grain,
        grain_capacity=grain_capacity,
        coins=coins,
        tokens=tokens,
        tools=tuple(sorted(tools)),
        kept=tuple(sorted(kept)),
    )


# -- to data -----------------------------------------------------------------------------


def _xy(rules: Rules, c: int) -> list[int]:
    return list(coords(rules, c))


def to_position(state: State) -> dict[str, Any]:
    """``state`` as plain JSON data; :func:`from_position` reads it back to an equal state.

    Every field is written: each farm's sites in the order built, the hands
    and picks (hidden from the other players, but part of the state), the
    discard pile, the tool pile's segments top first, the task on top of the
    agenda (``phase``, ``actor`` and its details, ``pending``) and the rest of
    the turn (``agenda``, next step first). What is derived (the decks, the stacks, capacities) is left
    out.
    """
    rules = state.rules
    t = rules.tables
    phase, actor, _ = st.question(state)
    data: dict[str, Any] = {
        "game": GAME_NAME,
        "format": POSITION_FORMAT,
        "year": state.year,
        "phase": PHASES[phase],
    }
    if phase not in (START, END):
        data["actor"] = actor
    data.update(
        {
            "start": state.start,
            "passes": state.passes,
            "farms": [_farm_data(rules, f) for f in state.farms],
            "hands": [[t.names[k] for k in hand] for hand in state.hands],
            "picks": [t.names[k] if k >= 0 else None for k in state.picks],
            "discard": [t.names[k] for k in state.discard],
            "tool_pile": [_segment_data(rules, seg) for seg in state.tool_pile.segments],
            "agenda": [_step_data(rules, step) for step in reversed(state.rest)],
        }
    )
    pending = _pending_data(rules, state.agenda[-1] if state.agenda else None)
    if pending:
        data["pending"] = pending
    return data


def _farm_data(rules: Rules, f: Farm) -> dict[str, Any]:
    t = rules.tables
    water = {c: w for c, w, _, _ in f.towers}
    sites = []
    for c, k in zip(f.cells, f.kinds, strict=True):
        x, y = coords(rules, c)
        site: dict[str, Any] = {"x": x, "y": y, "site": t.names[k]}
        if k == t.tower:
            site["water"] = water[c]
        if f.down >> c & 1:
            site["down"] = True
        on = f.tools_at(c)
        if on:
            site["tools"] = [t.tool_names[x] for x in on]
        sites.append(site)
    return {
        "sites": sites,
        "grain": f.grain,
        "coins": f.coins,
        "tokens": f.tokens,
        "kept": [t.tool_names[x] for x in f.kept],
    }


def _segment_data(rules: Rules, seg: Pile[int] | Stack[int]) -> dict[str, Any]:
    names = rules.tables.tool_names
    if isinstance(seg, Pile):
        return {"pile": {names[x]: n for x, n in seg.counts}}
    return {"stack": [names[x] for x in seg.order]}


def _step_data(rules: Rules, step: Task) -> list[Any]:
    name, kinds = _STEPS[type(step)]
    out: list[Any] = [name]
    args = attrs.astuple(step)
    if kinds.endswith("g"):
        return [*out, args[0], dict(zip(_GAINS, args[1:], strict=True))]
    for kind, value in zip(kinds, args, strict=True):
        if kind == "c":
            out.append(_xy(rules, value))
        elif kind == "C":
            out.append([_xy(rules, c) for c in bits(value)])
        elif kind == "k":
            out.append(rules.tables.names[value])
        else:
            out.append(value)
    return out


def _pending_data(rules: Rules, task: Task | None) -> dict[str, Any]:
    """The details of the task on top (``task``; None once the game is over), by name."""
    t = rules.tables
    if isinstance(task, st.StoreWaterTokens):
        return {"water": task.water}
    if isinstance(task, st.DealCard):
        return {"deck": DECKS[task.deck]}
    if isinstance(task, st.PayWaterDue):
        return {"site": _xy(rules, task.cell), "water": task.water}
    if isinstance(task, st.DealTools):
        return {"left": task.left, "drawn": [t.tool_names[x] for x in task.drawn]}
    if isinstance(task, st.ChooseTile):
        return {"drawn": [t.tool_names[x] for x in task.drawn]}
    if isinstance(task, st.PlaceTool):
        return {"tool": t.tool_names[task.tool]}
    if isinstance(task, st.AttachKept):
        return {"site": _xy(rules, task.cell)}
    if isinstance(task, st.ChooseSupply):
        return {"sites": [_xy(rules, c) for c in bits(task.remaining)]}
    if isinstance(task, st.ConvertAt):
        return {"site": _xy(rules, task.cell), "uses": task.left}
    return {}


# -- from data ---------------------------------------------------------------------------


def from_position(rules: Rules, data: Mapping[str, Any]) -> State:
    """The state the position ``data`` describes under ``rules``.

    ``data`` is what :func:`to_position` writes; ``phase`` is required, and
    so are ``year``, ``actor`` and ``farms`` after the setup; a list left out
    is empty (no hands, no discard...). :class:`~acreage.core.position.PositionError`
    names the first thing that cannot be (``farms[1].sites[4]: (2, 0) holds
    a card already``); nothing else is raised, whatever ``data`` holds.
    """
    if not isinstance(rules, Rules):
        raise PositionError(f"rules: expected fields_of_green.Rules, got {type(rules).__name__}")
    fields = position_fields(data, GAME_NAME, required=("phase",), optional=_KEYS, derived=_DERIVED)
    return _Reader(rules, fields).state()


class _Reader:
    """Reads position data under ``rules``, checking each part as it goes."""

    def __init__(self, rules: Rules, fields: Fields) -> None:
        self.rules = rules
        self.t = rules.tables
        self.fields = fields
        self.n = rules.players
        self.card_ids = {name: k for k, name in enumerate(self.t.names[:-2])}
        self.site_ids = {name: k for k, name in enumerate(self.t.names)}
        self.tool_ids = {name: x for x, name in enumerate(self.t.tool_names)}

    # -- small readers

    def seat(self, node: Node) -> int:
        value = node.value
        if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value < self.n:
            node.fail(f"seat {value} is not at this {self.n}-player table")
        return node.integer(0, self.n - 1)

    def card(self, node: Node) -> int:
        return self.card_ids[node.text(self.card_ids, "a location card of these rules")]

    def tool(self, node: Node) -> int:
        return self.tool_ids[node.text(self.tool_ids, "a tool of these rules")]

    def cell(self, node: Node) -> int:
        x, y = (item.integer(-_MOST, _MOST) for item in node.items(2, length=2))
        c = cell(self.rules, x, y)
        if c < 0:
            node.fail(f"({x}, {y}) lies further from the farm than any card can ever be built")
        return c

    def site_of(self, node: Node, farm: Farm, what: str = "a site") -> int:
        """A cell holding a site of ``farm``."""
        c = self.cell(node)
        if not farm.occupied >> c & 1:
            x, y = coords(self.rules, c)
            node.fail(f"there is no site at ({x}, {y}), and {what} is needed there")
        return c

    # -- the whole

    def state(self) -> State:
        rules, fields, t = self.rules, self.fields, self.t
        phase_node = fields.at("phase")
        phase = _PHASE_INDEX[phase_node.text(_PHASE_INDEX, "a phase")]
        if phase == START:
            return self.setup()
        year = fields.at("year").integer(1, rules.years) if "year" in fields else 0
        if year == 0:
            fields.at("year").fail(
                f"missing: in phase {PHASES[phase]} a year 1 to {rules.years} is under way"
            )
        if phase != END and "actor" not in fields:
            fields.at("actor").fail(
                f"missing: in phase {PHASES[phase]} a seat decides or is dealt to"
            )
        actor = -1 if phase == END else self.seat(fields.at("actor"))
        if phase == END and "actor" in fields:
            fields.at("actor").fail("the game is over: nobody acts")
        start = self.seat(fields.at("start")) if "start" in fields else 0
        passes = fields.integer("passes", 0, rules.hand_size - 1)
        farms = self.farms()
        hands = self.hands()
        picks = self.picks()
        discard = tuple(sorted(self.card(node) for node in fields.items("discard", _LIST_LIMIT)))
        decks = self.decks(farms, hands, picks, discard)
        silos = sum(f.kinds.count(t.silo) for f in farms)
        towers = sum(f.kinds.count(t.tower) for f in farms)
        if silos > rules.silos:
            fields.at("farms").fail(f"{silos} silos built, but the game has {rules.silos}")
        if towers > rules.water_towers:
            fields.at("farms").fail(
                f"{towers} water towers built, but the game has {rules.water_towers}"
            )
        built = silos + towers - 2 * self.n
        if built > len(discard):
            fields.at("discard").fail(
                f"{built} silos and water towers built beyond the first ones, each for a "
                f"discarded card, but the discard pile holds {len(discard)}"
            )
        tool_pile = self.tool_pile()
        rest = self.agenda(farms, actor, picks)
        if phase == END and rest:
            fields.at("agenda").fail("the game is over: nothing is left to do")
        pending = self.pending(phase, farms, actor, hands, decks)
        state = State(
            rules=rules,
            year=year,
            start=start,
            farms=tuple(farms),
            hands=hands,
            picks=picks,
            passes=passes,
            decks=decks,
            tool_pile=tool_pile,
            silo_stack=rules.silos - silos,
            tower_stack=rules.water_towers - towers,
            discard=discard,
            agenda=_waiting(rest, phase, actor, pending),
        )
        self.check_tools(state)
        stage = self.check_frame(state)
        self.check_draft(state, stage)
        self.check_phase(state)
        return state

    def setup(self) -> State:
        """Phase ``start``: before the first year, the table exactly as set up."""
        rules = self.rules
        if rules.start_player is not None:
            self.fields.at("phase").fail(
                f"the start player is seat {rules.start_player} by these rules: "
                "the game never waits for chance to choose one"
            )
        fresh = en.new_game(rules)
        expected = to_position(fresh)
        for name, node in self.fields.present.items():
            if name in ("game", "format", "phase"):
                continue
            if node.value != expected.get(name):
                node.fail(
                    "before the start player is chosen the table is as set up: "
                    f"expected {_shown(expected.get(name))}"
                )
        return fresh

    # -- farms

    def farms(self) -> list[Farm]:
        nodes = self.fields.items("farms", self.n, length=self.n)
        return [self.farm(node) for node in nodes]

    def farm(self, node: Node) -> Farm:
        rules, t = self.rules, self.t
        fields = node.fields(required=("sites",), optional=_FARM_KEYS, derived=_FARM_DERIVED)
        most = 2 + rules.years * rules.hand_size
        site_nodes = fields.items("sites", most)
        sites: list[tuple[int, int]] = []
        water: list[tuple[Node, int]] = []
        down = 0
        tools: list[tuple[int, int]] = []
        occupied = 0
        for i, site in enumerate(site_nodes):
            c, k, w, is_down, on = self.site(site)
            x, y = coords(rules, c)
            if occupied >> c & 1:
                site.fail(f"({x}, {y}) holds a card already")
            first = ((0, 0, t.tower), (1, 0, t.silo))
            if i < 2 and (x, y, k) != first[i]:
                fx, fy, fk = first[i]
                site.fail(
                    f"every farm starts with a water tower at 0,0 beside a silo at 1,0: "
                    f"site {i} is the {t.names[fk]} at ({fx}, {fy})"
                )
            if i >= 2 and not frontier(occupied, t.width) >> c & 1:
                site.fail(
                    f"({x}, {y}) is not orthogonally next to a site built before it: "
                    "cards are built beside, above or below one, never diagonally or apart"
                )
            occupied |= 1 << c
            sites.append((c, k))
            if w is not None:
                water.append(w)
            if is_down:
                down |= 1 << c
            tools.extend((c, x) for x in on)
        if len(site_nodes) < 2:
            fields.at("sites").fail(
                "every farm starts with a water tower at 0,0 beside a silo at 1,0"
            )
        kept = [self.tool(n) for n in fields.items("kept", _LIST_LIMIT)]
        farm = make_farm(
            rules,
            sites,
            [w for _, w in water],
            down=down,
            tools=tools,
            kept=kept,
            grain=fields.integer("grain", 0, _MOST),
            coins=fields.integer("coins", 0, _MOST),
            tokens=fields.integer("tokens", 0, _MOST),
        )
        for (site_node, amount), (_, _, capacity, _) in zip(water, farm.towers, strict=True):
            if amount > capacity:
                site_node.fail(f"{amount} water in a water tower that holds {capacity}")
        if farm.grain > farm.grain_capacity:
            fields.at("grain").fail(
                f"{farm.grain} grain, but the silos hold {farm.grain_capacity} together"
            )
        self.check_water_reach(farm, site_nodes)
        return farm

    def site(self, node: Node) -> tuple[int, int, tuple[Node, int] | None, bool, list[int]]:
        rules, t = self.rules, self.t
        fields = node.fields(
            required=("x", "y", "site"), optional=_SITE_KEYS, derived=_SITE_DERIVED
        )
        x = fields.at("x").integer(-_MOST, _MOST)
        y = fields.at("y").integer(-_MOST, _MOST)
        c = cell(rules, x, y)
        if c < 0:
            node.fail(f"({x}, {y}) lies further from the farm than any card can ever be built")
        k = self.site_ids[fields.at("site").text(self.site_ids, "a site of these rules")]
        water: tuple[Node, int] | None = None
        if k == t.tower:
            water = (fields.at("water"), fields.integer("water", 0, _MOST))
        elif "water" in fields:
            fields.at("water").fail(f"only a water tower holds water, not the {t.names[k]}")
        is_down = False
        if "down" in fields:
            value = fields.at("down").value
            if not isinstance(value, bool):
                fields.at("down").fail(f"expected true or false, got {_shown(value)}")
            is_down = value
        if is_down and t.ability[k] != GREEN:
            fields.at("down").fail(
                f"only a site supplied at harvest (green) is ever shut down, not the {t.names[k]}"
            )
        on: list[int] = []
        tool_nodes = fields.items("tools", _LIST_LIMIT)
        if is_down and tool_nodes:
            fields.at("tools").fail("a shut-down site has lost its tools")
        if len(tool_nodes) > rules.tools_per_site:
            fields.at("tools").fail(
                f"{len(tool_nodes)} tools, but a site takes at most {rules.tools_per_site}"
            )
        for tool_node in tool_nodes:
            x_ = self.tool(tool_node)
            if x_ in on:
                tool_node.fail("a site takes different tools, not two of one kind")
            if not t.tool_fits[x_] >> k & 1:
                fits = ", ".join(t.names[j] for j in bits(t.tool_fits[x_]))
                tool_node.fail(f"{t.tool_names[x_]} fits only {fits}, not the {t.names[k]}")
            on.append(x_)
        return c, k, water, is_down, sorted(on)

    def check_water_reach(self, farm: Farm, site_nodes: list[Node]) -> None:
        """A card that cost water was built in range of a tower built before it (whose
        range and whose path of cards have only grown since)."""
        rules, t = self.rules, self.t
        towers = {c: reach for c, _, _, reach in farm.towers}
        earlier: list[int] = []
        for node, c, k in zip(site_nodes, farm.cells, farm.kinds, strict=True):
            water = t.cost[k][1] or (rules.harvest_water_in_range and t.needs[k][0])
            if water and not any(
                catchment(rules, tc, towers[tc], farm.occupied) >> c & 1 for tc in earlier
            ):
                x, y = coords(rules, c)
                node.fail(
                    f"the {t.names[k]} at ({x}, {y}) needs water from a tower in range when "
                    "it is built, and no water tower built before it reaches there"
                )
            if k == t.tower:
                earlier.append(c)

    # -- cards

    def hands(self) -> tuple[tuple[int, ...], ...]:
        nodes = self.fields.items("hands", self.n, length=self.n) if "hands" in self.fields else []
        hands = []
        for node in nodes:
            cards = node.items(self.rules.hand_size)
            hands.append(tuple(sorted(self.card(c) for c in cards)))
        return tuple(hands) if nodes else ((),) * self.n

    def picks(self) -> tuple[int, ...]:
        if "picks" not in self.fields:
            return (-1,) * self.n
        return tuple(
            -1 if node.is_null() else self.card(node)
            for node in self.fields.items("picks", self.n, length=self.n)
        )

    def decks(
        self,
        farms: list[Farm],
        hands: tuple[tuple[int, ...], ...],
        picks: tuple[int, ...],
        discard: tuple[int, ...],
    ) -> tuple[Deck[int], ...]:
        """The location decks: each card's copies less those out of them."""
        rules, t = self.rules, self.t
        out: Counter[int] = Counter()
        for f in farms:
            out.update(k for k in f.kinds if k < t.silo)
        for hand in hands:
            out.update(hand)
        out.update(k for k in picks if k >= 0)
        out.update(discard)
        for k, n in sorted(out.items()):
            card = rules.cards[k]
            if n > card.count:
                self.fields.node.fail(
                    f"{n} {card.name} cards in farms, hands, picks and the discard pile, "
                    f"but the {card.deck} deck has {card.count}"
                )
        return tuple(
            Deck.of({k: c.count - out[k] for k, c in enumerate(rules.cards) if c.deck == d})
            for d in DECKS
        )

    # -- tools

    def tool_pile(self) -> Deck[int]:
        segments: list[Pile[int] | Stack[int]] = []
        for node in self.fields.items("tool_pile", _LIST_LIMIT):
            fields = node.fields(optional=("pile", "stack"))
            if ("pile" in fields) == ("stack" in fields):
                node.fail("a segment of the tool pile is a 'pile' (order unknown) or a 'stack'")
            if "stack" in fields:
                order = tuple(self.tool(n) for n in fields.items("stack", _LIST_LIMIT))
                if not order:
                    fields.at("stack").fail("an empty segment is no segment")
                segments.append(Stack(order))
                continue
            pile = fields.at("pile")
            counts = pile.fields(optional=self.t.tool_names)
            tiles = {self.tool_ids[name]: counts.integer(name, 1, _MOST) for name in counts.present}
            if not tiles:
                pile.fail("an empty segment is no segment")
            segments.append(Pile(tuple(sorted(tiles.items()))))
        return Deck(tuple(segments))

    def check_tools(self, state: State) -> None:
        """No more tiles of a tool than the game has, in the pile, the farms and in hand."""
        t = self.t
        seen: Counter[int] = Counter(state.tool_pile.cards())
        for f in state.farms:
            seen.update(x for _, x in f.tools)
            seen.update(f.kept)
        task = state.agenda[-1] if state.agenda else None
        if isinstance(task, (st.DealTools, st.ChooseTile)):
            seen.update(task.drawn)
        elif isinstance(task, st.PlaceTool):
            seen[task.tool] += 1
        for x, n in sorted(seen.items()):
            if n > self.rules.tools[x].count:
                self.fields.node.fail(
                    f"{n} {t.tool_names[x]} tiles in the tool pile, on sites, kept aside and "
                    f"drawn, but the game has {self.rules.tools[x].count}"
                )

    # -- the rest of the turn

    def agenda(self, farms: list[Farm], actor: int, picks: tuple[int, ...]) -> tuple[Task, ...]:
        steps = [self.step(node, farms, picks) for node in self.fields.items("agenda", _LIST_LIMIT)]
        return tuple(reversed(steps))

    def step(self, node: Node, farms: list[Farm], picks: tuple[int, ...]) -> Task:
        """One step of the agenda: its name, then its arguments, each read by its kind
        (``_STEPS``) and checked against the farms and the picks."""
        op, items = self.step_name(node)
        out: list[int] = []
        p = -1  # every step with arguments names its seat first
        for kind, arg in zip(_STEPS[op][1], items[1:], strict=False):
            if kind == "s":
                p = self.seat(arg)
                out.append(p)
            elif kind == "n":
                out.append(arg.integer(1 if op is st.PayWaterDue else 0, _MOST))
            elif kind == "g":
                gains = arg.fields(optional=_GAINS)
                out.extend(gains.integer(g, 0, _MOST) for g in _GAINS)
            elif kind == "k":
                out.append(self.picked_card(arg, p, picks))
            elif kind == "c":
                out.append(self.step_cell(op, arg, farms[p]))
            else:  # "C": the green sites still to supply
                out.append(self.green_sites(arg.items(_LIST_LIMIT), farms[p]))
        if op is st.ConvertAt:
            self.check_conversions(farms[p], out[1], out[2], items[3])
        if op is st.PayWaterDue:
            self.check_paid_for(farms[p], out[1], items[2])
        return op(*out)

    def step_name(self, node: Node) -> tuple[type[Task], list[Node]]:
        """A step's task class and its items (the name first), as many as the step takes."""
        items = node.items(8)
        if not items:
            node.fail("expected a step: its name, then its arguments")
        op = _STEP_OPS[items[0].text(_STEP_OPS, "a step of the engine")]
        name, kinds = _STEPS[op]
        want = 2 if kinds.endswith("g") else len(kinds)
        if len(items) - 1 != want:
            node.fail(f"the step {name!r} takes {want} arguments, got {len(items) - 1}")
        return op, items

    def picked_card(self, node: Node, p: int, picks: tuple[int, ...]) -> int:
        """The card a ``place`` step builds: the one player ``p`` picked."""
        k = self.card(node)
        if k != picks[p]:
            node.fail(f"player {p} builds the card they picked, not the {self.t.names[k]}")
        return k

    def step_cell(self, op: type[Task], node: Node, farm: Farm) -> int:
        """A step's cell: an empty cell next to the farm for ``place``, any cell for
        ``pay water`` (checked once the step is read), else a site of the farm: a green
        one for ``produce``, one that converts for ``convert``."""
        t = self.t
        if op is st.PlaceSite:
            c = self.cell(node)
            if c not in farm.frontier:
                x, y = coords(self.rules, c)
                node.fail(f"a card is built on an empty cell next to a site, not ({x}, {y})")
            return c
        if op is st.PayWaterDue:
            return self.cell(node)
        c = self.site_of(node, farm)
        k = farm.kind_at(c)
        if op is st.ProduceAt and t.ability[k] != GREEN:
            node.fail(f"the {t.names[k]} produces nothing at harvest")
        if op is st.ConvertAt and _conversion(t, k) is None:
            node.fail(f"the {t.names[k]} converts nothing")
        return c

    def green_sites(self, nodes: list[Node], farm: Farm) -> int:
        """The bitset of the sites a harvest still supplies: face-up green sites of ``farm``."""
        remaining = 0
        for sub in nodes:
            c = self.site_of(sub, farm, "a green site")
            if self.t.ability[farm.kind_at(c)] != GREEN or farm.down >> c & 1:
                sub.fail("only face-up green sites are supplied at harvest")
            remaining |= 1 << c
        return remaining

    def check_conversions(self, farm: Farm, c: int, uses: int, node: Node) -> None:
        """A ``convert`` step's uses are at most the times its site converts a harvest."""
        k = farm.kind_at(c)
        effect = _conversion(self.t, k)
        assert effect is not None  # step_cell has read a site that converts
        times = effect[9]
        if uses > times:
            node.fail(f"the {self.t.names[k]} converts at most {times} times a harvest")

    def check_paid_for(self, farm: Farm, target: int, node: Node) -> None:
        """A ``pay water`` step pays for a site or for a card being built next to the farm."""
        if not (farm.occupied >> target & 1 or target in farm.frontier):
            x, y = coords(self.rules, target)
            node.fail(f"water is paid for a site or a card being built, not ({x}, {y})")

    def check_frame(self, state: State) -> str:
        """The year's frame of steps fits the phase and the actor; the stage of the year.

        The frame is what remains of one of the engine's sequences (the draw, a
        round, the harvests), and the step taken last in it is the one whose
        decision is pending: its seat is the actor. Turn steps lie above it.
        """
        rules = self.rules
        phase, actor, _ = st.question(state)
        agenda = state.rest
        node = self.fields.at("agenda")
        split = 0
        while split < len(agenda) and type(agenda[split]) in _FRAME:
            split += 1
        for step in agenda[split:]:
            if type(step) in _FRAME:
                node.fail(
                    f"the step {_STEPS[type(step)][0]!r} belongs to the year's frame, below the "
                    "steps of a turn"
                )
        frame = list(reversed(agenda[:split]))
        turn = agenda[split:]
        if phase == END:
            if state.year != rules.years:
                self.fields.at("year").fail(
                    f"the game ends after year {rules.years}, not {state.year}"
                )
            return "end"
        order = [(state.start + i) % self.n for i in range(self.n)]
        sequences: dict[str, list[Task]] = {
            "draw": [
                *((st.Income(q) for q in order) if state.year > 1 else ()),
                *(st.DrawCards(q) for q in order),
                st.NewRound(),
            ],
            "round": [
                *(st.PickCard(q) for q in order),
                st.Reveal(),
                *(st.Act(q) for q in order),
                st.NewRound(),
            ],
            "harvest": [*(st.Harvest(q) for q in order), st.YearEnd()],
        }
        for stage, sequence in sequences.items():
            for i in range(1, len(sequence)):
                if sequence[i:] != frame:
                    continue
                last = sequence[i - 1]
                phases, steps = _LAST[type(last)]
                if phase not in phases or actor != _seat(last):
                    continue
                for step in turn:
                    if type(step) not in steps or _seat(step) != actor:
                        node.fail(
                            f"the step {_STEPS[type(step)][0]!r} for player {_seat(step)} is not part "
                            f"of player {actor}'s turn in phase {PHASES[phase]}"
                        )
                if type(last) is st.Act and phase == ACTION and turn:
                    node.fail("the action is chosen before any step of it is taken")
                return stage if type(last) is not st.Income else "income"
        return node.fail(
            f"these steps are not what is left of a draw, a round or a harvest with player "
            f"{actor} deciding in phase {PHASES[phase]} (start player "
            f"{state.start})"
        )

    def check_draft(self, state: State, stage: str) -> None:
        """Hands, picks and passes fit the stage of the year; every card drawn is played
        (built or discarded), in hand or picked."""
        if stage in ("draw", "income", "harvest", "end") and any(k >= 0 for k in state.picks):
            self.fields.at("picks").fail("cards are picked only in the action rounds")
        if stage in ("draw", "income"):
            self.check_drawing(state, stage)
        elif stage in ("harvest", "end"):
            self.check_played_out(state)
        elif isinstance(state.agenda[-1], st.PickCard):
            self.check_picking(state)
        else:
            self.check_acting(state)
        self.check_cards_drawn(state, stage)

    def turn(self, state: State) -> tuple[list[int], int]:
        """The seats in turn order from the start player, and where the actor is in it
        (after the last when nobody acts)."""
        order = [(state.start + i) % self.n for i in range(self.n)]
        actor = st.question(state).actor
        return order, order.index(actor) if actor >= 0 else self.n

    def check_drawing(self, state: State, stage: str) -> None:
        """The draw, and the income before it: each player in turn draws a full hand
        (``hand_size`` cards, one at a time), and no hand is passed until all are drawn."""
        actor = st.question(state).actor
        hand_size = self.rules.hand_size
        if state.passes:
            self.fields.at("passes").fail("no hand has been passed before the draw is over")
        order, position = self.turn(state)
        for i, q in enumerate(order):
            if stage == "income" or i > position:
                want = 0  # not drawn yet
            elif i < position:
                want = hand_size
            else:
                continue  # the player drawing now
            if len(state.hands[q]) != want:
                self.fields.at("hands").fail(
                    f"player {q} holds {len(state.hands[q])} cards while player {actor} "
                    f"{'collects income' if stage == 'income' else 'draws'}; expected {want}"
                )
        if stage == "draw" and len(state.hands[actor]) >= hand_size:
            self.fields.at("hands").fail(f"player {actor} has drawn all {hand_size} cards")

    def check_played_out(self, state: State) -> None:
        """The harvest and the end: every card of the year has been played, after the hands
        were passed ``hand_size - 1`` times (each round but the last)."""
        last = self.rules.hand_size - 1
        if any(state.hands):
            self.fields.at("hands").fail("every card of the year is played before the harvest")
        if state.passes != last:
            self.fields.at("passes").fail(
                f"hands are passed {last} times in a year, not {state.passes}"
            )

    def check_picking(self, state: State) -> None:
        """The picks of a round: the hands hold ``hand_size - passes`` cards, and the
        players before the actor have each put one of theirs aside face down; a hand of
        one card is never picked from (its last card is played as it is)."""
        actor = st.question(state).actor
        passes, picks = state.passes, state.picks
        h = self.rules.hand_size - passes
        order, position = self.turn(state)
        for i, q in enumerate(order):
            picked = i < position
            size = len(state.hands[q])
            if (picks[q] >= 0) != picked or size != h - picked:
                self.fields.at("hands").fail(
                    f"with {passes} passes this year a hand holds {h} cards before its pick: "
                    f"player {q} {'has picked' if picked else 'picks after'} player "
                    f"{actor}, and holds {size}"
                    + (" with a pick" if picks[q] >= 0 else " without a pick")
                )
        if h < 2:
            self.fields.at("hands").fail(
                "the last card of a hand is played without a pick to decide"
            )

    def check_acting(self, state: State) -> None:
        """The actions of a round: after the picks every hand holds as many cards (none
        once the last round's cards are played), and the players after the actor still
        hold the card they picked, those before it have played theirs."""
        actor = st.question(state).actor
        hand_size, passes = self.rules.hand_size, state.passes
        h = len(state.hands[0])
        if any(len(hand) != h for hand in state.hands):
            self.fields.at("hands").fail("after the picks every hand holds as many cards")
        if not ((h == hand_size - passes and passes >= 1) or (h == 0 and passes == hand_size - 1)):
            self.fields.at("passes").fail(
                f"{passes} passes this year, but the hands hold {h} cards after the picks"
            )
        order, position = self.turn(state)
        for i, q in enumerate(order):
            if i > position and state.picks[q] < 0:
                self.fields.at("picks").fail(
                    f"player {q} acts after player {actor}: a card is picked"
                )
            if i < position and state.picks[q] >= 0:
                self.fields.at("picks").fail(
                    f"player {q} has acted before player {actor}: no card is left picked"
                )

    def check_cards_drawn(self, state: State, stage: str) -> None:
        """Every card drawn so far (a full hand per player each year, fewer during this
        year's draw) is built, discarded, in a hand or picked: none is lost or made up."""
        rules, n = self.rules, self.n
        held = sum(len(h) for h in state.hands)
        drawn = n * rules.hand_size * (state.year - 1)
        drawn += held if stage in ("draw", "income") else n * rules.hand_size
        built = sum(k < self.t.silo for f in state.farms for k in f.kinds)
        out = held + sum(k >= 0 for k in state.picks) + len(state.discard) + built
        if out != drawn:
            self.fields.node.fail(
                f"{out} cards built, discarded, in hand and picked, but by now in year "
                f"{state.year} the players have drawn {drawn}"
            )

    # -- what is being decided

    def pending(
        self,
        phase: int,
        farms: list[Farm],
        actor: int,
        hands: tuple[tuple[int, ...], ...],
        decks: tuple[Deck[int], ...],
    ) -> tuple[int, ...]:
        keys = _PENDING[phase]
        node = self.fields.at("pending")
        if phase in (DRAW, DEAL):
            # The cards drawn so far and their decks are the actor's hand.
            used = _decks_of(self.t.deck, hands[actor])
            drawn = len(hands[actor])
        if phase == DRAW:
            return (drawn, used, legal_decks(self.rules, decks, drawn, used))
        if not keys:
            if "pending" in self.fields and node.value not in ({}, None):
                node.fail(f"nothing more is pending in phase {PHASES[phase]}")
            return ()
        fields = node.fields(required=keys, derived=_PENDING_DERIVED)
        farm = farms[actor]
        if phase == STORE:
            return (fields.integer("water", 1, _MOST),)
        if phase == DEAL:
            d = DECKS.index(fields.at("deck").text(DECKS, "a deck"))
            return (drawn, used | 1 << d, d)
        if phase == PAY:
            return (self.cell(fields.at("site")), fields.integer("water", 1, _MOST))
        if phase == TOOL_DEAL:
            tiles = [self.tool(n) for n in fields.items("drawn", self.rules.tool_draw)]
            left = fields.integer("left", 1, self.rules.tool_draw - len(tiles))
            return (left, *tiles)
        if phase == TOOL_CHOOSE:
            tiles = [self.tool(n) for n in fields.items("drawn", self.rules.tool_draw)]
            if len(set(tiles)) < 2:
                fields.at("drawn").fail("a choice needs two different tiles drawn")
            return tuple(tiles)
        if phase == TOOL_PLACE:
            return (self.tool(fields.at("tool")),)
        if phase == ATTACH:
            return (self.site_of(fields.at("site"), farm),)
        if phase == SUPPLY:
            remaining = self.green_sites(fields.items("sites", _LIST_LIMIT), farm)
            return (remaining, ready_sites(self.rules, farm, remaining))
        c = self.site_of(fields.at("site"), farm)  # convert
        return (c, fields.integer("uses", 1, _MOST))

    def check_phase(self, state: State) -> None:
        """The decision pending is one the engine asks (it takes the forced ones itself)."""
        if not state.agenda:
            return
        task = state.agenda[-1]
        check = _TASK_CHECKS.get(type(task))
        if check is not None:
            check(self, state, task)

    def check_store(self, state: State, task: st.StoreWaterTokens) -> None:
        """Storing water asks where only when the towers with room are two or more and
        cannot take it all; otherwise each tower is filled without asking."""
        room = [cap - w for _, w, cap, _ in state.farms[task.seat].towers if w < cap]
        if len(room) < 2 or sum(room) <= task.water:
            self.fields.at("pending").fail(
                f"{task.water} water goes where there is room without asking "
                f"unless it does not fit all of player {task.seat}'s {len(room)} towers "
                "with room"
            )

    def check_draw(self, state: State, task: st.ChooseDeck) -> None:
        """A blind draw asks which deck only when the deck rule leaves two or more."""
        allowed = task.allowed
        if allowed & (allowed - 1) == 0:
            self.fields.at("phase").fail(
                "only one deck can be drawn from, so the card is dealt from it without "
                "asking (phase deal)"
            )

    def check_deal(self, state: State, task: st.DealCard) -> None:
        """A card is dealt from a deck that holds cards and keeps the hand able to come
        from ``min_decks`` decks ("Karten von mindestens 3 verschiedenen Stapeln")."""
        d = task.deck
        used = _decks_of(self.t.deck, state.hands[task.seat])
        if not legal_decks(self.rules, state.decks, task.drawn, used) >> d & 1:
            self.fields.at("pending").key("deck").fail(
                f"the next card cannot come from {DECKS[d]}: a deck must hold cards, "
                f"and {self.rules.min_decks} decks must be drawn from"
            )

    def check_action(self, state: State, task: st.Act) -> None:
        """A player acts with the card they picked this round."""
        if state.picks[task.seat] < 0:
            self.fields.at("picks").fail(f"player {task.seat} acts with the card they picked")

    def check_pay(self, state: State, task: st.PayWaterDue) -> None:
        """Water due is paid from a tower in range, and the owner is asked only when there
        is a choice of towers; it is paid for a site or for the card being built next."""
        rules, p, node = self.rules, task.seat, self.fields.at("pending")
        farm = state.farms[p]
        target, due = task.cell, task.water
        options = pay_options(rules, farm, target, due)
        if not options:
            node.fail(f"no water tower in range holds the {due} water due")
        if len(options) == 1 or (
            rules.split_payments and sum(farm.towers[i][1] for i, _ in options) == due
        ):
            node.fail("only one way to pay: the engine pays without asking")
        step = state.rest[-1] if state.rest else None
        placed = isinstance(step, st.PlaceSite) and (step.seat, step.cell) == (p, target)
        if not farm.occupied >> target & 1 and not placed:
            node.key("site").fail("water is paid for a card being built, which comes next")

    def check_tool_deal(self, state: State, task: st.DealTools) -> None:
        """The tiles still to draw are in the tool pile."""
        left = task.left
        if len(state.tool_pile) < left:
            self.fields.at("pending").key("left").fail(
                f"{left} tiles to draw, but the pile holds {len(state.tool_pile)}"
            )

    def check_tool_place(self, state: State, task: st.PlaceTool) -> None:
        """The owner is asked where a tool goes only when some site can take it; else it
        is kept aside."""
        if not matching_sites(self.rules, state.farms[task.seat], task.tool):
            self.fields.at("pending").key("tool").fail(
                "no site can take the tool, so it is kept aside without asking"
            )

    def check_attach(self, state: State, task: st.AttachKept) -> None:
        """The owner of a new site is asked to attach a kept tool only when one fits it."""
        if not kept_for(self.rules, state.farms[task.seat], task.cell):
            self.fields.at("pending").key("site").fail(
                "no tool kept aside fits the new site: nothing to ask"
            )

    def check_supply(self, state: State, task: st.ChooseSupply) -> None:
        """At harvest the owner chooses which site to supply next only among two or more,
        at least one of which can be supplied."""
        if task.remaining.bit_count() < 2 or not task.ready:
            self.fields.at("pending").key("sites").fail(
                "the owner chooses among two sites or more, at least one of which can be "
                "supplied; else the engine goes on without asking"
            )

    def check_convert(self, state: State, task: st.ConvertAt) -> None:
        """A conversion is offered at a site that converts, up to its times a harvest,
        and only while it can be paid."""
        t, node = self.t, self.fields.at("pending")
        farm = state.farms[task.seat]
        c, uses = task.cell, task.left
        k = farm.kind_at(c)
        effect = _conversion(t, k)
        if effect is None:
            node.key("site").fail(f"the {t.names[k]} converts nothing")
        if uses > effect[9]:
            node.key("uses").fail(f"the {t.names[k]} converts at most {effect[9]} times")
        if not can_convert(self.rules, farm, c):
            node.key("site").fail("the conversion cannot be paid, so it is not offered")


_TASK_CHECKS: dict[type[Task], Callable[[_Reader, State, Any], None]] = {
    st.StoreWaterTokens: _Reader.check_store,
    st.ChooseDeck: _Reader.check_draw,
    st.DealCard: _Reader.check_deal,
    st.Act: _Reader.check_action,
    st.PayWaterDue: _Reader.check_pay,
    st.DealTools: _Reader.check_tool_deal,
    st.PlaceTool: _Reader.check_tool_place,
    st.AttachKept: _Reader.check_attach,
    st.ChooseSupply: _Reader.check_supply,
    st.ConvertAt: _Reader.check_convert,
}
"""What each task waited on is checked against (the other tasks ask what their step
gives them: a pick, a tool among those drawn)."""


def _decks_of(deck: tuple[int, ...], hand: tuple[int, ...]) -> int:
    """The bitset of the decks the cards of ``hand`` came from."""
    used = 0
    for k in hand:
        used |= 1 << deck[k]
    return used


def _waiting(
    rest: tuple[Task, ...], phase: int, actor: int, pending: tuple[int, ...]
) -> tuple[Task, ...]:
    """The agenda of a position: the ``rest`` read from its steps, and on top the task
    waited on, read back from its phase, actor and pending (none at the end)."""
    return rest if phase == END else (*rest, st.asked(phase, actor, pending))


def _seat(step: Task) -> int:
    """The seat a step is for; -1 for a step of the whole table (a round, a reveal)."""
    seat: int = getattr(step, "seat", -1)
    return seat


def _conversion(t: Tables, k: int) -> Compiled | None:
    """Site kind ``k``'s convert effect, if it has one (a kind has at most one)."""
    return next((e for e in t.effects[k] if e[0] == CONVERT), None)


_LAST: dict[type[Task], tuple[frozenset[int], frozenset[type[Task]]]] = {
    st.Income: (frozenset((STORE,)), frozenset()),
    st.DrawCards: (frozenset((DRAW, DEAL)), frozenset()),
    st.PickCard: (frozenset((PICK,)), frozenset()),
    st.Reveal: (frozenset(), frozenset()),
    st.Act: (_ACT_PHASES, _ACT_STEPS),
    st.Harvest: (_HARVEST_PHASES, _HARVEST_STEPS),
    st.NewRound: (frozenset(), frozenset()),
    st.YearEnd: (frozenset(), frozenset()),
}
"""For the frame step taken last: the phases it can stop at, and the turn steps it can leave."""


def _shown(value: object) -> str:
    """A value quoted in a message: JSON spelling for ``None``."""
    return "null" if value is None else repr(value)[:60]


# -- arrange, views ----------------------------------------------------------------------


def arrange(state: State, **changes: Any) -> State:
    """``state`` with some position fields replaced: a puzzle, a lesson, a test scenario.

    The keys are those of :func:`to_position` (``phase``, ``farms``,
    ``hands``, ``agenda``, ``pending``...), with plain data as values; the
    result is checked as :func:`from_position` checks any position, and what
    is derived (the decks, the stacks, capacities) is recomputed. ``pending``
    is dropped when ``phase`` changes and is not given.

    >>> from acreage import fields_of_green as fog
    >>> s = fog.new_game(fog.Rules(start_player=0))
    >>> farm = fog.to_position(s)["farms"][0]
    >>> rich = fog.arrange(s, farms=[{**farm, "coins": 30}, farm])
    >>> rich.farms[0].coins, rich.farms[1].coins
    (30, 15)
    """
    data = to_position(state)
    if "phase" in changes and "pending" not in changes:
        data.pop("pending", None)
    data.update(changes)
    return from_position(state.rules, data)


def from_view(view: View, rng: random.Random) -> State:
    """A state the seat whose ``view`` this is cannot tell from the one it observed.

    What the view shows is kept; each card the seat cannot see (in others'
    hands, face-down picks, its own blind draws, the decks) is dealt at random
    from the cards of its deck that are not seen anywhere, and a face-down
    pick from a hand the seat knew is one of that hand's cards of the pick's
    deck, as :func:`~acreage.fields_of_green.resample` deals them.
    """
    if not isinstance(view, View):
        raise PositionError(f"expected a fields_of_green.View, got {type(view).__name__}")
    rules = view.rules
    ids = card_ids(rules)
    unseen = _unseen(view)
    hands: list[list[int]] = []
    picks: list[int] = []
    blanks: list[tuple[int, int, int]] = []  # (deck, seat, index in hand; -1 for the pick)
    for q, seat in enumerate(view.seats):
        hand, pick, backs = _seat_cards(seat, ids, rules.tables.deck, rng)
        blanks.extend((d, q, i) for d, i in backs)
        unseen.subtract(k for k in hand if k >= 0)
        if pick >= 0:
            unseen.subtract((pick,))
        hands.append(hand)
        picks.append(pick)
    pools = _shuffled_pools(rules, unseen, rng)
    for d, q, i in blanks:
        card = pools[d].pop()
        if i < 0:
            picks[q] = card
        else:
            hands[q][i] = card
    return State(
        rules=rules,
        year=view.year,
        start=view.start,
        farms=view.farms,
        hands=tuple(tuple(sorted(h)) for h in hands),
        picks=tuple(picks),
        passes=view.passes,
        decks=tuple(Deck.of(Counter(pool)) if pool else Deck() for pool in pools),
        tool_pile=_tool_pile_of(view),
        silo_stack=view.silo_stack,
        tower_stack=view.tower_stack,
        discard=tuple(ids[name] for name in view.discard),
        agenda=_waiting(view.agenda, _PHASE_INDEX[view.phase], view.actor, view.pending),
    )


def _unseen(view: View) -> Counter[int]:
    """The copies of each location card that are not face up in a farm or the discard
    pile, as far as the view's seat knows (hands and picks are taken off by the caller)."""
    rules, ids = view.rules, card_ids(view.rules)
    unseen: Counter[int] = Counter({k: c.count for k, c in enumerate(rules.cards)})
    for f in view.farms:
        unseen.subtract(k for k in f.kinds if k < rules.tables.silo)
    unseen.subtract(ids[name] for name in view.discard)
    return unseen


def _seat_cards(
    seat: SeatView, ids: Mapping[str, int], deck: tuple[int, ...], rng: random.Random
) -> tuple[list[int], int, list[tuple[int, int]]]:
    """A seat's hand and pick (-1 for none) as far as the view shows them, and the blanks
    to deal it, ``(deck, index in the hand)`` with index -1 for the pick.

    A hand the view's seat sees is kept; from a hand it held before it was
    passed on (``among``) one card of the pick's deck was picked face down,
    chosen here at random; a hand it never saw is blanks of the decks their
    backs show.
    """
    if seat.hand is not None:
        return [ids[name] for name in seat.hand], -1 if seat.pick is None else ids[seat.pick], []
    if seat.among is not None:
        assert seat.pick_back is not None
        among = [ids[name] for name in seat.among]
        same = sorted(k for k in among if DECKS[deck[k]] == seat.pick_back)
        pick = same[rng.randrange(len(same))]
        among.remove(pick)
        return among, pick, []
    blanks = [(DECKS.index(back), i) for i, back in enumerate(seat.backs)]
    if seat.pick is not None:
        return [-1] * len(seat.backs), ids[seat.pick], blanks
    if seat.pick_back is not None:
        blanks.append((DECKS.index(seat.pick_back), -1))
    return [-1] * len(seat.backs), -1, blanks


def _shuffled_pools(rules: Rules, unseen: Counter[int], rng: random.Random) -> list[list[int]]:
    """Each deck's unseen cards, shuffled: what the blanks and the decks are dealt from."""
    pools: list[list[int]] = [[] for _ in DECKS]
    for k, count in sorted(unseen.items()):
        pools[rules.tables.deck[k]].extend([k] * count)
    for pool in pools:
        rng.shuffle(pool)
    return pools


def _tool_pile_of(view: View) -> Deck[int]:
    """The tool pile of the view (it shows every segment: counts of a pile, order of a stack)."""
    ids = tool_ids(view.rules)
    return Deck(
        tuple(
            Pile(tuple(sorted((ids[name], n) for name, n in seg.counts)))
            if isinstance(seg, Pile)
            else Stack(tuple(ids[name] for name in seg.order))
            for seg in view.tool_pile.segments
        )
    )


# -- text --------------------------------------------------------------------------------

_TEXT_KEYS = (
    "year",
    "phase",
    "actor",
    "start",
    "passes",
    "discard",
    "tool-pile",
    "agenda",
    "pending",
)
_FARM_LINE = re.compile(r"farm (\d+)(?: (board|hand|pick|kept|purse))?")
_FARM_FIELDS = (
    "farm N board",
    "farm N",
    "farm N purse",
    "farm N hand",
    "farm N pick",
    "farm N kept",
)


def _cell_text(xy: Sequence[int]) -> str:
    return f"{xy[0]},{xy[1]}"


def _step_text(step: list[Any]) -> str:
    name, *args = step
    words = [name]
    for arg in args:
        if isinstance(arg, dict):
            words.extend(str(arg[g]) for g in _GAINS)
        elif isinstance(arg, list) and (not arg or isinstance(arg[0], list)):
            words.extend(_cell_text(xy) for xy in arg)  # the sites left: maybe none
        elif isinstance(arg, list):
            words.append(_cell_text(arg))
        else:
            words.append(str(arg))
    return " ".join(words)


def _site_text(site: Mapping[str, Any]) -> str:
    text = str(site["site"])
    if "water" in site:
        text += f" = {site['water']}"
    if site.get("down"):
        text += " (down)"
    for tool in site.get("tools", ()):
        text += f" + {tool}"
    return text


def position_text(state: State) -> str:
    """``state`` as text; :func:`parse_position` reads it back to an equal state.

    The header line, then each field on a line: the year's fields, then for
    each farm its board (rows of cells, each the number of the site built
    there, 1 for the first; ``.`` for an empty cell), the sites in the order
    built (``grain field (down) + scarecrow``; a water tower with ``= water``),
    its purse and its hand, pick and kept tools; then the discard pile, the
    tool pile, the rest of the turn and what is pending.
    """
    data = to_position(state)
    lines = [f"{GAME_NAME} position {POSITION_FORMAT}", f"phase: {data['phase']}"]
    if data["phase"] == "start":
        return "\n".join(lines) + "\n"
    lines.append(f"year: {data['year']}")
    if "actor" in data:
        lines.append(f"actor: {data['actor']}")
    lines.append(f"start: {data['start']}")
    lines.append(f"passes: {data['passes']}")
    for seat, farm in enumerate(data["farms"]):
        xs = [s["x"] for s in farm["sites"]]
        ys = [s["y"] for s in farm["sites"]]
        left, top = min(xs), min(ys)
        grid = [["."] * (max(xs) - left + 1) for _ in range(max(ys) - top + 1)]
        for i, s in enumerate(farm["sites"], 1):
            grid[s["y"] - top][s["x"] - left] = str(i)
        wide = max(len(cell_) for row in grid for cell_ in row)
        lines.append(f"farm {seat} board: {left},{top}")
        lines.extend(" ".join(cell_.rjust(wide) for cell_ in row) for row in grid)
        lines.append(f"farm {seat}: " + " / ".join(_site_text(s) for s in farm["sites"]))
        lines.append(
            f"farm {seat} purse: coins {farm['coins']} grain {farm['grain']} tokens {farm['tokens']}"
        )
        if data["hands"][seat]:
            lines.append(f"farm {seat} hand: {', '.join(data['hands'][seat])}")
        if data["picks"][seat] is not None:
            lines.append(f"farm {seat} pick: {data['picks'][seat]}")
        if farm["kept"]:
            lines.append(f"farm {seat} kept: {', '.join(farm['kept'])}")
    if data["discard"]:
        lines.append(f"discard: {', '.join(data['discard'])}")
    if data["tool_pile"]:
        segments = []
        for seg in data["tool_pile"]:
            if "pile" in seg:
                segments.append(
                    "pile " + ", ".join(f"{name} * {n}" for name, n in seg["pile"].items())
                )
            else:
                segments.append("stack " + ", ".join(seg["stack"]))
        lines.append(f"tool-pile: {' / '.join(segments)}")
    if data["agenda"]:
        lines.append(f"agenda: {' / '.join(_step_text(step) for step in data['agenda'])}")
    pending = data.get("pending")
    if pending:
        parts = []
        for key, value in pending.items():
            if key in ("site",):
                parts.append(f"site {_cell_text(value)}")
            elif key == "sites":
                parts.append("sites " + " ".join(_cell_text(xy) for xy in value))
            elif key == "drawn":
                parts.append("drawn " + (", ".join(value) if value else "-"))
            else:
                parts.append(f"{key} {value}")
        lines.append(f"pending: {' / '.join(parts)}")
    return "\n".join(lines) + "\n"


class _Text(PositionText[tuple[int, int]]):
    """Reads a position text into position data, remembering where each part came from."""

    def __init__(self, rules: Rules, text: object) -> None:
        super().__init__(GAME_NAME, text)
        self.rules = rules

    def data(self) -> dict[str, Any]:
        self.header()
        n = self.rules.players
        data: dict[str, Any] = {"game": GAME_NAME, "format": POSITION_FORMAT}
        farms: list[dict[str, Any]] = [{} for _ in range(n)]
        boards: list[list[tuple[int, str]] | None] = [None] * n
        hands: list[list[str]] = [[] for _ in range(n)]
        picks: list[str | None] = [None] * n
        seen: set[str] = set()
        board: list[tuple[int, str]] | None = None
        for number, line in self.lines[1:]:
            key, colon, value = line.partition(":")
            if not colon:
                if board is None:
                    self.fail(
                        number, 1, f"expected a field 'name: value', got {line.strip()[:40]!r}"
                    )
                board.append((number, line))
                continue
            board = None
            key = " ".join(key.split())
            if key in seen:
                self.fail(number, 1, f"{key[:40]} is given twice")
            seen.add(key)
            column = line.index(":") + 2 + (len(value) - len(value.lstrip()))
            value = value.strip()
            farm_match = _FARM_LINE.fullmatch(key)
            if farm_match is not None:
                seat = int(farm_match.group(1)[:6])
                if seat >= n:
                    self.fail(number, 6, f"seat {seat} is not at this {n}-player table")
                what = farm_match.group(2)
                if what == "board":
                    board = [(number, f"{value}")]
                    boards[seat] = board
                elif what == "hand":
                    hands[seat] = self.names(value)
                    self.where[f"hands[{seat}]"] = (number, column)
                elif what == "pick":
                    picks[seat] = value
                    self.where[f"picks[{seat}]"] = (number, column)
                elif what == "purse":
                    self.purse(number, column, value, farms[seat])
                    for key_ in ("coins", "grain", "tokens"):
                        self.where[f"farms[{seat}].{key_}"] = (number, column)
                elif what == "kept":
                    farms[seat]["kept"] = self.names(value)
                    self.where[f"farms[{seat}].kept"] = (number, column)
                else:
                    sites = []
                    offset = line.index(":") + 1  # where the next part starts (0-based)
                    for i, part in enumerate(line[offset:].split("/")):
                        at = offset + len(part) - len(part.lstrip()) + 1
                        offset += len(part) + 1
                        sites.append(self.site(number, at, part))
                        for key_ in ("site", "water", "down", "tools"):
                            self.where[f"farms[{seat}].sites[{i}].{key_}"] = (number, at)
                    farms[seat]["sites"] = sites
                    self.where[f"farms[{seat}]"] = (number, column)
                continue
            if key not in _TEXT_KEYS:
                names = (*_TEXT_KEYS, *_FARM_FIELDS)
                self.fail(number, 1, f"unknown field {key[:40]!r}{close_names(key, names)}")
            name = key.replace("-", "_")
            self.where[name] = (number, column)
            data[name] = self.value(number, column, name, value)
        for seat in range(n):
            if boards[seat] is not None:
                self.place(seat, boards[seat] or [], farms[seat])
            elif "sites" in farms[seat]:
                where = self.where[f"farms[{seat}]"]
                self.fail(*where, f"farm {seat} lists its sites but has no board")
        if any(farms):
            data["farms"] = farms
        if any(hands):
            data["hands"] = hands
        if any(p is not None for p in picks):
            data["picks"] = picks
        return data

    def names(self, value: str) -> list[str]:
        return [" ".join(part.split()) for part in value.split(",")] if value.strip() else []

    def number(self, line: int, column: int, word: str) -> int:
        sign = -1 if word.startswith("-") and len(word) > 1 else 1
        digits = word[1:] if sign < 0 else word
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 7:
            self.fail(line, column, f"expected a number, got {word[:20]!r}")
        return sign * int(digits)

    def xy(self, line: int, column: int, word: str) -> list[int]:
        x, comma, y = word.partition(",")
        if not comma:
            self.fail(line, column, f"expected a cell x,y, got {word[:20]!r}")
        return [self.number(line, column, x), self.number(line, column, y)]

    def site(self, number: int, column: int, part: str) -> dict[str, Any]:
        name, *tools = part.split("+")
        site: dict[str, Any] = {}
        name = name.strip()
        if name.endswith("(down)"):
            site["down"] = True
            name = name[: -len("(down)")].strip()
        if "=" in name:
            name, _, water = name.partition("=")
            site["water"] = self.number(number, column, water.strip())
        site["site"] = " ".join(name.split())
        if tools:
            site["tools"] = [" ".join(tool.split()) for tool in tools]
        return site

    def purse(self, number: int, column: int, value: str, farm: dict[str, Any]) -> None:
        words = value.split()
        if len(words) % 2:
            self.fail(number, column, "expected 'coins N grain N tokens N'")
        for key, word in zip(words[::2], words[1::2], strict=True):
            if key not in ("coins", "grain", "tokens"):
                self.fail(number, column, f"{key[:20]!r} is not coins, grain or tokens")
            farm[key] = self.number(number, column, word)

    def place(self, seat: int, rows: list[tuple[int, str]], farm: dict[str, Any]) -> None:
        """Put each site of farm ``seat`` on the cell its number has on the board."""
        (number, origin), *grid = rows
        left, top = self.xy(number, 1, origin.strip())
        sites = farm.get("sites")
        if sites is None:
            self.fail(number, 1, f"farm {seat} has a board but no line listing its sites")
        found: dict[int, tuple[int, int]] = {}
        for dy, (line_number, line) in enumerate(grid):
            column = 0
            for dx, word in enumerate(line.split()):
                column = line.index(word, column) + 1
                if word == ".":
                    continue
                index = self.number(line_number, column, word)
                if not 1 <= index <= len(sites):
                    self.fail(
                        line_number,
                        column,
                        f"farm {seat} lists {len(sites)} sites, so there is no site {index}",
                    )
                if index in found:
                    self.fail(line_number, column, f"site {index} is on the board twice")
                found[index] = (left + dx, top + dy)
                self.where[f"farms[{seat}].sites[{index - 1}]"] = (line_number, column)
        for index, site in enumerate(sites, 1):
            if index not in found:
                self.fail(number, 1, f"site {index} of farm {seat} is not on its board")
            x, y = found[index]
            site["x"], site["y"] = x, y
            sites[index - 1] = {"x": x, "y": y, **site}

    def value(self, number: int, column: int, name: str, value: str) -> Any:
        if name in ("year", "actor", "start", "passes"):
            return self.number(number, column, value)
        if name == "phase":
            return value
        if name == "discard":
            return self.names(value)
        if name == "tool_pile":
            segments: list[dict[str, Any]] = []
            for part in value.split("/"):
                kind, _, rest = part.strip().partition(" ")
                if kind == "stack":
                    segments.append({"stack": self.names(rest)})
                elif kind == "pile":
                    pile: dict[str, int] = {}
                    for entry in rest.split(","):
                        tool, star, count = entry.partition("*")
                        if not star:
                            self.fail(number, column, "a pile lists 'tool * count'")
                        pile[" ".join(tool.split())] = self.number(number, column, count.strip())
                    segments.append({"pile": pile})
                else:
                    self.fail(
                        number, column, "a segment of the tool pile is 'pile ...' or 'stack ...'"
                    )
            return segments
        if name == "agenda":
            return [self.step(number, column, part) for part in value.split("/")]
        return self.pending(number, column, value)

    def step(self, number: int, column: int, part: str) -> list[Any]:
        words = part.split()
        name_words = []
        while words and not words[0].lstrip("-").isdigit():
            name_words.append(words.pop(0))
        name = " ".join(name_words)
        if name not in _STEP_OPS:
            self.fail(number, column, f"{name[:30]!r} is not a step{close_names(name, _STEP_OPS)}")
        kinds = _STEPS[_STEP_OPS[name]][1]
        out: list[Any] = [name]
        for kind in kinds:
            if kind == "g":
                if len(words) != 4:
                    self.fail(number, column, "a gain is 'gain SEAT COINS WATER GRAIN STARS'")
                out.append(
                    {g: self.number(number, column, w) for g, w in zip(_GAINS, words, strict=True)}
                )
                words = []
            elif kind == "C":
                out.append([self.xy(number, column, w) for w in words])
                words = []
            elif kind == "k":
                out.append(" ".join(words))
                words = []
            elif not words:
                self.fail(number, column, f"the step {name!r} takes more arguments")
            elif kind == "c":
                out.append(self.xy(number, column, words.pop(0)))
            else:
                out.append(self.number(number, column, words.pop(0)))
        if words:
            self.fail(number, column, f"the step {name!r} takes fewer arguments")
        return out

    def pending(self, number: int, column: int, value: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for part in value.split("/"):
            key, _, rest = part.strip().partition(" ")
            rest = rest.strip()
            if key == "site":
                out[key] = self.xy(number, column, rest)
            elif key == "sites":
                out[key] = [self.xy(number, column, w) for w in rest.split()]
            elif key == "drawn":
                out[key] = [] if rest == "-" else self.names(rest)
            elif key in ("deck", "tool"):
                out[key] = rest
            elif key in ("water", "left", "uses"):
                out[key] = self.number(number, column, rest)
            else:
                self.fail(number, column, f"{key[:20]!r} is nothing a decision waits on")
        return out


def parse_position(rules: Rules, text: str) -> State:
    """The state a :func:`position_text` describes, checked as :func:`from_position` checks data.

    Blank lines and lines starting with ``#`` are ignored. Text that is not
    a position raises :class:`~acreage.core.position.PositionError` naming
    the line and column; a position that cannot exist names the line of the
    field that is wrong, and its path in the position data.
    """
    if not isinstance(rules, Rules):
        raise PositionError(f"rules: expected fields_of_green.Rules, got {type(rules).__name__}")
    return _Text(rules, text).state(rules, from_position)
