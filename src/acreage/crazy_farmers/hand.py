"""The bonus cards in a player's hand: drawn on barns, played, discarded down to the limit.

"Bonuses: win 1 Bonus card per Barn (2 for an opponent's Barn): play them
immediately or keep them for later during one of YOUR next turns." Annexing
leaves the cards owed in a ``DrawCards`` task; each is drawn at a chance node
(:func:`draw_outcomes`, :func:`draw_card`), from the discard pile
reshuffled once the draw pile is empty, and the Endgame card, shuffled among
the last cards, ends the game when it comes up. A card played
(:func:`play_card`) takes the effect of its kind
(:func:`acreage.crazy_farmers.cards.take_effect`), or in the Mad Cow mode is
checked against a Mad Cow card first. "If you have more than 6 cards in hand
at the end of your turn, play them or discard the cards in excess"
(:func:`discard`).
"""

from __future__ import annotations

import functools
from fractions import Fraction

import attrs

from acreage.core.chance import Deck, Pile, counted
from acreage.core.frozen import replaced
from acreage.crazy_farmers import madcow
from acreage.crazy_farmers.cards import handler, take_effect
from acreage.crazy_farmers.moves import NO_TARGET, Discard, Draw, Play, aim_text
from acreage.crazy_farmers.pieces import discarded, reshuffled
from acreage.crazy_farmers.rules import ENDGAME
from acreage.crazy_farmers.state import State, Work
from acreage.crazy_farmers.tasks import DrawCards, Turn, turn

__all__ = [
    "can_draw",
    "card_plays",
    "discard",
    "discard_moves",
    "discard_refusal",
    "distinct",
    "draw_card",
    "draw_move",
    "draw_outcomes",
    "play_card",
    "play_refusal",
]

# Moves made once and shared. Each entry is stored in one assignment of a
# complete move, so threads filling them at once at worst make a move twice
# (equal moves); none ever reads half an entry.
_DRAWS: dict[str, Draw] = {}
_PLAYS: dict[tuple[str, int, str], Play] = {}
_DISCARDS: dict[str, Discard] = {}


def draw_move(card: str) -> Draw:
    """The move drawing ``card`` (one shared object per card)."""
    move = _DRAWS.get(card)
    if move is None:
        move = _DRAWS[card] = Draw(card)
    return move


def distinct(cards: tuple[str, ...]) -> list[str]:
    """The cards of ``cards`` once each, in their order: a hand is sorted, so a
    card's copies lie side by side."""
    out: list[str] = []
    for c in cards:
        if not out or out[-1] != c:
            out.append(c)
    return out


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


# -- drawing bonus cards ----------------------------------------------------------


def _draw_pile(state: State | Work) -> tuple[Deck[str], tuple[str, ...], int]:
    """The draw pile a card comes from now: the discard pile is reshuffled when it is empty."""
    if state.deck or state.endgame >= 0 or not state.discard:
        return state.deck, state.discard, state.reshuffles
    return reshuffled(state.discard), (), state.reshuffles + 1


def draw_outcomes(state: State, task: object = None) -> tuple[tuple[Draw, Fraction], ...]:
    """The bonus cards the player to move may draw next on a barn, with their probabilities."""
    deck, _, _ = _draw_pile(state)
    n = len(deck)
    if 0 <= n <= state.endgame:
        # The Endgame card lies anywhere among the last `endgame` cards, so it
        # is equally likely to be any of the n + 1 cards left.
        endgame = Fraction(1, n + 1)
        rest = 1 - endgame
        out = [(draw_move(c), p * rest) for c, p in deck.draw_outcomes()]
        out.append((draw_move(ENDGAME), endgame))
        return tuple(out)
    segments = deck.segments
    if segments and isinstance(segments[0], Pile):
        return _pile_draws(segments[0].counts)
    return tuple((draw_move(c), p) for c, p in deck.draw_outcomes())


@functools.lru_cache(maxsize=4096)
def _pile_draws(counts: tuple[tuple[str, int], ...]) -> tuple[tuple[Draw, Fraction], ...]:
    # The same object for the same pile, drawn by ``sample`` without Fraction arithmetic.
    return counted([(draw_move(c), k) for c, k in counts])


def can_draw(state: State, task: DrawCards, move: object) -> bool:
    """Whether ``move`` draws a card that may come up next on a barn."""
    return type(move) is Draw and any(m == move for m, _ in draw_outcomes(state))


def draw_card(w: Work, task: DrawCards, move: Draw) -> None:
    """``w`` after the player to move draws ``move.card`` on a barn (``task.left`` were due).

    "Endgame: The game ends. It's time to count you plots." The draws stop
    early once no card is left anywhere to draw.
    """
    if move.card == ENDGAME:
        w.end()
        w.endgame = -1
        w.ended = "endgame"
        return
    seat = w.player
    deck, discard, reshuffles = _draw_pile(w)
    f = w.farmers[seat]
    hand = tuple(sorted((*f.hand, move.card)))
    left = task.left - 1
    deck = deck.draw(move.card)
    if left and not deck and not discard and w.endgame < 0:
        left = 0
    w.then(DrawCards(seat, left) if left else turn(seat))
    w.farmers = replaced(w.farmers, seat, attrs.evolve(f, hand=hand))
    w.deck = deck
    w.discard = discard
    w.reshuffles = reshuffles


# -- playing and discarding ---------------------------------------------------------


def _play(card: str, target: int, kind: str) -> Play:
    key = (card, target, kind)
    move = _PLAYS.get(key)
    if move is None:
        aim = "" if target == NO_TARGET else aim_text(kind, target)
        move = _PLAYS[key] = Play(card, target, aim)
    return move


def card_plays(state: State) -> list[Play]:
    """Every play of a card in the hand of the player to move, card by card, target by target."""
    seat = state.player
    rules = state.rules
    out: list[Play] = []
    for card in distinct(state.farmers[seat].hand):
        effect = handler(rules, card)
        out.extend(_play(card, t, effect.target) for t in effect.targets(state, seat, card))
    return out


def play_refusal(state: State, move: Play) -> str:
    """Why the player to move cannot play ``move`` now (a well-formed play not listed)."""
    seat = state.player
    if move.card not in state.farmers[seat].hand:
        return f"{move}: you hold no {move.card}"
    return handler(state.rules, move.card).refusal(state, seat, move.card, move.target)


def play_card(w: Work, task: Turn, move: Play) -> None:
    """``w`` after the player to move plays ``move.card`` on ``move.target``.

    "Discard Bonus cards once played." In the Mad Cow mode "When playing the
    bonus, draw a Mad Cow card [...] and check the number" first.
    """
    seat = w.player
    f = w.farmers[seat]
    w.farmers = replaced(w.farmers, seat, attrs.evolve(f, hand=_without(f.hand, move.card)))
    if madcow.checks(w):
        madcow.to_check(w, move.card, move.target)
        return
    w.agenda.append(task)
    take_effect(w, seat, move.card, move.target)


def _discard_move(card: str) -> Discard:
    move = _DISCARDS.get(card)
    if move is None:
        move = _DISCARDS[card] = Discard(card)
    return move


def discard_moves(hand: tuple[str, ...]) -> list[Discard]:
    """The discards of the cards in ``hand``, one per card."""
    return [_discard_move(c) for c in distinct(hand)]


def discard_refusal(state: State, move: Discard) -> str:
    """Why the player to move cannot discard ``move.card`` now."""
    return (
        f"{move}: discard only cards in hand, in excess of {state.rules.hand_limit}, "
        "once no move is left"
    )


def discard(w: Work, task: Turn, move: Discard) -> None:
    """``w`` after the player to move discards ``move.card``: only in excess of the
    hand limit, once no move is left."""
    seat = w.player
    f = w.farmers[seat]
    w.agenda.append(task)
    w.farmers = replaced(w.farmers, seat, attrs.evolve(f, hand=_without(f.hand, move.card)))
    w.discard = discarded(w.discard, (move.card,))
