"""The Bribe card: taking a plot of an opponent's field (or of the Cow's), and why a plot may not go.

"Choose a plot of an opponent's field adjacent to your field... now it
belongs to you". The rulebook forbids a bribe with an immediate effect, and
the authors' FAQ lists the conditions; :func:`bribe_refusal` and
:func:`cow_bribe_refusal` say which one a plot breaks. In the Mad Cow mode
the plot is the Cow's, and the card's Backlash gives it one of the players'.
"""

from __future__ import annotations

import functools
from typing import Final

import attrs

from acreage.core.bitset import bits
from acreage.core.frozen import replaced
from acreage.crazy_farmers import pieces
from acreage.crazy_farmers.annexing import touches_again
from acreage.crazy_farmers.board import (
    CELL_NEIGHBOURS,
    CELL_VERTICES,
    GRID,
    VERTEX_CELLS,
    component,
    neighbours,
    plot_name,
)
from acreage.crazy_farmers.cow import field, surrender_refusal
from acreage.crazy_farmers.handler import Handler, backlash_target
from acreage.crazy_farmers.rules import Rules
from acreage.crazy_farmers.scoring import tiles_left
from acreage.crazy_farmers.state import NO_GUARD, WATCHDOG, State, Work, the_cow
from acreage.crazy_farmers.tasks import LoseToCow

__all__ = ["Bribe", "bribe_refusal", "cow_bribe_refusal"]


def _members(bitset: int) -> tuple[int, ...]:
    return tuple(bits(bitset))


@functools.lru_cache(maxsize=4096)
def _around(plots: int) -> int:
    """The plots next to a field of ``plots`` (bitset), where a Bribe's targets lie.

    A Bribe in hand has its targets listed at every step of its holder's
    turns, and a field changes only when plots are annexed or bribed: each
    field's surroundings are worked out once.
    """
    return neighbours(plots)


_RIM: Final = sum(1 << c for c, around in enumerate(CELL_NEIGHBOURS) if around.bit_count() < 6)
"""The plots on the board's edge: a group of plots holding one is open (the edge is no wall)."""


def _grown_refusal(state: State, seat: int, cell: int) -> str | None:
    """Why ``seat``'s main field may not grow by ``cell`` (a Bribe), or ``None``.

    The online game refuses a bribe that closes the field round plots:
    plots closed off by the field alone can have no fence pulled round them.
    With ``Rules.bribe_annexes`` off, the field may not reach the briber's
    own fence either (it would annex).
    """
    f = state.farmers[seat]
    bit = 1 << cell
    grown = pieces.settle(attrs.evolve(f, plots=f.plots | bit)).main
    if not state.rules.bribe_annexes and any(VERTEX_CELLS[v] & grown for v in f.fence[1:]):
        return "your fence would touch your field and annex at once"
    if _closes_off(grown, cell):
        return "your field would close plots off with no fence"
    return None


@functools.lru_cache(maxsize=4096)
def _closes_off(grown: int, cell: int) -> bool:
    """Whether the field ``grown``, just grown by plot ``cell``, closes plots off: plots
    around ``cell`` outside it that no longer reach the board's edge (never so when
    ``cell`` lay among plots closed off already).

    A question of the board alone, and the costliest of a Bribe's checks (a
    flood fill from each plot around): a Bribe in hand has it asked about the
    same fields at every step of a turn, so each is answered once.
    """
    bit = 1 << cell
    outside = GRID.all_cells & ~grown
    if not component(outside | bit, bit) & _RIM:
        return False  # the plot lies in plots closed off already (a Watchdog's)
    return any(not component(outside, 1 << n) & _RIM for n in bits(CELL_NEIGHBOURS[cell] & outside))


@functools.lru_cache(maxsize=4096)
def _splits(plots: int, cell: int) -> bool:
    """Whether the field ``plots`` without plot ``cell`` falls into pieces.

    A question of the board alone, asked about the same fields at every step
    of a turn while a Bribe is in hand (fields change only when plots change
    hands): each is answered once.
    """
    rest = plots & ~(1 << cell)
    around = CELL_NEIGHBOURS[cell] & rest
    return bool(around) and component(rest, around & -around) & around != around


def bribe_refusal(state: State, seat: int, cell: int) -> str | None:
    """Why ``seat`` may not bribe plot ``cell``, or ``None`` when it may.

    "Choose a plot of an opponent's field adjacent to your field [...] You
    cannot take over a plot that would create an immediate effect: Barn,
    cutting a fence, Fallow land, eliminating a player, immediate victory."
    The authors' FAQ lists the conditions: "The target plot must be in
    contact with your own field (main field or fallow land), The target plot
    must not contain a barn, The target plot must not be the starting point
    of the owners fence, The owner must not be on the border the target plot,
    and finally, the game cannot be over by the immediate effect of the bribe".
    """
    f = state.farmers[seat]
    bit = 1 << cell
    owner = next((s for s, g in enumerate(state.farmers) if g.plots & bit), -1)
    if owner < 0 or owner == seat:
        return "a Bribe takes a plot of an opponent's field"
    g = state.farmers[owner]
    if not CELL_NEIGHBOURS[cell] & f.plots:
        return "the plot must be adjacent to your field (main field or fallow land)"
    if state.barns & bit:
        return "a plot with a barn would earn bonus cards"
    if g.guards & WATCHDOG:
        return f"player {owner}'s Watchdog protects their plots from bonus effects"
    if g.plots == bit:
        return f"it is player {owner}'s last plot"
    if not state.rules.common_pile and tiles_left(state, seat) <= 1:
        return "it would place your last plot tile and end the game"
    if g.fence and CELL_VERTICES[cell] >> g.fence[0] & 1:
        return f"it is where player {owner}'s fence starts"
    if g.tractor >= 0 and CELL_VERTICES[cell] >> g.tractor & 1:
        return f"player {owner}'s tractor stands on its border"
    if _splits(g.plots, cell):
        return f"it would split player {owner}'s field into fallow land"
    if f.tractor >= 0 and not f.fence and CELL_VERTICES[cell] >> f.tractor & 1:
        # A powerless tractor standing on a fence would be powered there, which
        # is touching the fence: "cutting a fence" is an immediate effect.
        for s, h in enumerate(state.farmers):
            if s != seat and h.fence_crossroads >> f.tractor & 1:
                return f"your tractor would be powered on player {s}'s fence and cut it"
    return _grown_refusal(state, seat, cell)


def cow_bribe_refusal(state: State, seat: int, cell: int) -> str | None:
    """Mad Cow mode: why ``seat`` may not bribe plot ``cell`` of the Cow, or ``None``.

    "Bribe: Same. You however cannot annex the plot where the Cow is located."
    As in the regular game the plot must be adjacent to the players' field
    and the bribe may have no immediate effect: a partner's fence it would
    touch would be cut back (the bribe may close the briber's own fence).
    """
    cow = the_cow(state)
    f = state.farmers[seat]
    bit = 1 << cell
    if not cow.plots & bit:
        return "in the Mad Cow mode a Bribe takes a plot of the Cow's field"
    if cell == cow.plot:
        return "you cannot annex the plot where the Cow is located"
    if not CELL_NEIGHBOURS[cell] & f.plots:
        return "the plot must be adjacent to your field (main field or fallow land)"
    if state.barns & bit:
        return "a plot with a barn would earn bonus cards"
    if cow.guard != NO_GUARD:
        return "a Backlash Watchdog protects the Cow's plots"
    for s, g in enumerate(state.farmers):
        if s != seat and g.fence and CELL_VERTICES[cell] & g.fence_crossroads & ~(1 << g.fence[0]):
            return f"it would cut player {s}'s fence back"
    return _grown_refusal(state, seat, cell)


class Bribe(Handler):
    """'Choose a plot of an opponent's field adjacent to your field... now it
    belongs to you, he replace it with a plot of your color!'

    Mad Cow mode: the plot is one of the Cow's, never the one it stands on.
    Backlash: "Lose any one of your plots adjacent to the Cow."
    """

    kind = "bribe"
    target = "plot"

    def targets(self, state: State, seat: int, card: str) -> tuple[int, ...]:
        f = state.farmers[seat]
        cow = state.cow
        if cow is not None:
            candidates = _around(f.plots) & cow.plots & ~state.barns
            return tuple(
                c for c in _members(candidates) if cow_bribe_refusal(state, seat, c) is None
            )
        theirs = 0
        for s, g in enumerate(state.farmers):
            if s != seat:
                theirs |= g.plots
        candidates = _around(f.plots) & theirs & ~state.rules.barn_plots
        return tuple(c for c in _members(candidates) if bribe_refusal(state, seat, c) is None)

    def apply(self, state: State, seat: int, card: str, target: int) -> State:
        bit = 1 << target
        w = Work.copy(state)
        cow = state.cow
        if cow is not None:
            w.cow = cow.but(plots=cow.plots & ~bit)
        else:
            for s, g in enumerate(state.farmers):
                if g.plots & bit:
                    lost = pieces.settle(attrs.evolve(g, plots=g.plots & ~bit))
                    w.farmers = replaced(w.farmers, s, lost)
        f = w.farmers[seat]
        w.farmers = replaced(w.farmers, seat, pieces.settle(attrs.evolve(f, plots=f.plots | bit)))
        touches_again(w, seat)
        if cow is not None:
            # The partners share the field: theirs grows too.
            w.farmers = pieces.share(w.farmers, field(w.farmers))
        return w.freeze()

    def target_space(self, rules: Rules) -> tuple[int, ...]:
        """The plots without a barn (a barn a Backlash Dynamite blew up may go in
        the Mad Cow mode: every plot)."""
        if rules.mad_cow:
            return tuple(range(GRID.n_cells))
        return _members(GRID.all_cells & ~rules.barn_plots)

    def follow_ups(self, rules: Rules, card: str) -> int:
        """In Backlash mode, the plot lost to the Cow."""
        return 1 if rules.mad_cow else 0

    def refusal(self, state: State, seat: int, card: str, target: int) -> str:
        if state.cow is not None:
            reason = cow_bribe_refusal(state, seat, target) or "not now"
        else:
            reason = bribe_refusal(state, seat, target) or "not now"
        return f"{card} on {plot_name(target)}: {reason}"

    def backlash(self, state: State, seat: int, card: str) -> State:
        """'Lose any one of your plots adjacent to the Cow.' With none that may go
        (no immediate effect), the card is lost."""
        cow = the_cow(state)
        if any(
            surrender_refusal(state, c) is None
            for c in _members(CELL_NEIGHBOURS[cow.plot] & field(state.farmers))
        ):
            return state.with_cow(cow, (LoseToCow(seat, card, backlash_target(state)),))
        return state
