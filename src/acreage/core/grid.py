"""Square and hexagonal grids: integer ids for cells, edges and vertices.

Every game board in acreage is one of two grids behind one protocol, so that
region code is written once:

* :class:`SquareGrid` ``(width, height)``: cells ``(x, y)`` with ``y`` growing
  downwards; directions ``N, E, S, W``. Cell id ``y * width + x``.
* :class:`HexGrid` ``(radius)``: flat-topped hexagons in axial coordinates
  ``(q, r)`` holding the cells with ``max(|q|, |r|, |q + r|) <= radius``;
  directions ``N=(0,-1), NE=(1,-1), SE=(1,0), S=(0,1), SW=(-1,1), NW=(-1,0)``.
  Cell ids follow ``(r, q)`` order.

Cells are plots or tiles, edges are the sides between them (fences, paths)
and vertices are their corners (crossroads). Every table is built once per
grid shape and shared: constructing ``SquareGrid(12, 12)`` twice returns the
same object.

Edge ids are laid out by direction so that bit-parallel code can go from cell
sets to edge sets with shifts: the first half of the directions (``N, E`` or
``N, NE, SE``) are the *primary* directions, and the ``d``-side of cell ``c``
for the ``k``-th primary direction has id ``k * n_cells + c``. The remaining
border sides (a cell's ``S``/``W`` side on the edge of the board, say) follow
in direction order, then cell order. An inner edge therefore has exactly one
id, the primary side of one of its two cells.

Vertices are numbered in order of first appearance, cell by cell, corner by
corner. ``vertex_points`` gives each vertex an integer lattice point that
identifies it across grids of the same kind: the corners of square cell
``(x, y)`` are ``(x, y)`` to ``(x+1, y+1)``; hexagon ``(q, r)`` has its centre
at ``(3q, 2r+q)`` and its corners at offsets ``(-1,-1) (1,-1) (2,0) (1,1)
(-1,1) (-2,0)`` (upper left, upper right, east, lower right, lower left,
west), so edge ``d`` of a cell joins corners ``d`` and ``d+1``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import ClassVar, Final

from acreage.core.bitset import BitMap, XorMap, mask

__all__ = ["Coord", "Grid", "HexGrid", "Point", "SquareGrid"]

Coord = tuple[int, int]
"""A cell's coordinates: ``(x, y)`` on a square grid, axial ``(q, r)`` on a hex grid."""

Point = tuple[int, int]
"""A vertex's integer lattice point (see the module docstring)."""

NO_CELL: Final = -1

_TABLE_CELLS: Final = 256
"""Grids with at most this many cells also get byte tables (a few hundred KB at most)."""


class Grid:
    """The protocol shared by :class:`SquareGrid` and :class:`HexGrid`.

    All tables are tuples indexed by id; they are built once and never change.

    Attributes:
        kind: ``"square"`` or ``"hex"``.
        directions: the direction names, in the order of every per-direction table.
        n_cells, n_edges, n_vertices: the number of ids of each kind.
        cell_coords: ``cell_coords[c]`` is the coordinate of cell ``c``.
        cell_edges: ``cell_edges[c][d]`` is the edge on side ``d`` of cell ``c``.
        cell_vertices: ``cell_vertices[c][i]`` is corner ``i`` of cell ``c``;
            edge ``d`` joins corners ``d`` and ``d + 1``.
        step: ``step[c][d]`` is the neighbour of ``c`` in direction ``d``, or -1.
        neighbors: ``neighbors[c]`` is a tuple of ``(edge, cell)`` pairs, one per
            inner edge of ``c``, in direction order.
        edge_cells: the one cell (a border edge) or two cells of each edge.
        edge_vertices: the two end vertices of each edge, in increasing order.
        edge_sides: ``edge_sides[e]`` is the canonical ``(cell, direction)`` of edge ``e``.
        vertex_edges: the edges meeting at each vertex, increasing.
        vertex_cells: the cells touching each vertex, increasing.
        vertex_points: the lattice point of each vertex.
        all_cells: the bitset of every cell id.
        border_edges: the bitset of the edges on the board's border.
        inner_edges: the bitset of the edges between two cells.
        cell_edge_mask: the bitset of each cell's edges (``cell_edges`` as bitsets).
        edge_vertex_mask: the bitset of each edge's two ends.
        vertex_edge_mask: the bitset of the edges meeting at each vertex.
    """

    # Slots: the hot paths of every game read these tables, and a slot is read
    # quicker than an instance dict.
    __slots__ = (
        "_board_all",
        "_board_bits",
        "_board_shift",
        "_board_src",
        "_board_to_border",
        "_board_to_sides",
        "_boundaries",
        "_cell_index",
        "_cell_sides",
        "_flood_order",
        "_flood_shifts",
        "_from_board",
        "_passable_plan",
        "_sides_board",
        "_sides_to_board",
        "_square_plan",
        "_to_board",
        "_vertex_index",
        "all_cells",
        "border_edges",
        "cell_coords",
        "cell_edge_mask",
        "cell_edges",
        "cell_vertices",
        "directions",
        "edge_cells",
        "edge_sides",
        "edge_vertex_mask",
        "edge_vertices",
        "inner_edges",
        "n_cells",
        "n_edges",
        "n_vertices",
        "neighbors",
        "step",
        "vertex_cells",
        "vertex_edge_mask",
        "vertex_edges",
        "vertex_points",
    )

    kind: ClassVar[str]
    directions: tuple[str, ...]
    n_cells: int
    n_edges: int
    n_vertices: int
    cell_coords: tuple[Coord, ...]
    cell_edges: tuple[tuple[int, ...], ...]
    cell_vertices: tuple[tuple[int, ...], ...]
    step: tuple[tuple[int, ...], ...]
    neighbors: tuple[tuple[tuple[int, int], ...], ...]
    edge_cells: tuple[tuple[int, ...], ...]
    edge_vertices: tuple[tuple[int, int], ...]
    edge_sides: tuple[tuple[int, int], ...]
    vertex_edges: tuple[tuple[int, ...], ...]
    vertex_cells: tuple[tuple[int, ...], ...]
    vertex_points: tuple[Point, ...]
    all_cells: int
    border_edges: int
    inner_edges: int
    cell_edge_mask: tuple[int, ...]
    edge_vertex_mask: tuple[int, ...]
    vertex_edge_mask: tuple[int, ...]

    # Bit-parallel tables used by acreage.core.regions. "Board" positions are
    # a layout in which every direction is a single shift (the identity for
    # square grids, a padded parallelogram for hex grids).
    _to_board: BitMap
    _from_board: BitMap
    _board_all: int
    _board_shift: tuple[int, ...]
    _board_src: tuple[int, ...]
    _board_bits: int
    _flood_order: tuple[int, ...]
    _flood_shifts: tuple[int, ...]
    _passable_plan: tuple[tuple[int, int, int, int, int], ...]
    _sides_to_board: BitMap
    _board_to_sides: BitMap
    _board_to_border: BitMap
    _cell_sides: XorMap | None
    _sides_board: XorMap | None
    _square_plan: tuple[int, int, int, int] | None
    _boundaries: dict[int, int]

    _cell_index: dict[Coord, int]
    _vertex_index: dict[Point, int]

    # -- lookups ---------------------------------------------------------------

    def cell_id(self, coord: Coord) -> int:
        """The id of the cell at ``coord``; :class:`KeyError` when it is off the board."""
        try:
            return self._cell_index[coord]
        except KeyError:
            raise KeyError(f"{coord!r} is not a cell of {self!r}") from None

    def has_cell(self, coord: Coord) -> bool:
        """Whether ``coord`` is on the board."""
        return coord in self._cell_index

    def vertex_id(self, point: Point) -> int:
        """The id of the vertex at lattice ``point``; :class:`KeyError` when there is none."""
        try:
            return self._vertex_index[point]
        except KeyError:
            raise KeyError(f"{point!r} is not a vertex of {self!r}") from None

    def direction(self, name: str) -> int:
        """The index of direction ``name`` (``"N"``, ``"SE"``, ...)."""
        try:
            return self.directions.index(name)
        except ValueError:
            raise KeyError(f"{name!r} is not a direction of {self.kind} grids") from None

    def opposite(self, direction: int) -> int:
        """The direction opposite ``direction``."""
        return (direction + len(self.directions) // 2) % len(self.directions)

    def is_border(self, edge: int) -> bool:
        """Whether ``edge`` lies on the border of the board (it has one cell)."""
        return len(self.edge_cells[edge]) == 1

    def edge_between(self, a: int, b: int) -> int:
        """The edge shared by neighbouring cells ``a`` and ``b``; :class:`ValueError` if none."""
        for edge, other in self.neighbors[a]:
            if other == b:
                return edge
        raise ValueError(f"cells {a} and {b} are not neighbours")

    def distance(self, a: int, b: int) -> int:
        """The number of steps between cells ``a`` and ``b`` ignoring any walls."""
        raise NotImplementedError

    def point_xy(self, point: Point) -> tuple[float, float]:
        """Plane coordinates of a lattice point, for cells of unit size."""
        raise NotImplementedError

    def vertex_xy(self, vertex: int) -> tuple[float, float]:
        """Plane coordinates of ``vertex``, for drawing."""
        return self.point_xy(self.vertex_points[vertex])

    def cell_xy(self, cell: int) -> tuple[float, float]:
        """Plane coordinates of the centre of ``cell``, for drawing."""
        corners = [self.vertex_xy(v) for v in self.cell_vertices[cell]]
        return (
            sum(x for x, _ in corners) / len(corners),
            sum(y for _, y in corners) / len(corners),
        )

    # -- value semantics -------------------------------------------------------

    def _shape(self) -> tuple[int, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._shape() == self._shape()

    def __hash__(self) -> int:
        return hash((self.kind, self._shape()))

    def __reduce__(self) -> tuple[type[Grid], tuple[int, ...]]:
        return (type(self), self._shape())

    # -- construction ----------------------------------------------------------

    def _build(
        self,
        coords: Sequence[Coord],
        directions: tuple[str, ...],
        offsets: Sequence[Coord],
        corners: Callable[[Coord], Sequence[Point]],
        board_pos: Callable[[Coord], int],
    ) -> None:
        """Every table of the grid whose cells, in id order, are ``coords``.

        ``offsets[d]`` is the coordinate step of direction ``d``, ``corners``
        gives a cell's corner points in order, and ``board_pos`` a cell's bit
        in the board layout of :mod:`acreage.core.regions`.
        """
        self._build_ids(coords, directions, offsets, corners)
        self._build_board([board_pos(c) for c in coords])

    def _build_ids(
        self,
        coords: Sequence[Coord],
        directions: tuple[str, ...],
        offsets: Sequence[Coord],
        corners: Callable[[Coord], Sequence[Point]],
    ) -> None:
        """The public tables: cell, edge and vertex ids and how they meet."""
        index = {c: i for i, c in enumerate(coords)}
        step = _steps(coords, offsets, index)
        cell_edges, edge_sides = _edge_ids(step)
        vertex_index, cell_vertices = _vertex_ids(coords, corners)
        edge_vertices = _edge_vertices(edge_sides, cell_vertices)
        self.directions = directions
        self.n_cells = len(coords)
        self.n_edges = len(edge_sides)
        self.n_vertices = len(vertex_index)
        self.cell_coords = tuple(coords)
        self.cell_edges = cell_edges
        self.cell_vertices = cell_vertices
        self.step = step
        self.neighbors = _neighbors(step, cell_edges)
        self.edge_cells = tuple(
            (c,) if step[c][d] == NO_CELL else (c, step[c][d]) for c, d in edge_sides
        )
        self.edge_vertices = edge_vertices
        self.edge_sides = edge_sides
        self.vertex_edges = _incident(self.n_vertices, edge_vertices)
        self.vertex_cells = _incident(self.n_vertices, cell_vertices)
        self.vertex_points = tuple(vertex_index)
        self.all_cells = (1 << self.n_cells) - 1
        self.border_edges = mask(e for e, cs in enumerate(self.edge_cells) if len(cs) == 1)
        self.inner_edges = ((1 << self.n_edges) - 1) & ~self.border_edges
        self.cell_edge_mask = tuple(mask(es) for es in cell_edges)
        self.edge_vertex_mask = tuple(1 << a | 1 << b for a, b in edge_vertices)
        self.vertex_edge_mask = tuple(mask(es) for es in self.vertex_edges)
        self._cell_index = index
        self._vertex_index = vertex_index

    def _build_board(self, pos: list[int]) -> None:
        """The bit-parallel tables of :mod:`acreage.core.regions`, cell ``c`` at board
        bit ``pos[c]``: the maps between cells and the board, and each direction's shift."""
        half = len(self.directions) // 2
        self._to_board = BitMap(enumerate(pos))
        self._from_board = BitMap((p, c) for c, p in enumerate(pos))
        self._board_all = self._to_board(self.all_cells)
        shifts, self._board_src = _direction_shifts(self.step, pos)
        self._board_shift = shifts
        order = self._flood_order = _flood_order(shifts)
        self._flood_shifts = tuple(abs(shifts[d]) for d in order)
        # Per-direction board sets are packed side by side, _board_bits apart,
        # so one map call converts all primary sides (or all border sides) at once.
        width = self._board_bits = max(pos) + 1
        slot = {d: i for i, d in enumerate(order)}
        self._passable_plan = tuple(
            (k * width, self._board_src[k], shifts[k], slot[k], slot[k + half]) for k in range(half)
        )
        # Square grids' board layout is the cells' own: N and E sides are edges c and n + c,
        # and (but on boards one cell wide or high) the flood order is E, S, N, W.
        square = half == 2 and pos == list(range(self.n_cells)) and order == (1, 2, 0, 3)
        self._square_plan = (
            (self.n_cells, -shifts[0], self._board_src[0], self._board_src[1]) if square else None
        )
        self._build_sides(pos, width)

    def _build_sides(self, pos: list[int], width: int) -> None:
        """The maps between edge ids and the packed per-direction board sets
        (direction ``k``'s set ``k * width`` bits up), and the byte tables of small grids."""
        n, half = self.n_cells, len(self.directions) // 2
        sides = [(k * n + c, k * width + pos[c]) for k in range(half) for c in range(n)]
        self._sides_to_board = BitMap(sides)
        self._board_to_sides = BitMap((b, e) for e, b in sides)
        self._board_to_border = BitMap(
            ((d - half) * width + pos[c], e)
            for e, (c, d) in enumerate(self.edge_sides)
            if d >= half
        )
        # On small grids byte tables beat shifts: a cell set's boundary is the
        # XOR of its cells' sides. Open inner sides go to the board layout by
        # table only where the layout needs many shifts (a lookup costs about
        # two thirds of a shift segment).
        small = n <= _TABLE_CELLS
        self._cell_sides = XorMap(mask(es) for es in self.cell_edges) if small else None
        lookups = -(-len(sides) // 8)
        by_table = small and 2 * lookups < 3 * len(self._sides_to_board.segments)
        self._sides_board = XorMap(1 << b for _, b in sides) if by_table else None
        # regions.boundary's answers, by cell set (see there).
        self._boundaries = {}


def _steps(
    coords: Sequence[Coord], offsets: Sequence[Coord], index: dict[Coord, int]
) -> tuple[tuple[int, ...], ...]:
    """``step[c][d]``: the cell one ``offsets[d]`` from cell ``c``, or ``NO_CELL`` off the board."""
    return tuple(
        tuple(index.get((q + dq, r + dr), NO_CELL) for dq, dr in offsets) for q, r in coords
    )


def _edge_ids(
    step: tuple[tuple[int, ...], ...],
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]:
    """``cell_edges`` and ``edge_sides`` in the layout of the module docstring.

    The ``k``-th primary side of cell ``c`` is edge ``k * n + c``, and is also
    the opposite side of the neighbour there; the border sides in the other
    directions follow, by direction then cell.
    """
    n, n_dirs = len(step), len(step[0])
    half = n_dirs // 2
    cell_edges = [[NO_CELL] * n_dirs for _ in range(n)]
    edge_sides = [(c, k) for k in range(half) for c in range(n)]
    for e, (c, k) in enumerate(edge_sides):
        cell_edges[c][k] = e
        if step[c][k] != NO_CELL:
            cell_edges[step[c][k]][k + half] = e
    for d in range(half, n_dirs):
        for c in range(n):
            if step[c][d] == NO_CELL:
                cell_edges[c][d] = len(edge_sides)
                edge_sides.append((c, d))
    return tuple(map(tuple, cell_edges)), tuple(edge_sides)


def _vertex_ids(
    coords: Sequence[Coord], corners: Callable[[Coord], Sequence[Point]]
) -> tuple[dict[Point, int], tuple[tuple[int, ...], ...]]:
    """Vertex ids in order of first appearance, cell by cell, corner by corner: the id
    of each lattice point, and ``cell_vertices``."""
    vertex_index: dict[Point, int] = {}
    cell_vertices = tuple(
        tuple(vertex_index.setdefault(p, len(vertex_index)) for p in corners(coord))
        for coord in coords
    )
    return vertex_index, cell_vertices


def _edge_vertices(
    edge_sides: tuple[tuple[int, int], ...], cell_vertices: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, int], ...]:
    """The two ends of each edge, increasing: side ``d`` of a cell joins its corners
    ``d`` and ``d + 1``."""
    out = []
    for c, d in edge_sides:
        ring = cell_vertices[c]
        a, b = ring[d], ring[(d + 1) % len(ring)]
        out.append((min(a, b), max(a, b)))
    return tuple(out)


def _neighbors(
    step: tuple[tuple[int, ...], ...], cell_edges: tuple[tuple[int, ...], ...]
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """``neighbors[c]``: an ``(edge, cell)`` pair per neighbour of ``c``, in direction order."""
    return tuple(
        tuple((e, nb) for e, nb in zip(edges, steps, strict=True) if nb != NO_CELL)
        for edges, steps in zip(cell_edges, step, strict=True)
    )


def _incident(n_vertices: int, members: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Per vertex, the indices of the ``members`` (edges or cells, each listing a vertex
    at most once) that hold it, increasing."""
    out: list[list[int]] = [[] for _ in range(n_vertices)]
    for i, vertices in enumerate(members):
        for v in vertices:
            out[v].append(i)
    return tuple(map(tuple, out))


def _direction_shifts(
    step: tuple[tuple[int, ...], ...], pos: list[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per direction, the board shift that moves every cell to its neighbour there
    (0 when no cell has one), and the board set of the cells that have one."""
    shifts = []
    sources = []
    for d in range(len(step[0])):
        have = [c for c, row in enumerate(step) if row[d] != NO_CELL]
        moves = {pos[step[c][d]] - pos[c] for c in have}
        if len(moves) > 1:  # pragma: no cover - guarded by the layouts below
            raise AssertionError("board layout must make every direction one shift")
        shifts.append(moves.pop() if moves else 0)
        sources.append(mask(pos[c] for c in have))
    return tuple(shifts), tuple(sources)


def _flood_order(shifts: tuple[int, ...]) -> tuple[int, ...]:
    """The directions in the order :func:`acreage.core.regions._flood` wants them: the
    left-shifting ones first, then the right-shifting ones.

    (A lone cell has no steps: its four or six shifts of 0 flood nothing.)
    """
    order = sorted(range(len(shifts)), key=lambda d: (shifts[d] < 0, d))
    if shifts[order[0]] not in (0, 1):  # pragma: no cover - guarded by the layouts below
        raise AssertionError("regions._flood needs a first direction that shifts by one")
    return tuple(order)


_SQUARE_DIRECTIONS = ("N", "E", "S", "W")
_SQUARE_OFFSETS = ((0, -1), (1, 0), (0, 1), (-1, 0))
_HEX_DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
_HEX_OFFSETS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
_HEX_CORNERS = ((-1, -1), (1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0))
_SQRT3_2 = math.sqrt(3) / 2

_square_cache: dict[tuple[int, int], SquareGrid] = {}
_hex_cache: dict[int, HexGrid] = {}


class SquareGrid(Grid):
    """A ``width`` x ``height`` board of square cells (see the module docstring).

    >>> g = SquareGrid(3, 2)
    >>> g.n_cells, g.n_edges, g.n_vertices
    (6, 17, 12)
    >>> g.cell_id((2, 1))
    5
    """

    __slots__ = ("height", "width")
    kind = "square"
    width: int
    height: int

    def __new__(cls, width: int, height: int) -> SquareGrid:
        if not (isinstance(width, int) and isinstance(height, int)) or width < 1 or height < 1:
            raise ValueError(f"a square grid needs positive integer sides, not {width}x{height}")
        grid = _square_cache.get((width, height))
        if grid is None:
            grid = super().__new__(cls)
            grid.width, grid.height = width, height
            coords = [(x, y) for y in range(height) for x in range(width)]
            grid._build(
                coords,
                _SQUARE_DIRECTIONS,
                _SQUARE_OFFSETS,
                lambda c: ((c[0], c[1]), (c[0] + 1, c[1]), (c[0] + 1, c[1] + 1), (c[0], c[1] + 1)),
                lambda c: c[1] * width + c[0],
            )
            _square_cache[(width, height)] = grid
        return grid

    def _shape(self) -> tuple[int, ...]:
        return (self.width, self.height)

    def distance(self, a: int, b: int) -> int:
        """Manhattan distance between cells ``a`` and ``b``."""
        (ax, ay), (bx, by) = self.cell_coords[a], self.cell_coords[b]
        return abs(ax - bx) + abs(ay - by)

    def point_xy(self, point: Point) -> tuple[float, float]:
        """Plane coordinates of a lattice point ``(x, y)``: the point itself."""
        return (float(point[0]), float(point[1]))

    def __repr__(self) -> str:
        return f"SquareGrid({self.width}, {self.height})"


class HexGrid(Grid):
    """A hexagon of flat-topped hexagonal cells of the given ``radius``.

    >>> g = HexGrid(3)
    >>> g.n_cells, g.n_vertices, g.n_edges
    (37, 96, 132)
    >>> g.cell_coords[g.step[g.cell_id((0, 0))][g.direction("NE")]]
    (1, -1)
    """

    __slots__ = ("radius",)
    kind = "hex"
    radius: int

    def __new__(cls, radius: int) -> HexGrid:
        if not isinstance(radius, int) or radius < 0:
            raise ValueError(f"a hex grid needs a non-negative integer radius, not {radius!r}")
        grid = _hex_cache.get(radius)
        if grid is None:
            grid = super().__new__(cls)
            grid.radius = radius
            side = 2 * radius + 1
            coords = [
                (q, r)
                for r in range(-radius, radius + 1)
                for q in range(-radius, radius + 1)
                if abs(q + r) <= radius
            ]
            grid._build(
                coords,
                _HEX_DIRECTIONS,
                _HEX_OFFSETS,
                lambda c: tuple((3 * c[0] + dx, 2 * c[1] + c[0] + dy) for dx, dy in _HEX_CORNERS),
                lambda c: (c[0] + radius) + (c[1] + radius) * side,
            )
            _hex_cache[radius] = grid
        return grid

    def _shape(self) -> tuple[int, ...]:
        return (self.radius,)

    def distance(self, a: int, b: int) -> int:
        """Hex distance between cells ``a`` and ``b``."""
        (aq, ar), (bq, br) = self.cell_coords[a], self.cell_coords[b]
        return max(abs(aq - bq), abs(ar - br), abs(aq + ar - bq - br))

    def point_xy(self, point: Point) -> tuple[float, float]:
        """Plane coordinates of a lattice point (half-steps across, rows of height √3/2)."""
        return (point[0] / 2, point[1] * _SQRT3_2)

    def __repr__(self) -> str:
        return f"HexGrid({self.radius})"
