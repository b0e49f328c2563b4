"""The components as data: location cards, tool tiles and their abilities.

The rule text gives no card list, so cards and tools are plain data (see
``data/reference.toml``, acreage's own reference set) with a small vocabulary
of typed effects that the engine interprets:

* ``produce``: gain coins, water, grain and/or star tokens, once or ``per``
  neighbouring card (``"neighbour"``) or per card in the farm (``"farm"``)
  ``of`` a deck, a card name, ``"silo"`` or ``"water tower"``. On a yellow
  card it scores stars at game end instead.
* ``convert``: at harvest, the owner may pay ``pay_coins``/``pay_grain`` for
  the gains, up to ``times`` times.
* ``tool``: "Ziehe drei der verdeckten Arbeitsgeräteplättchen, wähle eines"
  (draw three tool tiles, keep one).
* ``range`` and ``capacity``: a tool that widens its water tower's range or
  raises its silo's or tower's capacity by ``amount``.

An ability's colour says when it works: grey when the card is built ("sofort"),
green at harvest ("bei der Ernte"), yellow at game end ("erst am Spielende").
Tools also have ``always`` for the standing effects ``range`` and ``capacity``.

Every class is a :class:`~acreage.core.data.DataClass`: it is checked the same
way however it is made (constructor, ``attrs.evolve``, ``Rules.from_data``,
``Rules.from_toml``), and a bad value raises :class:`~acreage.RulesError`
naming the card and the field. Every number and list has a bound (see each
class's Attributes): a card set from an untrusted file must not make a game
that exhausts memory or time. The bounds are a few times what a real card set
uses.
"""

from __future__ import annotations

import re
from typing import Literal

import attrs

from acreage.core.data import DataClass, limits
from acreage.core.game import RulesError, shorten

__all__ = [
    "DECKS",
    "MAX_CARD_KINDS",
    "MAX_COPIES",
    "MAX_EFFECTS",
    "MAX_GAIN",
    "MAX_REPEATS",
    "MAX_TOOL_KINDS",
    "SILO",
    "WATER_TOWER",
    "Card",
    "Effect",
    "Resources",
    "Tool",
]

DECKS = ("fields", "livestock", "facilities", "buildings")
"""The four location decks (Felder, Tierzucht, Anlagen, Gebäude), in table order."""

SILO = "silo"
"""The silo site kind (see :data:`WATER_TOWER`)."""
WATER_TOWER = "water tower"
"""The two site kinds that are not location cards: each farm starts with one of each."""

RESERVED = frozenset((*DECKS, SILO, WATER_TOWER, "done"))

MAX_GAIN = 20
"""The most coins, water, grain or stars one effect, cost, need or card names (the
reference set's largest is 6)."""

MAX_EFFECTS = 8
"""The most effects one card or tool has (the reference set's largest has 2)."""

MAX_COPIES = 100
"""The most copies of one card or tool (the reference set's largest count is 6)."""

MAX_CARD_KINDS = 100
"""The most kinds of location card in a set (the reference set has 36)."""

MAX_TOOL_KINDS = 50
"""The most kinds of tool tile in a set (the reference set has 8)."""

MAX_REPEATS = 10
"""The most times one convert effect repeats, and the most one ``range`` or
``capacity`` tool adds (the reference set's largest are 2 and 1)."""

Deck = Literal["fields", "livestock", "facilities", "buildings"]
CardAbility = Literal["none", "grey", "green", "yellow"]
ToolAbility = Literal["always", "grey", "green", "yellow"]
EffectKind = Literal["produce", "convert", "tool", "range", "capacity"]
Per = Literal["once", "neighbour", "farm"]

_NAME = re.compile(r"[a-z][a-z0-9'\-]*( [a-z0-9'\-]+)*")

_GAIN = limits(0, MAX_GAIN)


def _check_name(name: str, what: str) -> None:
    if not _NAME.fullmatch(name):
        raise RulesError(
            f"name: {what} names are lowercase words (letters, digits, ' and -) "
            f"separated by single spaces, got {shorten(name)}"
        )
    if name in RESERVED:
        raise RulesError(f"name: {name!r} is reserved for a deck or a site kind")


@attrs.frozen
class Resources(DataClass):
    """Coins, water and grain: a building cost (upper left) or a harvest need (lower left).

    Attributes:
        coins, water, grain: 0 to :data:`MAX_GAIN` each.
    """

    coins: int = attrs.field(default=0, metadata=_GAIN)
    water: int = attrs.field(default=0, metadata=_GAIN)
    grain: int = attrs.field(default=0, metadata=_GAIN)


@attrs.frozen
class Effect(DataClass):
    """One typed effect of a card's or a tool's ability (see the module docstring).

    Attributes:
        kind: ``produce``, ``convert``, ``tool``, ``range`` or ``capacity``.
        coins, water, grain, stars: the gains, 0 to :data:`MAX_GAIN` each.
        per, of: what a produce effect counts (``once``, or ``neighbour`` /
            ``farm`` cards ``of`` a deck, a card name, ``silo`` or ``water tower``).
        pay_coins, pay_grain: what a convert effect pays, 0 to :data:`MAX_GAIN`.
        times: how often a convert effect may be used per harvest, 0 to
            :data:`MAX_REPEATS`.
        amount: how much a ``range`` or ``capacity`` effect adds, 0 to
            :data:`MAX_REPEATS`.
    """

    kind: EffectKind
    coins: int = attrs.field(default=0, metadata=_GAIN)
    water: int = attrs.field(default=0, metadata=_GAIN)
    grain: int = attrs.field(default=0, metadata=_GAIN)
    stars: int = attrs.field(default=0, metadata=_GAIN)
    per: Per = "once"
    of: str = ""
    pay_coins: int = attrs.field(default=0, metadata=_GAIN)
    pay_grain: int = attrs.field(default=0, metadata=_GAIN)
    times: int = attrs.field(default=0, metadata=limits(0, MAX_REPEATS))
    amount: int = attrs.field(default=0, metadata=limits(0, MAX_REPEATS))

    def _validate(self) -> None:
        gains = self.coins + self.water + self.grain + self.stars
        kind = self.kind
        if kind in ("produce", "convert") and not gains:
            raise RulesError(f"coins: a {kind} effect gains coins, water, grain or stars")
        if kind != "produce" and (self.per != "once" or self.of):
            raise RulesError(f"per: only a produce effect counts cards, not {kind}")
        if kind == "produce" and (self.per == "once") != (not self.of):
            raise RulesError(
                "of: a produce effect counts cards 'of' something exactly when 'per' is "
                f"neighbour or farm (per={self.per!r}, of={shorten(self.of)})"
            )
        if kind == "convert":
            if not self.pay_coins + self.pay_grain:
                raise RulesError("pay_coins: a convert effect pays coins or grain")
            if self.times < 1:
                raise RulesError("times: a convert effect works 1 or more times")
        elif self.pay_coins or self.pay_grain or self.times:
            raise RulesError(f"pay_coins: only a convert effect pays or repeats, not {kind}")
        if kind in ("range", "capacity"):
            if self.amount < 1:
                raise RulesError(f"amount: a {kind} effect needs an amount of 1 or more")
        elif self.amount:
            raise RulesError(f"amount: only range and capacity effects have an amount, not {kind}")
        if kind in ("tool", "range", "capacity") and gains:
            raise RulesError(f"coins: a {kind} effect gains nothing")


def _check_effects(
    effects: tuple[Effect, ...], ability: str, allowed: dict[str, frozenset[str]]
) -> None:
    if ability == "none" and effects:
        raise RulesError("effects: a card without an ability has no effects")
    if ability != "none" and not effects:
        raise RulesError(f"effects: a {ability} ability needs at least one effect")
    kinds = allowed[ability]
    for i, e in enumerate(effects):
        if e.kind not in kinds:
            raise RulesError(
                f"effects[{i}].kind: a {ability} ability allows {', '.join(sorted(kinds))}, "
                f"not {e.kind}"
            )
        if ability == "yellow" and (e.coins or e.water or e.grain):
            raise RulesError(f"effects[{i}].coins: a yellow ability only scores stars")
    if sum(e.kind == "convert" for e in effects) > 1:
        raise RulesError("effects: at most one convert effect per card")


_CARD_EFFECTS = {
    "none": frozenset(),
    "grey": frozenset({"produce", "tool"}),
    "green": frozenset({"produce", "convert"}),
    "yellow": frozenset({"produce"}),
}
_TOOL_EFFECTS = {
    "always": frozenset({"range", "capacity"}),
    "grey": frozenset({"produce"}),
    "green": frozenset({"produce"}),
    "yellow": frozenset({"produce"}),
}


@attrs.frozen
class Card(DataClass):
    """A location card: its deck, build cost, harvest need, ability and stars.

    ``count`` is the number of copies in its deck. ``needs`` (the lower-left
    raw materials) belong to cards with a green ability: "Während der Ernte
    treten alle Produktionseffekte der grünen Standorte in Kraft."

    Attributes:
        name: lowercase words, not a deck's or a site kind's name.
        deck: ``fields``, ``livestock``, ``facilities`` or ``buildings``.
        count: 1 to :data:`MAX_COPIES` copies.
        cost, needs: :class:`Resources`.
        ability: ``none``, ``grey``, ``green`` or ``yellow``.
        effects: at most :data:`MAX_EFFECTS` :class:`Effect`.
        stars: printed stars, 0 to :data:`MAX_GAIN`.
    """

    name: str
    deck: Deck
    count: int = attrs.field(default=1, metadata=limits(1, MAX_COPIES))
    cost: Resources = Resources()
    needs: Resources = Resources()
    ability: CardAbility = "none"
    effects: tuple[Effect, ...] = attrs.field(default=(), metadata=limits(items=MAX_EFFECTS))
    stars: int = attrs.field(default=0, metadata=_GAIN)

    def _validate(self) -> None:
        try:
            _check_name(self.name, "card")
            if self.needs.coins:
                raise RulesError("needs.coins: a harvest needs only water and grain")
            if (self.needs.water or self.needs.grain) and self.ability != "green":
                raise RulesError("needs: only a card with a green ability is supplied at harvest")
            _check_effects(self.effects, self.ability, _CARD_EFFECTS)
        except RulesError as e:
            raise RulesError(f"card {shorten(self.name)}: {e}") from None


@attrs.frozen
class Tool(DataClass):
    """A tool tile (Arbeitsgerät): the sites it fits, its ability and effects.

    "Jedes Arbeitsgerät hat eine bestimmte Betriebsstätte der es zugewiesen
    werden muss": ``fits`` names the card names (or ``"silo"``, ``"water
    tower"``) it may be attached to.

    Attributes:
        name: lowercase words, not a deck's or a site kind's name.
        fits: the sites it fits, at most :data:`MAX_CARD_KINDS` + 2 (every card and both sites).
        ability: ``always``, ``grey``, ``green`` or ``yellow``.
        effects: at most :data:`MAX_EFFECTS` :class:`Effect`.
        count: 1 to :data:`MAX_COPIES` tiles.
    """

    name: str
    fits: tuple[str, ...] = attrs.field(metadata=limits(items=MAX_CARD_KINDS + 2))
    ability: ToolAbility
    effects: tuple[Effect, ...] = attrs.field(metadata=limits(items=MAX_EFFECTS))
    count: int = attrs.field(default=1, metadata=limits(1, MAX_COPIES))

    def _validate(self) -> None:
        try:
            _check_name(self.name, "tool")
            if not self.fits:
                raise RulesError("fits: a tool fits at least one site")
            if len(set(self.fits)) != len(self.fits):
                raise RulesError("fits: a site is named twice")
            _check_effects(self.effects, self.ability, _TOOL_EFFECTS)
            for i, e in enumerate(self.effects):
                if e.kind == "range" and set(self.fits) != {WATER_TOWER}:
                    raise RulesError(f"effects[{i}]: a range tool fits only the water tower")
                if e.kind == "capacity" and not set(self.fits) <= {SILO, WATER_TOWER}:
                    raise RulesError(f"effects[{i}]: a capacity tool fits only silos or towers")
        except RulesError as e:
            raise RulesError(f"tool {shorten(self.name)}: {e}") from None
