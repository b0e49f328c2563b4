"""Rules of Get Off My Land!: the options and the component data.

``Rules(players=n)`` is the rulebook's game for ``n`` players (2 to 4). The
component data the rulebook names but does not list (market cards, fence
cards, land tiles, board layouts, the month track) is acreage's reference set
in ``data/*.toml``; the farmhouse bonuses are the rulebook's own. Every table
is a field, so a user can load their own with ``Rules.from_toml(path)`` or
pass it; broken data raises :class:`~acreage.RulesError` naming the field.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any, Literal

import attrs

from acreage.core.data import PRIMARY, DataClass, from_data
from acreage.core.game import RulesError
from acreage.get_off_my_land.tables import Tables, build_tables

__all__ = [
    "BONUSES",
    "CARD_TYPES",
    "EVENTS",
    "REWARDS",
    "TITLES",
    "Board",
    "FarmhouseTile",
    "FenceCard",
    "ForestTile",
    "GrassTile",
    "MarketCard",
    "Month",
    "Rules",
]

CardType = Literal["crop", "livestock", "equipment"]
Letter = Literal["A", "B", "C"]
Title = Literal[
    "Get Off My Land!",
    "Midnight Raid!",
    "Slash and Burn!",
    "Manager's Deal!",
    "Implements of Destruction!",
    "Fertilizer!",
    "Steroids!",
    "Combine Harvester!",
]
Reward = Literal["", "fence card", "buried treasure"]
Bonus = Literal["", "fishing hole", "fertile land", "oil strike"]
ForestKind = Literal["light", "dark"]
Event = Literal["crops", "livestock", "equipment", "winter", "first player"]
FarmhouseBonus = Literal["cards", "hand", "same name", "different names", "empty tiles"]

CARD_TYPES: tuple[str, ...] = ("crop", "livestock", "equipment")
TITLES: tuple[str, ...] = (
    "Get Off My Land!",
    "Midnight Raid!",
    "Slash and Burn!",
    "Manager's Deal!",
    "Implements of Destruction!",
    "Fertilizer!",
    "Steroids!",
    "Combine Harvester!",
)
REWARDS: tuple[str, ...] = ("", "fence card", "buried treasure")
BONUSES: tuple[str, ...] = ("", "fishing hole", "fertile land", "oil strike")
EVENTS: tuple[str, ...] = ("crops", "livestock", "equipment", "winter", "first player")

_DATA = Path(__file__).parent / "data"


def _mark(value: int) -> None:
    if value not in (2, 3, 4):
        raise RulesError(f"players: expected the mark 2 (2+), 3 (3+) or 4, got {value!r}")


def _at_least(name: str, value: int, low: int) -> None:
    if value < low:
        raise RulesError(f"{name}: expected at least {low}, got {value}")


@attrs.frozen
class MarketCard:
    """A market card: immature / mature (crops, livestock) or active / exhausted (equipment).

    ``income`` and ``harvest`` are the mature (active) side's values;
    ``order`` is the stacking order printed on it, used to list a farm's
    cards. Card
    bonuses go to the player the card benefits (its controller, or the
    opponent whose farmer is on it): ``income_bonus`` and ``harvest_bonus``
    are added to each card named in ``bonus_for`` that player gets income from
    or harvests, and ``crop_discount`` comes off the price of every crop they
    buy. ``eats`` is false for livestock that leave crops alone (Ducks) and
    ``edible`` false for crops that cannot be eaten (Orchards).
    """

    name: str
    type: CardType
    letter: Letter
    players: int
    count: int
    income: int
    harvest: int
    order: int
    eats: bool = True
    edible: bool = True
    bonus_for: tuple[str, ...] = ()
    income_bonus: int = 0
    harvest_bonus: int = 0
    crop_discount: int = 0

    def __attrs_post_init__(self) -> None:
        if not self.name.strip():
            raise RulesError("name: expected a card name, got an empty string")
        _mark(self.players)
        _at_least("count", self.count, 1)
        for field in ("income", "harvest", "income_bonus", "harvest_bonus", "crop_discount"):
            _at_least(field, getattr(self, field), 0)

    @property
    def label(self) -> str:
        """The card's name and pile letter, as move texts show it: ``Cows (B)``."""
        return f"{self.name} ({self.letter})"


@attrs.frozen
class FenceCard:
    """A fence card: an action (its title), a number of fences and bullet holes."""

    title: Title
    fences: int
    bullets: int
    players: int
    count: int

    def __attrs_post_init__(self) -> None:
        _at_least("fences", self.fences, 1)
        _at_least("bullets", self.bullets, 0)
        _mark(self.players)
        _at_least("count", self.count, 1)

    @property
    def label(self) -> str:
        """The card as move texts show it: ``Fertilizer! (2 fences, 1 hole)``."""
        fences = "1 fence" if self.fences == 1 else f"{self.fences} fences"
        holes = "1 hole" if self.bullets == 1 else f"{self.bullets} holes"
        return f"{self.title} ({fences}, {holes})"


@attrs.frozen
class ForestTile:
    """A forest tile: its forest side's kind and its logged side's reward and bonus."""

    kind: ForestKind
    players: int
    count: int
    reward: Reward = ""
    bonus: Bonus = ""

    def __attrs_post_init__(self) -> None:
        _mark(self.players)
        _at_least("count", self.count, 1)

    @property
    def label(self) -> str:
        """The logged side as move texts show it: ``oil strike``, ``nothing``."""
        return " + ".join(x for x in (self.bonus, self.reward) if x) or "nothing"


@attrs.frozen
class GrassTile:
    """A grass tile: cleared land from the start, perhaps with a lasting bonus."""

    players: int
    bonus: Bonus = ""

    def __attrs_post_init__(self) -> None:
        _mark(self.players)


@attrs.frozen
class FarmhouseTile:
    """A farmhouse tile and its end-of-game bonus (see ``data/farmhouses.toml``)."""

    name: str
    bonus: FarmhouseBonus
    values: tuple[int, ...]
    card_type: Literal["", "crop", "livestock", "equipment"] = ""

    def __attrs_post_init__(self) -> None:
        if not self.name.strip():
            raise RulesError("name: expected a farmhouse name, got an empty string")
        if any(v < 0 for v in self.values):
            raise RulesError(f"values: expected amounts of $0 or more, got {list(self.values)}")
        need = {"cards": 2, "hand": 1}.get(self.bonus)
        if need is not None and len(self.values) != need:
            raise RulesError(f"values: a {self.bonus!r} bonus takes {need} values")
        if need is None and not self.values:
            raise RulesError(f"values: a {self.bonus!r} bonus needs a table of values")
        if (self.bonus == "cards") != bool(self.card_type):
            raise RulesError("card_type: a 'cards' bonus, and only it, names a card type")


@attrs.frozen
class Month:
    """A month of the track and the events that happen when the marker leaves it."""

    name: str
    events: tuple[Event, ...] = ()


@attrs.frozen
class Board:
    """A board layout: rows of tokens, top row first (see ``data/land.toml``)."""

    rows: tuple[str, ...]

    @property
    def tokens(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(row.split()) for row in self.rows)


@attrs.frozen
class _Reference:
    """The reference data files, loaded once."""

    market_cards: tuple[MarketCard, ...]
    fence_cards: tuple[FenceCard, ...]
    forest_tiles: tuple[ForestTile, ...]
    grass_tiles: tuple[GrassTile, ...]
    farmhouses: tuple[FarmhouseTile, ...]
    months: tuple[Month, ...]
    boards: tuple[tuple[int, Board], ...]


def _load(name: str) -> dict[str, Any]:
    with open(_DATA / name, "rb") as f:
        return tomllib.load(f)


@functools.cache
def _reference() -> _Reference:
    land = _load("land.toml")
    boards = [[int(n), b] for n, b in sorted(land.pop("boards").items())]
    data = {
        **_load("market.toml"),
        **_load("fences.toml"),
        **land,
        **_load("farmhouses.toml"),
        **_load("months.toml"),
        "boards": boards,
    }
    return from_data(_Reference, data, where="reference data")


def _default_board(rules: Rules) -> Board:
    for players, board in _reference().boards:
        if players == rules.players:
            return board
    raise RulesError(f"players: expected 2, 3 or 4, got {rules.players!r}")


def _ref(name: str) -> Any:
    return attrs.Factory(lambda: getattr(_reference(), name))


class _Tables:
    """Holds a Rules' derived tables in a slot of its own, ``rules.tables``: not a
    field, so they are neither compared, hashed, pickled nor walked as data;
    rebuilt when a Rules is made, unpickled or copied. The engine reads them
    several times a move, so they are a plain slot rather than a property; and
    Rules has no ``__getattr__``, which would keep the interpreter from
    specialising every attribute read on a Rules."""

    __slots__ = ("tables",)
    tables: Tables
    """The derived lookups (board geometry, cards in play, shared moves)."""


@attrs.frozen(cache_hash=True)
class Rules(_Tables, DataClass):
    """Everything that makes one game of Get Off My Land!: options and component data.

    Attributes:
        players: 2, 3 or 4; it picks the tiles and cards marked for that count
            and the board layout.
        board: the layout of farmhouses, grass and forest tiles (reference set).
        market_cards, fence_cards, forest_tiles, grass_tiles: every card and
            tile with its player mark (reference set); the game uses those the
            player count allows.
        farmhouses: the eight farmhouse tiles and their bonuses (the rulebook's).
        months: the month track from May to April and its event icons.
        market_costs: the market track's slot costs, left to right; the last
            slot is the top of the market deck ("the $10 slot").
        lumber_cost, lumber_cards: lumber's price and the fence cards it draws.
        manager_price: what Manager's Deal! charges for any card.
        starting_money, starting_cards: each player's $8 and 2 fence cards.
        farmhouse_offers: farmhouse tiles dealt to each player (they keep one).
        fences_per_player: fence pieces of each colour.
        actions_per_turn, hand_limit: 2 actions a turn, 6 cards at a turn's end.
        defence_bullets: bullet holes a defence must discard.
        treasure, fishing_income, fertile_income, fertile_harvest: the land
            tiles' rewards and bonuses.
        equipment_draw: fence cards drawn by harvesting an equipment card.
        oil_strike: end money per land tile controlled for 1, 2, 3... oil strikes.
        equipment_bonus: end money per equipment card controlled.
        farmhouse_cap: the most a farmhouse bonus pays.
        secret_farmhouses: keep each player's farmhouse hidden from the others
            until the end (the rulebook calls them "like secret objectives"
            but places them on the board; by default they are public).
        home_farmer_protects: a farmer on its own farmhouse tile protects it
            (and the fenced area it lies in) like any controlled tile it
            stands on; off, only a farmer sent out to a tile protects.
        anchored_fences: a new fence must connect to the farmhouse tile or to
            a fence joined to it through the player's fences; off (the
            rulebook's "or a fence piece you already have in play"), any
            fence of the player's counts. Land cut off from the farmhouse is
            never a base to win more land from, either way.
    """

    players: int = attrs.field(default=2, metadata=PRIMARY)
    board: Board = attrs.field(default=attrs.Factory(_default_board, takes_self=True))
    market_cards: tuple[MarketCard, ...] = attrs.field(default=_ref("market_cards"))
    fence_cards: tuple[FenceCard, ...] = attrs.field(default=_ref("fence_cards"))
    forest_tiles: tuple[ForestTile, ...] = attrs.field(default=_ref("forest_tiles"))
    grass_tiles: tuple[GrassTile, ...] = attrs.field(default=_ref("grass_tiles"))
    farmhouses: tuple[FarmhouseTile, ...] = attrs.field(default=_ref("farmhouses"))
    months: tuple[Month, ...] = attrs.field(default=_ref("months"))
    market_costs: tuple[int, ...] = (2, 3, 4, 6, 8, 10)
    lumber_cost: int = 3
    lumber_cards: int = 2
    manager_price: int = 2
    starting_money: int = 8
    starting_cards: int = 2
    farmhouse_offers: int = 2
    fences_per_player: int = 15
    actions_per_turn: int = 2
    hand_limit: int = 6
    defence_bullets: int = 3
    treasure: int = 2
    fishing_income: int = 1
    fertile_income: int = 1
    fertile_harvest: int = 3
    equipment_draw: int = 1
    oil_strike: tuple[int, ...] = (2, 4, 6)
    equipment_bonus: int = 5
    farmhouse_cap: int = 30
    secret_farmhouses: bool = False
    home_farmer_protects: bool = True
    anchored_fences: bool = False

    def __attrs_post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise RulesError(f"players: expected 2, 3 or 4, got {self.players!r}")
        for name in (
            "lumber_cost",
            "manager_price",
            "starting_money",
            "starting_cards",
            "treasure",
            "fishing_income",
            "fertile_income",
            "fertile_harvest",
            "equipment_draw",
            "equipment_bonus",
            "farmhouse_cap",
            "lumber_cards",
        ):
            _at_least(name, getattr(self, name), 0)
        for name in ("farmhouse_offers", "fences_per_player", "actions_per_turn", "hand_limit"):
            _at_least(name, getattr(self, name), 1)
        _at_least("defence_bullets", self.defence_bullets, 1)
        if len(self.market_costs) < 2 or any(c < 0 for c in self.market_costs):
            raise RulesError("market_costs: expected two or more slot costs of $0 or more")
        if len(set(self.market_costs)) != len(self.market_costs):
            raise RulesError("market_costs: each slot needs its own cost (moves name slots by it)")
        if not self.oil_strike or any(v < 0 for v in self.oil_strike):
            raise RulesError(
                "oil_strike: expected amounts of $0 or more for 1, 2, 3... oil strikes"
            )
        if not self.months:
            raise RulesError("months: expected at least one month")
        if len(self.farmhouses) < self.players * self.farmhouse_offers:
            raise RulesError(
                f"farmhouses: {self.players} players are dealt {self.farmhouse_offers} each, "
                f"but there are only {len(self.farmhouses)} farmhouse tiles"
            )
        if len({f.name for f in self.farmhouses}) != len(self.farmhouses):
            raise RulesError("farmhouses: two farmhouse tiles share a name")
        object.__setattr__(self, "tables", build_tables(self))


_attrs_setstate = getattr(Rules, "__setstate__")  # noqa: B009 (made by attrs: unknown to mypy)


def _setstate(self: Rules, state: Any) -> None:
    """attrs restores the fields only (unpickling, copying): then build the tables."""
    _attrs_setstate(self, state)
    object.__setattr__(self, "tables", build_tables(self))


setattr(Rules, "__setstate__", _setstate)  # noqa: B010 (mypy refuses a method assignment)
