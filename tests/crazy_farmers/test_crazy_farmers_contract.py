"""The acreage contract and the invariants of every reachable state."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings

import acreage
from acreage import crazy_farmers as cf
from acreage.core.bitset import mask
from acreage.core.regions import OUTSIDE, to_networkx, vertex_graph
from acreage.crazy_farmers.board import (
    GRID,
    INNER_PATHS,
    STEPS,
    VERTEX_CELLS,
    component,
    field_boundary,
)
from acreage.crazy_farmers.pieces import fence_marks
from acreage.testing import Playout, check_game, playouts


@pytest.mark.parametrize(("players", "games", "seed"), [(2, 2, 2), (3, 1, 3), (4, 1, 5)])
def test_check_game(players: int, games: int, seed: int) -> None:
    rules = cf.Rules(players=players)
    assert cf.hides_information(rules)  # the other players' hands
    check_game(cf.GAME, rules, playouts=games, seed=seed)


@pytest.mark.parametrize(
    "rules",
    [
        cf.Rules(players=3, start="choose", length="fast"),
        cf.Rules(players=2, endgame_card=False, bribe_annexes=True, length="fast"),
        cf.Rules(players=4, endgame_window=8, powerless_move_limit=3, length="fast"),
    ],
    ids=["choose-start", "no-endgame-card", "last-8-powerless-limit"],
)
def test_check_game_options(rules: cf.Rules) -> None:
    check_game(cf.GAME, rules, playouts=1, seed=7)


def _check_fence(f: cf.Farmer, rules: cf.Rules) -> None:
    """'the fence stays one loop-free line from field to tractor'"""
    fence = f.fence
    if not fence:
        assert f.fence_paths == f.fence_crossroads == 0
        if f.tractor >= 0:
            assert f.main == component(f.plots, VERTEX_CELLS[f.tractor])
        return
    assert len(fence) >= 2 and len(set(fence)) == len(fence)
    assert fence[-1] == f.tractor
    for a, b in itertools.pairwise(fence):
        assert any(w == b for _, _, w in STEPS[a])
    assert VERTEX_CELLS[fence[0]] & f.main
    assert f.main == component(f.plots, VERTEX_CELLS[fence[0]])
    for v in fence[1:]:
        assert not VERTEX_CELLS[v] & f.main
    assert (f.fence_paths, f.fence_crossroads) == fence_marks(fence)
    assert f.fence_length <= rules.fences


def check_invariants(before: cf.State, move: cf.Move, state: cf.State) -> None:
    rules = state.rules
    farmers = state.farmers
    tractors = [f.tractor for f in farmers if f.tractor >= 0]
    assert len(set(tractors)) == len(tractors), "two tractors share a crossroad"
    owned = fenced = 0
    cards = len(state.deck) + len(state.discard)
    for f in farmers:
        assert not f.plots & owned, "a plot has two owners"
        owned |= f.plots
        assert not f.fence_crossroads & fenced, "two fences share a crossroad"
        fenced |= f.fence_crossroads
        assert f.main & ~f.plots == 0
        cards += len(f.hand) + len(f.in_play)
        if state.phase in (cf.Phase.DEAL, cf.Phase.KEEP):
            cards += len(f.set_aside)
        if f.out:
            assert f.tractor == -1 and f.plots == 0 and f.hand == () and f.fence == ()
        _check_fence(f, rules)
    assert cards == 36
    if state.ended != "tiles":
        if rules.common_pile:
            assert owned.bit_count() <= rules.plot_tiles
        else:
            assert all(f.plots.bit_count() <= rules.plot_tiles for f in farmers)
    assert state.bales.bit_count() <= rules.hay_bales
    assert state.bales & ~INNER_PATHS == 0
    for f in farmers:
        assert not state.bales & f.fence_paths
    if state.bales != before.bales:
        assert nx.is_connected(vertex_graph(GRID, state.bales)), "a hay bale locks crossroads in"
    if isinstance(move, cf.EndTurn) and before.phase is cf.Phase.TURN:
        assert len(state.farmers[before.player].hand) <= rules.hand_limit


def _check_playout(playout: Playout) -> None:
    states = playout.states
    for before, move, after in zip(states, playout.moves, states[1:], strict=False):
        check_invariants(before, move, after)
    assert cf.is_terminal(playout.final) and cf.winners(playout.final)


@settings(max_examples=12)
@given(playouts(cf.GAME, cf.Rules(players=2)))
def test_invariants_two_players(playout: Playout) -> None:
    _check_playout(playout)


@settings(max_examples=12)
@given(playouts(cf.GAME, cf.Rules(players=3)))
def test_invariants_three_players(playout: Playout) -> None:
    _check_playout(playout)


@settings(max_examples=12)
@given(playouts(cf.GAME, cf.Rules(players=4)))
def test_invariants_four_players(playout: Playout) -> None:
    _check_playout(playout)


def _enclosed_by_networkx(f: cf.Farmer) -> int:
    """The reference: cell groups cut off from the outside and from the main field."""
    walls = f.fence_paths | field_boundary(f.main)
    graph = to_networkx(GRID, walls, outside=True)
    out = 0
    for group in nx.connected_components(graph):
        if OUTSIDE in group:
            continue
        cells = mask(group)
        if not cells & f.main:
            out |= cells
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_enclosed_matches_networkx(players: int) -> None:
    result = acreage.play(cf.GAME, cf.Rules(players=players, length="fast"), seed=players)
    checked = 0
    for i, state in enumerate(acreage.replay(result.record)):
        if i % 3:
            continue
        for f in state.farmers:
            if f.fence:
                assert cf.enclosed(f) == _enclosed_by_networkx(f)
                checked += 1
    assert checked > 20
