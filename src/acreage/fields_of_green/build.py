"""Fields of Green positions built from a source of choices, for property tests.

:func:`build_position` makes a valid position directly, not by playing the
game from its start: the year and the moment in it (a year's start, an
action round, the harvest), every card each player has played (built at a
cell of the frontier, or discarded for a silo, a water tower or the market),
the purse, the water and grain in store, sites shut down, tools attached or
kept aside, the hands of the draft and the tool pile are each one choice;
then the engine takes its own steps to the first decision, a few more moves
may be chosen, and the whole is read by
:func:`~acreage.fields_of_green.position.from_position`, so it is checked
like any position. :func:`acreage.testing.positions` draws the choices with
hypothesis.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from acreage.core.bitset import bits
from acreage.core.chance import Deck, Pile, Stack
from acreage.core.game import CHANCE
from acreage.fields_of_green import state as st
from acreage.fields_of_green.engine import ENGINE, apply_move, chance_outcomes, legal_moves
from acreage.fields_of_green.geometry import catchment, cell
from acreage.fields_of_green.position import from_position, make_farm, to_position
from acreage.fields_of_green.queries import matching_sites
from acreage.fields_of_green.rules import GREEN, Rules
from acreage.fields_of_green.state import Farm, State
from acreage.fields_of_green.work import Work

__all__ = ["build_position"]

_MOVES_AFTER = 12
"""At most this many moves are played from the built moment (choices of 0: none)."""


def build_position(rules: Rules, choose: Callable[[int], int]) -> State:
    """A valid position built from the choices ``choose(n)`` makes (each in ``range(n)``).

    The position is made directly: the year, the moment in it, each card
    played so far and what became of it, the farms' resources, shut-down
    sites, tools, hands and the tool pile are each picked by a choice; the
    engine then takes its steps to the first decision, and up to a few moves
    more are chosen. Choices of 0 give the simpler positions (the first
    year's start, cards discarded rather than built, empty purses), so a
    hypothesis strategy over the choices (:func:`acreage.testing.positions`)
    shrinks towards simple positions, and every shrunk position is valid too.
    """
    state = _Builder(rules, choose).state()
    return from_position(rules, to_position(state))


class _Builder:
    def __init__(self, rules: Rules, choose: Callable[[int], int]) -> None:
        self.rules = rules
        self.t = rules.tables
        self.choose = choose
        self.cards = [c.count for c in rules.cards]
        self.tools = [x.count for x in rules.tools]
        self.silos = rules.silos - rules.players
        self.towers = rules.water_towers - rules.players
        self.discard: list[int] = []

    def pick(self, options: list[Any]) -> Any:
        return options[self.choose(len(options))]

    def card(self) -> int:
        k: int = self.pick([k for k, n in enumerate(self.cards) if n])
        self.cards[k] -= 1
        return k

    def state(self) -> State:
        rules, n = self.rules, self.rules.players
        year = 1 + self.choose(rules.years)
        moment = self.choose(3)  # the year's start, an action round, the harvest
        rounds = (0, self.choose(rules.hand_size), rules.hand_size)[moment]
        played = rules.hand_size * (year - 1) + rounds
        farms = [self.farm(played) for _ in range(n)]
        hands: tuple[tuple[int, ...], ...] = ((),) * n
        if moment == 1:
            hands = tuple(
                tuple(sorted(self.card() for _ in range(rules.hand_size - rounds)))
                for _ in range(n)
            )
        passes = (rules.hand_size - 1 if year > 1 else 0, rounds, rules.hand_size - 1)[moment]
        tiles = [x for x, count in enumerate(self.tools) for _ in range(count)]
        stack = [tiles.pop(self.choose(len(tiles))) for _ in range(min(len(tiles), self.choose(3)))]
        segments: list[Pile[int] | Stack[int]] = [Pile.of(tiles)]
        if stack:
            segments.append(Stack(tuple(stack)))
        decks = tuple(
            Deck.of({k: count for k, count in enumerate(self.cards) if self.t.deck[k] == d})
            for d in range(4)
        )
        state = State(
            rules=rules,
            year=year - 1 if moment == 0 else year,
            start=self.choose(n),
            farms=tuple(farms),
            hands=hands,
            picks=(-1,) * n,
            passes=passes,
            decks=decks,
            tool_pile=Deck._normal(segments),
            silo_stack=self.silos,
            tower_stack=self.towers,
            discard=tuple(sorted(self.discard)),
            agenda=(st.NewYear(),) if moment == 0 else (st.NewRound(),),
        )
        state = ENGINE.start(Work.copy(state))
        for _ in range(self.choose(_MOVES_AFTER + 1)):
            who = state.to_move
            if who is None:
                break
            if who is CHANCE:
                move = self.pick([m for m, _ in chance_outcomes(state)])
            else:
                move = self.pick(list(legal_moves(state)))
            state = apply_move(state, move)
        return state

    def farm(self, played: int) -> Farm:
        """A farm after ``played`` cards: each built, discarded for a silo or a tower, or
        discarded at the market."""
        rules, t = self.rules, self.t
        sites = [(cell(rules, 0, 0), t.tower), (cell(rules, 1, 0), t.silo)]
        farm = make_farm(rules, sites, [0])
        for _ in range(played):
            k = self.card()
            way = self.choose(3)
            if way == 1:
                places = self.places(farm, k)
                if places:
                    sites.append((self.pick(places), k))
                    farm = make_farm(rules, sites, [0] * len(farm.towers))
                    continue
            elif way == 2 and (self.silos or self.towers):
                kinds = [(t.silo, "silos"), (t.tower, "towers")]
                kind, stack = self.pick([pair for pair in kinds if getattr(self, pair[1])])
                setattr(self, stack, getattr(self, stack) - 1)
                sites.append((self.pick(list(farm.frontier)), kind))
                farm = make_farm(rules, sites, [0] * (len(farm.towers) + (kind == t.tower)))
            self.discard.append(k)
        down = 0
        for c, k in sites:
            if t.ability[k] == GREEN and self.choose(2):
                down |= 1 << c
        tools: list[tuple[int, int]] = []
        kept: list[int] = []
        for _ in range(self.choose(3)):
            free = [x for x, count in enumerate(self.tools) if count]
            if not free:
                break
            x = self.pick(free)
            self.tools[x] -= 1
            farm = make_farm(rules, sites, [0] * len(farm.towers), down=down, tools=tools)
            fits = matching_sites(rules, farm, x)
            if fits and self.choose(4):
                tools.append((self.pick(fits), x))
            else:
                kept.append(x)
        farm = make_farm(rules, sites, [0] * len(farm.towers), down=down, tools=tools)
        water = [self.choose(cap + 1) for _, _, cap, _ in farm.towers]
        return make_farm(
            rules,
            sites,
            water,
            down=down,
            tools=tools,
            kept=kept,
            grain=self.choose(farm.grain_capacity + 1),
            coins=self.choose(31),
            tokens=self.choose(6),
        )

    def places(self, farm: Farm, k: int) -> list[int]:
        """Where card ``k`` may stand: next to a site, and in a tower's range if it needs water."""
        rules, t = self.rules, self.t
        if not (t.cost[k][1] or (rules.harvest_water_in_range and t.needs[k][0])):
            return list(farm.frontier)
        area = 0
        for c, _, _, reach in farm.towers:
            area |= catchment(rules, c, reach, farm.occupied)
        return [c for c in bits(area) if c in farm.frontier]
