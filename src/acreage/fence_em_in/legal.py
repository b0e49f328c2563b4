"""What can happen in Fence Em In: the chance outcomes and the legal moves of each task.

The generators the engine's dispatch tables list moves with (each takes the
state and its top task), the checks of a chance outcome without listing
them all, and the questions the handlers ask of the same rules: which
columns of the assets board a token may move to, whether fertilizer buys a
use (it decides whether a turn has a :class:`~acreage.fence_em_in.state.Fertilize`
task), where an enclosure fits, which column the third die names and what
the farm board takes.
"""

from __future__ import annotations

from fractions import Fraction

from acreage.fence_em_in.moves import Done, Draw, Move, Pass, Place, Refresh, Reveal, Roll
from acreage.fence_em_in.placement import legal_places
from acreage.fence_em_in.rules import COLUMNS, Rules
from acreage.fence_em_in.scoring import accepts
from acreage.fence_em_in.state import (
    ChooseSix,
    Event,
    Farm,
    FarmToken,
    Fertilize,
    PlaceEnclosure,
    State,
    TakeToken,
)
from acreage.fence_em_in.tables import KIND_INDEX

Outcomes = tuple[tuple[Move, Fraction], ...]
"""A chance event's outcomes with their exact probabilities."""

__all__ = [
    "DONE",
    "PASS",
    "REFRESH",
    "Columns",
    "can_fertilize",
    "card_outcomes",
    "die_roll",
    "draw_column",
    "draw_outcomes",
    "farm_moves",
    "fertilizer_moves",
    "next_column",
    "open_columns",
    "order_roll",
    "place_moves",
    "places",
    "possible_die_roll",
    "possible_draw",
    "possible_order_roll",
    "possible_reveal",
    "possible_round_roll",
    "round_roll",
    "six_moves",
    "take_column",
    "take_moves",
]

PASS = Pass()
"""The one ``pass`` move object :func:`place_moves` lists."""
DONE = Done()
"""The one ``done`` move object :func:`fertilizer_moves` lists."""
REFRESH = Refresh()
"""The one ``refresh`` move object :func:`fertilizer_moves` lists."""

Columns = tuple[tuple[str, ...], ...]
"""The assets board: each column's tokens, kept sorted."""


def next_column(sizes: list[int], slots: int) -> int:
    """The index of the column the next token from the bag goes to, given the
    columns' ``sizes``; -1 when every column is full.

    "Draw asset tokens from the bag and place them on the assets board,
    filling from left to right and top to bottom": the leftmost of the
    columns holding the fewest tokens, while it has a free slot.
    """
    fewest = min(sizes)
    return sizes.index(fewest) if fewest < slots else -1


def card_outcomes(state: State, task: Event) -> Outcomes:
    """The mission cards that can be revealed next, each with its chance."""
    return state.rules.tables.card_outcomes(state.cards)


def possible_reveal(state: State, task: Event, move: object) -> bool:
    """Whether ``move`` is a card :func:`card_outcomes` lists, without a look-alike's stray field."""
    if type(move) is not Reveal or type(move.card) is not str:
        return False
    return any(m == move for m, _ in card_outcomes(state, task))


def draw_column(columns: Columns) -> int:
    """The index of the column a draw fills: a draw always has a free slot, so the
    leftmost of the columns holding the fewest tokens (see :func:`next_column`)."""
    sizes = [*map(len, columns)]
    return sizes.index(min(sizes))


def draw_outcomes(state: State, task: Event) -> Outcomes:
    """The tokens the bag can give the next free slot, each with its chance."""
    return state.rules.tables.draw_outcomes(state.bag, draw_column(state.columns) + 1)


def possible_draw(state: State, task: Event, move: object) -> bool:
    """Whether ``move`` is a token the bag can give the next free slot."""
    if type(move) is not Draw or type(move.kind) is not str or type(move.column) is not int:
        return False
    k = KIND_INDEX.get(move.kind, -1)
    return k >= 0 and move.column == draw_column(state.columns) + 1 and state.bag[k] > 0


def round_roll(state: State, task: Event) -> Outcomes:
    """The round's three dice: the 56 sorted rolls with their chances."""
    return state.rules.tables.round_roll


def die_roll(state: State, task: Event) -> Outcomes:
    """A re-rolled die: 1-6, each a sixth."""
    return state.rules.tables.die_roll


def order_roll(state: State, task: Event) -> Outcomes:
    """An order die: each face alike."""
    return state.rules.tables.order_roll


def _is_roll(move: object) -> bool:
    """Whether ``move`` is a :class:`Roll` whose values are ints (a look-alike's ``True`` is not 1)."""
    if type(move) is not Roll:
        return False
    values = move.values
    return type(values) is tuple and all(type(v) is int for v in values)


def possible_round_roll(state: State, task: Event, move: object) -> bool:
    """Whether ``move`` is one of the 56 sorted rolls of three dice."""
    return _is_roll(move) and move in state.rules.tables.round_roll_set


def possible_die_roll(state: State, task: Event, move: object) -> bool:
    """Whether ``move`` is a roll of one die, 1-6."""
    return _is_roll(move) and move in state.rules.tables.die_roll_set


def possible_order_roll(state: State, task: Event, move: object) -> bool:
    """Whether ``move`` is a roll of the order die."""
    return _is_roll(move) and move in state.rules.tables.order_roll_set


_ALL_COLUMNS = (1 << COLUMNS) - 1


def open_columns(rules: Rules, columns: Columns) -> int:
    """The columns the move use may put a token in, as a bitset (column 1 at bit 0):
    those with a free slot (ruling 6), or all with ``fertilizer.move_to_full_column``."""
    if rules.fertilizer.move_to_full_column:
        return _ALL_COLUMNS
    slots = rules.column_slots
    open_ = 0
    for i, column in enumerate(columns):
        if len(column) < slots:
            open_ |= 1 << i
    return open_


def _can_move_token(rules: Rules, columns: Columns) -> bool:
    """Whether some token on the assets board can move to another column that takes it."""
    open_ = open_columns(rules, columns)
    n_open = open_.bit_count()
    # A token can move when its column is not the only open one.
    return any(column and n_open > (open_ >> i & 1) for i, column in enumerate(columns))


def can_fertilize(rules: Rules, have: int, columns: Columns, bag: tuple[int, ...]) -> bool:
    """Whether ``have`` fertilizer buys some use (the dice always allow a re-roll and an adjust)."""
    cost = rules.fertilizer
    return (
        have >= cost.reroll
        or have >= cost.adjust
        or (have >= cost.move and _can_move_token(rules, columns))
        or (have >= cost.refresh and (any(columns) or any(bag)))
    )


def _fertilize_moves(state: State, have: int) -> list[Move]:
    """The fertilizer uses ``have`` fertilizer can buy now (without ``done``)."""
    rules = state.rules
    t = rules.tables
    cost = rules.fertilizer
    out: list[Move] = []
    if have >= cost.reroll:
        out += t.rerolls[state.dice]
    if have >= cost.adjust:
        out += t.adjusts[state.dice]
    if have >= cost.refresh and (any(state.columns) or any(state.bag)):
        out.append(REFRESH)
    if have >= cost.move:
        moves = t.move_tokens
        open_ = open_columns(rules, state.columns)
        for a, column in enumerate(state.columns, 1):
            for kind in dict.fromkeys(column):  # columns are kept sorted
                out += moves[(kind, a)][open_]
    return out


def fertilizer_moves(state: State, task: Fertilize) -> tuple[Move, ...]:
    """Fertilize: ``done``, then every use the seat's fertilizer buys."""
    return (DONE, *_fertilize_moves(state, state.farms[task.seat].fertilizer))


def six_moves(state: State, task: ChooseSix) -> tuple[Move, ...]:
    """Choose for a die showing the choice face: re-roll it for fertilizer (while
    re-rolls are left) or set it to 1-5."""
    t = state.rules.tables
    if state.six_rerolls < state.rules.fertilizer.six_rerolls_per_turn:
        return t.six_moves
    return t.set_six_moves


def places(state: State) -> list[Place]:
    """The enclosures the player whose turn it is can place with the dice."""
    seat = state.order[state.turn]
    return legal_places(
        state.rules.tables,
        seat,
        state.farms[seat].land,
        state.occupied,
        state.dice,
        state.columns,
    )


def place_moves(state: State, task: PlaceEnclosure) -> tuple[Move, ...]:
    """Place an enclosure: every enclosure that fits, or ``pass`` when none does."""
    found = places(state)
    return tuple(found) if found else (PASS,)


def take_column(rules: Rules, dice: tuple[int, ...], farm: Farm) -> int:
    """The index of the column the third die names, for ``farm``'s new enclosure."""
    last = farm.enclosures[-1]
    return rules.tables.third_die[dice][last.width][last.height] - 1


def take_moves(state: State, task: TakeToken) -> tuple[Move, ...]:
    """Take a token: one take for each kind of token in the third die's column."""
    column = state.columns[take_column(state.rules, state.dice, state.farms[task.seat])]
    # columns are kept sorted
    return tuple(map(state.rules.tables.takes.__getitem__, dict.fromkeys(column)))


def farm_moves(state: State, task: FarmToken) -> tuple[Move, ...]:
    """Put the token in hand on the farm board: in each category that takes it, or discarded."""
    t = state.rules.tables
    kind = task.token
    rows = state.farms[task.seat].rows
    k = KIND_INDEX[kind]
    puts = t.puts[k]
    out = tuple([puts[i] for i in t.categories_for[k] if accepts(t, i, rows[i], kind)])
    return out or (t.discards[kind],)
