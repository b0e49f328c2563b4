"""The Mad Cow mode's draws: the Cow's facing, its Mad Cow cards, the bonus cards it draws on barns.

These are the mode's chance events (:mod:`~acreage.crazy_farmers.madcow`
plays what they draw). The Mad Cow draw pile, and the bonus draw pile
in this mode, are each one pile in no known order (they are only ever
shuffled whole), so a card's chance is its count over the pile's size, and
a draw takes one off a sorted tuple of counts.
"""

from __future__ import annotations

import bisect
import functools
import operator
from fractions import Fraction
from typing import Final

from acreage.core.chance import Counted, Deck, Pile, counted
from acreage.core.game import IllegalMoveError
from acreage.crazy_farmers.moves import CowCard, Draw, Face
from acreage.crazy_farmers.pieces import reshuffled
from acreage.crazy_farmers.state import Cow, State, Work, the_cow

__all__ = [
    "bonus_pile",
    "can_face",
    "cow_bonus_outcomes",
    "cow_card_outcomes",
    "drawn",
    "face_outcomes",
    "in_bonus_pile",
    "in_cow_pile",
    "without",
]

_FACES: Final = tuple((Face(d), Fraction(1, 6)) for d in range(6))
# Moves made once and shared, each stored in one assignment of a complete
# move (safe between threads, as in the engine's).
_COW_CARDS: dict[str, CowCard] = {}


def _cow_card(card: str) -> CowCard:
    move = _COW_CARDS.get(card)
    if move is None:
        move = _COW_CARDS[card] = CowCard(card)
    return move


def face_outcomes(state: State, task: object) -> tuple[tuple[Face, Fraction], ...]:
    """'facing one of its 6 neighbours': each equally likely."""
    return _FACES


def can_face(state: State, task: object, move: object) -> bool:
    """Whether ``move`` turns the Cow to face one of its 6 neighbours."""
    return type(move) is Face and type(move.direction) is int and 0 <= move.direction < 6


def _in_pile(deck: Deck[str], card: object) -> bool:
    """Whether ``card`` is in ``deck``, one pile in no known order, as :func:`without` finds it."""
    if type(card) is not str:
        return False
    counts = _pile(deck).counts
    i = bisect.bisect_left(counts, (card,))
    return i < len(counts) and counts[i][0] == card


def in_cow_pile(state: State, task: object, move: object) -> bool:
    """Whether ``move`` draws a Mad Cow card the Cow's draw pile holds now."""
    return type(move) is CowCard and _in_pile(_cow_deck(the_cow(state))[0], move.card)


def in_bonus_pile(state: State, task: object, move: object) -> bool:
    """Whether ``move`` draws a bonus card the draw pile holds now (the Cow on a barn)."""
    return type(move) is Draw and _in_pile(bonus_pile(state)[0], move.card)


# -- the Mad Cow deck -------------------------------------------------------------


def _cow_deck(cow: Cow) -> tuple[Deck[str], tuple[str, ...]]:
    """The Mad Cow draw pile a card comes from now: the played cards reshuffled when it is empty."""
    if cow.deck or not cow.discard:
        return cow.deck, cow.discard
    return reshuffled(cow.discard), ()


def cow_card_outcomes(state: State, task: object = None) -> tuple[tuple[CowCard, Fraction], ...]:
    """The Mad Cow cards that may be drawn next, with their probabilities.

    The Mad Cow draw pile is always one pile in no known order (it is only
    ever shuffled whole), so a card's chance is its count over the pile's size.
    """
    cow = the_cow(state)
    deck = cow.deck
    if not deck.segments and cow.discard:
        deck = reshuffled(cow.discard)
    return _pile_outcomes(_pile(deck).counts)


def _pile_outcomes(counts: tuple[tuple[str, int], ...]) -> tuple[tuple[CowCard, Fraction], ...]:
    n = len(counts)
    if sum(map(_COUNT, counts)) != n:
        return _counted_pile_outcomes(counts)
    # One of each card (the Mad Cow deck): each equally likely, drawn by sample()
    # with one randrange(n) as from the plain tuple of Fractions 1/n.
    uniform = _UNIFORM.get(n)
    if uniform is None:
        # setdefault stores one complete entry at once: threads racing here
        # all get the same one.
        uniform = _UNIFORM.setdefault(n, ({}, tuple(range(1, n + 1))))
    pairs, cumulative = uniform
    try:
        dist = Counted([pairs[c] for c, _ in counts])
    except KeyError:
        for c, _ in counts:
            if c not in pairs:
                pairs[c] = (_cow_card(c), _chance(1, n))
        dist = Counted([pairs[c] for c, _ in counts])
    dist.cumulative = cumulative
    return dist


_COUNT: Final = operator.itemgetter(1)
_UNIFORM: dict[int, tuple[dict[str, tuple[CowCard, Fraction]], tuple[int, ...]]] = {}
"""``_UNIFORM[n]``: each card's outcome with its chance ``1/n``, and the cumulative weights ``1..n``.

Each entry is stored whole (its dict then only gains complete items), so
threads sharing it never see half an entry.
"""


@functools.lru_cache(maxsize=4096)
def _counted_pile_outcomes(
    counts: tuple[tuple[str, int], ...],
) -> tuple[tuple[CowCard, Fraction], ...]:
    # One tuple per make-up of the pile: the same object each time.
    return counted([(_cow_card(c), k) for c, k in counts])


_chance = functools.lru_cache(maxsize=1024)(Fraction)


def _pile(deck: Deck[str]) -> Pile[str]:
    if not deck.segments:
        return Pile(())
    (pile,) = deck.segments
    assert isinstance(pile, Pile), "the Mad Cow deck is never in a known order"
    return pile


def without(deck: Deck[str], move: CowCard | Draw) -> Deck[str]:
    """The draw pile after ``move``'s card is drawn from it.

    The Mad Cow mode's two draw piles are each one pile in no known order
    (they are only ever shuffled whole): a quicker ``Deck.draw``.
    """
    card = move.card
    counts = _pile(deck).counts
    i = bisect.bisect_left(counts, (card,))  # the counts are sorted by card
    if i == len(counts) or counts[i][0] != card:
        raise IllegalMoveError(f"{move}: that card cannot be the next one drawn")
    k = counts[i][1]
    rest = (*counts[:i], (card, k - 1), *counts[i + 1 :]) if k > 1 else counts[:i] + counts[i + 1 :]
    return Deck((Pile(rest),)) if rest else Deck()


def drawn(state: State | Work, move: CowCard) -> Cow:
    """The Cow once ``move``'s card is drawn from its pile (reshuffled first when empty)."""
    cow = the_cow(state)
    deck, discard = _cow_deck(cow)
    return cow.but(deck=without(deck, move), discard=discard)


# -- the bonus cards the Cow draws on barns -------------------------------------


def bonus_pile(state: State | Work) -> tuple[Deck[str], tuple[str, ...], int]:
    """The bonus draw pile, discard pile and reshuffle count a draw comes from now
    (the discard pile reshuffled when the draw pile is empty)."""
    if state.deck or not state.discard:
        return state.deck, state.discard, state.reshuffles
    return reshuffled(state.discard), (), state.reshuffles + 1


def cow_bonus_outcomes(state: State, task: object = None) -> tuple[tuple[Draw, Fraction], ...]:
    """The bonus cards the Cow may draw on a barn, with their probabilities."""
    deck, _, _ = bonus_pile(state)
    return _bonus_outcomes(_pile(deck).counts)


@functools.lru_cache(maxsize=4096)
def _bonus_outcomes(counts: tuple[tuple[str, int], ...]) -> tuple[tuple[Draw, Fraction], ...]:
    return counted([(_bonus_draw(c), k) for c, k in counts])


_BONUS_DRAWS: dict[str, Draw] = {}


def _bonus_draw(card: str) -> Draw:
    move = _BONUS_DRAWS.get(card)
    if move is None:
        move = _BONUS_DRAWS[card] = Draw(card)
    return move
