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

Every class checks its own values; a bad value raises :class:`~acreage.RulesError`
naming the card and the field.
"""

from __future__ import annotations

import re
from typing import Literal

import attrs

from acreage.core.game import RulesError

__all__ = [
    "DECKS",
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
WATER_TOWER = "water tower"
"""The two site kinds that are not location cards: each farm starts with one of each."""

RESERVED = frozenset((*DECKS, SILO, WATER_TOWER, "done"))

Deck = Literal["fields", "livestock", "facilities", "buildings"]
CardAbility = Literal["none", "grey", "green", "yellow"]
ToolAbility = Literal["always", "grey", "green", "yellow"]
EffectKind = Literal["produce", "convert", "tool", "range", "capacity"]
Per = Literal["once", "neighbour", "farm"]

_NAME = re.compile(r"[a-z][a-z0-9'\-]*( [a-z0-9'\-]+)*")


def _check_name(name: str, what: str) -> None:
    if not _NAME.fullmatch(name):
        raise RulesError(
            f"name: {what} names are lowercase words (letters, digits, ' and -) "
            f"separated by single spaces, got {name!r}"
        )
    if name in RESERVED:
        raise RulesError(f"name: {name!r} is reserved for a deck or a site kind")


def _non_negative(obj: object, names: tuple[str, ...], where: str = "") -> None:
    for n in names:
        if getattr(obj, n) < 0:
            raise RulesError(f"{where}{n}: expected 0 or more, got {getattr(obj, n)}")


@attrs.frozen
class Resources:
    """Coins, water and grain: a building cost (upper left) or a harvest need (lower left)."""

    coins: int = 0
    water: int = 0
    grain: int = 0

    def __attrs_post_init__(self) -> None:
        _non_negative(self, ("coins", "water", "grain"))


@attrs.frozen
class Effect:
    """One typed effect of a card's or a tool's ability (see the module docstring)."""

    kind: EffectKind
    coins: int = 0
    water: int = 0
    grain: int = 0
    stars: int = 0
    per: Per = "once"
    of: str = ""
    pay_coins: int = 0
    pay_grain: int = 0
    times: int = 0
    amount: int = 0

    def __attrs_post_init__(self) -> None:
        _non_negative(
            self, ("coins", "water", "grain", "stars", "pay_coins", "pay_grain", "times", "amount")
        )
        gains = self.coins + self.water + self.grain + self.stars
        kind = self.kind
        if kind in ("produce", "convert") and not gains:
            raise RulesError(f"coins: a {kind} effect gains coins, water, grain or stars")
        if kind != "produce" and (self.per != "once" or self.of):
            raise RulesError(f"per: only a produce effect counts cards, not {kind}")
        if kind == "produce" and (self.per == "once") != (not self.of):
            raise RulesError(
                "of: a produce effect counts cards 'of' something exactly when 'per' is "
                f"neighbour or farm (per={self.per!r}, of={self.of!r})"
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
class Card:
    """A location card: its deck, build cost, harvest need, ability and stars.

    ``count`` is the number of copies in its deck. ``needs`` (the lower-left
    raw materials) belong to cards with a green ability: "Während der Ernte
    treten alle Produktionseffekte der grünen Standorte in Kraft."
    """

    name: str
    deck: Deck
    count: int = 1
    cost: Resources = Resources()
    needs: Resources = Resources()
    ability: CardAbility = "none"
    effects: tuple[Effect, ...] = ()
    stars: int = 0

    def __attrs_post_init__(self) -> None:
        try:
            _check_name(self.name, "card")
            if self.count < 1:
                raise RulesError(f"count: expected 1 or more copies, got {self.count}")
            _non_negative(self, ("stars",))
            if self.needs.coins:
                raise RulesError("needs.coins: a harvest needs only water and grain")
            if (self.needs.water or self.needs.grain) and self.ability != "green":
                raise RulesError("needs: only a card with a green ability is supplied at harvest")
            _check_effects(self.effects, self.ability, _CARD_EFFECTS)
        except RulesError as e:
            raise RulesError(f"card {self.name!r}: {e}") from None


@attrs.frozen
class Tool:
    """A tool tile (Arbeitsgerät): the sites it fits, its ability and effects.

    "Jedes Arbeitsgerät hat eine bestimmte Betriebsstätte der es zugewiesen
    werden muss": ``fits`` names the card names (or ``"silo"``, ``"water
    tower"``) it may be attached to.
    """

    name: str
    fits: tuple[str, ...]
    ability: ToolAbility
    effects: tuple[Effect, ...]
    count: int = 1

    def __attrs_post_init__(self) -> None:
        try:
            _check_name(self.name, "tool")
            if self.count < 1:
                raise RulesError(f"count: expected 1 or more tiles, got {self.count}")
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
            raise RulesError(f"tool {self.name!r}: {e}") from None
