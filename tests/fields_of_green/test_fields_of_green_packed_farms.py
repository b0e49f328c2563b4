"""The packed farm rows of ``seat_observation_bytes`` are made part by part as moves change a farm.

A farm's ``sites`` rows are put together from parts kept by what each reads:
the cards' rows (by the cells' value; a build writes its one card into a copy
of the rows of the farm one card short), the towers' and the tools' rows (by
their identity, still good after a build appends a card), and the points of
the cards (``site_points``). Each path must give the bytes the plain list
observation gives for that farm, whatever was packed before, and the score
lines it splits must add up to the farm sheet.
"""

from __future__ import annotations

import array
import random

import attrs
import pytest

from acreage import CHANCE
from acreage import fields_of_green as fog
from acreage.core.chance import sample
from acreage.fields_of_green.scoring import purse_points, site_points, tower_points

RULES = [
    fog.Rules(players=2),
    fog.Rules(players=3, shut_down_sites_score=True, harvest_water_in_range=True),
    fog.Rules(players=2, tools=(), years=2, hand_size=3),
]


def _farms(rules: fog.Rules, seed: int) -> list[fog.Farm]:
    """Every farm of every state of a random game, in play order (each once)."""
    rng = random.Random(seed)
    s = fog.new_game(rules)
    farms: dict[int, fog.Farm] = {}
    while s.to_move is not None:
        for f in s.farms:
            farms.setdefault(id(f), f)
        if s.to_move is CHANCE:
            s = fog.apply_move(s, sample(fog.chance_outcomes(s), rng))
        else:
            s = fog.apply_move(s, rng.choice(fog.legal_moves(s)))
    return list(farms.values())


def _plain(enc: fog.FieldsOfGreenEncoding, farm: fog.Farm) -> tuple[bytes, ...]:
    """A farm's sites, purse and kept tools fields by the list route, packed."""
    return tuple(array.array("h", block).tobytes() for block in enc._farm_block(farm))


@pytest.mark.parametrize("rules", RULES, ids=["2p", "3p options", "no tools"])
def test_farms_packed_in_play_order_are_the_plain_blocks(rules: fog.Rules) -> None:
    # In play order, so builds find the farm one card short and water moves the
    # cards' rows: each farm against a fresh encoding's list route.
    enc = fog.FieldsOfGreenEncoding(rules)
    reference = fog.FieldsOfGreenEncoding(rules)
    grown = 0
    for farm in _farms(rules, seed=rules.players):
        grown += farm.cells[:-1] in enc._packed_cards and farm.cells not in enc._packed_cards
        assert enc._farm_bytes(farm) == _plain(reference, farm)
    assert grown > 3  # the path that grows the rows of the farm a card short ran


def test_a_farm_with_the_same_cells_but_other_cards_is_not_taken_for_another() -> None:
    # Rows are kept by the cells' value: a farm with the same cells and other kinds,
    # or other sites shut down, must not get the rows kept for the first one.
    rules = fog.Rules(players=2)
    farms = [f for f in _farms(rules, seed=7) if len(f.cells) > 4]
    farm = farms[-1]
    t = rules.tables
    k = next(k for k in range(len(t.names) - 2) if k != farm.kinds[2])
    other_kinds = attrs.evolve(farm, kinds=(*farm.kinds[:2], k, *farm.kinds[3:]))
    shut = attrs.evolve(farm, down=farm.down | 1 << farm.cells[-1])
    shut_before = attrs.evolve(farm, down=farm.down | 1 << farm.cells[2])
    enc = fog.FieldsOfGreenEncoding(rules)
    reference = fog.FieldsOfGreenEncoding(rules)
    for f in (farm, other_kinds, shut, shut_before, farm):
        assert enc._farm_bytes(f) == _plain(reference, f)
    # A farm one card longer than the one packed last, with other kinds or other sites
    # shut down among its first cards, is packed whole, not grown from those rows.
    c = farm.frontier[0]
    longer = attrs.evolve(farm, cells=(*farm.cells, c), kinds=(*farm.kinds, k))
    # And one grown from them writes its new card as the rows read it.
    down_at_c = farm.down | 1 << c
    for before, f in (
        (farm, attrs.evolve(longer, kinds=(*other_kinds.kinds, k))),
        (farm, attrs.evolve(longer, down=shut_before.down)),
        (farm, longer),
        (attrs.evolve(farm, down=down_at_c), attrs.evolve(longer, down=down_at_c)),
    ):
        enc = fog.FieldsOfGreenEncoding(rules)
        enc._farm_bytes(before)
        assert enc._farm_bytes(f) == _plain(reference, f)


def test_tower_rows_survive_a_build_but_not_a_move_of_the_towers() -> None:
    rules = fog.Rules(players=2)
    farm = next(f for f in reversed(_farms(rules, seed=3)) if len(f.towers) > 1)
    enc = fog.FieldsOfGreenEncoding(rules)
    reference = fog.FieldsOfGreenEncoding(rules)
    enc._farm_bytes(farm)
    c = farm.frontier[0]
    built = attrs.evolve(farm, cells=(*farm.cells, c), kinds=(*farm.kinds, 0))
    assert enc._farm_bytes(built) == _plain(reference, built)
    # The same towers at other places in the cards' order: rows packed again.
    moved = attrs.evolve(
        farm, cells=(farm.cells[1], farm.cells[0], *farm.cells[2:]), kinds=farm.kinds
    )
    moved = attrs.evolve(moved, kinds=(farm.kinds[1], farm.kinds[0], *farm.kinds[2:]))
    assert enc._farm_bytes(moved) == _plain(reference, moved)


@pytest.mark.parametrize("rules", RULES, ids=["2p", "3p options", "no tools"])
def test_the_split_score_lines_add_up_to_the_farm_sheet(rules: fog.Rules) -> None:
    for farm in _farms(rules, seed=11):
        total = fog.farm_sheet(rules, farm).total
        assert site_points(rules, farm) + tower_points(farm) + purse_points(farm) == total
