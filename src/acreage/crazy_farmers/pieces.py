"""Changes to the farmers' pieces shared by the moves and the bonus cards.

A farmer's main field, power and fence follow from its plots, its tractor
and its fence's starting point (the rulebook's Fallow Land focus):

* "The part of the field where your tractor is (or is connected to with
  fences) then becomes your main field, the remaining parts of your field
  are fallow."
* "If you are outside of your field AND without a fence, you temporarily no
  longer have a Main Field."
* A fence whose starting point no longer touches one of its owner's plots
  is lost: "Same thing if you annex the plot where the fence starts."

:func:`settle` re-derives them after any change of plots or fence.
"""

from __future__ import annotations

import bisect
import functools

import attrs

from acreage.core.chance import Deck, Pile
from acreage.crazy_farmers.board import VERTEX_CELLS, component, edge_between
from acreage.crazy_farmers.state import Farmer

__all__ = [
    "cut",
    "discarded",
    "eliminated",
    "fence_marks",
    "reshuffled",
    "settle",
    "share",
]


def fence_marks(fence: tuple[int, ...]) -> tuple[int, int]:
    """The paths and the crossroads (bitsets) of a fence given as crossroads."""
    paths = crossroads = 0
    for i, v in enumerate(fence):
        crossroads |= 1 << v
        if i:
            paths |= 1 << edge_between(fence[i - 1], v)
    return paths, crossroads


def settle(f: Farmer) -> Farmer:
    """``f`` with its fence and main field consistent with its plots and tractor."""
    if f.out:
        return f
    fence = f.fence
    if fence and not VERTEX_CELLS[fence[0]] & f.plots:
        fence = ()
    anchor = fence[0] if fence else f.tractor
    main = f.plots if anchor < 0 else component(f.plots, VERTEX_CELLS[anchor])
    if fence is f.fence and main == f.main:
        return f
    if fence:
        return attrs.evolve(f, main=main)
    return attrs.evolve(f, fence=(), fence_paths=0, fence_crossroads=0, main=main)


def cut(f: Farmer) -> Farmer:
    """``f`` after its fence is cut: removed entirely."""
    return settle(attrs.evolve(f, fence=(), fence_paths=0, fence_crossroads=0))


def eliminated(f: Farmer) -> Farmer:
    """``f`` once its last plot is taken: tractor and fence leave the board, cards are gone."""
    return Farmer(set_aside=f.set_aside, out=True)


def discarded(discard: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """The discard pile with ``cards`` added (kept sorted: its order never matters)."""
    if not cards:
        return discard
    if len(cards) == 1:
        (card,) = cards
        i = bisect.bisect_right(discard, card)
        return (*discard[:i], card, *discard[i:])
    return tuple(sorted(discard + cards))


@functools.lru_cache(maxsize=1024)
def reshuffled(discard: tuple[str, ...]) -> Deck[str]:
    """The discard pile (sorted) shuffled into a new draw pile: ``Deck.of(discard)``, quicker.

    The piles of one game recur (the whole Mad Cow deck, say), so each is made once.
    """
    counts: list[tuple[str, int]] = []
    for card in sorted(discard):
        if counts and counts[-1][0] == card:
            counts[-1] = (card, counts[-1][1] + 1)
        else:
            counts.append((card, 1))
    return Deck((Pile(tuple(counts)),)) if counts else Deck()


def share(farmers: tuple[Farmer, ...], plots: int) -> tuple[Farmer, ...]:
    """``farmers`` all holding ``plots`` (the Mad Cow mode: "play using the same tiles").

    Each keeps its own main field, the part of the field its fence starts
    from or its tractor stands on.
    """
    return tuple(f if f.out else _trim(settle(attrs.evolve(f, plots=plots))) for f in farmers)


def _trim(f: Farmer) -> Farmer:
    """``f`` with its fence cut back to its last crossroad on the main field.

    A partner's annexation can bring the shared field along a fence: that
    part of the fence now lies on the edge of the field and is removed.
    """
    fence = f.fence
    if not fence:
        return f
    last = max(i for i, v in enumerate(fence) if VERTEX_CELLS[v] & f.main)
    if not last:
        return f
    rest = fence[last:] if len(fence) - last >= 2 else ()
    paths, crossroads = fence_marks(rest)
    return attrs.evolve(f, fence=rest, fence_paths=paths, fence_crossroads=crossroads)
