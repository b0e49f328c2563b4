"""Questions about a position in the game's own words: tiles by name, fully fenced, control.

>>> from acreage import get_off_my_land as goml
>>> rules = goml.Rules(players=2)
>>> goml.tile_id(rules, "b1"), goml.tile_name(rules, 1)
(1, 'b1')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from acreage.core.game import check_seat
from acreage.get_off_my_land import farm
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.state import State

__all__ = [
    "controller",
    "fence_layout",
    "fully_fenced",
    "monthly_income",
    "sides_around",
    "tile_id",
    "tile_name",
]


def tile_id(rules: Rules, name: str) -> int:
    """The id of tile ``name`` (``a1`` is the top-left tile); KeyError if there is none."""
    try:
        return rules.tables.cell_names.index(name)
    except ValueError:
        raise KeyError(f"{name!r} is not a tile of this board") from None


def tile_name(rules: Rules, tile: int) -> str:
    """The name of tile ``tile``: its column letter and row number from the top."""
    return rules.tables.cell_names[tile]


def fully_fenced(state: State, tile: int) -> bool:
    """Whether ``tile`` lies in a fenced area that cannot reach the outside.

    "As long as there are fences on all sides of a land tile, it is
    considered to be fully fenced" (whoever's fences they are; larger areas
    count as a whole).
    """
    return state.partition.region_of(tile).closed


def controller(state: State, tile: int) -> int | None:
    """The player who controls ``tile``, or None.

    "You would not control the market card on a land tile unless all fences
    surrounding this card belongs to the same player."
    """
    who = farm.controller(state, tile)
    return None if who < 0 else who


def monthly_income(state: State) -> tuple[int, ...]:
    """What each player would receive if a month began now (raids, bonuses and fishing holes)."""
    return farm.income(state)


def _side(rules: Rules, name: str) -> tuple[int, int]:
    """The edge and tile of side ``name`` (``"b2 N"``)."""
    grid = rules.tables.grid
    tile, direction = name.split()
    cell = tile_id(rules, tile)
    return grid.cell_edges[cell][grid.direction(direction)], cell


def sides_around(rules: Rules, tiles: Iterable[str]) -> tuple[str, ...]:
    """The sides around a group of tiles (its boundary), each named from inside.

    >>> sides_around(Rules(players=2), ["a1", "b1"])
    ('a1 N', 'a1 S', 'a1 W', 'b1 N', 'b1 E', 'b1 S')
    """
    t = rules.tables
    grid = t.grid
    cells = {tile_id(rules, name) for name in tiles}
    return tuple(
        f"{t.cell_names[c]} {direction}"
        for c in sorted(cells)
        for d, direction in enumerate(grid.directions)
        if grid.step[c][d] not in cells
    )


def fence_layout(rules: Rules, sides: Mapping[int, Iterable[str]]) -> tuple[int, ...]:
    """Each player's fence slots (``State.fences``) from the sides they fence.

    ``sides`` maps a player to side names such as ``"b2 N"``. A side fenced by
    one player gets a lone fence; a side two players fence gets one fence
    each, each facing the tile it is named from (``"a1 W out"`` names a fence
    on the play area's edge facing the outside): the sides a position lists
    (:func:`~acreage.get_off_my_land.arrange` takes them as they are).
    :class:`~acreage.SeatError` for a player not at the table.
    """
    t = rules.tables
    per_edge: dict[int, list[tuple[int, int]]] = {}
    for seat, names in sides.items():
        check_seat(seat, rules.players)
        for name in names:
            outside = name.endswith(" out")
            edge, cell = _side(rules, name.removesuffix(" out"))
            owners = per_edge.setdefault(edge, [])
            if all(p != seat for p, _ in owners):
                owners.append((seat, -1 if outside else cell))
    fences = [0] * rules.players
    for edge, owners in per_edge.items():
        if len(owners) == 1:
            fences[owners[0][0]] |= 1 << edge
            continue
        faces = [c for _, c in owners]
        if len(owners) > 2 or faces[0] == faces[1]:
            raise ValueError(f"{t.side_names[edge]}: at most one fence faces each side")
        for seat, cell in owners:
            first = cell == t.edge_cells[edge][0]
            fences[seat] |= 1 << (edge if first else t.edges + edge)
    return tuple(fences)
