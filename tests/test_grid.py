from __future__ import annotations

import pickle

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from acreage.core.bitset import BitMap, XorMap, bits, count, mask
from acreage.core.grid import HexGrid, SquareGrid

GRIDS = [
    SquareGrid(1, 1),
    SquareGrid(3, 2),
    SquareGrid(12, 12),
    SquareGrid(5, 9),
    HexGrid(0),
    HexGrid(1),
    HexGrid(3),
    HexGrid(5),
]


def test_hex_radius_3_counts() -> None:
    g = HexGrid(3)
    assert (g.n_cells, g.n_vertices, g.n_edges) == (37, 96, 132)
    assert count(g.border_edges) == 42
    assert count(g.inner_edges) == 90


@pytest.mark.parametrize(("w", "h"), [(1, 1), (3, 2), (12, 12), (16, 14), (7, 1)])
def test_square_counts(w: int, h: int) -> None:
    g = SquareGrid(w, h)
    assert g.n_cells == w * h
    assert count(g.inner_edges) == (w - 1) * h + w * (h - 1)
    assert count(g.border_edges) == 2 * (w + h)
    assert g.n_vertices == (w + 1) * (h + 1)


@pytest.mark.parametrize("r", [0, 1, 2, 3, 4, 6])
def test_hex_cells_are_the_hexagon(r: int) -> None:
    g = HexGrid(r)
    expected = {
        (q, s)
        for q in range(-r, r + 1)
        for s in range(-r, r + 1)
        if max(abs(q), abs(s), abs(q + s)) <= r
    }
    assert set(g.cell_coords) == expected
    assert g.n_cells == 3 * r * (r + 1) + 1
    assert g.n_edges == 9 * r * r + 15 * r + 6
    # Euler's formula for a planar map with one outer face: V - E + F = 2.
    assert g.n_vertices - g.n_edges + (g.n_cells + 1) == 2


def test_hex_directions_are_the_axial_offsets() -> None:
    g = HexGrid(3)
    centre = g.cell_id((0, 0))
    expected = {
        "N": (0, -1),
        "S": (0, 1),
        "NE": (1, -1),
        "SE": (1, 0),
        "SW": (-1, 1),
        "NW": (-1, 0),
    }
    for name, coord in expected.items():
        assert g.cell_coords[g.step[centre][g.direction(name)]] == coord


def test_square_ids_are_row_major() -> None:
    g = SquareGrid(4, 3)
    assert [g.cell_id((x, y)) for y in range(3) for x in range(4)] == list(range(12))
    assert g.cell_coords[g.step[g.cell_id((1, 1))][g.direction("E")]] == (2, 1)
    assert g.cell_coords[g.step[g.cell_id((1, 1))][g.direction("N")]] == (1, 0)


@pytest.mark.parametrize("g", GRIDS, ids=repr)
def test_tables_agree(g: SquareGrid | HexGrid) -> None:
    for c in range(g.n_cells):
        assert len(g.cell_edges[c]) == len(g.directions) == len(g.cell_vertices[c])
        for d, e in enumerate(g.cell_edges[c]):
            assert c in g.edge_cells[e]
            nb = g.step[c][d]
            assert (nb == -1) == g.is_border(e)
            if nb != -1:
                assert g.step[nb][g.opposite(d)] == c
                assert g.cell_edges[nb][g.opposite(d)] == e
                assert g.edge_between(c, nb) == e
            # edge d joins corners d and d+1
            corners = {g.cell_vertices[c][d], g.cell_vertices[c][(d + 1) % len(g.directions)]}
            assert set(g.edge_vertices[e]) == corners
        assert [nb for _, nb in g.neighbors[c]] == [n for n in g.step[c] if n != -1]
    for e in range(g.n_edges):
        a, b = g.edge_vertices[e]
        assert a < b and e in g.vertex_edges[a] and e in g.vertex_edges[b]
        cell, d = g.edge_sides[e]
        assert g.cell_edges[cell][d] == e
    for v in range(g.n_vertices):
        for c in g.vertex_cells[v]:
            assert v in g.cell_vertices[c]
        assert g.vertex_id(g.vertex_points[v]) == v
    assert g.border_edges | g.inner_edges == (1 << g.n_edges) - 1
    assert not g.border_edges & g.inner_edges


@pytest.mark.parametrize("g", GRIDS, ids=repr)
def test_tables_match_networkx(g: SquareGrid | HexGrid) -> None:
    cells = nx.Graph()
    cells.add_nodes_from(range(g.n_cells))
    cells.add_edges_from(tuple(cs) for cs in g.edge_cells if len(cs) == 2)
    for c in range(g.n_cells):
        assert sorted(nb for _, nb in g.neighbors[c]) == sorted(cells[c])
    paths = nx.Graph(list(g.edge_vertices))
    assert paths.number_of_edges() == g.n_edges  # no two edges join the same corners
    for a in (0, g.n_cells // 2, g.n_cells - 1):
        lengths = nx.single_source_shortest_path_length(cells, a)
        assert all(g.distance(a, b) == d for b, d in lengths.items())


def test_grids_are_cached_values() -> None:
    assert SquareGrid(12, 12) is SquareGrid(12, 12)
    assert HexGrid(3) is HexGrid(3)
    assert SquareGrid(2, 3) != SquareGrid(3, 2)
    assert HexGrid(2) != SquareGrid(2, 2)
    assert pickle.loads(pickle.dumps(HexGrid(3))) is HexGrid(3)
    assert hash(SquareGrid(4, 4)) == hash(pickle.loads(pickle.dumps(SquareGrid(4, 4))))


def test_bad_shapes_and_lookups() -> None:
    with pytest.raises(ValueError, match="positive"):
        SquareGrid(0, 3)
    with pytest.raises(ValueError, match="radius"):
        HexGrid(-1)
    with pytest.raises(KeyError, match="not a cell"):
        HexGrid(3).cell_id((4, 0))
    with pytest.raises(KeyError, match="direction"):
        SquareGrid(2, 2).direction("NE")
    with pytest.raises(ValueError, match="not neighbours"):
        SquareGrid(3, 3).edge_between(0, 8)
    assert not HexGrid(1).has_cell((1, 1)) and HexGrid(1).has_cell((1, -1))


def test_geometry_for_drawing() -> None:
    g = HexGrid(1)
    x, y = g.cell_xy(g.cell_id((0, 0)))
    assert abs(x) < 1e-9 and abs(y) < 1e-9
    x, y = g.cell_xy(g.cell_id((1, 0)))
    assert abs(x - 1.5) < 1e-9 and abs(y - 3**0.5 / 2) < 1e-9
    assert SquareGrid(2, 2).cell_xy(3) == (1.5, 1.5)


def test_bitset_helpers() -> None:
    assert list(bits(mask([5, 0, 63, 64]))) == [0, 5, 63, 64]
    assert count(mask(range(100))) == 100
    m = BitMap([(0, 3), (1, 4), (5, 0)])
    assert m(0b100011) == 0b11001
    assert BitMap([(i, i) for i in range(4)])(0xFF) == 0xF


@given(st.lists(st.integers(0, 1 << 70), max_size=30), st.integers(0, 1 << 40))
def test_xor_map_xors_the_images_of_the_members(images: list[int], m: int) -> None:
    want = 0
    for i in bits(m):
        if i < len(images):
            want ^= images[i]
    assert XorMap(images)(m) == want


def test_xor_map_cancels_shared_sides() -> None:
    g = SquareGrid(3, 1)
    sides = XorMap(mask(es) for es in g.cell_edges)
    # Two cells side by side: their shared edge cancels, six sides remain.
    assert sides(0b011) == mask(g.cell_edges[0]) ^ mask(g.cell_edges[1])
    assert not sides(0b011) >> g.edge_between(0, 1) & 1
    assert count(sides(0b011)) == 6


SHAPES = st.one_of(
    st.builds(SquareGrid, st.integers(1, 20), st.integers(1, 20)),
    st.builds(HexGrid, st.integers(0, 8)),
)


@given(SHAPES)
def test_tables_agree_on_any_shape(g: SquareGrid | HexGrid) -> None:
    test_tables_agree(g)


@given(SHAPES)
def test_edge_ids_follow_the_documented_layout(g: SquareGrid | HexGrid) -> None:
    n, half = g.n_cells, len(g.directions) // 2
    # The k-th primary side of cell c is edge k * n + c; the border sides of the
    # other directions follow, by direction then cell.
    for c in range(n):
        for k in range(half):
            assert g.cell_edges[c][k] == k * n + c
            assert g.edge_sides[k * n + c] == (c, k)
    rest = [(c, d) for d in range(half, 2 * half) for c in range(n) if g.step[c][d] == -1]
    assert list(g.edge_sides[half * n :]) == rest
    # Vertices are numbered in order of first appearance, cell by cell.
    seen: list[int] = []
    for corners in g.cell_vertices:
        seen += [v for v in corners if v not in seen]
    assert seen == list(range(g.n_vertices))
    # An edge has one id: the edges joining two corners are distinct.
    assert len(set(g.edge_vertices)) == g.n_edges
    # Each vertex lists exactly the edges and cells at it, increasing.
    edges_at: dict[int, set[int]] = {v: set() for v in range(g.n_vertices)}
    cells_at: dict[int, set[int]] = {v: set() for v in range(g.n_vertices)}
    for e, ends in enumerate(g.edge_vertices):
        for v in ends:
            edges_at[v].add(e)
    for c, corners in enumerate(g.cell_vertices):
        for v in corners:
            cells_at[v].add(c)
    assert g.vertex_edges == tuple(tuple(sorted(edges_at[v])) for v in range(g.n_vertices))
    assert g.vertex_cells == tuple(tuple(sorted(cells_at[v])) for v in range(g.n_vertices))


@given(SHAPES, st.data())
def test_board_layout_moves_each_direction_by_one_shift(
    g: SquareGrid | HexGrid, data: st.DataObject
) -> None:
    cells = data.draw(st.integers(0, g.all_cells))
    board = g._to_board(cells)
    assert g._from_board(board) == cells
    for d, shift in enumerate(g._board_shift):
        moved = mask(g.step[c][d] for c in bits(cells) if g.step[c][d] != -1)
        src = board & g._board_src[d]
        assert g._from_board(src << shift if shift >= 0 else src >> -shift) == moved
    # Primary sides and border sides map to the packed board sets and back.
    primary = mask(range(len(g.directions) // 2 * g.n_cells)) & data.draw(
        st.integers(0, (1 << g.n_edges) - 1)
    )
    assert g._board_to_sides(g._sides_to_board(primary)) == primary
    if g._sides_board is not None:
        assert g._sides_board(primary) == g._sides_to_board(primary)
    border = g.border_edges & ~mask(range(len(g.directions) // 2 * g.n_cells))
    for e in bits(border):
        c, d = g.edge_sides[e]
        half = len(g.directions) // 2
        assert (
            g._board_to_border(
                1 << ((d - half) * g._board_bits + g._to_board(1 << c).bit_length() - 1)
            )
            == 1 << e
        )
    if g._cell_sides is not None:
        want = 0
        for c in bits(cells):
            want ^= mask(g.cell_edges[c])
        assert g._cell_sides(cells) == want
