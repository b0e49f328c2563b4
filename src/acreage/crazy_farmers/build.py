"""Crazy Farmers positions built from a source of choices, for property tests.

:func:`build_position` makes a valid position directly, not by playing moves:
each part of it (every farmer's field grown plot by plot, its fence walked
crossroad by crossroad, its tractor, its hand; the hay bales; in the Mad Cow
mode the Cow's field, plot and facing; whose turn it is) is one choice, then
the whole is read by :func:`~acreage.crazy_farmers.position.scenario`, which
checks it as :func:`~acreage.crazy_farmers.position.from_position` checks any
position and starts the turn. :func:`acreage.testing.positions` draws the
choices with hypothesis.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from acreage.core.bitset import bits
from acreage.crazy_farmers import board
from acreage.crazy_farmers.bales import bridges, pens
from acreage.crazy_farmers.board import (
    CELL_NEIGHBOURS,
    CENTRE,
    INNER_PATHS,
    STEPS,
    VERTEX_CELLS,
    crossroads_of,
)
from acreage.crazy_farmers.position import scenario
from acreage.crazy_farmers.rules import Rules
from acreage.crazy_farmers.state import State

__all__ = ["build_position"]

_MOST_PLOTS = 6
"""The most plots a field grows by in a built position: enough for fallow-free
fields of every shape near the start, few enough to leave the game open."""


def build_position(rules: Rules, choose: Callable[[int], int]) -> State:
    """A valid position built from the choices ``choose(n)`` makes (each in ``range(n)``).

    The position is made directly, not by playing: each seat's field grows
    from its start plot by a chosen number of neighbouring plots, its fence
    leaves the field and walks the chosen paths (never back onto the field,
    across another fence or onto another tractor), its tractor stands at the
    fence's end or on a crossroad of its field, and it holds the chosen cards;
    hay bales lie where they lock nobody in; in the Mad Cow mode the Cow
    stands on its own field, away from the players'. The position is then the
    start of the chosen seat's turn, read by
    :func:`~acreage.crazy_farmers.position.scenario`. Choices of 0 give the
    simpler positions (start plots, no fence, no cards, no bales), so a
    hypothesis strategy over the choices (:func:`acreage.testing.positions`)
    shrinks towards simple positions, and every shrunk position is valid too.
    """
    return _Builder(rules, choose).state()


class _Builder:
    def __init__(self, rules: Rules, choose: Callable[[int], int]) -> None:
        self.rules = rules
        self.choose = choose
        self.owned = 0
        self.blocked = 0  # crossroads of the fences and tractors placed so far

    def pick(self, options: list[Any]) -> Any:
        return options[self.choose(len(options))]

    def grow(self, field: int, limit: int) -> int:
        """``field`` grown by a chosen number of free neighbouring plots."""
        for _ in range(self.choose(limit + 1)):
            around = 0
            for c in bits(field):
                around |= CELL_NEIGHBOURS[c]
            free = around & ~field & ~self.owned
            if not free:
                break
            field |= 1 << self.pick(list(bits(free)))
        return field

    def state(self) -> State:
        rules = self.rules
        players = rules.players
        herd: dict[str, Any] = {}
        if rules.mad_cow:
            team = 1 << rules.start_cells[0]
            self.owned = team
            # The Cow's field, grown from the centre and kept small: it wins with cow_tiles.
            cow_field = self.grow(1 << CENTRE, min(_MOST_PLOTS, rules.cow_tiles - 2))
            self.owned |= cow_field
            team = self.grow(team, min(_MOST_PLOTS, rules.plot_tiles - 2))
            self.owned |= team
            fields = dict.fromkeys(range(players), team)
            herd = {
                "cow": board.plot_name(self.pick(list(bits(cow_field)))),
                "facing": board.SIDES[self.choose(6)],
                "cow_field": [board.plot_name(c) for c in bits(cow_field)],
            }
        else:
            starts = [1 << c for c in rules.start_cells]
            for start in starts:
                self.owned |= start
            fields = {}
            for seat in range(players):
                room = rules.plot_tiles - (players if rules.common_pile else 1) - 1
                grown = self.grow(starts[seat], max(0, min(_MOST_PLOTS, room // players)))
                self.owned |= grown
                fields[seat] = grown
        tractors: dict[int, str] = {}
        fences: dict[int, list[str]] = {}
        for seat in range(players):
            fence = self.fence(fields[seat])
            if fence:
                fences[seat] = [board.crossroad_name(v) for v in fence]
                for v in fence:
                    self.blocked |= 1 << v
            else:
                spots = crossroads_of(fields[seat]) & ~self.blocked
                if spots:
                    v = self.pick(list(bits(spots)))
                    tractors[seat] = board.crossroad_name(v)
                    self.blocked |= 1 << v
        hands = self.hands()
        bales = self.bales(fences)
        return scenario(
            rules,
            fields={s: [board.plot_name(c) for c in bits(f)] for s, f in fields.items()},
            tractors=tractors,
            fences=fences,
            hands=hands,
            bales=[board.path_name(e) for e in bits(bales)],
            turn=self.choose(players),
            **herd,
        )

    def fence(self, field: int) -> list[int]:
        """A fence leaving ``field`` from one of its crossroads, of a chosen length."""
        length = self.choose(min(self.rules.fences, 8) + 1)
        if not length:
            return []
        starts = crossroads_of(field) & ~self.blocked
        if not starts:
            return []
        fence = [self.pick(list(bits(starts)))]
        for _ in range(length):
            here = fence[-1]
            steps = [
                w
                for _, _, w in STEPS[here]
                if not self.blocked >> w & 1 and w not in fence and not VERTEX_CELLS[w] & field
            ]
            if not steps:
                break
            fence.append(self.pick(steps))
        return fence if len(fence) >= 2 else []

    def hands(self) -> dict[int, list[str]]:
        rules = self.rules
        pool = sorted(c for c, k in rules.deck_counts().items() for _ in range(k))
        hands: dict[int, list[str]] = {}
        for seat in range(rules.players):
            hand = []
            for _ in range(self.choose(min(rules.hand_limit, 3) + 1)):
                if not pool:
                    break
                hand.append(pool.pop(self.choose(len(pool))))
            hands[seat] = hand
        return hands

    def bales(self, fences: dict[int, list[str]]) -> int:
        rules = self.rules
        taken = 0
        for names in fences.values():
            fence = [board.crossroad(n) for n in names]
            for a, b in itertools.pairwise(fence):
                taken |= 1 << board.edge_between(a, b)
        mask = 0
        for _ in range(self.choose(min(rules.hay_bales, 4) + 1)):
            options = [e for e in bits(INNER_PATHS & ~taken & ~mask) if self.fits(mask | 1 << e)]
            if not options:
                break
            mask |= 1 << self.pick(options)
        return mask

    def fits(self, mask: int) -> bool:
        """Whether the bales ``mask`` lock nobody in (as a position's reader checks them)."""
        for e in bits(mask):
            rest = mask & ~(1 << e)
            if bridges(rest) >> e & 1:
                return False
            if self.rules.mad_cow and not self.rules.lock_in_cow and pens(rest) >> e & 1:
                return False
        return True
