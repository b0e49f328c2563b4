"""The order of play: whose turn starts, what it starts with, and the Cow's turns.

A player's turn starts with the cards lying in front of them that expire
then, its allowance of moves ("3 basic moves", "+1" with "4 or more fences
down at the beginning of your turn", "two fewer" per Rut), the check for a
game that goes round in circles and the turn limit (``Rules.turn_limit``). In the Mad Cow mode "The Cow plays 1st.
When 1 or 2 players, the Cow plays between each player's turn. When 3 or 4
players, the Cow plays after two players' turn."
"""

from __future__ import annotations

from typing import Final

import attrs

from acreage.core.frozen import replaced
from acreage.crazy_farmers.board import GRID
from acreage.crazy_farmers.cards import MAX_MOVES, handler, in_play_effects
from acreage.crazy_farmers.pieces import discarded
from acreage.crazy_farmers.rules import Rules
from acreage.crazy_farmers.state import (
    COW_TURN,
    NO_GUARD,
    Cow,
    Farmer,
    Work,
)
from acreage.crazy_farmers.tasks import COW_DRAW, StartTractor, turn

__all__ = [
    "ACCELERATION_FENCES",
    "BASE_MOVES",
    "begin_cow_turn",
    "begin_turn",
    "end_cow_turn",
    "end_turn",
]

BASE_MOVES: Final = 3
"""'3 basic moves during your turn.'"""

ACCELERATION_FENCES: Final = 4
"""'You have 4 or more fences down at the beginning of your turn? Win +1 move!'"""

RUT_MOVES: Final = 2
"""'The player playing next loses 2 moves at his/her turn.' (Backlash Rut)"""


def expire(rules: Rules, f: Farmer, until: str) -> tuple[Farmer, tuple[str, ...]]:
    """``f`` without the cards in front of it that leave the table now, and those cards."""
    if not f.in_play:
        return f, ()
    gone = tuple(c for c in f.in_play if handler(rules, c).until == until)
    if not gone:
        return f, ()
    kept = tuple(c for c in f.in_play if handler(rules, c).until != until)
    guards, slowdown = in_play_effects(rules, kept)
    return attrs.evolve(f, in_play=kept, guards=guards, slowdown=slowdown), gone


def position(
    seat: int, farmers: tuple[Farmer, ...], bales: int, cow: Cow | None, card_bits: int
) -> int:
    """The position starting ``seat``'s turn, packed in one int.

    The lowest 6 bits hold the number of plots owned (by anyone, the Cow
    included), which only grows: once it changes, no earlier position can
    come back. A fence is its paths and its starting point (a loop-free line
    is known from those). What each player may still play counts too, as
    the number of cards in hand and lying in front of them (``card_bits``
    wide): cards are drawn only when plots change hands, so between two
    such positions cards only leave hands and the table, and the counts
    stand for the cards.
    """
    owned = 0
    key = 0
    for f in farmers:
        owned |= f.plots
        start = f.fence[0] if f.fence else 127
        key = (
            (((key << 37 | f.plots) << 7 | f.tractor + 1) << 7 | start) << card_bits | len(f.hand)
        ) << card_bits | len(f.in_play)
        key = key << GRID.n_edges | f.fence_paths
    if cow is None:
        count = sum(f.plots.bit_count() for f in farmers)
    else:
        key = ((key << 37 | cow.plots) << 6 | cow.plot) << 3 | cow.facing
        count = (owned | cow.plots).bit_count()
    return ((key << GRID.n_edges | bales) << 2 | seat) << 6 | count


def begin_turn(w: Work, seat: int) -> None:
    """``w`` at the start of ``seat``'s turn (its farmers, discard pile and Cow as they
    stand when the turn starts)."""
    f = w.farmers[seat]
    if f.in_play:
        f, gone = expire(w.rules, f, "turn-start")
        if gone:
            w.farmers = replaced(w.farmers, seat, f)
            w.discard = discarded(w.discard, gone)
    base = BASE_MOVES + (1 if f.fence_length >= ACCELERATION_FENCES else 0)
    slowdown = f.slowdown
    cow = w.cow
    if cow is not None:
        if cow.guard == seat:
            cow = w.cow = cow.but(guard=NO_GUARD)
        if seat in cow.ruts:
            slowdown += RUT_MOVES * cow.ruts.count(seat)
            cow = w.cow = cow.but(ruts=tuple(s for s in cow.ruts if s != seat))
    # Below 0 after Ruts, so that a Nitro makes up for them first (the authors'
    # FAQ: "3 - 4 + 2 = 1 move"); the turn then has no move.
    allowance = min(base - slowdown, MAX_MOVES)
    rules = w.rules
    history = w.history
    ended = ""
    number = w.turn_number
    if number >= rules.turn_limit:
        ended = "turns"  # ruling 51: the game is counted as it stands
    else:
        number += 1
        if rules.repetition_limit is not None:
            key = position(seat, w.farmers, w.bales, cow, rules.card_bits)
            if history and history[-1] & 63 != key & 63:
                history = ()  # a plot was claimed: no earlier position can come back
            if history.count(key) + 1 >= rules.repetition_limit:
                ended = "repetition"
            history = (*history, key)
    if ended:
        w.end()
    elif f.tractor < 0:
        w.then(StartTractor(seat))
    else:
        w.then(turn(seat))
    w.player = seat
    w.allowance = allowance
    w.moves_made = 0
    w.flown = False
    w.history = history
    w.ended = ended
    w.turn_number = number


def end_turn(w: Work) -> None:
    """``w`` after the player to move ends their turn: the next player's turn, or the Cow's."""
    seat = w.player
    f = w.farmers[seat]
    if f.in_play:
        f, gone = expire(w.rules, f, "turn-end")
        if gone:
            w.farmers = replaced(w.farmers, seat, f)
            w.discard = discarded(w.discard, gone)
    farmers = w.farmers
    n = len(farmers)
    nxt = (seat + 1) % n
    while farmers[nxt].out:
        nxt = (nxt + 1) % n
    cow = w.cow
    if cow is not None:
        turns = cow.turns + 1
        if turns >= w.rules.cow_cadence:
            begin_cow_turn(w, nxt)
            return
        w.cow = cow.but(turns=turns)
    begin_turn(w, nxt)


def begin_cow_turn(w: Work, nxt: int) -> None:
    """``w`` as the Cow's turn starts: its first Mad Cow card is drawn next (chance).

    ``nxt`` is the seat playing after the Cow, who makes the choices the
    Cow's cards leave to the players. A Rut played on the Cow ("The Cow does
    not move") makes it skip the turn, with any cards a Backlash Nitro owed it.
    """
    cow = w.cow
    assert cow is not None
    guard = NO_GUARD if cow.guard == COW_TURN else cow.guard
    if cow.rests:
        w.cow = cow.but(rests=cow.rests - 1, draws=0, turns=0, guard=guard)
        begin_turn(w, nxt)
        return
    w.cow = Cow(
        cow.plot,
        cow.facing,
        cow.plots,
        cow.deck,
        cow.discard,
        (),
        cow.draws + 1,
        True,
        0,
        0,
        cow.rests,
        cow.ruts,
        guard,
        cow.blasted,
    )
    w.then(COW_DRAW)
    w.player = nxt
    w.allowance = 0
    w.moves_made = 0
    w.flown = False
    w.ended = ""


def end_cow_turn(w: Work) -> None:
    """``w`` once the Cow (``w.cow``) has played its pile: the turn of the player after it starts."""
    cow = w.cow
    assert cow is not None
    w.cow = Cow(
        cow.plot,
        cow.facing,
        cow.plots,
        cow.deck,
        cow.discard,
        (),
        0,
        False,
        cow.played,
        cow.turns,
        cow.rests,
        cow.ruts,
        cow.guard,
        cow.blasted,
    )
    begin_turn(w, w.player)
