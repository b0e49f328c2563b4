"""The regions the fences make and each player's fence network, kept fence by fence with
the core's Partition and FenceNetwork on the game's boards, agree with fresh computations;
the game's split_side and claimable with their plain readings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acreage.core.regions import (
    Border,
    FenceNetwork,
    boundary,
    corners,
    edges_at,
    fence_groups,
    flood,
    partition,
)
from acreage.get_off_my_land import Rules
from acreage.get_off_my_land.land import (
    blocked_edges,
    claimable,
    near_edges,
    outer_slots,
    split_side,
)


def _closing(t, blocked: int) -> int:
    """Edges whose two ends are joined by fences, found the slow way."""
    groups = fence_groups(t.grid, blocked)
    out = 0
    for e, ends in enumerate(t.edge_vertices):
        if any(g & ends == ends for g in groups):
            out |= 1 << e
    return out


@settings(max_examples=60)
@given(st.sampled_from([2, 3, 4]), st.lists(st.integers(0, 10_000), max_size=60))
def test_lands_follow_fences_edge_by_edge(players: int, toggles: list[int]) -> None:
    t = Rules(players=players).tables
    lands = partition(t.grid, 0)
    for x in toggles:
        e = x % t.edges
        lands = lands.unblock(e) if lands.blocked >> e & 1 else lands.block(e)
        assert lands == partition(t.grid, lands.blocked, Border.OPEN)
    for region in lands.regions:
        cell = (region.cells & -region.cells).bit_length() - 1
        assert flood(t.grid, 1 << cell, lands.blocked) == region.cells
        assert boundary(t.grid, region.cells) == region.boundary


@settings(max_examples=60)
@given(st.sampled_from([2, 3, 4]), st.lists(st.integers(0, 10_000), max_size=30))
def test_split_side_is_a_side_of_the_split_or_none(players: int, walls: list[int]) -> None:
    # A fence on an inner edge among others: split_side names one of the two parts
    # exactly when flood finds the far tile unreachable.
    t = Rules(players=players).tables
    inner = [e for e, cells in enumerate(t.edge_cells) if len(cells) == 2]
    e = inner[sum(walls) % len(inner)]
    c, d = t.edge_cells[e]
    blocked = 1 << e
    for x in walls:
        blocked |= 1 << (x % t.edges)
    from_c, from_d = flood(t.grid, 1 << c, blocked), flood(t.grid, 1 << d, blocked)
    side = split_side(t, c, d, blocked)
    if from_c >> d & 1:
        assert side == 0
    else:
        assert side in (from_c, from_d)


@settings(max_examples=40)
@given(st.sampled_from([2, 3, 4]), st.lists(st.integers(0, 10_000), max_size=60))
def test_links_follow_fences_one_by_one(players: int, toggles: list[int]) -> None:
    # A player's fences, joined and cut one at a time, as the state keeps them.
    t = Rules(players=players).tables
    links = FenceNetwork.of(t.grid, 0)
    for x in toggles:
        e = x % t.edges
        links = links.cut(t.grid, e) if links.edges >> e & 1 else links.join(t.grid, e)
        fresh = FenceNetwork.of(t.grid, links.edges)
        assert set(zip(links.groups, links.reaches, strict=True)) == set(
            zip(fresh.groups, fresh.reaches, strict=True)
        )
        assert links.closing == fresh.closing == _closing(t, links.edges)
        assert links.reach == edges_at(t.grid, corners(t.grid, links.edges))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_empty_board_is_one_open_region(players: int) -> None:
    t = Rules(players=players).tables
    (region,) = partition(t.grid, 0).regions
    assert region.cells == t.grid.all_cells and not region.closed
    assert FenceNetwork.of(t.grid, 0) == FenceNetwork(0, (), (), 0)


def _claimable_reference(t, region, fences, seat, controlled, outer) -> int:
    """claimable as the rules read, from near_edges and the far sides' tiles."""
    if not region.closed or region.cells & t.farm_mask & ~(1 << t.farm_cell[seat]):
        return -1
    f = fences[seat]
    missing = region.boundary & ~near_edges(t, f, region, outer)
    if not missing:
        return 0
    cells = region.cells
    first = region.boundary & (cells | cells << t.n | t.extra_edges)
    second = region.boundary ^ first
    backed = ((f >> t.edges) & first) | (f & second & outer)
    width = t.grid.width
    far_of_first = (controlled << width) & t.below_top | ((controlled >> 1) & t.not_right) << t.n
    far_of_second = controlled | controlled << t.n
    backed &= (first & far_of_first) | (second & far_of_second)
    return missing if not missing & ~backed else -1


@settings(max_examples=60)
@given(
    st.sampled_from([2, 3, 4]),
    st.lists(st.integers(0, 10_000), max_size=50),
    st.integers(0, 2**40),
)
def test_claimable_matches_the_rules(players: int, placed: list[int], land_bits: int) -> None:
    t = Rules(players=players).tables
    fences = [0] * players
    for x in placed:
        e = x % t.edges
        p = (x // t.edges) % players
        if (fences[p] | fences[p] >> t.edges) >> e & 1:
            continue
        owners = [q for q in range(players) if fences[q] >> e & 1]
        if not owners:
            fences[p] |= 1 << e
        elif not any(fences[q] >> (t.edges + e) & 1 for q in range(players)):
            fences[p] |= 1 << (t.edges + e)  # inside the lone fence there
    lands = partition(t.grid, blocked_edges(t, fences))
    outer = outer_slots(t, fences)
    controlled = land_bits & ((1 << t.n) - 1)
    for region in lands.regions:
        for p in range(players):
            assert claimable(t, region, fences, p, controlled, outer) == _claimable_reference(
                t, region, fences, p, controlled, outer
            )
