"""Each fence card's action, "resolved top to bottom, with their choices".

2-player reference board; player 0's farmhouse a1, player 1's d4.
"""

from __future__ import annotations

import pytest
from get_off_my_land_helpers import (
    fence_at,
    fence_card,
    market_card,
    play,
    scene,
    started,
    texts,
    tile,
)

from acreage import CHANCE, IllegalMoveError
from acreage.get_off_my_land import chance_outcomes, controller, monthly_income
from acreage.get_off_my_land.state import Defend, PlaceFences, Turn

GOML = "Get Off My Land! (1 fence, 2 holes)"
RAID = "Midnight Raid! (1 fence, 1 hole)"
SLASH = "Slash and Burn! (2 fences, 1 hole)"
DEAL = "Manager's Deal! (1 fence, 2 holes)"
IMPLEMENTS = "Implements of Destruction! (2 fences, 2 holes)"
FERTILIZER = "Fertilizer! (1 fence, 1 hole)"
STEROIDS = "Steroids! (1 fence, 1 hole)"
COMBINE = "Combine Harvester! (2 fences, 1 hole)"
DEFENCE = "Implements of Destruction! (1 fence, 3 holes)"


def _farms(**extra):
    """Player 0 controls a1, b1, a2; player 1 controls c4, d3, d4."""
    fields = {
        "land": {0: ["a1", "b1", "a2"], 1: ["c4", "d3", "d4"]},
        "turn": 0,
        **extra,
    }
    return scene(started(**fields.pop("rules", {})), **fields)


def test_get_off_my_land_removes_an_opponents_farmer_then_places_yours() -> None:
    # "This card allows you to remove an opponent's farmer from a land tile you
    # control. Then you may place your farmer on a land tile you control."
    s = _farms(cards={"b1": "Cows*"}, farmers=("a1", "b1"), hands={0: [GOML]})
    assert monthly_income(s) == (0, 2)  # the raiding farmer takes the income
    s = play(s, f"play {GOML} for its action")
    assert texts(s) == ["send player 1's farmer home", "done"]
    s = play(s, "send player 1's farmer home")
    assert s.farmers[1] == tile(s, "d4")  # "return it to its owner's farmhouse tile"
    assert texts(s) == ["farmer to b1", "farmer to a2", "done"]  # a1 has player 0's farmer
    s = play(s, "farmer to b1")
    assert s.farmers[0] == tile(s, "b1") and monthly_income(s) == (2, 0)
    assert s.fence_discard and isinstance(s.decision, Turn)


def test_a_protected_tile_cannot_be_attacked() -> None:
    # "When your farmer is on a land tile you control, that tile (this includes
    # any fences surrounding this tile, any market card on this tile, and the
    # tile itself) cannot be targeted by any opponent's attacks."
    s = _farms(farmers=("b1", "d4"), hands={1: [SLASH]}, sides={0: ["c3 N"]}, turn=1)
    s = play(s, f"play {SLASH} for its action", "break and fence")
    # Every fence around the area holding b1 protects it; a fence elsewhere does not.
    assert [m for m in texts(s) if m.startswith("break")] == ["break player 0's fence at c3 N"]
    with pytest.raises(IllegalMoveError, match="protects"):
        play(s, "break player 0's fence at b1 N")


def test_midnight_raid_takes_the_income_at_once_and_every_month() -> None:
    # "Place your farmer on an opponent's market card and immediately collect
    # its income ... The player who controls the market card is the only player
    # who can harvest it."
    s = _farms(
        cards={"d3": "Chickens*", "c4": "Cows"}, logged={"c4": "oil strike"}, hands={0: [RAID]}
    )
    s = play(s, f"play {RAID} for its action")
    assert texts(s) == ["raid d3", "raid c4"]
    s = play(s, "raid d3")
    assert s.money[0] == 8 + 3 and s.farmers[0] == tile(s, "d3")
    assert monthly_income(s) == (3, 0)
    assert "harvest d3" not in texts(s)
    assert "harvest d3" in texts(scene(s, turn=1))


def test_midnight_raid_needs_a_free_opponents_card() -> None:
    # "There can never be more than one farmer on a single land tile."
    s = _farms(cards={"d3": "Chickens*"}, farmers=("a1", "d3"), hands={0: [RAID]})
    assert f"play {RAID} for its action" not in texts(s)


def _raided(**extra):
    """Player 0's farmer raids player 1's mature Chickens on d3 (player 1 controls d3)."""
    return _farms(
        cards={"d3": "Chickens*", **extra.pop("cards", {})}, farmers=("d3", "d4"), **extra
    )


def test_a_raiding_farmer_goes_home_when_the_card_is_replaced() -> None:
    # Ruling P5: the farmer stood "on an opponent's market card" and takes its
    # income "for as long as your farmer stays there"; with the card gone, it
    # goes home, and does not raid the card put there next.
    s = _raided(money=(8, 30), turn=1)
    assert monthly_income(s) == (3, 0)
    s = play(s, "buy Ducks (A) from the $8 slot onto d3")
    assert s.cards[tile(s, "d3")] == market_card(s, "Ducks")
    assert s.farmers == (tile(s, "a1"), tile(s, "d4"))
    s = scene(s, mature=1 << tile(s, "d3"))
    assert monthly_income(s) == (0, 2)  # the Ducks pay their controller


def test_a_raiding_farmer_goes_home_when_combine_harvester_discards_the_card() -> None:
    s = _raided(hands={1: [COMBINE]}, turn=1)
    s = play(s, f"play {COMBINE} for its action", "harvest d3")
    assert s.cards[tile(s, "d3")] == -1
    assert s.farmers[0] == tile(s, "a1")


def test_a_raiding_farmer_goes_home_when_winter_takes_the_crop() -> None:
    s = _raided(cards={"d3": "Grain*"}, month=6, first=0, turn=1)  # the end of November
    s = play(s, "end turn")
    assert s.month == 7 and s.cards[tile(s, "d3")] == -1
    assert s.farmers[0] == tile(s, "a1")


def test_a_protecting_farmer_stays_when_the_card_on_its_tile_leaves() -> None:
    # A farmer on its owner's own land protects the tile, not the card.
    s = _farms(cards={"d3": "Grain*"}, farmers=("a1", "d3"), month=6, first=0, turn=1)
    s = play(s, "end turn")
    assert s.cards[tile(s, "d3")] == -1
    assert s.farmers[1] == tile(s, "d3")


def test_slash_and_burn_logs_two_tiles_without_rewards_and_draws_three() -> None:
    s = _farms(hands={0: [SLASH]})
    s = play(s, f"play {SLASH} for its action")
    assert texts(s) == ["log and draw", "break and fence"]
    s = play(s, "log and draw", "flip c1", "logged side: buried treasure", "flip d1")
    s = play(s, "logged side: fence card")
    assert s.money[0] == 8  # "(Do not collect the rewards shown)"
    for _ in range(3):
        assert s.to_move is CHANCE
        s = play(s, str(chance_outcomes(s)[0][0]))
    assert len(s.hands[0]) == 3 and isinstance(s.decision, Turn)
    assert s.cleared >> tile(s, "c1") & 1 and s.cleared >> tile(s, "d1") & 1
    # "Discard the used fence card(s) when you are finished with it."
    assert s.fence_discard == (fence_card(s, SLASH),)


def test_slash_and_burn_cannot_flip_land_another_player_controls() -> None:
    s = _farms(hands={0: [SLASH]}, land={0: ["a1"], 1: ["c3", "d4"]})
    s = play(s, f"play {SLASH} for its action", "log and draw")
    flips = texts(s)
    assert "flip c3" not in flips and "flip c1" in flips


def _hungry_cows():
    """Player 0's Cows (b1) and Grain (c1), both mature, in two areas split by b1 E."""
    return scene(
        started(),
        land={0: ["a1", "b1", "c1"], 1: ["c4", "d3", "d4"]},
        sides={0: ["b1 E"]},
        cards={"b1": "Cows*", "c1": "Grain*"},
        hands={0: [DEFENCE], 1: [SLASH]},
        turn=1,
    )


def test_slash_and_burn_break_that_would_feed_a_crop_to_livestock_can_be_defended() -> None:
    # "If a broken fence would cause your mature livestock to eat your mature
    # crop" the owner may defend; "If an opponent defends against you breaking
    # their fence piece, you still get to place or move 1 of your fence pieces."
    s = play(_hungry_cows(), f"play {SLASH} for its action", "break and fence")
    s = play(s, "break player 0's fence at b1 E")
    assert isinstance(s.decision, Defend) and s.to_move == 0
    defended = play(s, f"defend with {DEFENCE}")
    assert fence_at(defended, "b1 E") == ((0, "both"),)
    assert isinstance(defended.decision, PlaceFences) and defended.to_move == 1
    eaten = play(s, "no defence")
    assert fence_at(eaten, "b1 E") == ()
    assert eaten.mature >> tile(eaten, "b1") & 1 and not eaten.mature >> tile(eaten, "c1") & 1
    assert controller(eaten, tile(eaten, "c1")) == 0


def test_a_farmer_at_home_protects_the_farmhouse_and_its_area() -> None:
    # The farmer starts on the farmhouse tile, a tile its owner may control.
    s = _farms(hands={1: [SLASH]}, turn=1)
    s = play(s, f"play {SLASH} for its action", "break and fence")
    assert texts(s) == ["done"]
    s = _farms(hands={1: [SLASH]}, turn=1, rules={"home_farmer_protects": False})
    s = play(s, f"play {SLASH} for its action", "break and fence")
    assert "break player 0's fence at b1 N" in texts(s)


def test_a_break_that_opens_land_lets_its_animals_run_away() -> None:
    s = _farms(
        cards={"b1": "Cows*"}, hands={0: [DEFENCE], 1: [SLASH]}, farmers=("c2", "d4"), turn=1
    )
    s = play(s, f"play {SLASH} for its action", "break and fence", "break player 0's fence at b1 N")
    s = play(s, "no defence")
    assert controller(s, tile(s, "b1")) is None and not s.mature >> tile(s, "b1") & 1


def test_managers_deal_buys_any_card_for_2_and_the_workhorse_still_counts() -> None:
    s = _farms(cards={"a2": "Workhorse*"}, hands={0: [DEAL]}, money=(2, 8))
    s = play(s, f"play {DEAL} for its action")
    buys = texts(s)
    assert "buy Ducks (A) from the $10 slot onto b1" in buys
    s = play(s, "buy Grain (A) from the $2 slot onto b1")
    assert s.money[0] == 1  # "If you control a workhorse, the discount for crops still applies."


def test_implements_of_destruction_two_different_options() -> None:
    # "You cannot choose the same option twice."
    s = _farms(farmers=("a1", "b1"), hands={0: [IMPLEMENTS]})
    track = s.track
    s = play(s, f"play {IMPLEMENTS} for its action")
    options = texts(s)
    assert "remove Ducks (A) from the $10 slot" in options
    assert "send player 1's farmer home" in options
    assert "break player 1's fence at d4 E" in options
    s = play(s, "remove Corn (A) from the $4 slot")
    assert s.market_discard == (track[2],)
    s = play(s, str(chance_outcomes(s)[0][0]))  # the track refills
    assert not any(m.startswith("remove") for m in texts(s))
    s = play(s, "send player 1's farmer home")
    assert s.farmers[1] == tile(s, "d4") and isinstance(s.decision, Turn)


def test_fertilizer_buys_once_and_matures_crops_which_livestock_may_eat() -> None:
    s = _farms(cards={"b1": "Grain", "a2": "Cows*"}, hands={0: [FERTILIZER]}, money=(20, 8))
    s = play(s, f"play {FERTILIZER} for its action")
    assert "mature b1" in texts(s) and "done" in texts(s)
    s = play(s, "mature b1")
    # "The same rules for crops & livestock interaction still apply."
    assert not s.mature >> tile(s, "b1") & 1
    s = play(s, "buy Corn (A) from the $4 slot onto b1")
    s = play(s, str(chance_outcomes(s)[0][0]))
    assert isinstance(s.decision, Turn) and s.cards[tile(s, "b1")] == market_card(s, "Corn")


def test_steroids_matures_livestock() -> None:
    s = _farms(cards={"b1": "Pigs", "a2": "Ducks"}, hands={0: [STEROIDS]})
    s = play(s, f"play {STEROIDS} for its action", "mature b1", "mature a2")
    assert s.mature >> tile(s, "b1") & 1 and s.mature >> tile(s, "a2") & 1
    assert isinstance(s.decision, Turn)


def test_combine_harvester_harvests_two_and_discards_one() -> None:
    s = _farms(cards={"b1": "Cows*", "a2": "Grain*"}, hands={0: [COMBINE]})
    s = play(s, f"play {COMBINE} for its action", "harvest b1", "harvest a2")
    assert s.money[0] == 8 + 9 + 4
    assert texts(s) == ["discard the card on b1", "discard the card on a2"]
    s = play(s, "discard the card on a2")
    assert s.cards[tile(s, "a2")] == -1 and s.cards[tile(s, "b1")] == market_card(s, "Cows")
    assert s.market_discard == (market_card(s, "Grain"),)


def test_combine_harvester_with_one_harvest_discards_that_card() -> None:
    s = _farms(cards={"b1": "Cows*"}, hands={0: [COMBINE]})
    # Nothing else to harvest: the one harvested card is the one discarded.
    s = play(s, f"play {COMBINE} for its action", "harvest b1")
    assert isinstance(s.decision, Turn)
    assert s.cards[tile(s, "b1")] == -1 and s.money[0] == 8 + 9
    # With a second card ready, the player may stop after one harvest.
    s = _farms(cards={"b1": "Cows*", "a2": "Grain*"}, hands={0: [COMBINE]})
    s = play(s, f"play {COMBINE} for its action", "harvest b1")
    assert texts(s) == ["harvest a2", "done"]
    s = play(s, "done")
    assert s.cards[tile(s, "b1")] == -1 and s.mature >> tile(s, "a2") & 1


def test_implements_may_send_home_a_protecting_farmer() -> None:
    # "You may choose to remove any player's farmer from any land tile."
    s = _farms(farmers=("b1", "d3"), hands={0: [IMPLEMENTS]})
    s = play(s, f"play {IMPLEMENTS} for its action")
    assert "send player 1's farmer home" in texts(s) and "send player 0's farmer home" in texts(s)
    s = play(s, "send player 1's farmer home")
    assert s.farmers[1] == tile(s, "d4")


def test_a_raiding_farmer_takes_the_cards_bonuses_too() -> None:
    # "You gain the income and card bonuses on the market card for as long as
    # your farmer stays there." Player 0's farmer on player 1's Still: the
    # Still's income and its bonus on player 0's own Grain go to player 0.
    s = _farms(cards={"d3": "Still*", "c4": "Grain*", "b1": "Grain*"}, logged={"c4": "oil strike"})
    assert monthly_income(s) == (1, 2 + 1 + 1)
    s = scene(s, farmers=("d3", "d4"))
    assert monthly_income(s) == (2 + 1 + 1, 1)
