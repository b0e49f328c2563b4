"""The state of a game: each player's farm, the hands, the decks and what is being decided.

A :class:`State` is a frozen value. ``state.phase`` says what is being decided
and ``state.pending`` holds that decision's details; ``state.agenda`` is the
rest of the turn (the steps the engine takes after the decision, top last),
so a compound turn such as "build, pay water from a tower, draw a tool, attach
it" is a sequence of atomic decisions.
"""

from __future__ import annotations

import attrs

from acreage.core.agenda import AutoTask, Task
from acreage.core.chance import Deck
from acreage.core.display import state_repr
from acreage.core.game import CHANCE, Chance
from acreage.fields_of_green.rules import Rules

__all__ = [
    "PHASES",
    "Act",
    "AttachKept",
    "ConvertAt",
    "DrawCards",
    "DrawTools",
    "Farm",
    "Gain",
    "Harvest",
    "Income",
    "NewRound",
    "NewYear",
    "PayWaterDue",
    "PickCard",
    "PlaceSite",
    "ProduceAt",
    "Reveal",
    "State",
    "StoreWaterTokens",
    "SupplyNext",
    "YearEnd",
]

# What is being decided.
START = 0  # chance: who is the start player
STORE = 1  # where a water token goes
DRAW = 2  # which deck the next blind card comes from
DEAL = 3  # chance: the card drawn
PICK = 4  # which hand card to play (hidden)
ACTION = 5  # what to do with the revealed card: A-E
PAY = 6  # which water tower pays
TOOL_DEAL = 7  # chance: a tool tile drawn
TOOL_CHOOSE = 8  # which of the drawn tiles to keep
TOOL_PLACE = 9  # attach the kept tile to a site, or keep it aside
ATTACH = 10  # attach a tool kept aside to the site just built
SUPPLY = 11  # which green site the harvest supplies next
CONVERTING = 12  # use a convert ability once more (not rules.CONVERT, the ability)
END = 13

PHASES = (
    "start",
    "store",
    "draw",
    "deal",
    "pick",
    "action",
    "pay",
    "tool deal",
    "tool choose",
    "tool place",
    "attach",
    "supply",
    "convert",
    "end",
)
"""Phase names by number, as views and renderings show them."""

CHANCE_PHASES = frozenset({START, DEAL, TOOL_DEAL})

_DECISIONS = (
    "choose the start player",
    "store a water token",
    "choose the deck of the next card",
    "deal player {p} a card",
    "pick a card to play",
    "choose what to do with the revealed card",
    "choose the water tower that pays",
    "draw a tool tile for player {p}",
    "keep one of the drawn tool tiles",
    "attach the tool tile or keep it aside",
    "attach a kept tool to the new site",
    "supply a green site with the harvest",
    "use a convert ability again, or done",
    "",
)
"""What is being decided in each phase, for ``repr(state)`` (who decides comes before it)."""


# -- the agenda: the steps the engine takes by itself, top last -------------------------


@attrs.frozen
class NewYear(AutoTask):
    """Maintenance: the tractor moves on; income from year 2, then the draw."""


@attrs.frozen
class Income(AutoTask):
    """Player ``player``'s income at the start of a year (from year 2)."""

    player: int


@attrs.frozen
class StoreWaterTokens(AutoTask):
    """``water`` tokens go into player ``player``'s towers with room (asking where if it matters)."""

    player: int
    water: int


@attrs.frozen
class DrawCards(AutoTask):
    """Player ``player`` draws a hand of cards blind from the decks."""

    player: int


@attrs.frozen
class NewRound(AutoTask):
    """An action round: picks, reveal and actions; or the harvests once the hands are empty."""


@attrs.frozen
class PickCard(AutoTask):
    """Player ``player`` picks a card to play (asked unless one card is left)."""

    player: int


@attrs.frozen
class Reveal(AutoTask):
    """The hands are passed on and the picks revealed."""


@attrs.frozen
class Act(AutoTask):
    """Player ``player`` chooses an action A-E for the revealed card."""

    player: int


@attrs.frozen
class PayWaterDue(AutoTask):
    """Player ``player`` pays ``water`` for the site (or the card being built) at ``cell``."""

    player: int
    cell: int
    water: int


@attrs.frozen
class PlaceSite(AutoTask):
    """Player ``player`` lays card ``kind`` at ``cell``, then its grey ability."""

    player: int
    cell: int
    kind: int


@attrs.frozen
class Gain(AutoTask):
    """Player ``player`` gains coins, water, grain and star tokens."""

    player: int
    coins: int
    water: int
    grain: int
    stars: int


@attrs.frozen
class DrawTools(AutoTask):
    """Player ``player`` draws tool tiles to choose one from."""

    player: int


@attrs.frozen
class AttachKept(AutoTask):
    """Player ``player`` may attach a tool kept aside to the new site at ``cell``."""

    player: int
    cell: int


@attrs.frozen
class Harvest(AutoTask):
    """Player ``player``'s harvest: the face-up green sites are supplied."""

    player: int


@attrs.frozen
class SupplyNext(AutoTask):
    """Player ``player`` supplies the next of the green sites ``remaining`` (a bitset of cells)."""

    player: int
    remaining: int


@attrs.frozen
class ProduceAt(AutoTask):
    """The site of player ``player`` at ``cell`` produces: its green effects and tools."""

    player: int
    cell: int


@attrs.frozen
class ConvertAt(AutoTask):
    """Player ``player``'s site at ``cell`` may convert ``left`` times more."""

    player: int
    cell: int
    left: int


@attrs.frozen
class YearEnd(AutoTask):
    """The start player token passes on; the next year, or the end."""


@attrs.frozen(cache_hash=True)
class Farm:
    """One player's farm (Hof) and purse.

    Attributes:
        cells: the cell of every card in the farm, in the order built.
        kinds: the kind of each of those cards (an index into
            ``rules.tables.names``; the last two are silo and water tower).
        occupied: bitset of the cells holding a card.
        frontier: the empty cells orthogonally next to a card, sorted: where the
            next card may go ("daneben, darüber oder darunter"). Derived from
            ``occupied`` and kept up to date because listing it is the hot path.
        down: bitset of the cells whose card is shut down (face down).
        towers: ``(cell, water, capacity, reach)`` of every water tower, in the order built.
        grain: grain in the silos. Grain moves freely between silos (see the
            rulings), so only the total and the total capacity matter.
        grain_capacity: what all silos together hold.
        coins: coins (Münzen).
        tokens: star tokens (Sterntoken) gained during the game.
        tools: ``(cell, tool)`` of every tool attached to a site, sorted.
        kept: tools kept aside, not yet attached, sorted.
    """

    cells: tuple[int, ...]
    kinds: tuple[int, ...]
    occupied: int
    frontier: tuple[int, ...]
    down: int
    towers: tuple[tuple[int, int, int, int], ...]
    grain: int
    grain_capacity: int
    coins: int
    tokens: int
    tools: tuple[tuple[int, int], ...] = ()
    kept: tuple[int, ...] = ()

    @property
    def sites(self) -> tuple[tuple[int, int], ...]:
        """``(cell, kind)`` of every card, in the order built."""
        return tuple(zip(self.cells, self.kinds, strict=True))

    def kind_at(self, cell: int) -> int:
        """The kind of the card at ``cell``; -1 for an empty cell."""
        if not self.occupied >> cell & 1:
            return -1
        return self.kinds[self.cells.index(cell)]

    def tools_at(self, cell: int) -> tuple[int, ...]:
        """The tools attached to the site at ``cell``."""
        return tuple(t for c, t in self.tools if c == cell)


@attrs.frozen(cache_hash=True)
class State:
    """A game of Fields of Green at one moment.

    Attributes:
        rules: the shared :class:`Rules`.
        year: 1 to ``rules.years`` (0 before the start player is known).
        phase: what is being decided (``PHASES[phase]`` names it).
        actor: the seat deciding, or the seat a chance event is for.
        start: the start player's seat.
        farms: each seat's :class:`Farm`.
        hands: each seat's hand, card ids sorted.
        picks: each seat's chosen card this action round, -1 when none. Hidden
            from the others while ``phase`` is ``PICK``, revealed after.
        passes: how often the hands have been passed this year.
        decks: the four location decks (Fields, Livestock, Facilities, Buildings).
        tool_pile: the tool tiles; tiles put back go underneath in a known order.
        silo_stack, tower_stack: silo and water-tower cards left to build.
        discard: the discard pile (Ablagestapel), card ids sorted.
        agenda: the steps still to take in this turn, the next one last (typed
            tasks, ``NewYear`` to ``YearEnd`` above).
        pending: the details of the decision being taken, by phase (cells are
            cell indices, see ``geometry``): store ``(tokens left,)``; draw
            ``(cards drawn, decks used, decks allowed)`` (bitsets of deck
            indices); deal ``(cards drawn, decks used, deck)``; pay ``(cell paid
            for, water due)``; tool deal ``(tiles left to draw, *tiles drawn)``;
            tool choose ``tiles drawn``; tool place ``(tool,)``; attach
            ``(cell of the new site,)``; supply ``(sites left, sites that can
            be supplied)`` (bitsets of cells); convert ``(cell, uses left)``;
            otherwise ``()``.
    """

    rules: Rules
    year: int
    phase: int
    actor: int
    start: int
    farms: tuple[Farm, ...]
    hands: tuple[tuple[int, ...], ...]
    picks: tuple[int, ...]
    passes: int
    decks: tuple[Deck[int], ...]
    tool_pile: Deck[int]
    silo_stack: int
    tower_stack: int
    discard: tuple[int, ...]
    agenda: tuple[Task, ...]
    pending: tuple[int, ...]

    @property
    def to_move(self) -> int | Chance | None:
        """The seat deciding next, ``CHANCE``, or ``None`` when the game is over."""
        phase = self.phase
        if phase == END:
            return None
        if phase in CHANCE_PHASES:
            return CHANCE
        return self.actor

    @property
    def pass_direction(self) -> int:
        """+1 (to the left, clockwise) in years 1 and 3, -1 (to the right) in years 2 and 4."""
        return 1 if self.year % 2 else -1

    def __repr__(self) -> str:
        from acreage.fields_of_green import GAME

        where = f"year {self.year} of {self.rules.years}" if self.year else "setup"
        return state_repr(GAME, self, where, _DECISIONS[self.phase].format(p=self.actor))

    def _repr_svg_(self) -> str:
        from acreage.fields_of_green.render import render_svg

        return render_svg(self)

    def __str__(self) -> str:
        from acreage.fields_of_green.render import render_text

        return render_text(self)
