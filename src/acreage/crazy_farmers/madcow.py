"""The Mad Cow mode in motion: setup, the Cow's turns, bonus checks, Backlash choices, touching.

"Holy crap! A Mad Cow has managed to make her way through into the arena's
field." One player (solo) or 2 to 4 together (co-op) play against the Cow:
they share their plot tiles and start from the same plot; the Cow stands on
the centre plot, plays first, moves by the Mad Cow cards drawn and annexes
every plot it moves onto. The players win by locking it down; it wins with
12 plots or once they are eliminated.

A turn of the Cow draws its card (chance), then plays its pile as far as
the rules alone decide: it stops for the next card, for the bonus a barn
gives it (chance), and for the choices its Backlash effects leave to the
player playing after it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

import attrs

from acreage.core.bitset import bits
from acreage.core.chance import Deck
from acreage.core.frozen import replaced
from acreage.crazy_farmers import cow as herd
from acreage.crazy_farmers.annexing import closed_off, team_annex
from acreage.crazy_farmers.bales import (
    backlash_spots,
    bale_refusal,
    bale_spots,
    bales_to_take,
    take_refusal,
)
from acreage.crazy_farmers.board import CENTRE, GRID, VERTEX_CELLS, field_boundary
from acreage.crazy_farmers.cards import handler, take_effect
from acreage.crazy_farmers.cowdraws import bonus_pile, drawn, without
from acreage.crazy_farmers.moves import (
    PLACE_BALES,
    TAKE_BALES,
    Aim,
    CowCard,
    Draw,
    Face,
    Fly,
    PlaceBale,
    Surrender,
    TakeBale,
)
from acreage.crazy_farmers.pieces import (
    cut,
    discarded,
    fence_marks,
    reshuffled,
)
from acreage.crazy_farmers.rules import Rules
from acreage.crazy_farmers.state import (
    Cow,
    Farmer,
    State,
    Work,
    build_cow,
    the_cow,
)
from acreage.crazy_farmers.tasks import (
    COW_BONUS,
    COW_DRAW,
    FACE_COW,
    AimBales,
    BacklashBales,
    CheckBonus,
    CowBonus,
    CowDraw,
    Decision,
    FaceCow,
    FlyCow,
    LoseToCow,
    Phase,
    turn,
)
from acreage.crazy_farmers.turns import begin_cow_turn, begin_turn, end_cow_turn

__all__ = [
    "Choice",
    "backlash_moves",
    "check",
    "checks",
    "choice_refusal",
    "choose",
    "cow_bonus",
    "cow_draw",
    "face",
    "new_game",
    "to_check",
    "touch",
]


# -- setup ------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def new_game(rules: Rules) -> State:
    """The state before setup: the Cow on the centre plot, about to be turned (chance).

    "Build 2 different draw piles: Core Bonus cards, Mad Cow cards. Play solo
    or co-op, with 30 fences and all plot tiles. In Co-op mode, play using
    the same tiles and all start from the same plot. Prepare 12 plot tiles,
    and place one in the center of the board, with the Cow on it."
    """
    if rules.start == "fixed":
        bit = 1 << rules.start_cells[0]
        farmers = tuple(Farmer(plots=bit, main=bit) for _ in range(rules.players))
    else:
        farmers = tuple(Farmer() for _ in range(rules.players))
    cow = Cow(CENTRE, -1, 1 << CENTRE, Deck.of(rules.cow_deck_counts()))
    return State(rules, (FACE_COW,), 0, farmers, deck=Deck.of(rules.deck_counts()), cow=cow)


def face(w: Work, task: FaceCow, move: Face) -> None:
    """The Cow faces its neighbour; "The Cow plays 1st"."""
    cow = w.cow
    assert cow is not None, "the Mad Cow mode has a Cow"
    w.cow = cow.but(facing=move.direction)
    begin_cow_turn(w, 0)


# -- the Cow's turn ---------------------------------------------------------------


def cow_draw(w: Work, task: CowDraw, move: CowCard) -> None:
    """The Cow's next card, under its pile: "Each new Mad Cow card drawn is placed UNDER
    the pile."

    The Cow's first card and the new cards its Repeats call for are its
    initial moves; a Nitro's cards come "after the Cow's initial moves", so
    once a card has been played a Repeat plays the next of those when one
    is still to come.
    """
    cow = w.cow
    assert cow is not None, "the Mad Cow mode has a Cow"
    deck, discard = cow.deck, cow.discard
    if not deck.segments and discard:
        deck, discard = reshuffled(discard), ()
    deck = without(deck, move)
    owed = not cow.pile or cow.played
    draws = cow.draws - 1 if owed and cow.draws else cow.draws
    w.cow = build_cow(
        cow.plot,
        cow.facing,
        cow.plots,
        deck,
        discard,
        (*cow.pile, move.card),
        draws,
        True,
        cow.played,
        cow.turns,
        cow.rests,
        cow.ruts,
        cow.guard,
        cow.blasted,
    )
    _run(w)


def _run(w: Work) -> None:
    """Play the Cow's pile (on ``w``) as far as the rules alone decide.

    "Make the moves one by one following the order they were drawn [...] A
    Repeat card means playing the card next in the pile. When the Cow gets a
    bonus (Barn), apply its effect before making the remaining moves." Once
    the Cow has drawn ``Rules.cow_card_limit`` cards this turn (played or in
    its pile) it draws no more: the turn ends when its pile is played out,
    a pile of Repeats alone being discarded (ruling 52).
    """
    rules = w.rules
    motion_of = rules.cow_motion
    cow = w.cow
    assert cow is not None, "the Mad Cow mode has a Cow"
    while True:
        pile = cow.pile
        if not pile:
            w.cow = cow
            if cow.draws and cow.played < rules.cow_card_limit:
                w.then(COW_DRAW)
            else:
                end_cow_turn(w)
            return
        top = pile[0]
        motion = motion_of(top)
        if motion is None:
            motion = next((m for m in map(motion_of, pile[1:]) if m is not None), None)
            if motion is None:
                if cow.played + len(pile) < rules.cow_card_limit:
                    # "If the card indicates Repeat, draw a new Mad Cow card"
                    w.cow = cow
                    w.then(COW_DRAW)
                else:
                    # Ruling 52: the spin stops; the Repeats left move nothing.
                    w.cow = cow.but(discard=discarded(cow.discard, pile))
                    end_cow_turn(w)
                return
        farmers, discard, there, facing = herd.move(w.bales, cow, w.farmers, w.discard, *motion)
        w.farmers = farmers
        w.discard = discard
        plots = cow.plots | (1 << there) if there >= 0 else cow.plots
        if plots.bit_count() >= rules.cow_tiles:
            ended = "cow"  # "The Cow wins immediately as soon as it reaches 12 plots"
        elif farmers[0].out and all(f.out for f in farmers):
            ended = "elimination"  # "or if you are eliminated"
        else:
            ended = ""
        # "If it moves to a Barn (that may already belong to the Cow), it draws
        # a bonus and triggers the Backlash Mode."
        barn = there >= 0 and (rules.barn_plots & ~cow.blasted) >> there & 1
        barn = barn and not ended and bool(w.deck or discard)
        rest = pile[1:]
        over = not (ended or barn or rest or cow.draws)
        cow = build_cow(
            there if there >= 0 else cow.plot,
            facing,
            plots,
            cow.deck,
            discarded(cow.discard, (top,)),
            rest,
            cow.draws,
            not over,
            cow.played + 1,
            cow.turns,
            cow.rests,
            cow.ruts,
            cow.guard,
            cow.blasted,
        )
        if ended:
            w.cow = cow
            w.end()
            w.ended = ended
            return
        if barn:
            w.cow = cow
            w.then(COW_BONUS)
            return
        if over:
            w.cow = cow
            begin_turn(w, w.player)
            return


def cow_bonus(w: Work, task: CowBonus, move: Draw) -> None:
    """'When the Cow triggers a bonus, the Player always suffers the Backlash effects.'"""
    deck, discard, reshuffles = bonus_pile(w)
    w.deck = without(deck, move)
    w.discard = discard
    w.reshuffles = reshuffles
    _backlash(w, CowBonus(move.card))


# -- bonus cards played in the Mad Cow mode ---------------------------------------


def checks(state: State | Work) -> bool:
    """Whether a bonus played now is checked against a Mad Cow card.

    "in solo mode, playing a bonus might backfire on you"; the authors' FAQ
    checks co-op bonuses too (``Rules.coop_backlash``).
    """
    rules = state.rules
    return state.cow is not None and (rules.players == 1 or rules.coop_backlash)


def to_check(w: Work, card: str, target: int) -> None:
    """``card``, just played on ``target``, waits for the Mad Cow card it is checked against."""
    w.then(CheckBonus(card, target))


def check(w: Work, task: CheckBonus, move: CowCard) -> None:
    """The Mad Cow card a bonus is checked against: played normally, or its Backlash.

    "If your number of fences is greater or equal to it, play it normally. If
    your current number of fences is lower than the number shown on the
    card, you will suffer the Backlash effects." In co-op the fences of all
    players count (the authors' FAQ).
    """
    cow = drawn(w, move)
    fences = sum(f.fence_length for f in w.farmers)
    w.cow = cow.but(discard=discarded(cow.discard, (move.card,)))
    if fences >= w.rules.cow_number(move.card):
        w.agenda.append(turn(w.player))
        take_effect(w, w.player, task.card, task.target)
        return
    _backlash(w, task)


def _backlash(w: Work, task: CheckBonus | CowBonus) -> None:
    """``task``'s card backfires: its handler's Backlash effect, on a state with ``task``
    on its agenda (carrying the card); a decision it leaves to the player is its task, in
    place of ``task``, else the Cow or the player plays on."""
    w.then(task)
    card = task.card
    after = handler(w.rules, card).backlash(w.freeze(), w.player, card)
    w.load(after)
    agenda = after.agenda
    if not agenda or agenda[-1] is task:  # no choice is left to the player
        _resume(w, card)


def _resume(w: Work, card: str) -> None:
    """The Backlash effect of ``card`` is over: the card is discarded, then the Cow or the
    player plays on."""
    if card:
        w.discard = discarded(w.discard, (card,))
    if the_cow(w).active:
        _run(w)
    else:
        w.then(turn(w.player))


# -- the players' choices in Backlash effects --------------------------------------


def _bale_moves(state: State, task: BacklashBales) -> tuple[PlaceBale, ...] | tuple[TakeBale, ...]:
    if state.hay_bales_left:
        spots = backlash_spots(state, task.aim, task.first_bale)
        return tuple(PLACE_BALES[e] for e in bits(spots))
    taken = bales_to_take(state, task.aim, task.first_bale)
    return tuple(TAKE_BALES[e] for e in bits(taken))


def _aims(state: State, task: object = None) -> tuple[Aim, ...]:
    return tuple(Aim(s) for s, f in enumerate(state.farmers) if f.tractor >= 0)


def _flights(state: State, task: object = None) -> tuple[Fly, ...]:
    return tuple(Fly(c) for c in herd.farthest(the_cow(state)))


def _surrenders(state: State, task: object = None) -> tuple[Surrender, ...]:
    return tuple(
        Surrender(c) for c in range(GRID.n_cells) if herd.surrender_refusal(state, c) is None
    )


Choice = Aim | PlaceBale | TakeBale | Fly | Surrender
"""A player's choice in a Backlash effect."""

CHOICES: Final[dict[type[Decision], Callable[[State, Any], tuple[Choice, ...]]]] = {
    AimBales: _aims,
    BacklashBales: _bale_moves,
    FlyCow: _flights,
    LoseToCow: _surrenders,
}
"""The choices of each decision in a Backlash effect, by task."""


def backlash_moves(state: State) -> tuple[Choice, ...]:
    """The choices of the player deciding in a Backlash effect."""
    return CHOICES[type(state.agenda[-1])](state, state.agenda[-1])  # type: ignore[index]


def choose(w: Work, task: AimBales | BacklashBales | FlyCow | LoseToCow, move: Choice) -> None:
    """Apply a player's (legal) choice in a Backlash effect."""
    if isinstance(move, Aim):
        assert isinstance(task, AimBales)
        aim = w.farmers[move.seat].tractor
        w.then(BacklashBales(task.seat, task.card, aim, -1, task.left, task.target))
        return
    if isinstance(move, TakeBale):
        w.agenda.append(task)
        w.bales &= ~(1 << move.path)
        return
    if isinstance(move, PlaceBale):
        assert isinstance(task, BacklashBales)
        w.bales |= 1 << move.path
        left = task.left - 1
        if left:
            first = task.first_bale if task.first_bale >= 0 else move.path
            rest = BacklashBales(task.seat, task.card, task.aim, first, left, task.target)
            w.agenda.append(rest)
            if _bale_moves(w.freeze(), rest):
                return
            w.agenda.clear()
    elif isinstance(move, Fly):
        herd.fly(w, move.plot)
    else:
        bit = 1 << move.plot
        cow = the_cow(w)
        w.farmers, w.discard = herd.lose_plots(w.farmers, w.discard, bit)
        w.cow = cow.but(plots=cow.plots | bit)
    _resume(w, task.card)


def choice_refusal(state: State, move: Choice) -> str:
    """Why the player to move cannot make the choice ``move`` in a Backlash effect now."""
    return f"{move}: {_why_not(state, move)}"


def _why_not(state: State, move: Choice) -> str:
    phase = state.phase
    if phase is Phase.AIM:
        return "'Choose a tractor' on the board for the Backlash Hay Bale"
    if phase is Phase.BACKLASH_BALE:
        if isinstance(move, TakeBale) and state.hay_bales_left:
            return take_refusal(state, move.path)
        if isinstance(move, PlaceBale) and not (
            state.hay_bales_left and bale_spots(state) >> move.path & 1
        ):
            return bale_refusal(state, move.path)
        return (
            "a Backlash hay bale goes on the nearest free path to the tractor aimed at "
            "(the second one path further)"
        )
    if phase is Phase.FLY:
        return "the Cow flies to the farthest plot of its field"
    return "'Lose any one of your plots adjacent to the Cow' that has no immediate effect"


# -- touching a partner's fence (co-op) -----------------------------------------------


def touch(w: Work, seat: int, partner: int, crossroad: int) -> bool:
    """``seat``'s tractor reached ``crossroad`` on ``partner``'s fence (co-op).

    "When playing a co-op game, touching a partner's fence leads to annexing
    plots if circled by the fence AND fields. Otherwise the fence is cut."
    The walls are the mover's fence, the partner's fence from its start to
    the crossroad and the edges of both main fields. After an annexation the
    mover's fence is gone and the partner keeps the rest of theirs, from its
    last crossroad on the field to its tractor. Changes ``w``; returns
    whether plots were annexed.
    """
    f = w.farmers[seat]
    g = w.farmers[partner]
    i = g.fence.index(crossroad)
    used, _ = fence_marks(g.fence[: i + 1])
    mains = f.main | g.main
    taken = closed_off(f.fence_paths | used | field_boundary(mains), mains)
    if not taken:
        w.farmers = replaced(w.farmers, partner, cut(g))
        return False
    grown = herd.field(w.farmers) | taken
    rest = g.fence[i:]
    on_field = [k for k, v in enumerate(rest) if VERTEX_CELLS[v] & grown]
    kept = rest[on_field[-1] :] if on_field and len(rest) - on_field[-1] >= 2 else ()
    paths, crossroads = fence_marks(kept)
    farmers = replaced(
        w.farmers,
        partner,
        attrs.evolve(g, fence=kept, fence_paths=paths, fence_crossroads=crossroads),
    )
    w.farmers = replaced(
        farmers, seat, attrs.evolve(f, fence=(), fence_paths=0, fence_crossroads=0)
    )
    team_annex(w, seat, taken)
    return True
