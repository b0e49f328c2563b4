"""The fence model: fully fenced vs controlled, connection, expansion, larger areas (fig.1-6).

The 2-player board (reference layout), player 0's farmhouse at a1, player 1's at d4:

    a1 house 0 | b1 grass  | c1 forest | d1 forest
    a2 grass   | b2 forest | c2 forest | d2 grass (fishing hole)
    a3 grass   | b3 forest | c3 forest | d3 grass
    a4 forest  | b4 forest | c4 forest | d4 house 1
"""

from __future__ import annotations

import pytest
from get_off_my_land_helpers import fence_at, scene, started, texts, tile

from acreage import IllegalMoveError
from acreage.get_off_my_land import apply_move, controller, fully_fenced, parse_move
from acreage.get_off_my_land.state import PlaceFences


def test_fig1_each_player_controls_a_tile_fenced_all_round_by_their_own_fences() -> None:
    # fig.1: "Teal controls A. Orange controls B." The edge between them holds
    # a fence of each, each facing its own tile.
    s = scene(started(), land={0: ["b2"], 1: ["c2"]})
    assert fence_at(s, "b2 E") == ((0, "b2"), (1, "c2"))
    assert controller(s, tile(s, "b2")) == 0
    assert controller(s, tile(s, "c2")) == 1


def test_fig2_fully_fenced_but_not_controlled_with_another_players_fence() -> None:
    # fig.2: "Teal does not control A, but it is considered to be fully fenced.
    # Orange controls B." The one fence between A and B is Orange's and serves both.
    s = scene(started(), land={1: ["c2"]}, sides={0: ["b2 N", "b2 W", "b2 S"]})
    a, b = tile(s, "b2"), tile(s, "c2")
    assert fence_at(s, "b2 E") == ((1, "both"),)
    assert fully_fenced(s, a) and controller(s, a) is None
    assert fully_fenced(s, b) and controller(s, b) == 1


def test_a_tile_open_to_the_outside_is_not_fully_fenced() -> None:
    # Fences stand on the play area's edge too; without one there the tile is open.
    s = scene(started(), sides={0: ["a1 E", "a1 S", "a1 N"]})
    assert not fully_fenced(s, tile(s, "a1"))
    assert controller(s, tile(s, "a1")) is None


def test_fig1_a_tile_need_not_be_fenced_in_one_turn() -> None:
    # "You do not need to completely fence a land tile in one turn."
    s = scene(started(), hands={0: ["Get Off My Land! (2 fences, 1 hole)"] * 2}, money=(0, 0))
    s = apply_move(s, parse_move(s, "play Get Off My Land! (2 fences, 1 hole) for fences"))
    s = apply_move(s, parse_move(s, "fence a1 N"))
    s = apply_move(s, parse_move(s, "fence a1 W"))
    assert controller(s, tile(s, "a1")) is None
    s = apply_move(s, parse_move(s, "end turn"))  # player 1's turn
    s = apply_move(s, parse_move(s, "end turn"))  # June: player 1 is first now
    s = apply_move(s, parse_move(s, "end turn"))
    s = apply_move(s, parse_move(s, "play Get Off My Land! (2 fences, 1 hole) for fences"))
    s = apply_move(s, parse_move(s, "fence a1 E"))
    s = apply_move(s, parse_move(s, "fence a2 N"))  # the same edge as a1 S
    assert controller(s, tile(s, "a1")) == 0


def _placing(state, seat=0, card="Get Off My Land! (3 fences, 0 holes)"):
    """Player ``seat`` to move, having played ``card`` for fences."""
    s = scene(state, hands={seat: [card]}, turn=seat)
    s = apply_move(s, parse_move(s, f"play {card} for fences"))
    assert isinstance(s.decision, PlaceFences)
    return s


def test_fig2_new_fences_connect_to_the_farmhouse_or_your_fences() -> None:
    # "Fence pieces must be placed connected to your Farmhouse Tile or a fence
    # piece you already have in play." (A shared corner connects.)
    s = _placing(started())
    fences = {m for m in texts(s) if m.startswith("fence")}
    # a1's four sides and the four sides leaving its corners.
    assert fences == {
        "fence a1 N", "fence a1 W", "fence a1 E", "fence a2 N",
        "fence b1 N", "fence b2 N", "fence a2 W", "fence a2 E",
    }  # fmt: skip
    with pytest.raises(IllegalMoveError, match="connected to your farmhouse"):
        apply_move(s, parse_move(s, "fence c3 N"))
    assert "fence c1 N" not in fences
    s = apply_move(s, parse_move(s, "fence b1 N"))
    assert "fence c1 N" in texts(s)  # now connected through the new fence


def test_a_fence_cut_off_from_the_farmhouse_still_connects_but_its_land_is_no_base() -> None:
    # "Fence pieces must be placed connected to your Farmhouse Tile or a fence
    # piece you already have in play": any of them. "If a tile you control
    # becomes disconnected from your farmhouse ... you cannot expand your farm
    # from the separated land tile": c3 is cut off, so c2 beside it may be
    # fenced but not won.
    s = _placing(scene(started(), land={0: ["c3"]}))
    assert controller(s, tile(s, "c3")) == 0
    with pytest.raises(IllegalMoveError, match="connected to your farmhouse"):
        apply_move(s, parse_move(s, "fence c1 N"))  # no corner shared with a fence of player 0
    s = apply_move(s, parse_move(s, "fence c2 E"))  # shares a corner with c3 N
    s = apply_move(s, parse_move(s, "fence c2 N"))
    assert "fence c2 W" not in texts(s)
    with pytest.raises(IllegalMoveError, match="orthogonally next to"):
        apply_move(s, parse_move(s, "fence c2 W"))


def test_with_anchored_fences_a_fence_cut_off_from_the_farmhouse_does_not_connect() -> None:
    s = _placing(scene(started(anchored_fences=True), land={0: ["c3"]}))
    assert controller(s, tile(s, "c3")) == 0
    assert not [m for m in texts(s) if m.startswith("fence c")]
    with pytest.raises(IllegalMoveError, match="connected to your farmhouse"):
        apply_move(s, parse_move(s, "fence c2 E"))


def test_fig3_control_needs_land_next_to_your_farmhouse_or_controlled_land() -> None:
    # "When placing fences to control a land tile, it must be orthogonally
    # connected to a land tile you control." c1 is two tiles from the farmhouse.
    chain = ["a1 N", "b1 N", "c1 N", "c1 E", "c1 S"]
    s = _placing(scene(started(), sides={0: chain}))
    with pytest.raises(IllegalMoveError, match="orthogonally next to"):
        apply_move(s, parse_move(s, "fence c1 W"))
    # With b1 controlled (its east side is c1's west side), c1 may be completed.
    s = _placing(scene(started(), sides={0: chain[:-1]}, land={0: ["b1"]}))
    assert controller(s, tile(s, "b1")) == 0 and controller(s, tile(s, "c1")) is None
    s = apply_move(s, parse_move(s, "fence c1 S"))
    assert controller(s, tile(s, "c1")) == 0


def test_the_farmhouse_counts_as_controlled_land_for_expanding_even_unfenced() -> None:
    s = _placing(scene(started(), sides={0: ["b1 N", "b1 E", "b1 S"]}))
    s = apply_move(s, parse_move(s, "fence b1 W"))
    assert controller(s, tile(s, "b1")) == 0
    assert controller(s, tile(s, "a1")) is None


def test_fig4_5_larger_fenced_areas_are_controlled_as_a_whole() -> None:
    # "You may control larger fenced areas to maximize the use of your fences."
    s = scene(started(), land={0: ["a1", "b1", "a2"]})
    for name in ("a1", "b1", "a2"):
        assert fully_fenced(s, tile(s, name)) and controller(s, tile(s, name)) == 0
    assert len(s.partition.region_of(tile(s, "b1"))) == 3


def test_fig6_unlogged_land_can_be_fenced_but_takes_no_market_card() -> None:
    # "You may fence a logged or unlogged land tile"; a market card needs "a
    # fully fenced and logged land tile that you control".
    s = scene(started(), land={0: ["a1", "b1", "b2"]}, money=(20, 20), turn=0)
    assert controller(s, tile(s, "b2")) == 0
    buys = [m for m in texts(s) if m.startswith("buy ") and m != "buy lumber"]
    assert buys and all(m.endswith("onto b1") for m in buys)
    with pytest.raises(IllegalMoveError, match="logged land tile you control"):
        apply_move(s, parse_move(s, "buy Grain (A) from the $2 slot onto b2"))
    with pytest.raises(IllegalMoveError, match="never place a market card on your farmhouse"):
        apply_move(s, parse_move(s, "buy Grain (A) from the $2 slot onto a1"))


def test_an_opponents_farmhouse_is_never_controlled() -> None:
    # "You may never control an opponent's Farmhouse Tile."
    s = scene(started(), land={0: ["d4", "c4"]})
    assert fully_fenced(s, tile(s, "d4"))
    assert controller(s, tile(s, "d4")) is None and controller(s, tile(s, "c4")) is None
