"""Scenario tests: each line of the game-end scoring, and the winner with its tie-break."""

from __future__ import annotations

import attrs
import pytest
from fields_of_green_helpers import action_round, deal_hands, phase, rules

from acreage import fields_of_green as fog
from acreage.fields_of_green.geometry import cell


def farm_with(
    r: fog.Rules,
    cards: dict[tuple[int, int], str],
    *,
    down: tuple[tuple[int, int], ...] = (),
    tools: dict[tuple[int, int], tuple[str, ...]] | None = None,
    water: tuple[int, ...] = (3,),
    **fields: int | tuple[int, ...],
) -> fog.Farm:
    """A farm with the start cards, ``cards`` by cell, more towers at 0,-1, 0,-2, ... and ``fields``."""
    t = r.tables
    start = fog.new_game(r).farms[0]
    placed = dict(cards)
    for i in range(1, len(water)):
        placed[(0, -i)] = "water tower"
    cells = [*start.cells, *(cell(r, x, y) for x, y in placed)]
    kinds = [*start.kinds, *(t.names.index(n) for n in placed.values())]
    occupied = sum(1 << c for c in cells)
    towers = tuple(
        (c, water[i], 3, 2)
        for i, c in enumerate(c for c, k in zip(cells, kinds, strict=True) if k == t.tower)
    )
    return attrs.evolve(
        start,
        cells=tuple(cells),
        kinds=tuple(kinds),
        occupied=occupied,
        down=sum(1 << cell(r, x, y) for x, y in down),
        towers=towers,
        tools=tuple(
            sorted(
                (cell(r, x, y), t.tool_names.index(name))
                for (x, y), names in (tools or {}).items()
                for name in names
            )
        ),
        **fields,
    )


def test_each_end_scoring_line() -> None:
    r = fog.Rules()
    f = farm_with(
        r,
        {
            (0, 1): "cottage",  # 1 star
            (1, 1): "farmhouse",  # 3 stars
            (2, 0): "chapel",  # 4 stars, but shut down
            (-1, 0): "barn",  # 1 star; yellow: 1 per livestock card in the farm
            (-2, 0): "pigs",
            (-1, 1): "cows",
            (-1, -1): "sheep",  # shut down: counts for nothing
            (-2, 1): "fence",  # yellow: 1 per neighbouring livestock (pigs, cows)
        },
        down=((2, 0), (-1, -1)),
        tools={(-1, 0): ("pitchfork",)},  # 2 stars at game end
        water=(0, 2, 0),
        kept=(0, 5),
        coins=11,
        grain=5,
        tokens=2,
    )
    sheet = fog.farm_sheet(r, f)
    assert sheet == fog.ScoreSheet(
        stars=1 + 3 + 1,
        tokens=2,
        tools=2,
        unused_tools=2,
        coins=3,
        grain=2,
        empty_towers=2,
        yellow=2 + 2,
    )
    assert sheet.total == 5 + 2 + 2 + 2 + 3 + 2 + 2 + 4


def test_shut_down_sites_score_when_the_rules_say_so() -> None:
    r = fog.Rules(shut_down_sites_score=True)
    f = farm_with(r, {(0, 1): "chapel", (1, 1): "barn", (2, 1): "pigs"}, down=((0, 1), (2, 1)))
    sheet = fog.farm_sheet(r, f)
    assert (sheet.stars, sheet.yellow) == (4 + 1, 0)  # a face-down pig is still no livestock


def test_grain_scores_per_two_in_the_silos_and_coins_per_three() -> None:
    r = fog.Rules()
    for coins, grain, points in ((2, 1, 0), (3, 2, 2), (8, 7, 5), (9, 8, 7)):
        sheet = fog.farm_sheet(r, farm_with(r, {}, coins=coins, grain=grain))
        assert sheet.coins + sheet.grain == points


def test_final_scores_are_the_sheets_and_most_points_wins() -> None:
    s = fog.new_game(rules(hand_size=1, min_decks=1, years=1))
    s = deal_hands(s, ("chapel",), ("cottage",))
    s = action_round(s, (), ("build chapel at 0,1", "build cottage at 0,1"))
    assert phase(s) == "end"
    # Seat 0: chapel 4 + 8 coins // 3 = 2; seat 1: cottage 1 + 13 // 3 = 4. No empty tower.
    assert fog.scores(s) == (6, 5)
    assert fog.winners(s) == (0,)


def end_state(coins: tuple[int, int], tie_break: str) -> fog.State:
    r = rules(tie_break=tie_break)
    farms = tuple(farm_with(r, {}, coins=c, grain=0) for c in coins)
    s = fog.new_game(r)
    return attrs.evolve(s, farms=farms, agenda=())


@pytest.mark.parametrize(
    ("coins", "tie_break", "winners"),
    [
        ((5, 4), "coins", (0,)),  # 1 point each; seat 0 has more coins left
        ((4, 5), "coins", (1,)),
        ((4, 4), "coins", (0, 1)),
        ((5, 4), "shared", (0, 1)),
        ((6, 4), "coins", (0,)),  # 2 points to 1: no tie
    ],
)
def test_tie_break(coins: tuple[int, int], tie_break: str, winners: tuple[int, ...]) -> None:
    s = end_state(coins, tie_break)
    assert fog.winners(s) == winners


def test_no_winners_before_the_end() -> None:
    s = fog.new_game(rules())
    assert fog.winners(s) == () and fog.scores(s) == (5, 5)  # 15 coins, no empty tower
