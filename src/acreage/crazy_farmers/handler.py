"""What one kind of bonus card does: the :class:`Handler` interface, and a card's targets.

A bonus card in the deck data names its effect by a key, its ``kind``
(:class:`~acreage.crazy_farmers.rules.BonusCard`); the Rules resolve each key
to the handler of that kind: the rulebook's own
(:data:`acreage.crazy_farmers.cards.HANDLERS`, a fixed table) or, for a
kind of card of your own, a handler the Rules class holds
(:attr:`Rules.handlers <acreage.crazy_farmers.rules.Rules.handlers>`). The
interface sits below the Rules so that a Rules class can hold handlers; the
rulebook's handlers, which play with the whole state, sit above it.
"""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, ClassVar, Final, Literal

from acreage.crazy_farmers.board import GRID

if TYPE_CHECKING:
    # For annotations only: a handler maps states, which hold the Rules that hold it.
    from acreage.crazy_farmers.rules import Rules
    from acreage.crazy_farmers.state import State

__all__ = ["KINDS", "NONE", "THE_COW", "Handler", "backlash_target"]

KINDS: Final = (
    "bribe",
    "dynamite",
    "hay-bale",
    "helicopter",
    "high-voltage",
    "nitro",
    "rut",
    "watchdog",
)
"""The kinds of the rulebook's bonus cards, in order: the keys of
:data:`acreage.crazy_farmers.cards.HANDLERS`."""

THE_COW: Final = 99
"""The target of a card played on the Mad Cow (``play Rut on the Cow``)."""

NONE: Final = (-1,)
"""The targets of a card played on nothing."""


class Handler(abc.ABC):
    """What one kind of bonus card does.

    A handler of your own is held by a Rules subclass
    (:attr:`Rules.handlers <acreage.crazy_farmers.rules.Rules.handlers>`);
    define both at module level, so that Rules and states pickle (by class)
    for worker processes. A handler keeps no state of its own: one instance
    serves every game.

    Class attributes:
        kind: the key that names this effect: the ``kind`` of its cards in the
            deck data (:attr:`BonusCard.kind <acreage.crazy_farmers.rules.BonusCard.kind>`).
        target: what the card is played on: ``"none"``, ``"player"``,
            ``"path"`` or ``"plot"``.
        lies_with: ``None`` (discarded at once), ``"player"`` (lies in front
            of the player who played it) or ``"target"`` (in front of the
            target player).
        until: when a card lying in front of someone is discarded:
            ``"turn-start"`` (when that player's next turn starts) or
            ``"turn-end"`` (when it ends).
        guard: :data:`~acreage.crazy_farmers.state.HIGH_VOLTAGE` /
            :data:`~acreage.crazy_farmers.state.WATCHDOG` bits it gives while
            it lies in front of its player.
        slowdown: moves its player loses in their next turn while it lies there.
    """

    kind: ClassVar[str]
    target: ClassVar[Literal["none", "player", "path", "plot"]] = "none"
    lies_with: ClassVar[Literal["player", "target"] | None] = None
    until: ClassVar[Literal["turn-start", "turn-end"]] = "turn-start"
    guard: ClassVar[int] = 0
    slowdown: ClassVar[int] = 0

    @abc.abstractmethod
    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        """The targets ``seat`` may play ``card`` on now (``(-1,)`` for none); ``()`` if unplayable."""

    @abc.abstractmethod
    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        """The state after the card takes effect (it has left the hand already)."""

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        """Why ``card`` cannot be played on ``target`` now (a target not in :meth:`targets`)."""
        return f"{card} cannot be played now"

    def target_space(self, rules: Rules) -> tuple[int, ...]:
        """Every target a card of this kind can ever be played on under ``rules``, in order.

        The integer actions (:mod:`acreage.crazy_farmers.actions`) number a
        ``play`` by its card and its target's place here, so this holds every
        target :meth:`targets` may give, and no more than it must. By the
        kind of target: ``(-1,)`` for none; the seats, and
        :data:`THE_COW` in the Mad Cow mode,
        for a player; every path; every plot.
        """
        if self.target == "none":
            return NONE
        if self.target == "player":
            seats = tuple(range(rules.players))
            return (*seats, THE_COW) if rules.mad_cow else seats
        return tuple(range(GRID.n_edges if self.target == "path" else GRID.n_cells))

    def most_targets(self, rules: Rules) -> int:
        """The most targets :meth:`targets` lists at once (bounds a turn's legal moves)."""
        return len(self.target_space(rules))

    def follow_ups(self, rules: Rules, card: str) -> int:
        """The most decisions ``card``'s effect leaves to the players once it is played.

        Its normal effect's (placing hay bales, landing a helicopter) or, in
        the Mad Cow mode, its Backlash effect's, whichever is more: the
        game's facts bound the length of a game with it. None by default.
        """
        return 0

    def lying(self, state: State, seat: int, target: int) -> int | None:
        """The seat the played card lies in front of, ``None`` when it is discarded at once."""
        if self.lies_with is None:
            return None
        return seat if self.lies_with == "player" else target

    def backlash(self, state: State, seat: int, card: str) -> State:
        """Mad Cow mode: the state after ``card`` backfires on the players.

        ``seat`` is the player who suffers it and makes its choices: the one
        who played the card, or, when the Cow triggered it on a barn
        (``state.cow.active``), the player playing after the Cow. Until the
        effect is over the card is carried by the task on top of the agenda
        (``state.decision.card``, with what it was played on,
        ``state.decision.target``, -1 for nothing: :func:`backlash_target`):
        ``state``'s agenda holds just that task, the
        :class:`~acreage.crazy_farmers.tasks.CheckBonus` that checked the card
        or the :class:`~acreage.crazy_farmers.tasks.CowBonus` that drew it. A
        handler that needs a player's choice returns a state with that
        decision's task in its place, carrying the card and its target
        (:mod:`~acreage.crazy_farmers.tasks`: ``FlyCow(seat, card,
        backlash_target(state))``); else, the task left on top, the card is
        discarded and the Cow or the player plays on. Kinds without a
        Backlash version (none in the rulebook) do nothing.
        """
        return state


def backlash_target(state: State) -> int:
    """What the bonus card taking its Backlash effect in ``state`` was played on (-1 for
    nothing, or with no card taking effect): the ``target`` of the task on top of the
    agenda, which carries the card (see :meth:`Handler.backlash`)."""
    task = state.decision
    return task.target if task is not None else -1
