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
    FenceNetwork,
    Partition,
    adjacent,
    boundary,
    corners,
    dilate,
    edges_at,
    fence_groups,
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
@settings(max_examples=150)
@given(board=boards(square_grids))
def test_square_partition_equals_networkx(board: tuple[Grid, int], border: Border) -> None:
    _check_against_networkx(*board, border)


@pytest.mark.parametrize("border", list(Border), ids=lambda b: b.value)
@settings(max_examples=150)
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


@settings(max_examples=100)
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


def _goml_grid(players: int) -> Grid:
    from acreage.get_off_my_land import Rules

    return Rules(players=players).tables.grid


# Square grids of several sizes (thin ones, Get Off My Land!'s boards, bigger ones) and
# hex grids; the edges toggled come from a small pool, so walls go up and come down again.
sequence_grids = st.one_of(
    st.sampled_from([(1, 1), (1, 5), (2, 3), (3, 3), (6, 2), (7, 6), (12, 12), (17, 16)]).map(
        lambda wh: SquareGrid(*wh)
    ),
    st.sampled_from([2, 3, 4]).map(_goml_grid),
    st.builds(HexGrid, st.integers(0, 4)),
)


def _components(grid: Grid, blocked: int) -> set[int]:
    """The cell sets networkx finds joined by the open inner edges."""
    graph = to_networkx(grid, blocked)
    return {mask(c) for c in nx.connected_components(graph)}


@settings(max_examples=60, deadline=None)
@given(
    sequence_grids,
    st.sampled_from(Border),
    st.lists(st.integers(0, 10_000), max_size=12),
    st.lists(st.integers(0, 10_000), max_size=60),
)
def test_block_unblock_sequences_equal_a_fresh_partition_and_networkx(
    grid: Grid, border: Border, pool: list[int], toggles: list[int]
) -> None:
    # Start from a partly walled board, then wall and open edges one at a time: after
    # each step the kept partition is the fresh one (regions in the same order) and its
    # regions are networkx's components of the open cell graph.
    edges = [x % grid.n_edges for x in pool] or [0]
    blocked = mask(edges[: len(edges) // 2])
    part = partition(grid, blocked, border)
    for step, x in enumerate(toggles):
        e = edges[x % len(edges)]
        before = part
        part = part.unblock(e) if part.blocked >> e & 1 else part.block(e)
        assert part.blocked == before.blocked ^ 1 << e
        assert part == partition(grid, part.blocked, border)
        assert {r.cells for r in part.regions} == _components(grid, part.blocked)
        if step % 8 == 0:
            assert part == partition_nx(grid, part.blocked, border)


def test_block_and_unblock_keep_what_does_not_change() -> None:
    g = SquareGrid(3, 3)
    part = partition(g, 0)
    middle = g.edge_between(4, 5)
    assert part.unblock(middle) is part  # not blocked: nothing to open
    walled = part.block(middle)
    assert walled.block(middle) is walled
    # A lone wall with a free end splits nothing: the very same regions.
    assert walled.regions is part.regions
    assert walled.unblock(middle).regions is part.regions
    # Walling a border edge of an open region in WALL mode changes nothing either.
    wall = partition(g, 0, Border.WALL)
    assert wall.block(g.cell_edges[0][0]).regions is wall.regions


def test_a_split_keeps_regions_ordered_by_lowest_cell() -> None:
    g = SquareGrid(3, 1)
    part = partition(g, [g.edge_between(0, 1)])
    split = part.block(g.edge_between(1, 2))
    assert [r.cell_ids() for r in split.regions] == [(0,), (1,), (2,)]
    assert split == partition(g, split.blocked)
    merged = split.unblock(g.edge_between(0, 1))
    assert [r.cell_ids() for r in merged.regions] == [(0, 1), (2,)]


def test_closing_the_last_border_gap_closes_the_region() -> None:
    g = SquareGrid(1, 1)
    part: Partition = partition(g, 0)
    sides = g.cell_edges[0]
    for e in sides[:-1]:
        part = part.block(e)
        assert not part.regions[0].closed
    part = part.block(sides[-1])
    assert part.regions[0].closed
    assert not part.unblock(sides[0]).regions[0].closed


@settings(max_examples=80)
@given(boards(st.one_of(square_grids, hex_grids)), st.data())
def test_flood_towards_a_goal_stops_holding_it(
    board: tuple[Grid, int], data: st.DataObject
) -> None:
    grid, blocked = board
    start = data.draw(st.integers(0, grid.n_cells - 1))
    goal = data.draw(st.integers(0, grid.n_cells - 1))
    whole = flood(grid, [start], blocked)
    part = flood(grid, 1 << start, blocked, goal)
    assert part & ~whole == 0 and part >> start & 1
    assert bool(part >> goal & 1) == bool(whole >> goal & 1)
    if not whole >> goal & 1:
        assert part == whole  # no early stop without the goal


@settings(max_examples=80)
@given(boards(st.one_of(square_grids, hex_grids, large_grids)), st.data())
def test_boundary_is_the_edges_with_one_side_in(
    board: tuple[Grid, int], data: st.DataObject
) -> None:
    grid, _ = board
    cells = mask(c for c in range(grid.n_cells) if data.draw(st.booleans()))
    expected = mask(
        e for e, cs in enumerate(grid.edge_cells) if sum(cells >> c & 1 for c in cs) == 1
    )
    assert boundary(grid, cells) == expected
    assert boundary(grid, cells) == expected  # the kept answer too


def _wall_components(grid: Grid, walls: int) -> set[int]:
    """networkx's vertex sets joined by the walls (components with a wall)."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_edges_from(grid.edge_vertices[e] for e in bits(walls))
    return {mask(c) for c in nx.connected_components(graph)}


@settings(max_examples=60, deadline=None)
@given(
    sequence_grids,
    st.lists(st.integers(0, 10_000), max_size=16),
    st.lists(st.integers(0, 10_000), max_size=60),
)
def test_fence_network_join_cut_equal_networkx(
    grid: Grid, pool: list[int], toggles: list[int]
) -> None:
    # One owner's walls, joined and cut one at a time: the groups are networkx's
    # components of the walls' vertex graph, whatever the order of the steps.
    edges = [x % grid.n_edges for x in pool] or [0]
    net = FenceNetwork.of(grid, 0)
    assert net == FenceNetwork(0, (), (), 0)
    for x in toggles:
        e = edges[x % len(edges)]
        net = net.cut(grid, e) if net.edges >> e & 1 else net.join(grid, e)
        groups = _wall_components(grid, net.edges)
        assert set(net.groups) == groups and len(net.groups) == len(groups)
        assert net.reaches == tuple(edges_at(grid, g) for g in net.groups)
        joined = [
            e
            for e, (a, b) in enumerate(grid.edge_vertices)
            if any(g >> a & 1 and g >> b & 1 for g in groups)
        ]
        assert net.closing == mask(joined)
        assert net.reach == edges_at(grid, corners(grid, net.edges))
        fresh = FenceNetwork.of(grid, net.edges)
        assert set(zip(fresh.groups, fresh.reaches, strict=True)) == set(
            zip(net.groups, net.reaches, strict=True)
        )
        assert fresh.groups == tuple(fence_groups(grid, net.edges))
    if net.groups:
        first = net.groups[0]
        v = (first & -first).bit_length() - 1
        assert net.joined_reach(1 << v, 0) == net.reaches[0]


@settings(max_examples=80)
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
