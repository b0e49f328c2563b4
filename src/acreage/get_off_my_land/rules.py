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

from acreage.core.data import DataClass, from_data, limits
from acreage.core.game import RulesError, shorten
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
"""The market card types."""
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
"""The fence cards' titles (their actions), in the rulebook's order."""
REWARDS: tuple[str, ...] = ("", "fence card", "buried treasure")
"""A logged forest side's immediate reward ("": none)."""
BONUSES: tuple[str, ...] = ("", "fishing hole", "fertile land", "oil strike")
"""A tile's bonus ("": none)."""
EVENTS: tuple[str, ...] = ("crops", "livestock", "equipment", "winter", "first player")
"""The month track's events, each happening at the end of the months that show it."""

_DATA = Path(__file__).parent / "data"


# Bounds (see the Rules docstring and docs/games/get-off-my-land.md): a few
# times the reference set's sizes and counts, so that data from an untrusted
# source (a record, a TOML file, ``--rule``) cannot make ``new_game`` or a
# playout take memory or time out of proportion to a real game. Money gets
# room for any house rule; it costs no time or memory.
_MARK = limits(2, 4)
"""A card's or tile's player mark: 2 (2+), 3 (3+) or 4."""
_MONEY = limits(0, 1000)
"""Any amount of money a rule or a card names."""
_COPIES = limits(1, 20)
"""Copies of one card (the reference set has at most 2)."""
_BOARD_SIDE = 10
"""The most rows and columns a board may have (the reference boards are 4 or 5)."""


def _need(ok: bool, where: str, message: str) -> None:
    if not ok:
        raise RulesError(f"{where}: {message}")


@attrs.frozen
class MarketCard(DataClass):
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

    Bounds: ``players`` 2 to 4, ``count`` 1 to 20, money values $0 to
    $1000, ``order`` 0 to 1000, at most 40 names in ``bonus_for``.
    """

    name: str
    type: CardType
    letter: Letter
    players: int = attrs.field(metadata=_MARK)
    count: int = attrs.field(metadata=_COPIES)
    income: int = attrs.field(metadata=_MONEY)
    harvest: int = attrs.field(metadata=_MONEY)
    order: int = attrs.field(metadata=limits(0, 1000))
    eats: bool = True
    edible: bool = True
    bonus_for: tuple[str, ...] = attrs.field(default=(), metadata=limits(items=40))
    income_bonus: int = attrs.field(default=0, metadata=_MONEY)
    harvest_bonus: int = attrs.field(default=0, metadata=_MONEY)
    crop_discount: int = attrs.field(default=0, metadata=_MONEY)

    def _validate(self) -> None:
        _need(
            bool(self.name.strip()), "MarketCard.name", "expected a card name, got an empty string"
        )

    @property
    def label(self) -> str:
        """The card's name and pile letter, as move texts show it: ``Cows (B)``."""
        return f"{self.name} ({self.letter})"


@attrs.frozen
class FenceCard(DataClass):
    """A fence card: an action (its title), a number of fences and bullet holes.

    Bounds: ``fences`` 1 to 20, ``bullets`` 0 to 20, ``players`` 2 to 4,
    ``count`` 1 to 20.
    """

    title: Title
    fences: int = attrs.field(metadata=limits(1, 20))
    bullets: int = attrs.field(metadata=limits(0, 20))
    players: int = attrs.field(metadata=_MARK)
    count: int = attrs.field(metadata=_COPIES)

    @property
    def label(self) -> str:
        """The card as move texts show it: ``Fertilizer! (2 fences, 1 hole)``."""
        fences = "1 fence" if self.fences == 1 else f"{self.fences} fences"
        holes = "1 hole" if self.bullets == 1 else f"{self.bullets} holes"
        return f"{self.title} ({fences}, {holes})"


@attrs.frozen
class ForestTile(DataClass):
    """A forest tile: its forest side's kind and its logged side's reward and bonus.

    Bounds: ``players`` 2 to 4, ``count`` 1 to 100 (a board has at most 100 tiles).
    """

    kind: ForestKind
    players: int = attrs.field(metadata=_MARK)
    count: int = attrs.field(metadata=limits(1, _BOARD_SIDE * _BOARD_SIDE))
    reward: Reward = ""
    bonus: Bonus = ""

    @property
    def label(self) -> str:
        """The logged side as move texts show it: ``oil strike``, ``nothing``."""
        return " + ".join(x for x in (self.bonus, self.reward) if x) or "nothing"


@attrs.frozen
class GrassTile(DataClass):
    """A grass tile: cleared land from the start, perhaps with a lasting bonus.

    Bounds: ``players`` 2 to 4.
    """

    players: int = attrs.field(metadata=_MARK)
    bonus: Bonus = ""


@attrs.frozen
class FarmhouseTile(DataClass):
    """A farmhouse tile and its end-of-game bonus (see ``data/farmhouses.toml``).

    Bounds: at most 20 ``values``, each $0 to $1000.
    """

    name: str
    bonus: FarmhouseBonus
    values: tuple[int, ...] = attrs.field(metadata=limits(0, 1000, items=20))
    card_type: Literal["", "crop", "livestock", "equipment"] = ""

    def _validate(self) -> None:
        where = "FarmhouseTile"
        _need(
            bool(self.name.strip()),
            f"{where}.name",
            "expected a farmhouse name, got an empty string",
        )
        need = {"cards": 2, "hand": 1}.get(self.bonus)
        if need is not None:
            _need(
                len(self.values) == need,
                f"{where}.values",
                f"a {self.bonus!r} bonus takes {need} values, got {len(self.values)}",
            )
        else:
            _need(
                bool(self.values),
                f"{where}.values",
                f"a {self.bonus!r} bonus needs a table of values",
            )
        _need(
            (self.bonus == "cards") == bool(self.card_type),
            f"{where}.card_type",
            "a 'cards' bonus, and only it, names a card type",
        )


@attrs.frozen
class Month(DataClass):
    """A month of the track and the events that happen when the marker leaves it.

    Bounds: at most 10 ``events``.
    """

    name: str
    events: tuple[Event, ...] = attrs.field(default=(), metadata=limits(items=10))


@attrs.frozen
class Board(DataClass):
    """A board layout: rows of tokens, top row first (see ``data/land.toml``).

    Bounds: at most 10 rows of at most 10 tiles.
    """

    rows: tuple[str, ...] = attrs.field(metadata=limits(items=_BOARD_SIDE))

    def _validate(self) -> None:
        for y, row in enumerate(self.rows):
            width = len(row.split())
            _need(
                width <= _BOARD_SIDE,
                f"Board.rows[{y}]",
                f"expected at most {_BOARD_SIDE} tiles, got {width}",
            )

    @property
    def tokens(self) -> tuple[tuple[str, ...], ...]:
        """Each row's tile tokens."""
        return tuple(tuple(row.split()) for row in self.rows)


@attrs.frozen
class _Reference(DataClass):
    """The reference data files, loaded once (the same bounds as the Rules fields)."""

    market_cards: tuple[MarketCard, ...] = attrs.field(metadata=limits(items=200))
    fence_cards: tuple[FenceCard, ...] = attrs.field(metadata=limits(items=200))
    forest_tiles: tuple[ForestTile, ...] = attrs.field(metadata=limits(items=100))
    grass_tiles: tuple[GrassTile, ...] = attrs.field(metadata=limits(items=100))
    farmhouses: tuple[FarmhouseTile, ...] = attrs.field(metadata=limits(items=32))
    months: tuple[Month, ...] = attrs.field(metadata=limits(items=48))
    boards: tuple[tuple[int, Board], ...] = attrs.field(metadata=limits(2, 4, items=3))


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
        if players == rules.players and type(rules.players) is int:
            return board
    # The default board depends on the player count, so a bad count is caught here,
    # before the field checks would name it.
    raise RulesError(f"players: expected an integer from 2 to 4, got {shorten(rules.players)}")


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

    Every way of making a Rules (the constructor, ``attrs.evolve``,
    :meth:`from_data`, :meth:`from_toml`) checks every field against its type
    and bounds and raises :class:`~acreage.RulesError` naming the field. The
    bounds (in brackets below) are a few times the rulebook's sizes and
    counts: generous for house rules, but a game built from untrusted data
    stays within the memory and time of a real one. Money amounts may be $0
    to $1000.

    Attributes:
        players: 2, 3 or 4; it picks the tiles and cards marked for that count
            and the board layout.
        board: the layout of farmhouses, grass and forest tiles (reference
            set) [at most 10 rows of at most 10 tiles].
        market_cards, fence_cards, forest_tiles, grass_tiles: every card and
            tile with its player mark (reference set); the game uses those the
            player count allows [at most 200 market and fence card entries of
            1 to 20 copies each, 100 forest and grass tile entries; see each
            class for its own fields].
        farmhouses: the eight farmhouse tiles and their bonuses (the
            rulebook's) [at most 32].
        months: the month track from May to April and its event icons [at
            most 48 months].
        market_costs: the market track's slot costs, left to right; the last
            slot is the top of the market deck ("the $10 slot") [2 to 12
            slots, each with its own cost].
        lumber_cost, lumber_cards: lumber's price and the fence cards it
            draws [0 to 10 cards].
        manager_price: what Manager's Deal! charges for any card.
        starting_money, starting_cards: each player's $8 and 2 fence cards
            [0 to 12 cards].
        farmhouse_offers: farmhouse tiles dealt to each player (they keep
            one) [1 to 8].
        fences_per_player: fence pieces of each colour [1 to 60].
        actions_per_turn, hand_limit: 2 actions a turn, 6 cards at a turn's
            end [1 to 10 actions, 1 to 12 cards: the defences of a hand are
            listed by trying its subsets].
        defence_bullets: bullet holes a defence must discard [1 to 20].
        treasure, fishing_income, fertile_income, fertile_harvest: the land
            tiles' rewards and bonuses.
        equipment_draw: fence cards drawn by harvesting an equipment card
            [0 to 5].
        oil_strike: end money per land tile controlled for 1, 2, 3... oil
            strikes [1 to 12 amounts].
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

    The bank is unlimited: the rulebook's $890 of notes never runs out (see
    ruling M1, https://acreage.readthedocs.io/en/latest/rulings/get-off-my-land/).
    """

    players: int = attrs.field(default=2, metadata=limits(2, 4, primary=True))
    board: Board = attrs.field(default=attrs.Factory(_default_board, takes_self=True))
    market_cards: tuple[MarketCard, ...] = attrs.field(
        default=_ref("market_cards"), metadata=limits(items=200)
    )
    fence_cards: tuple[FenceCard, ...] = attrs.field(
        default=_ref("fence_cards"), metadata=limits(items=200)
    )
    forest_tiles: tuple[ForestTile, ...] = attrs.field(
        default=_ref("forest_tiles"), metadata=limits(items=100)
    )
    grass_tiles: tuple[GrassTile, ...] = attrs.field(
        default=_ref("grass_tiles"), metadata=limits(items=100)
    )
    farmhouses: tuple[FarmhouseTile, ...] = attrs.field(
        default=_ref("farmhouses"), metadata=limits(items=32)
    )
    months: tuple[Month, ...] = attrs.field(default=_ref("months"), metadata=limits(items=48))
    market_costs: tuple[int, ...] = attrs.field(
        default=(2, 3, 4, 6, 8, 10), metadata=limits(0, 1000, items=12)
    )
    lumber_cost: int = attrs.field(default=3, metadata=_MONEY)
    lumber_cards: int = attrs.field(default=2, metadata=limits(0, 10))
    manager_price: int = attrs.field(default=2, metadata=_MONEY)
    starting_money: int = attrs.field(default=8, metadata=_MONEY)
    starting_cards: int = attrs.field(default=2, metadata=limits(0, 12))
    farmhouse_offers: int = attrs.field(default=2, metadata=limits(1, 8))
    fences_per_player: int = attrs.field(default=15, metadata=limits(1, 60))
    actions_per_turn: int = attrs.field(default=2, metadata=limits(1, 10))
    hand_limit: int = attrs.field(default=6, metadata=limits(1, 12))
    defence_bullets: int = attrs.field(default=3, metadata=limits(1, 20))
    treasure: int = attrs.field(default=2, metadata=_MONEY)
    fishing_income: int = attrs.field(default=1, metadata=_MONEY)
    fertile_income: int = attrs.field(default=1, metadata=_MONEY)
    fertile_harvest: int = attrs.field(default=3, metadata=_MONEY)
    equipment_draw: int = attrs.field(default=1, metadata=limits(0, 5))
    oil_strike: tuple[int, ...] = attrs.field(default=(2, 4, 6), metadata=limits(0, 1000, items=12))
    equipment_bonus: int = attrs.field(default=5, metadata=_MONEY)
    farmhouse_cap: int = attrs.field(default=30, metadata=_MONEY)
    secret_farmhouses: bool = False
    home_farmer_protects: bool = True
    anchored_fences: bool = False

    def _validate(self) -> None:
        costs = self.market_costs
        _need(len(costs) >= 2, "market_costs", f"expected two or more slot costs, got {len(costs)}")
        _need(
            len(set(costs)) == len(costs),
            "market_costs",
            "each slot needs its own cost (moves name slots by it)",
        )
        _need(
            bool(self.oil_strike),
            "oil_strike",
            "expected amounts of $0 or more for 1, 2, 3... oil strikes",
        )
        _need(bool(self.months), "months", "expected at least one month")
        _need(
            len(self.farmhouses) >= self.players * self.farmhouse_offers,
            "farmhouses",
            f"{self.players} players are dealt {self.farmhouse_offers} each, "
            f"but there are only {len(self.farmhouses)} farmhouse tiles",
        )
        _need(
            len({f.name for f in self.farmhouses}) == len(self.farmhouses),
            "farmhouses",
            "two farmhouse tiles share a name",
        )
        # The tables check the board against the tiles in play as they are built.
        object.__setattr__(self, "tables", build_tables(self))


_attrs_setstate = getattr(Rules, "__setstate__")  # noqa: B009 (made by attrs: unknown to mypy)


def _setstate(self: Rules, state: Any) -> None:
    """attrs restores the fields only (unpickling, copying): then build the tables."""
    _attrs_setstate(self, state)
    object.__setattr__(self, "tables", build_tables(self))


setattr(Rules, "__setstate__", _setstate)  # noqa: B010 (mypy refuses a method assignment)
