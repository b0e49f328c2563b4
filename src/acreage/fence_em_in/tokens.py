"""The token of a turn in Fence Em In: taken from the assets board, then put on the farm board.

After the enclosure, the player takes a token from the column the third die
names: its miniature goes in the new enclosure, which scores its placement
points and fertilizer. The token then goes in a category of the player's
farm board that takes it, or is discarded when none does, and the next
player takes a turn.
"""

from __future__ import annotations

from acreage.core.game import shorten
from acreage.fence_em_in.legal import farm_moves, take_column
from acreage.fence_em_in.moves import Discard, Put, Take
from acreage.fence_em_in.rounds import next_turn
from acreage.fence_em_in.scoring import accepts, placement_gain, why_not_accepted
from acreage.fence_em_in.state import Phase, State, make_enclosure, make_farm
from acreage.fence_em_in.tables import KIND_INDEX
from acreage.fence_em_in.work import Work, expect, illegal, malformed, replace, without, word

__all__ = ["apply_discard", "apply_put", "apply_take"]


def apply_take(state: State, move: Take) -> State:
    """Steps 4 and 5: take the token, place its miniature, score it."""
    if type(move.kind) is not str:
        raise malformed(move)
    expect(state, move)
    seat = state.order[state.turn]
    farm = state.farms[seat]
    last = farm.enclosures[-1]
    index = take_column(state)
    column = state.columns[index]
    if move.kind not in column:
        raise illegal(move, f"column {index + 1} (the third die) holds no {word(move.kind)}")
    k = KIND_INDEX[move.kind]
    points, fertilizer = placement_gain(state.rules.tables, farm, k)
    placed = farm.placed
    scored = make_farm(
        farm.land,
        (*farm.enclosures[:-1], make_enclosure(last.x, last.y, last.width, last.height, move.kind)),
        replace(placed, k, placed[k] + 1),
        farm.points + points,
        farm.fertilizer + fertilizer,
        farm.rows,
        farm.discards,
    )
    w = Work.copy(state)
    w.phase = Phase.FARM
    w.token = move.kind
    w.farms = replace(state.farms, seat, scored)
    w.columns = replace(state.columns, index, without(column, move.kind))
    return w.freeze()


def apply_put(state: State, move: Put) -> State:
    """Step 6: the token goes in a farm-board category that takes it."""
    if type(move.kind) is not str or type(move.category) is not str:
        raise malformed(move)
    expect(state, move)
    t = state.rules.tables
    if move.kind != state.token:
        raise illegal(move, f"the token in hand is a {state.token}")
    i = t.category_index.get(move.category, -1)
    if i < 0:
        raise illegal(move, f"the farm board has no category {shorten(move.category)}")
    seat = state.order[state.turn]
    farm = state.farms[seat]
    rows = farm.rows
    if not accepts(t, i, rows[i], move.kind):
        raise illegal(move, why_not_accepted(state.rules, i, rows[i], move.kind))
    filled = make_farm(
        farm.land,
        farm.enclosures,
        farm.placed,
        farm.points,
        farm.fertilizer,
        replace(rows, i, (*rows[i], move.kind)),
        farm.discards,
    )
    w = Work.copy(state)
    w.farms = replace(state.farms, seat, filled)
    next_turn(w)
    return w.freeze()


def apply_discard(state: State, move: Discard) -> State:
    """ "If the token fits no category with a free slot, discard it.\""""
    if type(move.kind) is not str:
        raise malformed(move)
    expect(state, move)
    if move.kind != state.token:
        raise illegal(move, f"the token in hand is a {state.token}")
    if farm_moves(state) != (move,):
        raise illegal(move, "a token is discarded only when no category with a free slot takes it")
    seat = state.order[state.turn]
    farm = state.farms[seat]
    emptied = make_farm(
        farm.land,
        farm.enclosures,
        farm.placed,
        farm.points,
        farm.fertilizer,
        farm.rows,
        (*farm.discards, move.kind),
    )
    w = Work.copy(state)
    w.farms = replace(state.farms, seat, emptied)
    next_turn(w)
    return w.freeze()
