"""Rules: the player count, every option where the rule text leaves a choice, and the components.

``Rules(players=3)`` is the game of the rule text for three players with
acreage's reference cards and tools (``data/reference.toml``). Every number the
text gives is a field with the text's value as default, and each ruling that
a player could reasonably want the other way is an option (see the rulings,
https://acreage.readthedocs.io/en/latest/rulings/fields-of-green/).

Static tables the engine reads on every move (costs by card id, compiled
effects, the initial decks, the farm window) are derived once per Rules in
:attr:`Rules.tables` and shared by every state.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import attrs

from acreage.core.chance import Deck
from acreage.core.data import DataClass, from_data, limits, load_toml
from acreage.core.game import RulesError
from acreage.fields_of_green.components import (
    DECKS,
    MAX_CARD_KINDS,
    MAX_TOOL_KINDS,
    SILO,
    WATER_TOWER,
    Card,
    Effect,
    Tool,
)
from acreage.fields_of_green.geometry import reach_patterns

__all__ = ["MAX_REACH", "REFERENCE", "Rules", "Tables", "card_ids", "tool_ids"]

RangeMetric = Literal["manhattan", "chebyshev", "straight", "path"]
TieBreak = Literal["coins", "shared"]

# Ability colours and effect kinds as small ints for the engine's tables.
NONE, GREY, GREEN, YELLOW, ALWAYS = 0, 1, 2, 3, 4
ABILITY = {"none": NONE, "grey": GREY, "green": GREEN, "yellow": YELLOW, "always": ALWAYS}
PRODUCE, CONVERT, TOOL, RANGE, CAPACITY = 0, 1, 2, 3, 4
EFFECT = {
    "produce": PRODUCE,
    "convert": CONVERT,
    "tool": TOOL,
    "range": RANGE,
    "capacity": CAPACITY,
}
ONCE, NEIGHBOUR, FARM = 0, 1, 2
PER = {"once": ONCE, "neighbour": NEIGHBOUR, "farm": FARM}

Compiled = tuple[int, int, int, int, int, int, int, int, int, int, int]
"""An effect for the engine: (kind, coins, water, grain, stars, per, of-kinds bitmask,
pay_coins, pay_grain, times, amount)."""


@attrs.frozen
class _Reference(DataClass):
    """The bundled reference set as ``data/reference.toml`` holds it, bounded as in :class:`Rules`."""

    silos: int = attrs.field(metadata=limits(2, 64))
    water_towers: int = attrs.field(metadata=limits(2, 64))
    cards: tuple[Card, ...] = attrs.field(metadata=limits(items=MAX_CARD_KINDS))
    tools: tuple[Tool, ...] = attrs.field(metadata=limits(items=MAX_TOOL_KINDS))


def _load_reference() -> _Reference:
    text = resources.files("acreage.fields_of_green").joinpath("data/reference.toml").read_text()
    ref: _Reference = from_data(_Reference, tomllib.loads(text), where="reference.toml")
    return ref


REFERENCE = _load_reference()
"""acreage's reference set (``data/reference.toml``): silo and tower stacks, cards, tools."""


@attrs.frozen
class Tables:
    """Per-Rules tables indexed by site kind (card ids, then silo, then water tower) and tool id.

    Attributes:
        names: each site kind's name; ``silo`` and ``water tower`` are the last two.
        deck: each kind's deck index (0-3), 4 for the silo, 5 for the water tower.
        cost: ``(coins, water, grain)`` to build each kind.
        needs: ``(water, grain)`` each kind needs at harvest.
        ability: each kind's ability colour (NONE, GREY, GREEN, YELLOW).
        effects: each kind's compiled effects.
        stars: each kind's printed stars.
        tool_names, tool_fits (bitmask of kinds), tool_ability, tool_effects,
        tool_range, tool_capacity: the same for tools.
        decks: the four shuffled location decks at the start.
        tool_pile: the shuffled tool tiles at the start.
        origin, width: the farm window: cell ``(x, y)`` has index
            ``(y + origin) * width + x + origin``; no farm can reach its edge.
        patterns: for each water-tower reach, the cells it covers around the
            window's centre (see ``geometry.catchment``).
    """

    names: tuple[str, ...]
    deck: tuple[int, ...]
    cost: tuple[tuple[int, int, int], ...]
    needs: tuple[tuple[int, int], ...]
    ability: tuple[int, ...]
    effects: tuple[tuple[Compiled, ...], ...]
    stars: tuple[int, ...]
    tool_names: tuple[str, ...]
    tool_fits: tuple[int, ...]
    tool_ability: tuple[int, ...]
    tool_effects: tuple[tuple[Compiled, ...], ...]
    tool_range: tuple[int, ...]
    tool_capacity: tuple[int, ...]
    decks: tuple[Deck[int], ...]
    tool_pile: Deck[int]
    origin: int
    width: int
    patterns: tuple[int, ...]

    @property
    def silo(self) -> int:
        return len(self.names) - 2

    @property
    def tower(self) -> int:
        return len(self.names) - 1


MAX_REACH = 12
"""The furthest a water tower may reach with its best tools (``water_range`` plus the
range tools a site can hold): the text's is 2. The farm window grows with it."""


def _bounded(default: int, low: int, high: int) -> Any:
    """An int field with its default and bounds (every one of them has both)."""
    return attrs.field(default=default, metadata=limits(low, high))


@attrs.frozen(cache_hash=True)
class Rules(DataClass):
    """The rules of one game of Fields of Green.

    Every number has a bound (given below as ``low to high``), a few times
    the text's value, so that a Rules from an untrusted record, TOML file or
    command line keeps ``new_game`` and a game within memory and time
    proportional to a real one (the farm window grows with ``years``,
    ``hand_size`` and the water range; move lists with ``market_grain``).
    A value out of bounds, of the wrong type or not among the choices is a
    :class:`~acreage.RulesError` naming the field, however the Rules is made.

    Attributes:
        players: 2 to 4.
        start_player: the seat that starts (0 to ``players - 1``), or ``None`` to
            draw it by chance ("Der Spieler, der zuletzt auf einem Bauernhof war").
        years: years (rounds) in the game: 4 (1 to 8).
        hand_size: cards drawn each year and action rounds per year: 6 (1 to 12).
        min_decks: a player draws from at least this many decks: 3 (1 to 4,
            at most ``hand_size``).
        start_coins, start_grain: starting capital 15 coins (0 to 100); the silo
            holds 1 grain (0 to 20, at most ``silo_capacity``). The first water
            tower is filled to the brim.
        income_coins, income_water, income_grain: each year from the 2nd: 3, 2, 1
            (0 to 30, 0 to 20, 0 to 20).
        silo_capacity, tower_capacity: 4 grain, 3 water (1 to 20 each).
        water_range: how far a water tower supplies water: 2 (0 to 6; with the
            range tools a site can hold, at most :data:`MAX_REACH`).
        range_metric: how that distance is counted over the card grid:
            ``manhattan`` (orthogonal steps, the default), ``chebyshev``
            (diagonal steps count 1), ``straight`` (along a row or column
            only) or ``path`` (orthogonal steps through built cards only).
        split_payments: whether one water cost (or need) may be paid from
            several towers in range and one grain cost from several silos.
            Default False: "Das benötigte Wasser muss von diesem Wasserturm
            zur Verfügung gestellt werden".
        harvest_water_in_range: whether a card that needs water at harvest
            must be built within range of a water tower even when building
            it costs no water. Default False (only a water cost must be).
        tower_coins: action B costs 2 coins. market_coins: action D gives 2
            coins; market_grain: at most 2 grain sold (0 to 20); grain_price:
            2 each. restore_coins: action E costs 1 coin. Each price 0 to 30.
        tool_draw: tool tiles drawn to keep one: 3 (1 to 10).
        tools_per_site: at most 2 (0 to 4).
        shut_down_sites_score: whether a face-down site still scores its
            stars and yellow ability at game end (default False).
        tie_break: ``coins`` (most coins left wins a tie, then shared) or
            ``shared``.
        silos, water_towers: silo and water-tower cards in all, 16 each
            (2 to 64, at least ``players``).
        cards: the location cards, at most
            :data:`~acreage.fields_of_green.components.MAX_CARD_KINDS` kinds;
            tools: the tool tiles, at most
            :data:`~acreage.fields_of_green.components.MAX_TOOL_KINDS` kinds.
    """

    players: int = attrs.field(default=2, metadata=limits(2, 4, primary=True))
    start_player: int | None = attrs.field(default=None, metadata=limits(0, 3))
    years: int = _bounded(4, 1, 8)
    hand_size: int = _bounded(6, 1, 12)
    min_decks: int = _bounded(3, 1, len(DECKS))
    start_coins: int = _bounded(15, 0, 100)
    start_grain: int = _bounded(1, 0, 20)
    income_coins: int = _bounded(3, 0, 30)
    income_water: int = _bounded(2, 0, 20)
    income_grain: int = _bounded(1, 0, 20)
    silo_capacity: int = _bounded(4, 1, 20)
    tower_capacity: int = _bounded(3, 1, 20)
    water_range: int = _bounded(2, 0, 6)
    range_metric: RangeMetric = "manhattan"
    split_payments: bool = False
    harvest_water_in_range: bool = False
    tower_coins: int = _bounded(2, 0, 30)
    market_coins: int = _bounded(2, 0, 30)
    market_grain: int = _bounded(2, 0, 20)
    grain_price: int = _bounded(2, 0, 30)
    restore_coins: int = _bounded(1, 0, 30)
    tool_draw: int = _bounded(3, 1, 10)
    tools_per_site: int = _bounded(2, 0, 4)
    shut_down_sites_score: bool = False
    tie_break: TieBreak = "coins"
    silos: int = _bounded(REFERENCE.silos, 2, 64)
    water_towers: int = _bounded(REFERENCE.water_towers, 2, 64)
    cards: tuple[Card, ...] = attrs.field(
        default=REFERENCE.cards, metadata=limits(items=MAX_CARD_KINDS)
    )
    tools: tuple[Tool, ...] = attrs.field(
        default=REFERENCE.tools, metadata=limits(items=MAX_TOOL_KINDS)
    )
    tables: Tables = attrs.field(init=False, eq=False, repr=False)

    def _validate(self) -> None:
        if self.start_player is not None and self.start_player >= self.players:
            raise RulesError(
                f"start_player: expected a seat 0 to {self.players - 1} or null, "
                f"got {self.start_player}"
            )
        if self.min_decks > self.hand_size:
            raise RulesError(
                f"min_decks: a hand of {self.hand_size} cards cannot come from "
                f"{self.min_decks} different decks"
            )
        if self.start_grain > self.silo_capacity:
            raise RulesError(
                f"start_grain: the first silo holds at most {self.silo_capacity}, "
                f"got {self.start_grain}"
            )
        if self.silos < self.players:
            raise RulesError(
                f"silos: each of {self.players} farms starts with one, got {self.silos}"
            )
        if self.water_towers < self.players:
            raise RulesError(
                f"water_towers: each of {self.players} farms starts with one, got {self.water_towers}"
            )
        # Set once, before anyone else can see this Rules: safe to share between threads.
        object.__setattr__(self, "tables", _tables(self))

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from plain data; a :class:`~acreage.RulesError` names the field and the card."""
        try:
            return from_data(cls, data)
        except RulesError as e:
            raise RulesError(_name_items(str(e), data)) from None

    @classmethod
    def from_toml(cls, path: str | Path) -> Rules:
        """Rules from a TOML file of fields (missing fields keep their defaults)."""
        try:
            return load_toml(cls, path)
        except RulesError as e:
            raise RulesError(_name_items(str(e), _toml_data(path))) from None


def _toml_data(path: str | Path) -> Any:
    """The data of a TOML file for naming the card in a message; ``None`` if it cannot be read
    (:func:`~acreage.core.data.load_toml` has said why)."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (OSError, ValueError, RecursionError):  # TOMLDecodeError and UnicodeDecodeError too
        return None


_ITEM = re.compile(r"\b(cards|tools)\[(\d+)\](?! \()")
# A component's own checks name its class or itself ("Card.count", "card 'hut': needs"):
# after "cards[1]" that is said twice, so "cards[1] (hut).count" says it once.
_SAID_TWICE = re.compile(
    r"(?<=[\w\]]): (?:(?:Card|Tool|Resources|Effect)\.|(?:card|tool) '[^']*(?:'|\.\.\.): )"
)


def _name_items(message: str, data: Any) -> str:
    """Put the name of the card or tool after ``cards[i]`` in an error about raw data."""

    def named(m: re.Match[str]) -> str:
        items = data.get(m.group(1)) if isinstance(data, Mapping) else None
        i = int(m.group(2))
        if isinstance(items, list) and i < len(items) and isinstance(items[i], Mapping):
            name = items[i].get("name")
            if isinstance(name, str):
                return f"{m.group(0)} ({name if len(name) <= 40 else name[:37] + '...'})"
        return m.group(0)

    if _ITEM.search(message):
        message = _SAID_TWICE.sub(".", message)
    return _ITEM.sub(named, message, count=1)


def _compile(e: Effect, of_mask: int) -> Compiled:
    return (
        EFFECT[e.kind],
        e.coins,
        e.water,
        e.grain,
        e.stars,
        PER[e.per],
        of_mask,
        e.pay_coins,
        e.pay_grain,
        e.times,
        e.amount,
    )


def _tables(rules: Rules) -> Tables:
    """The tables of ``rules``, refusing names used twice, effects and tools that name no
    card, too few cards for the game and water towers that would reach too far (in that
    order: the first fault found is the one named)."""
    cards, tools = rules.cards, rules.tools
    kind_of = _kinds(cards)
    deck = (*(DECKS.index(c.deck) for c in cards), len(DECKS), len(DECKS) + 1)
    effects = tuple(
        _compiled(c.effects, f"cards[{i}] ({c.name})", deck, kind_of) for i, c in enumerate(cards)
    )
    tool_fits = _tool_fits(cards, tools, kind_of)
    _check_enough_cards(rules)
    tool_range = _amounts(tools, "range")
    reach = rules.water_range + _range_bonus(rules, tool_range)
    # A farm holds at most 2 + years * hand_size cards, all orthogonally connected,
    # so no card lies further than that from (0, 0); the window leaves room for
    # the frontier and the widest water range around it, so shifts never wrap.
    origin = 2 + rules.years * rules.hand_size + reach + 2
    width = 2 * origin + 1
    return Tables(
        names=(*(c.name for c in cards), SILO, WATER_TOWER),
        deck=deck,
        cost=(*((c.cost.coins, c.cost.water, c.cost.grain) for c in cards), (0, 0, 0), (0, 0, 0)),
        needs=(*((c.needs.water, c.needs.grain) for c in cards), (0, 0), (0, 0)),
        ability=(*(ABILITY[c.ability] for c in cards), NONE, NONE),
        effects=(*effects, (), ()),
        stars=(*(c.stars for c in cards), 0, 0),
        tool_names=tuple(t.name for t in tools),
        tool_fits=tool_fits,
        tool_ability=tuple(ABILITY[t.ability] for t in tools),
        tool_effects=tuple(
            _compiled(t.effects, f"tools[{i}] ({t.name})", deck, kind_of)
            for i, t in enumerate(tools)
        ),
        tool_range=tool_range,
        tool_capacity=_amounts(tools, "capacity"),
        decks=tuple(
            Deck.of({i: c.count for i, c in enumerate(cards) if c.deck == d}) for d in DECKS
        ),
        tool_pile=Deck.of({i: t.count for i, t in enumerate(tools)}),
        origin=origin,
        width=width,
        patterns=reach_patterns(rules.range_metric, reach, origin, width),
    )


def _kinds(cards: tuple[Card, ...]) -> dict[str, int]:
    """Each site kind's index by name: the cards in order, then the silo and the water tower;
    a card name used twice is refused."""
    kind_of: dict[str, int] = {}
    for i, c in enumerate(cards):
        if c.name in kind_of:
            raise RulesError(f"cards[{i}] ({c.name}).name: the name is used twice")
        kind_of[c.name] = i
    kind_of[SILO], kind_of[WATER_TOWER] = len(cards), len(cards) + 1
    return kind_of


def _of_mask(of: str, where: str, deck: tuple[int, ...], kind_of: Mapping[str, int]) -> int:
    """The bitset of site kinds an effect's ``of`` names: every card of a deck, or one kind."""
    if of in DECKS:
        d = DECKS.index(of)
        return sum(1 << k for k, dk in enumerate(deck) if dk == d)
    if of in kind_of:
        return 1 << kind_of[of]
    raise RulesError(
        f"{where}.of: expected a deck ({', '.join(DECKS)}), a card name, "
        f"{SILO!r} or {WATER_TOWER!r}, got {of!r}"
    )


def _compiled(
    effects: tuple[Effect, ...], where: str, deck: tuple[int, ...], kind_of: Mapping[str, int]
) -> tuple[Compiled, ...]:
    """A card's or tool's effects compiled for the engine (``where`` names it in errors)."""
    return tuple(
        _compile(e, _of_mask(e.of, f"{where}.effects[{j}]", deck, kind_of) if e.of else 0)
        for j, e in enumerate(effects)
    )


def _tool_fits(
    cards: tuple[Card, ...], tools: tuple[Tool, ...], kind_of: Mapping[str, int]
) -> tuple[int, ...]:
    """Each tool's bitset of the site kinds it fits; a tool name used twice is refused."""
    names: set[str] = set()
    fits = []
    for i, t in enumerate(tools):
        where = f"tools[{i}] ({t.name})"
        if t.name in names:
            raise RulesError(f"{where}.name: the name is used twice")
        names.add(t.name)
        m = 0
        for j, site in enumerate(t.fits):
            m |= 1 << _fitted_kind(cards, t, site, f"{where}.fits[{j}]", kind_of)
        fits.append(m)
    return tuple(fits)


def _fitted_kind(
    cards: tuple[Card, ...], tool: Tool, site: str, where: str, kind_of: Mapping[str, int]
) -> int:
    """The kind of a site ``tool`` fits: one of the game's, and a green card for a green
    tool (which works when its site is supplied at harvest)."""
    if site not in kind_of:
        raise RulesError(f"{where}: no card or site named {site!r}")
    k = kind_of[site]
    if tool.ability == "green" and (k >= len(cards) or cards[k].ability != "green"):
        raise RulesError(
            f"{where}: a green tool works when its site is supplied at "
            f"harvest, so it fits only green cards, not {site!r}"
        )
    return k


def _amounts(tools: tuple[Tool, ...], kind: str) -> tuple[int, ...]:
    """What each tool's ``kind`` effects (range or capacity) add together."""
    return tuple(sum(e.amount for e in t.effects if e.kind == kind) for t in tools)


def _check_enough_cards(rules: Rules) -> None:
    """The decks hold every card the players draw: a hand each a year."""
    drawn = rules.players * rules.hand_size * rules.years
    held = sum(c.count for c in rules.cards)
    if held < drawn:
        raise RulesError(
            f"cards: {rules.players} players draw {drawn} cards in {rules.years} years, "
            f"but the decks hold only {held}"
        )


def _range_bonus(rules: Rules, tool_range: tuple[int, ...]) -> int:
    """The most a site's range tools add to a water tower's reach (its best
    ``tools_per_site`` of them); the reach with them is at most :data:`MAX_REACH`."""
    bonus = sum(sorted(tool_range, reverse=True)[: rules.tools_per_site])
    if rules.water_range + bonus > MAX_REACH:
        raise RulesError(
            f"tools: with {rules.tools_per_site} range tools a water tower would reach "
            f"{rules.water_range + bonus} cells (water_range {rules.water_range} + "
            f"{bonus}); at most {MAX_REACH}"
        )
    return bonus


# Bounded: a program may make many Rules, and these caches must not keep them all alive.
# lru_cache is safe under threads: a race at worst builds an equal mapping twice.
@lru_cache(maxsize=64)
def card_ids(rules: Rules) -> Mapping[str, int]:
    """Each location card's id by name (silo and water tower are not cards)."""
    return MappingProxyType({name: k for k, name in enumerate(rules.tables.names[:-2])})


@lru_cache(maxsize=64)
def tool_ids(rules: Rules) -> Mapping[str, int]:
    """Each tool's id by name."""
    return MappingProxyType({name: k for k, name in enumerate(rules.tables.tool_names)})
