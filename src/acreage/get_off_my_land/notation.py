"""Move texts: the notation of Get Off My Land!'s moves and :func:`parse_move`.

Each move class says its text once (its ``TEXT``, in :mod:`acreage.get_off_my_land.moves`);
:data:`NOTATION` writes it and reads it back. The game's moves are built once per Rules
(:mod:`acreage.get_off_my_land.tables`), each holding the text :meth:`NOTATION.text
<acreage.core.notation.Notation.text>` writes for those Rules' :class:`Names`, and reading
a text gives that shared move.

Tiles are named ``a1`` (top-left) to, say, ``e5``; a tile's side by its compass point
(``b2 N``, which is also ``b1 S``: a fence's edge is read by either of its sides and
written by its first); cards and tiles by the labels the moves print. Text that is no
move raises :class:`~acreage.MoveSyntaxError` naming the word that is wrong and why, or
the forms of the moves; a move that is well formed but not legal now parses, and
:func:`~acreage.get_off_my_land.apply_move` then raises
:class:`~acreage.IllegalMoveError` saying why.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

import attrs

from acreage.core.game import shorten
from acreage.core.grid import SquareGrid
from acreage.core.notation import Notation, Word
from acreage.get_off_my_land.moves import (
    Break,
    Buy,
    DealFarmhouse,
    Defend,
    Discard,
    Done,
    Draw,
    EndTurn,
    Fence,
    Flip,
    Harvest,
    Keep,
    Lift,
    Log,
    Lumber,
    Mature,
    Move,
    PlaceFarmer,
    PlayCard,
    Raid,
    RemoveCard,
    Reveal,
    Scrap,
    SendHome,
    SlashOption,
    Uncover,
    Yield,
)

if TYPE_CHECKING:
    from acreage.get_off_my_land.state import State

__all__ = ["NOTATION", "Names", "parse_move"]


@attrs.frozen(eq=False)
class Names:
    """What the move texts of one Rules call things: tiles, sides, cards, tiles' logged
    sides and the market track's slots. Built with the Rules' tables (``tables.names``);
    the word kinds write values from it and read them back against it.

    Attributes:
        cells: each tile's name, ``a1`` to, say, ``e5``.
        grid: the board, for reading tiles and naming a side from a tile.
        sides: each edge's name, from its first tile (``b2 N``).
        fence: each fence card kind's label (the kinds in play, equal cards merged).
        market: each market card kind's label.
        farmhouses: each farmhouse tile's name.
        forest: each forest tile kind's label (its logged side: ``oil strike``).
        forest_kinds: each forest tile kind's forest side, 0 light or 1 dark.
        costs: the market track's slot costs, left to right.
    """

    cells: tuple[str, ...]
    grid: SquareGrid
    sides: tuple[str, ...]
    fence: tuple[str, ...]
    market: tuple[str, ...]
    farmhouses: tuple[str, ...]
    forest: tuple[str, ...]
    forest_kinds: tuple[int, ...]
    costs: tuple[int, ...]


def _names(state: State) -> Names:
    names: Names = state.rules.tables.names
    return names


def _listed(labels: tuple[str, ...]) -> str:
    return ", ".join(labels[:8]) + (", ..." if len(labels) > 8 else "")


# Numbers are read from any decimal digits and leading zeros are allowed (``b02`` is b2):
# the move read is a shared one, whose text is its own, so it prints back canonically.
_TILE: Final = re.compile(r"([a-z])(\d+)")


def _tile(names: Names, text: str) -> int:
    """The tile named ``text``; :class:`ValueError` if there is none on this board."""
    m = _TILE.fullmatch(text)
    if m is not None:
        grid = names.grid
        x, y = ord(m[1]) - ord("a"), int(m[2]) - 1
        if 0 <= x < grid.width and 0 <= y < grid.height:
            return y * grid.width + x
    raise ValueError(f"a tile of this board, {names.cells[0]} to {names.cells[-1]}")


def _side(names: Names, text: str) -> tuple[int, int]:
    """The tile and edge of the side named ``text`` (``b2 N``); :class:`ValueError` if none."""
    grid = names.grid
    tile, _, direction = text.partition(" ")
    try:
        cell = _tile(names, tile)
        return cell, grid.cell_edges[cell][grid.directions.index(direction)]
    except ValueError:
        raise ValueError(
            f"a tile's side, as 'b2 N': a tile {names.cells[0]} to {names.cells[-1]},"
            f" then {', '.join(grid.directions)}"
        ) from None


@attrs.frozen
class _Cell(Word[int]):
    """A tile by name: ``b2``."""

    def show(self, value: int, rules: Any = None) -> str:
        """The tile's name."""
        return str(rules.cells[value])

    def read(self, text: str, state: Any) -> int:
        """The tile named ``text``."""
        return _tile(_names(state), text)


@attrs.frozen
class _Edge(Word[int]):
    """An edge, by either tile's side on it (``b2 N`` is ``b1 S``), written from its first."""

    pattern: str = r"\S+ \S+"

    def show(self, value: int, rules: Any = None) -> str:
        """The edge's name from its first tile."""
        return str(rules.sides[value])

    def read(self, text: str, state: Any) -> int:
        """The edge of the side named ``text``."""
        return _side(_names(state), text)[1]


@attrs.frozen
class _TileSide(Word[tuple[int, int]]):
    """A tile's side as ``(tile, edge)``: ``b2 N`` is b2's north edge, facing b2."""

    pattern: str = r"\S+ \S+"

    def show(self, value: tuple[int, int], rules: Any = None) -> str:
        """The tile's name and the edge's compass point from it."""
        cell, edge = value
        grid = rules.grid
        return f"{rules.cells[cell]} {grid.directions[grid.cell_edges[cell].index(edge)]}"

    def read(self, text: str, state: Any) -> tuple[int, int]:
        """The tile and edge of the side named ``text``."""
        return _side(_names(state), text)


@attrs.frozen
class _Seat(Word[int]):
    """A seat at the table: ``1``."""

    def read(self, text: str, state: Any) -> int:
        """The seat numbered ``text``."""
        players: int = state.rules.players
        if re.fullmatch(r"\d+", text) is None or int(text) >= players:
            raise ValueError(f"a seat from 0 to {players - 1}")
        return int(text)


@attrs.frozen
class _Slot(Word[int]):
    """A slot of the market track by its cost (the ``4`` of ``the $4 slot``)."""

    def show(self, value: int, rules: Any = None) -> str:
        """The slot's cost."""
        return str(rules.costs[value])

    def read(self, text: str, state: Any) -> int:
        """The first slot costing ``text``."""
        costs = _names(state).costs
        if re.fullmatch(r"\d+", text) is not None and int(text) in costs:
            return costs.index(int(text))
        raise ValueError(
            f"the cost of a slot on the market track ({', '.join(f'${c}' for c in costs)})"
        )


@attrs.frozen
class _Label(Word[int]):
    """A card or tile by its label in these Rules (``Cows (B)``), the value its index in
    the :class:`Names` field ``table``; ``what`` it is, for the error."""

    table: str
    what: str
    pattern: str = r".+?"

    def show(self, value: int, rules: Any = None) -> str:
        """The label."""
        return str(getattr(rules, self.table)[value])

    def read(self, text: str, state: Any) -> int:
        """The index of the label ``text``."""
        labels: tuple[str, ...] = getattr(_names(state), self.table)
        try:
            return labels.index(text)
        except ValueError:
            raise ValueError(f"{self.what} of this game ({_listed(labels)})") from None


@attrs.frozen
class _Cards(Word[tuple[int, ...]]):
    """Fence card kinds joined by `` + ``, as a sorted tuple (the order does not matter)."""

    pattern: str = r".+"

    def show(self, value: tuple[int, ...], rules: Any = None) -> str:
        """The cards' labels, joined by `` + ``."""
        return " + ".join(rules.fence[k] for k in value)

    def read(self, text: str, state: Any) -> tuple[int, ...]:
        """The cards named, sorted."""
        labels = _names(state).fence
        cards = []
        for part in text.split(" + "):
            if part not in labels:
                raise ValueError(
                    f"fence cards of this game joined by ' + ', and {shorten(part, 40)} is"
                    f" not one ({_listed(labels)})"
                )
            cards.append(labels.index(part))
        return tuple(sorted(cards))


@attrs.frozen
class _Forest(Word[int]):
    """A forest tile kind by its logged side's label; of the kind of forest being logged,
    when two kinds show the same label."""

    pattern: str = r".+"

    def show(self, value: int, rules: Any = None) -> str:
        """The logged side's label."""
        return str(rules.forest[value])

    def read(self, text: str, state: Any) -> int:
        """The tile kind whose logged side reads ``text``."""
        names = _names(state)
        cell = state.revealing
        kind = state.rules.tables.forest_kind[cell] if cell >= 0 else -1
        fits = [i for i, k in enumerate(names.forest_kinds) if kind < 0 or k == kind]
        for i in fits:
            if names.forest[i] == text:
                return i
        labels = tuple(dict.fromkeys(names.forest[i] for i in fits))
        raise ValueError(f"the logged side of a forest tile here ({_listed(labels)})")


def _fence(state: State, inside: int = -1, edge: int = -1, side: Any = None) -> Fence:
    """The lone fence on ``edge``, or (read from the inside form) the fence on the inside
    of ``side``, a tile and its edge, facing the tile."""
    t = state.rules.tables
    if side is None:
        return t.fence_moves[edge]
    cell, edge = side
    return t.inside_moves[edge][t.edge_cells[edge].index(cell)]


def _play(state: State, card: int, for_fences: bool) -> PlayCard:
    """Play fence card kind ``card`` for its fences or for its action."""
    return state.rules.tables.play_moves[card][0 if for_fences else 1]


def _slash(state: State, log: bool) -> SlashOption:
    """Slash and Burn!'s choice: log and draw, or break and fence."""
    t = state.rules.tables
    return t.slash_log if log else t.slash_break


NOTATION: Final = Notation(
    "Get Off My Land!",
    (
        Keep,
        EndTurn,
        Log,
        PlayCard,
        Buy,
        Lumber,
        Harvest,
        Fence,
        Lift,
        Done,
        Defend,
        Yield,
        Scrap,  # before Discard: "discard the card on b2" is no card's label
        Discard,
        SendHome,
        PlaceFarmer,
        Raid,
        SlashOption,
        Flip,
        Break,
        RemoveCard,
        Mature,
        DealFarmhouse,
        Draw,
        Reveal,
        Uncover,
    ),
    words={
        "cell": _Cell(),
        "edge": _Edge(),
        "side": _TileSide(),
        "seat": _Seat(),
        "slot": _Slot(),
        "fence": _Label("fence", "a fence card"),
        "market": _Label("market", "a market card"),
        "farmhouse": _Label("farmhouses", "a farmhouse tile"),
        "cards": _Cards(),
        "forest": _Forest(),
    },
    # Every move read is the shared one the Rules' tables hold.
    build={
        Keep: lambda s, farmhouse: s.rules.tables.keep_moves[farmhouse],
        EndTurn: lambda s: s.rules.tables.end_turn,
        Log: lambda s, cell: s.rules.tables.log_moves[cell],
        PlayCard: _play,
        Buy: lambda s, card, slot, cell: s.rules.tables.buy(
            slot, card, cell, s.rules.market_costs[slot]
        ),
        Lumber: lambda s: s.rules.tables.lumber,
        Harvest: lambda s, cell: s.rules.tables.harvest_moves[cell],
        Fence: _fence,
        Lift: lambda s, edge: s.rules.tables.lift_moves[edge],
        Done: lambda s: s.rules.tables.done,
        Defend: lambda s, cards: s.rules.tables.defend(cards),
        Yield: lambda s: s.rules.tables.yield_,
        Scrap: lambda s, cell: s.rules.tables.scrap_moves[cell],
        Discard: lambda s, card: s.rules.tables.discard_moves[card],
        SendHome: lambda s, player: s.rules.tables.send_home[player],
        PlaceFarmer: lambda s, cell: s.rules.tables.farmer_moves[cell],
        Raid: lambda s, cell: s.rules.tables.raid_moves[cell],
        SlashOption: _slash,
        Flip: lambda s, cell: s.rules.tables.flip_moves[cell],
        Break: lambda s, edge, owner: s.rules.tables.break_moves[edge][owner],
        RemoveCard: lambda s, card, slot: s.rules.tables.remove_card(
            slot, card, s.rules.market_costs[slot]
        ),
        Mature: lambda s, cell: s.rules.tables.mature_moves[cell],
        DealFarmhouse: lambda s, farmhouse: s.rules.tables.deal_moves[farmhouse],
        Draw: lambda s, card: s.rules.tables.draw_moves[card],
        Reveal: lambda s, card: s.rules.tables.reveal_moves[card],
        Uncover: lambda s, tile: s.rules.tables.uncover_moves[tile],
    },
)
"""The texts of Get Off My Land!'s moves: each class's ``TEXT``, written once per Rules
into the shared moves (``NOTATION.text(cls, names, **fields)``) and read by
:func:`parse_move`."""


def parse_move(state: State, text: str) -> Move:
    """The move whose text is ``text`` (``str(move)`` of a move parses back to it).

    :class:`~acreage.MoveSyntaxError` for anything else: anything that is not
    text (``None``, bytes, a number) or is longer than any move, text of no
    move's form (listing the forms, or the near miss it looks like), and text
    of a move's form whose word is wrong (saying which word, and why).
    """
    move: Move = NOTATION.parse(state, text)
    return move
