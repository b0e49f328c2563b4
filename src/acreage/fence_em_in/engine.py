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

This module holds the entry points and the tables they dispatch through:
the outcomes and legal moves by phase, the handlers by the move's class.
The rules themselves are in the modules below it, each importing only
those after it in this list:

- :mod:`~acreage.fence_em_in.tokens`: take, put, discard (the token of a turn);
- :mod:`~acreage.fence_em_in.turn`: the choice face, the fertilizer uses,
  ``done``, place, pass (a player's turn up to the enclosure);
- :mod:`~acreage.fence_em_in.rounds`: the chance moves (reveal, draw, the
  rolls) and the steps between turns (the next turn, the end of a round, the
  turn order);
- :mod:`~acreage.fence_em_in.legal`: the outcomes and legal moves of each
  phase, and the questions the handlers share with them;
- :mod:`~acreage.fence_em_in.work`: :class:`~acreage.fence_em_in.work.Work`,
  the draft a move's handler copies the state into, sets the fields the move
  changes by name (the steps that follow it set theirs on the same draft)
  and freezes into the next state; the refusals every handler gives.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from acreage.core.game import CHANCE, IllegalMoveError, shorten
from acreage.fence_em_in.legal import (
    DONE,
    PASS,
    REFRESH,
    card_outcomes,
    draw_outcomes,
    farm_moves,
    fertilizer_moves,
    place_moves,
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
from acreage.fence_em_in.rounds import apply_draw, apply_reveal, apply_roll
from acreage.fence_em_in.rules import KINDS, Rules
from acreage.fence_em_in.state import Phase, State, make_farm
from acreage.fence_em_in.tokens import apply_discard, apply_put, apply_take
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
)
from acreage.fence_em_in.work import EMPTY_BOARD, NO_GROUPS, NO_ROLLS

__all__ = ["apply_move", "chance_outcomes", "is_terminal", "legal_moves", "new_game"]

LONE_MOVES: tuple[Move, ...] = (PASS, DONE, REFRESH)
"""The move objects ``legal_moves`` lists that are not in the Rules' tables: the same
objects every time, so :class:`~acreage.fence_em_in.actions.FenceEncoding` numbers
them, with the tables' moves, by identity."""


def new_game(rules: Rules) -> State:
    """The state before setup: no cards revealed, a full bag, an empty board."""
    farm = make_farm(0, (), (0,) * len(KINDS), 0, 0, rules.tables.empty_rows, ())
    return State(
        rules=rules,
        to_move=CHANCE,
        phase=Phase.CARDS,
        round=0,
        order=(),
        turn=0,
        dice=(),
        uses=0,
        token=None,
        farms=(farm,) * rules.players,
        occupied=0,
        columns=EMPTY_BOARD,
        bag=rules.bag.counts(),
        cards=(),
        passed=0,
        groups=NO_GROUPS,
        rolls=NO_ROLLS,
        six_rerolls=0,
        order_rerolls=0,
    )


def is_terminal(state: State) -> bool:
    """Whether the game is over."""
    return state.to_move is None


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """The outcomes of a chance node with their exact probabilities; ``()`` elsewhere."""
    if state.to_move is not CHANCE:
        return ()
    return _OUTCOMES.get(state.phase, card_outcomes)(state)


def _round_roll(state: State) -> tuple[tuple[Move, Fraction], ...]:
    return state.rules.tables.round_roll


def _die_roll(state: State) -> tuple[tuple[Move, Fraction], ...]:
    return state.rules.tables.die_roll


def _order_roll_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    return state.rules.tables.order_roll


_OUTCOMES: dict[Phase, Callable[[State], tuple[tuple[Move, Fraction], ...]]] = {
    Phase.FILL: draw_outcomes,
    Phase.REFILL: draw_outcomes,
    Phase.REFRESH: draw_outcomes,
    Phase.ROLL: _round_roll,
    Phase.REROLL: _die_roll,
    Phase.ORDER: _order_roll_outcomes,
    Phase.CARDS: card_outcomes,
}
"""What is drawn at each chance node, by phase."""


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order; the outcomes at a chance node."""
    who = state.to_move
    if who is None:
        return ()
    if who is CHANCE:
        return _CHANCE_MOVES.get(state.phase, _outcome_moves)(state)
    return _DECISIONS.get(state.phase, six_moves)(state)


def _outcome_moves(state: State) -> tuple[Move, ...]:
    return tuple(m for m, _ in chance_outcomes(state))


def _round_roll_moves(state: State) -> tuple[Move, ...]:
    return state.rules.tables.round_roll_moves


def _die_roll_moves(state: State) -> tuple[Move, ...]:
    return state.rules.tables.die_roll_moves


def _order_roll_moves(state: State) -> tuple[Move, ...]:
    return state.rules.tables.order_roll_moves


_CHANCE_MOVES: dict[Phase, Callable[[State], tuple[Move, ...]]] = {
    Phase.ROLL: _round_roll_moves,
    Phase.REROLL: _die_roll_moves,
    Phase.ORDER: _order_roll_moves,
}
"""The outcomes listed straight from the tables, by phase (the draws and reveals
are worked out from :func:`chance_outcomes`)."""


_DECISIONS: dict[Phase, Callable[[State], tuple[Move, ...]]] = {
    Phase.PLACE: place_moves,
    Phase.TAKE: take_moves,
    Phase.FARM: farm_moves,
    Phase.FERTILIZE: fertilizer_moves,
    Phase.SIX: six_moves,
}
"""The legal moves of a player's decision, by phase."""


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Reveal: apply_reveal,
    Draw: apply_draw,
    Roll: apply_roll,
    RerollSix: apply_reroll_six,
    SetSix: apply_set_six,
    Reroll: apply_reroll,
    Adjust: apply_adjust,
    Refresh: apply_refresh,
    MoveToken: apply_move_token,
    Done: apply_done,
    Place: apply_place,
    Pass: apply_pass,
    Take: apply_take,
    Put: apply_put,
    Discard: apply_discard,
}
"""The handler of each kind of move, by the move's class."""


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~acreage.IllegalMoveError` names the rule it breaks.

    Each kind of move belongs to one or more phases, and each phase to one
    actor (a player or chance), so checking the phase checks the actor too.
    A move is one of this module's move objects with the fields
    :func:`parse_move` gives it; anything else (a text, ``None``, a move
    built by hand with a field of another type) is an illegal move.
    """
    try:
        handler = _HANDLERS[type(move)]
    except KeyError:
        raise _not_a_move(move) from None
    return handler(state, move)


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
