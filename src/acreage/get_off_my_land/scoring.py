"""The end of the game: oil strikes, equipment, farmhouse bonuses, and the winner.

"Once each player has collected money for 1, 2 and 3, you add all your money
gained throughout the game for your final score. The winner is the player
with the most money. In a tie, the tied player who owns the most plots of
land is the winner."
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import attrs

from acreage.core.bitset import bits
from acreage.core.game import check_seat
from acreage.get_off_my_land.farm import tile_bonus
from acreage.get_off_my_land.tables import EQUIPMENT

if TYPE_CHECKING:
    from acreage.get_off_my_land.rules import Rules
    from acreage.get_off_my_land.state import Task

__all__ = [
    "EndBonus",
    "Holdings",
    "end_bonuses",
    "farmhouse_bonus",
    "is_terminal",
    "scores",
    "winners",
]


class Holdings(Protocol):
    """What scoring reads of a position: a :class:`State`, or a picture of a view at the end
    (where everything scoring reads is public)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def agenda(self) -> Sequence[Task]: ...
    @property
    def money(self) -> tuple[int, ...]: ...
    @property
    def hands(self) -> Sequence[Sequence[int]]: ...
    @property
    def farmhouses(self) -> Sequence[int]: ...
    @property
    def tiles(self) -> Sequence[int]: ...
    @property
    def cards(self) -> Sequence[int]: ...
    @property
    def mature(self) -> int: ...
    @property
    def control(self) -> Sequence[int]: ...


@attrs.frozen
class EndBonus:
    """One player's end-of-game money: 1) oil strikes, 2) equipment, 3) farmhouse."""

    oil: int
    equipment: int
    farmhouse: int

    @property
    def total(self) -> int:
        """The money the three bonuses pay together."""
        return self.oil + self.equipment + self.farmhouse


def _table(values: tuple[int, ...], k: int) -> int:
    return values[min(k, len(values) - 1)]


def farmhouse_bonus(state: Holdings, seat: int) -> int:
    """The player's farmhouse bonus (at most the cap; $0 without control of the farmhouse).

    "You won't receive the extra money for your Farmhouse Tile bonus if you
    don't control it at the end of the game." :class:`~acreage.SeatError` for a
    seat not at the table.
    """
    check_seat(seat, state.rules.players)
    rules = state.rules
    t = rules.tables
    kept = state.farmhouses[seat]
    controlled = state.control[seat]
    if kept < 0 or not controlled >> t.farm_cell[seat] & 1:
        return 0
    house = rules.farmhouses[kept]
    cards = [state.cards[c] for c in bits(controlled) if state.cards[c] >= 0]
    if house.bonus == "cards":
        amount = 0
        for c in bits(controlled):
            k = state.cards[c]
            if k >= 0 and t.market[k].type == house.card_type:
                amount += house.values[state.mature >> c & 1]
    elif house.bonus == "hand":
        amount = house.values[0] * len(state.hands[seat])
    elif house.bonus == "same name":
        names = Counter(t.market[k].name for k in cards)
        amount = sum(_table(house.values, n) for n in names.values())
    elif house.bonus == "different names":
        amount = _table(house.values, len({t.market[k].name for k in cards}))
    else:
        empty = sum(1 for c in bits(controlled) if state.cards[c] < 0)
        amount = _table(house.values, empty)
    return min(amount, rules.farmhouse_cap)


def end_bonuses(state: Holdings) -> tuple[EndBonus, ...]:
    """Each player's end-of-game money (as it would be now).

    1. Oil strikes: for 1, 2, 3 oil strike tiles controlled, each land tile
       controlled is worth $2, $4, $6. 2. $5 per equipment card controlled.
    3. The farmhouse bonus.
    """
    rules = state.rules
    t = rules.tables
    out = []
    for p, controlled in enumerate(state.control):
        oil = sum(1 for c in bits(controlled) if tile_bonus(t, state.tiles, c) == "oil strike")
        per_tile = _table((0, *rules.oil_strike), oil)
        equipment = sum(
            1
            for c in bits(controlled)
            if state.cards[c] >= 0 and t.market_type[state.cards[c]] == EQUIPMENT
        )
        out.append(
            EndBonus(
                per_tile * controlled.bit_count(),
                rules.equipment_bonus * equipment,
                farmhouse_bonus(state, p),
            )
        )
    return tuple(out)


def is_terminal(state: Holdings) -> bool:
    """Whether the game is over (after April)."""
    return not state.agenda


def scores(state: Holdings) -> tuple[int, ...]:
    """Each player's money; at the end, money plus the end-of-game bonuses."""
    if state.agenda:
        return state.money
    return tuple(m + b.total for m, b in zip(state.money, end_bonuses(state), strict=True))


def winners(state: Holdings) -> tuple[int, ...]:
    """The winners after the tie-break (most land tiles controlled); () before the end."""
    if state.agenda:
        return ()
    final = scores(state)
    best = max(final)
    tied = [p for p, v in enumerate(final) if v == best]
    most = max(state.control[p].bit_count() for p in tied)
    return tuple(p for p in tied if state.control[p].bit_count() == most)
