"""How a seat stands, for agents and balance studies: :func:`evaluate` and :func:`end_reason`."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from acreage.core.game import check_seat
from acreage.core.heuristics import lead_share, share_of_win
from acreage.core.memo import IdentityMemo
from acreage.fence_em_in.rules import Rules
from acreage.fence_em_in.scoring import farm_board_points, mission_points, winners
from acreage.fence_em_in.state import Farm, Phase, State

__all__ = ["ROOM_WEIGHT", "end_reason", "evaluate"]

ROOM_WEIGHT = 0.1
"""Points a free cell beside a seat's land is worth: room for the next enclosures."""


# A search rates thousands of positions that differ in one farm at most: the farms
# left alone keep their points. Bounded, and lru_cache is safe under threads.
@lru_cache(maxsize=1 << 12)
def _farm_points(rules: Rules, cards: tuple[str, ...], farm: Farm) -> float:
    """``farm``'s score as it would stand now, with fertilizer counted toward its next point."""
    per_point = rules.fertilizer.per_point
    total = (
        farm.points
        + farm_board_points(rules, farm)
        + mission_points(rules, cards, farm)
        + farm.fertilizer // per_point
    )
    return total + (farm.fertilizer % per_point) / per_point


def _standing(state: State) -> tuple[float, ...]:
    """Each seat's points as they would stand now, plus fertilizer toward its next
    point and room to build (free cells orthogonally next to its land)."""
    rules = state.rules
    t = rules.tables
    size, free = t.size, t.full & ~state.occupied
    cards = state.cards
    out = []
    for farm in state.farms:
        land = farm.land
        beside = (
            (land << 1 & t.not_first_col)
            | (land >> 1 & t.not_last_col)
            | land << size
            | land >> size
        ) & free
        out.append(_farm_points(rules, cards, farm) + ROOM_WEIGHT * beside.bit_count())
    return tuple(out)


_standings: Final = IdentityMemo(_standing)
"""Every seat's standing in the last state rated: an agent rates one state for every
seat in turn."""


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, from 0 to 1: an estimate of its share of the win.

    Each seat's standing is its score as it would be if the game ended now
    (placement points, farm board, missions, fertilizer; see
    :func:`~acreage.fence_em_in.score_sheets`) plus a tenth of a point per
    free cell beside its land (room for the enclosures still to come). The
    seat's lead over the best other seat is squashed by a logistic curve
    whose width shrinks as the rounds run out (a 4-point lead is worth more
    in the last round than in the first). At the end: the seat's share of
    the win. Everything here is public; tens of microseconds.
    """
    check_seat(seat, state.rules.players)
    if state.phase is Phase.END:
        return share_of_win(winners(state), seat)
    rounds_left = max(0, state.rules.rounds - state.round)
    return lead_share(_standings(state), seat, width=3.0 + 1.5 * rounds_left)


def end_reason(state: State) -> str:
    """Why the game ended: ``"rounds"`` (the last round was played), ``"passed"``
    (every player passed in one round) or ``"bag"`` (the bag ran out of tokens)."""
    rules = state.rules
    if state.round >= rules.rounds:
        return "rounds"
    if state.passed == rules.tables.all_seats:
        return "passed"
    return "bag"
