"""Tables precomputed once per :class:`Rules` and shared by all its states.

Board masks for bit-parallel placement, every move object the game can list
(so listing moves creates no move objects), the chance distributions that never
change, and the scoring data in index form.

Thread safety: states, and so a :class:`Tables`, are shared by threads (a
parallel tree search). Everything is built in ``__init__`` before the object
is published, except two memos (:meth:`Tables.with_token`,
:meth:`Tables.card_outcomes`), which store each complete answer with one dict
assignment: a thread reads a whole answer or none and computes it itself.
:func:`tables_for` is an ``lru_cache``, which keeps itself coherent under
threads; racing first calls may build two equal tables, one of which is kept.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

from acreage.core.chance import counted, dice, die
from acreage.fence_em_in.moves import (
    Adjust,
    Discard,
    Draw,
    Move,
    MoveToken,
    Place,
    Put,
    Reroll,
    RerollSix,
    Reveal,
    Roll,
    SetSix,
    Take,
)
from acreage.fence_em_in.rules import (
    ANIMALS,
    CATEGORY_RULES,
    COLUMNS,
    CROPS,
    DIE_FACES,
    KINDS,
    Bonus,
    Rules,
)

__all__ = ["Tables", "tables_for"]

MAX_SIDE = DIE_FACES - 1
FIRST_PLACE_ACTION = 1 + MAX_SIDE + MAX_SIDE + 4 * 2 + 1 + len(KINDS) * COLUMNS * (COLUMNS - 1) + 1
"""The action number of the first ``place`` move: the blocks before the places
(:mod:`acreage.fence_em_in.actions`) are ``reroll six``, ``set six`` (5),
``reroll`` (5), ``adjust`` (4 x 2), ``refresh``, ``move`` (8 x 5 x 4) and ``done``."""
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
FAMILY: dict[str, int] = {k: 1 if k in ANIMALS else 2 if k in CROPS else 0 for k in KINDS}
"""1 for an animal, 2 for a crop, 0 for a building: what "Alternating animal and crop" alternates."""

_MEMO_LIMIT = 50_000

# Farm-board rules as small ints for the hot path.
SAME, DIFFERENT, ALTERNATING, ANY = range(4)
_RULE_CODES = dict(zip(CATEGORY_RULES, (SAME, DIFFERENT, ALTERNATING, ANY), strict=True))


class Tables:
    """Everything the engine looks up instead of recomputing (see the module docstring).

    Cells are ``y * size + x``; ``rect[w][h]`` is the ``w`` x ``h`` rectangle
    with its top-left cell at 0, so shifting it left by cell ``c`` puts its
    top-left cell on ``c``. ``valid[w][h]`` holds the top-left cells that keep
    the rectangle on the board.
    """

    def __init__(self, rules: Rules) -> None:
        self._board(rules)
        self._dice(rules)
        self._tokens_and_cards(rules)
        self._scoring(rules)
        self._columns: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}
        self._card_outcomes: dict[tuple[str, ...], tuple[tuple[Move, Fraction], ...]] = {}

    def _board(self, rules: Rules) -> None:
        """The enclosure board: masks, rectangles and every ``place`` move."""
        size = self.size = rules.board_size
        self.full = (1 << size * size) - 1
        first_col = _cells(size, range(1), range(size))
        self.not_first_col = self.full & ~first_col
        self.not_last_col = self.full & ~(first_col << (size - 1))
        # Bits between the blocked cells and the cells beside a farm in one int
        # (see placement.legal_places): more than the longest smear, 4 + 4 * size.
        self.near_offset = size * size + MAX_SIDE * size
        self.rect = _rectangles(size)
        self.valid = _valid_corners(size)
        self.start_bits = tuple(1 << (y * size + x) for x, y in rules.start_cells)
        self.reserved = _reserved(self.start_bits, rules.reserved_start_cells)
        self.cover = tuple(_covering_corners(size, cell, self.valid) for cell in rules.start_cells)
        self.place_moves: list[list[list[Place | None]]] = _place_moves(size, self.valid)

    def _dice(self, rules: Rules) -> None:
        """The dice: their chance distributions, readings as enclosures, and die moves."""
        self.assignments = _dice_readings()
        self.third_die = _third_dice(self.assignments)
        self.round_roll: tuple[tuple[Move, Fraction], ...] = tuple(
            (Roll(v), p) for v, p in dice(3, DIE_FACES)
        )
        self.die_roll: tuple[tuple[Move, Fraction], ...] = tuple(
            (Roll((v,)), p) for v, p in die(DIE_FACES)
        )
        self.order_roll: tuple[tuple[Move, Fraction], ...] = tuple(
            (Roll((v,)), p) for v, p in die(rules.order_die_faces)
        )
        self.round_roll_moves = tuple(m for m, _ in self.round_roll)
        self.die_roll_moves = tuple(m for m, _ in self.die_roll)
        self.order_roll_moves = tuple(m for m, _ in self.order_roll)
        self.round_roll_set = frozenset(self.round_roll_moves)
        self.die_roll_set = frozenset(self.die_roll_moves)
        self.order_roll_set = frozenset(self.order_roll_moves)
        self.six_moves: tuple[Move, ...] = (
            RerollSix(),
            *(SetSix(v) for v in range(1, MAX_SIDE + 1)),
        )
        self.set_six_moves = self.six_moves[1:]  # once the turn's re-rolls of sixes are spent
        self.rerolls = {values: _rerolls(values) for values in self.assignments}
        self.adjusts = {values: _adjusts(values) for values in self.assignments}
        fert = rules.fertilizer
        self.min_cost = min(fert.reroll, fert.adjust, fert.move, fert.refresh)

    def _tokens_and_cards(self, rules: Rules) -> None:
        """The token moves (take, discard, draw, move) and the mission cards."""
        self.takes: dict[str, Take] = {k: Take(k) for k in KINDS}
        self.discards: dict[str, Discard] = {k: Discard(k) for k in KINDS}
        self.draws = tuple(
            tuple(Draw(k, col) for col in range(COLUMNS + 1)) for k in KINDS
        )  # draws[kind][column], column 1-5
        self.draws_to = tuple(
            tuple(by_column[col] for by_column in self.draws) for col in range(COLUMNS + 1)
        )
        self.move_tokens = _token_moves()
        self.reveals = {c.name: Reveal(c.name) for c in rules.all_cards}
        self.enclosure_names = tuple(c.name for c in rules.enclosure_cards)
        self.support_names = tuple(c.name for c in rules.usable_support_cards)
        self.cards_to_reveal = 1 + rules.support_cards_drawn

    def _scoring(self, rules: Rules) -> None:
        """Scoring in index form: kinds as bits, category rules as small ints."""
        self.placement = tuple(
            (row.points, row.fertilizer, row.pair_fertilizer, row.animal_bonus)
            for row in rules.placement.rows()
        )
        self.barn = KIND_INDEX["barn"]
        self.granary = KIND_INDEX["granary"]
        self.barn_bonus = _bonus(rules.barn_bonus)
        self.granary_bonus = _bonus(rules.granary_bonus)
        self.categories = tuple(
            (_RULE_CODES[c.rule], _kind_bits(c.kinds), len(c.points)) for c in rules.farm_board
        )
        self.categories_for = _categories_for(self.categories)
        self.puts = tuple(tuple(Put(k, c.name) for c in rules.farm_board) for k in KINDS)
        self.category_index = {c.name: i for i, c in enumerate(rules.farm_board)}
        self.empty_rows: tuple[tuple[str, ...], ...] = ((),) * len(rules.farm_board)
        self.all_seats = (1 << rules.players) - 1

    def with_token(self, column: tuple[str, ...], kind: str) -> tuple[str, ...]:
        """``column`` with a ``kind`` token added, kept in :data:`KINDS` order.

        Memoised: a column is a small multiset, so the same few come back
        again and again, and sorting with a key is the costly part of a draw.
        The memo is emptied when full; either way each entry is stored whole.
        """
        key = (column, kind)
        out = self._columns.get(key)
        if out is None:
            if len(self._columns) >= _MEMO_LIMIT:  # moved tokens can pile up without bound
                self._columns.clear()
            out = self._columns[key] = tuple(sorted((*column, kind), key=KIND_INDEX.__getitem__))
        return out

    def card_outcomes(self, cards: tuple[str, ...]) -> tuple[tuple[Move, Fraction], ...]:
        """The next mission card revealed after ``cards``, each equally likely:
        an enclosure card first, then the support cards not yet revealed.

        Memoised: there are only a few such chance nodes, met again every
        game, and the same tuple lets :func:`~acreage.core.chance.sample`
        reuse its table.
        """
        out = self._card_outcomes.get(cards)
        if out is None:
            names = self.support_names if cards else self.enclosure_names
            left = [n for n in names if n not in cards]
            p = Fraction(1, len(left))
            out = self._card_outcomes[cards] = tuple((self.reveals[n], p) for n in left)
        return out

    def draw_outcomes(self, bag: tuple[int, ...], column: int) -> tuple[tuple[Move, Fraction], ...]:
        """The draws from ``bag`` onto ``column`` (1-5), weighted by the bag's counts.

        A :func:`~acreage.core.chance.counted` distribution, so
        :func:`~acreage.core.chance.sample` draws it with one ``randrange``
        and no Fraction arithmetic.
        """
        draws = self.draws_to[column]
        return counted([(draws[k], n) for k, n in enumerate(bag) if n])


Readings = tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
"""The readings of three dice as ``(width, ((height, third die), ...))``, by width then height."""


def _cells(size: int, xs: range, ys: range) -> int:
    """The cells ``(x, y)`` for ``x`` in ``xs`` and ``y`` in ``ys``, as a bitset."""
    return sum(1 << (y * size + x) for y in ys for x in xs)


def _rectangles(size: int) -> list[list[int]]:
    """``rect[w][h]``: the ``w`` x ``h`` rectangle with its top-left cell at 0, for
    sides 0 to 5 (empty when a side is 0)."""
    sides = range(MAX_SIDE + 1)
    return [[_cells(size, range(w), range(h)) for h in sides] for w in sides]


def _valid_corners(size: int) -> list[list[int]]:
    """``valid[w][h]``: the top-left cells that keep a ``w`` x ``h`` rectangle on the
    board; none when a side is 0 (there is no such enclosure)."""
    sides = range(MAX_SIDE + 1)
    return [
        [_cells(size, range(size - w + 1), range(size - h + 1)) if w and h else 0 for h in sides]
        for w in sides
    ]


def _covering_corners(size: int, cell: tuple[int, int], valid: list[list[int]]) -> list[list[int]]:
    """``cover[w][h]``: the valid top-left cells of the ``w`` x ``h`` rectangles that
    cover ``cell`` (those up to ``w - 1`` left and ``h - 1`` above it)."""
    x, y = cell
    sides = range(MAX_SIDE + 1)
    return [
        [
            _cells(size, range(max(x - w + 1, 0), x + 1), range(max(y - h + 1, 0), y + 1))
            & valid[w][h]
            for h in sides
        ]
        for w in sides
    ]


def _reserved(start_bits: tuple[int, ...], reserved: bool) -> tuple[int, ...]:
    """Per seat, the starting cells of the other seats that no enclosure may cover
    (none when the rules leave starting cells open)."""
    every = sum(start_bits)
    return tuple(every & ~bit if reserved else 0 for bit in start_bits)


def _place_moves(size: int, valid: list[list[int]]) -> list[list[list[Place | None]]]:
    """``place_moves[w][h][c]``: the ``place`` move with top-left cell ``c``, or ``None``
    where the rectangle would leave the board.

    Each has its action number (``Place.action``): the places are numbered from
    :data:`FIRST_PLACE_ACTION` by width, height, then top-left cell, the order
    they are made in here.
    """
    sides = range(MAX_SIDE + 1)
    numbers = itertools.count(FIRST_PLACE_ACTION)
    return [
        [
            [
                Place(c % size, c // size, w, h, action=next(numbers))
                if valid[w][h] >> c & 1
                else None
                for c in range(size * size)
            ]
            for h in sides
        ]
        for w in sides
    ]


def _dice_readings() -> dict[tuple[int, ...], Readings]:
    """For each sorted roll of three dice 1-5, every way to read it as an enclosure's
    (width, height) and the third die, by width then height."""
    out: dict[tuple[int, ...], Readings] = {}
    for values in itertools.combinations_with_replacement(range(1, MAX_SIDE + 1), 3):
        triples = sorted(set(itertools.permutations(values)))
        widths = sorted({w for w, _, _ in triples})
        out[values] = tuple(
            (w, tuple((h, third) for w2, h, third in triples if w2 == w)) for w in widths
        )
    return out


def _third_dice(
    readings: dict[tuple[int, ...], Readings],
) -> dict[tuple[int, ...], list[list[int]]]:
    """``third_die[dice][w][h]``: the die left over when two of ``dice`` are read as a
    ``w`` x ``h`` enclosure; 0 when they are not among the dice."""
    out = {}
    for rolled, by_width in readings.items():
        table = out[rolled] = [[0] * (MAX_SIDE + 1) for _ in range(MAX_SIDE + 1)]
        for w, heights in by_width:
            for h, third in heights:
                table[w][h] = third
    return out


def _rerolls(values: tuple[int, ...]) -> tuple[Reroll, ...]:
    """The fertilizer re-rolls the sorted dice ``values`` allow: one per distinct value."""
    return tuple(Reroll(v) for v in sorted(set(values)))


def _adjusts(values: tuple[int, ...]) -> tuple[Adjust, ...]:
    """The fertilizer adjusts the sorted dice ``values`` allow: each distinct value one
    up or down, staying within 1-5."""
    return tuple(
        Adjust(v, to) for v in sorted(set(values)) for to in (v - 1, v + 1) if 1 <= to <= MAX_SIDE
    )


def _token_moves() -> dict[tuple[str, int], tuple[tuple[MoveToken, ...], ...]]:
    """``move_tokens[(kind, column)][open]``: the moves of a kind token from that column
    to each other column whose bit is set in ``open`` (columns 1-5 at bits 0-4)."""
    columns = range(1, COLUMNS + 1)
    return {
        (k, a): tuple(
            tuple(MoveToken(k, a, b) for b in columns if b != a and open_ >> (b - 1) & 1)
            for open_ in range(1 << COLUMNS)
        )
        for k in KINDS
        for a in columns
    }


def _kind_bits(kinds: Iterable[str]) -> int:
    """``kinds`` as a bitset of kind indices."""
    return sum(1 << KIND_INDEX[k] for k in kinds)


def _bonus(bonus: Bonus) -> tuple[int, int, int]:
    """A barn or granary bonus as (kinds bitset, points, fertilizer)."""
    return (_kind_bits(bonus.kinds), bonus.points, bonus.fertilizer)


def _categories_for(categories: tuple[tuple[int, int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """Per kind index, the indices of the farm-board categories that take that kind."""
    return tuple(
        tuple(i for i, (_, kinds, _) in enumerate(categories) if kinds >> k & 1)
        for k in range(len(KINDS))
    )


@lru_cache(maxsize=32)
def tables_for(rules: Rules) -> Tables:
    """The tables for ``rules`` (shared by equal rules)."""
    return Tables(rules)
