"""The board: 37 plots, 96 crossroads and 132 paths of a ``HexGrid(3)``.

Plots are the grid's cells (flat-topped hexagons, axial ``q,r``), crossroads
its vertices (where a tractor stands) and paths its edges (where a fence or a
hay bale lies). Every table here is a tuple of ints built once at import, so
the engine answers "which plots touch this crossroad?" with one index and one
``&``.

Names, as they appear in move texts:

* a plot is ``"q,r"`` (``"0,-2"``);
* a crossroad is a plot and one of its corners ``NW NE E SE SW W``
  (``"0,-2 E"``); every crossroad has one to three such names, and the
  canonical one uses the plot with the lowest id (topmost row, then leftmost);
* a path is a plot and one of its sides ``N NE SE S SW NW`` (``"0,-1 NE"``);
* a tractor's heading along a path is ``E NE NW W SW SE``: three of them
  leave each crossroad (``E NW SW`` from a plot's east corner, ``W NE SE``
  from its west corner).
"""

from __future__ import annotations

from typing import Final

from acreage.core.game import MoveSyntaxError, shorten
from acreage.core.grid import HexGrid

__all__ = [
    "CELL_EDGES",
    "CELL_NEIGHBOURS",
    "CELL_VERTICES",
    "CENTRE",
    "CORNERS",
    "EDGE_CELLS",
    "GRID",
    "HEADINGS",
    "INNER_PATHS",
    "ROUTES",
    "SIDES",
    "STEPS",
    "VERTEX_CELLS",
    "component",
    "crossroad",
    "crossroad_name",
    "crossroads_of",
    "edge_between",
    "field_boundary",
    "neighbours",
    "path",
    "path_name",
    "plot",
    "plot_name",
]

GRID: Final = HexGrid(3)
"""The board every game of Crazy Farmers is played on."""

CENTRE: Final = GRID.cell_id((0, 0))
"""The plot in the centre of the board, where the Mad Cow starts."""

SIDES: Final = GRID.directions
"""A plot's sides, the names of paths: ``N NE SE S SW NW``."""

CORNERS: Final = ("NW", "NE", "E", "SE", "SW", "W")
"""A plot's corners in grid order (side ``d`` joins corners ``d`` and ``d + 1``)."""

HEADINGS: Final = ("E", "NE", "NW", "W", "SW", "SE")
"""The six ways a tractor can leave a crossroad (three from each crossroad)."""

_HEADING_OF_DELTA = {(2, 0): 0, (1, -1): 1, (-1, -1): 2, (-2, 0): 3, (-1, 1): 4, (1, 1): 5}


def _bits(ids: object) -> int:
    out = 0
    for i in ids:  # type: ignore[attr-defined]
        out |= 1 << i
    return out


VERTEX_CELLS: Final = tuple(_bits(cs) for cs in GRID.vertex_cells)
"""``VERTEX_CELLS[v]``: the plots touching crossroad ``v`` (bitset)."""

EDGE_CELLS: Final = tuple(_bits(cs) for cs in GRID.edge_cells)
"""``EDGE_CELLS[e]``: the one or two plots along path ``e`` (bitset)."""

CELL_VERTICES: Final = tuple(_bits(vs) for vs in GRID.cell_vertices)
"""``CELL_VERTICES[c]``: the six crossroads around plot ``c`` (bitset)."""

CELL_EDGES: Final = tuple(_bits(es) for es in GRID.cell_edges)
"""``CELL_EDGES[c]``: the six paths around plot ``c`` (bitset)."""

CELL_NEIGHBOURS: Final = tuple(_bits(c for _, c in nb) for nb in GRID.neighbors)
"""``CELL_NEIGHBOURS[c]``: the plots sharing a side with ``c`` (bitset)."""

INNER_PATHS: Final = GRID.inner_edges
"""The paths between two plots (a hay bale may lie only there)."""


def _steps() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    out = []
    for v in range(GRID.n_vertices):
        x, y = GRID.vertex_points[v]
        row = []
        for e in GRID.vertex_edges[v]:
            a, b = GRID.edge_vertices[e]
            n = b if a == v else a
            nx, ny = GRID.vertex_points[n]
            row.append((_HEADING_OF_DELTA[(nx - x, ny - y)], e, n))
        out.append(tuple(sorted(row)))
    return tuple(out)


STEPS: Final = _steps()
"""``STEPS[v]``: ``(heading, path, crossroad)`` for every path leaving ``v``, by heading."""

ROUTES: Final = tuple(
    tuple(next(((e, w) for h, e, w in STEPS[v] if h == heading), None) for heading in range(6))
    for v in range(GRID.n_vertices)
)
"""``ROUTES[v][heading]``: ``(path, crossroad)`` the tractor takes from ``v``, or ``None``."""

_EDGE_BETWEEN: Final = {
    (a, b): e for e, (a, b) in enumerate(GRID.edge_vertices) for a, b in ((a, b), (b, a))
}


def edge_between(a: int, b: int) -> int:
    """The path joining neighbouring crossroads ``a`` and ``b``."""
    return _EDGE_BETWEEN[(a, b)]


def crossroads_of(cells: int) -> int:
    """Every crossroad touching a plot of ``cells`` (bitset)."""
    out = 0
    while cells:
        low = cells & -cells
        out |= CELL_VERTICES[low.bit_length() - 1]
        cells ^= low
    return out


def field_boundary(cells: int) -> int:
    """The paths with exactly one side in ``cells``, board-edge paths included."""
    out = 0
    while cells:
        low = cells & -cells
        out ^= CELL_EDGES[low.bit_length() - 1]
        cells ^= low
    return out


def component(cells: int, seed: int) -> int:
    """The plots of ``cells`` connected (side by side) to the plots of ``seed``."""
    part = frontier = seed & cells
    while frontier:
        frontier = neighbours(frontier) & cells & ~part
        part |= frontier
    return part


def neighbours(cells: int) -> int:
    """Every plot sharing a side with a plot of ``cells`` (bitset; plots of ``cells`` too
    when they lie side by side)."""
    out = 0
    while cells:
        low = cells & -cells
        out |= CELL_NEIGHBOURS[low.bit_length() - 1]
        cells ^= low
    return out


# -- names ------------------------------------------------------------------------


def plot_name(cell: int) -> str:
    """``"q,r"`` of a plot."""
    q, r = GRID.cell_coords[cell]
    return f"{q},{r}"


def _canonical_corner(v: int) -> tuple[int, int]:
    cell = GRID.vertex_cells[v][0]
    return cell, GRID.cell_vertices[cell].index(v)


_CROSSROAD_NAMES: Final = tuple(
    f"{plot_name(c)} {CORNERS[k]}" for c, k in map(_canonical_corner, range(GRID.n_vertices))
)
_PATH_NAMES: Final = tuple(f"{plot_name(c)} {SIDES[d]}" for c, d in GRID.edge_sides)


def crossroad_name(vertex: int) -> str:
    """The canonical name of a crossroad: ``"q,r CORNER"``."""
    return _CROSSROAD_NAMES[vertex]


def path_name(edge: int) -> str:
    """The canonical name of a path: ``"q,r SIDE"``."""
    return _PATH_NAMES[edge]


def plot(text: str | tuple[int, int]) -> int:
    """The id of a plot named ``"q,r"`` or given as ``(q, r)``.

    :class:`~acreage.MoveSyntaxError` (a ``ValueError``) for anything else.
    """
    if isinstance(text, tuple):
        if len(text) != 2 or not all(type(x) is int for x in text):
            raise MoveSyntaxError(f"{shorten(text)} is not a plot (q, r)")
        coord = text
    elif isinstance(text, str):
        parts = text.strip().split(",")
        if len(parts) != 2:
            raise MoveSyntaxError(f"{shorten(text)} is not a plot 'q,r'")
        try:
            coord = (int(parts[0]), int(parts[1]))
        except ValueError:
            raise MoveSyntaxError(f"{shorten(text)} is not a plot 'q,r'") from None
    else:
        raise MoveSyntaxError(f"{shorten(text)} is not a plot 'q,r'")
    if max(map(abs, coord)) > GRID.radius:
        raise MoveSyntaxError(f"{shorten(coord)} is not a plot of the board")
    try:
        return GRID.cell_id(coord)
    except KeyError:
        raise MoveSyntaxError(f"{coord[0]},{coord[1]} is not a plot of the board") from None


def _plot_and(text: str, names: tuple[str, ...], what: str) -> tuple[int, int]:
    words = text.split() if isinstance(text, str) else ()
    if len(words) != 2 or words[1] not in names:
        raise MoveSyntaxError(f"{shorten(text)} is not a {what} 'q,r {'|'.join(names)}'")
    return plot(words[0]), names.index(words[1])


def crossroad(text: str) -> int:
    """The id of the crossroad named ``"q,r CORNER"`` (any of its names); :class:`~acreage.MoveSyntaxError` if none."""
    cell, k = _plot_and(text, CORNERS, "crossroad")
    return GRID.cell_vertices[cell][k]


def path(text: str) -> int:
    """The id of the path named ``"q,r SIDE"`` (either of its names); :class:`~acreage.MoveSyntaxError` if none."""
    cell, d = _plot_and(text, SIDES, "path")
    return GRID.cell_edges[cell][d]
