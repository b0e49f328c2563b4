"""What can happen in Fence Em In: the chance outcomes and the legal moves of each phase.

The generators the engine's dispatch tables list moves with, and the
questions the handlers ask of the same rules: which columns of the assets
board a token may move to, whether fertilizer buys a use (it decides
whether a turn has a FERTILIZE phase), where an enclosure fits, which column
the third die names and what the farm board takes.
"""

from __future__ import annotations

from fractions import Fraction

from acreage.fence_em_in.moves import Done, Move, Pass, Place, Refresh
from acreage.fence_em_in.placement import legal_places
from acreage.fence_em_in.rules import COLUMNS, Rules
from acreage.fence_em_in.scoring import accepts
from acreage.fence_em_in.state import State
from acreage.fence_em_in.tables import KIND_INDEX

__all__ = [
    "DONE",
    "PASS",
    "REFRESH",
    "Columns",
    "can_fertilize",
    "card_outcomes",
    "draw_outcomes",
    "farm_moves",
    "fertilizer_moves",
    "next_column",
    "open_columns",
    "place_moves",
    "places",
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


def card_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """The mission cards that can be revealed next, each with its chance."""
    return state.rules.tables.card_outcomes(state.cards)


def draw_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """The tokens the bag can give the next free slot, each with its chance."""
    # A draw node always has a free slot, so the column is the leftmost of the fewest.
    sizes = [*map(len, state.columns)]
    return state.rules.tables.draw_outcomes(state.bag, sizes.index(min(sizes)) + 1)


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


def fertilizer_moves(state: State) -> tuple[Move, ...]:
    """The FERTILIZE phase: ``done``, then every use the player's fertilizer buys."""
    who = state.to_move
    assert type(who) is int, "a seat decides in the FERTILIZE phase"
    return (DONE, *_fertilize_moves(state, state.farms[who].fertilizer))


def six_moves(state: State) -> tuple[Move, ...]:
    """The SIX phase: re-roll the choice face for fertilizer (while re-rolls are left) or set it to 1-5."""
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


def place_moves(state: State) -> tuple[Move, ...]:
    """The PLACE phase: every enclosure that fits, or ``pass`` when none does."""
    found = places(state)
    return tuple(found) if found else (PASS,)


def take_column(state: State) -> int:
    """The index of the column the new enclosure's third die names."""
    last = state.farms[state.order[state.turn]].enclosures[-1]
    return state.rules.tables.third_die[state.dice][last.width][last.height] - 1


def take_moves(state: State) -> tuple[Move, ...]:
    """The TAKE phase: one take for each kind of token in the third die's column."""
    column = state.columns[take_column(state)]
    # columns are kept sorted
    return tuple(map(state.rules.tables.takes.__getitem__, dict.fromkeys(column)))


def farm_moves(state: State) -> tuple[Move, ...]:
    """The FARM phase: the token in hand put in each category that takes it, or discarded."""
    t = state.rules.tables
    kind = state.token
    assert kind is not None, "a token is in hand in the FARM phase"
    rows = state.farms[state.order[state.turn]].rows
    k = KIND_INDEX[kind]
    puts = t.puts[k]
    out = tuple([puts[i] for i in t.categories_for[k] if accepts(t, i, rows[i], kind)])
    return out or (t.discards[kind],)
