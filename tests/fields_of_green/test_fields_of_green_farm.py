"""Scenario tests: building the farm (adjacency, water range, grain from any silo, B-E actions)."""

from __future__ import annotations

import pytest
from fields_of_green_helpers import deal_hands, name_at, phase, play, rules, texts, water

from acreage import IllegalMoveError
from acreage import fields_of_green as fog
from acreage.fields_of_green.geometry import catchment, cell, coords


def one_card_each(card: str = "cottage", **fields: object) -> fog.State:
    """Year 1 of a game where each player holds one card, seat 0 about to act with it."""
    s = fog.new_game(rules(hand_size=1, min_decks=1, years=1, **fields))
    s = deal_hands(s, (card,), (card,))
    assert phase(s) == "action" and fog.question(s).actor == 0
    return s


def test_a_new_farm_is_a_full_water_tower_beside_a_silo_with_one_grain_and_15_coins() -> None:
    s = fog.new_game(fog.Rules(players=3))
    for f in s.farms:
        sites = fog.farm_sites(s.rules, f)
        assert [(v.x, v.y, v.name, v.water) for v in sites] == [
            (0, 0, "water tower", 3),
            (1, 0, "silo", 0),
        ]
        assert (f.coins, f.grain, f.grain_capacity, f.tokens) == (15, 1, 4, 0)
    assert (s.silo_stack, s.tower_stack) == (16 - 3, 16 - 3)


def test_build_orthogonally_next_to_the_start_cards_and_never_diagonally() -> None:
    s = one_card_each()
    builds = sorted(t for t in texts(s) if t.startswith("build cottage"))
    assert builds == sorted(
        f"build cottage at {xy}" for xy in ("0,-1", "1,-1", "-1,0", "2,0", "0,1", "1,1")
    )
    with pytest.raises(IllegalMoveError, match="never diagonally"):
        play(s, "build cottage at 2,1")
    with pytest.raises(IllegalMoveError, match="never diagonally"):
        play(s, "build cottage at -1,-1")
    with pytest.raises(IllegalMoveError, match="already holds a card"):
        play(s, "build cottage at 1,0")
    s = play(s, "build cottage at 1,1")
    assert name_at(s, 0, 1, 1) == "cottage"
    assert s.farms[0].coins == 15 - 2
    # Now 2,1 touches the cottage orthogonally.
    s = play(s, "market")
    assert fog.question(s).phase == fog.PHASES.index("end")


def test_a_card_that_cannot_be_paid_for_is_not_offered_and_refused() -> None:
    s = one_card_each("chapel", start_coins=6)
    assert not [t for t in texts(s) if t.startswith("build chapel")]
    with pytest.raises(IllegalMoveError, match="costs 7 coins; there are only 6"):
        play(s, "build chapel at 0,1")
    # "... kann der Standort nicht errichtet werden und der verplante Landwirt muss
    # eine andere Aktion wählen": the other actions remain.
    assert "market" in texts(s) and "build silo at 0,1" in texts(s)


def two_rounds(metric: str = "manhattan") -> fog.State:
    """Seat 0 builds a silo at 2,0, then holds a grain field (costs 1 water)."""
    s = fog.new_game(rules(hand_size=2, min_decks=1, years=1, range_metric=metric))
    s = deal_hands(s, ("cottage", "grain field"), ("cottage", "grain field"))
    s = play(s, "pick cottage", "pick cottage", "build silo at 2,0", "market")
    assert phase(s) == "action" and fog.question(s).actor == 0
    return s


def grain_field_cells(s: fog.State) -> set[str]:
    return {t.removeprefix("build grain field at ") for t in texts(s) if "grain field" in t}


def test_water_cost_accepted_at_range_2_refused_at_3() -> None:
    s = two_rounds()
    assert grain_field_cells(s) == {"0,-1", "1,-1", "-1,0", "0,1", "1,1"}
    with pytest.raises(IllegalMoveError, match="covers that cell"):
        play(s, "build grain field at 3,0")
    with pytest.raises(IllegalMoveError, match="covers that cell"):
        play(s, "build grain field at 2,1")
    s = play(s, "build grain field at 1,1")
    assert water(s, 0, 0, 0) == 2


@pytest.mark.parametrize(
    ("metric", "cells"),
    [
        ("chebyshev", {"0,-1", "1,-1", "2,-1", "-1,0", "0,1", "1,1", "2,1"}),
        ("straight", {"0,-1", "-1,0", "0,1"}),
        ("path", {"0,-1", "1,-1", "-1,0", "0,1", "1,1"}),
    ],
)
def test_the_range_metric_is_a_rules_option(metric: str, cells: set[str]) -> None:
    assert grain_field_cells(two_rounds(metric)) == cells


def test_path_range_counts_steps_through_built_cards_only() -> None:
    r = fog.Rules(range_metric="path")
    tower = cell(r, 0, 0)
    built = (1 << tower) | (1 << cell(r, 1, 0)) | (1 << cell(r, 2, 0))
    area = {
        coords(r, c) for c in range(r.tables.width**2) if catchment(r, tower, 2, built) >> c & 1
    }
    # Two steps: through the built 1,0 to 2,0 and its neighbours, but 0,2 is two steps
    # over the empty 0,1 and so out of reach, unlike with the Manhattan metric.
    assert area == {(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (1, 1), (1, -1)}


def test_grain_comes_from_any_silo_however_far() -> None:
    s = fog.new_game(rules(hand_size=2, min_decks=1, years=1))
    s = deal_hands(s, ("cottage", "cows"), ("cottage", "cows"))
    s = play(s, "pick cottage", "pick cottage", "build cottage at -1,0", "market")
    # Cows cost 4 coins and 1 grain: the only grain is in the silo at 1,0, three cells away.
    assert "build cows at -2,0" in texts(s)
    s = play(s, "build cows at -2,0")
    assert s.farms[0].grain == 0 and s.farms[0].coins == 15 - 2 - 4


def test_water_for_a_harvest_need_comes_only_from_a_tower_in_range() -> None:
    # "Bereits während der Planung und auch bei der Ernte, muss darauf geachtet werden,
    # dass Wassertürme Standorte nur im Umfeld von 2 Feldern mit Wasser versorgen können."
    s = fog.new_game(rules(hand_size=3, min_decks=1, years=1))
    hand = ("cottage", "vegetable patch", "vegetable patch")
    s = deal_hands(s, hand, hand)
    s = play(s, "pick cottage", "pick cottage", "build cottage at 2,0", "market")
    # Costing no water, the vegetable patches may go anywhere; 3,0 is 3 cells from the
    # full tower, 0,-1 is next to it.
    s = play(s, "pick vegetable patch", "pick vegetable patch")
    s = play(s, "build vegetable patch at 3,0", "market", "build vegetable patch at 0,-1")
    s = play(s, "market")
    assert phase(s) == "supply" and texts(s) == [
        "supply vegetable patch at 0,-1",
        "shut down vegetable patch at 3,0",
    ]
    s = play(s, "supply vegetable patch at 0,-1")
    assert name_at(s, 0, 3, 0) == "[vegetable patch]" and water(s, 0, 0, 0) == 2


def test_grain_for_a_harvest_need_comes_from_a_distant_silo_too() -> None:
    s = fog.new_game(rules(hand_size=2, min_decks=1, years=1))
    s = deal_hands(s, ("cottage", "pigs"), ("cottage", "pigs"))
    s = play(s, "pick cottage", "pick cottage", "build cottage at -1,0", "market")
    s = play(s, "build pigs at -2,0", "market")
    # The harvest supplies the pigs (the only green site) with the silo's grain.
    assert phase(s) == "end"
    assert name_at(s, 0, -2, 0) == "pigs"
    assert (s.farms[0].grain, s.farms[0].coins) == (0, 15 - 2 - 3 + 3)


def test_b_water_tower_costs_2_coins_and_comes_full() -> None:
    s = one_card_each()
    s = play(s, "build water tower at 0,1")
    assert name_at(s, 0, 0, 1) == "water tower" and water(s, 0, 0, 1) == 3
    assert s.farms[0].coins == 13
    assert s.discard == (s.rules.tables.names.index("cottage"),)
    assert s.tower_stack == 16 - 2 - 1


def test_c_silo_is_free_and_empty() -> None:
    s = one_card_each()
    s = play(s, "build silo at 2,0")
    assert name_at(s, 0, 2, 0) == "silo"
    f = s.farms[0]
    assert (f.coins, f.grain, f.grain_capacity) == (15, 1, 8)


def test_an_empty_stack_allows_no_more_towers_or_silos() -> None:
    s = one_card_each(silos=2, water_towers=2)
    assert not [t for t in texts(s) if t.startswith(("build silo", "build water tower"))]
    with pytest.raises(IllegalMoveError, match="silo stack is empty"):
        play(s, "build silo at 2,0")
    with pytest.raises(IllegalMoveError, match="water-tower stack is empty"):
        play(s, "build water tower at 2,0")


def test_d_market_gives_2_coins_and_sells_at_most_2_grain_for_2_each() -> None:
    s = one_card_each(start_grain=3)
    assert [t for t in texts(s) if t.startswith("market")] == [
        "market",
        "market selling 1 grain",
        "market selling 2 grain",
    ]
    with pytest.raises(IllegalMoveError, match="at most 2 grain"):
        play(s, "market selling 3 grain")
    # "So können bei einem Marktbesuch maximal 6 Münzen erwirtschaftet werden."
    s = play(s, "market selling 2 grain")
    assert (s.farms[0].coins, s.farms[0].grain) == (15 + 6, 1)


def test_market_cannot_sell_grain_that_is_not_there() -> None:
    s = one_card_each(start_grain=0)
    assert [t for t in texts(s) if t.startswith("market")] == ["market"]
    with pytest.raises(IllegalMoveError, match="only 0 grain"):
        play(s, "market selling 1 grain")


def test_silos_hold_4_grain_each_and_grain_moves_between_them() -> None:
    s = fog.new_game(rules(hand_size=2, min_decks=1, years=1, start_grain=4))
    s = deal_hands(s, ("cottage", "compost heap"), ("cottage", "compost heap"))
    s = play(s, "pick cottage", "pick cottage", "build silo at 2,0", "market")
    s = play(s, "build compost heap at 0,1", "market")
    # The compost heap's grain fits in the new silo; its owner moves grain as needed.
    assert phase(s) == "end"
    assert (s.farms[0].grain, s.farms[0].grain_capacity) == (5, 8)
