"""Market cards on the land: who they benefit, income, harvest values, prices, tile bonuses.

A market card belongs to nobody; whoever controls its tile controls it. It
*benefits* its controller, unless an opponent's farmer stands on it: then it
benefits that opponent ("you gain the income and card bonuses on the market
card for as long as your farmer stays there"). A card gives income, and its
bonuses count, only while it shows its mature (or active) side.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from acreage.core.bitset import bits
from acreage.get_off_my_land import land
from acreage.get_off_my_land.tables import CROP, Tables

if TYPE_CHECKING:
    from acreage.get_off_my_land.rules import Rules

__all__ = [
    "Farm",
    "benefactor",
    "bonus_cards",
    "card_income",
    "controller",
    "farmer_on",
    "harvest_value",
    "harvestable",
    "income",
    "price",
    "purchase_targets",
    "tile_bonus",
]


class Farm(Protocol):
    """What these functions read of a state (a :class:`State` or the engine's work copy)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def cards(self) -> Sequence[int]: ...
    @property
    def mature(self) -> int: ...
    @property
    def control(self) -> Sequence[int]: ...
    @property
    def farmers(self) -> Sequence[int]: ...
    @property
    def tiles(self) -> Sequence[int]: ...
    @property
    def cleared(self) -> int: ...


def tile_bonus(t: Tables, tiles: Sequence[int], cell: int) -> str:
    """The lasting bonus a tile shows: ``fishing hole``, ``fertile land``, ``oil strike`` or ``""``."""
    tile = tiles[cell]
    if tile >= 0:
        return t.forest[tile].bonus
    return t.grass_bonus[cell]


def controller(s: Farm, cell: int) -> int:
    """The player controlling ``cell``, or -1."""
    for p, mask in enumerate(s.control):
        if mask >> cell & 1:
            return p
    return -1


def farmer_on(s: Farm, cell: int) -> int:
    """The player whose farmer stands on ``cell``, or -1."""
    for p, c in enumerate(s.farmers):
        if c == cell:
            return p
    return -1


def benefactor(s: Farm, cell: int) -> int:
    """The player a card on ``cell`` benefits: its controller or the raiding farmer's owner."""
    owner = controller(s, cell)
    if owner < 0:
        return -1
    raider = farmer_on(s, cell)
    return raider if raider >= 0 else owner


def bonus_cards(s: Farm, seat: int) -> tuple[int, ...]:
    """The mature or active cards with a bonus that benefit ``seat`` (card kinds)."""
    t = s.rules.tables
    out = []
    for c in bits(s.mature):
        k = s.cards[c]
        card = t.market[k]
        if (card.income_bonus or card.harvest_bonus or card.crop_discount) and benefactor(
            s, c
        ) == seat:
            out.append(k)
    return tuple(out)


def card_income(s: Farm, cell: int, seat: int, bonuses: Sequence[int]) -> int:
    """The income the card on ``cell`` pays ``seat`` this month (0 unless mature/active).

    Its income, +fertile land for a crop on a fertile tile, + the card
    bonuses ``seat`` enjoys for its name.
    """
    if not s.mature >> cell & 1:
        return 0
    t = s.rules.tables
    k = s.cards[cell]
    card = t.market[k]
    value = card.income
    if t.market_type[k] == CROP and tile_bonus(t, s.tiles, cell) == "fertile land":
        value += s.rules.fertile_income
    for b in bonuses:
        bonus = t.market[b]
        if card.name in bonus.bonus_for:
            value += bonus.income_bonus
    return value


def income(s: Farm) -> tuple[int, ...]:
    """Each player's income at the start of a month.

    "All players should receive income for mature or active market cards
    they control, and any Fishing Hole land tiles they control", a fishing
    hole only "unless there is a market card on this tile"; a card an
    opponent's farmer stands on pays that opponent instead.
    """
    rules = s.rules
    t = rules.tables
    players = len(s.farmers)
    out = [0] * players
    if s.mature:
        bonuses = [bonus_cards(s, p) for p in range(players)]
        for c in bits(s.mature):
            b = benefactor(s, c)
            if b >= 0:
                out[b] += card_income(s, c, b, bonuses[b])
    holes = t.grass_fishing
    fishing = t.forest_fishing
    tiles = s.tiles
    for c in bits(s.cleared & t.forest_mask):
        if fishing[tiles[c]]:
            holes |= 1 << c
    holes &= ~land.card_sets(t, s.cards)[4]
    if holes:
        for p, mask in enumerate(s.control):
            out[p] += rules.fishing_income * (mask & holes).bit_count()
    return tuple(out)


def harvestable(s: Farm, seat: int) -> int:
    """Tiles ``seat`` controls whose card shows its mature (or active) side."""
    return s.control[seat] & s.mature


def harvest_value(s: Farm, cell: int, seat: int) -> int:
    """Money harvesting the (mature crop or livestock) card on ``cell`` pays its controller.

    The harvest value, +fertile land's harvest bonus for a crop on a fertile
    tile, + the harvest bonuses of cards benefiting the harvester.
    """
    rules = s.rules
    t = rules.tables
    k = s.cards[cell]
    card = t.market[k]
    value = card.harvest
    if t.market_type[k] == CROP and tile_bonus(t, s.tiles, cell) == "fertile land":
        value += rules.fertile_harvest
    for b in bonus_cards(s, seat):
        bonus = t.market[b]
        if card.name in bonus.bonus_for:
            value += bonus.harvest_bonus
    return value


def price(s: Farm, seat: int, card: int, cost: int) -> int:
    """What ``seat`` pays for ``card`` at ``cost``: crops cost less with a workhorse."""
    t = s.rules.tables
    if t.market_type[card] != CROP:
        return cost
    discount = sum(t.market[b].crop_discount for b in bonus_cards(s, seat))
    return max(0, cost - discount)


def purchase_targets(s: Farm, seat: int) -> int:
    """Tiles a bought card may go on: fully fenced, logged land ``seat`` controls.

    "You may never place a market card on your Farmhouse Tile."
    """
    return s.control[seat] & s.cleared & ~s.rules.tables.farm_mask
