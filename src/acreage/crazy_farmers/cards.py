"""Bonus cards: one handler per kind of card, keyed by kind.

The deck is data (:attr:`Rules.bonus_cards`: names, kinds, counts,
amounts); what a card does is its kind's handler in :data:`HANDLERS`. A new
kind of card is a new :class:`Handler` registered with :func:`register`
plus the card's lines in the deck data.

"All bonuses can only be used once. Discard after use." A handler says
where the played card goes (:attr:`Handler.lies_with`): the discard pile at
once, or in front of its player or its target until a later turn, where it
keeps having an effect (:attr:`Handler.guard`, :attr:`Handler.slowdown`).
"IMPORTANT: You cannot eliminate or end the game with a Bonus card": no
handler lists a play that would.
"""

from __future__ import annotations

import abc
import functools
from typing import ClassVar, Final, Literal

import attrs

from acreage.core.bitset import bits
from acreage.crazy_farmers import pieces
from acreage.crazy_farmers.board import (
    CELL_NEIGHBOURS,
    CELL_VERTICES,
    GRID,
    INNER_PATHS,
    STEPS,
    VERTEX_CELLS,
    component,
    crossroads_of,
    path_name,
    plot_name,
)
from acreage.crazy_farmers.scoring import tiles_left
from acreage.crazy_farmers.state import HIGH_VOLTAGE, WATCHDOG, Phase, State

__all__ = [
    "HANDLERS",
    "MAX_MOVES",
    "Bribe",
    "Dynamite",
    "Handler",
    "HayBale",
    "Helicopter",
    "HighVoltage",
    "Nitro",
    "Rut",
    "Watchdog",
    "bale_spots",
    "bridges",
    "register",
]

MAX_MOVES: Final = 5
"""'Your tractor is limited to a maximum of 5 moves per turn.'"""

NONE: Final = (-1,)


class Handler(abc.ABC):
    """What one kind of bonus card does.

    Class attributes:
        kind: the key in :data:`HANDLERS` (the ``kind`` of its cards in the deck data).
        target: what the card is played on: ``"none"``, ``"player"``,
            ``"path"`` or ``"plot"``.
        lies_with: ``None`` (discarded at once), ``"player"`` (lies in front
            of the player who played it) or ``"target"`` (in front of the
            target player).
        until: when a card lying in front of someone is discarded:
            ``"turn-start"`` (when that player's next turn starts) or
            ``"turn-end"`` (when it ends).
        guard: :data:`HIGH_VOLTAGE` / :data:`WATCHDOG` bits it gives while
            it lies in front of its player.
        slowdown: moves its player loses in their next turn while it lies there.
    """

    kind: ClassVar[str]
    target: ClassVar[Literal["none", "player", "path", "plot"]] = "none"
    lies_with: ClassVar[Literal["player", "target"] | None] = None
    until: ClassVar[Literal["turn-start", "turn-end"]] = "turn-start"
    guard: ClassVar[int] = 0
    slowdown: ClassVar[int] = 0

    @abc.abstractmethod
    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        """The targets ``seat`` may play ``card`` on now (``(-1,)`` for none); ``()`` if unplayable."""

    @abc.abstractmethod
    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        """The state after the card takes effect (it has left the hand already)."""

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        """Why ``card`` cannot be played on ``target`` now (a target not in :meth:`targets`)."""
        return f"{card} cannot be played now"


HANDLERS: dict[str, Handler] = {}
"""The handler of each kind of bonus card."""


def register(handler: Handler, *, replace: bool = False) -> Handler:
    """Make a kind of card known, so deck data may use it."""
    if handler.kind in HANDLERS and not replace:
        raise ValueError(f"a bonus card kind {handler.kind!r} is registered already")
    HANDLERS[handler.kind] = handler
    return handler


def _members(bitset: int) -> tuple[int, ...]:
    return tuple(bits(bitset))


def _others(state: State, seat: int) -> tuple[int, ...]:
    return tuple(s for s, g in enumerate(state.farmers) if s != seat and not g.out)


class Nitro(Handler):
    """'Get 1 or 2 extra moves during his turn. Reminder: max. 5 moves per turn.'"""

    kind = "nitro"

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        return NONE

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        allowance = min(state.allowance + state.rules.amount(card), MAX_MOVES)
        return attrs.evolve(state, allowance=allowance)


class Rut(Handler):
    """'Give this card to an opponent; he/she will have two fewer moves during his next turn.'"""

    kind = "rut"
    target = "player"
    lies_with = "target"
    until = "turn-end"
    slowdown = 2

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        return _others(state, seat)

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        return state

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        return f"{card} is given to an opponent still in the game, not to player {target}"


@functools.lru_cache(maxsize=8192)
def bridges(bales: int) -> int:
    """The paths whose blocking would cut the crossroads in two, when ``bales`` are blocked.

    A hay bale may not go there: "It is forbidden to lock in an opponent."
    (Tarjan's bridge-finding on the crossroad graph, all 132 paths but the bales.)
    """
    n = GRID.n_vertices
    order = [-1] * n
    low = [0] * n
    found = 0
    clock = 0
    for root in range(n):
        if order[root] >= 0:
            continue
        order[root] = low[root] = clock
        clock += 1
        stack = [(root, -1, iter(STEPS[root]))]
        while stack:
            v, via, steps = stack[-1]
            for _, e, w in steps:
                if bales >> e & 1 or e == via:
                    continue
                if order[w] < 0:
                    order[w] = low[w] = clock
                    clock += 1
                    stack.append((w, e, iter(STEPS[w])))
                    break
                low[v] = min(low[v], order[w])
            else:
                stack.pop()
                if stack:
                    u = stack[-1][0]
                    low[u] = min(low[u], low[v])
                    if low[v] > order[u]:
                        found |= 1 << via
    return found


def bale_spots(state: State, bales: int | None = None) -> int:
    """The paths a hay bale may be placed on (bitset).

    "You cannot place a Hay Bale on a fence in progress, on the edge of the
    board or with another Hay Bale. It is forbidden to lock in an opponent."
    """
    bales = state.bales if bales is None else bales
    fences = 0
    for g in state.farmers:
        fences |= g.fence_paths
    return INNER_PATHS & ~bales & ~fences & ~bridges(bales)


def bales_to_take(state: State) -> int:
    """The bales that may be picked from the board (the box is empty) and placed again."""
    out = 0
    rest = state.bales
    while rest:
        low = rest & -rest
        rest ^= low
        if bale_spots(state, state.bales & ~low):
            out |= low
    return out


class HayBale(Handler):
    """'Place 1 or 2 Hay Bale(s) on any path(s). Hay Bales block the path for all
    players until removed by another bonus. [...] If there are no Hay Bales left,
    pick any one from the board.'"""

    kind = "hay-bale"

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        if state.hay_bales_left:
            return NONE if bale_spots(state) else ()
        return NONE if bales_to_take(state) else ()

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        return attrs.evolve(state, phase=Phase.HAY_BALE, pending=state.rules.amount(card))

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        return f"{card}: no path may take a hay bale (fences, the board's edge, other bales, locking in)"


class Dynamite(Handler):
    """'Remove 1 Hay Bale of your choice. Bang!'"""

    kind = "dynamite"
    target = "path"

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        return _members(state.bales)

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        return attrs.evolve(state, bales=state.bales & ~(1 << target))

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        return f"{card} removes a hay bale, and none lies on {path_name(target)}"


class HighVoltage(Handler):
    """'Protects the entire length of the fence, even the starting point until
    your next turn. Opponents' tractors cannot go through or cut your fence.'"""

    kind = "high-voltage"
    lies_with = "player"
    guard = HIGH_VOLTAGE

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        return NONE

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        return state


class Watchdog(Handler):
    """'Protects your plots and Barns from being annexed as well as from bonus
    effects until your next turn.'"""

    kind = "watchdog"
    lies_with = "player"
    guard = WATCHDOG

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        return NONE

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        return state


def landing_spots(state: State, seat: int) -> int:
    """Where a helicopter may put ``seat``'s tractor down (bitset of crossroads).

    "Move your tractor from one crossroad to another in your field (main field
    of Fallow land) without an opponent's fence."
    """
    f = state.farmers[seat]
    taken = 1 << f.tractor
    for s, g in enumerate(state.farmers):
        if s != seat and g.tractor >= 0:
            taken |= g.fence_crossroads | (1 << g.tractor)
    return crossroads_of(f.plots) & ~taken


class Helicopter(Handler):
    """'This bonus can only be used if you have no fences. [...] Once you have
    moved, you cannot cut any more fences until the end of the turn.'"""

    kind = "helicopter"

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        f = state.farmers[seat]
        return NONE if not f.fence and landing_spots(state, seat) else ()

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        return attrs.evolve(state, phase=Phase.HELICOPTER)

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        if state.farmers[seat].fence:
            return f"{card} can only be used if you have no fences"
        return f"{card}: no crossroad of your field is free to land on"


def bribe_refusal(state: State, seat: int, cell: int) -> str | None:
    """Why ``seat`` may not bribe plot ``cell``, or ``None`` when it may.

    "Choose a plot of an opponent's field adjacent to your field [...] You
    cannot take over a plot that would create an immediate effect: Barn,
    cutting a fence, Fallow land, eliminating a player, immediate victory."
    """
    f = state.farmers[seat]
    bit = 1 << cell
    owner = next((s for s, g in enumerate(state.farmers) if g.plots & bit), -1)
    if owner < 0 or owner == seat:
        return "a Bribe takes a plot of an opponent's field"
    g = state.farmers[owner]
    if not CELL_NEIGHBOURS[cell] & f.main:
        return "the plot must be adjacent to your main field"
    if state.rules.barn_plots & bit:
        return "a plot with a barn would earn bonus cards"
    if g.guards & WATCHDOG:
        return f"player {owner}'s Watchdog protects their plots from bonus effects"
    if g.plots == bit:
        return f"it is player {owner}'s last plot"
    if not state.rules.common_pile and tiles_left(state, seat) <= 1:
        return "it would place your last plot tile and end the game"
    if CELL_NEIGHBOURS[cell] & f.fallow:
        return "it would join your fallow land to your main field"
    if f.fence and CELL_VERTICES[cell] & f.fence_crossroads & ~(1 << f.fence[0]):
        return "your fence would touch your field and annex at once"
    rest = g.plots & ~bit
    around = CELL_NEIGHBOURS[cell] & rest
    if around and component(rest, around & -around) & around != around:
        return f"it would split player {owner}'s field into fallow land"
    if g.fence and not VERTEX_CELLS[g.fence[0]] & rest:
        return f"it would cut player {owner}'s fence"
    seated = not g.fence and g.tractor >= 0 and VERTEX_CELLS[g.tractor] & g.main
    if seated and not VERTEX_CELLS[g.tractor] & rest:
        return f"player {owner}'s tractor would lose its field"
    return None


class Bribe(Handler):
    """'Choose a plot of an opponent's field adjacent to your field... now it
    belongs to you, he replace it with a plot of your color!'"""

    kind = "bribe"
    target = "plot"

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        f = state.farmers[seat]
        if not f.main:
            return ()
        theirs = 0
        for s, g in enumerate(state.farmers):
            if s != seat:
                theirs |= g.plots
        around = 0
        rest = f.main
        while rest:
            low = rest & -rest
            around |= CELL_NEIGHBOURS[low.bit_length() - 1]
            rest ^= low
        candidates = around & theirs & ~state.rules.barn_plots
        return tuple(c for c in _members(candidates) if bribe_refusal(state, seat, c) is None)

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        bit = 1 << target
        farmers = state.farmers
        for s, g in enumerate(farmers):
            if g.plots & bit:
                farmers = pieces.replace(
                    farmers, s, pieces.settle(attrs.evolve(g, plots=g.plots & ~bit))
                )
        f = farmers[seat]
        farmers = pieces.replace(
            farmers, seat, attrs.evolve(f, plots=f.plots | bit, main=f.main | bit)
        )
        return attrs.evolve(state, farmers=farmers)

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        reason = bribe_refusal(state, seat, target) or "not now"
        return f"{card} on {plot_name(target)}: {reason}"


for _handler in (
    Nitro(),
    Rut(),
    HayBale(),
    Dynamite(),
    HighVoltage(),
    Watchdog(),
    Helicopter(),
    Bribe(),
):
    register(_handler)
