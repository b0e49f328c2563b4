"""Annexing: the plots a fence closes off with its field, and who gets them.

"When your tractor returns to the edge of your field while pulling a fence,
you annex the plot(s) surrounded by your fences and your field." A farmer
annexes for themselves in the competitive game (:func:`annex`); in the Mad
Cow mode the players annex together, against the Cow (:func:`team_annex`).
A Bribe that grows a field onto its own fence annexes without a move
(:func:`touches_again`), so this sits below the bonus cards, which the
tractor's drives and the Mad Cow's turns play. A drive that brings the fence
back to its main field annexes what it closes off (:func:`close`).
"""

from __future__ import annotations

import attrs

from acreage.core.frozen import replaced
from acreage.core.regions import Border, partition
from acreage.crazy_farmers import cow as herd
from acreage.crazy_farmers.board import GRID, VERTEX_CELLS, field_boundary
from acreage.crazy_farmers.pieces import discarded, eliminated, fence_marks, settle, share
from acreage.crazy_farmers.scoring import table_tiles_left
from acreage.crazy_farmers.state import (
    NO_GUARD,
    WATCHDOG,
    Farmer,
    Work,
)
from acreage.crazy_farmers.tasks import DrawCards, turn

__all__ = [
    "annex",
    "close",
    "closed_off",
    "enclosed",
    "guarded_plots",
    "team_annex",
    "touches_again",
]


def closed_off(walls: int, fields: int) -> int:
    """The plots closed off by ``walls`` (paths) that are not part of ``fields`` (bitset).

    The board's edge is no wall: a group of plots with a path on the edge
    that holds no wall is open.
    """
    out = 0
    for region in partition(GRID, walls, Border.OPEN).regions:
        if region.closed and not region.cells & fields:
            out |= region.cells
    return out


def enclosed(f: Farmer) -> int:
    """The plots closed off by ``f``'s fence and main field (bitset).

    "When your tractor returns to the edge of your field while pulling a
    fence, you annex the plot(s) surrounded by your fences and your field."
    """
    return closed_off(f.fence_paths | field_boundary(f.main), f.main)


def guarded_plots(farmers: tuple[Farmer, ...], seat: int) -> int:
    """The plots of ``seat``'s opponents among ``farmers`` a Watchdog protects (bitset).

    "Annexations by opponents leave the plots and barns of the protected player in place."
    """
    out = 0
    for s, g in enumerate(farmers):
        if s != seat and g.guards & WATCHDOG:
            out |= g.plots
    return out


def annex(w: Work, seat: int, taken: int) -> None:
    """``w`` after ``seat`` annexes the plots ``taken`` (its own fallow ones rejoin).

    "Place your Plot tiles and replace your opponents' plots [...] win 1 Bonus
    card per Barn (2 for an opponent's Barn)". Opponents who lose plots get
    their tiles back, may be left with fallow land, lose a fence whose starting
    point no longer touches their field, and are eliminated with their last
    plot. The game ends if the tiles run out or no opponent is left; otherwise
    the barns' cards are drawn (chance) before the turn resumes.
    """
    rules = w.rules
    f = w.farmers[seat]
    others = 0
    for s, g in enumerate(w.farmers):
        if s != seat:
            others |= g.plots
    fresh = taken & ~f.plots & ~others
    captured = taken & others
    pile = table_tiles_left(rules, w.farmers, seat)
    tiles_needed = fresh.bit_count() + (0 if rules.common_pile else captured.bit_count())
    cards = (fresh & rules.barn_plots).bit_count() + 2 * (captured & rules.barn_plots).bit_count()
    farmers = replaced(w.farmers, seat, settle(attrs.evolve(f, plots=f.plots | taken)))
    discard = w.discard
    for s, g in enumerate(farmers):
        if s == seat or not g.plots & captured:
            continue
        left = g.plots & ~captured
        if left:
            # "hand him/her back his plot tiles"; their field may split into fallow land.
            farmers = replaced(farmers, s, settle(attrs.evolve(g, plots=left)))
        else:
            # "If a player has annexed the last plot you had on the board, you
            # are eliminated. Remove your tractor and fences from the board."
            discard = discarded(discard, g.hand + g.in_play)
            farmers = replaced(farmers, s, eliminated(g))
    ended = ""
    if tiles_needed >= pile:
        ended = "tiles"
    elif all(g.out for s, g in enumerate(farmers) if s != seat):
        ended = "elimination"
    if ended:
        w.end()
    else:
        available = len(w.deck) + len(discard) + (1 if w.endgame >= 0 else 0)
        _draw_then_turn(w, min(cards, available))
    w.farmers = farmers
    w.discard = discard
    w.ended = ended


def team_annex(w: Work, seat: int, taken: int) -> None:
    """Mad Cow mode: ``w`` after the players (``seat``'s tractor) annex the plots ``taken``.

    Empty plots and the Cow's plots become the players' (a barn earns 1
    card, 2 on the Cow's field: the Cow is the opponent). "You win if you
    lock the Cow down by annexing at least 3 plots": an annexation taking the
    plot the Cow stands on and at least ``Rules.lockdown_plots`` plots wins;
    a smaller one leaves the Cow's plot in place. A Backlash Watchdog leaves
    all the Cow's plots in place.
    """
    rules = w.rules
    cow = w.cow
    assert cow is not None, "the players annex together against the Mad Cow"
    if cow.guard != NO_GUARD:
        taken &= ~cow.plots
    here = 1 << cow.plot
    lockdown = bool(taken & here) and taken.bit_count() >= rules.lockdown_plots
    if not lockdown:
        taken &= ~here
    team = herd.field(w.farmers)
    captured = taken & cow.plots
    fresh = taken & ~team & ~captured
    barns = rules.barn_plots & ~cow.blasted  # State.barns
    cards = (fresh & barns).bit_count() + 2 * (captured & barns).bit_count()
    w.farmers = share(w.farmers, team | taken)
    w.cow = cow.but(plots=cow.plots & ~captured)
    if lockdown:
        w.end()
        w.ended = "lockdown"
    else:
        _draw_then_turn(w, min(cards, len(w.deck) + len(w.discard)))


def _draw_then_turn(w: Work, cards: int) -> None:
    """The player to move draws ``cards`` bonus cards (chance) before their turn resumes."""
    seat = w.player
    w.then(DrawCards(seat, cards) if cards else turn(seat))


def close(w: Work) -> None:
    """The fence of the player to move touched its main field again: annex what it closes off.

    "Remove unnecessary fences": back on its field, the tractor needs none.
    """
    seat = w.player
    f = w.farmers[seat]
    unfenced = attrs.evolve(f, fence=(), fence_paths=0, fence_crossroads=0)
    w.farmers = replaced(w.farmers, seat, unfenced)
    if w.cow is not None:
        team_annex(w, seat, enclosed(f))
    else:
        annex(w, seat, enclosed(f) & ~guarded_plots(w.farmers, seat))


def touches_again(w: Work, seat: int) -> None:
    """``w`` after ``seat``'s field grew along its fence without a move (a Bribe).

    The authors' FAQ: "if the Bribe is used to take a plot that closes a
    fence, which then causes an annexation [...] There were intermediate
    effects, thus the Bribe is allowed." The fence up to its last crossroad
    touching the main field annexes what it closes off with the field; the
    rest of it, from that crossroad to the tractor, stays down.
    """
    f = w.farmers[seat]
    fence = f.fence
    last = 0
    for i in range(1, len(fence)):
        if VERTEX_CELLS[fence[i]] & f.main:
            last = i
    if not last:
        return
    used, _ = fence_marks(fence[: last + 1])
    rest = fence[last:] if len(fence) - last >= 2 else ()
    paths, crossroads = fence_marks(rest)
    kept = attrs.evolve(f, fence=rest, fence_paths=paths, fence_crossroads=crossroads)
    w.farmers = replaced(w.farmers, seat, kept)
    if w.cow is not None:
        taken = closed_off(used | field_boundary(f.main), f.main)
        if taken:
            team_annex(w, seat, taken)
    else:
        taken = enclosed(attrs.evolve(f, fence_paths=used)) & ~guarded_plots(w.farmers, seat)
        if taken:
            annex(w, seat, taken)
