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

import re
from functools import lru_cache

import attrs

from acreage.core.display import TextMove
from acreage.core.game import MoveSyntaxError, shorten
from acreage.fields_of_green.components import DECKS, SILO, WATER_TOWER

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
    "parse_text",
]


@attrs.frozen(repr=False)
class StartPlayer(TextMove):
    """Chance: seat ``seat`` becomes the start player."""

    seat: int

    def __str__(self) -> str:
        return f"start player {self.seat}"


@attrs.frozen(repr=False)
class StoreWater(TextMove):
    """Put one water token into the water tower at ``(x, y)``."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"store water in {self.x},{self.y}"


@attrs.frozen(repr=False)
class DrawFrom(TextMove):
    """Draw the next card, blind, from ``deck``."""

    deck: str

    def __str__(self) -> str:
        return f"draw from {self.deck}"


@attrs.frozen(repr=False)
class Deal(TextMove):
    """Chance: the card drawn is ``card``."""

    card: str

    def __str__(self) -> str:
        return f"deal card {self.card}"


@attrs.frozen(repr=False)
class Pick(TextMove):
    """Choose ``card`` from the hand and lay it face down."""

    card: str

    def __str__(self) -> str:
        return f"pick {self.card}"


@attrs.frozen(repr=False)
class Build(TextMove):
    """A) Build the revealed ``card`` at ``(x, y)``."""

    card: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"build {self.card} at {self.x},{self.y}"


@attrs.frozen(repr=False)
class BuildTower(TextMove):
    """B) Discard the revealed card, pay 2 coins and build a water tower at ``(x, y)``."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"build {WATER_TOWER} at {self.x},{self.y}"


@attrs.frozen(repr=False)
class BuildSilo(TextMove):
    """C) Discard the revealed card and build a silo at ``(x, y)``."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"build {SILO} at {self.x},{self.y}"


@attrs.frozen(repr=False)
class Market(TextMove):
    """D) Discard the revealed card for 2 coins and sell ``sell`` grain."""

    sell: int

    def __str__(self) -> str:
        return f"market selling {self.sell} grain" if self.sell else "market"


@attrs.frozen(repr=False)
class Restore(TextMove):
    """E) Discard the revealed card, pay 1 coin and turn ``card`` at ``(x, y)`` face up."""

    card: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"restore {self.card} at {self.x},{self.y}"


@attrs.frozen(repr=False)
class PayWater(TextMove):
    """Pay ``amount`` water from the tower at ``(x, y)``."""

    x: int
    y: int
    amount: int

    def __str__(self) -> str:
        return f"pay {self.amount} water from {self.x},{self.y}"


@attrs.frozen(repr=False)
class DealTool(TextMove):
    """Chance: the tool tile drawn is ``tool``."""

    tool: str

    def __str__(self) -> str:
        return f"deal tool {self.tool}"


@attrs.frozen(repr=False)
class ChooseTool(TextMove):
    """Keep ``tool`` of the tiles drawn; the others go under the pile."""

    tool: str

    def __str__(self) -> str:
        return f"choose {self.tool}"


@attrs.frozen(repr=False)
class AttachTool(TextMove):
    """Attach ``tool`` to the site at ``(x, y)``."""

    tool: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"attach {self.tool} to {self.x},{self.y}"


@attrs.frozen(repr=False)
class KeepTool(TextMove):
    """Keep ``tool`` aside until a matching site is built."""

    tool: str

    def __str__(self) -> str:
        return f"keep {self.tool}"


@attrs.frozen(repr=False)
class Supply(TextMove):
    """Harvest: supply ``card`` at ``(x, y)`` next."""

    card: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"supply {self.card} at {self.x},{self.y}"


@attrs.frozen(repr=False)
class ShutDown(TextMove):
    """Harvest: take ``card`` at ``(x, y)`` next although its needs cannot be met: it shuts down."""

    card: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"shut down {self.card} at {self.x},{self.y}"


@attrs.frozen(repr=False)
class Convert(TextMove):
    """Harvest: use the convert ability of ``card`` at ``(x, y)`` once more."""

    card: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"convert with {self.card} at {self.x},{self.y}"


@attrs.frozen(repr=False)
class Done(TextMove):
    """Stop attaching tools or converting."""

    def __str__(self) -> str:
        return "done"


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

_XY = r"(-?\d+),(-?\d+)"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), kind)
    for p, kind in (
        (r"start player (\d+)", "start"),
        (rf"store water in {_XY}", "store"),
        (r"draw from (.+)", "draw"),
        (r"deal tool (.+)", "deal tool"),
        (r"deal card (.+)", "deal"),
        (r"pick (.+)", "pick"),
        (rf"build (.+) at {_XY}", "build"),
        (r"market", "market"),
        (r"market selling (\d+) grain", "sell"),
        (rf"restore (.+) at {_XY}", "restore"),
        (rf"pay (\d+) water from {_XY}", "pay"),
        (r"choose (.+)", "choose"),
        (rf"attach (.+) to {_XY}", "attach"),
        (r"keep (.+)", "keep"),
        (rf"supply (.+) at {_XY}", "supply"),
        (rf"shut down (.+) at {_XY}", "shut down"),
        (rf"convert with (.+) at {_XY}", "convert"),
        (r"done", "done"),
    )
)


def parse_text(text: str, cards: tuple[str, ...], tools: tuple[str, ...]) -> Move:
    """The move written ``text``, naming only ``cards`` and ``tools``; :class:`MoveSyntaxError` otherwise."""
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        g = m.groups()
        if kind == "start":
            return StartPlayer(int(g[0]))
        if kind == "store":
            return StoreWater(int(g[0]), int(g[1]))
        if kind == "draw":
            if g[0] not in DECKS:
                raise MoveSyntaxError(
                    f"{shorten(text)}: no deck named {shorten(g[0])} (decks: {', '.join(DECKS)})"
                )
            return DrawFrom(g[0])
        if kind == "market":
            return Market(0)
        if kind == "sell":
            return Market(int(g[0]))
        if kind == "pay":
            return PayWater(int(g[1]), int(g[2]), int(g[0]))
        if kind == "done":
            return DONE
        if kind == "build" and g[0] in (SILO, WATER_TOWER):
            x, y = int(g[1]), int(g[2])
            return BuildSilo(x, y) if g[0] == SILO else BuildTower(x, y)
        if kind in ("deal tool", "choose", "attach", "keep"):
            if g[0] not in tools:
                raise MoveSyntaxError(f"{shorten(text)}: no tool named {shorten(g[0])}")
            if kind == "deal tool":
                return DealTool(g[0])
            if kind == "choose":
                return ChooseTool(g[0])
            if kind == "keep":
                return KeepTool(g[0])
            return AttachTool(g[0], int(g[1]), int(g[2]))
        if g[0] not in cards:
            raise MoveSyntaxError(f"{shorten(text)}: no card named {shorten(g[0])}")
        if kind == "deal":
            return Deal(g[0])
        if kind == "pick":
            return Pick(g[0])
        x, y = int(g[1]), int(g[2])
        if kind == "build":
            return Build(g[0], x, y)
        if kind == "restore":
            return Restore(g[0], x, y)
        if kind == "supply":
            return Supply(g[0], x, y)
        if kind == "shut down":
            return ShutDown(g[0], x, y)
        return Convert(g[0], x, y)
    raise MoveSyntaxError(f"{shorten(text)} is not a move of Fields of Green")
