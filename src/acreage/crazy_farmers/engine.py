"""The rules in motion: the public entry points, and which family of steps handles each task.

A turn is a sequence of decisions by the player whose turn it is: ``move``
(one path at a time), ``play`` a bonus card (any time), then ``end turn``
once no move is left or possible ("You must use all your moves whenever
possible"). Annexing draws bonus cards for barns: each draw is a chance node
and the turn resumes after it.

This module holds :func:`new_game`, :func:`malformed` and the tables a
:class:`~acreage.core.agenda.Engine` dispatches through, by task (see
:mod:`~acreage.crazy_farmers.tasks`): the chance outcomes and the check of
one, the legal moves (a turn's own gather from several families: drives,
plays, discards, ``end turn``), the handlers of moves; and the refusals, by
the move's class. :func:`legal_moves`, :func:`chance_outcomes` and
:func:`apply_move` are the engine's own.
The steps themselves are in their families' modules:

* :mod:`~acreage.crazy_farmers.setup`: the cards dealt and kept, the start
  plot, the tractor placed;
* :mod:`~acreage.crazy_farmers.tractor`: driving, pulling and cutting fences,
  a helicopter's landing;
* :mod:`~acreage.crazy_farmers.annexing`: what a closed fence annexes;
* :mod:`~acreage.crazy_farmers.hand`: bonus cards drawn on barns, played,
  discarded (what each card does is in :mod:`~acreage.crazy_farmers.cards`);
* :mod:`~acreage.crazy_farmers.bales`: placing a Hay Bale card's bales;
* :mod:`~acreage.crazy_farmers.turns`: a turn's start and end;
* :mod:`~acreage.crazy_farmers.madcow`: the Mad Cow mode's own steps (the
  Cow's turns, bonus checks, Backlash choices), and
  :mod:`~acreage.crazy_farmers.cowdraws`, its chance events (the Cow's
  facing, its cards, the bonus cards it draws on barns).

A move is applied to a draft of the state
(:class:`~acreage.crazy_farmers.state.Work`): its handler sets the fields
that change and the next task, and the draft is frozen once into the next
state. A bonus card's :class:`~acreage.crazy_farmers.handler.Handler` maps a
state to a state (rules of your own hold handlers): the draft is frozen for
it and takes the state it returns (``Work.load``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final

from acreage.core.agenda import Engine
from acreage.core.chance import Deck
from acreage.core.game import IllegalMoveError, shorten
from acreage.crazy_farmers import bales, board, cowdraws, hand, madcow, setup, tractor
from acreage.crazy_farmers.board import GRID
from acreage.crazy_farmers.cards import handler
from acreage.crazy_farmers.moves import (
    END_TURN,
    MOVE_TYPES,
    NO_TARGET,
    THE_COW,
    Aim,
    ChoosePlot,
    CowCard,
    Discard,
    Draw,
    Drive,
    EndTurn,
    Face,
    Fly,
    Keep,
    Land,
    Move,
    PlaceBale,
    Play,
    StartAt,
    Surrender,
    TakeBale,
    aim_text,
)
from acreage.crazy_farmers.rules import ENDGAME, Rules
from acreage.crazy_farmers.state import Farmer, State, Work
from acreage.crazy_farmers.tasks import (
    AimBales,
    BacklashBales,
    CheckBonus,
    CowBonus,
    CowDraw,
    DealCard,
    DrawCards,
    FaceCow,
    FlyCow,
    KeepCard,
    LandHelicopter,
    LoseToCow,
    Phase,
    PlaceBales,
    StartTractor,
    Turn,
)
from acreage.crazy_farmers.turns import ACCELERATION_FENCES, BASE_MOVES, end_turn

__all__ = [
    "ACCELERATION_FENCES",
    "BASE_MOVES",
    "ENGINE",
    "apply_move",
    "chance_outcomes",
    "legal_moves",
    "malformed",
    "new_game",
]

# -- setup ------------------------------------------------------------------------


def new_game(rules: Rules) -> State:
    """The state before setup: the bonus deck shuffled, 3 cards about to be dealt to seat 0.

    With fixed start plots each seat's start plot holds its tile from the start.
    The Mad Cow mode starts with the Cow (:func:`acreage.crazy_farmers.madcow.new_game`).
    """
    if rules.mad_cow:
        return madcow.new_game(rules)
    farmers = []
    for seat in range(rules.players):
        if rules.start == "fixed":
            cell = 1 << rules.start_cells[seat]
            farmers.append(Farmer(plots=cell, main=cell))
        else:
            farmers.append(Farmer())
    deck: Deck[str] = Deck.of(rules.deck_counts())
    return State(rules, (DealCard(0),), 0, tuple(farmers), deck=deck)


# -- the tables --------------------------------------------------------------------


def _turn_moves(state: State, task: Turn) -> tuple[Move, ...]:
    """A turn's moves: the drives and the plays, then once no drive is left the
    discards down to the hand limit, or the end of the turn."""
    drives = tractor.drive_moves(state)
    f = state.farmers[state.player]
    if drives:
        if not f.hand:
            return drives
        return (*drives, *hand.card_plays(state))
    moves: list[Move] = []
    if f.hand:
        moves.extend(hand.card_plays(state))
    if len(f.hand) > state.rules.hand_limit:
        moves.extend(hand.discard_moves(f.hand))
    else:
        moves.append(END_TURN)
    return tuple(moves)


def _backlash_moves(state: State, task: Any) -> tuple[Move, ...]:
    return madcow.backlash_moves(state)


Handler = Callable[[Work, Any, Any], None]
"""A move's handler: the draft, the task (popped) and the legal move."""


def _by_move(handlers: dict[type, Handler]) -> Handler:
    """The apply entry of a task that takes moves of several classes: each move goes
    to its class's handler."""

    def apply(w: Work, task: Any, move: Any) -> None:
        handlers[type(move)](w, task, move)

    return apply


def _end_turn(w: Work, task: Any, move: EndTurn) -> None:
    end_turn(w)


_OUTCOMES: Final[dict[type, Callable[[State, Any], tuple[tuple[Move, Fraction], ...]]]] = {
    DealCard: setup.deal_outcomes,
    DrawCards: hand.draw_outcomes,
    FaceCow: cowdraws.face_outcomes,
    CowDraw: cowdraws.cow_card_outcomes,
    CheckBonus: cowdraws.cow_card_outcomes,
    CowBonus: cowdraws.cow_bonus_outcomes,
}
"""The outcomes of each chance event with their probabilities, by task."""

_POSSIBLE: Final[dict[type, Callable[[State, Any, Any], bool]]] = {
    DealCard: setup.can_deal,
    DrawCards: hand.can_draw,
    FaceCow: cowdraws.can_face,
    CowDraw: cowdraws.in_cow_pile,
    CheckBonus: cowdraws.in_cow_pile,
    CowBonus: cowdraws.in_bonus_pile,
}
"""Whether a move is one of a chance event's outcomes, without listing them all."""

_DECISIONS: Final[dict[type, Callable[[State, Any], tuple[Move, ...]]]] = {
    KeepCard: setup.keep_moves,
    StartTractor: setup.start_moves,
    Turn: _turn_moves,
    PlaceBales: bales.bale_moves,
    LandHelicopter: tractor.landing_moves,
    AimBales: _backlash_moves,
    BacklashBales: _backlash_moves,
    FlyCow: _backlash_moves,
    LoseToCow: _backlash_moves,
}
"""The legal moves of each decision, in a fixed order, by task."""

_APPLY: Final[dict[type, Handler]] = {
    DealCard: setup.deal,
    KeepCard: setup.keep,
    StartTractor: _by_move(
        {ChoosePlot: setup.choose_plot, StartAt: setup.start_at, EndTurn: _end_turn}
    ),
    Turn: _by_move(
        {
            Drive: tractor.drive,
            EndTurn: _end_turn,
            Play: hand.play_card,
            Discard: hand.discard,
        }
    ),
    PlaceBales: _by_move({PlaceBale: bales.place_bale, TakeBale: bales.take_bale}),
    LandHelicopter: tractor.land,
    DrawCards: hand.draw_card,
    FaceCow: madcow.face,
    CowDraw: madcow.cow_draw,
    CheckBonus: madcow.check,
    CowBonus: madcow.cow_bonus,
    AimBales: madcow.choose,
    BacklashBales: madcow.choose,
    FlyCow: madcow.choose,
    LoseToCow: madcow.choose,
}
"""The handler of a legal move, by task (and by the move's class where a task takes several)."""

_ACCEPTED: Final[dict[Phase, tuple[type, ...]]] = {
    Phase.DEAL: (Draw,),
    Phase.KEEP: (Keep,),
    Phase.START: (ChoosePlot, StartAt, EndTurn),
    Phase.TURN: (Drive, Play, Discard, EndTurn),
    Phase.HAY_BALE: (TakeBale, PlaceBale),
    Phase.HELICOPTER: (Land,),
    Phase.DRAW: (Draw,),
    Phase.OVER: (),
    Phase.FACE: (Face,),
    Phase.COW: (CowCard,),
    Phase.CHECK: (CowCard,),
    Phase.COW_BONUS: (Draw,),
    Phase.AIM: (Aim,),
    Phase.BACKLASH_BALE: (PlaceBale, TakeBale),
    Phase.FLY: (Fly,),
    Phase.SURRENDER: (Surrender,),
}
"""The kinds of move each phase takes: any other is refused as not decided now."""

_DECIDING: Final = {
    Phase.DEAL: "cards are being dealt (chance)",
    Phase.KEEP: "player {p} is choosing the card to keep",
    Phase.START: "player {p} is placing their tractor",
    Phase.TURN: "it is player {p}'s turn",
    Phase.HAY_BALE: "player {p} is placing hay bales",
    Phase.HELICOPTER: "player {p}'s helicopter is landing",
    Phase.DRAW: "player {p} is drawing bonus cards (chance)",
    Phase.OVER: "the game is over",
    Phase.FACE: "the Cow is being turned to face a neighbour (chance)",
    Phase.COW: "the Cow is drawing its Mad Cow cards (chance)",
    Phase.CHECK: "a Mad Cow card is drawn to check the bonus played (chance)",
    Phase.COW_BONUS: "the Cow is drawing a bonus on a barn (chance)",
    Phase.AIM: "player {p} is choosing the tractor a Backlash Hay Bale goes around",
    Phase.BACKLASH_BALE: "player {p} is placing Backlash hay bales",
    Phase.FLY: "player {p} is choosing where the Cow flies",
    Phase.SURRENDER: "player {p} is choosing the plot to lose to the Cow",
}


def _end_turn_refusal(state: State, move: EndTurn) -> str:
    if state.phase is Phase.START:
        return f"{move}: place your tractor first"
    if tractor.headings(state):
        return f"{move}: 'You must use all your moves whenever possible.'"
    return (
        f"{move}: 'you are limited to a maximum of {state.rules.hand_limit} cards in "
        "hand at the end of your turn': play or discard first"
    )


def _draw_refusal(state: State, move: Draw | CowCard) -> str:
    if state.phase is Phase.DEAL:
        return f"draw {move.card}: no such card can be dealt now"
    return f"{move}: that card cannot be the next one drawn"


def _face_refusal(state: State, move: Face) -> str:
    return f"{move}: not now"


_REFUSALS: Final[dict[type, Callable[[State, Any], str]]] = {
    Drive: tractor.drive_refusal,
    Play: hand.play_refusal,
    Discard: hand.discard_refusal,
    EndTurn: _end_turn_refusal,
    Draw: _draw_refusal,
    CowCard: _draw_refusal,
    Keep: setup.keep_refusal,
    ChoosePlot: setup.start_refusal,
    StartAt: setup.start_refusal,
    Land: tractor.landing_refusal,
    Face: _face_refusal,
}
"""Why a well-formed move of a kind the phase takes is not legal now, by the move's class
(the players' choices in a Backlash effect and the bales are judged by the phase)."""


def _refusal(state: State, move: object) -> str:
    """Why ``move``, not legal now, cannot be applied: no move at all, a malformed one,
    one of a kind not decided now, or the rule a well-formed one breaks."""
    if not isinstance(move, MOVE_TYPES):
        return _not_now(state, move)
    problem = malformed(state.rules, move)
    if problem is not None:
        return problem
    phase = state.phase
    if not isinstance(move, _ACCEPTED[phase]):
        return _not_now(state, move)
    if phase >= Phase.AIM:  # the players' choices in Backlash effects
        return madcow.choice_refusal(state, move)  # type: ignore[arg-type]
    if isinstance(move, PlaceBale | TakeBale):
        return bales.placing_refusal(state, move)
    return _REFUSALS[type(move)](state, move)


def _refuse(state: State, move: object) -> IllegalMoveError:
    """The error naming the rule ``move`` breaks now (the engine asks only about a move
    that is not legal)."""
    return IllegalMoveError(_refusal(state, move))


def _own(state: State, move: object) -> Move | None:
    """``move`` if it is a well-formed move of Crazy Farmers, else None: one built by hand
    with a field of the wrong type (``Drive(True)`` equals ``Drive(1)``) is never legal."""
    if not isinstance(move, MOVE_TYPES):
        return None
    try:
        problem = malformed(state.rules, move)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError):
        return None
    return None if problem else move


ENGINE: Final[Engine[State, Work]] = Engine(
    draft=Work.copy,
    decisions=_DECISIONS,
    chance=_OUTCOMES,
    apply=_APPLY,
    auto={},
    refuse=_refuse,
    possible=_POSSIBLE,
    own=_own,
)
"""Crazy Farmers' tables on the shared engine: it lists, judges and applies the moves,
and remembers the last listing (see :class:`acreage.core.agenda.Engine`)."""


# The contract's functions are the engine's own (a wrapper would add a call to every move).
chance_outcomes = ENGINE.chance_outcomes
"""``chance_outcomes(state)``: the cards that may be drawn next with their probabilities;
``()`` at a decision."""
legal_moves = ENGINE.legal_moves
"""``legal_moves(state)``: every move allowed now, in a fixed order (the outcomes at a chance
node)."""
apply_move = ENGINE.apply_move
"""``apply_move(state, move)``: the state after ``move``; :class:`~acreage.IllegalMoveError`
says which rule forbids it. ``move`` is a move object
(:data:`~acreage.crazy_farmers.moves.Move`); one built by hand with a field of the wrong
type or out of range, or anything else (a text: read it with :func:`parse_move`), is an
:class:`~acreage.IllegalMoveError` too."""


def _not_now(state: State, move: object) -> str:
    """Why ``move``, of a kind not decided now (or no move at all), cannot be applied."""
    if not isinstance(move, MOVE_TYPES):
        hint = ""
        if isinstance(move, str):
            hint = f"; read a move's text with parse_move(state, {shorten(move)})"
        return f"apply_move takes a move object (Drive, Play, EndTurn...), not {type(move).__name__}{hint}"
    problem = malformed(state.rules, move)
    if problem is not None:
        return problem
    return f"{move}: not now, {_DECIDING[state.phase].format(p=state.player)}"


def _index(value: object, size: int) -> bool:
    return type(value) is int and 0 <= value < size


def malformed(rules: Rules, move: Move) -> str | None:
    """What is wrong with the fields of ``move`` for a game with ``rules``, or ``None``.

    A move made by :func:`legal_moves` or :func:`parse_move` is well formed;
    one built by hand may hold a field of the wrong type (``Drive("E")``), a
    number out of range (``Land(500)``), a card that is not in the game or a
    ``Play`` whose target text (``aim``) is not its target's: such a move's
    text would not read back as the same move, so it is never legal.
    """
    name = type(move).__name__
    if isinstance(move, Drive):
        if not _index(move.heading, len(board.HEADINGS)):
            return f"Drive.heading: expected a heading 0 to 5, got {shorten(move.heading)}"
        return None
    if isinstance(move, Draw | Keep | Discard):
        cards = (*rules.card_names, ENDGAME) if isinstance(move, Draw) else rules.card_names
        if type(move.card) is not str or move.card not in cards:
            return f"{name}.card: {shorten(move.card)} is not a bonus card of this game"
        return None
    if isinstance(move, CowCard):
        if type(move.card) is not str or move.card not in rules.cow_cards:
            return f"CowCard.card: {shorten(move.card)} is not a Mad Cow card of this game"
        return None
    if isinstance(move, Play):
        return _malformed_play(rules, move)
    if isinstance(move, EndTurn):
        return None
    if isinstance(move, ChoosePlot | Fly | Surrender):
        field, value, size = "plot", move.plot, GRID.n_cells
    elif isinstance(move, StartAt | Land):
        field, value, size = "crossroad", move.crossroad, GRID.n_vertices
    elif isinstance(move, TakeBale | PlaceBale):
        field, value, size = "path", move.path, GRID.n_edges
    elif isinstance(move, Face):
        field, value, size = "direction", move.direction, len(board.SIDES)
    else:
        field, value, size = "seat", move.seat, rules.players
    if not _index(value, size):
        return f"{name}.{field}: expected an int from 0 to {size - 1}, got {shorten(value)}"
    return None


def _malformed_play(rules: Rules, move: Play) -> str | None:
    card, target, aim = move.card, move.target, move.aim
    if type(card) is not str or card not in rules.card_names:
        return f"Play.card: {shorten(card)} is not a bonus card of this game"
    if type(target) is not int:
        return f"Play.target: expected an int, got {shorten(target)}"
    kind = handler(rules, card).target
    if kind == "none":
        if target != NO_TARGET:
            return f"Play.target: {card} is played on nothing (target {NO_TARGET}), not {target}"
    elif kind == "player":
        if target != THE_COW and not 0 <= target < rules.players:
            return f"Play.target: {card} is played on a seat or the Cow ({THE_COW}), not {target}"
    elif not 0 <= target < (GRID.n_edges if kind == "path" else GRID.n_cells):
        return f"Play.target: {card} is played on a {kind}, and {target} is none"
    expected = "" if target == NO_TARGET else aim_text(kind, target)
    if aim != expected:
        return f"Play.aim: the text of target {target} is {expected!r}, not {shorten(aim)}"
    return None
