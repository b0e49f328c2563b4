"""The state machine of Fence Em In: new_game, legal_moves, chance_outcomes, apply_move.

One move is one decision (or one chance outcome). The flow:

Setup
    reveal one enclosure card and the support cards (chance), draw tokens
    onto the assets board row by row (chance), then every player rolls the
    order die; ties re-roll among themselves (chance). Lowest goes first.
A round
    roll the three dice (chance). While a die shows the choice face, the
    first player takes fertilizer and re-rolls it (then a chance node) or
    sets it to 1-5. Then each player in turn order: fertilizer uses (each its
    own move, at most two, ended by ``done``), ``place`` an enclosure or
    ``pass`` when nothing fits, ``take`` a token from the third die's column
    (placement points and fertilizer are scored), ``put`` it on the farm
    board or ``discard`` it when no category takes it.
End of a round
    the game ends after the last round or when everyone passed; otherwise
    the emptied slots are refilled from the bag (chance), the game ends if
    the bag ran out, and the new order goes by fewest points, ties rolled.

Each state's ``agenda`` holds the task being decided (see
:mod:`acreage.fence_em_in.state`): this module holds the entry points and
the tables a :class:`~acreage.core.agenda.Engine` dispatches through, by
task: the chance outcomes and the check of one, the legal moves, the
handlers of moves; and the refusals by the move's class. The rules
themselves are in the modules below it, each importing only those after it
in this list:

- :mod:`~acreage.fence_em_in.tokens`: take, put, discard (the token of a turn);
- :mod:`~acreage.fence_em_in.turn`: the choice face, the fertilizer uses,
  ``done``, place, pass (a player's turn up to the enclosure);
- :mod:`~acreage.fence_em_in.rounds`: the chance moves (reveal, draw, the
  rolls) and the steps between turns (the next turn, the end of a round, the
  turn order);
- :mod:`~acreage.fence_em_in.legal`: the outcomes and legal moves of each
  task, and the questions the handlers share with them;
- :mod:`~acreage.fence_em_in.work`: :class:`~acreage.fence_em_in.work.Work`,
  the draft the engine copies the state into and a move's handler changes
  (it sets the fields the move changes by name and pushes the next task;
  the steps that follow it set theirs on the same draft), frozen into the
  next state; the refusals every handler gives.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from acreage.core.agenda import Engine
from acreage.core.game import IllegalMoveError, shorten
from acreage.fence_em_in import state as st
from acreage.fence_em_in.legal import (
    DONE,
    PASS,
    REFRESH,
    card_outcomes,
    die_roll,
    draw_outcomes,
    farm_moves,
    fertilizer_moves,
    order_roll,
    place_moves,
    possible_die_roll,
    possible_draw,
    possible_order_roll,
    possible_reveal,
    possible_round_roll,
    round_roll,
    six_moves,
    take_moves,
)
from acreage.fence_em_in.moves import (
    Adjust,
    Discard,
    Done,
    Draw,
    Move,
    MoveToken,
    Pass,
    Place,
    Put,
    Refresh,
    Reroll,
    RerollSix,
    Reveal,
    Roll,
    SetSix,
    Take,
)
from acreage.fence_em_in.notation import field_problem
from acreage.fence_em_in.rounds import (
    apply_die_reroll,
    apply_draw,
    apply_order_roll,
    apply_reveal,
    apply_round_roll,
    check_draw,
    check_reveal,
    check_roll,
)
from acreage.fence_em_in.rules import KINDS, Rules
from acreage.fence_em_in.state import State, make_farm
from acreage.fence_em_in.tokens import (
    apply_discard,
    apply_put,
    apply_take,
    check_discard,
    check_put,
    check_take,
)
from acreage.fence_em_in.turn import (
    apply_adjust,
    apply_done,
    apply_move_token,
    apply_pass,
    apply_place,
    apply_refresh,
    apply_reroll,
    apply_reroll_six,
    apply_set_six,
    check_adjust,
    check_done,
    check_move_token,
    check_pass,
    check_place,
    check_refresh,
    check_reroll,
    check_reroll_six,
    check_set_six,
)
from acreage.fence_em_in.work import EMPTY_BOARD, Work

__all__ = ["ENGINE", "apply_move", "chance_outcomes", "is_terminal", "legal_moves", "new_game"]

LONE_MOVES: tuple[Move, ...] = (PASS, DONE, REFRESH)
"""The move objects ``legal_moves`` lists that are not in the Rules' tables: the same
objects every time, so :class:`~acreage.fence_em_in.actions.FenceEncoding` numbers
them, with the tables' moves, by identity."""


def new_game(rules: Rules) -> State:
    """The state before setup: no cards revealed, a full bag, an empty board."""
    farm = make_farm(0, (), (0,) * len(KINDS), 0, 0, rules.tables.empty_rows, ())
    return State(
        rules=rules,
        agenda=(st.REVEAL_CARD,),
        round=0,
        order=(),
        turn=0,
        dice=(),
        uses=0,
        farms=(farm,) * rules.players,
        occupied=0,
        columns=EMPTY_BOARD,
        bag=rules.bag.counts(),
        cards=(),
        passed=0,
        six_rerolls=0,
    )


def is_terminal(state: State) -> bool:
    """Whether the game is over: nothing is left on the agenda."""
    return not state.agenda


# -- the tables --------------------------------------------------------------------

Handler = Callable[[Work, Any, Any], None]
"""A move's handler: the draft, the task (popped) and the legal move."""


def _by_move(handlers: dict[type, Handler]) -> Handler:
    """The apply entry of a task that takes moves of several classes: each move goes
    to its class's handler."""

    def apply(w: Work, task: Any, move: Any) -> None:
        handlers[type(move)](w, task, move)

    return apply


_OUTCOMES: dict[type, Callable[[State, Any], tuple[tuple[Move, Fraction], ...]]] = {
    st.RevealCard: card_outcomes,
    st.FillBoard: draw_outcomes,
    st.RefillBoard: draw_outcomes,
    st.RefreshBoard: draw_outcomes,
    st.RollDice: round_roll,
    st.RerollDie: die_roll,
    st.RollOrder: order_roll,
}
"""What is drawn at each chance event, by task."""

_POSSIBLE: dict[type, Callable[[State, Any, Any], bool]] = {
    st.RevealCard: possible_reveal,
    st.FillBoard: possible_draw,
    st.RefillBoard: possible_draw,
    st.RefreshBoard: possible_draw,
    st.RollDice: possible_round_roll,
    st.RerollDie: possible_die_roll,
    st.RollOrder: possible_order_roll,
}
"""Whether a move is one of a chance event's outcomes, without listing them all."""

_DECISIONS: dict[type, Callable[[State, Any], tuple[Move, ...]]] = {
    st.PlaceEnclosure: place_moves,
    st.TakeToken: take_moves,
    st.FarmToken: farm_moves,
    st.Fertilize: fertilizer_moves,
    st.ChooseSix: six_moves,
}
"""The legal moves of a seat's decision, by task."""

_APPLY: dict[type, Handler] = {
    st.RevealCard: apply_reveal,
    st.FillBoard: apply_draw,
    st.RefillBoard: apply_draw,
    st.RefreshBoard: apply_draw,
    st.RollDice: apply_round_roll,
    st.RerollDie: apply_die_reroll,
    st.RollOrder: apply_order_roll,
    st.ChooseSix: _by_move({RerollSix: apply_reroll_six, SetSix: apply_set_six}),
    st.Fertilize: _by_move(
        {
            Done: apply_done,
            Reroll: apply_reroll,
            Adjust: apply_adjust,
            Refresh: apply_refresh,
            MoveToken: apply_move_token,
        }
    ),
    st.PlaceEnclosure: _by_move({Place: apply_place, Pass: apply_pass}),
    st.TakeToken: apply_take,
    st.FarmToken: _by_move({Put: apply_put, Discard: apply_discard}),
}
"""The handler of a legal move, by task (and by the move's class where a task takes several)."""

_CHECKS: dict[type, Callable[[State, Any], None]] = {
    Reveal: check_reveal,
    Draw: check_draw,
    Roll: check_roll,
    RerollSix: check_reroll_six,
    SetSix: check_set_six,
    Reroll: check_reroll,
    Adjust: check_adjust,
    Refresh: check_refresh,
    MoveToken: check_move_token,
    Done: check_done,
    Place: check_place,
    Pass: check_pass,
    Take: check_take,
    Put: check_put,
    Discard: check_discard,
}
"""The refusal of each kind of move, by the move's class: raises the error naming the rule."""


def _own(state: State, move: object) -> Move | None:
    """``move`` if it is a move of Fence Em In whose fields have the types
    :func:`~acreage.fence_em_in.parse_move` gives them, else None: a hand-built
    ``Place(True, 5, 4, 2)`` equals a legal move (``True == 1``) but is never one."""
    if type(move) not in _CHECKS:
        return None
    assert isinstance(move, Move)
    return None if field_problem(move) else move


def _refuse(state: State, move: object) -> IllegalMoveError:
    """The error naming the rule ``move`` breaks now (the engine asks only about a move
    that is not legal)."""
    check = _CHECKS.get(type(move))
    if check is None:
        return _not_a_move(move)
    try:
        check(state, move)
    except IllegalMoveError as e:
        return e
    return IllegalMoveError(f"{shorten(move)}: not legal now")


ENGINE: Engine[State, Work] = Engine(
    draft=Work.copy,
    decisions=_DECISIONS,
    chance=_OUTCOMES,
    apply=_APPLY,
    auto={},
    refuse=_refuse,
    possible=_POSSIBLE,
    own=_own,
)
"""Fence Em In's tables on the shared engine: it lists, judges and applies the moves,
and remembers the last listing (see :class:`acreage.core.agenda.Engine`)."""


# The contract's functions are the engine's own (a wrapper would add a call to every move).
chance_outcomes = ENGINE.chance_outcomes
"""``chance_outcomes(state)``: the outcomes of a chance event with their exact probabilities;
``()`` elsewhere."""
legal_moves = ENGINE.legal_moves
"""``legal_moves(state)``: every legal move, in a fixed order; the outcomes at a chance event."""
apply_move = ENGINE.apply_move
"""``apply_move(state, move)``: the state after ``move``; :class:`~acreage.IllegalMoveError`
names the rule it breaks. A move is one of this package's move objects with the fields
:func:`~acreage.fence_em_in.parse_move` gives it; anything else (a text, ``None``, a move
built by hand with a field of another type) is an illegal move."""


def _not_a_move(move: object) -> IllegalMoveError:
    if isinstance(move, str):
        return IllegalMoveError(
            f"apply_move expects a move object, not the text {shorten(move)}: "
            "read a text with parse_move(state, text) first"
        )
    return IllegalMoveError(
        f"apply_move expects a move object of Fence Em In (from legal_moves or parse_move), "
        f"not {type(move).__name__} {shorten(move)}"
    )
