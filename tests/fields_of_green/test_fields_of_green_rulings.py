"""Tests that pin the rulings of docs/rulings/fields-of-green.md where the rule text is silent."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from fields_of_green_helpers import (
    action_round,
    deal_hands,
    name_at,
    phase,
    play,
    rules,
    texts,
    water,
)

from acreage import IllegalMoveError
from acreage import fields_of_green as fog

E = fog.Effect


def test_start_player_is_drawn_by_chance_unless_fixed() -> None:
    s = fog.new_game(fog.Rules(players=3))
    assert phase(s) == "start"
    assert fog.chance_outcomes(s) == tuple((fog.StartPlayer(i), Fraction(1, 3)) for i in range(3))
    s = play(s, "start player 2")
    assert s.start == 2 and phase(s) == "draw" and fog.question(s).actor == 2
    assert fog.question(fog.new_game(fog.Rules(players=3, start_player=1))).actor == 1


@pytest.mark.parametrize("year", [1, 2])
def test_two_players_swap_hands_in_either_direction(year: int) -> None:
    s = fog.new_game(rules(hand_size=2, min_decks=1, years=2))
    if year == 2:
        s = deal_hands(s, ("cottage", "inn"), ("cottage", "inn"))
        s = action_round(s, ("cottage", "cottage"), ("market", "market"))
        s = action_round(s, (), ("market", "market"))
    # Seat 0 draws first in year 1, seat 1 in year 2 (the start player moved on).
    first, second = ("chapel", "pigs"), ("barn", "mill")
    s = deal_hands(s, first, second)
    s = play(s, "pick chapel", "pick barn")
    names = s.rules.tables.names
    assert s.year == year and s.pass_direction == (1 if year == 1 else -1)
    assert ([names[k] for k in s.hands[0]], [names[k] for k in s.hands[1]]) == (
        (["mill"], ["pigs"]) if year == 1 else (["pigs"], ["mill"])
    )


def shut_down_vegetable_patch() -> fog.State:
    """Year 2, seat 0 to act with a cottage; its vegetable patch at -1,0 is shut down."""
    s = fog.new_game(rules(hand_size=3, min_decks=1, years=2))
    hand = ("grain field", "vegetable patch", "pumpkin patch")
    s = deal_hands(s, hand, hand)
    for card, at in (
        ("grain field", "0,1"),
        ("vegetable patch", "-1,0"),
        ("pumpkin patch", "0,-1"),
    ):
        s = action_round(s, (card, card), (f"build {card} at {at}", "market"))
    s = play(s, "supply grain field at 0,1")
    hand = ("cottage", "pigs", "chapel")
    s = deal_hands(s, hand, hand)
    s = play(s, "pick cottage", "pick cottage", "market")
    assert name_at(s, 0, -1, 0) == "[vegetable patch]" and fog.question(s).actor == 0
    return s


def test_a_shut_down_site_keeps_its_cell_and_counts_for_adjacency() -> None:
    s = shut_down_vegetable_patch()
    # -2,0 touches only the face-down vegetable patch; -1,0 is its own cell.
    assert "build cottage at -2,0" in texts(s)
    with pytest.raises(IllegalMoveError, match="cannot be replaced"):
        play(s, "build cottage at -1,0")


def test_grey_abilities_work_once_on_building_not_on_restore() -> None:
    s = fog.new_game(rules(hand_size=2, min_decks=1, years=1))
    s = deal_hands(s, ("sunflower field", "pumpkin patch"), ("sunflower field", "pumpkin patch"))
    s = action_round(s, ("sunflower field",) * 2, ("build sunflower field at 0,1", "market"))
    coins = s.farms[0].coins
    # The pumpkin patch (3 coins, 1 water): 2 coins per neighbouring Fields card, once.
    s = play(s, "build pumpkin patch at -1,1")
    assert s.farms[0].coins == coins - 3 + 2
    s = shut_down_vegetable_patch()
    coins = s.farms[0].coins
    s = play(s, "restore vegetable patch at -1,0")
    assert s.farms[0].coins == coins - 1


def test_no_water_is_spent_on_a_site_that_shuts_down() -> None:
    s = fog.new_game(rules(hand_size=1, min_decks=1, years=1, start_grain=0))
    s = deal_hands(s, ("rice paddy",), ("cottage",))
    # The rice paddy costs 2 water (3 -> 1) and needs 2 at harvest: it shuts down,
    # and the 1 water stays in the tower.
    s = play(s, "build rice paddy at 0,1", "market")
    assert phase(s) == "end"
    assert name_at(s, 0, 0, 1) == "[rice paddy]" and water(s, 0, 0, 0) == 1


TROUGHS = (
    fog.Card("trough", "fields", count=10, cost=fog.Resources(water=2)),
    fog.Card("hut", "livestock", count=10),
)


def troughs(split: bool) -> fog.State:
    """Seat 0: a second tower at 0,1; troughs (2 water each) at -1,0 and -1,1; one trough to go."""
    r = rules(cards=TROUGHS, tools=(), hand_size=4, min_decks=1, years=1, split_payments=split)
    hand = ("hut", "trough", "trough", "trough")
    s = deal_hands(fog.new_game(r), hand, hand)
    s = action_round(s, ("hut", "hut"), ("build water tower at 0,1", "market"))
    s = action_round(s, ("trough", "trough"), ("build trough at -1,0",))
    assert texts(s) == (
        ["pay 1 water from 0,0", "pay 1 water from 0,1"]
        if split
        else ["pay 2 water from 0,0", "pay 2 water from 0,1"]
    )
    s = play(s, *(["pay 1 water from 0,0"] * 2 if split else ["pay 2 water from 0,0"]), "market")
    s = action_round(s, ("trough", "trough"), ("build trough at -1,1",))
    if split:  # both towers reach -1,1; without splitting only 0,1 holds 2
        s = play(s, "pay 1 water from 0,1", "pay 1 water from 0,1")
    s = play(s, "market")
    assert (water(s, 0, 0, 0), water(s, 0, 0, 1)) == (1, 1)
    return s


def test_one_cost_comes_from_one_tower_unless_payments_split() -> None:
    s = troughs(split=False)
    assert not [t for t in texts(s) if t.startswith("build trough")]
    with pytest.raises(IllegalMoveError, match="holds it all"):
        play(s, "build trough at 1,1")
    s = troughs(split=True)
    # 1,1 is in reach of both towers, which hold 1 water each: together they pay.
    assert "build trough at 1,1" in texts(s) and "build trough at -1,-1" not in texts(s)
    s = play(s, "build trough at 1,1")
    assert (water(s, 0, 0, 0), water(s, 0, 0, 1)) == (0, 0)


def test_harvest_water_in_range_is_a_rules_option() -> None:
    for strict in (False, True):
        s = fog.new_game(rules(hand_size=2, min_decks=1, years=1, harvest_water_in_range=strict))
        s = deal_hands(s, ("cottage", "vegetable patch"), ("cottage", "vegetable patch"))
        s = action_round(s, ("cottage",) * 2, ("build cottage at 2,0", "market"))
        # The vegetable patch costs no water but needs 1 at harvest; 3,0 is out of range.
        assert ("build vegetable patch at 3,0" in texts(s)) is not strict


def test_produced_water_goes_into_a_tower_of_the_owners_choice() -> None:
    s = fog.new_game(rules(hand_size=4, min_decks=1, years=1))
    hand = ("cottage", "grain field", "well", "pumpkin patch")
    s = deal_hands(s, hand, hand)
    s = action_round(s, ("cottage",) * 2, ("build water tower at 2,0", "market"))
    s = action_round(s, ("grain field",) * 2, ("build grain field at 1,1", "pay 1 water from 2,0"))
    s = play(s, "market")
    s = action_round(s, ("well",) * 2, ("build well at 0,1", "market"))
    s = action_round(s, (), ("build pumpkin patch at -1,0", "market"))
    assert (water(s, 0, 0, 0), water(s, 0, 2, 0)) == (2, 2)
    # The grain field first (the well then comes by itself), paid from the tower at 2,0.
    s = play(s, "supply grain field at 1,1", "pay 1 water from 2,0")
    # The well's 2 water: both towers have room, its owner chooses for each token.
    assert phase(s) == "store" and texts(s) == ["store water in 0,0", "store water in 2,0"]
    s = play(s, "store water in 2,0", "store water in 2,0")
    assert (water(s, 0, 0, 0), water(s, 0, 2, 0)) == (2, 3)


def test_stars_count_on_any_card_and_a_kept_tool_scores_only_1() -> None:
    cards = (
        fog.Card("starry field", "fields", count=10, stars=2),
        fog.Card("shed", "facilities", count=10, ability="grey", effects=(E("tool"),)),
    )
    tools = (fog.Tool("fork", ("starry field",), "yellow", (E("produce", stars=5),), count=3),)
    r = rules(cards=cards, tools=tools, hand_size=2, min_decks=1, years=1)
    s = deal_hands(fog.new_game(r), ("shed", "starry field"), ("shed", "starry field"))
    s = action_round(s, ("shed", "shed"), ("build shed at 0,1",))
    s = play(s, "deal tool fork", "deal tool fork", "deal tool fork", "market")
    s = play(s, "build starry field at 0,-1", "done", "market")
    sheet = fog.score_sheet(s, 0)
    assert (sheet.stars, sheet.tools, sheet.unused_tools) == (2, 0, 1)


def test_a_capacity_tool_raises_its_sites_capacity() -> None:
    cards = (fog.Card("shed", "facilities", count=10, ability="grey", effects=(E("tool"),)),)
    tools = (fog.Tool("extension", ("silo",), "always", (E("capacity", amount=2),), count=3),)
    r = rules(cards=cards, tools=tools, hand_size=1, min_decks=1, years=1)
    s = deal_hands(fog.new_game(r), ("shed",), ("shed",))
    s = play(s, "build shed at 0,1", *(["deal tool extension"] * 3), "attach extension to 1,0")
    assert s.farms[0].grain_capacity == 4 + 2


def test_convert_is_optional_and_repeats_up_to_its_times() -> None:
    s = fog.new_game(rules(hand_size=1, min_decks=1, years=1, start_grain=3))
    s = deal_hands(s, ("mill",), ("cottage",))
    s = play(s, "build mill at 0,1", "market")
    # The mill may turn 1 grain into 3 coins, twice.
    assert phase(s) == "convert" and texts(s) == ["convert with mill at 0,1", "done"]
    coins = s.farms[0].coins
    s = play(s, "convert with mill at 0,1")
    assert (s.farms[0].grain, s.farms[0].coins) == (2, coins + 3)
    s = play(s, "done")
    assert phase(s) == "end" and s.farms[0].grain == 2


def test_star_tokens_come_from_produce_effects() -> None:
    s = fog.new_game(rules(hand_size=1, min_decks=1, years=1))
    s = deal_hands(s, ("sheep",), ("cottage",))
    s = play(s, "build sheep at 0,1", "market")
    assert s.farms[0].tokens == 1 and fog.score_sheet(s, 0).tokens == 1


def test_the_discard_pile_is_open_to_all() -> None:
    s = fog.new_game(rules(hand_size=1, min_decks=1, years=1))
    s = deal_hands(s, ("chapel",), ("cottage",))
    s = play(s, "market")
    assert fog.observe(s, 1).discard == ("chapel",)


def test_resample_keeps_what_the_viewer_knows() -> None:
    import random

    s = fog.new_game(rules(players=3, hand_size=3, min_decks=1))
    s = deal_hands(
        s, ("cottage", "pigs", "well"), ("inn", "barn", "mill"), ("orchard", "sheep", "fence")
    )
    s = play(s, "pick pigs")
    rng = random.Random(1)
    changed = False
    for _ in range(20):
        other = fog.resample(s, 1, rng)
        assert fog.observe(other, 1) == fog.observe(s, 1)
        assert other.hands[1] == s.hands[1]
        changed |= other.hands[0] != s.hands[0] or other.picks[0] != s.picks[0]
    assert changed
    # Seat 0's own hand and pick are fixed for seat 0.
    assert all(fog.resample(s, 0, rng).hands[0] == s.hands[0] for _ in range(5))
    # After the pass, seat 1 holds seat 0's hand, and seat 0 knows it.
    s = play(s, "pick barn", "pick sheep")
    assert fog.observe(s, 0).seats[1].hand == ("well", "cottage")
    assert attrs.has(type(fog.observe(s, 0)))
