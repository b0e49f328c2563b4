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
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final

import attrs
import networkx as nx

from acreage.core.bitset import bits, mask
from acreage.core.grid import Grid

__all__ = [
    "OUTSIDE",
    "Border",
    "Partition",
    "Region",
    "adjacent",
    "dilate",
    "edge_mask",
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


def _flood(grid: Grid, seed: int, passable: tuple[int, ...]) -> int:
    """All board-layout cells reachable from ``seed`` through open inner edges.

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
        while frontier:
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
    while frontier:
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


def _region(grid: Grid, group: int, open_border: int | None) -> Region:
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
    """The regions of a grid with a set of blocked edges.

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
        return self.regions[self.index_of(cell)]

    def closed_cells(self) -> int:
        """Bitset of every cell in a closed region."""
        out = 0
        for region in self.regions:
            if region.closed:
                out |= region.cells
        return out

    def block(self, edge: int) -> Partition:
        """The partition with ``edge`` blocked too; only the touched region is recomputed."""
        if self.blocked >> edge & 1:
            return self
        return self._changed(edge, self.blocked | 1 << edge)

    def unblock(self, edge: int) -> Partition:
        """The partition with ``edge`` open; at most two regions merge."""
        if not self.blocked >> edge & 1:
            return self
        return self._changed(edge, self.blocked & ~(1 << edge))

    def _changed(self, edge: int, blocked: int) -> Partition:
        grid = self.grid
        touched = {self.index_of(c) for c in grid.edge_cells[edge]}
        kept = [r for i, r in enumerate(self.regions) if i not in touched]
        cells = 0
        for i in touched:
            cells |= self.regions[i].cells
        passable = _passable(grid, blocked)
        open_border = _open_border(grid, blocked, self.border)
        remaining = grid._to_board(cells)
        while remaining:
            group = _flood(grid, remaining & -remaining, passable)
            remaining &= ~group
            kept.append(_region(grid, group, open_border))
        kept.sort(key=lambda r: r.cells & -r.cells)
        return Partition(grid, blocked, self.border, tuple(kept))


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
            regions.append(_region(grid, group, open_border))
            continue
        # _region, inlined: most partitions are a couple of regions, and the
        # call costs as much as the work.
        cells = from_board(group)
        edges = tables(cells)
        regions.append(Region(cells, edges, open_border is None or not edges & open_border))
    # Board layouts preserve cell order, so regions come out by lowest cell id.
    return Partition(grid, blocked_mask, mode, tuple(regions))


def flood(grid: Grid, start: int | Iterable[int], blocked: int | Iterable[int] = 0) -> int:
    """Bitset of the cells reachable from ``start`` (a cell bitset or ids) through unblocked edges."""
    seed = grid._to_board(edge_mask(start))
    return grid._from_board(_flood(grid, seed, _passable(grid, edge_mask(blocked))))


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
