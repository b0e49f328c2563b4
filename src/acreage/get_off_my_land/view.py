"""What each player may see, and worlds they cannot tell apart.

Hands are secret (others see how many cards each player holds), as are the
farmhouse tiles dealt to others and, until everyone has chosen, the ones
they kept (with ``secret_farmhouses``, until the end). The fence deck's
order is nobody's to know; the market deck's composition follows from what
is on the table. Forest tiles' logged sides are unknown to everyone until
logged: they are not in the state at all (logging is a chance event).
Money is public.
"""

from __future__ import annotations

import random
from typing import Final

import attrs

from acreage.core.chance import Deck, Pile
from acreage.core.display import view_repr
from acreage.core.game import Chance, check_seat
from acreage.core.memo import IdentityMemo
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.state import State, Task

__all__ = ["View", "observe", "resample"]


@attrs.frozen
class View:
    """One player's view of a state: the public state, their hand and their farmhouse tiles.

    ``rules`` are the game's (public) Rules, so a view alone can be read
    (its observation tensor has a shape fixed by them); ``farmhouses`` shows
    -1 for a tile the player may not see yet; ``hand_sizes`` counts every
    player's cards; ``market_deck`` is the market deck's piles as (card
    kind, count) pairs, top pile first; ``control`` is each player's
    controlled tiles (a bitset), which follow from the public fences.
    """

    rules: Rules = attrs.field(repr=False)
    player: int
    to_move: int | Chance | None
    agenda: tuple[Task, ...]
    month: int
    first: int
    money: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    offers: tuple[int, ...]
    farmhouses: tuple[int, ...]
    fence_deck_size: int
    fence_discard: tuple[int, ...]
    market_deck: tuple[tuple[tuple[int, int], ...], ...]
    track: tuple[int, ...]
    market_discard: tuple[int, ...]
    tiles: tuple[int, ...]
    cards: tuple[int, ...]
    mature: int
    fences: tuple[int, ...]
    farmers: tuple[int, ...]
    control: tuple[int, ...]

    def __repr__(self) -> str:
        months = self.rules.months
        where = f"{months[min(self.month, len(months) - 1)].name} (month {min(self.month + 1, len(months))} of {len(months)})"
        return view_repr("get-off-my-land", self, where)

    def _repr_svg_(self) -> str:
        from acreage.get_off_my_land.render import render_svg

        return render_svg(self)


def _farmhouses_public(state: State) -> bool:
    if -1 in state.farmhouses:
        return False
    return not state.rules.secret_farmhouses or not state.agenda


def _count_piles(deck: Deck[int]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The market deck's piles as (card kind, count) pairs, top pile first."""
    return tuple(
        seg.counts if isinstance(seg, Pile) else Pile.of(seg.cards()).counts
        for seg in deck.segments
    )


# The counts observe makes of the state's two decks, kept for the deck counted last:
# most moves pass a deck on to the next state unchanged, so consecutive observations
# count it once (and share the market piles' tuple).
_deck_size: Final[IdentityMemo[Deck[int], int]] = IdentityMemo(len)
"""``len(deck)`` for the fence deck, counted once per deck."""
_piles: Final = IdentityMemo(_count_piles)
"""The market deck's piles (:func:`_count_piles`), once per deck."""


def _seat_parts(
    state: State, seat: int
) -> tuple[
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    int,
    tuple[tuple[tuple[int, int], ...], ...],
]:
    """What ``seat``'s view holds that is not a part of ``state`` as it stands: their
    hand, every hand's size, their offers, the farmhouse tiles they may see, the fence
    deck's size and the market deck's piles. :func:`observe` puts them in the view, and
    the encoding packs them straight from here
    (:meth:`~acreage.get_off_my_land.actions.GetOffMyLandEncoding.seat_observation_bytes`),
    so the two show a seat the same."""
    return (
        state.hands[seat],
        tuple(map(len, state.hands)),
        state.offers[seat],
        state.farmhouses
        if _farmhouses_public(state)
        else tuple(f if p == seat else -1 for p, f in enumerate(state.farmhouses)),
        _deck_size(state.fence_deck),
        _piles(state.market_deck),
    )


def observe(state: State, seat: int) -> View:
    """What ``seat`` may see of ``state``; :class:`~acreage.SeatError` for a seat
    not at the table."""
    check_seat(seat, state.rules.players)
    hand, hand_sizes, offers, farmhouses, fence_deck_size, market_deck = _seat_parts(state, seat)
    # Positional, in the order of View's fields: matching 22 keywords costs a third
    # of the call.
    return View(
        state.rules,  # rules
        seat,  # player
        state.to_move,  # to_move
        state.agenda,  # agenda
        state.month,  # month
        state.first,  # first
        state.money,  # money
        hand,  # hand
        hand_sizes,  # hand_sizes
        offers,  # offers
        farmhouses,  # farmhouses
        fence_deck_size,  # fence_deck_size
        state.fence_discard,  # fence_discard
        market_deck,  # market_deck
        state.track,  # track
        state.market_discard,  # market_discard
        state.tiles,  # tiles
        state.cards,  # cards
        state.mature,  # mature
        state.fences,  # fences
        state.farmers,  # farmers
        state.control,  # control
    )


def resample(state: State, seat: int, rng: random.Random) -> State:
    """A state ``seat`` cannot tell from ``state``: what they have not seen, dealt anew.

    Other players' hands are redealt from the fence deck and those hands;
    farmhouse tiles hidden from ``seat`` are redealt from the tiles they
    have not seen. :class:`~acreage.SeatError` for a seat not at the table.
    """
    check_seat(seat, state.rules.players)
    unseen = list(state.fence_deck.cards())
    for q, hand in enumerate(state.hands):
        if q != seat:
            unseen += hand
    unseen.sort()
    rng.shuffle(unseen)
    hands = []
    for q, hand in enumerate(state.hands):
        if q == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(unseen[: len(hand)])))
            del unseen[: len(hand)]
    deck = Deck.of(unseen) if unseen else Deck()

    public = _farmhouses_public(state)
    known = set(state.offers[seat]) | {state.farmhouses[seat]}
    if public:
        known |= set(state.farmhouses)
    pool = [f for f in range(len(state.rules.farmhouses)) if f not in known]
    rng.shuffle(pool)
    offers = list(state.offers)
    farmhouses = list(state.farmhouses)
    for q in range(len(offers)):
        if q == seat:
            continue
        if offers[q]:
            offers[q] = tuple(sorted(pool.pop() for _ in offers[q]))
        if farmhouses[q] >= 0 and not public:
            farmhouses[q] = pool.pop()
    return attrs.evolve(
        state,
        hands=tuple(hands),
        fence_deck=deck,
        offers=tuple(offers),
        farmhouses=tuple(farmhouses),
    )
