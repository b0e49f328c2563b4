"""The state of a game of Fence Em In, and what a player may see of it.

Everything in Fence Em In is public (the bag is a multiset whose counts
everybody knows), so a player's :class:`View` holds the whole table.
"""

from __future__ import annotations

import enum

import attrs

from acreage.core.display import state_repr, view_repr
from acreage.core.frozen import builder
from acreage.core.game import Chance
from acreage.fence_em_in.rules import Rules

__all__ = ["Enclosure", "Farm", "Phase", "State", "View"]


class Phase(enum.Enum):
    """What is being decided (or drawn) next."""

    CARDS = "reveal the mission cards"
    FILL = "fill the assets board"
    ORDER = "roll for the turn order"
    ROLL = "roll the dice"
    SIX = "choose for a die showing the choice face"
    REROLL = "re-roll a die"
    FERTILIZE = "use fertilizer or be done"
    REFRESH = "refill the refreshed assets board"
    PLACE = "place an enclosure"
    TAKE = "take an asset token"
    FARM = "place the token on the farm board"
    REFILL = "refill the assets board"
    END = "game over"

    # A phase is a singleton compared by identity, so it hashes by identity too:
    # Enum's own __hash__ is a Python function (the hash of the name), about six
    # times slower, and the engine looks the phase up in its dispatch tables on
    # every move.
    __hash__ = object.__hash__


@attrs.frozen(cache_hash=True)
class Enclosure:
    """A ``width`` x ``height`` enclosure whose top-left cell is ``(x, y)``,
    holding a ``kind`` miniature (``None`` until its token is taken)."""

    x: int
    y: int
    width: int
    height: int
    kind: str | None = None

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.width * self.height


@attrs.frozen(cache_hash=True)
class Farm:
    """One player's farm.

    Attributes:
        land: bitset of the cells of the player's enclosures (cell ``y * size + x``).
        enclosures: the enclosures in the order they were built.
        placed: miniatures placed so far, per kind in :data:`KINDS` order.
        points: the score track: placement points so far.
        fertilizer: fertilizer tokens held.
        rows: the tokens in each farm-board category, in ``rules.farm_board`` order.
        discards: tokens that fitted no category.
    """

    land: int
    enclosures: tuple[Enclosure, ...]
    placed: tuple[int, ...]
    points: int
    fertilizer: int
    rows: tuple[tuple[str, ...], ...]
    discards: tuple[str, ...]


@attrs.frozen(cache_hash=True)
class State:
    """A position in a game of Fence Em In.

    Attributes:
        rules: the rules (and the tables precomputed for them).
        to_move: the seat deciding next, ``CHANCE``, or ``None`` at the end.
        phase: what is being decided.
        round: the round being played (0 during setup).
        order: the turn order of this round, first player first.
        turn: index into ``order`` of the player whose turn it is.
        dice: the shared dice, sorted (6 is the choice face; two dice while
            one is being re-rolled).
        uses: fertilizer uses in this turn so far.
        token: the asset token in hand, waiting for the farm board.
        farms: each seat's farm.
        occupied: bitset of every cell inside an enclosure.
        columns: the assets board: the tokens in each column 1-5, sorted.
        bag: the tokens in the bag, per kind in :data:`KINDS` order.
        cards: the revealed mission cards, the enclosure card first.
        passed: bitset of the seats that passed this round.
        groups: while rolling for the turn order, the seats still grouped
            by tie, in order; otherwise empty.
        rolls: the order-die rolls of the first tied group so far.
        six_rerolls: choice faces re-rolled for fertilizer in this turn
            (at most ``rules.fertilizer.six_rerolls_per_turn``).
        order_rerolls: re-rolls of tied order dice in this settling of the
            turn order (at most ``rules.order_reroll_limit``).
    """

    rules: Rules = attrs.field(repr=False)
    to_move: int | Chance | None
    phase: Phase
    round: int
    order: tuple[int, ...]
    turn: int
    dice: tuple[int, ...]
    uses: int
    token: str | None
    farms: tuple[Farm, ...]
    occupied: int
    columns: tuple[tuple[str, ...], ...]
    bag: tuple[int, ...]
    cards: tuple[str, ...]
    passed: int
    groups: tuple[tuple[int, ...], ...]
    rolls: tuple[int, ...]
    six_rerolls: int
    order_rerolls: int

    @property
    def player(self) -> int | None:
        """The seat whose turn it is, ``None`` outside the rounds' turns."""
        if self.phase in _TURN_PHASES:
            return self.order[self.turn]
        return None

    def bag_size(self) -> int:
        """The number of tokens left in the bag."""
        return sum(self.bag)

    def __repr__(self) -> str:
        from acreage.fence_em_in import GAME

        where = f"round {self.round} of {self.rules.rounds}" if self.round else "setup"
        return state_repr(GAME, self, where, self.phase.value)

    def _repr_svg_(self) -> str:
        from acreage.fence_em_in.render import render_svg

        return render_svg(self)


_TURN_PHASES = frozenset(
    (Phase.SIX, Phase.REROLL, Phase.FERTILIZE, Phase.REFRESH, Phase.PLACE, Phase.TAKE, Phase.FARM)
)


@attrs.frozen
class View:
    """What ``player`` sees: the whole table (Fence Em In hides nothing).

    The fields are the :class:`State`'s, with ``player`` the viewing seat;
    ``rules`` are public, and let a view be turned into numbers on its own
    (:func:`acreage.fence_em_in.actions.observation_tensor`).
    """

    rules: Rules = attrs.field(repr=False)
    player: int
    to_move: int | Chance | None
    phase: Phase
    round: int
    order: tuple[int, ...]
    turn: int
    dice: tuple[int, ...]
    uses: int
    token: str | None
    farms: tuple[Farm, ...]
    occupied: int
    columns: tuple[tuple[str, ...], ...]
    bag: tuple[int, ...]
    cards: tuple[str, ...]
    passed: int
    groups: tuple[tuple[int, ...], ...]
    rolls: tuple[int, ...]
    six_rerolls: int
    order_rerolls: int

    def __repr__(self) -> str:
        where = f"round {self.round} of {self.rules.rounds}" if self.round else "setup"
        return view_repr("fence-em-in", self, where)

    def _repr_svg_(self) -> str:
        from acreage.fence_em_in.render import render_svg

        return render_svg(self)


make_farm = builder(Farm)
"""``Farm(...)`` with every field given in order, built quicker (see
:func:`acreage.core.frozen.builder`)."""
make_enclosure = builder(Enclosure)
"""``Enclosure(...)`` with every field (``kind`` too) given in order, built quicker."""
