"""Setup and the first turn: the cards dealt and kept, the start plot, the tractor placed.

"Each player draws 3 bonus cards, chooses one, and shuffles the remaining
cards adding the Endgame card, then places them at the bottom of the draw
pile." Each of the 3 cards is dealt at a chance node (:func:`deal`), then the
player keeps one (:func:`keep`); once every player has kept theirs, the first
player's turn starts. "Before starting the first round, place your tractor on
one of the crossroads around your plot" (:func:`start_at`); with
``Rules.start == "choose"`` the player first chooses an empty plot to start
from (:func:`choose_plot`; in the Mad Cow mode, "all start from the same
plot"). The Mad Cow mode's own setup, the Cow turned to face a neighbour, is
in :mod:`acreage.crazy_farmers.madcow`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import attrs

from acreage.core.bitset import bits
from acreage.core.frozen import replaced
from acreage.crazy_farmers.board import CELL_VERTICES, GRID, crossroads_of
from acreage.crazy_farmers.hand import distinct, draw_move
from acreage.crazy_farmers.moves import END_TURN, ChoosePlot, Draw, Keep, Move, StartAt
from acreage.crazy_farmers.pieces import share
from acreage.crazy_farmers.state import Farmer, State, Work
from acreage.crazy_farmers.tasks import DealCard, KeepCard, StartTractor, turn
from acreage.crazy_farmers.turns import begin_turn

__all__ = [
    "SETUP_CARDS",
    "can_deal",
    "choose_plot",
    "deal",
    "deal_outcomes",
    "keep",
    "keep_moves",
    "keep_refusal",
    "start_at",
    "start_moves",
    "start_refusal",
]

SETUP_CARDS: Final = 3
"""'Each player draws 3 bonus cards, chooses one.'"""

_KEEPS: dict[str, Keep] = {}
"""The moves keeping each card, made once (one store each: safe between threads)."""


# -- the cards dealt ----------------------------------------------------------------


def deal_outcomes(state: State, task: DealCard) -> tuple[tuple[Draw, Fraction], ...]:
    """The cards that may be dealt next to ``task.seat``, with their probabilities."""
    return tuple((draw_move(c), p) for c, p in state.deck.draw_outcomes())


def can_deal(state: State, task: DealCard, move: object) -> bool:
    """Whether ``move`` deals a card that may be dealt now."""
    return type(move) is Draw and type(move.card) is str and state.deck.can_draw(move.card)


def deal(w: Work, task: DealCard, move: Draw) -> None:
    """``w`` after ``move.card`` is dealt to the player to move; the third is to keep or not."""
    card = move.card
    seat = task.seat
    f = w.farmers[seat]
    hand = tuple(sorted((*f.hand, card)))
    w.farmers = replaced(w.farmers, seat, Farmer(f.tractor, plots=f.plots, main=f.main, hand=hand))
    w.then(KeepCard(seat) if len(hand) == SETUP_CARDS else task)
    w.deck = w.deck.draw(card)


def _keep_move(card: str) -> Keep:
    move = _KEEPS.get(card)
    if move is None:
        move = _KEEPS[card] = Keep(card)
    return move


def keep_moves(state: State, task: KeepCard) -> tuple[Move, ...]:
    """The cards dealt to the player to move that they may keep, one move per card."""
    return tuple(_keep_move(c) for c in distinct(state.farmers[state.player].hand))


def keep_refusal(state: State, move: Keep) -> str:
    """Why the player to move cannot keep ``move.card``."""
    hand = state.farmers[state.player].hand
    return f"{move}: keep one of the cards drawn ({', '.join(hand)})"


def keep(w: Work, task: KeepCard, move: Keep) -> None:
    """``w`` after the player to move keeps ``move.card`` and sets the others aside.

    After the last player's choice the cards set aside go, shuffled, under
    the draw pile, the Endgame card among them, and the first turn starts.
    """
    seat = task.seat
    f = w.farmers[seat]
    rest = list(f.hand)
    rest.remove(move.card)
    kept = Farmer(f.tractor, plots=f.plots, main=f.main, hand=(move.card,), set_aside=tuple(rest))
    farmers = w.farmers = replaced(w.farmers, seat, kept)
    rules = w.rules
    if seat + 1 < rules.players:
        w.then(DealCard(seat + 1))
        w.player = seat + 1
        return
    # "shuffles the remaining cards adding the Endgame card, then places them
    # at the bottom of the draw pile."
    set_aside = tuple(c for g in farmers for c in g.set_aside)
    w.deck = w.deck.put_bottom(set_aside, known_order=False)
    if not rules.endgame_card:
        w.endgame = -1
    elif rules.endgame_window is None:
        w.endgame = len(set_aside)
    else:
        w.endgame = rules.endgame_window
    w.player = 0
    begin_turn(w, 0)


# -- the first turn ---------------------------------------------------------------


def _start_spots(state: State) -> int:
    """The crossroads of the start plot a tractor may be placed on (bitset)."""
    seat = state.player
    taken = 0
    for s, g in enumerate(state.farmers):
        if s != seat and g.tractor >= 0:
            taken |= (1 << g.tractor) | g.fence_crossroads
    return crossroads_of(state.farmers[seat].plots) & ~taken


def _start_plots(state: State) -> list[int]:
    """The empty plots with a crossroad free of tractors and fences, to start from."""
    owned = taken = 0
    if state.cow is not None:
        owned = state.cow.plots
    for g in state.farmers:
        owned |= g.plots
        if g.tractor >= 0:
            taken |= (1 << g.tractor) | g.fence_crossroads
    return [c for c in bits(GRID.all_cells & ~owned) if CELL_VERTICES[c] & ~taken]


def start_moves(state: State, task: StartTractor | None = None) -> tuple[Move, ...]:
    """The first turn's choices: the start plot (if not chosen yet), then the crossroad.

    With no plot or crossroad to choose, the only move is to end the turn.
    """
    if not state.farmers[state.player].plots:
        plots = _start_plots(state)
        return tuple(ChoosePlot(c) for c in plots) if plots else (END_TURN,)
    spots = _start_spots(state)
    return tuple(StartAt(v) for v in bits(spots)) if spots else (END_TURN,)


def start_refusal(state: State, move: ChoosePlot | StartAt) -> str:
    """Why the player to move cannot choose the start plot or crossroad of ``move``."""
    if isinstance(move, ChoosePlot):
        return f"{move}: choose an empty plot with a free crossroad, once, on your first turn"
    return (
        f"{move}: 'place your tractor on one of the crossroads around your plot' "
        "(free of tractors and fences)"
    )


def choose_plot(w: Work, task: StartTractor, move: ChoosePlot) -> None:
    """``w`` after the player to move chooses ``move.plot`` as their start plot."""
    seat = task.seat
    f = w.farmers[seat]
    bit = 1 << move.plot
    w.agenda.append(task)
    if w.cow is not None:
        # "all start from the same plot": the first to choose chooses for all.
        w.farmers = share(w.farmers, bit)
    else:
        w.farmers = replaced(w.farmers, seat, attrs.evolve(f, plots=bit, main=bit))


def start_at(w: Work, task: StartTractor, move: StartAt) -> None:
    """``w`` after the player to move places their tractor on ``move.crossroad``."""
    seat = task.seat
    f = w.farmers[seat]
    placed = attrs.evolve(f, tractor=move.crossroad, main=f.plots)
    w.then(turn(seat))
    w.farmers = replaced(w.farmers, seat, placed)
