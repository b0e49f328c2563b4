"""Setup by player count, the Rules and their data, and what each player sees."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from get_off_my_land_helpers import play, started, texts

from acreage import CHANCE, IllegalMoveError, RulesError
from acreage.get_off_my_land import (
    Board,
    MarketCard,
    Rules,
    apply_move,
    arrange,
    chance_outcomes,
    fence_layout,
    legal_moves,
    new_game,
    observe,
    resample,
    sides_around,
)
from acreage.get_off_my_land.state import ChooseFarmhouse, DealFarmhouse, DrawCard, Turn


@pytest.mark.parametrize(
    ("players", "size", "forest", "grass", "fence_cards", "market_cards"),
    [(2, (4, 4), 9, 5, 36, 26), (3, (5, 4), 11, 6, 48, 33), (4, (5, 5), 13, 8, 60, 40)],
)
def test_components_by_player_count(players, size, forest, grass, fence_cards, market_cards):
    # "2 Player Game - Use tiles marked with 2+; 3 Player Game - 2+ and 3+;
    # 4 Player Game - All tiles (2+, 3+, 4) are used." Likewise the cards.
    t = Rules(players=players).tables
    assert (t.grid.width, t.grid.height) == size
    assert t.forest_mask.bit_count() == forest and t.grass_mask.bit_count() == grass
    assert len(t.fence_deck) == fence_cards and len(t.market_deck) == market_cards
    assert len(t.farm_cell) == players


def test_setup_deals_two_farmhouses_to_keep_one() -> None:
    # "Shuffle and deal 2 Farmhouse Tiles to each player. Choose one to use and
    # put the other one back in the box."
    s = new_game(Rules(players=3))
    assert s.to_move is CHANCE
    outcomes = chance_outcomes(s)
    assert len(outcomes) == 8 and {p for _, p in outcomes} == {Fraction(1, 8)}
    for _ in range(6):
        s = apply_move(s, legal_moves(s)[-1])
    assert isinstance(s.decision, ChooseFarmhouse) and s.to_move == 0
    assert texts(s) == ["keep Used Parts Shop", "keep Nature Preserve"]
    assert observe(s, 1).offers == s.offers[1] and observe(s, 0).offers == s.offers[0]
    s = play(s, "keep Nature Preserve")
    # Until every player has chosen, the others do not see the choice.
    assert observe(s, 1).farmhouses == (-1, -1, -1)
    assert observe(s, 0).farmhouses == (7, -1, -1)
    s = play(s, "keep Roadside Market", "keep Petting Zoo")
    assert observe(s, 1).farmhouses == (7, 4, 2)


def test_a_dealt_farmhouse_cannot_be_dealt_again() -> None:
    # The engine checks a dealt tile directly; it must accept exactly the outcomes listed.
    rng = random.Random(4)
    rules = Rules(players=4)
    deals = rules.tables.deal_moves
    s = new_game(rules)
    checked = 0
    while isinstance(s.decision, DealFarmhouse):
        listed = {m for m, _ in chance_outcomes(s)}
        for move in deals:
            if move in listed:
                assert apply_move(s, move).offers != s.offers
            else:
                with pytest.raises(IllegalMoveError):
                    apply_move(s, move)
                checked += 1
        s = apply_move(s, sorted(listed, key=str)[rng.randrange(len(listed))])
    assert checked == sum(range(8))  # 0 + 1 + ... + 7 tiles dealt before each deal


def test_only_a_card_in_the_deck_can_be_drawn() -> None:
    rules = Rules(players=2)
    s = new_game(rules)
    while not isinstance(s.decision, DrawCard):
        s = apply_move(s, chance_outcomes(s)[0][0] if s.to_move is CHANCE else legal_moves(s)[0])
    # A deck of three cards; the rest were played and discarded.
    labels = [card.label for card in rules.tables.fence]
    deck = [labels[3], labels[3], labels[5]]
    rest = Counter(labels[k] for k, n in rules.tables.fence_deck.counts() for _ in range(n))
    rest.subtract(Counter([*deck, *(labels[k] for hand in s.hands for k in hand)]))
    s = arrange(s, fence_deck=[deck], fence_discard=sorted(rest.elements()))
    listed = {m for m, _ in chance_outcomes(s)}
    assert listed == {rules.tables.draw_moves[3], rules.tables.draw_moves[5]}
    for move in rules.tables.draw_moves:
        if move in listed:
            assert sum(map(len, apply_move(s, move).hands)) == sum(map(len, s.hands)) + 1
        else:
            with pytest.raises(IllegalMoveError, match="not a possible outcome"):
                apply_move(s, move)


def test_setup_money_cards_market_month() -> None:
    # "$8 worth of money", "2 fence cards", the market track "starting at the
    # $2 slot" from the A pile, "The Month Marker starts in May."
    s = started(4)
    assert s.money == (8,) * 4
    assert [len(h) for h in s.hands] == [2] * 4
    assert all(s.rules.tables.market[k].letter == "A" for k in s.track) and -1 not in s.track
    assert s.month == 0 and s.month_name == "May"
    assert s.decision == Turn(0, 2, False)
    assert (
        s.farmers == s.rules.tables.farm_cell
    )  # "start their farmers on top of their farmhouse tiles"
    assert s.tiles == (-1,) * 25 and s.fences == (0,) * 4


def test_the_market_deck_is_a_then_b_then_c() -> None:
    deck = Rules(players=2).tables.market_deck
    letters = [
        {Rules(players=2).tables.market[k].letter for k in seg.cards()} for seg in deck.segments
    ]
    assert letters == [{"A"}, {"B"}, {"C"}]


def test_rules_round_trip_and_defaults() -> None:
    assert Rules(players=3).to_data() == {"players": 3}
    rules = Rules(players=4, secret_farmhouses=True, lumber_cost=4)
    assert Rules.from_data(rules.to_data()) == rules


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"players": 5}, "players"),
        ({"hand_limit": 0}, "hand_limit"),
        ({"market_costs": [2, 2, 4]}, "market_costs"),
        ({"market_cards": [{"name": "Cows", "type": "cattle"}]}, "market_cards[0]"),
        ({"board": {"rows": ["H0 H1", "X G1"]}}, "board"),
        ({"board": {"rows": ["H0 G1 L", "D H1"]}}, "board.rows[1]"),
        (
            {
                "fence_cards": [
                    {
                        "title": "Get Off My Land!",
                        "fences": 0,
                        "bullets": 1,
                        "players": 2,
                        "count": 1,
                    }
                ]
            },
            "fence_cards[0]",
        ),
        ({"farmhouses": []}, "farmhouses"),
    ],
)
def test_bad_rules_name_the_field(data, field) -> None:
    with pytest.raises(RulesError, match="^" + re.escape(field)):
        Rules.from_data(data)


def test_a_board_must_match_the_tiles_in_play() -> None:
    rows = ("H0 G1 L  L", "G2 D  L  G3", "G4 L  D  G5", "D  L  L  H1")  # a dark spot turned light
    with pytest.raises(RulesError, match="6 light forest spots, but 5"):
        Rules(board=Board(rows))


def test_broken_data_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("players = [", encoding="utf-8")
    with pytest.raises(RulesError, match="not valid TOML"):
        Rules.from_toml(bad)
    card = tmp_path / "card.toml"
    card.write_text(
        '[[market_cards]]\nname = "Cows"\ntype = "livestock"\nletter = "A"\nplayers = 2\n'
        "count = 0\nincome = 1\nharvest = 1\norder = 1\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesError, match=r"market_cards\[0\]\.count: expected 1 to 20, got 0"):
        Rules.from_toml(card)


def test_own_component_data_can_be_loaded(tmp_path: Path) -> None:
    data = tmp_path / "cows.toml"
    data.write_text(
        "players = 2\n"
        '[[market_cards]]\nname = "Cows"\ntype = "livestock"\nletter = "A"\nplayers = 2\n'
        "count = 12\nincome = 5\nharvest = 20\norder = 1\n",
        encoding="utf-8",
    )
    rules = Rules.from_toml(data)
    assert rules.market_cards == (MarketCard("Cows", "livestock", "A", 2, 12, 5, 20, 1),)
    s = started(market_cards=rules.market_cards)
    assert set(s.track) == {0}


def test_observe_hides_hands_and_resample_redeals_them() -> None:
    s = started(3)
    view = observe(s, 0)
    assert view.hand == s.hands[0] and view.hand_sizes == (2, 2, 2)
    assert view.fence_deck_size == len(s.fence_deck)
    other = resample(s, 0, random.Random(3))
    assert observe(other, 0) == view
    assert other.hands[0] == s.hands[0]
    assert sorted(other.hands[1] + other.hands[2] + other.fence_deck.cards()) == sorted(
        s.hands[1] + s.hands[2] + s.fence_deck.cards()
    )


def test_secret_farmhouses_stay_hidden_until_the_end() -> None:
    s = started(2, secret_farmhouses=True)
    assert observe(s, 0).farmhouses[1] == -1
    assert observe(started(2), 0).farmhouses[1] >= 0
    other = resample(s, 0, random.Random(1))
    assert observe(other, 0) == observe(s, 0)


def test_fence_layout_from_side_names() -> None:
    rules = Rules(players=2)
    assert sides_around(rules, ["a1", "b1"]) == ("a1 N", "a1 S", "a1 W", "b1 N", "b1 E", "b1 S")
    both = fence_layout(rules, {0: ["b2 E"], 1: ["c2 W"]})  # one edge, a fence facing each tile
    assert both[0] and both[1] and both[0] != both[1]
    with pytest.raises(ValueError, match="at most one fence faces each side"):
        fence_layout(rules, {0: ["b2 E"], 1: ["b2 E"]})
