"""How a seat stands, for agents and balance studies: :func:`evaluate` and :func:`end_reason`."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from acreage.core.game import check_seat
from acreage.core.heuristics import lead_share, share_of_win
from acreage.core.memo import IdentityMemo
from acreage.fields_of_green.effects import multiplier
from acreage.fields_of_green.rules import GREEN, PRODUCE, Rules
from acreage.fields_of_green.scoring import farm_sheet, winners
from acreage.fields_of_green.state import ChooseSupply, ConvertAt, Farm, State

__all__ = ["HARVEST_SHARE", "WATER_WORTH", "end_reason", "evaluate"]

WATER_WORTH = 0.25
"""Points a water token in a tower is worth: it pays for cards still to build."""
HARVEST_SHARE = 0.5
"""The share of a green site's output at each harvest to come counted now: it may
go unsupplied, or be shut down."""


def _output(rules: Rules, farm: Farm) -> float:
    """Points one harvest of ``farm``'s face-up green sites would bring, less what they need."""
    t = rules.tables
    total = 0.0
    for c, k in zip(farm.cells, farm.kinds, strict=True):
        if t.ability[k] != GREEN or farm.down >> c & 1:
            continue
        water, grain = t.needs[k]
        total -= water * WATER_WORTH + grain / 2
        for e in t.effects[k]:
            if e[0] == PRODUCE:
                gain = e[1] / 3 + e[2] * WATER_WORTH + e[3] / 2 + e[4]
                total += gain * multiplier(rules, farm, c, e)
    return total


# A search rates thousands of positions that differ in one farm at most: the farms
# left alone keep their worth. Bounded, and lru_cache is safe under threads.
@lru_cache(maxsize=1 << 12)
def _farm_worth(rules: Rules, farm: Farm) -> tuple[float, float]:
    """``farm``'s points as they would stand now (coins and grain counted exactly, not
    rounded down) with its stored water, and its :func:`_output` at one harvest."""
    sheet = farm_sheet(rules, farm)
    water = sum(w for _, w, _, _ in farm.towers)
    now = (
        sheet.total
        - sheet.coins
        - sheet.grain
        + farm.coins / 3
        + farm.grain / 2
        + WATER_WORTH * water
    )
    return now, _output(rules, farm)


def _standing(state: State) -> tuple[float, ...]:
    """Each seat's points as they would stand now (coins and grain counted exactly, not
    rounded down), plus stored water and a share of the harvests to come."""
    rules, agenda = state.rules, state.agenda
    harvesting = agenda and isinstance(agenda[-1], (ChooseSupply, ConvertAt))
    harvests = rules.years - state.year + (0.5 if harvesting else 1.0)
    share = HARVEST_SHARE * max(0.0, harvests)
    out = []
    for farm in state.farms:
        now, output = _farm_worth(rules, farm)
        out.append(now + share * output)
    return tuple(out)


_standings: Final = IdentityMemo(_standing)
"""Every seat's standing in the last state rated: an agent rates one state for every
seat in turn."""


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, from 0 to 1: an estimate of its share of the win.

    A seat's standing is its score as it would be if the game ended now
    (stars, star tokens, tools, 1 per 3 coins and per 2 grain counted as
    fractions, empty towers, yellow abilities), a quarter point per water
    token stored, and half the output of its farm (the produce of its
    face-up green sites less what they need, in points) at each harvest
    still to come. The seat's lead over the best other seat is squashed by a
    logistic curve whose width shrinks as the years run out. At the end:
    the seat's share of the win. Farms are public, hands are not read; tens
    of microseconds.
    """
    check_seat(seat, state.rules.players)
    if not state.agenda:  # the game is over
        return share_of_win(winners(state), seat)
    years_left = max(0, state.rules.years - state.year)
    return lead_share(_standings(state), seat, width=2.0 + years_left)


def end_reason(state: State) -> str:
    """Why the game ended: always ``"years"`` (after the harvest of the last year)."""
    return "years"
