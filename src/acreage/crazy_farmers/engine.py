"""The rules in motion: the public entry points, and which family of steps decides each phase.

A turn is a sequence of decisions by the player whose turn it is: ``move``
(one path at a time), ``play`` a bonus card (any time), then ``end turn``
once no move is left or possible ("You must use all your moves whenever
possible"). Annexing draws bonus cards for barns: each draw is a chance node
and the turn resumes after it.

This module holds :func:`new_game`, :func:`legal_moves`,
:func:`chance_outcomes`, :func:`apply_move` and :func:`malformed`, the tables
that send each phase to the steps that decide it, and the turn's own moves
(drives, plays, discards, ``end turn``), which gather from several families.
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
(:class:`~acreage.crazy_farmers.state.Work`): its steps set the fields that
change, and the draft is frozen once into the next state. A bonus card's
:class:`~acreage.crazy_farmers.handler.Handler` maps a state to a state
(rules of your own hold handlers): the draft is frozen for it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final

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
from acreage.crazy_farmers.state import Farmer, Phase, State, Work
from acreage.crazy_farmers.turns import ACCELERATION_FENCES, BASE_MOVES, end_turn

__all__ = [
    "ACCELERATION_FENCES",
    "BASE_MOVES",
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
    return State(rules, Phase.DEAL, 0, tuple(farmers), deck=deck)


# -- the contract -----------------------------------------------------------------


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """The cards that may be drawn next with their probabilities; ``()`` at a decision."""
    outcomes = _OUTCOMES.get(state.phase)
    return () if outcomes is None else outcomes(state)


def _face_outcomes(state: State) -> tuple[tuple[Face, Fraction], ...]:
    return cowdraws.face_outcomes()


_OUTCOMES: Final[dict[Phase, Callable[[State], tuple[tuple[Move, Fraction], ...]]]] = {
    Phase.DEAL: setup.deal_outcomes,
    Phase.DRAW: hand.draw_outcomes,
    Phase.FACE: _face_outcomes,
    Phase.COW: cowdraws.cow_card_outcomes,
    Phase.CHECK: cowdraws.cow_card_outcomes,
    Phase.COW_BONUS: cowdraws.cow_bonus_outcomes,
}
"""The chance outcomes in each chance phase, by phase."""


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move allowed now, in a fixed order (the outcomes at a chance node)."""
    return _LEGAL[state.phase](state)


def _turn_moves(state: State) -> tuple[Move, ...]:
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


def _chance_moves(state: State) -> tuple[Move, ...]:
    return tuple(m for m, _ in chance_outcomes(state))


def _no_moves(state: State) -> tuple[Move, ...]:
    return ()


_ACCEPTED: Final = {
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


_LEGAL: Final[dict[Phase, Callable[[State], tuple[Move, ...]]]] = {
    Phase.DEAL: _chance_moves,
    Phase.KEEP: setup.keep_moves,
    Phase.START: setup.start_moves,
    Phase.TURN: _turn_moves,
    Phase.HAY_BALE: bales.bale_moves,
    Phase.HELICOPTER: tractor.landing_moves,
    Phase.DRAW: _chance_moves,
    Phase.OVER: _no_moves,
    Phase.FACE: _chance_moves,
    Phase.COW: _chance_moves,
    Phase.CHECK: _chance_moves,
    Phase.COW_BONUS: _chance_moves,
    Phase.AIM: madcow.backlash_moves,
    Phase.BACKLASH_BALE: madcow.backlash_moves,
    Phase.FLY: madcow.backlash_moves,
    Phase.SURRENDER: madcow.backlash_moves,
}
"""The legal moves in each phase, by phase (a phase's hash is its number's: quick)."""


_CARDS: Final = (CowCard, Draw)
"""The moves that draw a card: what the card does depends on the phase (:data:`_DRAWN`)."""

_DRAWN: Final[dict[Phase, Callable[[State, Any], State]]] = {
    Phase.DEAL: setup.deal,
    Phase.DRAW: hand.draw_card,
    Phase.COW_BONUS: madcow.cow_bonus,
    Phase.COW: madcow.cow_draw,
    Phase.CHECK: madcow.check,
}
"""What drawing a card does in each phase that draws one (a :class:`Draw` or a
:class:`CowCard`, as :data:`_ACCEPTED` admits in the phase), by phase."""


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~acreage.IllegalMoveError` says which rule forbids it.

    ``move`` is a move object (:data:`~acreage.crazy_farmers.moves.Move`);
    one built by hand with a field of the wrong type or out of range, or
    anything else (a text: read it with :func:`parse_move`), is an
    :class:`~acreage.IllegalMoveError` too.
    """
    phase = state.phase
    if not isinstance(move, _ACCEPTED[phase]):
        raise IllegalMoveError(_not_now(state, move))
    try:
        if isinstance(move, Drive):
            return tractor.drive(state, move)
        if isinstance(move, _CARDS):
            return _DRAWN[phase](state, move)
        if isinstance(move, EndTurn):
            return _end_turn(state, move)
        # The moves above are checked by what they do (a heading listed, a card
        # that can be drawn); the rarer ones are checked for their fields first.
        problem = malformed(state.rules, move)
        if problem is not None:
            raise IllegalMoveError(problem)
        return _decide(state, move)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError):
        # A hand-built move with a field of the wrong type or out of range may
        # fail anywhere on the way; say what is wrong with it instead.
        problem = malformed(state.rules, move)
        if problem is None:
            raise
        raise IllegalMoveError(problem) from None


def _end_turn(state: State, move: EndTurn) -> State:
    if state.phase is Phase.START:
        if setup.start_moves(state) != (END_TURN,):
            raise IllegalMoveError(f"{move}: place your tractor first")
    elif tractor.headings(state):
        raise IllegalMoveError(f"{move}: 'You must use all your moves whenever possible.'")
    elif len(state.farmers[state.player].hand) > state.rules.hand_limit:
        raise IllegalMoveError(
            f"{move}: 'you are limited to a maximum of {state.rules.hand_limit} cards in "
            "hand at the end of your turn': play or discard first"
        )
    w = Work.copy(state)
    end_turn(w)
    return w.freeze()


def _decide(state: State, move: Move) -> State:
    """Apply a well-formed move that is neither a drive, a draw nor the end of a turn."""
    if isinstance(move, Play):
        return hand.play_card(state, move)
    if state.phase >= Phase.AIM:  # the players' choices in Backlash effects
        return madcow.choose(state, move)  # type: ignore[arg-type]
    if isinstance(move, Face):
        return madcow.face(state, move)
    if isinstance(move, Keep):
        return setup.keep(state, move)
    if isinstance(move, Discard):
        return hand.discard(state, move)
    if isinstance(move, PlaceBale):
        return bales.place_bale(state, move)
    if isinstance(move, TakeBale):
        return bales.take_bale(state, move)
    if isinstance(move, Land):
        return tractor.land(state, move)
    if isinstance(move, StartAt):
        return setup.start_at(state, move)
    assert isinstance(move, ChoosePlot)
    return setup.choose_plot(state, move)


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
