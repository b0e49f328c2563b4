"""Per-Rules tables: the board's geometry as bit masks, the cards in play, shared moves.

Built once when a :class:`~acreage.get_off_my_land.Rules` is made and kept in
``rules.tables``, so states never copy them and the hot path looks things up
instead of computing them.

Fence slots. Every edge ``e`` of the board (an inner edge between two tiles,
or a side on the edge of the play area) has two slots: slot ``e`` faces the
edge's first tile (``grid.edge_sides[e][0]``) and slot ``E + e`` faces the
other tile, or the outside for a side on the play area's edge. A lone fence
on an edge serves both tiles and always stands in slot ``e``; the second
slot is used only when a player places a fence "on the inside" of an
opponent's fence, and then each fence faces one side.
"""

from __future__ import annotations

import functools
import operator
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from acreage.core.chance import Deck, Pile
from acreage.core.game import RulesError
from acreage.core.grid import SquareGrid
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land.notation import NOTATION, Names

if TYPE_CHECKING:
    from acreage.get_off_my_land.rules import FenceCard, ForestTile, MarketCard, Rules

__all__ = ["CROP", "EQUIPMENT", "LIVESTOCK", "Tables", "build_tables", "cell_name"]

CROP = 0
"""Crop, the index of a market card type in ``Tables.market_type``."""
LIVESTOCK = 1
"""Livestock, the index of a market card type in ``Tables.market_type``."""
EQUIPMENT = 2
"""Equipment, the index of a market card type in ``Tables.market_type``."""
_TYPE_INDEX = {"crop": CROP, "livestock": LIVESTOCK, "equipment": EQUIPMENT}
_FOREST_TOKENS = {"L": 0, "D": 1}
FOREST_KINDS = ("light", "dark")


def cell_name(x: int, y: int) -> str:
    """``a1`` for the top-left tile: column letter, then row number from the top."""
    return f"{chr(ord('a') + x)}{y + 1}"


@attrs.frozen(eq=False)
class Tables:
    """Static lookups for one Rules (see the module docstring).

    ``names`` are what move texts call things (every shared move's text is
    written from them by the notation). ``memo`` keeps the moves made on
    demand (purchases, removals, defences) so each is built once, ``last_card_sets`` the last answer of
    :func:`~acreage.get_off_my_land.land.card_sets` (one pair: the cards and
    their sets), ``dists`` recent draw distributions (by deck and pile) and
    ``outcome_pairs`` their (move, probability) pairs (by deck and pile
    size), ``buy_lists`` the purchases of recent offers, and ``west_sides``
    the play area's west sides of sets of tiles of its first column; Rules
    hold their tables outside their data fields, so these caches are never
    compared, hashed or pickled.

    Threads share a Rules, and so these caches: each is filled by one store
    of one complete value (a dict item, the list's one pair), so a thread
    reads either an older answer for the same key or the new one, never a
    mix; at worst two threads build the same value.
    """

    grid: SquareGrid
    n: int
    edges: int
    cell_names: tuple[str, ...]
    side_names: tuple[str, ...]
    names: Names
    # board
    farm_cell: tuple[int, ...]
    farm_owner: tuple[int, ...]
    farm_mask: int
    grass_of: tuple[int, ...]
    forest_kind: tuple[int, ...]
    forest_mask: int
    grass_mask: int
    grass_bonus: tuple[str, ...]
    grass_fishing: int
    # cards and tiles in play (equal entries merged)
    market: tuple[MarketCard, ...]
    market_type: tuple[int, ...]
    market_deck: Deck[int]
    fence: tuple[FenceCard, ...]
    fence_deck: Deck[int]
    forest: tuple[ForestTile, ...]
    forest_pool: tuple[tuple[int, ...], ...]
    forest_fishing: tuple[bool, ...]
    # geometry masks
    edge_mask: int
    extra_edges: int
    top_row: int
    below_top: int
    right_col: int
    not_right: int
    left_col: int
    left_cells: tuple[int, ...]
    border_edges: int
    edge_cells: tuple[tuple[int, ...], ...]
    edge_cell_mask: tuple[int, ...]
    edge_vertices: tuple[int, ...]
    edge_ends: tuple[tuple[int, int], ...]
    vertex_edges: tuple[int, ...]
    cell_near: tuple[int, ...]
    cell_corners: tuple[int, ...]
    cell_sides: tuple[int, ...]
    # shared moves
    fence_moves: tuple[mv.Fence, ...]
    inside_moves: tuple[tuple[mv.Fence, ...], ...]
    lift_moves: tuple[mv.Lift, ...]
    fence_lists: MaskMoves[mv.Fence]
    inside_lists: MaskMoves[mv.Fence]
    both_insides: MaskMoves[mv.Fence]
    lift_lists: MaskMoves[mv.Lift]
    log_lists: MaskMoves[mv.Log]
    harvest_lists: MaskMoves[mv.Harvest]
    break_moves: tuple[tuple[mv.Break, ...], ...]
    log_moves: tuple[mv.Log, ...]
    harvest_moves: tuple[mv.Harvest, ...]
    mature_moves: tuple[mv.Mature, ...]
    raid_moves: tuple[mv.Raid, ...]
    flip_moves: tuple[mv.Flip, ...]
    farmer_moves: tuple[mv.PlaceFarmer, ...]
    scrap_moves: tuple[mv.Scrap, ...]
    send_home: tuple[mv.SendHome, ...]
    play_moves: tuple[tuple[mv.PlayCard, mv.PlayCard], ...]
    discard_moves: tuple[mv.Discard, ...]
    draw_moves: tuple[mv.Draw, ...]
    keep_moves: tuple[mv.Keep, ...]
    deal_moves: tuple[mv.DealFarmhouse, ...]
    reveal_moves: tuple[mv.Reveal, ...]
    uncover_moves: tuple[mv.Uncover, ...]
    end_turn: mv.EndTurn
    lumber: mv.Lumber
    done: mv.Done
    yield_: mv.Yield
    slash_log: mv.SlashOption
    slash_break: mv.SlashOption
    fence_names: dict[str, int]
    memo: dict[tuple[object, ...], object] = attrs.field(factory=dict, repr=False)
    last_card_sets: list[tuple[Any, tuple[int, int, int, int, int]]] = attrs.field(
        factory=lambda: [(None, (0,) * 5)], repr=False
    )
    dists: dict[tuple[object, ...], Any] = attrs.field(factory=dict, repr=False)
    west_sides: dict[int, int] = attrs.field(factory=dict, repr=False)
    buy_lists: dict[tuple[object, ...], tuple[mv.Buy, ...]] = attrs.field(factory=dict, repr=False)
    outcome_pairs: dict[tuple[str, int], dict[tuple[int, int], Any]] = attrs.field(
        factory=dict, repr=False
    )

    def buy(self, slot: int, card: int, cell: int, cost: int) -> mv.Buy:
        """The shared move buying ``card`` from ``slot`` onto ``cell``; ``cost`` is the
        slot's printed cost, which its text shows (written from ``names.costs``)."""
        key = ("buy", slot, card, cell)
        move = self.memo.get(key)
        if move is None:
            text = NOTATION.text(mv.Buy, self.names, slot=slot, card=card, cell=cell)
            move = self.memo[key] = mv.Buy(slot, card, cell, text)
        return move  # type: ignore[return-value]

    def remove_card(self, slot: int, card: int, cost: int) -> mv.RemoveCard:
        """The shared move removing ``card`` from ``slot`` of the market track (``cost`` as
        for :meth:`buy`)."""
        key = ("remove", slot, card)
        move = self.memo.get(key)
        if move is None:
            text = NOTATION.text(mv.RemoveCard, self.names, slot=slot, card=card)
            move = self.memo[key] = mv.RemoveCard(slot, card, text)
        return move  # type: ignore[return-value]

    def defend(self, cards: tuple[int, ...]) -> mv.Defend:
        """The shared move discarding fence card kinds ``cards`` (sorted) to defend."""
        key = ("defend", cards)
        move = self.memo.get(key)
        if move is None:
            text = NOTATION.text(mv.Defend, self.names, cards=cards)
            move = self.memo[key] = mv.Defend(cards, text)
        return move  # type: ignore[return-value]


M = TypeVar("M")


class MaskMoves(Generic[M]):
    """The moves of a bitset's members, in bit order, read a byte at a time.

    ``lists.of(mask)`` is ``[moves[i] for i in bits(mask)]``; the tuple of
    moves of each byte is built the first time it is seen and kept (at most
    256 per byte of the mask). :meth:`grouped` makes one whose members each
    stand for a tuple of moves.
    """

    __slots__ = ("_bytes", "_groups")

    def __init__(self, moves: Sequence[M | None]) -> None:
        self._setup([() if m is None else (m,) for m in moves])

    @classmethod
    def grouped(cls, groups: Sequence[tuple[M, ...]]) -> MaskMoves[M]:
        """``lists.of(mask)`` lists ``groups[i]`` for each member ``i`` of ``mask``, in order."""
        out: MaskMoves[M] = cls.__new__(cls)
        out._setup(groups)
        return out

    def _setup(self, groups: Sequence[tuple[M, ...]]) -> None:
        self._groups = groups
        self._bytes: list[list[tuple[M, ...] | None]] = [
            [None] * 256 for _ in range(0, len(groups), 8)
        ]

    def of(self, mask: int) -> list[M]:
        out: list[M] = []
        tables = self._bytes
        k = 0
        # Iterating the bytes of the int is quicker than shifting it a byte at a time
        # (and a counter quicker than enumerate or zip here).
        for byte in mask.to_bytes((mask.bit_length() + 7) >> 3, "little"):
            if byte:
                entry = tables[k][byte]
                if entry is None:
                    entry = tables[k][byte] = self._build(k, byte)
                out += entry
            k += 1  # noqa: SIM113
        return out

    def _build(self, k: int, byte: int) -> tuple[M, ...]:
        out: list[M] = []
        for i in range(8):
            if byte >> i & 1:
                group = self._groups[8 * k + i]
                assert group, f"no move for bit {8 * k + i}"
                out += group
        return tuple(out)


class _Entry(Protocol):
    __attrs_attrs__: ClassVar[Any]  # an attrs class (attrs.AttrsInstance)

    @property
    def players(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def label(self) -> str: ...


E = TypeVar("E", bound=_Entry)


def _merge(entries: tuple[E, ...], players: int) -> tuple[list[E], Counter[int]]:
    """The distinct cards in play (entries equal but for mark and count merged), with counts."""
    kinds: list[E] = []
    index: dict[tuple[object, ...], int] = {}
    counts: Counter[int] = Counter()
    for entry in entries:
        if entry.players > players:
            continue
        # Compared by their other fields, so that only a new kind is built (and checked).
        key = tuple(
            getattr(entry, f.name)
            for f in attrs.fields(type(entry))
            if f.name not in ("players", "count")
        )
        k = index.get(key)
        if k is None:
            k = index[key] = len(kinds)
            kinds.append(attrs.evolve(entry, players=2, count=1))  # type: ignore[misc]
        counts[k] += entry.count
    return kinds, counts


def _unique(labels: list[str], what: str) -> None:
    for i, label in enumerate(labels):
        if labels.index(label) != i:
            raise RulesError(f"{what}: two different cards in play are both shown as {label!r}")


def _parse_board(rules: Rules) -> tuple[int, int, list[str]]:
    rows = rules.board.tokens
    if not rows or not rows[0]:
        raise RulesError("board.rows: expected rows of tile tokens")
    width = len(rows[0])
    for y, row in enumerate(rows):
        if len(row) != width:
            raise RulesError(f"board.rows[{y}]: expected {width} tiles, got {len(row)}")
    return width, len(rows), [t for row in rows for t in row]


def build_tables(rules: Rules) -> Tables:
    """Check the board against the tiles in play and build every lookup."""
    width, height, tokens = _parse_board(rules)
    grid = SquareGrid(width, height)
    cell_names = tuple(cell_name(x, y) for x, y in grid.cell_coords)
    side_names = tuple(f"{cell_names[c]} {grid.directions[d]}" for c, d in grid.edge_sides)
    board = _board(rules, tokens, cell_names)
    cards = _cards(rules, board["forest_kind"])
    names = Names(
        cells=cell_names,
        grid=grid,
        sides=side_names,
        fence=tuple(card.label for card in cards["fence"]),
        market=tuple(card.label for card in cards["market"]),
        farmhouses=tuple(house.name for house in rules.farmhouses),
        forest=tuple(tile.label for tile in cards["forest"]),
        forest_kinds=tuple(FOREST_KINDS.index(tile.kind) for tile in cards["forest"]),
        costs=rules.market_costs,
    )
    return Tables(
        grid=grid,
        n=grid.n_cells,
        edges=grid.n_edges,
        cell_names=cell_names,
        side_names=side_names,
        names=names,
        **board,
        **cards,
        **_geometry(grid),
        **_edge_moves(rules, names),
        **_tile_moves(rules, names),
        **_card_moves(names),
    )


def _board(rules: Rules, tokens: list[str], names: tuple[str, ...]) -> dict[str, Any]:
    """The ``Tables`` fields of the board's tiles: farmhouses, grass and forest."""
    n = len(tokens)
    farm_cell = [-1] * rules.players
    farm_owner = [-1] * n
    grass_of = [-1] * n
    forest_kind = [-1] * n
    grass_in_play = [i for i, g in enumerate(rules.grass_tiles) if g.players <= rules.players]
    used_grass: list[int] = []
    for c, token in enumerate(tokens):
        where = f"board: tile {names[c]} ({token!r})"
        if token in _FOREST_TOKENS:
            forest_kind[c] = _FOREST_TOKENS[token]
        elif token[:1] == "H" and token[1:].isdigit():
            seat = int(token[1:])
            if seat >= rules.players or farm_cell[seat] >= 0:
                raise RulesError(f"{where}: not one farmhouse per seat 0..{rules.players - 1}")
            farm_cell[seat] = c
            farm_owner[c] = seat
        elif token[:1] == "G" and token[1:].isdigit():
            g = int(token[1:]) - 1
            if g not in grass_in_play or g in used_grass:
                raise RulesError(f"{where}: not a grass tile in play, or used twice")
            grass_of[c] = g
            used_grass.append(g)
        else:
            raise RulesError(f"{where}: expected H<seat>, G<number>, L or D")
    if -1 in farm_cell:
        raise RulesError(f"board: no farmhouse for seat {farm_cell.index(-1)}")
    if sorted(used_grass) != grass_in_play:
        raise RulesError(
            f"board: uses {len(used_grass)} grass tiles, but {len(grass_in_play)} are in play"
        )
    grass = rules.grass_tiles
    return {
        "farm_cell": tuple(farm_cell),
        "farm_owner": tuple(farm_owner),
        "farm_mask": _mask(farm_cell),
        "grass_of": tuple(grass_of),
        "forest_kind": tuple(forest_kind),
        "forest_mask": _mask(c for c in range(n) if forest_kind[c] >= 0),
        "grass_mask": _mask(c for c in range(n) if grass_of[c] >= 0),
        "grass_bonus": tuple(grass[g].bonus if g >= 0 else "" for g in grass_of),
        "grass_fishing": _mask(
            c for c, g in enumerate(grass_of) if g >= 0 and grass[g].bonus == "fishing hole"
        ),
    }


def _mask(members: Iterable[int]) -> int:
    return sum(1 << i for i in members)


def _cards(rules: Rules, forest_kind: tuple[int, ...]) -> dict[str, Any]:
    """The ``Tables`` fields of the cards and forest tiles in play (equal ones merged),
    checked against the board and each other."""
    market, market_counts = _merge(rules.market_cards, rules.players)
    fence, fence_counts = _merge(rules.fence_cards, rules.players)
    forest, forest_counts = _merge(rules.forest_tiles, rules.players)
    _unique([m.label for m in market], "market_cards")
    _unique([f.label for f in fence], "fence_cards")
    for kind in FOREST_KINDS:
        _unique([f.label for f in forest if f.kind == kind], "forest_tiles")
    pools = _forest_pools(forest, forest_counts, forest_kind)
    if not market or not fence:
        raise RulesError("market_cards / fence_cards: no cards in play for this player count")
    _check_bonus_targets(rules, {m.name for m in market})
    letters = sorted({m.letter for m in market})
    return {
        "market": tuple(market),
        "market_type": tuple(_TYPE_INDEX[m.type] for m in market),
        "market_deck": Deck(
            tuple(
                Pile.of({i: market_counts[i] for i, m in enumerate(market) if m.letter == letter})
                for letter in letters
            )
        ),
        "fence": tuple(fence),
        "fence_deck": Deck.of(dict(fence_counts)),
        "forest": tuple(forest),
        "forest_pool": pools,
        "forest_fishing": tuple(tile.bonus == "fishing hole" for tile in forest),
    }


def _forest_pools(
    forest: list[ForestTile], counts: Counter[int], forest_kind: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """Per forest kind, how many tiles of each logged side are in play: as many as the
    board has spots of that kind."""
    pools = []
    for k, kind in enumerate(FOREST_KINDS):
        pool = tuple(counts[i] if tile.kind == kind else 0 for i, tile in enumerate(forest))
        spots = forest_kind.count(k)
        if sum(pool) != spots:
            raise RulesError(
                f"board: {spots} {kind} forest spots, but {sum(pool)} {kind} forest tiles are in play"
            )
        pools.append(pool)
    return tuple(pools)


def _check_bonus_targets(rules: Rules, names_in_play: set[str]) -> None:
    for i, card in enumerate(rules.market_cards):
        for target in card.bonus_for:
            if target not in names_in_play and card.players <= rules.players:
                raise RulesError(f"market_cards[{i}].bonus_for: no card named {target!r} in play")


def _geometry(grid: SquareGrid) -> dict[str, Any]:
    """The ``Tables`` fields of the board's geometry as bit masks.

    Edge ids: N sides 0..n-1 (edge c faces cell c first), E sides n..2n-1, then the
    play area's S and W sides (see :mod:`acreage.core.grid`).
    """
    n, width, height = grid.n_cells, grid.width, grid.height
    top_row = _mask(range(width))
    right_col = _mask(y * width + width - 1 for y in range(height))
    all_cells = (1 << n) - 1
    vertex_edges = tuple(_mask(es) for es in grid.vertex_edges)
    return {
        "edge_mask": (1 << grid.n_edges) - 1,
        "extra_edges": ((1 << grid.n_edges) - 1) & ~((1 << (2 * n)) - 1),
        "top_row": top_row,
        "below_top": all_cells & ~top_row,
        "right_col": right_col,
        "not_right": all_cells & ~right_col,
        "left_col": _mask(y * width for y in range(height)),
        "left_cells": tuple(y * width for y in range(height)),
        "border_edges": grid.border_edges,
        "edge_cells": grid.edge_cells,
        "edge_cell_mask": tuple(_mask(cells) for cells in grid.edge_cells),
        "edge_vertices": tuple((1 << a) | (1 << b) for a, b in grid.edge_vertices),
        "edge_ends": grid.edge_vertices,
        "vertex_edges": vertex_edges,
        "cell_near": tuple(
            functools.reduce(operator.or_, (vertex_edges[v] for v in vs))
            for vs in grid.cell_vertices
        ),
        "cell_corners": tuple(_mask(vs) for vs in grid.cell_vertices),
        "cell_sides": tuple(_mask(es) for es in grid.cell_edges),
    }


def _edge_moves(rules: Rules, names: Names) -> dict[str, Any]:
    """The ``Tables`` fields of the shared moves on edges: fences, lifts and breaks."""
    text = NOTATION.text
    grid = names.grid
    edges = range(grid.n_edges)
    fence_moves = tuple(mv.Fence(e, -1, text(mv.Fence, names, edge=e, inside=-1)) for e in edges)
    inside_moves = tuple(
        tuple(
            mv.Fence(e, c, text(mv.Fence, names, edge=e, inside=c, side=(c, e)))
            for c in grid.edge_cells[e]
        )
        for e in edges
    )
    lift_moves = tuple(mv.Lift(e, text(mv.Lift, names, edge=e)) for e in edges)
    return {
        "fence_moves": fence_moves,
        "inside_moves": inside_moves,
        "lift_moves": lift_moves,
        "fence_lists": MaskMoves(fence_moves),
        # bit 2e + i: inside the fence on edge e, facing its tile i
        "inside_lists": MaskMoves(
            [pair[i] if i < len(pair) else None for pair in inside_moves for i in (0, 1)]
        ),
        "both_insides": MaskMoves.grouped(inside_moves),  # bit e: both sides of edge e
        "lift_lists": MaskMoves(lift_moves),
        "break_moves": tuple(
            tuple(
                mv.Break(e, p, text(mv.Break, names, edge=e, owner=p)) for p in range(rules.players)
            )
            for e in edges
        ),
    }


def _tile_moves(rules: Rules, names: Names) -> dict[str, Any]:
    """The ``Tables`` fields of the shared moves on tiles, and of sending farmers home."""
    text = NOTATION.text
    cells = range(len(names.cells))
    log_moves = tuple(mv.Log(c, text(mv.Log, names, cell=c)) for c in cells)
    harvest_moves = tuple(mv.Harvest(c, text(mv.Harvest, names, cell=c)) for c in cells)
    return {
        "log_moves": log_moves,
        "harvest_moves": harvest_moves,
        "log_lists": MaskMoves(log_moves),
        "harvest_lists": MaskMoves(harvest_moves),
        "mature_moves": tuple(mv.Mature(c, text(mv.Mature, names, cell=c)) for c in cells),
        "raid_moves": tuple(mv.Raid(c, text(mv.Raid, names, cell=c)) for c in cells),
        "flip_moves": tuple(mv.Flip(c, text(mv.Flip, names, cell=c)) for c in cells),
        "farmer_moves": tuple(
            mv.PlaceFarmer(c, text(mv.PlaceFarmer, names, cell=c)) for c in cells
        ),
        "scrap_moves": tuple(mv.Scrap(c, text(mv.Scrap, names, cell=c)) for c in cells),
        "send_home": tuple(
            mv.SendHome(p, text(mv.SendHome, names, player=p)) for p in range(rules.players)
        ),
    }


def _card_moves(names: Names) -> dict[str, Any]:
    """The ``Tables`` fields of the shared moves naming cards and tiles, the moves with no
    arguments, and the name lookup of fence cards."""
    text = NOTATION.text
    fence = range(len(names.fence))
    houses = range(len(names.farmhouses))
    return {
        "play_moves": tuple(
            (
                mv.PlayCard(k, True, text(mv.PlayCard, names, card=k, for_fences=True)),
                mv.PlayCard(k, False, text(mv.PlayCard, names, card=k, for_fences=False)),
            )
            for k in fence
        ),
        "discard_moves": tuple(mv.Discard(k, text(mv.Discard, names, card=k)) for k in fence),
        "draw_moves": tuple(mv.Draw(k, text(mv.Draw, names, card=k)) for k in fence),
        "keep_moves": tuple(mv.Keep(f, text(mv.Keep, names, farmhouse=f)) for f in houses),
        "deal_moves": tuple(
            mv.DealFarmhouse(f, text(mv.DealFarmhouse, names, farmhouse=f)) for f in houses
        ),
        "reveal_moves": tuple(
            mv.Reveal(k, text(mv.Reveal, names, card=k)) for k in range(len(names.market))
        ),
        "uncover_moves": tuple(
            mv.Uncover(k, text(mv.Uncover, names, tile=k)) for k in range(len(names.forest))
        ),
        "end_turn": mv.EndTurn(text(mv.EndTurn, names)),
        "lumber": mv.Lumber(text(mv.Lumber, names)),
        "done": mv.Done(text(mv.Done, names)),
        "yield_": mv.Yield(text(mv.Yield, names)),
        "slash_log": mv.SlashOption(True, text(mv.SlashOption, names, log=True)),
        "slash_break": mv.SlashOption(False, text(mv.SlashOption, names, log=False)),
        "fence_names": {label: k for k, label in enumerate(names.fence)},
    }
