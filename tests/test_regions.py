"""The fast region code against networkx, the reference."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acreage.core.bitset import bits, mask
from acreage.core.grid import Grid, HexGrid, SquareGrid
from acreage.core.regions import (
    OUTSIDE,
    Border,
    adjacent,
    dilate,
    flood,
    partition,
    partition_nx,
    sole_owner,
    to_networkx,
    vertex_graph,
)

square_grids = st.builds(SquareGrid, st.integers(1, 14), st.integers(1, 14))
hex_grids = st.builds(HexGrid, st.integers(0, 5))


@st.composite
def boards(draw: st.DrawFn, grids: st.SearchStrategy[Grid]) -> tuple[Grid, int]:
    grid = draw(grids)
    density = draw(st.sampled_from([0.0, 0.1, 0.3, 0.5, 0.8, 1.0]))
    rnd = draw(st.randoms(use_true_random=False))
    blocked = mask(e for e in range(grid.n_edges) if rnd.random() < density)
    return grid, blocked


def _check_against_networkx(grid: Grid, blocked: int, border: Border) -> None:
    fast = partition(grid, blocked, border)
    slow = partition_nx(grid, blocked, border)
    assert fast == slow
    # Regions tile the board, in order of their lowest cell.
    union = 0
    for region in fast.regions:
        assert not union & region.cells
        union |= region.cells
    assert union == grid.all_cells
    lows = [r.cells & -r.cells for r in fast.regions]
    assert lows == sorted(lows)


@pytest.mark.parametrize("border", list(Border), ids=lambda b: b.value)
@settings(max_examples=500)
@given(board=boards(square_grids))
def test_square_partition_equals_networkx(board: tuple[Grid, int], border: Border) -> None:
    _check_against_networkx(*board, border)


@pytest.mark.parametrize("border", list(Border), ids=lambda b: b.value)
@settings(max_examples=500)
@given(board=boards(hex_grids))
def test_hex_partition_equals_networkx(board: tuple[Grid, int], border: Border) -> None:
    _check_against_networkx(*board, border)


large_grids = st.one_of(
    st.builds(SquareGrid, st.integers(17, 22), st.integers(16, 20)),
    st.builds(HexGrid, st.integers(9, 10)),
)


@pytest.mark.parametrize("border", list(Border), ids=lambda b: b.value)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.large_base_example])
@given(board=boards(large_grids))
def test_large_grid_partition_equals_networkx(board: tuple[Grid, int], border: Border) -> None:
    # Past 256 cells grids keep no byte tables: the shift-only path answers.
    grid, blocked = board
    assert grid._cell_sides is None and grid._sides_board is None
    _check_against_networkx(grid, blocked, border)


@settings(max_examples=300)
@given(boards(st.one_of(square_grids, hex_grids)), st.sampled_from(Border), st.data())
def test_incremental_updates_equal_a_fresh_partition(
    board: tuple[Grid, int], border: Border, data: st.DataObject
) -> None:
    grid, blocked = board
    part = partition(grid, blocked, border)
    for _ in range(5):
        edge = data.draw(st.integers(0, grid.n_edges - 1))
        if data.draw(st.booleans()):
            part, blocked = part.block(edge), blocked | 1 << edge
        else:
            part, blocked = part.unblock(edge), blocked & ~(1 << edge)
        assert part == partition(grid, blocked, border)


@settings(max_examples=200)
@given(boards(st.one_of(square_grids, hex_grids)), st.data())
def test_flood_dilate_adjacent_match_networkx(board: tuple[Grid, int], data: st.DataObject) -> None:
    grid, blocked = board
    graph = to_networkx(grid, blocked)
    start = data.draw(st.integers(0, grid.n_cells - 1))
    assert flood(grid, [start], blocked) == mask(nx.node_connected_component(graph, start))
    full = to_networkx(grid)
    cells = mask(c for c in range(grid.n_cells) if data.draw(st.booleans()))
    others = mask(c for c in range(grid.n_cells) if data.draw(st.booleans()))
    around = mask(nb for c in bits(cells) for nb in full[c]) & ~cells
    assert dilate(grid, cells) == around
    touching = any(nb in set(bits(others)) for c in bits(cells) for nb in full[c])
    assert adjacent(grid, cells, others) == touching


def test_closed_needs_fenced_border_when_open() -> None:
    g = SquareGrid(2, 1)
    middle = g.edge_between(0, 1)
    left_border = [e for e in g.cell_edges[0] if g.is_border(e)]
    part = partition(g, [middle, *left_border], Border.OPEN)
    assert [r.closed for r in part.regions] == [True, False]
    assert part.region_of(0).boundary == mask([middle, *left_border])
    assert all(r.closed for r in partition(g, [middle], Border.WALL).regions)
    assert partition(g, [middle], "open").closed_cells() == 0
    assert partition(g, [middle, *left_border]).closed_cells() == 0b01


def test_hex_ring_encloses_the_centre() -> None:
    g = HexGrid(2)
    centre = g.cell_id((0, 0))
    part = partition(g, g.cell_edges[centre], Border.OPEN)
    inner = part.region_of(centre)
    assert inner.cell_ids() == (centre,) and inner.closed
    assert inner.boundary == mask(g.cell_edges[centre])
    assert len(part) == 2 and not part.regions[part.index_of(0)].closed


def test_sole_owner() -> None:
    owners = {1: 0, 2: 0, 3: 1}
    assert sole_owner(mask([1, 2]), owners) == 0
    assert sole_owner(mask([1, 3]), owners) is None
    assert sole_owner(mask([1, 4]), owners) is None
    assert sole_owner(0, owners) is None
    assert sole_owner(mask([3]), lambda e: 1 if e == 3 else None) == 1


def test_networkx_exports() -> None:
    g = SquareGrid(2, 2)
    blocked = [g.edge_between(0, 1)]
    graph = to_networkx(g, blocked)
    assert sorted(graph.edges) == [(0, 2), (1, 3), (2, 3)]
    assert graph.edges[0, 2]["edge"] == g.edge_between(0, 2)
    with_outside = to_networkx(g, outside=True)
    assert with_outside.number_of_edges(0, OUTSIDE) == 2
    crossroads = vertex_graph(HexGrid(3))
    assert crossroads.number_of_nodes() == 96 and crossroads.number_of_edges() == 132
    assert all(2 <= deg <= 3 for _, deg in crossroads.degree)


def test_bad_border_mode() -> None:
    with pytest.raises(ValueError, match="sideways"):
        partition(SquareGrid(2, 2), 0, "sideways")
    with pytest.raises(ValueError, match="not on"):
        partition(SquareGrid(2, 2)).index_of(9)
