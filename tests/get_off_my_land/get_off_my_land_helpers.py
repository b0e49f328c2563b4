"""Helpers for Get Off My Land! tests: rulebook positions set up by name, moves played by text.

``started(n)`` plays setup with the first outcome of every chance event and
the first farmhouse offer. ``scene(state, ...)`` arranges a position:
``land={player: ["b2", ...]}`` fences each player's tiles all round (an edge
between two players' land gets a fence of each, each facing its own tile),
``sides={player: ["b2 N", ...]}`` adds fences (see ``fence_layout``), ``cards={"b2": "Cows*"}`` (``*``: mature side
up), ``logged={"b2": "oil strike"}``, ``hands={player: [title or label]}``.
``play(state, *texts)`` applies moves by their text.

A scene is read as a position (``from_position``), so it is checked like
any: the cards it puts on the land or in hands come out of the decks (the
fence deck, then its discards; the market deck, then the cards removed from
the game), and the cards it takes out of hands go to the discard piles.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import attrs

from acreage.get_off_my_land import (
    Rules,
    State,
    apply_move,
    fence_layout,
    from_position,
    legal_moves,
    new_game,
    parse_move,
    sides_around,
    tile_id,
    to_position,
)
from acreage.get_off_my_land.state import Turn


def started(players: int = 2, **rules: Any) -> State:
    state = new_game(Rules(players=players, **rules))
    while not isinstance(state.decision, Turn):
        state = apply_move(state, legal_moves(state)[0])
    return state


def tile(state: State, name: str) -> int:
    return tile_id(state.rules, name)


def _edge(state: State, name: str) -> tuple[int, int]:
    cell_name, direction = name.split()
    grid = state.rules.tables.grid
    cell = tile(state, cell_name)
    return grid.cell_edges[cell][grid.direction(direction)], cell


def edge(state: State, name: str) -> int:
    return _edge(state, name)[0]


def market_card(state: State, name: str, on: list[int] | None = None) -> int:
    """The card kind ``name`` (a label, or a name: then the first kind of that name
    with a copy left besides those ``on`` the land)."""
    t = state.rules.tables
    copies = dict(t.market_deck.counts())
    kinds = [k for k, card in enumerate(t.market) if name in (card.name, card.label)]
    if not kinds:
        raise KeyError(name)
    for k in kinds:
        if on is None or on.count(k) < copies[k]:
            return k
    return kinds[0]


def fence_card(state: State, name: str, held: list[int] | None = None) -> int:
    """The fence card kind ``name`` (a label, or a title: then the first kind of that
    title with a copy left besides those ``held``)."""
    t = state.rules.tables
    copies = dict(t.fence_deck.counts())
    kinds = [k for k, card in enumerate(t.fence) if name in (card.title, card.label)]
    if not kinds:
        raise KeyError(name)
    for k in kinds:
        if held is None or held.count(k) < copies[k]:
            return k
    return kinds[0]


def forest_tile(state: State, cell: int, label: str) -> int:
    t = state.rules.tables
    kind = ("light", "dark")[t.forest_kind[cell]]
    for i, f in enumerate(t.forest):
        if f.kind == kind and f.label == label:
            return i
    raise KeyError(f"no {kind} forest tile {label!r}")


def _plain_side(state: State, cell: int, tiles: list[int]) -> int:
    """A logged side left for forest tile ``cell``: one with no lasting bonus if any is left."""
    t = state.rules.tables
    kind = t.forest_kind[cell]
    left = [
        i
        for i, f in enumerate(t.forest)
        if f.kind == ("light", "dark")[kind] and tiles.count(i) < t.forest_pool[kind][i]
    ]
    return min(left, key=lambda i: bool(t.forest[i].bonus))


def scene(
    state: State,
    *,
    land: dict[int, list[str]] | None = None,
    sides: dict[int, list[str]] | None = None,
    cards: dict[str, str] | None = None,
    logged: dict[str, str] | None = None,
    hands: dict[int, list[str]] | None = None,
    turn: int | None = None,
    **fields: Any,
) -> State:
    changes: dict[str, Any] = dict(fields)
    spec: dict[int, list[str]] = defaultdict(list)
    for p, cells in (land or {}).items():
        spec[p] += sides_around(state.rules, cells)
    for p, names in (sides or {}).items():
        spec[p] += names
    if spec:
        changes["fences"] = fence_layout(state.rules, spec)
    if logged:
        tiles = list(state.tiles)
        for name, label in logged.items():
            c = tile(state, name)
            tiles[c] = forest_tile(state, c, label)
        changes["tiles"] = tuple(tiles)
    if cards:
        on = list(state.cards)
        mature = state.mature
        tiles = list(changes.get("tiles", state.tiles))
        for name, card in cards.items():
            c = tile(state, name)
            on[c] = market_card(state, card.rstrip("*"), on)
            mature = mature | 1 << c if card.endswith("*") else mature & ~(1 << c)
            if tiles[c] < 0 and state.rules.tables.forest_kind[c] >= 0:
                tiles[c] = _plain_side(state, c, tiles)  # a card goes on logged land
        changes["cards"] = tuple(on)
        changes["mature"] = mature
        changes["tiles"] = tuple(tiles)
    if hands:
        held = list(state.hands)
        for p in hands:
            held[p] = ()
        for p, names in hands.items():
            taken = [k for hand in held for k in hand]
            kinds: list[int] = []
            for n in names:
                kinds.append(fence_card(state, n, taken + kinds))
            held[p] = tuple(sorted(kinds))
        changes["hands"] = tuple(held)
    if turn is not None:
        changes["agenda"] = (Turn(turn, state.rules.actions_per_turn, False),)
    if "farmers" in changes:
        changes["farmers"] = tuple(
            tile(state, f) if isinstance(f, str) else f for f in changes["farmers"]
        )
    data = to_position(attrs.evolve(state, **changes))
    _balance(state, data, set(hands or ()))
    return from_position(state.rules, data)


def _balance(state: State, data: dict[str, Any], fixed: set[int]) -> None:
    """Take the cards a scene put in hands or on the land out of the decks (then the
    discards, then the hands it did not set and the market track, which get spare
    cards from the deck instead), and put the cards it took away back in the decks."""
    t = state.rules.tables
    held = Counter(label for p, hand in enumerate(data["hands"]) if p in fixed for label in hand)
    held.update(task["card"] for task in data["agenda"] if task["task"] == "finish-card")
    others = [hand for p, hand in enumerate(data["hands"]) if p not in fixed]
    copies = {t.fence[k].label: n for k, n in t.fence_deck.counts()}
    _settle(copies, held, data["fence_deck"], data["fence_discard"], others)
    market = Counter(data["cards"].values())
    copies = {t.market[k].label: n for k, n in t.market_deck.counts()}
    _settle(copies, market, data["market_deck"], data["market_discard"], [data["track"]])


def _settle(
    copies: dict[str, int],
    placed: Counter[str],
    deck: list[list[str]],
    discard: list[str],
    swaps: list[list[Any]],
) -> None:
    """Make ``deck`` (piles), ``discard`` and the ``swaps`` lists hold the ``copies``
    not ``placed`` by the scene."""
    have = Counter(placed)
    for pile in [*deck, discard, *swaps]:
        have.update(label for label in pile if label is not None)
    for label, n in copies.items():
        extra = have[label] - n
        for pile in [*reversed(deck), discard]:
            while extra > 0 and label in pile:
                pile.remove(label)
                extra -= 1
        for pile in swaps:
            for i, item in enumerate(pile):
                if extra > 0 and item == label:
                    spare = next(x for p in deck for x in p if have[x] <= copies[x])
                    next(p for p in deck if spare in p).remove(spare)
                    pile[i] = spare
                    extra -= 1
        if extra < 0:
            if not deck:
                deck.append([])
            deck[-1] += [label] * -extra
    deck[:] = [pile for pile in deck if pile]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply_move(state, parse_move(state, text))
    return state


def texts(state: State) -> list[str]:
    return [str(m) for m in legal_moves(state)]


def fence_at(state: State, side: str) -> tuple[tuple[int, str], ...]:
    """Who holds the fences on ``side`` and which tile each faces ("both" for a lone fence)."""
    t = state.rules.tables
    e = edge(state, side)
    cells = t.edge_cells[e]
    out = []
    for half, faces in ((0, t.cell_names[cells[0]]), (1, None)):
        slot = e + half * t.edges
        for p, f in enumerate(state.fences):
            if f >> slot & 1:
                if faces is None:
                    faces = t.cell_names[cells[1]] if len(cells) == 2 else "outside"
                out.append((p, faces))
    if len(out) == 1:
        return ((out[0][0], "both"),)
    return tuple(out)


def stash_of(state: State, seat: int) -> int:
    f = state.fences[seat]
    t = state.rules.tables
    return state.rules.fences_per_player - ((f | f >> t.edges) & t.edge_mask).bit_count()
