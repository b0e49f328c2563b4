"""Fences and land: regions, fully fenced, control, connection, claims and animals.

The fence model (docs/rulings/get-off-my-land.md pins each point):

* Fences stand on tile sides, the play area's edge included; beyond it lies
  an open outside. An edge holds one fence that serves both tiles, or two
  fences, one facing each side, once a player has placed a fence "on the
  inside" of an opponent's (see :mod:`~acreage.get_off_my_land.tables` for
  the slots).
* A region is a group of tiles joined by unfenced edges. It is *fully
  fenced* when it cannot reach the outside. A player *controls* it when it
  is fully fenced, every fence on its side of its boundary is theirs, and it
  holds no other player's farmhouse.
* A new fence must share a corner with its owner's farmhouse tile or with a
  fence of theirs connected to it. Gaining control of land needs it to be
  orthogonally next to (or to hold) the player's farmhouse or a tile they
  control that is connected to the farmhouse.

Everything here is a pure function of bitsets, so the engine, the legality
explanations and the tests share one implementation.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from acreage.core.bitset import bits
from acreage.core.regions import Partition, Region
from acreage.get_off_my_land.tables import CROP, LIVESTOCK, Tables

__all__ = [
    "anchored",
    "blocked_edges",
    "card_sets",
    "claimable",
    "control",
    "corners",
    "expansion_base",
    "hungry",
    "near_edges",
    "normalise",
    "outer_slots",
    "owner_at",
    "protected_tiles",
    "touching",
]


def blocked_edges(t: Tables, fences: Sequence[int]) -> int:
    """Edges holding at least one fence."""
    out = 0
    for f in fences:
        out |= f | f >> t.edges
    return out & t.edge_mask


def outer_slots(t: Tables, fences: Sequence[int]) -> int:
    """Edges whose second slot holds a fence (edges with two fences)."""
    out = 0
    for f in fences:
        out |= f >> t.edges
    return out


def owner_at(fences: Sequence[int], slot: int) -> int:
    """The player whose fence stands in ``slot``, or -1."""
    for p, f in enumerate(fences):
        if f >> slot & 1:
            return p
    return -1


def _sides(t: Tables, region: Region) -> tuple[int, int]:
    """The boundary edges whose first slot faces the region, and the others."""
    cells = region.cells
    first = region.boundary & (cells | cells << t.n | t.extra_edges)
    return first, region.boundary ^ first


def near_edges(t: Tables, f: int, region: Region, outer: int) -> int:
    """Boundary edges of ``region`` where fence set ``f`` holds the fence on the region's side."""
    first, second = _sides(t, region)
    return (f & first) | ((f >> t.edges) & second) | (f & second & ~outer)


def _far_cells_edges(t: Tables, cells: int, first: int, second: int) -> int:
    """Of the edges ``first`` (region on their first side) and ``second``, those whose
    tile on the far side is in ``cells``."""
    width = t.grid.width
    far_of_first = (cells << width) & t.below_top | ((cells >> 1) & t.not_right) << t.n
    far_of_second = cells | cells << t.n
    return (first & far_of_first) | (second & far_of_second)


def control(t: Tables, partition: Partition, fences: Sequence[int]) -> tuple[int, ...]:
    """The tiles each player controls."""
    outer = outer_slots(t, fences)
    out = [0] * len(fences)
    for region in partition.regions:
        if not region.closed:
            continue
        for p, f in enumerate(fences):
            if near_edges(t, f, region, outer) == region.boundary:
                if not region.cells & t.farm_mask & ~(1 << t.farm_cell[p]):
                    out[p] |= region.cells
                break
    return tuple(out)


def claimable(
    t: Tables, region: Region, fences: Sequence[int], player: int, controlled: int, outer: int
) -> int:
    """The edges whose opponent's fence ``player`` removes on taking ``region``, or -1.

    A region is claimable when it is fully fenced, holds no other player's
    farmhouse, and each fence on its side of the boundary is the player's, or
    is an opponent's fence backed on the far side by the player's own fence
    and land (``controlled``): that fence would be "inside" the player's
    controlled area and is removed (fig.9). The answer is the set of such
    edges (0 when the player simply controls it).
    """
    if not region.closed or region.cells & t.farm_mask & ~(1 << t.farm_cell[player]):
        return -1
    f = fences[player]
    near = near_edges(t, f, region, outer)
    missing = region.boundary & ~near
    if not missing:
        return 0
    first, second = _sides(t, region)
    backed = ((f >> t.edges) & first) | (f & second & outer)
    backed &= _far_cells_edges(t, controlled, first, second)
    return missing if not missing & ~backed else -1


def normalise(t: Tables, fences: list[int]) -> None:
    """Move a lone fence left in an edge's second slot back to its first slot."""
    first = 0
    second = 0
    for f in fences:
        first |= f
        second |= f >> t.edges
    drop = second & ~first & t.edge_mask
    if not drop:
        return
    for p, f in enumerate(fences):
        moved = (f >> t.edges) & drop
        if moved:
            fences[p] = (f & ~(moved << t.edges)) | moved


def corners(t: Tables, edges: int) -> int:
    """The vertices at the ends of ``edges``."""
    out = 0
    for e in bits(edges):
        out |= t.edge_vertices[e]
    return out


def anchored(t: Tables, f: int, farm: int) -> int:
    """Vertices joined to the farmhouse tile's corners through the player's fences.

    "Fence pieces must be placed connected to your Farmhouse Tile or a fence
    piece you already have in play"; a fence cut off from the farmhouse does
    not count ("you cannot expand your farm from the separated land tile").
    """
    reach = t.cell_corners[farm]
    pending = [t.edge_vertices[e] for e in bits((f | f >> t.edges) & t.edge_mask)]
    grew = True
    while grew and pending:
        grew = False
        rest = []
        for ends in pending:
            if reach & ends:
                if ends & ~reach:
                    reach |= ends
                    grew = True
            else:
                rest.append(ends)
        pending = rest
    return reach


def _cells(mask: int) -> Iterator[int]:
    return bits(mask)


def expansion_base(t: Tables, partition: Partition, controlled: int, reach: int, farm: int) -> int:
    """Tiles a player may expand from: the farmhouse and controlled land joined to it."""
    base = 1 << farm
    if not controlled:
        return base
    for region in partition.regions:
        if region.cells & controlled and corners(t, region.boundary) & reach:
            base |= region.cells
    return base


def grows_from(t: Tables, cells: int, base: int) -> bool:
    """Whether land ``cells`` holds or is orthogonally next to a tile of ``base``."""
    if cells & base:
        return True
    return any(t.neighbours[c] & base for c in _cells(cells))


def touching(t: Tables, cells: int) -> int:
    """Edges on a side of any tile of ``cells``."""
    out = 0
    for c in _cells(cells):
        out |= t.cell_sides[c]
    return out


def protected_tiles(
    controlled: Sequence[int], farmers: Sequence[int], homes: Sequence[int] = ()
) -> tuple[int, ...]:
    """Per player, the tile their farmer protects (a tile they control), or -1.

    "If your farmer is on one of your controlled land tiles, it protects that
    tile." ``homes`` lists farmhouse tiles where a farmer does not protect
    (``Rules.home_farmer_protects`` off).
    """
    return tuple(
        cell if controlled[p] >> cell & 1 and cell not in homes else -1
        for p, cell in enumerate(farmers)
    )


def card_sets(t: Tables, cards: Sequence[int]) -> tuple[int, int, int, int]:
    """Tiles with a crop, with livestock, with livestock that eats, with an edible crop."""
    crops = livestock = eaters = edible = 0
    market = t.market
    types = t.market_type
    for c, k in enumerate(cards):
        if k < 0:
            continue
        kind = types[k]
        if kind == CROP:
            crops |= 1 << c
            if market[k].edible:
                edible |= 1 << c
        elif kind == LIVESTOCK:
            livestock |= 1 << c
            if market[k].eats:
                eaters |= 1 << c
    return crops, livestock, eaters, edible


def hungry(t: Tables, partition: Partition, cards: Sequence[int], mature: int) -> tuple[int, int]:
    """LOOSE ANIMALS! and OM, NOM, NOM!: the livestock that runs away and the crops eaten.

    "If at any point mature livestock is on a land tile that is not fully
    fenced, it runs away. Flip it to its immature side." "If at any point
    mature livestock is in the same fenced area as mature crop, it will eat
    the crop" (Ducks do not eat; Orchards cannot be eaten).
    """
    _, livestock, eaters, edible = card_sets(t, cards)
    closed = 0
    for region in partition.regions:
        if region.closed:
            closed |= region.cells
    loose = livestock & mature & ~closed
    hunters = eaters & mature & closed
    food = edible & mature
    eaten = 0
    if hunters and food:
        for region in partition.regions:
            if region.closed and region.cells & hunters:
                eaten |= region.cells & food
    return loose, eaten
