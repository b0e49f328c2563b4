"""Moves: one decision each, with a text in the game's own words that parses back.

Cards, tools and decks are named as in the rules' data; cells are farm
coordinates ``x,y`` (the first water tower is at ``0,0``, the first silo at
``1,0``; ``y`` grows downwards).

============================  =================================================
text                          decision
============================  =================================================
``start player 2``            chance: the start player (when not fixed by Rules)
``store water in 0,0``        put one water token into a tower with room
``draw from fields``          draw the next blind card from a deck
``deal card grain field``     chance: the card drawn
``pick pigs``                 play a hand card face down
``build pigs at 1,1``         A) build the revealed card there
``build water tower at 0,1``  B) discard the card, pay 2 coins, build a tower
``build silo at 2,0``         C) discard the card, build a silo
``market`` /                  D) discard the card for 2 coins,
``market selling 2 grain``    and sell up to 2 grain for 2 coins each
``restore pigs at 1,1``       E) discard the card, pay 1 coin, turn a site face up
``pay 1 water from 0,0``      the tower that pays (part of) a water cost or need
``deal tool hose``            chance: a tool tile drawn
``choose hose``               keep one of the drawn tool tiles
``attach hose to 0,0``        attach a tool to the site there
``keep hose``                 keep the tool aside for a matching site built later
``supply grain field at 1,1`` harvest: supply that site next
``shut down pigs at 2,1``     harvest: take a site whose needs cannot be met: it shuts down
``convert with mill at 2,1``  harvest: use the site's convert ability once more
``done``                      stop attaching or converting
============================  =================================================
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from acreage.core.notation import Described
from acreage.fields_of_green.components import SILO, WATER_TOWER

__all__ = [
    "AttachTool",
    "Build",
    "BuildSilo",
    "BuildTower",
    "ChooseTool",
    "Convert",
    "Deal",
    "DealTool",
    "Done",
    "DrawFrom",
    "KeepTool",
    "Market",
    "Move",
    "PayWater",
    "Pick",
    "Restore",
    "ShutDown",
    "StartPlayer",
    "StoreWater",
    "Supply",
]


@attrs.frozen(repr=False)
class StartPlayer(Described):
    """Chance: seat ``seat`` becomes the start player."""

    TEXT = ("start player {seat:seat}",)

    seat: int


@attrs.frozen(repr=False)
class StoreWater(Described):
    """Put one water token into the water tower at ``(x, y)``."""

    TEXT = ("store water in {x:coord},{y:coord}",)

    x: int
    y: int


@attrs.frozen(repr=False)
class DrawFrom(Described):
    """Draw the next card, blind, from ``deck``."""

    TEXT = ("draw from {deck:deck}",)

    deck: str


@attrs.frozen(repr=False)
class Deal(Described):
    """Chance: the card drawn is ``card``."""

    TEXT = ("deal card {card:card}",)

    card: str


@attrs.frozen(repr=False)
class Pick(Described):
    """Choose ``card`` from the hand and lay it face down."""

    TEXT = ("pick {card:card}",)

    card: str


@attrs.frozen(repr=False)
class Build(Described):
    """A) Build the revealed ``card`` at ``(x, y)``."""

    TEXT = ("build {card:card} at {x:coord},{y:coord}",)

    card: str
    x: int
    y: int


@attrs.frozen(repr=False)
class BuildTower(Described):
    """B) Discard the revealed card, pay 2 coins and build a water tower at ``(x, y)``."""

    TEXT = (f"build {WATER_TOWER} at {{x:coord}},{{y:coord}}",)

    x: int
    y: int


@attrs.frozen(repr=False)
class BuildSilo(Described):
    """C) Discard the revealed card and build a silo at ``(x, y)``."""

    TEXT = (f"build {SILO} at {{x:coord}},{{y:coord}}",)

    x: int
    y: int


@attrs.frozen(repr=False)
class Market(Described):
    """D) Discard the revealed card for 2 coins and sell ``sell`` grain."""

    TEXT = (("market", {"sell": 0}), "market selling {sell:count} grain")

    sell: int = 0


@attrs.frozen(repr=False)
class Restore(Described):
    """E) Discard the revealed card, pay 1 coin and turn ``card`` at ``(x, y)`` face up."""

    TEXT = ("restore {card:card} at {x:coord},{y:coord}",)

    card: str
    x: int
    y: int


@attrs.frozen(repr=False)
class PayWater(Described):
    """Pay ``amount`` water from the tower at ``(x, y)``."""

    TEXT = ("pay {amount:count} water from {x:coord},{y:coord}",)

    x: int
    y: int
    amount: int


@attrs.frozen(repr=False)
class DealTool(Described):
    """Chance: the tool tile drawn is ``tool``."""

    TEXT = ("deal tool {tool:tool}",)

    tool: str


@attrs.frozen(repr=False)
class ChooseTool(Described):
    """Keep ``tool`` of the tiles drawn; the others go under the pile."""

    TEXT = ("choose {tool:tool}",)

    tool: str


@attrs.frozen(repr=False)
class AttachTool(Described):
    """Attach ``tool`` to the site at ``(x, y)``."""

    TEXT = ("attach {tool:tool} to {x:coord},{y:coord}",)

    tool: str
    x: int
    y: int


@attrs.frozen(repr=False)
class KeepTool(Described):
    """Keep ``tool`` aside until a matching site is built."""

    TEXT = ("keep {tool:tool}",)

    tool: str


@attrs.frozen(repr=False)
class Supply(Described):
    """Harvest: supply ``card`` at ``(x, y)`` next."""

    TEXT = ("supply {card:card} at {x:coord},{y:coord}",)

    card: str
    x: int
    y: int


@attrs.frozen(repr=False)
class ShutDown(Described):
    """Harvest: take ``card`` at ``(x, y)`` next although its needs cannot be met: it shuts down."""

    TEXT = ("shut down {card:card} at {x:coord},{y:coord}",)

    card: str
    x: int
    y: int


@attrs.frozen(repr=False)
class Convert(Described):
    """Harvest: use the convert ability of ``card`` at ``(x, y)`` once more."""

    TEXT = ("convert with {card:card} at {x:coord},{y:coord}",)

    card: str
    x: int
    y: int


@attrs.frozen(repr=False)
class Done(Described):
    """Stop attaching tools or converting."""

    TEXT = ("done",)


Move = (
    StartPlayer
    | StoreWater
    | DrawFrom
    | Deal
    | Pick
    | Build
    | BuildTower
    | BuildSilo
    | Market
    | Restore
    | PayWater
    | DealTool
    | ChooseTool
    | AttachTool
    | KeepTool
    | Supply
    | ShutDown
    | Convert
    | Done
)
"""Any move of Fields of Green, chance outcomes included; ``str(move)`` is its text."""

DONE = Done()

# Moves are immutable values, so the legal-move generator hands out shared instances
# rather than making new ones. lru_cache is safe under threads (a race at worst makes an
# equal move twice and keeps one) and bounded, so a process that plays many card sets
# does not keep every move it ever listed.
_shared = lru_cache(maxsize=1 << 12)
store_water = _shared(StoreWater)
draw_from = _shared(DrawFrom)
deal = _shared(Deal)
pick = _shared(Pick)
market = _shared(Market)
restore = _shared(Restore)
pay_water = _shared(PayWater)
deal_tool = _shared(DealTool)
choose_tool = _shared(ChooseTool)
attach_tool = _shared(AttachTool)
keep_tool = _shared(KeepTool)
convert = _shared(Convert)
