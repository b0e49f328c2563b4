"""Setup and the months of Get Off My Land!: the chance events and the steps between turns.

The chance events: the farmhouse tiles dealt, the fence cards drawn, the
market track refilled and the forest tiles revealed (their outcomes, the
check that an outcome can happen now, and applying it), with the reshuffles
of an empty fence or market deck. The setup's choices (the farmhouse kept)
and the discard down to the hand limit. Between turns: the start of a month
(income, the first player's turn), the end of a turn (the next player, or the
end of the month) and the end of a month (its events: crops, livestock and
equipment mature, winter, the first player moves on).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from acreage.core.bitset import bits
from acreage.core.chance import Counted, Deck, Pile, counted
from acreage.core.frozen import builder, replaced
from acreage.get_off_my_land import land
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.farm import income
from acreage.get_off_my_land.state import State
from acreage.get_off_my_land.tables import CROP, EQUIPMENT, LIVESTOCK, Tables
from acreage.get_off_my_land.work import Work, draw_card, start_month_task, turn

__all__ = [
    "apply_choose_farmhouse",
    "apply_deal",
    "apply_discard",
    "apply_draw",
    "apply_reveal",
    "apply_uncover",
    "choose_farmhouse_moves",
    "deal_outcomes",
    "discard_moves",
    "draw_outcomes",
    "end_turn",
    "finish_turn",
    "forest_pool",
    "possible_deal",
    "possible_draw",
    "possible_reveal",
    "possible_tile",
    "ready_draw",
    "ready_reveal",
    "reveal_outcomes",
    "start_month",
    "tile_outcomes",
]


_pile = builder(Pile)
_deck = builder(Deck)

Distribution = tuple[tuple[Any, Fraction], ...]

_SECOND = operator.itemgetter(1)


def _kept(t: Tables, key: tuple[object, ...], dist: Callable[[], Distribution]) -> Distribution:
    """The distribution ``key`` names: the very tuple made last time, if it is kept,
    so that :func:`acreage.core.chance.sample` can reuse its tables for it."""
    out: Distribution | None = t.dists.get(key)
    if out is None:
        if len(t.dists) >= 4096:
            t.dists.clear()
        out = t.dists[key] = dist()
    return out


def _undealt(s: State) -> tuple[int, ...]:
    """The farmhouse tiles nobody was dealt yet."""
    dealt = {f for offer in s.offers for f in offer} | {f for f in s.farmhouses if f >= 0}
    return tuple(f for f in range(len(s.rules.farmhouses)) if f not in dealt)


def deal_outcomes(s: State, task: st.DealFarmhouse) -> tuple[tuple[Any, Fraction], ...]:
    """The farmhouse tiles the next deal may give, each as likely as any other."""
    free = _undealt(s)
    moves = s.rules.tables.deal_moves

    def dist() -> tuple[tuple[Any, Fraction], ...]:
        return counted([(moves[f], 1) for f in free])

    return _kept(s.rules.tables, ("farmhouses", free), dist)


@functools.lru_cache(maxsize=256)
def _shares(total: int) -> tuple[Fraction, ...]:
    """``k / total`` for each ``k`` up to ``total``, made once."""
    return tuple(Fraction(k, total) for k in range(total + 1))


def _deck_outcomes(
    t: Tables, deck: Deck[int], moves: tuple[Any, ...], name: str, keep: bool
) -> tuple[tuple[Any, Fraction], ...]:
    """The next card's distribution; with ``keep``, the same tuple for equal piles
    while kept (worth it where equal piles come back often, as in the market)."""
    top = deck.segments[0]
    if not isinstance(top, Pile):
        return tuple((moves[card], p) for card, p in deck.draw_outcomes())
    counts = top.counts
    if keep:
        key = (name, counts)
        kept: Distribution | None = t.dists.get(key)
        if kept is not None:
            return kept
    # The (move, probability) pairs are made once for each pile size and shared
    # by every distribution: fewer objects for the garbage collector to walk.
    cumulative = tuple(itertools.accumulate(map(_SECOND, counts)))
    total = cumulative[-1]
    table = t.outcome_pairs.get((name, total))
    if table is None:
        table = t.outcome_pairs[name, total] = {}
    try:
        dist = Counted(map(table.__getitem__, counts))  # each (card, k) -> (move, k / total)
    except KeyError:
        shares = _shares(total)
        for pair in counts:
            if pair not in table:
                table[pair] = (moves[pair[0]], shares[pair[1]])
        dist = Counted(map(table.__getitem__, counts))
    # The running counts over their greatest common divisor (that of the
    # counts): the least common denominator of the probabilities, as counted() does.
    g = math.gcd(*cumulative)
    dist.cumulative = cumulative if g == 1 else tuple(c // g for c in cumulative)
    if keep:
        if len(t.dists) >= 4096:
            t.dists.clear()
        t.dists[key] = dist
    return dist


def draw_outcomes(s: State, task: st.DrawCard) -> tuple[tuple[Any, Fraction], ...]:
    """The fence card drawn next, by how many of each the fence deck holds."""
    t = s.rules.tables
    return _deck_outcomes(t, s.fence_deck, t.draw_moves, "fence deck", False)


def reveal_outcomes(s: State, task: st.RevealMarket) -> tuple[tuple[Any, Fraction], ...]:
    """The market card revealed next, by how many of each the market deck holds."""
    t = s.rules.tables
    return _deck_outcomes(t, s.market_deck, t.reveal_moves, "market deck", True)


def forest_pool(s: State | Work, cell: int) -> list[int]:
    """How many tiles of each forest tile kind may still lie under ``cell``'s forest side."""
    t = s.rules.tables
    kind = t.forest_kind[cell]
    pool = list(t.forest_pool[kind])
    for c in bits(s.cleared & t.forest_mask):  # the logged forest tiles
        tile = s.tiles[c]
        if tile >= 0 and t.forest_kind[c] == kind:
            pool[tile] -= 1
    return pool


def tile_outcomes(s: State, task: st.RevealTile) -> tuple[tuple[Any, Fraction], ...]:
    """The forest tile under the logged cell, by how many of each kind may still lie there."""
    pool = tuple(forest_pool(s, task.cell))
    moves = s.rules.tables.uncover_moves

    def dist() -> tuple[tuple[Any, Fraction], ...]:
        return counted([(moves[i], k) for i, k in enumerate(pool) if k])

    return _kept(s.rules.tables, ("forest tiles", pool), dist)


def choose_farmhouse_moves(s: State, task: st.ChooseFarmhouse) -> list[Any]:
    """Keep one of the farmhouse tiles the player was dealt."""
    keep = s.rules.tables.keep_moves
    return [keep[f] for f in s.offers[task.seat]]


def discard_moves(s: State, task: st.DiscardDown) -> list[Any]:
    """Discard one fence card (each card once) to get down to the hand limit."""
    moves = s.rules.tables.discard_moves
    return [moves[k] for k in sorted(set(s.hands[task.seat]))]


def _is_own(moves: tuple[Any, ...], i: object, move: object) -> bool:
    """Whether ``move`` is ``moves[i]``, the game's own object: a chance outcome made
    by hand (or unpickled) is judged the slow way, by its text (see the engine's ``_own``)."""
    return type(i) is int and 0 <= i < len(moves) and moves[i] is move


def possible_deal(s: State, task: st.DealFarmhouse, move: Any) -> bool:
    """Whether ``move`` deals a farmhouse tile nobody was dealt yet."""
    return (
        isinstance(move, mv.DealFarmhouse)
        and _is_own(s.rules.tables.deal_moves, move.farmhouse, move)
        and move.farmhouse in _undealt(s)
    )


def _can_draw(deck: Deck[int], card: int) -> bool:
    """``deck.can_draw(card)``, by bisection for the usual shuffled pile on top."""
    if not deck.segments:
        return False
    top = deck.segments[0]
    if isinstance(top, Pile):
        counts = top.counts
        i = bisect.bisect_left(counts, (card,))
        return i < len(counts) and counts[i][0] == card
    return deck.can_draw(card)


def possible_draw(s: State, task: st.DrawCard, move: Any) -> bool:
    """Whether ``move`` draws a fence card the fence deck holds."""
    return (
        isinstance(move, mv.Draw)
        and _is_own(s.rules.tables.draw_moves, move.card, move)
        and _can_draw(s.fence_deck, move.card)
    )


def possible_reveal(s: State, task: st.RevealMarket, move: Any) -> bool:
    """Whether ``move`` reveals a market card the market deck holds."""
    return (
        isinstance(move, mv.Reveal)
        and _is_own(s.rules.tables.reveal_moves, move.card, move)
        and _can_draw(s.market_deck, move.card)
    )


def possible_tile(s: State, task: st.RevealTile, move: Any) -> bool:
    """Whether ``move`` reveals a forest tile that may still lie under the cell."""
    if not isinstance(move, mv.Uncover) or not _is_own(
        s.rules.tables.uncover_moves, move.tile, move
    ):
        return False
    return forest_pool(s, task.cell)[move.tile] > 0


def apply_deal(w: Work, task: st.DealFarmhouse, move: mv.DealFarmhouse) -> None:
    """The dealt farmhouse tile joins the player's offer."""
    w.offers = replaced(w.offers, task.seat, tuple(sorted((*w.offers[task.seat], move.farmhouse))))


def _draw(deck: Deck[int], card: int) -> Deck[int]:
    """``deck.draw(card)`` with a short path for the usual shuffled pile on top."""
    top = deck.segments[0]
    if isinstance(top, Pile):
        counts = top.counts
        i = bisect.bisect_left(counts, (card,))
        if i < len(counts) and counts[i][0] == card:
            k = counts[i][1]
            left = list(counts)
            if k > 1:
                left[i] = (card, k - 1)
            else:
                del left[i]
            rest = tuple(left)
            if rest:
                return _deck((_pile(rest), *deck.segments[1:]))
            return _deck(deck.segments[1:])
    return deck.draw(card)


def apply_draw(w: Work, task: st.DrawCard, move: mv.Draw) -> None:
    """The drawn fence card leaves the deck for the player's hand."""
    w.fence_deck = _draw(w.fence_deck, move.card)
    w.gain(task.seat, move.card)


def apply_reveal(w: Work, task: st.RevealMarket, move: mv.Reveal) -> None:
    """The revealed market card fills the track's first empty slot; the refill goes on."""
    w.market_deck = _draw(w.market_deck, move.card)
    w.track = replaced(w.track, w.track.index(-1), move.card)
    w.agenda.append(task)


def apply_uncover(w: Work, task: st.RevealTile, move: mv.Uncover) -> None:
    """The revealed forest tile clears the cell; when logged, its reward (a fence card or the treasure)."""
    c = task.cell
    w.tiles = replaced(w.tiles, c, move.tile)
    w.cleared |= 1 << c
    if not task.rewards:
        return
    reward = w.t.forest[move.tile].reward
    if reward == "fence card":
        w.agenda.append(draw_card(task.seat))
    elif reward == "buried treasure":
        w.pay(task.seat, w.rules.treasure)


def apply_choose_farmhouse(w: Work, task: st.ChooseFarmhouse, move: mv.Keep) -> None:
    """The player keeps the chosen farmhouse tile; the rest of the offer goes."""
    w.farmhouses = replaced(w.farmhouses, task.seat, move.farmhouse)
    w.offers = replaced(w.offers, task.seat, ())


def apply_discard(w: Work, task: st.DiscardDown, move: mv.Discard) -> None:
    """The card leaves the player's hand for the fence discard pile."""
    w.lose(task.seat, move.card)
    w.discard_fence_card(move.card)


def start_month(w: Work, task: st.StartMonth) -> None:
    """Income at the start of each month but the first, then the first player's turn."""
    if w.month > 0:
        w.refresh()
        w.money = tuple(map(operator.add, w.money, income(w)))  # one income a player
    w.agenda.append(turn(w.first, w.rules.actions_per_turn, False))


def _cells_of(w: Work, kind: int) -> int:
    """Tiles holding a card of type ``kind``."""
    crops, livestock, _, _, planted = land.card_sets(w.t, w.cards)
    if kind == CROP:
        return crops
    if kind == LIVESTOCK:
        return livestock
    return planted & ~crops & ~livestock


def _end_month(w: Work) -> None:
    """The month marker moves on; the events of the month it leaves happen in order."""
    for event in w.rules.months[w.month].events:
        if event == "crops":
            w.mature |= _cells_of(w, CROP)
        elif event == "livestock":
            w.mature |= _cells_of(w, LIVESTOCK)
        elif event == "equipment":
            w.mature |= _cells_of(w, EQUIPMENT)
        elif event == "winter":
            for c in bits(_cells_of(w, CROP)):
                w.clear_tile(c)
        else:
            w.first = (w.first + 1) % w.rules.players
        w.settle()
    w.month += 1
    if w.month < len(w.rules.months):
        w.agenda.append(start_month_task())


def end_turn(w: Work, task: st.EndTurn) -> None:
    """The end of a turn that waited for a discard down to the hand limit."""
    finish_turn(w, task.seat, task)


def finish_turn(w: Work, p: int, task: st.EndTurn | None) -> None:
    """The end of ``p``'s turn (``task``, if it is on the agenda already): discard
    down to the hand limit first, then the next turn or the end of the month."""
    if len(w.hands[p]) > w.rules.hand_limit:
        w.agenda += [task or st.EndTurn(p), st.DiscardDown(p)]
        return
    nxt = (p + 1) % w.rules.players
    if nxt == w.first:
        _end_month(w)
    else:
        w.agenda.append(turn(nxt, w.rules.actions_per_turn, False))


def ready_draw(w: Work, task: st.DrawCard) -> bool:
    """An empty fence deck: "reshuffle the discarded cards to form a new fence deck"."""
    if w.fence_deck.segments:  # (= bool(deck), without the call)
        return True
    if w.fence_discard:
        w.fence_deck = Deck.of(w.fence_discard)
        w.fence_discard = ()
        return True
    w.agenda.pop()
    return False


def ready_reveal(w: Work, task: st.RevealMarket) -> bool:
    """Refill the track; "if the $10 slot ever becomes empty, shuffle all the market
    cards that were removed from the game and make a new market deck"."""
    if -1 in w.track:
        if w.market_deck.segments:
            return True
        if w.market_discard:
            w.market_deck = Deck.of(w.market_discard)
            w.market_discard = ()
            return True
    w.agenda.pop()
    return False
