"""How a seat stands, for agents and balance studies: :func:`evaluate` and :func:`end_reason`."""

from __future__ import annotations

from typing import Final

from acreage.core.bitset import bits
from acreage.core.game import check_seat
from acreage.core.heuristics import lead_share, share_of_win
from acreage.core.memo import IdentityMemo
from acreage.get_off_my_land.farm import harvest_value, income
from acreage.get_off_my_land.scoring import end_bonuses, winners
from acreage.get_off_my_land.state import State

__all__ = ["CARD_WORTH", "IMMATURE_SHARE", "TILE_WORTH", "end_reason", "evaluate"]

TILE_WORTH = 1.5
"""Money a controlled tile is worth beyond its bonuses: land to farm and to score on."""
CARD_WORTH = 1.0
"""Money a fence card in hand is worth: fences to place, or bullet holes to defend with."""
IMMATURE_SHARE = 0.6
"""The share of an immature card's harvest and income counted now: it may never mature."""


def _standing(state: State) -> tuple[float, ...]:
    """Each player's money as it would stand at the end if nothing changed from now on."""
    rules = state.rules
    t = rules.tables
    months_left = max(0, len(rules.months) - 1 - state.month)
    paid = income(state)
    out = []
    for p, (money, bonus, controlled) in enumerate(
        zip(state.money, end_bonuses(state), state.control, strict=True)
    ):
        cards = 0.0
        for c in bits(controlled):
            k = state.cards[c]
            if k < 0:
                continue
            if state.mature >> c & 1:
                cards += harvest_value(state, c, p)
            else:
                card = t.market[k]
                cards += IMMATURE_SHARE * (card.harvest + card.income * months_left)
        out.append(
            money
            + bonus.total
            + months_left * paid[p]
            + cards
            + TILE_WORTH * controlled.bit_count()
            + CARD_WORTH * len(state.hands[p])
        )
    return tuple(out)


_standings: Final = IdentityMemo(_standing)
"""Every seat's standing in the last state rated: an agent rates one state for every
seat in turn."""


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, from 0 to 1: an estimate of its share of the win.

    A player's standing is the money it would end with if nothing changed:
    its money, its end-of-game bonuses as of now (oil strikes, equipment,
    farmhouse), this month's income for every month left, what harvesting
    its mature cards would pay (immature ones at 60% of their harvest and
    income to come), $1.50 per tile it controls and $1 per fence card in
    hand. The seat's lead over the best other player is squashed by a
    logistic curve whose width shrinks as the months run out. At the end:
    the seat's share of the win. It reads the hands' sizes only, never
    their cards; tens of microseconds.
    """
    check_seat(seat, state.rules.players)
    if not state.agenda:
        return share_of_win(winners(state), seat)
    months_left = max(0, len(state.rules.months) - 1 - state.month)
    return lead_share(_standings(state), seat, width=4.0 + months_left)


def end_reason(state: State) -> str:
    """Why the game ended: always ``"months"`` (the month track ran out after April)."""
    return "months"
