"""The token of a turn in Fence Em In: taken from the assets board, then put on the farm board.

After the enclosure, the player takes a token from the column the third die
names: its miniature goes in the new enclosure, which scores its placement
points and fertilizer. The token then goes in a category of the player's
farm board that takes it, or is discarded when none does, and the next
player takes a turn. Each move has its handler (``apply_*``) and its
refusal (``check_*``), as in :mod:`~acreage.fence_em_in.turn`.
"""

from __future__ import annotations

from acreage.core.frozen import replaced
from acreage.core.game import shorten
from acreage.fence_em_in.legal import farm_moves, take_column
from acreage.fence_em_in.moves import Discard, Put, Take
from acreage.fence_em_in.rounds import next_turn
from acreage.fence_em_in.scoring import accepts, placement_gain, why_not_accepted
from acreage.fence_em_in.state import (
    FARM_TOKEN,
    FarmToken,
    State,
    TakeToken,
    make_enclosure,
    make_farm,
)
from acreage.fence_em_in.tables import KIND_INDEX
from acreage.fence_em_in.work import Work, expect, illegal, malformed, without, word

__all__ = [
    "apply_discard",
    "apply_put",
    "apply_take",
    "check_discard",
    "check_put",
    "check_take",
]


def apply_take(w: Work, task: TakeToken, move: Take) -> None:
    """Steps 4 and 5: take the token, place its miniature, score it."""
    seat = task.seat
    farm = w.farms[seat]
    last = farm.enclosures[-1]
    index = take_column(w.rules, w.dice, farm)
    k = KIND_INDEX[move.kind]
    points, fertilizer = placement_gain(w.rules.tables, farm, k)
    placed = farm.placed
    scored = make_farm(
        farm.land,
        (*farm.enclosures[:-1], make_enclosure(last.x, last.y, last.width, last.height, move.kind)),
        replaced(placed, k, placed[k] + 1),
        farm.points + points,
        farm.fertilizer + fertilizer,
        farm.rows,
        farm.discards,
    )
    w.agenda.append(FARM_TOKEN[seat][move.kind])
    w.farms = replaced(w.farms, seat, scored)
    w.columns = replaced(w.columns, index, without(w.columns[index], move.kind))


def check_take(state: State, move: Take) -> None:
    """Why this token is not taken now."""
    if type(move.kind) is not str:
        raise malformed(move)
    expect(state, move)
    index = take_column(state.rules, state.dice, state.farms[state.order[state.turn]])
    if move.kind not in state.columns[index]:
        raise illegal(move, f"column {index + 1} (the third die) holds no {word(move.kind)}")


def apply_put(w: Work, task: FarmToken, move: Put) -> None:
    """Step 6: the token goes in a farm-board category that takes it."""
    seat = task.seat
    farm = w.farms[seat]
    rows = farm.rows
    i = w.rules.tables.category_index[move.category]
    filled = make_farm(
        farm.land,
        farm.enclosures,
        farm.placed,
        farm.points,
        farm.fertilizer,
        replaced(rows, i, (*rows[i], move.kind)),
        farm.discards,
    )
    w.farms = replaced(w.farms, seat, filled)
    next_turn(w)


def check_put(state: State, move: Put) -> None:
    """Why the token is not put in this category now."""
    if type(move.kind) is not str or type(move.category) is not str:
        raise malformed(move)
    expect(state, move)
    t = state.rules.tables
    if move.kind != state.token:
        raise illegal(move, f"the token in hand is a {state.token}")
    i = t.category_index.get(move.category, -1)
    if i < 0:
        raise illegal(move, f"the farm board has no category {shorten(move.category)}")
    rows = state.farms[state.order[state.turn]].rows
    if not accepts(t, i, rows[i], move.kind):
        raise illegal(move, why_not_accepted(state.rules, i, rows[i], move.kind))


def apply_discard(w: Work, task: FarmToken, move: Discard) -> None:
    """ "If the token fits no category with a free slot, discard it.\""""
    seat = task.seat
    farm = w.farms[seat]
    emptied = make_farm(
        farm.land,
        farm.enclosures,
        farm.placed,
        farm.points,
        farm.fertilizer,
        farm.rows,
        (*farm.discards, move.kind),
    )
    w.farms = replaced(w.farms, seat, emptied)
    next_turn(w)


def check_discard(state: State, move: Discard) -> None:
    """Why the token is not discarded now."""
    if type(move.kind) is not str:
        raise malformed(move)
    expect(state, move)
    task = state.agenda[-1]
    if move.kind != state.token:
        raise illegal(move, f"the token in hand is a {state.token}")
    assert isinstance(task, FarmToken), "phase farm is a FarmToken task"
    if farm_moves(state, task) != (move,):
        raise illegal(move, "a token is discarded only when no category with a free slot takes it")
