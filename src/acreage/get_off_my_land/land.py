"""Fences and land: regions, fully fenced, control, connection, claims and animals.

The fence model (each point pinned by a ruling: https://acreage.readthedocs.io/en/latest/rulings/get-off-my-land/):

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
  fence of theirs (``Rules.anchored_fences``: one connected to the
  farmhouse through their fences). Gaining control of land needs it to be
  orthogonally next to (or to hold) the player's farmhouse or a tile they
  control that is connected to the farmhouse.

Everything here is a pure function of bitsets, so the engine, the legality
explanations and the tests share one implementation. The regions the fences
make and each player's fence network are the core's
(:class:`~acreage.core.regions.Partition` and
:class:`~acreage.core.regions.FenceNetwork`, kept up to date fence by fence);
this module holds the game's rules over them.
"""

from __future__ import annotations

from collections.abc import Sequence

from acreage.core.bitset import bits
from acreage.core.regions import Partition, Region, corners
from acreage.get_off_my_land.tables import CROP, LIVESTOCK, Tables

__all__ = [
    "anchored",
    "blocked_edges",
    "card_sets",
    "claimable",
    "control",
    "expansion_base",
    "grows_from",
    "hungry",
    "inner_edges",
    "links",
    "near_edges",
    "normalise",
    "outer_slots",
    "owner_at",
    "protected_tiles",
    "split_side",
    "touching",
]


def blocked_edges(t: Tables, fences: Sequence[int]) -> int:
    """Edges holding at least one fence."""
    every = 0
    for f in fences:
        every |= f
    return (every | every >> t.edges) & t.edge_mask


def outer_slots(t: Tables, fences: Sequence[int]) -> int:
    """Edges whose second slot holds a fence (edges with two fences)."""
    every = 0
    for f in fences:
        every |= f
    return every >> t.edges


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


def control(
    t: Tables,
    lands: Partition,
    fences: Sequence[int],
    before: Sequence[int] | None = None,
    touched: int = -1,
) -> tuple[int, ...]:
    """The tiles each player controls.

    With ``before`` (control before a change) and ``touched`` (tiles beside
    every edge whose fences changed), only the regions holding touched tiles
    are looked at again: a region's control depends on its own boundary only.
    """
    closed: Sequence[Region]
    if before is None:
        out = [0] * len(fences)
        closed = lands.regions
    else:
        area = 0
        closed = []
        for region in lands.regions:
            cells = region.cells
            if cells & touched:
                area |= cells
                if region.closed:
                    closed.append(region)
        if not closed:  # nobody controls open land
            for mask in before:
                if mask & area:
                    return tuple([mask & ~area for mask in before])
            return tuple(before)
        out = [mask & ~area for mask in before]
    edges = t.edges
    outer = outer_slots(t, fences)
    for region in closed:
        if not region.closed:
            continue
        # near_edges of each player, with the region's sides worked out once
        cells = region.cells
        bound = region.boundary
        first, second = _sides(t, region)
        single = second & ~outer
        for p, f in enumerate(fences):
            if ((f & first) | ((f >> edges) & second) | (f & single)) == bound:
                if not cells & t.farm_mask & ~(1 << t.farm_cell[p]):
                    out[p] |= cells
                break
    return tuple(out)


def claimable(
    t: Tables, region: Region, fences: Sequence[int], seat: int, controlled: int, outer: int
) -> int:
    """The edges whose opponent's fence ``seat`` removes on taking ``region``, or -1.

    A region is claimable when it is fully fenced, holds no other player's
    farmhouse, and each fence on its side of the boundary is the player's, or
    is an opponent's fence backed on the far side by the player's own fence
    and land (``controlled``): that fence would be "inside" the player's
    controlled area and is removed (fig.9). The answer is the set of such
    edges (0 when the player simply controls it).
    """
    cells = region.cells
    if not region.closed or cells & t.farm_mask & ~(1 << t.farm_cell[seat]):
        return -1
    f = fences[seat]
    far = f >> t.edges
    bound = region.boundary
    if bound & ~(f | far):
        return -1  # an edge without the player's fence is neither near nor backed
    # near_edges(t, f, region, outer), with the sides kept for ``backed``
    first, second = _sides(t, region)
    missing = bound & ~((f & first) | (far & second) | (f & second & ~outer))
    if not missing:
        return 0
    backed = (far & first) | (f & second & outer)
    backed &= _far_cells_edges(t, controlled, first, second)
    return missing if not missing & ~backed else -1


def normalise(t: Tables, fences: list[int]) -> None:
    """Move a lone fence left in an edge's second slot back to its first slot."""
    first = 0
    for f in fences:
        first |= f
    drop = (first >> t.edges) & ~first & t.edge_mask
    if not drop:
        return
    for p, f in enumerate(fences):
        moved = (f >> t.edges) & drop
        if moved:
            fences[p] = (f & ~(moved << t.edges)) | moved


def split_side(t: Tables, c: int, d: int, blocked: int) -> int:
    """With the edge between tiles ``c`` and ``d`` fenced (in ``blocked``), the tiles of
    one side when the fence splits their region in two (the side whose flood ends
    first), or 0 when ``c`` and ``d`` still meet around it.

    The two sides are flooded in step, so the work is that of the side with fewer
    steps across: a fence closing a pen ends after the pen, whichever tile of
    the edge lies in it, where :func:`~acreage.core.regions.flood` from the other tile would cross the
    rest of the board.
    """
    width = t.grid.width
    open_n = ~blocked & t.below_top
    open_e = (~blocked >> t.n) & t.not_right
    open_s = open_n >> width
    open_w = open_e << 1
    a = 1 << c
    b = 1 << d
    while True:
        grown = a | (a & open_n) >> width | (a & open_s) << width | (a & open_e) << 1
        grown |= (a & open_w) >> 1
        if grown & b:
            # Joined. (Only ``c``'s step can find it: ``c`` and ``d`` lie side by side on
            # a chequerboard, so every way between them takes an odd number of steps.)
            return 0
        if grown == a:
            return a
        a = grown
        grown = b | (b & open_n) >> width | (b & open_s) << width | (b & open_e) << 1
        grown |= (b & open_w) >> 1
        if grown == b:
            return b
        b = grown


def inner_edges(t: Tables, cells: int) -> int:
    """The edges with both sides in ``cells``."""
    north = cells & (cells << t.grid.width) & t.below_top
    east = cells & (cells >> 1) & t.not_right
    return north | east << t.n


def links(t: Tables, f: int, farm: int) -> int:
    """Vertices a new fence of fence set ``f`` may touch: the farmhouse tile's corners
    and the ends of the player's fences.

    "Fence pieces must be placed connected to your Farmhouse Tile or a fence
    piece you already have in play."
    """
    return t.cell_corners[farm] | corners(t.grid, (f | f >> t.edges) & t.edge_mask)


def anchored(t: Tables, f: int, farm: int) -> int:
    """Vertices joined to the farmhouse tile's corners through the player's fences.

    Land whose fences do not reach them is cut off ("you cannot expand your
    farm from the separated land tile until you reconnect it to your
    farmhouse"); with ``Rules.anchored_fences`` new fences must touch them too.
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


def expansion_base(t: Tables, lands: Partition, controlled: int, reach: int, farm: int) -> int:
    """Tiles a player may expand from: the farmhouse and controlled land joined to it.

    ``reach`` holds the edges with an end on the farmhouse or on the player's
    fences joined to it: land whose boundary has such an edge is joined.
    """
    base = 1 << farm
    if not controlled:
        return base
    for region in lands.regions:
        if region.cells & controlled and region.boundary & reach:
            base |= region.cells
    return base


def grows_from(t: Tables, cells: int, base: int) -> bool:
    """Whether land ``cells`` holds or is orthogonally next to a tile of ``base``."""
    width = t.grid.width
    around = (
        cells
        | cells << width
        | cells >> width
        | (cells & t.not_right) << 1
        | (cells >> 1) & t.not_right
    )
    return bool(around & base)


def touching(t: Tables, cells: int) -> int:
    """Edges on a side of any tile of ``cells``."""
    out = 0
    for c in bits(cells):
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
        [
            cell if controlled[p] >> cell & 1 and cell not in homes else -1
            for p, cell in enumerate(farmers)
        ]
    )


def card_sets(t: Tables, cards: Sequence[int]) -> tuple[int, int, int, int, int]:
    """Tiles with a crop, with livestock, with livestock that eats, with an edible
    crop, and with any market card.

    A state's ``cards`` tuple passes unchanged from state to state until a card
    is bought or removed, so the last answer is kept with the tuple it is for:
    as one pair, stored at once, so that a thread never reads the tuple of
    one call with the answer of another.
    """
    last = t.last_card_sets[0]
    if last[0] is cards:
        return last[1]
    sets = _card_sets(t, cards)
    if type(cards) is tuple:  # a tuple cannot change behind the cache's back
        t.last_card_sets[0] = (cards, sets)
    return sets


def _card_sets(t: Tables, cards: Sequence[int]) -> tuple[int, int, int, int, int]:
    crops = livestock = eaters = edible = planted = 0
    market = t.market
    types = t.market_type
    for c, k in enumerate(cards):
        if k < 0:
            continue
        planted |= 1 << c
        kind = types[k]
        if kind == CROP:
            crops |= 1 << c
            if market[k].edible:
                edible |= 1 << c
        elif kind == LIVESTOCK:
            livestock |= 1 << c
            if market[k].eats:
                eaters |= 1 << c
    return crops, livestock, eaters, edible, planted


def hungry(t: Tables, lands: Partition, cards: Sequence[int], mature: int) -> tuple[int, int]:
    """LOOSE ANIMALS! and OM, NOM, NOM!: the livestock that runs away and the crops eaten.

    "If at any point mature livestock is on a land tile that is not fully
    fenced, it runs away. Flip it to its immature side." "If at any point
    mature livestock is in the same fenced area as mature crop, it will eat
    the crop" (Ducks do not eat; Orchards cannot be eaten).
    """
    if not mature:
        return 0, 0
    _, livestock, eaters, edible, _ = card_sets(t, cards)
    if not livestock & mature:
        return 0, 0
    closed = 0
    for region in lands.regions:
        if region.closed:
            closed |= region.cells
    loose = livestock & mature & ~closed
    hunters = eaters & mature & closed
    food = edible & mature
    eaten = 0
    if hunters and food:
        for region in lands.regions:
            if region.closed and region.cells & hunters:
                eaten |= region.cells & food
    return loose, eaten
