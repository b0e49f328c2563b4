"""Regions: the connected groups of cells when some edges are blocked.

All four games ask the same questions of a board with walls on it (fences,
field borders): which cells hang together, which edges bound each group, is a
group closed off, who owns all of its boundary. This module answers them for
any :class:`~acreage.core.grid.Grid`.

Two border modes say what lies beyond the board's edge:

* ``Border.WALL``: the border is a wall; every group is closed.
* ``Border.OPEN``: beyond the border lies an open outside. A group is closed
  only when every border edge of its cells is blocked (a fence stands there).

Cell and edge sets are int bitsets (see :mod:`acreage.core.bitset`). The fast
path floods whole sets at once with shifts; :func:`partition_nx` computes the
same answer with networkx and is the reference the property tests hold the
fast path to.

Games that block and open edges one at a time keep a :class:`Partition` and
update it with :meth:`Partition.block` and :meth:`Partition.unblock`, which
look again only at the region the edge touches (and most often not even
that: see :meth:`Partition.block`). A :class:`FenceNetwork` keeps, the same
way, the groups of vertices one owner's walls join, and so the edges where a
new wall of theirs would close a cycle: only such a wall can close an area
off when the outside is open.
"""

# ruff: noqa: RUF005  (tuple concatenation is quicker than unpacking in the hot paths)

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final

import attrs
import networkx as nx

from acreage.core.bitset import bits, mask
from acreage.core.frozen import builder, replaced
from acreage.core.grid import Grid

__all__ = [
    "OUTSIDE",
    "Border",
    "FenceNetwork",
    "Partition",
    "Region",
    "adjacent",
    "boundary",
    "corners",
    "dilate",
    "edge_mask",
    "edges_at",
    "fence_groups",
    "flood",
    "partition",
    "partition_nx",
    "sole_owner",
    "to_networkx",
    "vertex_graph",
]

OUTSIDE: Final = "outside"
"""The node standing for the outside of the board in :func:`to_networkx`."""


class Border(enum.Enum):
    """What lies beyond the board's edge."""

    WALL = "wall"
    OPEN = "open"


@attrs.frozen(slots=True)
class Region:
    """One connected group of cells.

    Attributes:
        cells: bitset of the group's cell ids.
        boundary: bitset of the edges with exactly one side in the group (the
            border edges of its cells included).
        closed: whether the group cannot reach the outside.
    """

    cells: int
    boundary: int
    closed: bool

    def __contains__(self, cell: int) -> bool:
        return bool(self.cells >> cell & 1)

    def __len__(self) -> int:
        return self.cells.bit_count()

    def cell_ids(self) -> tuple[int, ...]:
        """The group's cell ids, increasing."""
        return tuple(bits(self.cells))

    def boundary_ids(self) -> tuple[int, ...]:
        """The group's boundary edge ids, increasing."""
        return tuple(bits(self.boundary))


def edge_mask(edges: int | Iterable[int]) -> int:
    """Accept an edge bitset or an iterable of edge ids; return the bitset."""
    return edges if isinstance(edges, int) else mask(edges)


def _passable(grid: Grid, blocked: int) -> tuple[int, ...]:
    """Board-layout cells whose side is an open inner edge, per direction.

    The directions come in ``grid._flood_order``: those whose step shifts
    bits left first, then those shifting right.
    """
    square = grid._square_plan
    if square is not None:  # (E, S, N, W); the cells' own layout, no map to make
        n, width, below_top, not_right = square
        open_n = ~blocked & below_top
        open_e = (~blocked >> n) & not_right
        return (open_e, open_n >> width, open_n, open_e << 1)
    tables = grid._sides_board
    open_sides = (
        tables(grid.inner_edges & ~blocked)
        if tables is not None
        else grid._sides_to_board(~blocked)
    )
    out = [0] * len(grid.directions)
    for offset, src, shift, slot, back_slot in grid._passable_plan:
        open_side = (open_sides >> offset) & src
        out[slot] = open_side
        # The same edge seen from the neighbour, which lies one step away.
        out[back_slot] = open_side << shift if shift >= 0 else open_side >> -shift
    return tuple(out)


def _flood(grid: Grid, seed: int, passable: tuple[int, ...], goal: int = 0) -> int:
    """All board-layout cells reachable from ``seed`` through open inner edges, or, once
    one of the board-layout cells ``goal`` is reached, those reached so far.

    Opposite directions shift opposite ways, so half the directions shift
    left and half right; the loop body is one expression per grid kind. The
    first direction is a shift by one (or has no steps), so it runs along
    whole rows at once with a carry: adding the frontier's cells of ``a`` to
    ``a`` carries each one through the open sides ahead of it, and the XOR
    keeps every bit the carry passed (``a`` is 0 at the carry's stop).
    """
    reached = frontier = seed
    if len(passable) == 4:
        a, b, c, d = passable
        _, kb, kc, kd = grid._flood_shifts
        while frontier and not reached & goal:
            frontier = (
                ((a + (frontier & a)) ^ a)
                | ((frontier & b) << kb)
                | ((frontier & c) >> kc)
                | ((frontier & d) >> kd)
            ) & ~reached
            reached |= frontier
        return reached
    a, b, c, d, e, f = passable
    _, kb, kc, kd, ke, kf = grid._flood_shifts
    while frontier and not reached & goal:
        frontier = (
            ((a + (frontier & a)) ^ a)
            | ((frontier & b) << kb)
            | ((frontier & c) << kc)
            | ((frontier & d) >> kd)
            | ((frontier & e) >> ke)
            | ((frontier & f) >> kf)
        ) & ~reached
        reached |= frontier
    return reached


def _step(grid: Grid, cells: int, d: int) -> int:
    """Board layout: the ``d``-neighbours of ``cells``."""
    shift = grid._board_shift[d]
    m = cells & grid._board_src[d]
    return m << shift if shift >= 0 else m >> -shift


def _boundary(grid: Grid, group: int) -> int:
    """Edge bitset bounding the board-layout cell set ``group``."""
    half = len(grid.directions) // 2
    width = grid._board_bits
    sides = 0
    border = 0
    for k in range(half):
        opp = k + half
        # Side k of cell c bounds the group when exactly one of c and its
        # k-neighbour is in it; c's k-neighbour is in the group exactly when
        # c is an opp-neighbour of the group.
        sides |= (group ^ _step(grid, group, opp)) << (k * width)
        # Border sides in the other directions have ids of their own.
        border |= (group & ~grid._board_src[opp]) << (k * width)
    return grid._board_to_sides(sides) | grid._board_to_border(border)


def _board_region(grid: Grid, group: int, open_border: int | None) -> Region:
    """The region of board-layout ``group``; ``open_border`` is the unblocked
    border edges in ``Border.OPEN`` mode, ``None`` when the border is a wall."""
    cells = grid._from_board(group)
    tables = grid._cell_sides
    boundary = tables(cells) if tables is not None else _boundary(grid, group)
    closed = open_border is None or not (boundary & open_border)
    return Region(cells, boundary, closed)


def _open_border(grid: Grid, blocked: int, border: Border) -> int | None:
    return grid.border_edges & ~blocked if border is Border.OPEN else None


@attrs.frozen(slots=True)
class Partition:
    """The regions of a grid with a set of blocked edges, kept up to date edge by edge.

    Made by :func:`partition`; :meth:`block` and :meth:`unblock` give the
    partition one edge later, looking again only at the region the edge
    touches. The regions keep the order a fresh :func:`partition` gives them,
    so an updated partition equals the fresh one.

    Attributes:
        grid: the grid.
        blocked: the bitset of blocked edges.
        border: what lies beyond the board's edge.
        regions: the regions, ordered by their lowest cell id.
    """

    grid: Grid = attrs.field(eq=False)
    blocked: int
    border: Border
    regions: tuple[Region, ...]

    def __iter__(self) -> Iterator[Region]:
        return iter(self.regions)

    def __len__(self) -> int:
        return len(self.regions)

    def index_of(self, cell: int) -> int:
        """The index in :attr:`regions` of the region holding ``cell``."""
        for i, region in enumerate(self.regions):
            if region.cells >> cell & 1:
                return i
        raise ValueError(f"cell {cell} is not on {self.grid!r}")

    def region_of(self, cell: int) -> Region:
        """The region holding ``cell``."""
        for region in self.regions:
            if region.cells >> cell & 1:
                return region
        raise ValueError(f"cell {cell} is not on {self.grid!r}")

    def closed_cells(self) -> int:
        """Bitset of every cell in a closed region."""
        out = 0
        for region in self.regions:
            if region.closed:
                out |= region.cells
        return out

    def block(self, edge: int) -> Partition:
        """The partition with ``edge`` blocked too.

        Its ``regions`` are the same tuple when no region changed. An inner
        edge with an end touching no other blocked edge and no border edge
        splits nothing: its two cells still meet around that end, through the
        other cells there. Otherwise one flood from one of its cells, stopping
        as soon as it reaches the other, tells whether the region splits; a
        border edge can only close its region off from the outside.
        """
        old_blocked = self.blocked
        if old_blocked >> edge & 1:
            return self
        blocked = old_blocked | 1 << edge
        grid = self.grid
        regions = self.regions
        cells = grid.edge_cells[edge]
        if len(cells) == 2:
            a, b = grid.edge_vertices[edge]
            attached = old_blocked | grid.border_edges
            vertex_edges = grid.vertex_edge_mask
            if vertex_edges[a] & attached and vertex_edges[b] & attached:
                c, d = cells
                side = _flood_cell(grid, c, blocked, d)
                if not side >> d & 1:  # split in two
                    regions = self._split(self.index_of(c), side, blocked)
        elif self.border is Border.OPEN:
            c = cells[0]
            i = 0
            for old in regions:
                if old.cells >> c & 1:
                    break
                i += 1
            closed = not old.boundary & grid.border_edges & ~blocked
            if closed != old.closed:
                regions = replaced(regions, i, _region(old.cells, old.boundary, closed))
        return _partition(grid, blocked, self.border, regions)

    def _split(self, i: int, side: int, blocked: int) -> tuple[Region, ...]:
        """:attr:`regions` once region ``i`` falls in two, ``side`` and the rest."""
        regions = self.regions
        old = regions[i]
        grid = self.grid
        # The two parts' boundaries: the side's, and the rest of the old one's (an
        # edge between the parts is on both; any other on one).
        edges = boundary(grid, side)
        rest = old.boundary ^ edges
        open_border = grid.border_edges & ~blocked if self.border is Border.OPEN else 0
        first = _region(side, edges, not edges & open_border)
        second = _region(old.cells & ~side, rest, not rest & open_border)
        if not side & old.cells & -old.cells:
            first, second = second, first
        # ``first`` keeps the old region's lowest cell and place; ``second`` goes
        # before the first region after it whose lowest cell is higher than its own.
        below = (second.cells & -second.cells) - 1
        j = i + 1
        n = len(regions)
        while j < n and regions[j].cells & below:
            j += 1
        return regions[:i] + (first,) + regions[i + 1 : j] + (second,) + regions[j:]

    def unblock(self, edge: int) -> Partition:
        """The partition with ``edge`` open; at most two regions merge, or one opens."""
        old_blocked = self.blocked
        if not old_blocked >> edge & 1:
            return self
        blocked = old_blocked & ~(1 << edge)
        grid = self.grid
        regions = self.regions
        cells = grid.edge_cells[edge]
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
                closed = self.border is Border.WALL or not edges & grid.border_edges & ~blocked
                merged = _region(old.cells | other.cells, edges, closed)
                if i > j:
                    i, j = j, i
                regions = regions[:i] + (merged,) + regions[i + 1 : j] + regions[j + 1 :]
        elif old.closed and self.border is Border.OPEN:
            regions = replaced(regions, i, _region(old.cells, old.boundary, False))
        return _partition(grid, blocked, self.border, regions)


_partition = builder(Partition)
"""``Partition(grid, blocked, border, regions)``, built quicker (one a blocked edge)."""
_region = builder(Region)
"""``Region(cells, boundary, closed)``, built quicker."""

_BOUNDARIES_KEPT: Final = 1 << 14
"""At most this many answers of :func:`boundary` are kept per grid."""


def boundary(grid: Grid, cells: int) -> int:
    """Bitset of the edges with exactly one side in the cell bitset ``cells`` (the
    border edges of its cells included).

    The answers are kept per grid (the same few shapes of land come up again and
    again in a game), at most ``2**14`` of them; each is stored at once, so
    threads sharing a grid read a whole answer or none.
    """
    kept = grid._boundaries
    out = kept.get(cells)
    if out is None:
        if len(kept) >= _BOUNDARIES_KEPT:
            kept.clear()
        tables = grid._cell_sides
        out = tables(cells) if tables is not None else _boundary(grid, grid._to_board(cells))
        kept[cells] = out
    return out


def _flood_cell(grid: Grid, cell: int, blocked: int, goal: int = -1) -> int:
    """Bitset of the cells reachable from ``cell`` when ``blocked`` edges are walls;
    with a ``goal`` cell, stops as soon as it is reached."""
    if not grid.cell_edge_mask[cell] & ~(blocked | grid.border_edges):
        return 1 << cell  # walled in on its own (as many floods are)
    if grid._square_plan is not None:  # the board layout is the cells' own
        return _flood(grid, 1 << cell, _passable(grid, blocked), 1 << goal if goal >= 0 else 0)
    board = grid._to_board
    seed = board(1 << cell)
    reached = _flood(grid, seed, _passable(grid, blocked), board(1 << goal) if goal >= 0 else 0)
    return grid._from_board(reached)


def partition(
    grid: Grid, blocked: int | Iterable[int] = 0, border: Border | str = Border.OPEN
) -> Partition:
    """Split ``grid`` into the connected groups of cells when ``blocked`` edges are walls.

    ``blocked`` is an edge bitset or an iterable of edge ids; blocked border
    edges matter only with ``Border.OPEN``, where they shut a group off from
    the outside.

    >>> from acreage.core.grid import SquareGrid
    >>> g = SquareGrid(2, 1)
    >>> [r.cell_ids() for r in partition(g, [g.edge_between(0, 1)]).regions]
    [(0,), (1,)]
    """
    blocked_mask = blocked if isinstance(blocked, int) else mask(blocked)
    mode = border if isinstance(border, Border) else Border(border)
    passable = _passable(grid, blocked_mask)
    open_border = _open_border(grid, blocked_mask, mode)
    regions = []
    remaining = grid._board_all
    from_board, tables = grid._from_board, grid._cell_sides
    while remaining:
        group = _flood(grid, remaining & -remaining, passable)
        remaining &= ~group
        if tables is None:
            regions.append(_board_region(grid, group, open_border))
            continue
        # _board_region, inlined: most partitions are a couple of regions, and the
        # call costs as much as the work.
        cells = from_board(group)
        edges = tables(cells)
        regions.append(Region(cells, edges, open_border is None or not edges & open_border))
    # Board layouts preserve cell order, so regions come out by lowest cell id.
    return Partition(grid, blocked_mask, mode, tuple(regions))


def flood(
    grid: Grid, start: int | Iterable[int], blocked: int | Iterable[int] = 0, goal: int = -1
) -> int:
    """Bitset of the cells reachable from ``start`` (a cell bitset or ids) through unblocked edges.

    With a ``goal`` cell, stops as soon as the goal is reached: the answer then
    holds it, but perhaps not every cell reachable.
    """
    board = grid._to_board
    seed = board(edge_mask(start))
    target = board(1 << goal) if goal >= 0 else 0
    return grid._from_board(_flood(grid, seed, _passable(grid, edge_mask(blocked)), target))


def _touching(grid: Grid, board: int) -> int:
    out = 0
    for d in range(len(grid.directions)):
        out |= _step(grid, board, d)
    return out


def dilate(grid: Grid, cells: int) -> int:
    """Bitset of the cells orthogonally next to ``cells`` and not in it."""
    board = grid._to_board(cells)
    return grid._from_board(_touching(grid, board) & ~board)


def adjacent(grid: Grid, a: int, b: int) -> bool:
    """Whether some cell of bitset ``a`` shares an edge with some cell of bitset ``b``."""
    return bool(grid._from_board(_touching(grid, grid._to_board(a))) & b)


def sole_owner(edges: int, owner: Mapping[int, int] | Callable[[int], int | None]) -> int | None:
    """The one owner of every edge in bitset ``edges``, or ``None``.

    ``owner`` maps an edge id to its owner (a mapping, or a function returning
    ``None`` for an unowned edge). The answer is ``None`` when ``edges`` is
    empty, when some edge has no owner, or when two owners share it.
    """
    lookup = owner.get if isinstance(owner, Mapping) else owner
    found: int | None = None
    for e in bits(edges):
        who = lookup(e)
        if who is None or (found is not None and who != found):
            return None
        found = who
    return found


# -- fence networks -------------------------------------------------------------


def corners(grid: Grid, edges: int) -> int:
    """Bitset of the vertices at the ends of the edge bitset ``edges``."""
    out = 0
    ends = grid.edge_vertex_mask
    while edges:
        low = edges & -edges
        edges ^= low
        out |= ends[low.bit_length() - 1]
    return out


def edges_at(grid: Grid, vertices: int) -> int:
    """Bitset of the edges with an end in the vertex bitset ``vertices``."""
    out = 0
    vertex_edges = grid.vertex_edge_mask
    while vertices:
        low = vertices & -vertices
        vertices ^= low
        out |= vertex_edges[low.bit_length() - 1]
    return out


def fence_groups(grid: Grid, edges: int) -> list[int]:
    """The vertex bitsets joined by the edge bitset ``edges`` (one per group of touching edges),
    in the order of each group's lowest edge.

    With an open outside, a new wall closes an area off (splits a region or
    shuts one off from the outside) exactly when both its ends lie in one group
    of walls: only a cycle of walls encloses anything.
    """
    groups: list[int] = []
    vertices = grid.edge_vertex_mask
    while edges:
        low = edges & -edges
        edges ^= low
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


def _within(grid: Grid, vertices: int, reach: int) -> int:
    """Of the edges ``reach`` (those with an end in ``vertices``), those with both ends there."""
    out = 0
    edge_vertices = grid.edge_vertex_mask
    while reach:
        low = reach & -reach
        reach ^= low
        ends = edge_vertices[low.bit_length() - 1]
        if vertices & ends == ends:
            out |= low
    return out


@attrs.frozen(slots=True)
class FenceNetwork:
    """The vertices one owner's walls (fences) join, kept up to date wall by wall.

    The walls on ``edges`` make groups of vertices joined through them
    (:func:`fence_groups`). A new wall closes a cycle of them exactly when its
    two ends already lie in one group: such edges are ``closing``, and with an
    open outside only they can close an area off.

    Made by :meth:`of`; :meth:`join` and :meth:`cut` give the network one wall
    later. The groups keep no particular order (:meth:`of` gives them in the
    order of :func:`fence_groups`; :meth:`join` puts the joined group last).

    Attributes:
        edges: the edges holding the walls.
        groups: the vertex bitsets joined by the walls.
        reaches: per group, the edges with an end in it.
        closing: the edges whose two ends lie in one group.
    """

    edges: int
    groups: tuple[int, ...]
    reaches: tuple[int, ...]
    closing: int

    @classmethod
    def of(cls, grid: Grid, edges: int) -> FenceNetwork:
        """The network of walls on the edge bitset ``edges`` of ``grid``."""
        if not edges:
            return cls(0, (), (), 0)
        groups = tuple(fence_groups(grid, edges))
        reaches = tuple(edges_at(grid, g) for g in groups)
        closing = 0
        for g, reach in zip(groups, reaches, strict=True):
            closing |= _within(grid, g, reach)
        return cls(edges, groups, reaches, closing)

    @property
    def reach(self) -> int:
        """The edges with an end on one of the walls."""
        out = 0
        for reach in self.reaches:
            out |= reach
        return out

    def joined_reach(self, vertices: int, reach: int) -> int:
        """The edges with an end among ``vertices`` or the vertices joined to them by
        the walls, given ``reach``, the edges with an end among ``vertices``."""
        for k, g in enumerate(self.groups):  # (zip(..., strict=True) costs more here)
            if g & vertices:
                reach |= self.reaches[k]
        return reach

    def join(self, grid: Grid, edge: int) -> FenceNetwork:
        """The network once a wall stands on ``edge`` too.

        The groups at its two ends (or lone vertices) join, and the edges
        between them become closing.
        """
        closing = self.closing
        groups = self.groups
        reaches = self.reaches
        if not closing >> edge & 1:  # else its ends are in one group already
            a, b = grid.edge_vertices[edge]
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
            vertex_edges = grid.vertex_edge_mask
            if i < 0:
                ra = vertex_edges[a]
                if j < 0:  # a new group
                    rb = vertex_edges[b]
                    groups = groups + (1 << a | 1 << b,)
                    reaches = reaches + (ra | rb,)
                else:
                    rb = reaches[j]
                    groups = groups[:j] + groups[j + 1 :] + (groups[j] | 1 << a,)
                    reaches = reaches[:j] + reaches[j + 1 :] + (ra | rb,)
            else:
                ra = reaches[i]
                if j < 0:
                    rb = vertex_edges[b]
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
        return _network(self.edges | 1 << edge, groups, reaches, closing)

    def cut(self, grid: Grid, edge: int) -> FenceNetwork:
        """The network once the wall on ``edge`` is gone.

        Only its group changes: it may fall in two (a lone end drops out), and
        the edges between the two parts stop closing.
        """
        edges = self.edges & ~(1 << edge)
        groups = self.groups
        reaches = self.reaches
        closing = self.closing
        if self.edges >> edge & 1:  # else no wall there: nothing changes
            a, b = grid.edge_vertices[edge]
            i = 0
            for g in groups:
                if g >> a & 1:
                    break
                i += 1
            g = groups[i]
            reach = reaches[i]
            vertex_edges = grid.vertex_edge_mask
            va = vertex_edges[a]
            vb = vertex_edges[b]
            walls = edges & reach  # the group's other walls
            if not va & walls:  # ``a`` drops out
                if not vb & walls:  # and so does ``b``: the group was this wall
                    groups = groups[:i] + groups[i + 1 :]
                    reaches = reaches[:i] + reaches[i + 1 :]
                    closing &= ~(1 << edge)
                else:
                    part, part_reach = _drop(grid, g, reach, a, va)
                    closing &= ~(va & part_reach)
                    groups = replaced(groups, i, part)
                    reaches = replaced(reaches, i, part_reach)
            elif not vb & walls:  # ``b`` drops out
                part, part_reach = _drop(grid, g, reach, b, vb)
                closing &= ~(part_reach & vb)
                groups = replaced(groups, i, part)
                reaches = replaced(reaches, i, part_reach)
            else:
                # Both ends keep walls: the vertices joined to ``a`` without this wall.
                edge_vertices = grid.edge_vertex_mask
                side = frontier = 1 << a
                side_reach = 0
                rest = walls
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
                    other_reach = edges_at(grid, other)
                    closing &= ~(side_reach & other_reach)
                    # In the order fence_groups finds them: the part with the lowest
                    # wall first.
                    low = walls & -walls
                    if edge_vertices[low.bit_length() - 1] & side:
                        groups = groups[:i] + (side, other) + groups[i + 1 :]
                        reaches = reaches[:i] + (side_reach, other_reach) + reaches[i + 1 :]
                    else:
                        groups = groups[:i] + (other, side) + groups[i + 1 :]
                        reaches = reaches[:i] + (other_reach, side_reach) + reaches[i + 1 :]
        return _network(edges, groups, reaches, closing)


def _drop(grid: Grid, group: int, reach: int, v: int, v_edges: int) -> tuple[int, int]:
    """``group`` and its ``reach`` without vertex ``v`` (whose edges are ``v_edges``),
    which no wall of the group touches any more."""
    part = group & ~(1 << v)
    edge_vertices = grid.edge_vertex_mask
    rest = v_edges
    while rest:
        low = rest & -rest
        rest ^= low
        if not edge_vertices[low.bit_length() - 1] & part:
            reach ^= low  # its other end is not in the group either
    return part, reach


_network = builder(FenceNetwork)
"""``FenceNetwork(edges, groups, reaches, closing)``, built quicker (one or two a wall)."""


# -- networkx: the reference and the export -----------------------------------


def to_networkx(
    grid: Grid, blocked: int | Iterable[int] = 0, *, outside: bool = False
) -> nx.Graph[Any]:
    """The cell graph: cells joined by their unblocked inner edges.

    Each graph edge carries its edge id as attribute ``edge``. With
    ``outside=True`` the node :data:`OUTSIDE` is joined to every cell with an
    unblocked border edge (a :class:`networkx.MultiGraph`, one graph edge per
    border edge, keyed by edge id).
    """
    blocked_mask = edge_mask(blocked)
    graph: nx.Graph[Any] = nx.MultiGraph() if outside else nx.Graph()
    graph.add_nodes_from(range(grid.n_cells))
    for e, cells in enumerate(grid.edge_cells):
        if blocked_mask >> e & 1:
            continue
        if len(cells) == 2:
            if outside:
                graph.add_edge(cells[0], cells[1], key=e, edge=e)
            else:
                graph.add_edge(cells[0], cells[1], edge=e)
        elif outside:
            graph.add_edge(cells[0], OUTSIDE, key=e, edge=e)
    return graph


def vertex_graph(grid: Grid, blocked: int | Iterable[int] = 0) -> nx.Graph[Any]:
    """The vertex graph (crossroads joined by paths), without the ``blocked`` edges.

    Each graph edge carries its edge id as attribute ``edge``.
    """
    blocked_mask = edge_mask(blocked)
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(grid.n_vertices))
    for e, (a, b) in enumerate(grid.edge_vertices):
        if not blocked_mask >> e & 1:
            graph.add_edge(a, b, edge=e)
    return graph


def partition_nx(
    grid: Grid, blocked: int | Iterable[int] = 0, border: Border | str = Border.OPEN
) -> Partition:
    """:func:`partition` computed with networkx: slow, simple, the reference."""
    blocked_mask = edge_mask(blocked)
    mode = Border(border)
    graph = to_networkx(grid, blocked_mask, outside=True)
    full: nx.MultiGraph[Any] = nx.MultiGraph()
    full.add_nodes_from(range(grid.n_cells))
    full.add_node(OUTSIDE)
    for e, cells in enumerate(grid.edge_cells):
        other = cells[1] if len(cells) == 2 else OUTSIDE
        full.add_edge(cells[0], other, key=e)
    inner = graph.subgraph(range(grid.n_cells))
    regions = []
    for component in nx.connected_components(inner):
        members = mask(component)
        crossing: Iterable[tuple[Any, Any, int]] = nx.edge_boundary(full, component, keys=True)  # type: ignore[assignment]
        boundary = mask(key for _, _, key in crossing)
        reaches_outside = any(graph.has_edge(c, OUTSIDE) for c in component)
        closed = mode is Border.WALL or not reaches_outside
        regions.append(Region(members, boundary, closed))
    regions.sort(key=lambda r: r.cells & -r.cells)
    return Partition(grid, blocked_mask, mode, tuple(regions))
