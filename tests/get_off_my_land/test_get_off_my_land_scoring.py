"""End of the game: oil strikes, equipment, the farmhouse bonuses, the winner."""

from __future__ import annotations

import attrs
import pytest
from get_off_my_land_helpers import play, scene, started

from acreage.get_off_my_land import EndBonus, Rules, State, end_bonuses, scores, winners

HOUSES = [
    "Community Garden",
    "Firewood For Sale",
    "Petting Zoo",
    "Hoarder",
    "Roadside Market",
    "Specialty Shop",
    "Used Parts Shop",
    "Nature Preserve",
]
LAND = ["a1", "b1", "a2", "a3", "d3", "d2"]  # player 0's farmhouse and five grass tiles


def _house(name: str, cards: dict[str, str], *, hand: int = 0, land=LAND, players: int = 2):
    # Fencing LAND all round takes 16 fences: a colour of 20 here.
    s = started(players, fences_per_player=20)
    return scene(
        s,
        farmhouses=(HOUSES.index(name), *[h for h in range(8) if HOUSES[h] != name][: players - 1]),
        land={0: land},
        cards=cards,
        hands={0: ["Fertilizer!"] * hand},
    )


def _bonus(s) -> int:
    return end_bonuses(s)[0].farmhouse


def test_hoarder_2_cows_and_2_grain_is_16() -> None:
    # "Receive $0/8/18/30 for market cards you control with the same name. If
    # you had 2 cows and 2 grain you would receive $16 total."
    s = _house("Hoarder", {"b1": "Cows", "a2": "Cows*", "a3": "Grain", "d3": "Grain"})
    assert _bonus(s) == 16
    s = _house("Hoarder", {"b1": "Cows", "a2": "Cows", "a3": "Cows", "d3": "Grain"})
    assert _bonus(s) == 18


def test_roadside_market_4_names_is_15() -> None:
    # "$0/4/9/15/22/30 for differently named market cards ... 4 differently
    # named market cards you would receive $15 total."
    s = _house("Roadside Market", {"b1": "Cows", "a2": "Pigs", "a3": "Grain", "d3": "Corn"})
    assert _bonus(s) == 15
    s = _house("Roadside Market", {"b1": "Cows", "a2": "Pigs"})
    assert _bonus(s) == 4


def test_specialty_shop_2_names_is_20() -> None:
    # "$30 for 1, $20 for 2, $10 for 3, $0 for 4+ ... If you had 2 cows and 3
    # grain you would receive $20 total."
    cows_and_grain = {"b1": "Cows", "a2": "Cows", "a3": "Grain", "d3": "Grain", "d2": "Grain"}
    # Three Grain cards are in play with four players (two with two).
    assert _bonus(_house("Specialty Shop", cows_and_grain, players=4)) == 20
    assert _bonus(_house("Specialty Shop", {"b1": "Cows"})) == 30
    four = {"b1": "Cows", "a2": "Pigs", "a3": "Grain", "d3": "Corn"}
    assert _bonus(_house("Specialty Shop", four)) == 0
    assert _bonus(_house("Specialty Shop", {})) == 0  # no card, no specialty


def test_community_garden_5_per_immature_10_per_mature_crop() -> None:
    s = _house("Community Garden", {"b1": "Grain", "a2": "Corn*", "a3": "Potatoes*", "d3": "Cows*"})
    assert _bonus(s) == 5 + 10 + 10


def test_petting_zoo_5_per_immature_10_per_mature_livestock() -> None:
    s = _house("Petting Zoo", {"b1": "Cows", "a2": "Pigs*", "a3": "Grain*"})
    assert _bonus(s) == 5 + 10


def test_used_parts_shop_5_per_exhausted_10_per_active_equipment() -> None:
    s = _house("Used Parts Shop", {"b1": "Still", "a2": "Workhorse*", "a3": "Cows*"})
    assert _bonus(s) == 5 + 10


def test_firewood_for_sale_5_per_card_in_hand() -> None:
    assert _bonus(_house("Firewood For Sale", {}, hand=3)) == 15


def test_nature_preserve_counts_land_without_market_cards() -> None:
    # "$6 = 1, $13 = 2, $21 = 3, $30 = 4+ for land tiles you control that have
    # no market cards on them" (the farmhouse is one of them).
    assert _bonus(_house("Nature Preserve", {}, land=["a1", "b1"])) == 13
    assert _bonus(_house("Nature Preserve", {"b1": "Cows"}, land=["a1", "b1"])) == 6
    assert _bonus(_house("Nature Preserve", {})) == 30


def test_the_farmhouse_bonus_is_at_most_30() -> None:
    crops = {"b1": "Grain*", "a2": "Corn*", "a3": "Potatoes*", "d3": "Grain*"}
    assert _bonus(_house("Community Garden", crops)) == 30


def test_no_farmhouse_bonus_without_controlling_the_farmhouse() -> None:
    # "You won't receive the extra money for your Farmhouse Tile bonus if you
    # don't control it at the end of the game."
    s = _house("Hoarder", {"b1": "Cows", "a2": "Cows"}, land=["b1", "a2"])
    assert _bonus(s) == 0


@pytest.mark.parametrize(("oil", "per_tile"), [(0, 0), (1, 2), (2, 4), (3, 6)])
def test_oil_strikes(oil: int, per_tile: int) -> None:
    # "1 Oil Strike = Each land tile you control is worth $2. 2 = $4. 3 = $6."
    s = started(3)
    darks = ["b2", "c2", "c3"][:oil]
    s = scene(
        s, land={0: ["a1", "b2", "c2", "c3", "b3"]}, logged=dict.fromkeys(darks, "oil strike")
    )
    assert end_bonuses(s)[0].oil == per_tile * 5


def _scoring_example():
    """The rulebook's scoring example rebuilt on the 4-player board.

    Yellow (0): 12 tiles with one oil strike, a Still and a Workhorse, Hoarder
    with 2 Cows and 2 Grain. Teal (1): 3 tiles with two oil strikes, a
    Workhorse, Firewood For Sale with 5 cards. Orange (2): Specialty Shop with
    Cows and Grain. Red (3): Roadside Market with four names.
    """
    s = started(4)
    return scene(
        s,
        farmhouses=tuple(
            HOUSES.index(h)
            for h in ("Hoarder", "Firewood For Sale", "Specialty Shop", "Roadside Market")
        ),
        land={
            0: ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3", "a4", "b4", "c4"],
            1: ["e1", "e2", "d3"],
            2: ["e3", "e4", "e5"],
            3: ["a5", "b5", "c5", "d5", "d4"],
        },
        logged={
            "b3": "oil strike",
            "c2": "fertile land",
            "c3": "fertile land + fence card",
            "c4": "fishing hole + buried treasure",
            "e2": "oil strike",
            "d3": "oil strike",
            "c1": "nothing",
            "b2": "fence card",
            "c5": "buried treasure",
            "d4": "fence card",
        },
        cards={
            "b1": "Cows",
            "a2": "Cows",
            "a4": "Grain",
            "c1": "Grain",
            "b2": "Still*",
            "c2": "Workhorse*",
            "e2": "Workhorse",
            "e4": "Cows",
            "e3": "Grain",
            "b5": "Corn",
            "c5": "Potatoes",
            "d5": "Pigs",
            "d4": "Chickens",
        },
        hands={1: ["Fertilizer!"] * 5},
        money=(77, 76, 94, 88),
        month=11,
        first=0,
        turn=3,
    )


def test_scoring_example() -> None:
    # "Yellow Player: 1) $24, 2) $10, 3) $16, money $77. Final Score $127.
    # Teal Player: 1) $12, 2) $5, 3) $25, money $76. Final Score $118.
    # Orange Player: 1) $0, 2) $0, 3) $20, money $94. Final Score $114.
    # Red Player: 1) $0, 2) $0, 3) $15, money $88. Final Score $103."
    s = _scoring_example()
    assert scores(s) == (77, 76, 94, 88) and winners(s) == ()
    s = play(s, "end turn")  # Red ends April: the game is over
    assert end_bonuses(s) == (
        EndBonus(24, 10, 16),
        EndBonus(12, 5, 25),
        EndBonus(0, 0, 20),
        EndBonus(0, 0, 15),
    )
    assert scores(s) == (127, 118, 114, 103)
    assert winners(s) == (0,)


def _twin_preserves() -> State:
    """A game with a second Nature Preserve tile (tile 8), so both players can keep one."""
    houses = Rules().farmhouses
    twin = attrs.evolve(houses[7], name="Nature Preserve II")
    return started(farmhouses=(*houses, twin))


def test_a_tie_goes_to_the_most_land_then_is_shared() -> None:
    # "In a tie, the tied player who owns the most plots of land is the winner."
    s = scene(
        _twin_preserves(),
        land={0: ["a1", "b1"], 1: ["d4"]},
        farmhouses=(7, 8),
        money=(20, 27),
        month=11,
        turn=1,
    )
    s = play(s, "end turn")
    assert scores(s) == (20 + 13, 27 + 6) and winners(s) == (0,)
    s = scene(
        _twin_preserves(),
        land={0: ["a1"], 1: ["d4"]},
        farmhouses=(7, 8),
        money=(20, 20),
        month=11,
        turn=1,
    )
    s = play(s, "end turn")
    assert winners(s) == (0, 1)
