"""Positions of Get Off My Land!: the state as plain data and as text, checked; arrange.

:func:`to_position` writes a state as JSON data and :func:`from_position`
reads it back under given rules, refusing with a
:class:`~acreage.core.position.PositionError` any position that cannot
occur: more fences on the board than a colour has, more cards of a kind than
the card data holds (counting hands, decks, discards, the market track, the
land and the card being played), fences off the board or three on one side,
a market card on uncleared land, a logged side on a tile with none, money no
game could have paid, a month beyond the track, a seat that is not at the
table, or an agenda (what is being decided now, and what waits underneath)
that the game never makes. What the rest determines is never written and
always recomputed: the regions the fences make, each player's fence
networks, the tiles each player controls, the cleared land.

:func:`position_text` and :func:`parse_position` do the same with a compact
text: the board as rows of tiles, then one named field a line.
:func:`arrange` changes some fields of a state's position, with the same
checks. :func:`from_view` makes a state from what one seat sees, the hidden
parts dealt at random. The format is documented field by field in
https://acreage.readthedocs.io/en/latest/games/get-off-my-land/#positions.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from acreage.core.chance import Deck, Pile
from acreage.core.position import (
    POSITION_FORMAT,
    Fields,
    Node,
    PositionError,
    position_fields,
    text_lines,
)
from acreage.core.regions import FenceNetwork, partition
from acreage.get_off_my_land import land
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.engine import run
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.state import Batch, State, Task
from acreage.get_off_my_land.tables import FOREST_KINDS, Tables
from acreage.get_off_my_land.view import View, resample
from acreage.get_off_my_land.work import Work

__all__ = [
    "arrange",
    "from_position",
    "from_view",
    "money_cap",
    "parse_position",
    "position_text",
    "to_position",
]

GAME_NAME = "get-off-my-land"

_KEYS = (
    "month",
    "first",
    "money",
    "hands",
    "fence_deck",
    "fence_discard",
    "offers",
    "farmhouses",
    "market_deck",
    "track",
    "market_discard",
    "tiles",
    "cards",
    "mature",
    "fences",
    "farmers",
    "agenda",
)
_DERIVED = {
    "partition": "derived, not given: the regions the fences make",
    "regions": "derived, not given: the regions the fences make",
    "networks": "derived, not given: the vertices each player's fences join",
    "control": "derived, not given: the tiles each player's fences close off are "
    "recomputed from the fences",
    "cleared": "derived, not given: grass tiles and the forest tiles with a logged side",
    "to_move": "derived, not given: whoever carries out the agenda's last task",
    "decision": "derived, not given: the agenda's last task",
    "scores": "derived, not given: scores are counted from the position",
}
_LIST_LIMIT = 1000  # far above any list of a real position; bounds what is read at all
_COUNT_LIMIT = 100  # a task's counts (fences left, flips left...) are small numbers


def _kebab(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


# Each task kind's fields and how each is written: "seat", "cell", "cells",
# "edge" (a side, or null for none), "bool", "count", "actions", "offset",
# "used", "seats", "card" (a fence card), "batch", "attack". A field's key in
# position data is its name, but a task's seat is its "player" (_KEY).
_TASK_FIELDS: dict[type[Task], tuple[tuple[str, str], ...]] = {
    st.Turn: (("seat", "seat"), ("actions", "actions"), ("fenced", "bool")),
    st.EndTurn: (("seat", "seat"),),
    st.DiscardDown: (("seat", "seat"),),
    st.StartMonth: (),
    st.DealFarmhouse: (("seat", "seat"),),
    st.ChooseFarmhouse: (("seat", "seat"),),
    st.DrawCard: (("seat", "seat"),),
    st.RevealMarket: (),
    st.RevealTile: (("cell", "cell"), ("seat", "seat"), ("rewards", "bool")),
    st.PlaceFences: (("batch", "batch"),),
    st.ResolveFences: (("batch", "batch"), ("offset", "offset")),
    st.Breaking: (
        ("attacker", "seat"),
        ("edge", "edge"),
        ("owner", "seat"),
        ("victims", "seats"),
    ),
    st.Defend: (("seat", "seat"), ("attack", "attack")),
    st.ClearFarmer: (("seat", "seat"),),
    st.SetFarmer: (("seat", "seat"),),
    st.RaidTarget: (("seat", "seat"),),
    st.SlashChoice: (("seat", "seat"),),
    st.SlashFlip: (("seat", "seat"), ("left", "count")),
    st.FinishSlash: (("seat", "seat"),),
    st.SlashBreak: (("seat", "seat"),),
    st.ManagersDeal: (("seat", "seat"),),
    st.Destroy: (("seat", "seat"), ("used", "used"), ("left", "count")),
    st.Grow: (("seat", "seat"), ("livestock", "bool"), ("bought", "bool"), ("left", "count")),
    st.Combine: (("seat", "seat"), ("harvested", "cells")),
    st.ScrapHarvested: (("seat", "seat"), ("cells", "cells")),
    st.FinishLumber: (("seat", "seat"), ("drawn", "bool")),
    st.FinishCard: (("card", "card"),),
    st.StartBatch: (("seat", "seat"), ("count", "count")),
}
_KEY = {"seat": "player"}
"""A task's field whose key in position data is not its name: its seat is the data's
"player", as a board-gamer reads it (a batch's too: see ``_BATCH_KEYS``)."""
_TASK_NAMES: dict[str, type[Task]] = {_kebab(kind.__name__): kind for kind in _TASK_FIELDS}
_NAME_OF: dict[type[Task], str] = {kind: name for name, kind in _TASK_NAMES.items()}
_AUTO_KINDS = frozenset(
    (
        st.StartMonth,
        st.EndTurn,
        st.StartBatch,
        st.ResolveFences,
        st.Breaking,
        st.FinishCard,
        st.FinishLumber,
        st.FinishSlash,
    )
)
_SETUP_KINDS = frozenset((st.DealFarmhouse, st.ChooseFarmhouse))
_BATCH_KEYS = ("player", "left", "carrying", "placed", "before")


# -- to data -------------------------------------------------------------------------


def _side(t: Tables, edge: int) -> str:
    return t.side_names[edge]


def _tiles_of(t: Tables, mask: int) -> list[str]:
    return [t.cell_names[c] for c in range(t.n) if mask >> c & 1]


def _sides_of(t: Tables, mask: int) -> list[str]:
    return [t.side_names[e] for e in range(t.edges) if mask >> e & 1]


def _batch_data(t: Tables, b: Batch) -> dict[str, Any]:
    return {
        "player": b.seat,
        "left": b.left,
        "carrying": None if b.carrying < 0 else _side(t, b.carrying),
        "placed": _sides_of(t, b.placed),
        "before": [_tiles_of(t, mask) for mask in b.before],
    }


def _value_data(t: Tables, codec: str, value: Any) -> Any:
    if codec == "cell":
        return t.cell_names[value]
    if codec == "cells":
        return [t.cell_names[c] for c in value]
    if codec == "edge":
        return None if value < 0 else _side(t, value)
    if codec == "seats":
        return list(value)
    if codec == "card":
        return t.fence[value].label
    if codec == "batch":
        return _batch_data(t, value)
    if codec == "attack":
        if isinstance(value, Batch):
            return {"batch": _batch_data(t, value)}
        return {"breaking": _task_data(t, value)}
    return value  # seats, counts and flags are written as they are


def _task_data(t: Tables, task: Task) -> dict[str, Any]:
    data: dict[str, Any] = {"task": _NAME_OF[type(task)]}
    for name, codec in _TASK_FIELDS[type(task)]:
        data[_KEY.get(name, name)] = _value_data(t, codec, getattr(task, name))
    return data


def _fence_data(t: Tables, fences: tuple[int, ...]) -> list[list[str]]:
    """Each player's fences as sides: a lone fence by the edge's name, one of two by the
    side of the tile it faces (``"a1 N out"`` faces the outside of the play area)."""
    edges = t.edges
    every = 0
    for f in fences:
        every |= f
    paired = every >> edges & t.edge_mask
    out: list[list[str]] = []
    for f in fences:
        sides = []
        for e in range(edges):
            first, second = f >> e & 1, f >> (edges + e) & 1
            if not (first or second):
                continue
            if not paired >> e & 1:
                sides.append(t.side_names[e])
                continue
            cells = t.edge_cells[e]
            cell = cells[0] if first else (cells[1] if len(cells) == 2 else -1)
            if cell < 0:
                sides.append(f"{t.side_names[e]} out")
            else:
                grid = t.grid
                direction = grid.directions[grid.cell_edges[cell].index(e)]
                sides.append(f"{t.cell_names[cell]} {direction}")
        out.append(sides)
    return out


def _piles(deck: Deck[int], labels: Callable[[int], str]) -> list[list[str]]:
    return [[labels(card) for card in segment.cards()] for segment in deck.segments]


def to_position(state: State) -> dict[str, Any]:
    """``state`` as plain JSON data; :func:`from_position` reads it back to an equal state.

    Cards are written by their labels (``"Cows (B)"``, ``"Fertilizer! (2
    fences, 0 holes)"``), tiles by name (``"b2"``), fences by the sides they
    stand on (``"b2 N"``), the agenda bottom first as one object a task. What
    is derived (regions, control, cleared land) is left out.
    """
    rules = state.rules
    t = rules.tables
    fence = t.fence
    market = t.market
    names = [house.name for house in rules.farmhouses]
    return {
        "game": GAME_NAME,
        "format": POSITION_FORMAT,
        "month": state.month,
        "first": state.first,
        "money": list(state.money),
        "hands": [[fence[k].label for k in hand] for hand in state.hands],
        "fence_deck": _piles(state.fence_deck, lambda k: fence[k].label),
        "fence_discard": [fence[k].label for k in state.fence_discard],
        "offers": [[names[f] for f in offer] for offer in state.offers],
        "farmhouses": [None if f < 0 else names[f] for f in state.farmhouses],
        "market_deck": _piles(state.market_deck, lambda k: market[k].label),
        "track": [None if k < 0 else market[k].label for k in state.track],
        "market_discard": [market[k].label for k in state.market_discard],
        "tiles": {
            t.cell_names[c]: t.forest[tile].label for c, tile in enumerate(state.tiles) if tile >= 0
        },
        "cards": {t.cell_names[c]: market[k].label for c, k in enumerate(state.cards) if k >= 0},
        "mature": _tiles_of(t, state.mature),
        "fences": _fence_data(t, state.fences),
        "farmers": [t.cell_names[c] for c in state.farmers],
        "agenda": [_task_data(t, task) for task in state.agenda],
    }


# -- what money can be -----------------------------------------------------------------


def money_cap(rules: Rules, month: int) -> int:
    """The most money a player can hold in month ``month`` (0 is May) under ``rules``.

    A generous bound, not a tight one: the starting money, an income each
    month after the first with every tile paying the best a card can (its
    income or harvest, fertile land and every bonus card in play) and a fishing hole,
    and each of the player's turns so far (one a month) spending every
    action on the best payout an action has (two harvests, by Combine
    Harvester!, or buried treasure). A position with more is refused.
    """
    t = rules.tables
    cards = t.market
    bonuses = sum(
        copies * max(cards[k].income_bonus, cards[k].harvest_bonus)
        for k, copies in t.market_deck.counts()
    )
    best = (
        max(max(c.income, c.harvest) for c in cards)
        + max(rules.fertile_income, rules.fertile_harvest)
        + bonuses
    )
    months = min(month, len(rules.months))
    income = t.n * (best + rules.fishing_income)
    turn = rules.actions_per_turn * (2 * best + rules.treasure)
    return rules.starting_money + months * income + (months + 1) * turn


# -- from data -----------------------------------------------------------------------


def from_position(rules: Rules, data: Mapping[str, Any]) -> State:
    """The state the position ``data`` describes under ``rules``.

    ``data`` is what :func:`to_position` writes; every key is required.
    :class:`~acreage.core.position.PositionError` names the first thing that
    cannot be (``fences[0]: 16 fences of player 0's colour on the board, but
    a colour has 15``); nothing else is raised, whatever ``data`` holds.
    """
    if not isinstance(rules, Rules):
        raise PositionError(f"rules: expected get_off_my_land.Rules, got {type(rules).__name__}")
    fields = position_fields(data, GAME_NAME, required=_KEYS, derived=_DERIVED)
    return _Reader(rules, fields).state()


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


class _Reader:
    """Reads one position: the fields, then how they fit together, then the state."""

    def __init__(self, rules: Rules, fields: Fields) -> None:
        self.rules = rules
        self.t: Tables = rules.tables
        self.f = fields
        self.players = rules.players
        t = self.t
        self.fence_names = {card.label: k for k, card in enumerate(t.fence)}
        self.market_names = {card.label: k for k, card in enumerate(t.market)}
        self.house_names = {house.name: f for f, house in enumerate(rules.farmhouses)}
        self.cell_names = {name: c for c, name in enumerate(t.cell_names)}

    # -- small readers --

    def seat(self, node: Node) -> int:
        seat = node.integer()
        if not 0 <= seat < self.players:
            node.fail(
                f"seat {seat} is not at this {self.players}-player table "
                f"(seats 0 to {self.players - 1})"
            )
        return seat

    def per_seat(self, name: str) -> list[Node]:
        return self.f.items(name, self.players, length=self.players)

    def fence_card(self, node: Node) -> int:
        return self.fence_names[node.text(self.fence_names, "a fence card in this game")]

    def market_card(self, node: Node) -> int:
        return self.market_names[node.text(self.market_names, "a market card in this game")]

    def cell(self, node: Node) -> int:
        return self.cell_names[node.text(self.cell_names, "a tile of this board")]

    def cells(self, node: Node, limit: int) -> list[int]:
        out: list[int] = []
        for item in node.items(limit):
            cell = self.cell(item)
            if cell in out:
                item.fail(f"{self.t.cell_names[cell]} is listed twice")
            out.append(cell)
        return out

    def edge(self, node: Node) -> int:
        """A side named ``"b2 N"`` (the edge only; which tile names it is not kept)."""
        return self.side(node, outside=False)[0]

    def side(self, node: Node, *, outside: bool) -> tuple[int, int]:
        """The edge of a side ``"b2 N"`` and the tile it is named from; with ``outside``,
        ``"a1 N out"`` names the outside of the play area (tile -1)."""
        text = node.text(what="a side such as 'b2 N'")
        words = text.split()
        out = outside and len(words) == 3 and words[2] == "out"
        if len(words) != 2 + out:
            hint = " or 'a1 N out'" if outside else ""
            node.fail(
                f"{text[:40]!r} is not a side (expected a tile and N, E, S or W: 'b2 N'{hint})"
            )
        cell = self.cell_names.get(words[0])
        if cell is None:
            node.fail(f"{words[0][:20]!r} is not a tile of this board")
        grid = self.t.grid
        if words[1] not in grid.directions:
            node.fail(f"{words[1][:20]!r} is not a direction (expected N, E, S or W)")
        edge = grid.cell_edges[cell][grid.directions.index(words[1])]
        if out:
            if len(self.t.edge_cells[edge]) == 2:
                node.fail(f"{words[0]} {words[1]} is not on the play area's edge: no outside")
            return edge, -1
        return edge, cell

    # -- the state --

    def state(self) -> State:
        f, rules, t = self.f, self.rules, self.t
        months = len(rules.months)
        self.month = f.integer("month", 0, months)
        first = self.seat(f.at("first"))
        money = self.money()
        hands = tuple(
            tuple(sorted(self.fence_card(c) for c in node.items(_LIST_LIMIT)))
            for node in self.per_seat("hands")
        )
        fence_deck = self.deck("fence_deck", self.fence_card)
        fence_discard = tuple(
            sorted(self.fence_card(c) for c in f.items("fence_discard", _LIST_LIMIT))
        )
        offers, farmhouses = self.farmhouses()
        market_deck = self.deck("market_deck", self.market_card)
        track = self.track()
        market_discard = tuple(
            sorted(self.market_card(c) for c in f.items("market_discard", _LIST_LIMIT))
        )
        tiles = self.tiles()
        cleared = t.grass_mask | sum(1 << c for c, tile in enumerate(tiles) if tile >= 0)
        cards = self.cards(cleared)
        mature = self.mature(cards)
        fences = self.fences()
        farmers = tuple(self.cell(node) for node in self.per_seat("farmers"))
        agenda = self.agenda()

        self.check_fence_cards(hands, fence_deck, fence_discard, agenda)
        self.check_market_cards(market_deck, track, cards, market_discard)
        self.check_track(track, market_deck, market_discard, agenda)
        self.check_farmhouses(offers, farmhouses, agenda)
        self.check_agenda(agenda, hands)
        self.check_money(money)

        regions = partition(t.grid, land.blocked_edges(t, fences))
        state = State(
            rules=rules,
            agenda=agenda,
            month=self.month,
            first=first,
            money=money,
            hands=hands,
            fence_deck=fence_deck,
            fence_discard=fence_discard,
            offers=offers,
            farmhouses=farmhouses,
            market_deck=market_deck,
            track=track,
            market_discard=market_discard,
            tiles=tiles,
            cards=cards,
            mature=mature,
            fences=fences,
            farmers=farmers,
            partition=regions,
            networks=tuple(
                FenceNetwork.of(t.grid, (x | x >> t.edges) & t.edge_mask) for x in fences
            ),
            control=land.control(t, regions, fences),
            cleared=cleared,
        )
        self.check_ready(state)
        return state

    def money(self) -> tuple[int, ...]:
        return tuple(node.integer(0) for node in self.per_seat("money"))

    def check_money(self, money: tuple[int, ...]) -> None:
        cap = money_cap(self.rules, self.month)
        for seat, amount in enumerate(money):
            if amount > cap:
                self.f.at("money").items(self.players)[seat].fail(
                    f"${amount}, more than a player can have by month {self.month} "
                    f"(at most ${cap}, every action and income paying the most it can)"
                )

    def deck(self, name: str, card: Callable[[Node], int]) -> Deck[int]:
        piles = []
        for node in self.f.items(name, _LIST_LIMIT):
            items = node.items(_LIST_LIMIT)
            if not items:
                node.fail("an empty pile (a deck holds only piles with cards)")
            piles.append(Pile.of([card(item) for item in items]))
        return Deck(tuple(piles))

    def farmhouses(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        names = self.house_names
        seen: dict[int, str] = {}

        def house(node: Node, where: str) -> int:
            f = names[node.text(names, "a farmhouse tile")]
            if f in seen:
                node.fail(f"the {node.value} farmhouse tile is {seen[f]} already")
            seen[f] = where
            return f

        offers = tuple(
            tuple(
                sorted(
                    house(item, f"dealt to player {seat}")
                    for item in node.items(self.rules.farmhouse_offers)
                )
            )
            for seat, node in enumerate(self.per_seat("offers"))
        )
        farmhouses = tuple(
            -1 if node.is_null() else house(node, f"kept by player {seat}")
            for seat, node in enumerate(self.per_seat("farmhouses"))
        )
        return offers, farmhouses

    def track(self) -> tuple[int, ...]:
        slots = len(self.rules.market_costs)
        nodes = self.f.items("track", slots, length=slots)
        track = tuple(-1 if node.is_null() else self.market_card(node) for node in nodes)
        if -1 in track:
            gap = track.index(-1)
            for i in range(gap + 1, slots):
                if track[i] >= 0:
                    nodes[i].fail(
                        f"a card in the ${self.rules.market_costs[i]} slot with the "
                        f"${self.rules.market_costs[gap]} slot empty: the cards slide left"
                    )
        return track

    def tiles(self) -> tuple[int, ...]:
        t = self.t
        node = self.f.at("tiles")
        given = node.fields(optional=t.cell_names)
        tiles = [-1] * t.n
        used = [0] * len(t.forest)
        for name, item in given.present.items():
            c = self.cell_names[name]
            kind = t.forest_kind[c]
            if kind < 0:
                what = "a farmhouse" if t.farm_mask >> c & 1 else "a grass tile"
                item.fail(f"{name} is {what}: only a forest tile has a logged side")
            labels = {
                tile.label: i for i, tile in enumerate(t.forest) if tile.kind == FOREST_KINDS[kind]
            }
            tile = labels[
                item.text(labels, f"the logged side of a {FOREST_KINDS[kind]} forest tile")
            ]
            used[tile] += 1
            if used[tile] > t.forest_pool[kind][tile]:
                item.fail(
                    f"{_count(used[tile], 'logged side')} {_tile_label(t, tile)!r}, but the "
                    f"{FOREST_KINDS[kind]} forest tiles hold {t.forest_pool[kind][tile]}"
                )
            tiles[c] = tile
        return tuple(tiles)

    def cards(self, cleared: int) -> tuple[int, ...]:
        t = self.t
        given = self.f.at("cards").fields(optional=t.cell_names)
        cards = [-1] * t.n
        for name, item in given.present.items():
            c = self.cell_names[name]
            k = self.market_card(item)
            if t.farm_mask >> c & 1:
                item.fail(f"{name} is a farmhouse tile: a market card never goes on one")
            if not cleared >> c & 1:
                item.fail(f"{name} is forest not logged: a market card goes on logged land")
            cards[c] = k
        return tuple(cards)

    def mature(self, cards: tuple[int, ...]) -> int:
        mature = 0
        for node in self.f.items("mature", _LIST_LIMIT):
            c = self.cell(node)
            if cards[c] < 0:
                node.fail(f"{node.value} holds no market card to show its mature side")
            mature |= 1 << c
        return mature

    def fences(self) -> tuple[int, ...]:
        t = self.t
        limit = self.rules.fences_per_player
        per_edge: dict[int, list[tuple[int, int, Node]]] = {}
        for seat, node in enumerate(self.per_seat("fences")):
            items = node.items(_LIST_LIMIT)
            if len(items) > limit:
                node.fail(
                    f"{len(items)} fences of player {seat}'s colour on the board, "
                    f"but a colour has {limit}"
                )
            for item in items:
                edge, cell = self.side(item, outside=True)
                owners = per_edge.setdefault(edge, [])
                for p, _, _ in owners:
                    if p == seat:
                        item.fail(f"player {seat} has two fences on {t.side_names[edge]}")
                if len(owners) == 2:
                    item.fail(f"a third fence on {t.side_names[edge]}: a side holds at most two")
                owners.append((seat, cell, item))
        fences = [0] * self.players
        for edge, owners in sorted(per_edge.items()):
            if len(owners) == 1:
                seat, cell, item = owners[0]
                if cell < 0:
                    item.fail(
                        f"a lone fence on {t.side_names[edge]} faces both ways: 'out' names "
                        "one of two fences on a side"
                    )
                fences[seat] |= 1 << edge
                continue
            slots = []
            for _seat, cell, _ in owners:
                first = cell == t.edge_cells[edge][0]
                slots.append(edge if first else t.edges + edge)
            if slots[0] == slots[1]:
                facing = "the outside" if owners[1][1] < 0 else t.cell_names[owners[1][1]]
                owners[1][2].fail(
                    f"both fences on {t.side_names[edge]} face {facing}: of two fences on a "
                    "side, each faces one of its tiles (name it from that tile, "
                    "or add 'out' for the outside)"
                )
            for (seat, _, _), slot in zip(owners, slots, strict=True):
                fences[seat] |= 1 << slot
        return tuple(fences)

    # -- the agenda --

    def agenda(self) -> tuple[Task, ...]:
        nodes = self.f.items("agenda", _LIST_LIMIT)
        self.agenda_nodes = nodes
        return tuple(self.task(node) for node in nodes)

    def task(self, node: Node, kinds: Mapping[str, type[Task]] = _TASK_NAMES) -> Task:
        value = node.value
        if not isinstance(value, Mapping):
            node.fail(f"expected a task (an object with a 'task' key), got {str(value)[:40]}")
        kind = kinds[Node(value.get("task"), parent=node, step="task").text(kinds, "a task")]
        spec = _TASK_FIELDS[kind]
        keys = {name: _KEY.get(name, name) for name, _ in spec}
        fields = node.fields(required=("task", *keys.values()))
        values = {name: self.value(codec, fields.at(keys[name])) for name, codec in spec}
        return kind(**values)

    def value(self, codec: str, node: Node) -> Any:
        rules = self.rules
        if codec == "seat":
            return self.seat(node)
        if codec == "bool":
            if not isinstance(node.value, bool):
                node.fail(f"expected true or false, got {str(node.value)[:40]}")
            return node.value
        if codec == "count":
            return node.integer(0, _COUNT_LIMIT)
        if codec == "actions":
            return node.integer(0, rules.actions_per_turn)
        if codec == "offset":
            return node.integer(1, self.players)
        if codec == "used":
            return node.integer(0, 7)
        if codec == "cell":
            return self.cell(node)
        if codec == "cells":
            return tuple(self.cells(node, 2))
        if codec == "edge":
            return self.edge(node)
        if codec == "card":
            return self.fence_card(node)
        if codec == "seats":
            seats: list[int] = []
            for item in node.items(self.players):
                seat = self.seat(item)
                if seat in seats:
                    item.fail(f"seat {seat} is listed twice")
                seats.append(seat)
            return tuple(seats)
        if codec == "batch":
            return self.batch(node)
        # "attack": the fences placed, or a fence about to break
        attack = node.fields(optional=("batch", "breaking"))
        if len(attack.present) != 1:
            node.fail("expected one of 'batch' (fences placed) or 'breaking' (a fence to break)")
        if "batch" in attack:
            return self.batch(attack.at("batch"))
        return self.task(attack.at("breaking"), {"breaking": st.Breaking})

    def batch(self, node: Node) -> Batch:
        t = self.t
        fields = node.fields(required=_BATCH_KEYS)
        carrying = fields.at("carrying")
        placed = 0
        for item in fields.items("placed", _LIST_LIMIT):
            placed |= 1 << self.edge(item)
        before = tuple(
            sum(1 << c for c in self.cells(item, t.n))
            for item in fields.items("before", self.players, length=self.players)
        )
        return Batch(
            self.seat(fields.at("player")),
            fields.integer("left", 0, self.rules.fences_per_player),
            -1 if carrying.is_null() else self.edge(carrying),
            placed,
            before,
        )

    # -- how the parts fit together --

    def check_fence_cards(
        self,
        hands: tuple[tuple[int, ...], ...],
        deck: Deck[int],
        discard: tuple[int, ...],
        agenda: tuple[Task, ...],
    ) -> None:
        held: Counter[int] = Counter()
        for hand in hands:
            held.update(hand)
        held.update(deck.cards())
        held.update(discard)
        held.update(task.card for task in agenda if isinstance(task, st.FinishCard))
        self.check_counts(
            held,
            dict(self.t.fence_deck.counts()),
            [c.label for c in self.t.fence],
            "the hands, the fence deck, its discards and the card being played",
            "hands",
        )

    def check_market_cards(
        self,
        deck: Deck[int],
        track: tuple[int, ...],
        cards: tuple[int, ...],
        discard: tuple[int, ...],
    ) -> None:
        held: Counter[int] = Counter(deck.cards())
        held.update(k for k in track if k >= 0)
        held.update(k for k in cards if k >= 0)
        held.update(discard)
        self.check_counts(
            held,
            dict(self.t.market_deck.counts()),
            [c.label for c in self.t.market],
            "the market deck, the track, the land and the cards removed from the game",
            "market_deck",
        )

    def check_counts(
        self, held: Counter[int], copies: dict[int, int], labels: list[str], where: str, key: str
    ) -> None:
        for k, label in enumerate(labels):
            have, need = held[k], copies.get(k, 0)
            if have != need:
                more = "more" if have > need else "fewer"
                self.f.at(key).fail(
                    f"{have} {label} cards in {where}: {more} than the {need} the card data holds"
                )

    def check_track(
        self,
        track: tuple[int, ...],
        deck: Deck[int],
        discard: tuple[int, ...],
        agenda: tuple[Task, ...],
    ) -> None:
        if (
            -1 in track
            and (deck or discard)
            and not any(isinstance(task, st.RevealMarket) for task in agenda)
        ):
            self.f.at("track").fail(
                "an empty slot with cards left to reveal: the track is refilled at once "
                "(a reveal-market task would be pending)"
            )

    def check_farmhouses(
        self,
        offers: tuple[tuple[int, ...], ...],
        farmhouses: tuple[int, ...],
        agenda: tuple[Task, ...],
    ) -> None:
        rules = self.rules
        for seat in range(self.players):
            choosing = st.ChooseFarmhouse(seat) in agenda
            deals = sum(1 for task in agenda if task == st.DealFarmhouse(seat))
            if farmhouses[seat] < 0 and not choosing:
                self.f.at("farmhouses").items(self.players)[seat].fail(
                    f"player {seat} kept no farmhouse tile and is not choosing one: "
                    "only setup leaves it open (a choose-farmhouse task)"
                )
            if farmhouses[seat] >= 0 and (choosing or offers[seat]):
                self.f.at("farmhouses").items(self.players)[seat].fail(
                    f"player {seat} kept a farmhouse tile, so has no offer left to choose from"
                )
            if choosing and len(offers[seat]) + deals != rules.farmhouse_offers:
                self.f.at("offers").items(self.players)[seat].fail(
                    f"{_count(len(offers[seat]), 'tile')} dealt and {deals} to deal to player "
                    f"{seat}, but each player is dealt {rules.farmhouse_offers}"
                )

    def check_agenda(self, agenda: tuple[Task, ...], hands: tuple[tuple[int, ...], ...]) -> None:
        if not self.check_over(agenda):
            return
        bottom = agenda[0]
        setup = self.check_bottom(agenda)
        seat = bottom.seat if isinstance(bottom, st.Turn | st.EndTurn) else -1
        for i, task in enumerate(agenda[1:], 1):
            self.check_task(i, task, bottom, seat, setup)
        self.check_hands(hands, bottom, seat, setup)

    def check_over(self, agenda: tuple[Task, ...]) -> bool:
        """An empty agenda only after the last month, and only then: whether there is
        an agenda to check further."""
        months = len(self.rules.months)
        if not agenda:
            if self.month != months:
                self.f.at("agenda").fail(
                    f"nothing left to do, but the game ends only after the last month "
                    f"(month {months}, not {self.month})"
                )
            return False
        if self.month == months:
            self.f.at("month").fail(
                f"month {months} is past the track's last month: the game is over, "
                "so nothing is left on the agenda"
            )
        return True

    def check_bottom(self, agenda: tuple[Task, ...]) -> bool:
        """One turn, at the bottom, or setup's start of the first month: whether this
        is setup."""
        nodes = self.agenda_nodes
        turns = [i for i, task in enumerate(agenda) if isinstance(task, st.Turn | st.EndTurn)]
        setup = isinstance(agenda[0], st.StartMonth)
        if turns[1:] or (turns and turns[0] != 0):
            i = turns[-1]
            nodes[i].fail("one turn at a time, at the bottom of the agenda")
        if not turns and not setup:
            nodes[0].fail(
                "the agenda's bottom is a player's turn (turn or end-turn), or the start of "
                "the first month under setup's tasks"
            )
        if setup and self.month:
            nodes[0].fail(f"setup comes before the first month, not in month {self.month}")
        return setup

    def check_task(self, i: int, task: Task, bottom: Task, seat: int, setup: bool) -> None:
        """The agenda's task ``i`` (above the bottom one) fits it: setup's tasks in setup,
        only the discard at a turn's end, and each task of the turn's player (or a
        defence by another)."""
        node = self.agenda_nodes[i]
        name = _NAME_OF[type(task)]
        if isinstance(task, st.StartMonth):
            node.fail("a month starts at the bottom of the agenda, not on top of other tasks")
        if isinstance(task, tuple(_SETUP_KINDS)) and not setup:
            node.fail(f"{name} is part of setup, not of a month")
        if isinstance(bottom, st.EndTurn) and (i > 1 or not isinstance(task, st.DiscardDown)):
            node.fail("at the end of a turn only the discard down to the hand limit waits")
        if isinstance(task, st.DiscardDown) and not isinstance(bottom, st.EndTurn):
            node.fail("a discard down to the hand limit comes at the end of a turn")
        if setup and not isinstance(task, (*_SETUP_KINDS, st.DrawCard, st.RevealMarket)):
            node.fail(f"{name} is not part of setup")
        if seat < 0:
            return
        actor = self.actor(task)
        if actor >= 0 and actor != seat:
            node.fail(f"{name} of player {actor} during player {seat}'s turn")
        if isinstance(task, st.Defend) and task.seat == seat:
            node.fail(f"player {seat} cannot defend against their own move")
        if isinstance(task, st.Breaking) and seat in task.victims:
            node.fail(f"player {seat} cannot defend against their own move")

    def check_hands(
        self, hands: tuple[tuple[int, ...], ...], bottom: Task, seat: int, setup: bool
    ) -> None:
        """Only the player whose turn it is may hold more cards than the hand limit, and
        a turn's end waits for their discard only then."""
        rules = self.rules
        if isinstance(bottom, st.EndTurn) and len(hands[seat]) <= rules.hand_limit:
            self.agenda_nodes[0].fail(
                f"the turn's end waits only for a discard, and player {seat} holds "
                f"{len(hands[seat])} cards (the hand limit is {rules.hand_limit})"
            )
        # In the first month a hand may still hold the starting cards, if they are more
        # than the limit: its player discards at the end of their first turn.
        limit = max(rules.hand_limit, rules.starting_cards) if self.month == 0 else rules.hand_limit
        for q, hand in enumerate(hands):
            if len(hand) > limit and q != seat and not setup:
                self.f.at("hands").items(self.players)[q].fail(
                    f"{len(hand)} cards, over the hand limit of {rules.hand_limit}: only the "
                    "player whose turn it is holds more, until they discard at its end"
                )

    @staticmethod
    def actor(task: Task) -> int:
        """The seat whose turn ``task`` belongs to (-1 for a defence or an event of nobody's)."""
        if isinstance(task, st.Defend | st.StartMonth | st.RevealMarket | st.FinishCard):
            return -1
        if isinstance(task, st.Breaking):
            return task.attacker
        if isinstance(task, st.PlaceFences | st.ResolveFences):
            return task.batch.seat
        return int(getattr(task, "seat", -1))

    def check_ready(self, state: State) -> None:
        """The agenda's last task is what is being decided now: a decision or a chance
        event that can happen, never a task the engine carries out at once."""
        if not state.agenda:
            return
        task = state.agenda[-1]
        node = self.agenda_nodes[-1]
        if type(task) in _AUTO_KINDS:
            node.fail(
                f"{_NAME_OF[type(task)]} is carried out at once by the engine: "
                "the agenda's last task is what is being decided now"
            )
        work = Work.copy(state)
        run(work)
        if work.freeze() != state:
            node.fail(
                f"{task.describe()}: nothing can be decided here yet (no actions or fences "
                "left, no card in the deck to draw or reveal, no tile to flip...), so the "
                "engine would move on at once"
            )


def _tile_label(t: Tables, tile: int) -> str:
    """The label of forest tile kind ``tile``'s logged side."""
    return t.forest[tile].label


# -- arrange and views -----------------------------------------------------------------


def arrange(state: State, **changes: Any) -> State:
    """``state`` with some position fields replaced: a puzzle, a lesson, a test scenario.

    The keys are those of :func:`to_position` (``fences``, ``cards``,
    ``hands``, ``money``, ``agenda``...), with plain data as values; the
    result is checked as :func:`from_position` checks any position, and what
    is derived (regions, fence networks, control, cleared land) is
    recomputed.

    >>> from acreage import get_off_my_land as goml
    >>> s = goml.new_game(goml.Rules(players=2))
    >>> goml.arrange(s, money=[10, 9]).money
    (10, 9)
    """
    data = to_position(state)
    data.update(changes)
    return from_position(state.rules, data)


def from_view(view: View, rng: random.Random) -> State:
    """A state the seat of ``view`` (what :func:`~acreage.get_off_my_land.observe` gave)
    cannot tell from the one it observed.

    What the seat sees is kept; the others' hands and the fence deck are dealt
    from the fence cards it has not seen, and the farmhouse tiles hidden from
    it from the tiles it has not seen, with ``rng`` (as
    :func:`~acreage.get_off_my_land.resample` deals them for search).
    """
    if not isinstance(view, View):
        raise PositionError(f"expected a get_off_my_land.View, got {type(view).__name__}")
    rules = view.rules
    t = rules.tables
    n = rules.players
    seat = view.player
    # The cards the seat has not seen: every card but its hand, the discards and the card being played.
    unseen = Counter(dict(t.fence_deck.counts()))
    unseen.subtract(view.hand)
    unseen.subtract(view.fence_discard)
    unseen.subtract(task.card for task in view.agenda if isinstance(task, st.FinishCard))
    pool = sorted(unseen.elements())
    hands = []
    for q in range(n):
        if q == seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(sorted(pool[: view.hand_sizes[q]])))
            del pool[: view.hand_sizes[q]]
    # Farmhouse tiles: offers of the others are as many as dealt so far, placeholders that
    # resample deals anew.
    known = {*view.offers, *view.farmhouses} - {-1}
    free = [f for f in range(len(rules.farmhouses)) if f not in known]
    offers: list[tuple[int, ...]] = []
    farmhouses: list[int] = []
    for q in range(n):
        if q == seat:
            offers.append(view.offers)
            farmhouses.append(view.farmhouses[q])
            continue
        choosing = st.ChooseFarmhouse(q) in view.agenda
        dealt = 0
        if choosing:
            dealt = rules.farmhouse_offers - sum(
                1 for task in view.agenda if task == st.DealFarmhouse(q)
            )
        offers.append(tuple(sorted(free.pop() for _ in range(dealt))))
        kept = view.farmhouses[q]
        farmhouses.append(kept if kept >= 0 or choosing else free.pop())
    market = Deck(tuple(Pile(counts) for counts in view.market_deck))
    fences = view.fences
    regions = partition(t.grid, land.blocked_edges(t, fences))
    state = State(
        rules=rules,
        agenda=view.agenda,
        month=view.month,
        first=view.first,
        money=view.money,
        hands=tuple(hands),
        fence_deck=Deck.of(pool) if pool else Deck(),
        fence_discard=view.fence_discard,
        offers=tuple(offers),
        farmhouses=tuple(farmhouses),
        market_deck=market,
        track=view.track,
        market_discard=view.market_discard,
        tiles=view.tiles,
        cards=view.cards,
        mature=view.mature,
        fences=fences,
        farmers=view.farmers,
        partition=regions,
        networks=tuple(FenceNetwork.of(t.grid, (x | x >> t.edges) & t.edge_mask) for x in fences),
        control=view.control,
        cleared=t.grass_mask | sum(1 << c for c, tile in enumerate(view.tiles) if tile >= 0),
    )
    return resample(state, seat, rng)


# -- text ------------------------------------------------------------------------------

_HEADER = f"{GAME_NAME} position {POSITION_FORMAT}"
_LIST = " / "
_PILES = " | "
_EMPTY = "-"


def _token(label: str) -> str:
    return label.replace(" ", "_")


def _ground(t: Tables, c: int, tiles: Mapping[str, str]) -> str:
    name = t.cell_names[c]
    owner = t.farm_owner[c]
    if owner >= 0:
        return f"H{owner}"
    kind = t.forest_kind[c]
    if kind < 0:
        return "G"
    letter = "LD"[kind]
    logged = tiles.get(name)
    return letter if logged is None else f"{letter.lower()}:{_token(logged)}"


def position_text(state: State) -> str:
    """``state`` as text: the board as rows of tiles, then one named field a line.

    A tile is its ground (``H0`` player 0's farmhouse, ``G`` grass, ``L`` and
    ``D`` light and dark forest, ``l:<side>`` and ``d:<side>`` forest logged
    to show that side), then ``/`` and the market card on it (spaces written
    ``_``, ``*`` for its mature side): ``d:oil_strike/Cows_(B)*``. Lists are
    written with `` / `` between items (equal cards side by side as one,
    with their count: ``Cows (B) x3``), a deck's piles with `` | ``, ``-``
    for nothing; each task of the agenda is a ``task:`` line of JSON, bottom
    first. :func:`parse_position` reads it back.
    """
    data = to_position(state)
    t = state.rules.tables
    grid = t.grid
    tokens = []
    mature = set(data["mature"])
    for c in range(t.n):
        token = _ground(t, c, data["tiles"])
        name = t.cell_names[c]
        card = data["cards"].get(name)
        if card is not None:
            token += "/" + _token(card) + ("*" if name in mature else "")
        tokens.append(token)
    widths = [max(len(tokens[c]) for c in range(x, t.n, grid.width)) for x in range(grid.width)]
    lines = [_HEADER]
    for y in range(grid.height):
        row = tokens[y * grid.width : (y + 1) * grid.width]
        lines.append(
            " ".join(token.ljust(w) for token, w in zip(row, widths, strict=True)).rstrip()
        )

    def words(items: list[Any]) -> str:
        return _LIST.join(_EMPTY if item is None else str(item) for item in items) or _EMPTY

    def cards(items: list[str]) -> str:
        """Equal cards side by side as one item with its count: ``Cows (B) x3``."""
        runs: list[list[Any]] = []
        for item in items:
            if runs and runs[-1][0] == item:
                runs[-1][1] += 1
            else:
                runs.append([item, 1])
        return _LIST.join(item if n == 1 else f"{item} x{n}" for item, n in runs) or _EMPTY

    def piles(deck: list[list[str]]) -> str:
        return _PILES.join(cards(pile) for pile in deck) or _EMPTY

    lines += [
        f"month: {data['month']}",
        f"first: {data['first']}",
        f"money: {' '.join(map(str, data['money']))}",
        f"farmers: {' '.join(data['farmers'])}",
        f"farmhouses: {words(data['farmhouses'])}",
    ]
    lines += [f"offers {p}: {words(offer)}" for p, offer in enumerate(data["offers"])]
    lines += [f"hand {p}: {cards(hand)}" for p, hand in enumerate(data["hands"])]
    lines += [f"fences {p}: {words(sides)}" for p, sides in enumerate(data["fences"])]
    lines += [
        f"fence deck: {piles(data['fence_deck'])}",
        f"fence discard: {cards(data['fence_discard'])}",
        f"market deck: {piles(data['market_deck'])}",
        f"track: {words(data['track'])}",
        f"market discard: {cards(data['market_discard'])}",
    ]
    lines += [f"task: {json.dumps(task)}" for task in data["agenda"]]
    return "\n".join(lines) + "\n"


_SEAT_FIELDS = {"offers": "offers", "hand": "hands", "fences": "fences"}
_FIELDS = {
    "month": "month",
    "first": "first",
    "money": "money",
    "farmers": "farmers",
    "farmhouses": "farmhouses",
    "fence deck": "fence_deck",
    "fence discard": "fence_discard",
    "market deck": "market_deck",
    "track": "track",
    "market discard": "market_discard",
}


_LAST_STEP = re.compile(r"(\[\d+\]|\.[^.\[]*)$")
"""The last step of a path in position data: ``[2]`` or ``.b2``."""


class _Text:
    """Reads a position text into position data, remembering where each part came from."""

    def __init__(self, rules: Rules, text: object) -> None:
        self.rules = rules
        self.t = rules.tables
        self.lines = text_lines(text)
        # Where each part of the data was read: a path ("hands[1][2]") -> (line, column).
        self.where: dict[str, tuple[int, int]] = {}

    def fail(self, line: int, column: int, reason: str) -> NoReturn:
        raise PositionError(reason, line=line, column=column)

    def data(self) -> dict[str, Any]:
        numbered = [(i + 1, line) for i, line in enumerate(self.lines) if line.strip()]
        if not numbered or numbered[0][1].strip() != _HEADER:
            self.fail(
                numbered[0][0] if numbered else 1, 1, f"a position text starts with {_HEADER!r}"
            )
        t = self.t
        height = t.grid.height
        rows = numbered[1 : 1 + height]
        if len(rows) < height:
            self.fail(len(self.lines) or 1, 1, f"expected {height} rows of tiles")
        data: dict[str, Any] = {"game": GAME_NAME, "format": POSITION_FORMAT}
        self.board(rows, data)
        players = self.rules.players
        for key in ("offers", "hands", "fences"):
            data[key] = [[] for _ in range(players)]
        data["agenda"] = []
        seen: set[str] = set()
        for number, line in numbered[1 + height :]:
            name, colon, rest = line.partition(":")
            if not colon:
                self.fail(number, 1, f"expected 'name: value', got {line[:40]!r}")
            name = name.strip()
            column = len(line) - len(rest.lstrip()) + 1
            value = rest.strip()
            if name == "task":
                self.task(number, column, value, data)
                continue
            if name in seen:
                self.fail(number, 1, f"{name!r} is given twice")
            seen.add(name)
            words = name.split()
            if len(words) == 2 and words[0] in _SEAT_FIELDS:
                key = _SEAT_FIELDS[words[0]]
                seat = self.seat(number, words[1])
                self.where.setdefault(key, (number, 1))  # a refusal of the whole field
                path = f"{key}[{seat}]"
                data[key][seat] = self.items(number, column, value, path)
            elif name in _FIELDS:
                key = _FIELDS[name]
                data[key] = self.field(number, column, key, value)
            else:
                known = [*_FIELDS, *(f"{k} N" for k in _SEAT_FIELDS), "task"]
                self.fail(
                    number, 1, f"unknown field {name[:40]!r} (expected one of {', '.join(known)})"
                )
        for name, key in _FIELDS.items():
            if key not in data:
                self.fail(len(self.lines), 1, f"missing field {name!r}")
        return data

    def seat(self, line: int, word: str) -> int:
        if not word.isdigit() or int(word) >= self.rules.players:
            self.fail(
                line, 1, f"{word[:10]!r} is not a seat at this {self.rules.players}-player table"
            )
        return int(word)

    def note(self, path: str, line: int, column: int) -> None:
        self.where[path] = (line, column)

    def items(self, line: int, column: int, value: str, path: str) -> list[str | None]:
        """``a / b / -`` as items, each noted with its column; ``-`` alone is no items."""
        self.note(path, line, column)
        if value == _EMPTY:
            return []
        out: list[str | None] = []
        at = column
        for word in value.split(_LIST):
            item = word.strip()
            repeat = re.fullmatch(r"(.+) x(\d{1,4})", item)
            count = 1
            if repeat:  # a card and its count: "Cows (B) x3"
                item, count = repeat.group(1), int(repeat.group(2))
            for _ in range(count):
                self.note(f"{path}[{len(out)}]", line, at)
                out.append(None if item == _EMPTY else item)
            at += len(word) + len(_LIST)
        return out

    def number(self, line: int, column: int, word: str) -> int:
        if not re.fullmatch(r"-?\d{1,12}", word):
            self.fail(line, column, f"expected a number, got {word[:20]!r}")
        return int(word)

    def field(self, line: int, column: int, key: str, value: str) -> Any:
        if key in ("month", "first"):
            self.note(key, line, column)
            return self.number(line, column, value)
        if key in ("money", "farmers"):
            self.note(key, line, column)
            out: list[Any] = []
            at = column
            for i, word in enumerate(value.split(" ")):
                self.note(f"{key}[{i}]", line, at)
                out.append(self.number(line, at, word) if key == "money" else word)
                at += len(word) + 1
            return out
        if key in ("fence_deck", "market_deck"):
            self.note(key, line, column)
            if value == _EMPTY:
                return []
            piles = []
            at = column
            for i, pile in enumerate(value.split(_PILES)):
                piles.append(self.items(line, at, pile, f"{key}[{i}]"))
                at += len(pile) + len(_PILES)
            return piles
        return self.items(line, column, value, key)

    def task(self, line: int, column: int, value: str, data: dict[str, Any]) -> None:
        path = f"agenda[{len(data['agenda'])}]"
        self.note(path, line, column)
        self.where.setdefault("agenda", (line, 1))
        try:
            task = json.loads(value)
        except ValueError as e:
            self.fail(line, column, f"a task is written as JSON: {e}")
        data["agenda"].append(task)

    def board(self, rows: list[tuple[int, str]], data: dict[str, Any]) -> None:
        t = self.t
        width = t.grid.width
        tiles: dict[str, str] = {}
        cards: dict[str, str] = {}
        mature: list[str] = []
        side_labels = {_token(tile.label): tile.label for tile in t.forest}
        market_labels = {_token(card.label): card.label for card in t.market}
        for y, (number, line) in enumerate(rows):
            found = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]
            if len(found) != width:
                self.fail(number, 1, f"expected {width} tiles in a row, got {len(found)}")
            for x, (column, token) in enumerate(found):
                c = y * width + x
                name = t.cell_names[c]
                ground, slash, card = token.partition("/")
                expected = _ground(t, c, {})
                logged = None
                if ground != expected:
                    head, colon, side = ground.partition(":")
                    if not (colon and expected in "LD" and head == expected.lower()):
                        self.fail(
                            number,
                            column,
                            f"{name} is {expected} on this board"
                            + (" (l:<side> or d:<side> once logged)" if expected in "LD" else "")
                            + f", not {ground[:30]!r}",
                        )
                    logged = side_labels.get(side, side.replace("_", " "))
                if logged is not None:
                    tiles[name] = logged
                    self.note(f"tiles.{name}", number, column)
                if slash:
                    ripe = card.endswith("*")
                    card = card.removesuffix("*")
                    cards[name] = market_labels.get(card, card.replace("_", " "))
                    self.note(f"cards.{name}", number, column + len(ground) + 1)
                    if ripe:
                        self.note(f"mature[{len(mature)}]", number, column)
                        mature.append(name)
        data.update(tiles=tiles, cards=cards, mature=mature)
        for key in ("tiles", "cards", "mature"):
            self.note(key, rows[0][0], 1)

    def locate(self, error: PositionError) -> PositionError:
        """``error`` with the line and column of the part of the text its path names."""
        path = error.path
        while path:
            if path in self.where:
                line, column = self.where[path]
                return PositionError(error.reason, error.path, line=line, column=column)
            shorter = _LAST_STEP.sub("", path)
            path = "" if shorter == path else shorter
        return PositionError(error.reason, error.path, line=1, column=1)


def parse_position(rules: Rules, text: str) -> State:
    """The state a position text (what :func:`position_text` writes) describes under ``rules``.

    :class:`~acreage.core.position.PositionError` with the line and column of
    what is wrong: malformed text, or a position that cannot exist (as
    :func:`from_position` checks it), and its path in the position data.
    """
    if not isinstance(rules, Rules):
        raise PositionError(f"rules: expected get_off_my_land.Rules, got {type(rules).__name__}")
    reader = _Text(rules, text)
    data = reader.data()
    try:
        return from_position(rules, data)
    except PositionError as e:
        raise reader.locate(e) from None
