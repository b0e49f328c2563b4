"""Bonus cards: the rulebook's kinds of card, one :class:`Handler` each, keyed by kind.

The deck is data (:attr:`Rules.bonus_cards`: names, kinds, counts,
amounts); what a card does is the handler of its kind under the Rules
(:func:`handler`): the rulebook's, in the fixed table :data:`HANDLERS`, or
one the Rules class holds (:attr:`Rules.handlers`). A new kind of card is a
new :class:`Handler`, a Rules subclass holding it, and the card's lines in
the deck data. The Bribe card, with the rulebook's and the FAQ's reasons a
plot may not be bribed, is in :mod:`~acreage.crazy_farmers.bribe`.

"All bonuses can only be used once. Discard after use." A handler says
where the played card goes (:attr:`Handler.lies_with`): the discard pile at
once, or in front of its player or its target until a later turn, where it
keeps having an effect (:attr:`Handler.guard`, :attr:`Handler.slowdown`).
"IMPORTANT: You cannot eliminate or end the game with a Bonus card": no
handler lists a play that would.

In the Mad Cow mode some cards are adapted ("Rut: The Cow does not move",
"Bribe: [...] you however cannot annex the plot where the Cow is located"),
and a card that backfires has its Backlash effect instead
(:meth:`Handler.backlash`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from acreage.core.bitset import bits
from acreage.core.frozen import replaced
from acreage.crazy_farmers import pieces
from acreage.crazy_farmers.bales import bale_spots, bales_to_take, bridges
from acreage.crazy_farmers.board import (
    INNER_PATHS,
    crossroads_of,
    path_name,
)
from acreage.crazy_farmers.bribe import Bribe
from acreage.crazy_farmers.cow import blast, farthest, fly
from acreage.crazy_farmers.handler import NONE, THE_COW, Handler, backlash_target
from acreage.crazy_farmers.rules import Rules
from acreage.crazy_farmers.state import (
    COW_TURN,
    HIGH_VOLTAGE,
    WATCHDOG,
    State,
    Work,
    the_cow,
)
from acreage.crazy_farmers.tasks import AimBales, BacklashBales, FlyCow, LandHelicopter, PlaceBales

__all__ = [
    "HANDLERS",
    "MAX_MOVES",
    "Bribe",
    "Dynamite",
    "Handler",
    "HayBale",
    "Helicopter",
    "HighVoltage",
    "Nitro",
    "Rut",
    "Watchdog",
    "bale_spots",
    "bridges",
    "handler",
    "handlers",
    "in_play_effects",
    "take_effect",
]

MAX_MOVES: Final = 5
"""'Your tractor is limited to a maximum of 5 moves per turn.'"""


def handlers(rules: Rules) -> Mapping[str, Handler]:
    """The handler of each kind of card under ``rules``, by kind: :data:`HANDLERS`
    with the Rules class's own (:attr:`Rules.handlers`) added or put in their place."""
    cls = type(rules)
    if not cls.handlers:
        return HANDLERS
    table = _TABLES.get(cls)
    if table is None:
        # A class's handlers are fixed when it is made (Rules checked them), so
        # its table is built once, and stored whole in one assignment.
        table = _TABLES[cls] = MappingProxyType({**HANDLERS, **{h.kind: h for h in cls.handlers}})
    return table


_TABLES: dict[type[Rules], Mapping[str, Handler]] = {}


def handler(rules: Rules, card: str) -> Handler:
    """The handler of the bonus card named ``card`` under ``rules``."""
    return handlers(rules)[rules.kind(card)]


def in_play_effects(rules: Rules, in_play: tuple[str, ...]) -> tuple[int, int]:
    """The guards and the lost moves the cards lying in front of a player give."""
    guards = slowdown = 0
    for card in in_play:
        lying = handler(rules, card)
        guards |= lying.guard
        slowdown += lying.slowdown
    return guards, slowdown


def take_effect(w: Work, seat: int, card: str, target: int) -> None:
    """``w`` after ``card``, out of ``seat``'s hand, takes its normal effect on ``target``.

    The card goes to the discard pile or lies in front of a player
    (:meth:`Handler.lying`) before its handler applies it to the state ``w``
    then freezes into (a handler maps a state to a state); ``w`` takes the
    state it returns.
    """
    effect = handler(w.rules, card)
    before = w.freeze()
    holder = effect.lying(before, seat, target)
    if holder is None:
        w.discard = pieces.discarded(w.discard, (card,))
    else:
        g = w.farmers[holder]
        lying = tuple(sorted((*g.in_play, card)))
        guards, slowdown = in_play_effects(w.rules, lying)
        g = attrs.evolve(g, in_play=lying, guards=guards, slowdown=slowdown)
        w.farmers = replaced(w.farmers, holder, g)
    w.load(effect.apply(w.freeze(), seat, card, target))


def _members(bitset: int) -> tuple[int, ...]:
    return tuple(bits(bitset))


def _others(state: State, seat: int) -> tuple[int, ...]:
    return tuple(s for s, g in enumerate(state.farmers) if s != seat and not g.out)


def _with_cow(state: State, **changes: Any) -> State:
    return state.with_cow(the_cow(state).but(**changes))


def _playing_next(state: State, seat: int) -> int:
    """'The player playing next': after the Cow, the seat it plays before; else the next seat."""
    if the_cow(state).active:
        return seat
    n = len(state.farmers)
    nxt = (seat + 1) % n
    while state.farmers[nxt].out:
        nxt = (nxt + 1) % n
    return nxt


class Nitro(Handler):
    """'Get 1 or 2 extra moves during his turn. Reminder: max. 5 moves per turn.'"""

    kind = "nitro"

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        return NONE

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        w = Work.copy(state)
        w.allowance = min(state.allowance + state.rules.amount(card), MAX_MOVES)
        return w.freeze()

    def backlash(self, state: State, seat: int, card: str) -> State:
        """'Draw 1 or 2 additional Mad Cow cards and place them after the Cow's initial moves.'

        During the Cow's turn they go under its pile; otherwise its next turn has them.
        """
        return _with_cow(state, draws=the_cow(state).draws + state.rules.amount(card))


class Rut(Handler):
    """'Give this card to an opponent; he/she will have two fewer moves during his next turn.'

    Mad Cow mode: "Rut: The Cow does not move." It is played on the Cow,
    which skips its next turn, and is discarded.
    """

    kind = "rut"
    target = "player"
    lies_with = "target"
    until = "turn-end"
    slowdown = 2

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        if state.cow is not None:
            return (THE_COW,)
        return _others(state, seat)

    def lying(self, state: State, seat: int, target: int) -> int | None:
        return None if target == THE_COW else target

    def target_space(self, rules: Rules) -> tuple[int, ...]:
        """The Cow in the Mad Cow mode, the seats in the competitive game."""
        return (THE_COW,) if rules.mad_cow else tuple(range(rules.players))

    def most_targets(self, rules: Rules) -> int:
        """The Cow, or the opponents."""
        return 1 if rules.mad_cow else rules.players - 1

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        if target == THE_COW:
            return _with_cow(state, rests=the_cow(state).rests + 1)
        return state

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        if state.cow is not None:
            return f"{card} is played on the Cow in the Mad Cow mode"
        if target == THE_COW:
            return f"{card}: there is no Cow in the competitive game"
        return f"{card} is given to an opponent still in the game, not to player {target}"

    def backlash(self, state: State, seat: int, card: str) -> State:
        """'The player playing next loses 2 moves at his/her turn.'"""
        cow = the_cow(state)
        ruts = tuple(sorted((*cow.ruts, _playing_next(state, seat))))
        return _with_cow(state, ruts=ruts)


class HayBale(Handler):
    """'Place 1 or 2 Hay Bale(s) on any path(s). Hay Bales block the path for all
    players until removed by another bonus. [...] If there are no Hay Bales left,
    pick any one from the board.'"""

    kind = "hay-bale"

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        if state.hay_bales_left:
            return NONE if bale_spots(state) else ()
        return NONE if bales_to_take(state) else ()

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        w = Work.copy(state)
        w.then(PlaceBales(seat, state.rules.amount(card)))
        return w.freeze()

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        return f"{card}: no path may take a hay bale (fences, the board's edge, other bales, locking in)"

    def follow_ups(self, rules: Rules, card: str) -> int:
        """Each bale is placed, after one is taken from the board when the box is
        empty; a Backlash Hay Bale may first choose the tractor."""
        return 2 * rules.amount(card) + (1 if rules.mad_cow else 0)

    def backlash(self, state: State, seat: int, card: str) -> State:
        """'Choose a tractor and place a first Hay bale on one of the 3 paths around it.
        If 2 Hay Bales, place the second one path further.'

        The choice of tractor is skipped when only one stands on the board;
        with nowhere for a bale to go the card has no effect.
        """
        tractors = [f.tractor for f in state.farmers if f.tractor >= 0]
        room = bale_spots(state) if state.hay_bales_left else bales_to_take(state)
        if not tractors or not room:
            return state
        w = Work.copy(state)
        left = state.rules.amount(card)
        target = backlash_target(state)
        if len(tractors) > 1:
            w.then(AimBales(seat, card, left, target))
        else:
            w.then(BacklashBales(seat, card, tractors[0], -1, left, target))
        return w.freeze()


class Dynamite(Handler):
    """'Remove 1 Hay Bale of your choice. Bang!'"""

    kind = "dynamite"
    target = "path"

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        return _members(state.bales)

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        w = Work.copy(state)
        w.bales &= ~(1 << target)
        return w.freeze()

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        return f"{card} removes a hay bale, and none lies on {path_name(target)}"

    def target_space(self, rules: Rules) -> tuple[int, ...]:
        """The paths between two plots, the only ones a hay bale lies on."""
        return _members(INNER_PATHS)

    def most_targets(self, rules: Rules) -> int:
        """The bales on the board: at most the box's."""
        return min(INNER_PATHS.bit_count(), rules.hay_bales)

    def backlash(self, state: State, seat: int, card: str) -> State:
        """'The Cow blasts everything on its plot and paths: fences (i.e. the fence is
        cut), Hay Bales and Barns.'"""
        w = Work.copy(state)
        blast(w)
        return w.freeze()


class HighVoltage(Handler):
    """'Protects the entire length of the fence, even the starting point until
    your next turn. Opponents' tractors cannot go through or cut your fence.'"""

    kind = "high-voltage"
    lies_with = "player"
    guard = HIGH_VOLTAGE

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        return NONE

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        return state

    def backlash(self, state: State, seat: int, card: str) -> State:
        """'Remove your (or the next player's) entire fence.'

        ``seat`` is the one who played it, or the next player when the Cow drew it.
        """
        f = state.farmers[seat]
        if not f.fence:
            return state
        w = Work.copy(state)
        w.farmers = replaced(state.farmers, seat, pieces.cut(f))
        return w.freeze()


class Watchdog(Handler):
    """'Protects your plots and Barns from being annexed as well as from bonus
    effects until your next turn.'"""

    kind = "watchdog"
    lies_with = "player"
    guard = WATCHDOG

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        return NONE

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        return state

    def backlash(self, state: State, seat: int, card: str) -> State:
        """'Immediately protects the Cow's plots from being annexed until the start of
        the player's (or the Cow's) turn that played the bonus.'"""
        return _with_cow(state, guard=COW_TURN if the_cow(state).active else seat)


def landing_spots(state: State, seat: int) -> int:
    """Where a helicopter may put ``seat``'s tractor down (bitset of crossroads).

    "Move your tractor from one crossroad to another in your field (main field
    of Fallow land) without an opponent's fence."
    """
    f = state.farmers[seat]
    taken = 1 << f.tractor
    for s, g in enumerate(state.farmers):
        if s != seat and g.tractor >= 0:
            taken |= g.fence_crossroads | (1 << g.tractor)
    return crossroads_of(f.plots) & ~taken


class Helicopter(Handler):
    """'This bonus can only be used if you have no fences. [...] Once you have
    moved, you cannot cut any more fences until the end of the turn.'"""

    kind = "helicopter"

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        f = state.farmers[seat]
        return NONE if not f.fence and landing_spots(state, seat) else ()

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        w = Work.copy(state)
        w.then(LandHelicopter(seat))
        return w.freeze()

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        if state.farmers[seat].fence:
            return f"{card} can only be used if you have no fences"
        return f"{card}: no crossroad of your field is free to land on"

    def follow_ups(self, rules: Rules, card: str) -> int:
        """Where it lands; in Backlash mode, which farthest plot the Cow flies to."""
        return 1

    def backlash(self, state: State, seat: int, card: str) -> State:
        """'The Cow goes straight to the farthest plot of its field (if several, choose one)'."""
        far = farthest(the_cow(state))
        w = Work.copy(state)
        if len(far) == 1:
            fly(w, far[0])
        else:
            w.then(FlyCow(seat, card, backlash_target(state)))
        return w.freeze()


HANDLERS: Final[Mapping[str, Handler]] = MappingProxyType(
    {
        h.kind: h
        for h in (
            Bribe(),
            Dynamite(),
            HayBale(),
            Helicopter(),
            HighVoltage(),
            Nitro(),
            Rut(),
            Watchdog(),
        )
    }
)
"""The handler of each kind of the rulebook's bonus cards, by kind (read-only:
a Rules class adds kinds of its own with :attr:`Rules.handlers`)."""
