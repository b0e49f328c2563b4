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
explanations and the tests share one implementation.
"""

# ruff: noqa: RUF005  (tuple concatenation is quicker than unpacking in the hot paths)

from __future__ import annotations

from collections.abc import Sequence

import attrs

from acreage.core.bitset import bits
from acreage.core.frozen import builder
from acreage.core.regions import Border, Region, partition
from acreage.get_off_my_land.tables import CROP, LIVESTOCK, Tables

__all__ = [
    "Lands",
    "Links",
    "anchored",
    "blocked_edges",
    "boundary",
    "card_sets",
    "claimable",
    "control",
    "corners",
    "edges_at",
    "expansion_base",
    "fence_groups",
    "flood",
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


@attrs.frozen
class Links:
    """Vertices joined by a set of fences, kept up to date fence by fence.

    The fences on ``edges`` make groups of vertices joined through them
    (:func:`fence_groups`). A new fence closes a cycle of them exactly when
    its two ends already lie in one group: such edges are ``closing``.

    Attributes:
        edges: the edges holding the fences.
        groups: the vertex sets joined by the fences.
        reaches: per group, the edges with an end in it.
        closing: the edges whose two ends lie in one group.
    """

    edges: int
    groups: tuple[int, ...]
    reaches: tuple[int, ...]
    closing: int

    @classmethod
    def of(cls, t: Tables, edges: int) -> Links:
        if not edges:
            return cls(0, (), (), 0)
        groups = tuple(fence_groups(t, edges))
        reaches = tuple(edges_at(t, g) for g in groups)
        closing = 0
        for g, reach in zip(groups, reaches, strict=True):
            closing |= _within(t, g, reach)
        return cls(edges, groups, reaches, closing)

    @property
    def reach(self) -> int:
        """The edges with an end on one of the fences."""
        out = 0
        for reach in self.reaches:
            out |= reach
        return out

    def joined_reach(self, vertices: int, reach: int) -> int:
        """The edges with an end among ``vertices`` or the vertices joined to them by
        the fences, given ``reach``, the edges with an end among ``vertices``."""
        for k, g in enumerate(self.groups):  # (zip(..., strict=True) costs more here)
            if g & vertices:
                reach |= self.reaches[k]
        return reach

    def join(self, t: Tables, edge: int) -> Links:
        """The links once a fence stands on ``edge`` too.

        The groups at its two ends (or lone vertices) join, and the edges
        between them become closing.
        """
        closing = self.closing
        groups = self.groups
        reaches = self.reaches
        if not closing >> edge & 1:  # else its ends are in one group already
            a, b = t.edge_ends[edge]
            # The groups holding each end (at most one each, and not the same one).
            i = j = -1
            for k, g in enumerate(groups):
                if g >> a & 1:
                    i = k
                    if j >= 0:
                        break
                elif g >> b & 1:
                    j = k
                    if i >= 0:
                        break
            # The other groups keep their order; the joined one comes last.
            if i < 0:
                ra = t.vertex_edges[a]
                if j < 0:  # a new group
                    rb = t.vertex_edges[b]
                    groups = groups + (1 << a | 1 << b,)
                    reaches = reaches + (ra | rb,)
                else:
                    rb = reaches[j]
                    groups = groups[:j] + groups[j + 1 :] + (groups[j] | 1 << a,)
                    reaches = reaches[:j] + reaches[j + 1 :] + (ra | rb,)
            else:
                ra = reaches[i]
                if j < 0:
                    rb = t.vertex_edges[b]
                    groups = groups[:i] + groups[i + 1 :] + (groups[i] | 1 << b,)
                    reaches = reaches[:i] + reaches[i + 1 :] + (ra | rb,)
                else:
                    rb = reaches[j]
                    joined = groups[i] | groups[j]
                    if i > j:
                        i, j = j, i
                    groups = groups[:i] + groups[i + 1 : j] + groups[j + 1 :] + (joined,)
                    reaches = reaches[:i] + reaches[i + 1 : j] + reaches[j + 1 :] + (ra | rb,)
            closing |= ra & rb
        return _links(self.edges | 1 << edge, groups, reaches, closing)

    def cut(self, t: Tables, edge: int) -> Links:
        """The links once the fence on ``edge`` is gone.

        Only its group changes: it may fall in two (a lone end drops out), and
        the edges between the two parts stop closing.
        """
        edges = self.edges & ~(1 << edge)
        groups = self.groups
        reaches = self.reaches
        closing = self.closing
        if self.edges >> edge & 1:  # else no fence there: nothing changes
            a, b = t.edge_ends[edge]
            i = 0
            for g in groups:
                if g >> a & 1:
                    break
                i += 1
            g = groups[i]
            reach = reaches[i]
            vertex_edges = t.vertex_edges
            va = vertex_edges[a]
            vb = vertex_edges[b]
            fences = edges & reach  # the group's other fences
            if not va & fences:  # ``a`` drops out
                if not vb & fences:  # and so does ``b``: the group was this fence
                    groups = groups[:i] + groups[i + 1 :]
                    reaches = reaches[:i] + reaches[i + 1 :]
                    closing &= ~(1 << edge)
                else:
                    part, part_reach = _drop(t, g, reach, a, va)
                    closing &= ~(va & part_reach)
                    groups = groups[:i] + (part,) + groups[i + 1 :]
                    reaches = reaches[:i] + (part_reach,) + reaches[i + 1 :]
            elif not vb & fences:  # ``b`` drops out
                part, part_reach = _drop(t, g, reach, b, vb)
                closing &= ~(part_reach & vb)
                groups = groups[:i] + (part,) + groups[i + 1 :]
                reaches = reaches[:i] + (part_reach,) + reaches[i + 1 :]
            else:
                # Both ends keep fences: the vertices joined to ``a`` without this fence.
                edge_vertices = t.edge_vertices
                side = frontier = 1 << a
                side_reach = 0
                rest = fences
                while frontier:
                    new = 0
                    while frontier:
                        low = frontier & -frontier
                        frontier ^= low
                        new |= vertex_edges[low.bit_length() - 1]
                    side_reach |= new
                    new &= rest
                    rest ^= new
                    while new:
                        low = new & -new
                        new ^= low
                        frontier |= edge_vertices[low.bit_length() - 1]
                    frontier &= ~side
                    side |= frontier
                    if side >> b & 1:  # still joined
                        break
                else:  # in two
                    other = g & ~side
                    other_reach = edges_at(t, other)
                    closing &= ~(side_reach & other_reach)
                    # In the order fence_groups finds them: the part with the lowest
                    # fence first.
                    low = fences & -fences
                    if edge_vertices[low.bit_length() - 1] & side:
                        groups = groups[:i] + (side, other) + groups[i + 1 :]
                        reaches = reaches[:i] + (side_reach, other_reach) + reaches[i + 1 :]
                    else:
                        groups = groups[:i] + (other, side) + groups[i + 1 :]
                        reaches = reaches[:i] + (other_reach, side_reach) + reaches[i + 1 :]
        return _links(edges, groups, reaches, closing)


def _drop(t: Tables, group: int, reach: int, v: int, v_edges: int) -> tuple[int, int]:
    """``group`` and its ``reach`` without vertex ``v`` (whose edges are ``v_edges``),
    which no fence of the group touches any more."""
    part = group & ~(1 << v)
    edge_vertices = t.edge_vertices
    rest = v_edges
    while rest:
        low = rest & -rest
        rest ^= low
        if not edge_vertices[low.bit_length() - 1] & part:
            reach ^= low  # its other end is not in the group either
    return part, reach


_links = builder(Links)
"""``Links(edges, groups, reaches, closing)``, built quicker (one or two a fence)."""


@attrs.frozen
class Lands:
    """The regions the fences make: a partition of the board kept up to date edge by edge.

    Built with :func:`acreage.core.regions.partition`; :meth:`block` and
    :meth:`unblock` then recompute only the region an edge touches, with the
    bit-parallel :func:`flood` and :func:`boundary` of this module (the
    property tests hold them equal to the core's).

    Attributes:
        blocked: the edges holding a fence.
        regions: the regions (core :class:`~acreage.core.regions.Region` values),
            in no particular order.
    """

    blocked: int
    regions: tuple[Region, ...]

    @classmethod
    def of(cls, t: Tables, blocked: int) -> Lands:
        if not blocked:  # one open region: the whole board
            cells = (1 << t.n) - 1
            edges = boundary(t, cells)
            return cls(0, (Region(cells, edges, not edges & t.border_edges),))
        return cls(blocked, partition(t.grid, blocked, Border.OPEN).regions)

    def index_of(self, cell: int) -> int:
        for i, region in enumerate(self.regions):
            if region.cells >> cell & 1:
                return i
        raise ValueError(f"cell {cell} is not on the board")

    def region_of(self, cell: int) -> Region:
        """The region holding ``cell``."""
        for region in self.regions:
            if region.cells >> cell & 1:
                return region
        raise ValueError(f"cell {cell} is not on the board")

    def block(self, t: Tables, edge: int) -> Lands:
        """The regions once ``edge`` holds a fence (the same ``regions`` tuple if
        none changed: then neither did who controls what)."""
        old_blocked = self.blocked
        blocked = old_blocked | 1 << edge
        regions = self.regions
        cells = t.edge_cells[edge]
        if len(cells) == 2:
            # A fence with an end touching no other fence and no edge of the play
            # area (every one-tile edge is a border edge) splits nothing: its two
            # tiles still meet around that end, through the three other tiles there.
            a, b = t.edge_ends[edge]
            attached = (old_blocked | t.border_edges) & ~(1 << edge)
            vertex_edges = t.vertex_edges
            if vertex_edges[a] & attached and vertex_edges[b] & attached:
                c, d = cells
                side = flood(t, c, blocked, d)
                if not side >> d & 1:  # split in two
                    i = 0
                    for old in regions:
                        if old.cells >> c & 1:
                            break
                        i += 1
                    # The two parts' boundaries: the side's, and the rest of the old
                    # one's (an edge between the parts is on both; any other on one).
                    edges = boundary(t, side)
                    rest = old.boundary ^ edges
                    border = t.border_edges & ~blocked
                    regions = (
                        regions[:i]
                        + regions[i + 1 :]
                        + (
                            _region(side, edges, not edges & border),
                            _region(old.cells & ~side, rest, not rest & border),
                        )
                    )
        else:
            c = cells[0]
            i = 0
            for old in regions:
                if old.cells >> c & 1:
                    break
                i += 1
            closed = not old.boundary & t.border_edges & ~blocked
            if closed != old.closed:
                regions = (
                    regions[:i] + regions[i + 1 :] + (_region(old.cells, old.boundary, closed),)
                )
        return _lands(blocked, regions)

    def unblock(self, t: Tables, edge: int) -> Lands:
        """The regions once ``edge`` holds no fence."""
        blocked = self.blocked & ~(1 << edge)
        regions = self.regions
        cells = t.edge_cells[edge]
        c = cells[0]
        i = 0
        for old in regions:
            if old.cells >> c & 1:
                break
            i += 1
        if len(cells) == 2:
            d = cells[1]
            if not old.cells >> d & 1:
                j = 0
                for other in regions:
                    if other.cells >> d & 1:
                        break
                    j += 1
                edges = old.boundary ^ other.boundary
                merged = _region(
                    old.cells | other.cells, edges, not edges & t.border_edges & ~blocked
                )
                if i > j:
                    i, j = j, i
                regions = regions[:i] + regions[i + 1 : j] + regions[j + 1 :] + (merged,)
        elif old.closed:
            opened = _region(old.cells, old.boundary, False)
            regions = regions[:i] + regions[i + 1 :] + (opened,)
        return _lands(blocked, regions)


_lands = builder(Lands)
"""``Lands(blocked, regions)``, built quicker."""
_region = builder(Region)
"""``Region(cells, boundary, closed)``, built quicker."""


def _within(t: Tables, vertices: int, reach: int) -> int:
    """Of the edges ``reach`` (those with an end in ``vertices``), those with both ends there."""
    out = 0
    edge_vertices = t.edge_vertices
    while reach:
        low = reach & -reach
        reach ^= low
        ends = edge_vertices[low.bit_length() - 1]
        if vertices & ends == ends:
            out |= low
    return out


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
    lands: Lands,
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
    outer = 0  # = outer_slots(t, fences)
    for f in fences:
        outer |= f
    outer >>= edges
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
    cells = region.cells
    if not region.closed or cells & t.farm_mask & ~(1 << t.farm_cell[player]):
        return -1
    f = fences[player]
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


def corners(t: Tables, edges: int) -> int:
    """The vertices at the ends of ``edges``."""
    out = 0
    vertices = t.edge_vertices
    while edges:
        low = edges & -edges
        edges ^= low
        out |= vertices[low.bit_length() - 1]
    return out


def flood(t: Tables, cell: int, blocked: int, goal: int = -1) -> int:
    """The tiles reachable from ``cell`` across unfenced edges (bit-parallel).

    With a ``goal`` tile, stops as soon as it is reached (the answer then
    holds it, but perhaps not every tile reachable).
    """
    if not t.cell_sides[cell] & ~(blocked | t.border_edges):
        return 1 << cell  # fenced in on its own (as half the floods are)
    width = t.grid.width
    open_n = ~blocked & t.below_top  # tiles whose north side is open
    open_e = (~blocked >> t.n) & t.not_right  # tiles whose east side is open
    open_s = open_n >> width
    open_w = open_e << 1
    reach = 1 << cell
    if goal < 0:
        while True:
            grown = (
                reach
                | (reach & open_n) >> width
                | (reach & open_s) << width
                | (reach & open_e) << 1
                | (reach & open_w) >> 1
            )
            if grown == reach:
                return reach
            reach = grown
    while True:
        grown = (
            reach
            | (reach & open_n) >> width
            | (reach & open_s) << width
            | (reach & open_e) << 1
            | (reach & open_w) >> 1
        )
        if grown == reach or grown >> goal & 1:
            return grown
        reach = grown


def split_side(t: Tables, c: int, d: int, blocked: int) -> int:
    """With the edge between tiles ``c`` and ``d`` fenced (in ``blocked``), the tiles of
    one side when the fence splits their region in two (the side whose flood ends
    first), or 0 when ``c`` and ``d`` still meet around it.

    The two sides are flooded in step, so the work is that of the side with fewer
    steps across: a fence closing a pen ends after the pen, whichever tile of
    the edge lies in it, where :func:`flood` from the other tile would cross the
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


_BOUNDARIES: dict[int, int] = {}
"""Answers of :func:`boundary`, by tile set and board shape (the same few land
shapes come up again and again); emptied when it grows large."""


def boundary(t: Tables, cells: int) -> int:
    """The edges with exactly one side in ``cells`` (the play area's edge included)."""
    width = t.grid.width
    n = t.n
    # The board's size and width, then the tiles (in the low bits: they make the hash).
    key = (n << 16 | width) << n | cells
    out = _BOUNDARIES.get(key)
    if out is None:
        if len(_BOUNDARIES) >= 1 << 14:
            _BOUNDARIES.clear()
        out = _BOUNDARIES[key] = _boundary(t, cells, width)
    return out


def _boundary(t: Tables, cells: int, width: int) -> int:
    north = ((cells ^ (cells << width)) & t.below_top) | (cells & t.top_row)
    east = ((cells ^ (cells >> 1)) & t.not_right) | (cells & t.right_col)
    out = north | east << t.n
    bottom = cells >> (t.n - width)
    if bottom:
        out |= bottom << (2 * t.n)
    left = cells & t.left_col
    if left:
        west = t.west_sides.get(left)
        if west is None:
            west = t.west_sides[left] = sum(
                1 << (2 * t.n + width + y) for y, c in enumerate(t.left_cells) if left >> c & 1
            )
        out |= west
    return out


def fence_groups(t: Tables, blocked: int) -> list[int]:
    """The vertex sets joined by fences (one bitset per group of touching fences).

    A new fence closes an area (splits a region or shuts it off from the
    outside) exactly when both its ends lie in one group: the outside is open,
    so only a cycle of fences encloses anything.
    """
    groups: list[int] = []
    vertices = t.edge_vertices
    while blocked:
        low = blocked & -blocked
        blocked ^= low
        ends = vertices[low.bit_length() - 1]
        first = -1
        for i, g in enumerate(groups):
            if g & ends:
                if first < 0:
                    first = i
                    groups[i] = g | ends
                    if g & ends == ends:
                        break
                else:
                    groups[first] |= g
                    del groups[i]
                    break
        if first < 0:
            groups.append(ends)
    return groups


def links(t: Tables, f: int, farm: int) -> int:
    """Vertices a new fence of fence set ``f`` may touch: the farmhouse tile's corners
    and the ends of the player's fences.

    "Fence pieces must be placed connected to your Farmhouse Tile or a fence
    piece you already have in play."
    """
    return t.cell_corners[farm] | corners(t, (f | f >> t.edges) & t.edge_mask)


def edges_at(t: Tables, vertices: int) -> int:
    """The edges with an end among ``vertices``."""
    out = 0
    vertex_edges = t.vertex_edges
    while vertices:
        low = vertices & -vertices
        vertices ^= low
        out |= vertex_edges[low.bit_length() - 1]
    return out


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


def expansion_base(t: Tables, lands: Lands, controlled: int, reach: int, farm: int) -> int:
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


def hungry(t: Tables, lands: Lands, cards: Sequence[int], mature: int) -> tuple[int, int]:
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
