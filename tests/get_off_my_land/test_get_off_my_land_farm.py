"""Income, the market, lumber, logging, harvest, animals and the month track.

2-player reference board: a1 house 0, b1 grass, a2 grass, d2 grass with a
fishing hole, a3 grass on fertile land, d3 grass, d4 house 1; b2, c3, a4
and c4 are dark forest, the rest light forest.
"""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from get_off_my_land_helpers import fence_card, market_card, play, scene, started, texts, tile

from acreage import CHANCE, IllegalMoveError
from acreage.core.chance import Deck
from acreage.get_off_my_land import (
    MarketCard,
    Rules,
    chance_outcomes,
    controller,
    monthly_income,
)
from acreage.get_off_my_land.state import DiscardDown, Turn


def _income_example():
    # Yellow (player 0) controls a1, b1, a2, b2: an Orchard (mature), Potatoes
    # (immature, on fertile land) and Ducks (mature) with Teal's farmer on them.
    # Teal (player 1) controls c4, d2, d3, d4: Chickens (mature), a Workhorse
    # (active) and the fishing hole on d2 with no card.
    return scene(
        started(),
        land={0: ["a1", "b1", "a2", "b2"], 1: ["c4", "d2", "d3", "d4"]},
        logged={"b2": "fertile land", "c4": "oil strike"},
        cards={
            "b1": "Orchard*",
            "b2": "Potatoes",
            "a2": "Ducks*",
            "d3": "Chickens*",
            "c4": "Workhorse*",
        },
        farmers=(0, "a2"),
        month=1,
        turn=1,
    )


def test_income_example() -> None:
    # "Yellow player would gain: $2 for the Orchard. $0 for the Potatoes because
    # it's immature. $0 for the Ducks because Teal player's farmer is stealing
    # the income. Teal player would gain: $3 for the Chickens. $1 for the
    # Workhorse. $1 for the Fishing Hole. $2 for the Ducks."
    s = _income_example()
    assert monthly_income(s) == (2, 3 + 1 + 1 + 2)
    before = s.money
    s = play(s, "end turn")  # the last turn of June; July begins with income
    assert s.month == 2 and isinstance(s.decision, Turn)
    assert s.money == (before[0] + 2, before[1] + 7)


def test_no_income_in_the_first_month() -> None:
    # "Skip this step on the first Month as no one has any income to gain yet."
    s = started()
    assert s.month == 0 and s.money == (8, 8)


def test_fertile_land_raises_a_mature_crops_income_and_harvest() -> None:
    # Fertile land "increases the income and harvest values of a mature crop
    # placed on this tile (+1 income and +3 harvest)".
    s = scene(
        started(), land={0: ["a1", "a2", "a3"]}, cards={"a3": "Potatoes*", "a2": "Grain*"}, turn=0
    )
    assert monthly_income(s) == (1 + 1 + 1, 0)
    s = play(s, "harvest a3")
    assert s.money[0] == 8 + 6 + 3
    assert not s.mature >> tile(s, "a3") & 1


def test_harvest_needs_a_mature_card_you_control() -> None:
    s = scene(
        started(),
        land={0: ["a1", "b1", "a2"], 1: ["d3", "d4"]},
        cards={"b1": "Grain*", "a2": "Grain", "d3": "Cows*"},
        farmers=("d3", "b1"),
        turn=0,
    )
    harvests = [m for m in texts(s) if m.startswith("harvest")]
    # "You can still harvest a market card you control even if an opponent's
    # farmer is on it"; never an immature card; never an opponent's.
    assert harvests == ["harvest b1"]
    with pytest.raises(IllegalMoveError, match="never harvest a market card you do not control"):
        play(s, "harvest d3")
    with pytest.raises(IllegalMoveError, match="only a mature crop"):
        play(s, "harvest a2")


def test_harvesting_equipment_exhausts_it_and_draws_a_fence_card() -> None:
    s = scene(started(), land={0: ["a1", "b1"]}, cards={"b1": "Workhorse*"}, turn=0)
    s = play(s, "harvest b1")
    assert s.to_move is CHANCE and not s.mature >> tile(s, "b1") & 1
    s = play(s, str(chance_outcomes(s)[0][0]))
    assert len(s.hands[0]) == 3


def test_a_still_adds_to_grain_and_corn() -> None:
    s = scene(
        started(), land={0: ["a1", "b1", "a2"]}, cards={"b1": "Still*", "a2": "Corn*"}, turn=0
    )
    assert monthly_income(s)[0] == 2 + (1 + 1)
    s = play(s, "harvest a2")
    assert s.money[0] == 8 + 5 + 1


def test_buying_places_the_card_and_the_track_slides_and_refills() -> None:
    s = scene(started(), land={0: ["a1", "b1", "a2"]}, cards={"a2": "Cows*"}, money=(20, 8), turn=0)
    track = s.track
    s = play(s, "buy Corn (A) from the $4 slot onto b1")
    assert s.money[0] == 20 - 4
    assert s.cards[tile(s, "b1")] == track[2] and not s.mature >> tile(s, "b1") & 1
    assert s.track[:5] == (*track[:2], *track[3:]) and s.track[5] == -1
    assert s.to_move is CHANCE  # "replenish the track with cards from the top of the $10 deck"
    s = play(s, str(chance_outcomes(s)[0][0]))
    assert -1 not in s.track
    # Replacing a card discards it; equipment goes on active side up.
    s = play(s, "buy Ducks (A) from the $8 slot onto a2")
    assert s.market_discard == (market_card(s, "Cows"),)


def test_equipment_is_bought_active() -> None:
    s = scene(started(), land={0: ["a1", "b1"]}, money=(20, 8), turn=0)
    workhorse = market_card(s, "Workhorse")
    s = scene(s, track=(workhorse, *s.track[1:]))
    s = play(s, "buy Workhorse (A) from the $2 slot onto b1")
    assert s.mature >> tile(s, "b1") & 1


def test_the_workhorse_discounts_crops() -> None:
    s = scene(
        started(), land={0: ["a1", "b1", "a2"]}, cards={"a2": "Workhorse*"}, money=(4, 8), turn=0
    )
    s = play(s, "buy Corn (A) from the $4 slot onto b1")  # $3 with the workhorse
    assert s.money[0] == 1


def test_an_empty_deck_is_made_anew_from_the_removed_cards() -> None:
    # "If the $10 slot ever becomes empty, shuffle all the market cards that
    # were removed from the game and make a new market deck."
    # A market of nine cards: six Grain fill the track, and the deck is empty
    # once the Cows and the two Pigs are removed from the game.
    reference = Rules().market_cards

    def card(name: str, letter: str, count: int) -> MarketCard:
        kind = next(c for c in reference if (c.name, c.letter, c.players) == (name, letter, 2))
        return attrs.evolve(kind, count=count)

    s = started(market_cards=(card("Grain", "A", 6), card("Cows", "B", 1), card("Pigs", "B", 2)))
    cows, pigs = market_card(s, "Cows"), market_card(s, "Pigs")
    s = scene(
        s,
        land={0: ["a1", "b1"]},
        money=(20, 8),
        market_deck=Deck(),
        market_discard=(cows, pigs, pigs),
        turn=0,
    )
    s = play(s, "buy Grain (A) from the $2 slot onto b1")
    assert s.to_move is CHANCE and s.market_discard == ()
    assert [(str(m), p) for m, p in chance_outcomes(s)] == [
        ("reveal Cows (B)", Fraction(1, 3)),
        ("reveal Pigs (B)", Fraction(2, 3)),
    ]


def test_lumber() -> None:
    # "1. You pay $3. 2. You may place or move 1 of your Fence Pieces. 3. You
    # draw 2 Fence Cards. 4. You remove the market card in the $2 slot from the
    # game and slide the remaining market cards."
    s = started()
    track = s.track
    s = play(s, "buy lumber", "fence a1 N")
    assert s.money[0] == 5 and s.to_move is CHANCE
    s = play(s, str(chance_outcomes(s)[0][0]))
    s = play(s, str(chance_outcomes(s)[0][0]))
    assert len(s.hands[0]) == 4
    assert s.market_discard == (track[0],) and s.track[:4] == track[1:5]
    s = play(s, str(chance_outcomes(s)[0][0]))
    assert isinstance(s.decision, Turn) and s.decision.actions == 1


def test_lumber_draws_even_when_its_fence_is_defended() -> None:
    s = scene(
        started(),
        land={0: ["c3"], 1: ["c4", "d3", "d4"]},
        hands={0: ["Implements of Destruction! (1 fence, 3 holes)"], 1: []},
        turn=1,
    )
    s = play(s, "buy lumber", "fence c3 N inside")
    assert s.to_move == 0
    s = play(s, "defend with Implements of Destruction! (1 fence, 3 holes)")
    assert controller(s, tile(s, "c3")) == 0
    assert s.to_move is CHANCE  # Teal still draws 2
    s = play(s, str(chance_outcomes(s)[0][0]))
    s = play(s, str(chance_outcomes(s)[0][0]))
    assert len(s.hands[1]) == 2


def test_logging_reveals_the_logged_side_by_chance_and_pays_its_reward() -> None:
    s = play(started(), "log c1")
    outcomes = [(str(m), p) for m, p in chance_outcomes(s)]
    assert outcomes == [
        ("logged side: fence card", Fraction(2, 5)),
        ("logged side: buried treasure", Fraction(1, 5)),
        ("logged side: fishing hole", Fraction(1, 5)),
        ("logged side: nothing", Fraction(1, 5)),
    ]
    treasure = play(s, "logged side: buried treasure")
    assert treasure.money[0] == 8 + 2 and treasure.cleared >> tile(s, "c1") & 1
    card = play(s, "logged side: fence card")
    assert card.to_move is CHANCE  # "Fence Card - Draw a Fence Card."
    card = play(card, str(chance_outcomes(card)[0][0]))
    assert len(card.hands[0]) == 3
    # The tile's kind is used up: the next light tile cannot also be the treasure.
    s = play(treasure, "log d1")
    assert "logged side: buried treasure" not in [str(m) for m, _ in chance_outcomes(s)]


def test_no_logging_a_tile_fully_fenced_by_another_player() -> None:
    # "You cannot log a land tile that is fully fenced by another player."
    s = scene(started(), land={1: ["c3"]}, turn=0)
    assert "log c3" not in texts(s)
    with pytest.raises(IllegalMoveError, match="fully fenced by another player"):
        play(s, "log c3")


def test_a_fishing_hole_pays_only_without_a_market_card() -> None:
    s = scene(started(), land={1: ["d2", "d3", "d4"]}, cards={"d3": "Grain*"})
    assert monthly_income(s)[1] == 1 + 1
    s = scene(s, cards={"d2": "Grain*"})
    assert monthly_income(s)[1] == 1 + 1


def test_loose_animals_run_away_crops_stay_mature_but_uncontrolled() -> None:
    # "If at any point mature livestock is on a land tile that is not fully
    # fenced, it runs away." A mature crop stays mature, uncontrolled.
    s = scene(
        started(),
        land={0: ["a1", "b1", "a2"]},
        cards={"b1": "Cows*", "a2": "Grain*"},
        hands={0: ["Get Off My Land! (1 fence, 2 holes)"]},
        turn=0,
    )
    s = play(
        s,
        "play Get Off My Land! (1 fence, 2 holes) for fences",
        "move the fence at b1 N",
        "fence c1 N",
    )
    assert not s.mature >> tile(s, "b1") & 1
    assert s.mature >> tile(s, "a2") & 1 and controller(s, tile(s, "a2")) is None


@pytest.mark.parametrize(
    ("animal", "crop", "eaten"),
    [("Cows", "Grain", True), ("Ducks", "Grain", False), ("Cows", "Orchard", False)],
)
def test_om_nom_nom_when_livestock_matures_beside_a_mature_crop(animal, crop, eaten) -> None:
    # "If at any point mature livestock is in the same fenced area as mature
    # crop, it will eat the crop ... Ducks - Do not eat. Orchards - Cannot be eaten."
    s = scene(
        started(),
        land={0: ["a1", "b1", "a2"]},
        cards={"b1": animal, "a2": crop + "*"},
        month=1,  # the end of June matures livestock
        turn=1,
    )
    s = play(s, "end turn")
    assert s.mature >> tile(s, "b1") & 1
    assert bool(s.mature >> tile(s, "a2") & 1) is not eaten


def test_the_month_track_events() -> None:
    # After May: crops mature. After November: all crops are discarded.
    s = scene(
        started(),
        land={0: ["a1", "b1", "a2"]},
        cards={"b1": "Grain", "a2": "Ducks"},
        turn=1,
    )
    s = play(s, "end turn")
    assert s.month == 1 and s.mature == 1 << tile(s, "b1")
    assert s.first == 1  # "FIRST PLAYER! Pass the first player marker to the player to the left."
    s = scene(s, month=6, first=0, turn=1)
    s = play(s, "end turn")
    assert s.cards[tile(s, "b1")] == -1 and s.market_discard == (market_card(s, "Grain"),)
    assert s.cards[tile(s, "a2")] == market_card(s, "Ducks")


def test_the_game_ends_after_april() -> None:
    s = scene(started(), month=11, first=0, turn=1)
    s = play(s, "end turn")
    assert s.to_move is None and s.month == 12


def test_two_actions_a_turn_and_fences_once() -> None:
    card = "Get Off My Land! (1 fence, 2 holes)"
    s = scene(started(), hands={0: [card, card]}, turn=0)
    s = play(s, f"play {card} for fences", "done")
    assert s.decision == Turn(0, 1, True)
    assert f"play {card} for fences" not in texts(s)
    with pytest.raises(IllegalMoveError, match="only once per turn"):
        play(s, f"play {card} for fences")
    s = play(s, "log c1", "logged side: nothing")
    assert isinstance(s.decision, Turn) and s.decision.seat == 1


def test_the_hand_limit_is_checked_at_the_end_of_a_turn() -> None:
    others = ["Steroids!", "Midnight Raid!", "Slash and Burn!", "Manager's Deal!"]
    others += ["Combine Harvester!", "Implements of Destruction!"]
    s = scene(started(), hands={0: ["Fertilizer! (2 fences, 0 holes)"] * 2 + others}, turn=0)
    s = play(s, "end turn")
    assert isinstance(s.decision, DiscardDown) and s.to_move == 0
    s = play(s, "discard Fertilizer! (2 fences, 0 holes)")
    s = play(s, "discard Fertilizer! (2 fences, 0 holes)")
    assert len(s.hands[0]) == 6 and s.to_move == 1
    assert s.fence_discard == (fence_card(s, "Fertilizer! (2 fences, 0 holes)"),) * 2


def test_livestock_maturing_on_open_land_runs_away_at_once() -> None:
    # "Flip all livestock market cards on land tiles to their mature side";
    # on b1, open to the outside, the Cows run away at once.
    s = scene(
        started(),
        land={0: ["a1", "a2"]},
        sides={0: ["b1 N", "b1 E"]},
        cards={"b1": "Cows", "a2": "Cows"},
        month=1,
        turn=1,
    )
    s = play(s, "end turn")  # the end of June matures livestock
    assert s.mature == 1 << tile(s, "a2")


def test_a_lifted_fence_with_nowhere_to_go_returns_to_the_stash() -> None:
    # Every side at the farmhouse's corners holds two opponents' fences, so
    # player 0's lone fence, once lifted, fits nowhere: "done" puts it back in the stash.
    s = started(3)
    sides = {
        1: ["a1 N", "a1 W", "a1 E", "a1 S", "b1 N", "b2 N", "a2 W", "a2 E"],
        2: ["a1 N out", "a1 W out", "b1 W", "a2 N", "b1 N out", "b1 S", "a2 W out", "b2 W"],
        0: ["c3 N"],
    }
    card = "Get Off My Land! (1 fence, 2 holes)"
    s = scene(s, sides=sides, hands={0: [card]}, turn=0)
    s = play(s, f"play {card} for fences", "move the fence at c3 N")
    assert texts(s) == ["done"]
    s = play(s, "done")
    assert s.fences[0] == 0 and isinstance(s.decision, Turn) and s.decision.actions == 1


def test_the_bank_never_runs_out() -> None:
    # Ruling M1: the components list $890 of notes but the rulebook never says
    # what happens when the bank is empty; the bank pays whatever it owes.
    # $880 is more than anyone can hold in May: it is August (month 3).
    s = scene(
        started(), land={0: ["a1", "b1"]}, cards={"b1": "Cows*"}, money=(880, 10), month=3, turn=0
    )
    s = play(s, "harvest b1")
    assert s.money == (880 + 9, 10) and sum(s.money) > 890
