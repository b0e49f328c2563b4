"""A player's turn in Fence Em In, up to the enclosure: the choice face, fertilizer, place, pass.

While a die shows the choice face, the player takes fertilizer and re-rolls
it or sets it to 1-5. Then fertilizer buys uses, each its own move, at most
two a turn, ended by ``done``: re-roll a die, adjust a die one up or down,
refresh the assets board, move a token to another column. Then the player
places an enclosure the dice allow, or passes when none fits.

Each move has its handler (``apply_*``: the engine has checked that the move
is legal, popped the task and hands over the draft) and its refusal
(``check_*``: raises the :class:`~acreage.IllegalMoveError` naming the rule a
move breaks, asked only about a move that is not legal now).
"""

from __future__ import annotations

from acreage.core.frozen import replaced
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
from acreage.fence_em_in.state import (
    PLACE_ENCLOSURE,
    REFRESH_BOARD,
    REROLL_DIE,
    TAKE_TOKEN,
    ChooseSix,
    Decision,
    Fertilize,
    Phase,
    State,
    make_enclosure,
    make_farm,
)
from acreage.fence_em_in.tables import KIND_INDEX
from acreage.fence_em_in.work import (
    EMPTY_BOARD,
    Work,
    expect,
    illegal,
    malformed,
    not_now,
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
    "check_adjust",
    "check_done",
    "check_move_token",
    "check_pass",
    "check_place",
    "check_refresh",
    "check_reroll",
    "check_reroll_six",
    "check_set_six",
]


# -- the choice face ---------------------------------------------------------------


def apply_reroll_six(w: Work, task: ChooseSix, move: RerollSix) -> None:
    """ "take 1 fertilizer token and re-roll that die"."""
    seat = task.seat
    farm = w.farms[seat]
    gain = w.rules.fertilizer.six_reroll_gain
    w.agenda.append(REROLL_DIE)
    w.dice = without(w.dice, CHOICE)
    w.farms = replaced(w.farms, seat, with_fertilizer(farm, farm.fertilizer + gain))
    w.six_rerolls += 1


def check_reroll_six(state: State, move: RerollSix) -> None:
    """Why the choice face is not re-rolled now."""
    expect(state, move)
    limit = state.rules.fertilizer.six_rerolls_per_turn
    if state.six_rerolls >= limit:
        raise illegal(
            move, f"a choice face is re-rolled at most {limit} times a turn: set it to 1-5"
        )


def apply_set_six(w: Work, task: ChooseSix, move: SetSix) -> None:
    """ "or to set that die to any value from 1-5"."""
    w.dice = sorted_dice(without(w.dice, CHOICE), move.value)
    resume_turn(w)


def check_set_six(state: State, move: SetSix) -> None:
    """Why the choice face is not set to this value now."""
    if type(move.value) is not int:
        raise malformed(move)
    expect(state, move)
    if not 1 <= move.value < CHOICE:
        raise illegal(move, "a choice face is set to a value from 1 to 5")


# -- fertilizer --------------------------------------------------------------------


def _pay(w: Work, seat: int, cost: int) -> None:
    """The seat pays ``cost`` fertilizer for one more use this turn."""
    farm = w.farms[seat]
    w.farms = replaced(w.farms, seat, with_fertilizer(farm, farm.fertilizer - cost))
    w.uses += 1


def _check_pay(state: State, move: Move, cost: int) -> None:
    """Why the seat may not pay ``cost`` fertilizer for the use ``move`` now."""
    if state.phase is not Phase.FERTILIZE:
        limit = state.rules.fertilizer.uses_per_turn
        if state.phase is Phase.PLACE and state.uses >= limit:
            raise illegal(move, f"fertilizer can be used at most {limit} times per turn")
        raise not_now(state, move)
    farm = state.farms[state.order[state.turn]]
    if farm.fertilizer < cost:
        raise illegal(move, f"it costs {cost} fertilizer and you have {farm.fertilizer}")


def apply_reroll(w: Work, task: Fertilize, move: Reroll) -> None:
    """A fertilizer use: one die is re-rolled (a chance event follows)."""
    _pay(w, task.seat, w.rules.fertilizer.reroll)
    w.agenda.append(REROLL_DIE)
    w.dice = without(w.dice, move.value)


def check_reroll(state: State, move: Reroll) -> None:
    """Why this die is not re-rolled now."""
    if type(move.value) is not int:
        raise malformed(move)
    _check_pay(state, move, state.rules.fertilizer.reroll)
    if move.value not in state.dice:
        raise illegal(move, f"no die shows {move.value}")


def apply_adjust(w: Work, task: Fertilize, move: Adjust) -> None:
    """A fertilizer use: one die is turned one up or down, within 1-5."""
    _pay(w, task.seat, w.rules.fertilizer.adjust)
    w.dice = sorted_dice(without(w.dice, move.value), move.to)
    resume_turn(w)


def check_adjust(state: State, move: Adjust) -> None:
    """Why this die is not adjusted so now."""
    if type(move.value) is not int or type(move.to) is not int:
        raise malformed(move)
    _check_pay(state, move, state.rules.fertilizer.adjust)
    if move.value not in state.dice:
        raise illegal(move, f"no die shows {move.value}")
    if abs(move.to - move.value) != 1 or not 1 <= move.to < CHOICE:
        raise illegal(move, "a die is adjusted one up or down, within 1-5")


def apply_refresh(w: Work, task: Fertilize, move: Refresh) -> None:
    """Every token on the assets board goes back in the bag; the board is refilled."""
    _pay(w, task.seat, w.rules.fertilizer.refresh)
    bag = list(w.bag)
    for column in w.columns:
        for kind in column:
            bag[KIND_INDEX[kind]] += 1
    w.agenda.append(REFRESH_BOARD)
    w.columns = EMPTY_BOARD
    w.bag = tuple(bag)


def check_refresh(state: State, move: Refresh) -> None:
    """Why the assets board is not refreshed now."""
    _check_pay(state, move, state.rules.fertilizer.refresh)
    if not (any(state.columns) or any(state.bag)):  # never listed: only a hand-made state
        raise illegal(move, "the assets board and the bag are empty")


def apply_move_token(w: Work, task: Fertilize, move: MoveToken) -> None:
    """A fertilizer use: a token on the assets board moves to another column."""
    _pay(w, task.seat, w.rules.fertilizer.move)
    a, b = move.source, move.target
    columns = list(w.columns)
    columns[a - 1] = without(columns[a - 1], move.kind)
    columns[b - 1] = w.rules.tables.with_token(columns[b - 1], move.kind)
    w.columns = tuple(columns)
    resume_turn(w)


def check_move_token(state: State, move: MoveToken) -> None:
    """Why this token does not move so now."""
    a, b = move.source, move.target
    if type(move.kind) is not str or type(a) is not int or type(b) is not int:
        raise malformed(move)
    rules = state.rules
    _check_pay(state, move, rules.fertilizer.move)
    if not (1 <= a <= COLUMNS and 1 <= b <= COLUMNS) or a == b:
        raise illegal(move, "a token moves from one column 1-5 to another")
    if move.kind not in state.columns[a - 1]:
        raise illegal(move, f"column {a} holds no {word(move.kind)}")
    if not open_columns(rules, state.columns) >> (b - 1) & 1:
        slots = rules.column_slots
        raise illegal(
            move, f"column {b} is full ({slots} of {slots} slots): a token moves to a free slot"
        )


def apply_done(w: Work, task: Fertilize, move: Done) -> None:
    """The player uses no more fertilizer this turn and places an enclosure next."""
    w.agenda.append(PLACE_ENCLOSURE[task.seat])


def check_done(state: State, move: Done) -> None:
    """Why the seat is not done with fertilizer now."""
    expect(state, move)


# -- the enclosure -----------------------------------------------------------------


def apply_place(w: Work, task: Decision, move: Place) -> None:
    """Steps 2 and 3: an enclosure with two of the dice as its sides, by the placement rule."""
    t = w.rules.tables
    seat = task.seat
    x, y, width, height = move.x, move.y, move.width, move.height
    cells = t.rect[width][height] << (y * t.size + x)
    farm = w.farms[seat]
    built = make_farm(
        farm.land | cells,
        (*farm.enclosures, make_enclosure(x, y, width, height, None)),
        farm.placed,
        farm.points,
        farm.fertilizer,
        farm.rows,
        farm.discards,
    )
    w.agenda.append(TAKE_TOKEN[seat])
    w.farms = replaced(w.farms, seat, built)
    w.occupied |= cells


def check_place(state: State, move: Place) -> None:
    """Why this enclosure is not placed now."""
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
    why = place_ok(t, seat, state.farms[seat].land, state.occupied, move)
    if why is not None:
        raise illegal(move, why)


def apply_pass(w: Work, task: Decision, move: Pass) -> None:
    """No enclosure fits: the player passes, and the next one takes a turn."""
    w.passed |= 1 << task.seat
    next_turn(w)


def check_pass(state: State, move: Pass) -> None:
    """Why the seat may not pass now."""
    expect(state, move)
    if places(state):
        raise illegal(move, "you may pass only when no dice give a legal enclosure and a token")
