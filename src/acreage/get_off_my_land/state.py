"""The state of a game of Get Off My Land!, and the agenda of what happens next.

A :class:`State` is a frozen value. Its ``agenda`` is a stack of tasks (the
last is the current one): a decision of a player, a chance event, or the
rest of a compound action waiting underneath (a fence card's remaining
fences, the turn's remaining actions). ``state.decision`` is the task being
decided; ``state.to_move`` its actor.

Cell sets are int bitsets over tile ids (``y * width + x``); fences are per
player bitsets over fence slots (see :mod:`acreage.get_off_my_land.tables`).
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, ClassVar

import attrs

from acreage.core.chance import Deck
from acreage.core.display import state_repr
from acreage.core.game import CHANCE, Chance
from acreage.core.regions import FenceNetwork, Partition

if TYPE_CHECKING:
    from acreage.get_off_my_land.rules import Rules

__all__ = [
    "AUTO",
    "Batch",
    "Breaking",
    "ChooseFarmhouse",
    "ClearFarmer",
    "Combine",
    "DealFarmhouse",
    "Defend",
    "Destroy",
    "DiscardDown",
    "DrawCard",
    "EndTurn",
    "FinishCard",
    "FinishLumber",
    "FinishSlash",
    "Grow",
    "ManagersDeal",
    "PlaceFences",
    "RaidTarget",
    "ResolveFences",
    "RevealMarket",
    "RevealTile",
    "ScrapHarvested",
    "SetFarmer",
    "SlashBreak",
    "SlashChoice",
    "SlashFlip",
    "StartBatch",
    "StartMonth",
    "State",
    "Task",
    "Turn",
]


class _Auto:
    """The actor of a task the engine carries out by itself."""

    def __repr__(self) -> str:
        return "AUTO"


AUTO = _Auto()
"""The actor of a task the engine carries out by itself (never a ``to_move``)."""


class Task:
    """One entry of the agenda. ``actor`` is a seat, CHANCE, or AUTO."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    @property
    def actor(self) -> int | Chance | _Auto:
        """Who carries the task out: a seat, ``CHANCE`` or :data:`AUTO`."""
        raise NotImplementedError

    def describe(self) -> str:
        """What is being decided, in words (for pictures and error messages)."""
        return self.kind


class _PlayerTask(Task):
    __slots__ = ()
    player: int
    actor = property(operator.attrgetter("player"))

    def describe(self) -> str:
        return f"player {self.player}: {self.kind}"


class _ChanceTask(Task):
    __slots__ = ()
    actor: ClassVar[Chance] = CHANCE


class _AutoTask(Task):
    __slots__ = ()
    actor: ClassVar[_Auto] = AUTO


# -- fences ---------------------------------------------------------------------


@attrs.frozen
class Batch:
    """Fences being placed with one card (or lumber, or Slash and Burn!).

    Attributes:
        player: who places them.
        left: placements still allowed.
        carrying: the edge a fence was just lifted from (to be placed next), or -1.
        placed: edges where this batch put the player's fences (the attempt,
            if an opponent defends).
        before: every player's controlled tiles when the batch began.
    """

    player: int
    left: int
    carrying: int
    placed: int
    before: tuple[int, ...]


@attrs.frozen
class PlaceFences(_PlayerTask):
    """Place (or move) the batch's fences, one at a time, or stop."""

    batch: Batch
    kind: ClassVar[str] = "place or move fences"
    player = property(operator.attrgetter("batch.player"))
    actor = player

    def describe(self) -> str:
        b = self.batch
        if b.carrying >= 0:
            return f"player {b.player}: place the fence just lifted"
        return f"player {b.player}: place or move up to {b.left} more fence(s), or done"


@attrs.frozen
class ResolveFences(_AutoTask):
    """After a batch: offer each player who would lose land a defence, then claim."""

    batch: Batch
    offset: int
    kind: ClassVar[str] = "resolve fences"


@attrs.frozen
class Breaking(_AutoTask):
    """An opponent's fence about to break, once the ``victims`` have had their chance to defend."""

    attacker: int
    edge: int
    owner: int
    victims: tuple[int, ...]
    kind: ClassVar[str] = "break a fence"


@attrs.frozen
class Defend(_PlayerTask):
    """A player whose land (or crop) an attack would take may defend with bullet holes."""

    player: int
    attack: Batch | Breaking
    kind: ClassVar[str] = "defend with bullet holes, or not"

    def describe(self) -> str:
        what = "fences" if isinstance(self.attack, Batch) else "fence break"
        attacker = self.attack.player if isinstance(self.attack, Batch) else self.attack.attacker
        return f"player {self.player}: defend against player {attacker}'s {what}, or not"


# -- turns and months --------------------------------------------------------------


@attrs.frozen
class Turn(_PlayerTask):
    """A player's turn: ``actions`` left, and whether a card was played for fences."""

    player: int
    actions: int
    fenced: bool
    kind: ClassVar[str] = "take an action or end the turn"

    def describe(self) -> str:
        return f"player {self.player}: take an action ({self.actions} left) or end the turn"


@attrs.frozen
class EndTurn(_AutoTask):
    """The end of ``player``'s turn, once they have discarded down to the hand limit."""

    player: int
    kind: ClassVar[str] = "end of turn"


@attrs.frozen
class DiscardDown(_PlayerTask):
    """``player`` holds more cards than the hand limit and discards one."""

    player: int
    kind: ClassVar[str] = "discard down to the hand limit"


@attrs.frozen
class StartMonth(_AutoTask):
    """The start of a month: income (from the second month on), then the first turn."""

    kind: ClassVar[str] = "start of month"


# -- setup ---------------------------------------------------------------------------


@attrs.frozen
class DealFarmhouse(_ChanceTask):
    """Setup: chance deals ``player`` a farmhouse tile to choose from."""

    player: int
    kind: ClassVar[str] = "deal a farmhouse tile"


@attrs.frozen
class ChooseFarmhouse(_PlayerTask):
    """Setup: ``player`` keeps one of the farmhouse tiles dealt to them."""

    player: int
    kind: ClassVar[str] = "keep one farmhouse tile"


# -- chance ----------------------------------------------------------------------------


@attrs.frozen
class DrawCard(_ChanceTask):
    """Chance: ``player`` draws a fence card (its kind is the outcome)."""

    player: int
    kind: ClassVar[str] = "draw a fence card"

    def describe(self) -> str:
        return f"chance: player {self.player} draws a fence card"


@attrs.frozen
class RevealMarket(_ChanceTask):
    """Chance: the next market card is revealed (its kind is the outcome)."""

    kind: ClassVar[str] = "reveal the next market card"


@attrs.frozen
class RevealTile(_ChanceTask):
    """The logged side of ``cell``; ``player`` collects its immediate rewards, if ``rewards``."""

    cell: int
    player: int
    rewards: bool
    kind: ClassVar[str] = "reveal a logged side"


# -- fence card actions -----------------------------------------------------------------


@attrs.frozen
class ClearFarmer(_PlayerTask):
    """Get Off My Land!: remove an opponent's farmer from a tile you control, or not."""

    player: int
    kind: ClassVar[str] = "remove an opponent's farmer from your land, or done"


@attrs.frozen
class SetFarmer(_PlayerTask):
    """Get Off My Land!: place your farmer on a tile you control, or not."""

    player: int
    kind: ClassVar[str] = "place your farmer on your land, or done"


@attrs.frozen
class RaidTarget(_PlayerTask):
    """Midnight Raid!: ``player`` puts their farmer on an opponent's market card."""

    player: int
    kind: ClassVar[str] = "put your farmer on an opponent's market card"


@attrs.frozen
class SlashChoice(_PlayerTask):
    """Slash and Burn!: ``player`` chooses to log and draw, or to break a fence and fence."""

    player: int
    kind: ClassVar[str] = "log and draw, or break and fence"


@attrs.frozen
class SlashFlip(_PlayerTask):
    """Slash and Burn!'s log option: ``player`` flips a forest tile, ``left`` more at most."""

    player: int
    left: int
    kind: ClassVar[str] = "flip a forest tile"


@attrs.frozen
class FinishSlash(_AutoTask):
    """Slash and Burn!'s log option: draw its cards once the tiles are flipped."""

    player: int
    kind: ClassVar[str] = "draw fence cards"


@attrs.frozen
class SlashBreak(_PlayerTask):
    """Slash and Burn!'s break option: ``player`` breaks an opponent's fence, or stops."""

    player: int
    kind: ClassVar[str] = "break an opponent's fence, or done"


@attrs.frozen
class ManagersDeal(_PlayerTask):
    """Manager's Deal!: ``player`` buys a market card for the deal price."""

    player: int
    kind: ClassVar[str] = "buy a market card for the deal price"


@attrs.frozen
class Destroy(_PlayerTask):
    """Implements of Destruction!: ``used`` options (bits: 1 card, 2 fence, 4 farmer)."""

    player: int
    used: int
    left: int
    kind: ClassVar[str] = "choose a destruction, or done"


@attrs.frozen
class Grow(_PlayerTask):
    """Fertilizer! (crops) or Steroids! (livestock): buy once, mature, up to ``left`` times."""

    player: int
    livestock: bool
    bought: bool
    left: int
    kind: ClassVar[str] = "buy a market card or mature a card, or done"


@attrs.frozen
class Combine(_PlayerTask):
    """Combine Harvester!: harvest up to two cards, then discard one of them."""

    player: int
    harvested: tuple[int, ...]
    kind: ClassVar[str] = "harvest, or done"


@attrs.frozen
class ScrapHarvested(_PlayerTask):
    """Combine Harvester!: ``player`` discards one of the ``cells``' cards just harvested."""

    player: int
    cells: tuple[int, ...]
    kind: ClassVar[str] = "discard one of the harvested cards"


@attrs.frozen
class FinishLumber(_AutoTask):
    """Lumber after its fence: draw the cards, then (``drawn``) remove the $2 card."""

    player: int
    drawn: bool
    kind: ClassVar[str] = "finish lumber"


@attrs.frozen
class FinishCard(_AutoTask):
    """A fence card played for its action or fences goes to the discard pile when done."""

    card: int
    kind: ClassVar[str] = "discard the played card"


@attrs.frozen
class StartBatch(_AutoTask):
    """Begin placing ``count`` fences (the control snapshot is taken now)."""

    player: int
    count: int
    kind: ClassVar[str] = "start placing fences"


# -- the state ------------------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class State:
    """A position in a game of Get Off My Land!.

    Attributes:
        rules: the shared :class:`~acreage.get_off_my_land.Rules`.
        agenda: the tasks still to do, the current one last.
        month: index into ``rules.months`` (May is 0).
        first: the seat holding the first player marker.
        money: each player's money (public).
        hands: each player's fence cards (kinds, sorted; secret).
        fence_deck, fence_discard: the fence deck (no hidden order) and its
            face-up discard pile (kinds, sorted).
        offers: the farmhouse tiles dealt to each player and not yet decided
            on (secret; emptied once kept).
        farmhouses: the farmhouse tile each player kept, -1 before.
        market_deck: the market deck under the last slot: the A, B and C piles.
        track: the market track, one card kind or -1 per slot; the last slot
            is the top of the market deck.
        market_discard: market cards removed from the game (kinds, sorted).
        tiles: per tile, the forest tile kind of its logged side, -1 if it
            shows no logged side (unlogged forest, grass, farmhouse).
        cards: per tile, the market card kind on it, -1 for none.
        mature: tiles whose card shows its mature (or active) side.
        fences: per player, the fence slots holding their fences.
        farmers: per player, the tile their farmer stands on.
        partition: the regions the fences make (derived; open border).
        networks: per player, the network of their own fences (derived).
        control: per player, the tiles they control (derived).
        cleared: tiles that are logged land: grass and logged forest (derived).
    """

    rules: Rules
    agenda: tuple[Task, ...]
    month: int
    first: int
    money: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    fence_deck: Deck[int]
    fence_discard: tuple[int, ...]
    offers: tuple[tuple[int, ...], ...]
    farmhouses: tuple[int, ...]
    market_deck: Deck[int]
    track: tuple[int, ...]
    market_discard: tuple[int, ...]
    tiles: tuple[int, ...]
    cards: tuple[int, ...]
    mature: int
    fences: tuple[int, ...]
    farmers: tuple[int, ...]
    partition: Partition = attrs.field(eq=False, repr=False)
    networks: tuple[FenceNetwork, ...] = attrs.field(eq=False, repr=False)
    control: tuple[int, ...] = attrs.field(eq=False, repr=False)
    cleared: int = attrs.field(eq=False, repr=False)

    @property
    def to_move(self) -> int | Chance | None:
        """The seat deciding next, CHANCE, or None when the game is over."""
        if not self.agenda:
            return None
        actor = self.agenda[-1].actor
        return None if actor is AUTO else actor  # type: ignore[return-value]

    @property
    def decision(self) -> Task | None:
        """The task being decided (a player's decision or a chance event), None at the end."""
        return self.agenda[-1] if self.agenda else None

    @property
    def revealing(self) -> int:
        """The tile being logged, whose forest tile's logged side is the next chance outcome;
        -1 if none is."""
        task = self.decision
        return task.cell if isinstance(task, RevealTile) else -1

    @property
    def month_name(self) -> str:
        """The current month's name on the month track (the last month's after the end)."""
        return self.rules.months[min(self.month, len(self.rules.months) - 1)].name

    def __repr__(self) -> str:
        from acreage.get_off_my_land import GAME

        months = len(self.rules.months)
        where = f"{self.month_name} (month {min(self.month + 1, months)} of {months})"
        task = self.decision
        return state_repr(GAME, self, where, "" if task is None else task.kind)

    def _repr_svg_(self) -> str:
        from acreage.get_off_my_land.render import render_svg

        return render_svg(self)
