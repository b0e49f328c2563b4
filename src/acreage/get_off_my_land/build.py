"""Get Off My Land! positions built from a source of choices, for property tests.

:func:`build_position` makes a valid position directly, not by playing moves:
each part of it (the month, the farmhouse tiles kept, the logged forest
tiles, each player's fences, the market cards on the land and on the track,
hands, money, farmers, what is being decided now) is one choice, then the
whole is read by :func:`~acreage.get_off_my_land.position.from_position`, so
it is checked like any position. :func:`acreage.testing.positions` draws the
choices with hypothesis.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from acreage.get_off_my_land.engine import new_game
from acreage.get_off_my_land.position import (
    _fence_data,
    arrange,
    from_position,
    money_cap,
    to_position,
)
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.state import State

__all__ = ["build_position"]


def build_position(rules: Rules, choose: Callable[[int], int]) -> State:
    """A valid position built from the choices ``choose(n)`` makes (each in ``range(n)``).

    The position is made directly, not by playing: the month, the farmhouse
    tiles kept, the logged forest tiles, each player's fences, the market
    cards on the land and the track, hands, discards, money, farmers and what
    is being decided now (a turn, fences being placed with a card, a card
    being drawn, or the end of the game), each picked by a choice, then read
    by :func:`from_position`. Choices of 0 give the simpler positions (the
    start of the game, then early months with few fences and cards), so a
    hypothesis strategy over the choices (:func:`acreage.testing.positions`)
    shrinks towards simple positions, and every shrunk position is valid too.
    """
    return _Builder(rules, choose).state()


class _Builder:
    def __init__(self, rules: Rules, choose: Callable[[int], int]) -> None:
        self.rules = rules
        self.t = rules.tables
        self.choose = choose
        self.players = rules.players

    def pick(self, options: list[Any]) -> Any:
        return options[self.choose(len(options))]

    def take(self, pool: list[Any]) -> Any:
        return pool.pop(self.choose(len(pool)))

    def state(self) -> State:
        rules = self.rules
        stage = self.choose(3)
        start = new_game(rules)
        if stage == 0:
            return start
        months = len(rules.months)
        over = stage == 2
        month = months if over else self.choose(months)
        data = self.board(to_position(start), month)
        state = from_position(rules, data)
        # A farmer sent out stands on land its player controls.
        farmers = list(data["farmers"])
        for p in range(self.players):
            land = [c for c in range(self.t.n) if state.control[p] >> c & 1]
            if land and self.choose(3) == 2:
                farmers[p] = self.t.cell_names[self.pick(land)]
        if over:
            return arrange(state, farmers=farmers)
        agenda = self.agenda(state, data)
        return arrange(state, farmers=farmers, hands=data["hands"], agenda=agenda)

    def board(self, data: dict[str, Any], month: int) -> dict[str, Any]:
        rules = self.rules
        players = self.players
        houses = list(range(len(rules.farmhouses)))
        data["farmhouses"] = [rules.farmhouses[self.take(houses)].name for _ in range(players)]
        data["offers"] = [[] for _ in range(players)]
        data["month"] = month
        data["first"] = self.choose(players)
        data["money"] = [self.choose(min(money_cap(rules, month), 40) + 1) for _ in range(players)]
        data["tiles"] = self.logged()
        data["fences"] = _fence_data(self.t, self.fences())
        data.update(self.market(data["tiles"]))
        data.update(self.fence_cards())
        data["agenda"] = (
            []
            if month == len(rules.months)
            else [{"task": "turn", "player": 0, "actions": 1, "fenced": False}]
        )
        return data

    def logged(self) -> dict[str, str]:
        """Logged forest tiles, each showing a side from its kind's pool."""
        t = self.t
        pools = [list(pool) for pool in t.forest_pool]
        tiles: dict[str, str] = {}
        for c in range(t.n):
            kind = t.forest_kind[c]
            if kind >= 0 and self.choose(2):
                sides = [i for i, k in enumerate(pools[kind]) if k]
                side = self.pick(sides)
                pools[kind][side] -= 1
                tiles[t.cell_names[c]] = t.forest[side].label
        return tiles

    def market(self, tiles: dict[str, str]) -> dict[str, Any]:
        """Market cards: some from the top of the market deck onto cleared tiles, the
        track refilled from it, some removed from the game."""
        t = self.t
        piles = [list(pile.cards()) for pile in t.market_deck.segments]

        def draw() -> int | None:
            while piles and not piles[0]:
                piles.pop(0)
            if not piles:
                return None
            card: int = self.take(piles[0])
            return card

        cards: dict[str, str] = {}
        mature: list[str] = []
        cleared = [
            c
            for c in range(t.n)
            if (t.grass_mask >> c & 1 or t.cell_names[c] in tiles) and not t.farm_mask >> c & 1
        ]
        for c in cleared:
            if self.choose(3) == 2:
                card = draw()
                if card is None:
                    break
                name = t.cell_names[c]
                cards[name] = t.market[card].label
                if self.choose(2):
                    mature.append(name)
        track: list[str | None] = []
        for _ in self.rules.market_costs:
            card = draw()
            track.append(None if card is None else t.market[card].label)
        removed = []
        for _ in range(self.choose(4)):
            card = draw()
            if card is not None:
                removed.append(t.market[card].label)
        return {
            "cards": cards,
            "mature": mature,
            "track": track,
            "market_discard": removed,
            "market_deck": [[t.market[k].label for k in pile] for pile in piles if pile],
        }

    def fence_cards(self) -> dict[str, Any]:
        """Fence cards: hands of at most the hand limit, some discards, the rest the deck."""
        t = self.t
        deck = [k for k, n in t.fence_deck.counts() for _ in range(n)]
        hands = []
        for _ in range(self.players):
            size = min(self.choose(self.rules.hand_limit + 1), len(deck))
            hands.append(sorted(self.take(deck) for _ in range(size)))
        discard = sorted(self.take(deck) for _ in range(min(self.choose(8), len(deck))))
        return {
            "hands": [[t.fence[k].label for k in hand] for hand in hands],
            "fence_discard": [t.fence[k].label for k in discard],
            "fence_deck": [[t.fence[k].label for k in deck]] if deck else [],
        }

    def fences(self) -> tuple[int, ...]:
        """Each player's fence slots: lone fences on free sides, and some second fences
        on a side another player fenced, each of the two facing one of its sides."""
        t = self.t
        fences = [0] * self.players
        every = 0
        for p in range(self.players):
            for _ in range(self.choose(self.rules.fences_per_player + 1)):
                e = self.choose(t.edges)
                if (every | every >> t.edges) >> e & 1:
                    owner = next((q for q in range(self.players) if fences[q] >> e & 1), -1)
                    if owner in (-1, p) or every >> (t.edges + e) & 1 or not self.choose(2):
                        continue
                    # Two fences on one side: the first faces one tile, the new one the other.
                    if self.choose(2):
                        fences[owner] ^= (1 << e) | (1 << (t.edges + e))
                        fences[p] |= 1 << e
                    else:
                        fences[p] |= 1 << (t.edges + e)
                else:
                    fences[p] |= 1 << e
                every = 0
                for f in fences:
                    every |= f
        return tuple(fences)

    def agenda(self, state: State, data: dict[str, Any]) -> list[dict[str, Any]]:
        """What is being decided now: a player's turn, perhaps with a card played for
        fences or a card being drawn on top of it."""
        rules, t = self.rules, self.t
        p = self.choose(self.players)
        actions = self.choose(rules.actions_per_turn) + 1
        turn = {"task": "turn", "player": p, "actions": actions, "fenced": False}
        what = self.choose(3)
        hand = data["hands"][p]
        if what == 1 and hand:
            # A card from the hand played for its fences: they are being placed.
            card = self.take(hand)
            turn.update(actions=actions - 1, fenced=True)
            fences = t.fence[t.fence_names[card]].fences
            batch = {
                "player": p,
                "left": fences,
                "carrying": None,
                "placed": [],
                "before": [
                    [t.cell_names[c] for c in range(t.n) if mask >> c & 1] for mask in state.control
                ],
            }
            data["hands"][p] = hand
            return [
                turn,
                {"task": "finish-card", "card": card},
                {"task": "place-fences", "batch": batch},
            ]
        if what == 2 and state.fence_deck:
            return [turn, {"task": "draw-card", "player": p}]
        return [turn]
