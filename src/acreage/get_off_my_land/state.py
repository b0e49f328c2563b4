"""The state of a game of Get Off My Land!, and the agenda of what happens next.

A :class:`State` is a frozen value. Its ``agenda`` is a stack of
:mod:`acreage.core.agenda` tasks (the last is the current one): a seat's
decision (a ``PlayerTask``), a chance event (a ``ChanceTask``), or the rest
of a compound action waiting underneath (a fence card's remaining fences, the
turn's remaining actions), carried out by the engine (an ``AutoTask``). Each
says what it is in the game's words, its ``kind``. ``state.decision`` is the
task being decided; ``state.to_move`` its actor.

Cell sets are int bitsets over tile ids (``y * width + x``); fences are per
player bitsets over fence slots (see :mod:`acreage.get_off_my_land.tables`).
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, ClassVar

import attrs

from acreage.core.agenda import AUTO, AutoTask, ChanceTask, PlayerTask, Task
from acreage.core.chance import Deck
from acreage.core.display import state_repr
from acreage.core.game import Chance
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


@attrs.frozen
class _Words(Task):
    """A task of this game says what it is in its own words, its ``kind`` (core's
    tasks say their class's name): after the seat for a decision ("player 1: keep one
    farmhouse tile"), alone for a chance event or an automatic step."""

    kind: ClassVar[str] = ""

    def describe(self) -> str:
        """What is being decided, in words (for pictures and error messages)."""
        return self.kind


# -- fences ---------------------------------------------------------------------


@attrs.frozen
class Batch:
    """Fences being placed with one card (or lumber, or Slash and Burn!).

    Attributes:
        seat: who places them.
        left: placements still allowed.
        carrying: the edge a fence was just lifted from (to be placed next), or -1.
        placed: edges where this batch put the player's fences (the attempt,
            if an opponent defends).
        before: every player's controlled tiles when the batch began.
    """

    seat: int
    left: int
    carrying: int
    placed: int
    before: tuple[int, ...]


@attrs.frozen
class PlaceFences(_Words):
    """Place (or move) the batch's fences, one at a time, or stop: a decision of the
    batch's seat (which the batch holds, so this is no :class:`PlayerTask`, which
    would hold it a second time)."""

    batch: Batch
    kind: ClassVar[str] = "place or move fences"
    seat = property(operator.attrgetter("batch.seat"), doc="The seat placing the fences.")
    actor = seat

    def describe(self) -> str:
        b = self.batch
        if b.carrying >= 0:
            return f"player {b.seat}: place the fence just lifted"
        return f"player {b.seat}: place or move up to {b.left} more fence(s), or done"


@attrs.frozen
class ResolveFences(AutoTask, _Words):
    """After a batch: offer each player who would lose land a defence, then claim."""

    batch: Batch
    offset: int
    kind: ClassVar[str] = "resolve fences"


@attrs.frozen
class Breaking(AutoTask, _Words):
    """An opponent's fence about to break, once the ``victims`` have had their chance to defend."""

    attacker: int
    edge: int
    owner: int
    victims: tuple[int, ...]
    kind: ClassVar[str] = "break a fence"


@attrs.frozen
class Defend(PlayerTask, _Words):
    """A player whose land (or crop) an attack would take may defend with bullet holes."""

    attack: Batch | Breaking
    kind: ClassVar[str] = "defend with bullet holes, or not"

    def describe(self) -> str:
        what = "fences" if isinstance(self.attack, Batch) else "fence break"
        attacker = self.attack.seat if isinstance(self.attack, Batch) else self.attack.attacker
        return f"player {self.seat}: defend against player {attacker}'s {what}, or not"


# -- turns and months --------------------------------------------------------------


@attrs.frozen
class Turn(PlayerTask, _Words):
    """A player's turn: ``actions`` left, and whether a card was played for fences."""

    actions: int
    fenced: bool
    kind: ClassVar[str] = "take an action or end the turn"

    def describe(self) -> str:
        return f"player {self.seat}: take an action ({self.actions} left) or end the turn"


@attrs.frozen
class EndTurn(AutoTask, _Words):
    """The end of ``seat``'s turn, once they have discarded down to the hand limit."""

    seat: int
    kind: ClassVar[str] = "end of turn"


@attrs.frozen
class DiscardDown(PlayerTask, _Words):
    """``seat`` holds more cards than the hand limit and discards one."""

    kind: ClassVar[str] = "discard down to the hand limit"


@attrs.frozen
class StartMonth(AutoTask, _Words):
    """The start of a month: income (from the second month on), then the first turn."""

    kind: ClassVar[str] = "start of month"


# -- setup ---------------------------------------------------------------------------


@attrs.frozen
class DealFarmhouse(ChanceTask, _Words):
    """Setup: chance deals ``seat`` a farmhouse tile to choose from."""

    seat: int
    kind: ClassVar[str] = "deal a farmhouse tile"


@attrs.frozen
class ChooseFarmhouse(PlayerTask, _Words):
    """Setup: ``seat`` keeps one of the farmhouse tiles dealt to them."""

    kind: ClassVar[str] = "keep one farmhouse tile"


# -- chance ----------------------------------------------------------------------------


@attrs.frozen
class DrawCard(ChanceTask, _Words):
    """Chance: ``seat`` draws a fence card (its kind is the outcome)."""

    seat: int
    kind: ClassVar[str] = "draw a fence card"

    def describe(self) -> str:
        return f"chance: player {self.seat} draws a fence card"


@attrs.frozen
class RevealMarket(ChanceTask, _Words):
    """Chance: the next market card is revealed (its kind is the outcome)."""

    kind: ClassVar[str] = "reveal the next market card"


@attrs.frozen
class RevealTile(ChanceTask, _Words):
    """The logged side of ``cell``; ``seat`` collects its immediate rewards, if ``rewards``."""

    cell: int
    seat: int
    rewards: bool
    kind: ClassVar[str] = "reveal a logged side"


# -- fence card actions -----------------------------------------------------------------


@attrs.frozen
class ClearFarmer(PlayerTask, _Words):
    """Get Off My Land!: remove an opponent's farmer from a tile you control, or not."""

    kind: ClassVar[str] = "remove an opponent's farmer from your land, or done"


@attrs.frozen
class SetFarmer(PlayerTask, _Words):
    """Get Off My Land!: place your farmer on a tile you control, or not."""

    kind: ClassVar[str] = "place your farmer on your land, or done"


@attrs.frozen
class RaidTarget(PlayerTask, _Words):
    """Midnight Raid!: ``seat`` puts their farmer on an opponent's market card."""

    kind: ClassVar[str] = "put your farmer on an opponent's market card"


@attrs.frozen
class SlashChoice(PlayerTask, _Words):
    """Slash and Burn!: ``seat`` chooses to log and draw, or to break a fence and fence."""

    kind: ClassVar[str] = "log and draw, or break and fence"


@attrs.frozen
class SlashFlip(PlayerTask, _Words):
    """Slash and Burn!'s log option: ``seat`` flips a forest tile, ``left`` more at most."""

    left: int
    kind: ClassVar[str] = "flip a forest tile"


@attrs.frozen
class FinishSlash(AutoTask, _Words):
    """Slash and Burn!'s log option: draw its cards once the tiles are flipped."""

    seat: int
    kind: ClassVar[str] = "draw fence cards"


@attrs.frozen
class SlashBreak(PlayerTask, _Words):
    """Slash and Burn!'s break option: ``seat`` breaks an opponent's fence, or stops."""

    kind: ClassVar[str] = "break an opponent's fence, or done"


@attrs.frozen
class ManagersDeal(PlayerTask, _Words):
    """Manager's Deal!: ``seat`` buys a market card for the deal price."""

    kind: ClassVar[str] = "buy a market card for the deal price"


@attrs.frozen
class Destroy(PlayerTask, _Words):
    """Implements of Destruction!: ``used`` options (bits: 1 card, 2 fence, 4 farmer)."""

    used: int
    left: int
    kind: ClassVar[str] = "choose a destruction, or done"


@attrs.frozen
class Grow(PlayerTask, _Words):
    """Fertilizer! (crops) or Steroids! (livestock): buy once, mature, up to ``left`` times."""

    livestock: bool
    bought: bool
    left: int
    kind: ClassVar[str] = "buy a market card or mature a card, or done"


@attrs.frozen
class Combine(PlayerTask, _Words):
    """Combine Harvester!: harvest up to two cards, then discard one of them."""

    harvested: tuple[int, ...]
    kind: ClassVar[str] = "harvest, or done"


@attrs.frozen
class ScrapHarvested(PlayerTask, _Words):
    """Combine Harvester!: ``seat`` discards one of the ``cells``' cards just harvested."""

    cells: tuple[int, ...]
    kind: ClassVar[str] = "discard one of the harvested cards"


@attrs.frozen
class FinishLumber(AutoTask, _Words):
    """Lumber after its fence: draw the cards, then (``drawn``) remove the $2 card."""

    seat: int
    drawn: bool
    kind: ClassVar[str] = "finish lumber"


@attrs.frozen
class FinishCard(AutoTask, _Words):
    """A fence card played for its action or fences goes to the discard pile when done."""

    card: int
    kind: ClassVar[str] = "discard the played card"


@attrs.frozen
class StartBatch(AutoTask, _Words):
    """Begin placing ``count`` fences (the control snapshot is taken now)."""

    seat: int
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
        return state_repr(GAME, self, where, task.kind if isinstance(task, _Words) else "")

    def _repr_svg_(self) -> str:
        from acreage.get_off_my_land.render import render_svg

        return render_svg(self)
