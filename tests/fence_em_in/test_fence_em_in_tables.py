"""The per-Rules tables, each held to a direct definition by coordinates."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acreage import fence_em_in as fei
from acreage.fence_em_in.moves import Adjust, MoveToken, Place, Reroll
from acreage.fence_em_in.rules import COLUMNS, KINDS, MAX_BOARD_SIZE
from acreage.fence_em_in.tables import (
    MAX_SIDE,
    _adjusts,
    _categories_for,
    _covering_corners,
    _dice_readings,
    _place_moves,
    _rectangles,
    _rerolls,
    _third_dice,
    _token_moves,
    _valid_corners,
)

SIDES = st.integers(0, MAX_SIDE)


def cells_of(size: int, bitset: int) -> set[tuple[int, int]]:
    return {(c % size, c // size) for c in range(size * size) if bitset >> c & 1}


def rectangle_at(x: int, y: int, w: int, h: int) -> set[tuple[int, int]]:
    return {(x + dx, y + dy) for dx in range(w) for dy in range(h)}


@given(st.integers(5, MAX_BOARD_SIZE), SIDES, SIDES)
def test_rectangles_and_their_valid_corners(size: int, w: int, h: int) -> None:
    rect, valid = _rectangles(size)[w][h], _valid_corners(size)[w][h]
    on_board = {(x, y) for x in range(size) for y in range(size)}
    assert cells_of(size, rect) == rectangle_at(0, 0, w, h)
    want = {(x, y) for x, y in on_board if w and h and rectangle_at(x, y, w, h) <= on_board}
    assert cells_of(size, valid) == want
    for x, y in want:
        # Shifting the rectangle by a valid corner puts it there, without wrapping a row.
        assert cells_of(size, rect << (y * size + x)) == rectangle_at(x, y, w, h)


@given(st.data(), st.integers(5, 12), SIDES, SIDES)
def test_covering_corners_are_the_valid_rectangles_over_the_cell(
    data: st.DataObject, size: int, w: int, h: int
) -> None:
    sx, sy = data.draw(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)))
    valid = _valid_corners(size)
    cover = _covering_corners(size, (sx, sy), valid)[w][h]
    want = {(x, y) for x, y in cells_of(size, valid[w][h]) if (sx, sy) in rectangle_at(x, y, w, h)}
    assert cells_of(size, cover) == want


@pytest.mark.parametrize("size", [5, 7, 12])
def test_place_moves_stand_where_the_corner_is_valid(size: int) -> None:
    valid = _valid_corners(size)
    moves = _place_moves(size, valid)
    for w, h in itertools.product(range(MAX_SIDE + 1), repeat=2):
        for c, move in enumerate(moves[w][h]):
            x, y = c % size, c // size
            assert move == (Place(x, y, w, h) if (x, y) in cells_of(size, valid[w][h]) else None)


def test_dice_readings_are_every_order_of_the_dice() -> None:
    readings = _dice_readings()
    third_die = _third_dice(readings)
    rolls = list(itertools.combinations_with_replacement(range(1, MAX_SIDE + 1), 3))
    assert list(readings) == rolls
    for roll in rolls:
        flat = [(w, h, third) for w, heights in readings[roll] for h, third in heights]
        assert flat == sorted(set(itertools.permutations(roll)))  # by width, then height
        for w, h in itertools.product(range(MAX_SIDE + 1), repeat=2):
            assert third_die[roll][w][h] == left_over(roll, w, h)


def left_over(roll: tuple[int, ...], w: int, h: int) -> int:
    """The die of ``roll`` left when ``w`` and ``h`` are taken from it, 0 when they cannot be."""
    rest = list(roll)
    for side in (w, h):
        if side not in rest:
            return 0
        rest.remove(side)
    return rest[0]


@given(st.tuples(*[st.integers(1, MAX_SIDE)] * 3).map(lambda t: tuple(sorted(t))))
def test_fertilizer_moves_of_a_roll(roll: tuple[int, ...]) -> None:
    assert _rerolls(roll) == tuple(Reroll(v) for v in sorted(set(roll)))
    adjusts = _adjusts(roll)
    assert adjusts == tuple(sorted(adjusts, key=lambda a: (a.value, a.to)))
    want = {Adjust(v, to) for v in roll for to in range(1, MAX_SIDE + 1) if abs(to - v) == 1}
    assert set(adjusts) == want and len(adjusts) == len(want)


def test_token_moves_go_to_each_open_column() -> None:
    moves = _token_moves()
    assert set(moves) == {(k, a) for k in KINDS for a in range(1, COLUMNS + 1)}
    for (kind, a), by_open in moves.items():
        assert len(by_open) == 1 << COLUMNS
        for open_, listed in enumerate(by_open):
            targets = [b for b in range(1, COLUMNS + 1) if b != a and open_ & 1 << (b - 1)]
            assert listed == tuple(MoveToken(kind, a, b) for b in targets)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scoring_tables_index_the_rules(players: int) -> None:
    rules = fei.Rules(players=players)
    tables = rules.tables
    for i, category in enumerate(rules.farm_board):
        for k, kind in enumerate(KINDS):
            assert (i in tables.categories_for[k]) == (kind in category.kinds)
            assert (tables.categories[i][1] >> k & 1) == (kind in category.kinds)
    assert _categories_for(tables.categories) == tables.categories_for
    for bonus, (kinds, points, fertilizer) in (
        (rules.barn_bonus, tables.barn_bonus),
        (rules.granary_bonus, tables.granary_bonus),
    ):
        assert {KINDS[k] for k in range(len(KINDS)) if kinds >> k & 1} == set(bonus.kinds)
        assert (points, fertilizer) == (bonus.points, bonus.fertilizer)
    assert tables.all_seats == (1 << players) - 1
