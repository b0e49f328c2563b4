"""Helpers for Get Off My Land! tests: rulebook positions set up by name, moves played by text.

``started(n)`` plays setup with the first outcome of every chance event and
the first farmhouse offer. ``scene(state, ...)`` arranges a position:
``land={player: ["b2", ...]}`` fences each player's tiles all round (an edge
between two players' land gets a fence of each, each facing its own tile),
``sides={player: ["b2 N", ...]}`` adds fences (see ``fence_layout``), ``cards={"b2": "Cows*"}`` (``*``: mature side
up), ``logged={"b2": "oil strike"}``, ``hands={player: [title or label]}``.
``play(state, *texts)`` applies moves by their text.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from acreage.get_off_my_land import (
    Rules,
    State,
    apply_move,
    arrange,
    fence_layout,
    legal_moves,
    new_game,
    parse_move,
    sides_around,
    tile_id,
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


def market_card(state: State, name: str) -> int:
    t = state.rules.tables
    for k, card in enumerate(t.market):
        if name in (card.name, card.label):
            return k
    raise KeyError(name)


def fence_card(state: State, name: str) -> int:
    t = state.rules.tables
    for k, card in enumerate(t.fence):
        if name in (card.title, card.label):
            return k
    raise KeyError(name)


def forest_tile(state: State, cell: int, label: str) -> int:
    t = state.rules.tables
    kind = ("light", "dark")[t.forest_kind[cell]]
    for i, f in enumerate(t.forest):
        if f.kind == kind and f.label == label:
            return i
    raise KeyError(f"no {kind} forest tile {label!r}")


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
        for name, card in cards.items():
            c = tile(state, name)
            on[c] = market_card(state, card.rstrip("*"))
            mature = mature | 1 << c if card.endswith("*") else mature & ~(1 << c)
        changes["cards"] = tuple(on)
        changes["mature"] = mature
    if hands:
        held = list(state.hands)
        for p, names in hands.items():
            held[p] = tuple(sorted(fence_card(state, n) for n in names))
        changes["hands"] = tuple(held)
    if turn is not None:
        changes["agenda"] = (Turn(turn, state.rules.actions_per_turn, False),)
    if "farmers" in changes:
        changes["farmers"] = tuple(
            tile(state, f) if isinstance(f, str) else f for f in changes["farmers"]
        )
    return arrange(state, **changes)


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


def stash_of(state: State, player: int) -> int:
    f = state.fences[player]
    t = state.rules.tables
    return state.rules.fences_per_player - ((f | f >> t.edges) & t.edge_mask).bit_count()
