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
    Rules,
)

__all__ = ["Tables", "tables_for"]

MAX_SIDE = DIE_FACES - 1
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
        size = rules.board_size
        self.size = size
        self.full = (1 << size * size) - 1
        first_col = sum(1 << (y * size) for y in range(size))
        self.not_first_col = self.full & ~first_col
        self.not_last_col = self.full & ~(first_col << (size - 1))
        # Bits between the blocked cells and the cells beside a farm in one int
        # (see placement.legal_places): more than the longest smear, 4 + 4 * size.
        self.near_offset = size * size + MAX_SIDE * size
        sides = range(MAX_SIDE + 1)
        self.rect = [[self._rect(w, h) for h in sides] for w in sides]
        self.valid = [
            [
                sum(
                    1 << (y * size + x)
                    for y in range(size - h + 1)
                    for x in range(size - w + 1)
                    if w and h
                )
                for h in sides
            ]
            for w in sides
        ]
        self.start_bits = tuple(1 << (y * size + x) for x, y in rules.start_cells)
        all_starts = sum(self.start_bits)
        self.reserved = tuple(
            all_starts & ~bit if rules.reserved_start_cells else 0 for bit in self.start_bits
        )
        # Top-left cells whose rectangle covers each seat's starting cell.
        self.cover = tuple(
            [
                [
                    sum(
                        1 << ((sy - dy) * size + sx - dx)
                        for dy in range(h)
                        for dx in range(w)
                        if sx - dx >= 0 and sy - dy >= 0
                    )
                    & self.valid[w][h]
                    for h in sides
                ]
                for w in sides
            ]
            for sx, sy in rules.start_cells
        )
        self.place_moves: list[list[list[Place | None]]] = [
            [
                [
                    Place(c % size, c // size, w, h) if self.valid[w][h] >> c & 1 else None
                    for c in range(size * size)
                ]
                for h in sides
            ]
            for w in sides
        ]
        # Every way to read sorted dice as (width, (height, third die)...), by width then height.
        self.assignments: dict[tuple[int, ...], tuple[tuple[int, tuple[tuple[int, int], ...]], ...]]
        self.assignments = {}
        for values in itertools.combinations_with_replacement(range(1, MAX_SIDE + 1), 3):
            triples = sorted(set(itertools.permutations(values)))
            self.assignments[values] = tuple(
                (w, tuple((h, third) for w2, h, third in triples if w2 == w))
                for w in sorted({r[0] for r in triples})
            )

        # third_die[dice][width][height]: the die left over, 0 when the two are not among the dice.
        self.third_die = {
            values: [[0] * (MAX_SIDE + 1) for _ in sides] for values in self.assignments
        }
        for rolled, by_width in self.assignments.items():
            for w, readings in by_width:
                for h, third in readings:
                    self.third_die[rolled][w][h] = third
        self.takes: dict[str, Take] = {k: Take(k) for k in KINDS}
        self.discards: dict[str, Discard] = {k: Discard(k) for k in KINDS}
        self.draws = tuple(
            tuple(Draw(k, col) for col in range(COLUMNS + 1)) for k in KINDS
        )  # draws[kind][column], column 1-5
        self.draws_to = tuple(
            tuple(by_column[col] for by_column in self.draws) for col in range(COLUMNS + 1)
        )
        self.reveals = {c.name: Reveal(c.name) for c in rules.all_cards}
        self.enclosure_names = tuple(c.name for c in rules.enclosure_cards)
        self.support_names = tuple(c.name for c in rules.usable_support_cards)
        self.cards_to_reveal = 1 + rules.support_cards_drawn
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
        # The fertilizer re-rolls and adjusts the dice allow, per sorted dice (1-5 each).
        self.rerolls = {
            values: tuple(Reroll(v) for v in sorted(set(values))) for values in self.assignments
        }
        self.adjusts = {
            values: tuple(
                Adjust(v, to)
                for v in sorted(set(values))
                for to in (v - 1, v + 1)
                if 1 <= to <= MAX_SIDE
            )
            for values in self.assignments
        }
        # move_tokens[(kind, column)][open]: the moves of a kind token from that column to
        # each other column whose bit is set in ``open`` (a bitset of columns 1-5 at bits 0-4).
        self.move_tokens: dict[tuple[str, int], tuple[tuple[MoveToken, ...], ...]] = {
            (k, a): tuple(
                tuple(
                    MoveToken(k, a, b)
                    for b in range(1, COLUMNS + 1)
                    if b != a and open_ >> (b - 1) & 1
                )
                for open_ in range(1 << COLUMNS)
            )
            for k in KINDS
            for a in range(1, COLUMNS + 1)
        }
        fert = rules.fertilizer
        self.min_cost = min(fert.reroll, fert.adjust, fert.move, fert.refresh)

        # Scoring in index form.
        self.placement = tuple(
            (row.points, row.fertilizer, row.pair_fertilizer, row.animal_bonus)
            for row in rules.placement.rows()
        )
        self.barn = KIND_INDEX["barn"]
        self.granary = KIND_INDEX["granary"]
        self.barn_bonus = (
            sum(1 << KIND_INDEX[k] for k in rules.barn_bonus.kinds),
            rules.barn_bonus.points,
            rules.barn_bonus.fertilizer,
        )
        self.granary_bonus = (
            sum(1 << KIND_INDEX[k] for k in rules.granary_bonus.kinds),
            rules.granary_bonus.points,
            rules.granary_bonus.fertilizer,
        )
        self.categories = tuple(
            (_RULE_CODES[c.rule], sum(1 << KIND_INDEX[k] for k in c.kinds), len(c.points))
            for c in rules.farm_board
        )
        # The categories that take a kind at all, per kind index.
        self.categories_for = tuple(
            tuple(i for i, (_, kinds, _) in enumerate(self.categories) if kinds >> k & 1)
            for k in range(len(KINDS))
        )
        self.puts = tuple(tuple(Put(k, c.name) for c in rules.farm_board) for k in KINDS)
        self.category_index = {c.name: i for i, c in enumerate(rules.farm_board)}
        self.empty_rows: tuple[tuple[str, ...], ...] = ((),) * len(rules.farm_board)
        self.all_seats = (1 << rules.players) - 1
        self._columns: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}
        self._card_outcomes: dict[tuple[str, ...], tuple[tuple[Move, Fraction], ...]] = {}

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

    def _rect(self, w: int, h: int) -> int:
        return sum(1 << (y * self.size + x) for y in range(h) for x in range(w))


@lru_cache(maxsize=32)
def tables_for(rules: Rules) -> Tables:
    """The tables for ``rules`` (shared by equal rules)."""
    return Tables(rules)
