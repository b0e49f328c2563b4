"""A player's turn in Fence Em In, up to the enclosure: the choice face, fertilizer, place, pass.

While a die shows the choice face, the player takes fertilizer and re-rolls
it or sets it to 1-5. Then fertilizer buys uses, each its own move, at most
two a turn, ended by ``done``: re-roll a die, adjust a die one up or down,
refresh the assets board, move a token to another column. Then the player
places an enclosure the dice allow, or passes when none fits.
"""

from __future__ import annotations

from acreage.core.game import CHANCE
from acreage.fence_em_in.legal import open_columns, places
from acreage.fence_em_in.moves import (
    Adjust,
    Done,
    Move,
    MoveToken,
    Pass,
    Place,
    Refresh,
    Reroll,
    RerollSix,
    SetSix,
)
from acreage.fence_em_in.placement import place_ok
from acreage.fence_em_in.rounds import next_turn, resume_turn
from acreage.fence_em_in.rules import CHOICE, COLUMNS
from acreage.fence_em_in.state import Farm, Phase, State, make_enclosure, make_farm
from acreage.fence_em_in.tables import KIND_INDEX
from acreage.fence_em_in.work import (
    EMPTY_BOARD,
    Work,
    expect,
    illegal,
    malformed,
    not_now,
    replace,
    sorted_dice,
    with_fertilizer,
    without,
    word,
)

__all__ = [
    "apply_adjust",
    "apply_done",
    "apply_move_token",
    "apply_pass",
    "apply_place",
    "apply_refresh",
    "apply_reroll",
    "apply_reroll_six",
    "apply_set_six",
]


def apply_reroll_six(state: State, move: RerollSix) -> State:
    """ "take 1 fertilizer token and re-roll that die"."""
    expect(state, move)
    fertilizer = state.rules.fertilizer
    limit = fertilizer.six_rerolls_per_turn
    if state.six_rerolls >= limit:
        raise illegal(
            move, f"a choice face is re-rolled at most {limit} times a turn: set it to 1-5"
        )
    seat = state.order[state.turn]
    farm = state.farms[seat]
    w = Work.copy(state)
    w.to_move = CHANCE
    w.phase = Phase.REROLL
    w.dice = without(state.dice, CHOICE)
    w.farms = replace(
        state.farms, seat, with_fertilizer(farm, farm.fertilizer + fertilizer.six_reroll_gain)
    )
    w.six_rerolls += 1
    return w.freeze()


def apply_set_six(state: State, move: SetSix) -> State:
    """ "or to set that die to any value from 1-5"."""
    if type(move.value) is not int:
        raise malformed(move)
    expect(state, move)
    if not 1 <= move.value < CHOICE:
        raise illegal(move, "a choice face is set to a value from 1 to 5")
    w = Work.copy(state)
    w.dice = sorted_dice(without(state.dice, CHOICE), move.value)
    resume_turn(w)
    return w.freeze()


def _pay(state: State, move: Move, cost: int) -> tuple[Farm, ...]:
    """The farms after the player pays ``cost`` fertilizer for the use ``move``."""
    if state.phase is not Phase.FERTILIZE:
        limit = state.rules.fertilizer.uses_per_turn
        if state.phase is Phase.PLACE and state.uses >= limit:
            raise illegal(move, f"fertilizer can be used at most {limit} times per turn")
        raise not_now(state, move)
    seat = state.order[state.turn]
    farm = state.farms[seat]
    if farm.fertilizer < cost:
        raise illegal(move, f"it costs {cost} fertilizer and you have {farm.fertilizer}")
    return replace(state.farms, seat, with_fertilizer(farm, farm.fertilizer - cost))


def apply_reroll(state: State, move: Reroll) -> State:
    """A fertilizer use: one die is re-rolled (a chance node follows)."""
    if type(move.value) is not int:
        raise malformed(move)
    farms = _pay(state, move, state.rules.fertilizer.reroll)
    if move.value not in state.dice:
        raise illegal(move, f"no die shows {move.value}")
    w = Work.copy(state)
    w.to_move = CHANCE
    w.phase = Phase.REROLL
    w.dice = without(state.dice, move.value)
    w.uses += 1
    w.farms = farms
    return w.freeze()


def apply_adjust(state: State, move: Adjust) -> State:
    """A fertilizer use: one die is turned one up or down, within 1-5."""
    if type(move.value) is not int or type(move.to) is not int:
        raise malformed(move)
    farms = _pay(state, move, state.rules.fertilizer.adjust)
    if move.value not in state.dice:
        raise illegal(move, f"no die shows {move.value}")
    if abs(move.to - move.value) != 1 or not 1 <= move.to < CHOICE:
        raise illegal(move, "a die is adjusted one up or down, within 1-5")
    w = Work.copy(state)
    w.dice = sorted_dice(without(state.dice, move.value), move.to)
    w.uses += 1
    w.farms = farms
    resume_turn(w)
    return w.freeze()


def apply_refresh(state: State, move: Refresh) -> State:
    """Every token on the assets board goes back in the bag; the board is refilled."""
    farms = _pay(state, move, state.rules.fertilizer.refresh)
    if not (any(state.columns) or any(state.bag)):  # never listed: only a hand-made state
        raise illegal(move, "the assets board and the bag are empty")
    bag = list(state.bag)
    for column in state.columns:
        for kind in column:
            bag[KIND_INDEX[kind]] += 1
    w = Work.copy(state)
    w.to_move = CHANCE
    w.phase = Phase.REFRESH
    w.uses += 1
    w.farms = farms
    w.columns = EMPTY_BOARD
    w.bag = tuple(bag)
    return w.freeze()


def apply_move_token(state: State, move: MoveToken) -> State:
    """A fertilizer use: a token on the assets board moves to another column."""
    a, b = move.source, move.target
    if type(move.kind) is not str or type(a) is not int or type(b) is not int:
        raise malformed(move)
    rules = state.rules
    farms = _pay(state, move, rules.fertilizer.move)
    if not (1 <= a <= COLUMNS and 1 <= b <= COLUMNS) or a == b:
        raise illegal(move, "a token moves from one column 1-5 to another")
    if move.kind not in state.columns[a - 1]:
        raise illegal(move, f"column {a} holds no {word(move.kind)}")
    if not open_columns(rules, state.columns) >> (b - 1) & 1:
        slots = rules.column_slots
        raise illegal(
            move, f"column {b} is full ({slots} of {slots} slots): a token moves to a free slot"
        )
    columns = list(state.columns)
    columns[a - 1] = without(columns[a - 1], move.kind)
    columns[b - 1] = state.rules.tables.with_token(columns[b - 1], move.kind)
    w = Work.copy(state)
    w.uses += 1
    w.farms = farms
    w.columns = tuple(columns)
    resume_turn(w)
    return w.freeze()


def apply_done(state: State, move: Done) -> State:
    """The player uses no more fertilizer this turn and places an enclosure next."""
    expect(state, move)
    w = Work.copy(state)
    w.phase = Phase.PLACE
    return w.freeze()


def apply_place(state: State, move: Place) -> State:
    """Steps 2 and 3: an enclosure with two of the dice as its sides, by the placement rule."""
    if (
        type(move.x) is not int
        or type(move.y) is not int
        or type(move.width) is not int
        or type(move.height) is not int
    ):
        raise malformed(move)
    expect(state, move)
    t = state.rules.tables
    seat = state.order[state.turn]
    width, height = move.width, move.height
    third = (
        t.third_die[state.dice][width][height] if 0 < width < CHOICE and 0 < height < CHOICE else 0
    )
    if not third:
        dice = " ".join(map(str, state.dice))
        raise illegal(move, f"width and height must be two of the dice {dice}")
    if not state.columns[third - 1]:
        raise illegal(move, f"the third die is {third} and column {third} holds no token")
    farm = state.farms[seat]
    land, occupied = farm.land, state.occupied
    why = place_ok(t, seat, land, occupied, move)
    if why is not None:
        raise illegal(move, why)
    x, y = move.x, move.y
    cells = t.rect[width][height] << (y * t.size + x)
    built = make_farm(
        land | cells,
        (*farm.enclosures, make_enclosure(x, y, width, height, None)),
        farm.placed,
        farm.points,
        farm.fertilizer,
        farm.rows,
        farm.discards,
    )
    w = Work.copy(state)
    w.phase = Phase.TAKE
    w.farms = replace(state.farms, seat, built)
    w.occupied = occupied | cells
    return w.freeze()


def apply_pass(state: State, move: Pass) -> State:
    """No enclosure fits: the player passes, and the next one takes a turn."""
    expect(state, move)
    if places(state):
        raise illegal(move, "you may pass only when no dice give a legal enclosure and a token")
    w = Work.copy(state)
    w.passed |= 1 << state.order[state.turn]
    next_turn(w)
    return w.freeze()
