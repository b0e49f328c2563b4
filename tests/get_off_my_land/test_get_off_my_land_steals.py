"""Stealing land and defending it (fig.7-14 and the rulebook's A/C example).

Player 0 is Orange (farmhouse a1), player 1 is Teal (farmhouse d4), on the
2-player reference board. Teal's land is c4, d3 and d4 unless said otherwise.
"""

from __future__ import annotations

import pytest
from get_off_my_land_helpers import fence_at, play, scene, started, stash_of, texts, tile

from acreage import IllegalMoveError
from acreage.get_off_my_land import controller
from acreage.get_off_my_land.state import Defend, Turn

DEFENCE = "Implements of Destruction! (1 fence, 3 holes)"
TWO = "Get Off My Land! (2 fences, 1 hole)"
THREE = "Get Off My Land! (3 fences, 0 holes)"


def _fig7(**extra):
    """Orange controls c3 (and a1-a3, b3); Teal's land c4, d3, d4 touches c3."""
    return scene(
        started(),
        land={0: ["a1", "a2", "a3", "b3"], 1: ["c4", "d3", "d4"]},
        sides={0: ["c3 N", "c3 W", "c3 E", "c3 S"], **extra.pop("sides", {})},
        **{"hands": {0: [DEFENCE], 1: [TWO]}, "turn": 1, **extra},
    )


def _attempt(s):
    # fig.7: "Place fences on the inside of the opponent's fences."
    return play(s, f"play {TWO} for fences", "fence c3 N inside", "fence c3 W inside")


def test_fig7_8_the_defender_decides_whether_to_defend() -> None:
    s = _fig7()
    assert controller(s, tile(s, "c3")) == 0
    s = _attempt(s)
    # fig.8: "Give your opponent the opportunity to defend."
    assert isinstance(s.decision, Defend) and s.to_move == 0
    assert texts(s) == [f"defend with {DEFENCE}", "no defence"]
    assert fence_at(s, "c3 N") == ((1, "c3"), (0, "c2"))


def test_fig9_undefended_the_attacker_takes_the_tile_and_removes_fences_inside() -> None:
    s = play(_attempt(_fig7()), "no defence")
    assert controller(s, tile(s, "c3")) == 1
    # Orange's fences between c3 and Teal's land are inside Teal's area: removed (fig.9, fig.11).
    assert fence_at(s, "c3 E") == ((1, "both"),)
    assert fence_at(s, "c3 S") == ((1, "both"),)
    # Orange's fences that also bound other tiles stay, facing them (fig.12).
    assert fence_at(s, "c3 N") == ((1, "c3"), (0, "c2"))
    assert fence_at(s, "c3 W") == ((0, "b3"), (1, "c3"))
    assert controller(s, tile(s, "b3")) == 0
    assert isinstance(s.decision, Turn) and s.decision.seat == 1


def test_fig11_opponents_fences_within_the_new_land_are_removed_at_once() -> None:
    # "When you take control of an opponent's tile, opponent's fences within
    # your newly controlled tiles are removed immediately." Orange's fences
    # between c3 and Teal's c4 and d3 go back to Orange's stash.
    before = _fig7()
    s = play(_attempt(before), "no defence")
    assert stash_of(s, 0) == stash_of(before, 0) + 2
    assert all(owner == 1 for side in ("c3 E", "c3 S") for owner, _ in fence_at(s, side))


def test_fig12_a_fence_that_belongs_to_an_adjacent_tile_stays_outside() -> None:
    # "If an opponent's fence could be considered to belong to an adjacent land
    # tile, it is not removed and it is positioned outside your controlled area."
    # Orange's fence between c3 and Orange's own b3 now faces b3, and Orange
    # still controls b3.
    s = play(_attempt(_fig7()), "no defence")
    assert fence_at(s, "c3 W") == ((0, "b3"), (1, "c3"))
    assert controller(s, tile(s, "b3")) == 0 and controller(s, tile(s, "c3")) == 1


def test_fig10_defended_the_attackers_fences_are_removed() -> None:
    before = _fig7()
    s = play(_attempt(before), f"defend with {DEFENCE}")
    assert controller(s, tile(s, "c3")) == 0
    assert fence_at(s, "c3 N") == ((0, "both"),)
    assert fence_at(s, "c3 W") == ((0, "both"),)
    assert stash_of(s, 1) == stash_of(before, 1)
    assert s.hands[0] == () and len(s.fence_discard) == 2  # the defence and Teal's card


def test_moved_fences_go_to_the_stash_when_the_attempt_is_defended() -> None:
    # "If your fence placement gets defended against, the fence pieces you
    # moved are returned to your personal stash instead of where you took them from."
    before = _fig7(sides={1: ["d2 E"]})
    s = play(
        before,
        f"play {TWO} for fences",
        "move the fence at d2 E",
        "fence c3 N inside",
        "fence c3 W inside",
        f"defend with {DEFENCE}",
    )
    assert fence_at(s, "d2 E") == ()
    assert stash_of(s, 1) == stash_of(before, 1) + 1


def _edge_scene(orange_sides, teal_land=()):
    return scene(
        started(),
        land={1: ["c4", "d4", *teal_land]},
        sides={0: orange_sides},
        hands={0: [DEFENCE], 1: [THREE]},
        turn=1,
    )


def test_fig13_control_is_infinite_on_the_edge_of_the_play_area() -> None:
    # Orange controls b4 on the board's edge; Teal takes it. Orange's fence on
    # the play area's edge is inside Teal's area and removed.
    s = _edge_scene(["b4 N", "b4 S", "b4 W", "b4 E"])
    assert controller(s, tile(s, "b4")) == 0
    s = play(
        s, f"play {THREE} for fences", "fence b4 S inside", "fence b4 N inside", "fence b4 W inside"
    )
    assert s.to_move == 0
    s = play(s, "no defence")
    assert controller(s, tile(s, "b4")) == 1
    assert fence_at(s, "b4 S") == ((1, "both"),)
    assert fence_at(s, "b4 E") == ((1, "both"),)  # between b4 and Teal's c4
    assert fence_at(s, "b4 N") == ((1, "b4"), (0, "b3"))
    assert fence_at(s, "b4 W") == ((0, "a4"), (1, "b4"))


def test_fig14_no_defence_for_fences_on_a_tile_the_defender_did_not_control() -> None:
    # "If the land tile you placed fences on has opponent's fences but they
    # don't control that tile, they cannot defend even if your fence placement
    # would remove their fence(s)."
    s = _edge_scene(["b4 S", "b4 W"])
    assert controller(s, tile(s, "b4")) is None
    s = play(s, f"play {THREE} for fences", "fence b4 N", "fence b4 S inside", "fence b4 W inside")
    assert isinstance(s.decision, Turn) and s.to_move == 1  # no defence was offered
    assert controller(s, tile(s, "b4")) == 1
    assert fence_at(s, "b4 S") == ((1, "both"),)  # Orange's fence on the edge is removed
    assert fence_at(s, "b4 W") == ((0, "a4"), (1, "b4"))  # it still bounds a4


def _ac_example():
    """Orange's tile C = b4 is on the edge of the play area; B = a4 is nobody's;
    Teal controls b3 and c4 beside C; Teal's card places fences on A = d3 and C."""
    s = _edge_scene(["b4 N", "b4 S", "b4 W", "b4 E"], teal_land=["b3"])
    assert controller(s, tile(s, "b3")) == 1 and controller(s, tile(s, "b4")) == 0
    return play(
        s, f"play {THREE} for fences", "fence d3 W", "fence b4 S inside", "fence b4 W inside"
    )


def test_ac_example_defended_only_the_fences_of_the_attempt_are_removed() -> None:
    # "Teal player would only remove the fences he placed on Tile C. The fence
    # Teal placed on Tile A would not be removed."
    s = play(_ac_example(), f"defend with {DEFENCE}")
    assert controller(s, tile(s, "b4")) == 0
    assert fence_at(s, "d3 W") == ((1, "both"),)
    assert fence_at(s, "b4 S") == ((0, "both"),)
    assert fence_at(s, "b4 W") == ((0, "both"),)


def test_ac_example_undefended_fences_inside_and_on_the_edge_go_the_one_for_b_stays() -> None:
    # "Teal would now control Tile C ... removed because one is within Teal's
    # controlled area and Tile C is considered the edge of the play area. The
    # fence outlined in yellow is repositioned because no one controls Tile B."
    s = play(_ac_example(), "no defence")
    assert controller(s, tile(s, "b4")) == 1
    assert fence_at(s, "b4 S") == ((1, "both"),)
    assert fence_at(s, "b4 N") == ((1, "both"),)
    assert fence_at(s, "b4 E") == ((1, "both"),)
    assert fence_at(s, "b4 W") == ((0, "a4"), (1, "b4"))
    assert fence_at(s, "d3 W") == ((1, "both"),)


def test_a_farmer_protects_its_tile_from_steals() -> None:
    # "If your farmer is on one of your controlled land tiles, it protects that
    # tile. Other players cannot try to break a fence or place fences to try to
    # take over that specific land tile."
    s = play(_fig7(farmers=("c3", "d4")), f"play {TWO} for fences")
    assert "fence c3 N inside" not in texts(s)
    with pytest.raises(IllegalMoveError, match="player 0's farmer protects"):
        play(s, "fence c3 N inside")


def test_a_defence_needs_three_bullet_holes_each_card_needed() -> None:
    hand = [
        "Manager's Deal! (1 fence, 2 holes)",
        "Midnight Raid! (1 fence, 1 hole)",
        "Slash and Burn! (2 fences, 1 hole)",
        "Fertilizer! (2 fences, 0 holes)",
    ]
    s = _attempt(_fig7(hands={0: hand, 1: [TWO]}))
    assert texts(s) == [
        "defend with Midnight Raid! (1 fence, 1 hole) + Manager's Deal! (1 fence, 2 holes)",
        "defend with Slash and Burn! (2 fences, 1 hole) + Manager's Deal! (1 fence, 2 holes)",
        "no defence",
    ]
    with pytest.raises(IllegalMoveError, match="3 or more bullet holes"):
        play(s, "defend with Midnight Raid! (1 fence, 1 hole) + Slash and Burn! (2 fences, 1 hole)")


def test_a_defender_without_enough_holes_is_still_asked() -> None:
    # Asking every defender keeps their hand secret: skipping the question would tell.
    s = _attempt(_fig7(hands={0: [], 1: [TWO]}))
    assert isinstance(s.decision, Defend) and texts(s) == ["no defence"]


def test_splitting_an_opponents_area_is_an_attempt_too() -> None:
    # A fence across an opponent's two-tile area leaves neither tile theirs.
    s = scene(
        started(),
        land={0: ["b2", "c2"], 1: ["c3", "c4", "d3", "d4"]},
        hands={0: [DEFENCE], 1: [TWO]},
        turn=1,
    )
    s = play(s, f"play {TWO} for fences", "fence c2 W", "done")
    assert isinstance(s.decision, Defend) and s.to_move == 0
    s = play(s, f"defend with {DEFENCE}")
    assert controller(s, tile(s, "b2")) == 0 and fence_at(s, "c2 W") == ()


def test_land_its_owner_still_controls_is_never_claimed_without_an_attempt() -> None:
    # Orange's b2 is fenced all round by Orange; Teal's land lies on every side
    # of it (each shared edge holds a fence of each). Teal places no fence on
    # b2, so nobody attempts to steal it: a fence elsewhere leaves it Orange's.
    s = scene(
        started(2, fences_per_player=20),
        land={0: ["b2"], 1: ["b1", "a2", "c2", "b3"]},
        hands={1: [TWO]},
        turn=1,
    )
    assert controller(s, tile(s, "b2")) == 0
    s = play(s, f"play {TWO} for fences", "fence d4 N", "done")
    assert isinstance(s.decision, Turn) and s.to_move == 1
    assert controller(s, tile(s, "b2")) == 0
    assert fence_at(s, "b2 N") == ((0, "b2"), (1, "b1"))


def _split_scene(**rules):
    # Orange's area a1, b1, a2; Teal's fence on the far side of b1 S reaches into it.
    s = scene(
        started(2, **rules),
        land={0: ["a1", "b1", "a2"]},
        sides={1: ["b2 N"]},
        hands={1: [TWO]},
        turn=1,
    )
    return play(s, f"play {TWO} for fences")


def test_a_farmer_protects_its_area_from_a_fence_across_it() -> None:
    # A fence between a1 and b1 would split Orange's area: Orange would lose b1.
    s = _split_scene(home_farmer_protects=False)
    assert "fence a1 E" in texts(s)
    s = play(s, "fence a1 E", "done")
    assert isinstance(s.decision, Defend) and s.to_move == 0
    s = scene(_split_scene(home_farmer_protects=False), farmers=("b1", "d4"))
    assert "fence a1 E" not in texts(s)
    with pytest.raises(IllegalMoveError, match="player 0's farmer protects"):
        play(s, "fence a1 E")
