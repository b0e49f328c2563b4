"""The moves carried out: one handler per task that takes a move (the engine's ``apply`` table).

A handler gets the draft, the task the move answers (already popped off the
draft's agenda) and the move, which the engine has judged legal: it is one of
the moves just listed for the state, or the game's own object equal to one.
So a handler only carries the move out; why an illegal move is refused is
:mod:`acreage.fields_of_green.explain`'s business.
"""

from __future__ import annotations

from bisect import bisect_left, insort

from acreage.core.chance import Deck, Pile
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.geometry import cell
from acreage.fields_of_green.moves import (
    AttachTool,
    Build,
    BuildSilo,
    BuildTower,
    ChooseTool,
    Convert,
    Deal,
    DealTool,
    Done,
    DrawFrom,
    KeepTool,
    Market,
    PayWater,
    Pick,
    Restore,
    ShutDown,
    StartPlayer,
    StoreWater,
    Supply,
)
from acreage.fields_of_green.queries import convert_effect, pay_options
from acreage.fields_of_green.rules import card_ids, tool_ids
from acreage.fields_of_green.state import (
    Act,
    AttachKept,
    ChooseDeck,
    ChooseSupply,
    ChooseTile,
    ConvertAt,
    DealCard,
    DealStart,
    DealTools,
    Gain,
    PayWaterDue,
    PickCard,
    PlaceSite,
    PlaceTool,
    StoreWaterTokens,
    SupplyNext,
)
from acreage.fields_of_green.work import (
    Work,
    attach,
    choose,
    deal_card,
    deck_question,
    place,
    replace_farm,
    shut_down,
    supply,
)

__all__ = [
    "apply_action",
    "apply_attach_kept",
    "apply_choose_tile",
    "apply_convert",
    "apply_deal",
    "apply_deal_tool",
    "apply_draw",
    "apply_pay",
    "apply_pick",
    "apply_place_tool",
    "apply_start",
    "apply_store",
    "apply_supply",
    "dealt",
]


def apply_action(
    w: Work, task: Act, move: Build | BuildTower | BuildSilo | Market | Restore
) -> None:
    """A) to E) with the revealed card: build it, build a water tower or a silo (the card
    discarded), sell at the market or restore a site (the card discarded)."""
    r, t = w.rules, w.rules.tables
    p = task.seat
    f = w.farms[p]
    if isinstance(move, Build):
        kind = w.picks[p]
        c = cell(r, move.x, move.y)
        coins, water, grain = t.cost[kind]
        if water:
            w.farms[p] = replace_farm(f, coins=f.coins - coins, grain=f.grain - grain)
            w.then(PayWaterDue(p, c, water), PlaceSite(p, c, kind))
        else:  # the PLACE step comes next: take it now, paying the costs with it
            place(w, p, c, kind, coins, grain)
    elif isinstance(move, Market):
        w.discard_pick(p)
        w.farms[p] = replace_farm(
            f,
            coins=f.coins + r.market_coins + move.sell * r.grain_price,
            grain=f.grain - move.sell,
        )
    elif isinstance(move, Restore):
        c = cell(r, move.x, move.y)
        w.discard_pick(p)
        w.farms[p] = replace_farm(f, coins=f.coins - r.restore_coins, down=f.down & ~(1 << c))
    else:  # BuildTower, BuildSilo
        c = cell(r, move.x, move.y)
        w.discard_pick(p)
        if isinstance(move, BuildTower):
            w.tower_stack -= 1
            place(w, p, c, t.tower, r.tower_coins)
        else:
            w.silo_stack -= 1
            place(w, p, c, t.silo)


def apply_pick(w: Work, task: PickCard, move: Pick) -> None:
    """Put the card aside face down."""
    p = task.seat
    k = card_ids(w.rules)[move.card]
    hand = list(w.hands[p])
    hand.remove(k)
    w.hands[p] = tuple(hand)
    w.picks[p] = k


def apply_draw(w: Work, task: ChooseDeck, move: DrawFrom) -> None:
    """The next blind card comes from the deck chosen: chance deals it."""
    d = DECKS.index(move.deck)
    w.agenda.append(deal_card(task.seat, task.drawn, task.used | 1 << d, d))


def apply_deal(w: Work, task: DealCard, move: Deal) -> None:
    """The card dealt goes to the hand; then the next blind card, until the hand is full."""
    p = task.seat
    k = card_ids(w.rules)[move.card]
    decks = list(w.decks)
    decks[task.deck] = dealt(decks[task.deck], k)
    w.decks = tuple(decks)
    hand = list(w.hands[p])
    insort(hand, k)
    w.hands[p] = tuple(hand)
    if task.drawn + 1 < w.rules.hand_size:
        w.agenda.append(deck_question(w.rules, w.decks, p, task.drawn + 1, task.used))


def dealt(deck: Deck[int], card: int) -> Deck[int]:
    """``deck.draw(card)``, faster for a location deck: one shuffled pile, never added to.

    A quarter of all moves are deals, and drawing was most of their cost. The pile's
    ``(card, count)`` pairs are sorted, so the card is found by bisection.
    """
    if len(deck.segments) != 1 or not isinstance(deck.segments[0], Pile):
        return deck.draw(card)
    counts = deck.segments[0].counts
    i = bisect_left(counts, (card,))
    if i == len(counts) or counts[i][0] != card:
        raise ValueError(f"{card!r} cannot be the next card drawn from this deck")
    n = counts[i][1]
    rest = (*counts[:i], (card, n - 1), *counts[i + 1 :]) if n > 1 else counts[:i] + counts[i + 1 :]
    return Deck((Pile(rest),)) if rest else Deck()


def apply_store(w: Work, task: StoreWaterTokens, move: StoreWater) -> None:
    """One token into the tower chosen; then the rest."""
    p = task.seat
    c = cell(w.rules, move.x, move.y)
    f = w.farms[p]
    towers = list(f.towers)
    for i, (tc, water, cap, reach) in enumerate(towers):
        if tc == c and water < cap:
            towers[i] = (tc, water + 1, cap, reach)
            break
    w.farms[p] = replace_farm(f, towers=tuple(towers))
    w.then(StoreWaterTokens(p, task.water - 1))


def apply_pay(w: Work, task: PayWaterDue, move: PayWater) -> None:
    """The tower chosen pays what the move says; what is still due is paid next."""
    r, p = w.rules, task.seat
    target, due = task.cell, task.water
    f = w.farms[p]
    c = cell(r, move.x, move.y)
    i = next(
        i for i, a in pay_options(r, f, target, due) if f.towers[i][0] == c and a == move.amount
    )
    tc, water, cap, reach = f.towers[i]
    towers = list(f.towers)
    towers[i] = (tc, water - move.amount, cap, reach)
    w.farms[p] = replace_farm(f, towers=tuple(towers))
    if due > move.amount:
        w.then(PayWaterDue(p, target, due - move.amount))


def apply_deal_tool(w: Work, task: DealTools, move: DealTool) -> None:
    """A tool tile drawn: the next, or the choice among the tiles drawn."""
    p = task.seat
    x = tool_ids(w.rules)[move.tool]
    w.tool_pile = w.tool_pile.draw(x)
    left = task.left - 1
    tiles = (*task.drawn, x)
    if left:
        w.agenda.append(DealTools(p, left, tiles))
    elif len(set(tiles)) > 1:
        w.agenda.append(ChooseTile(p, tiles))
    else:
        choose(w, p, tiles, x)


def apply_choose_tile(w: Work, task: ChooseTile, move: ChooseTool) -> None:
    """Keep the tile chosen; the rest go under the pile."""
    choose(w, task.seat, task.drawn, tool_ids(w.rules)[move.tool])


def apply_place_tool(w: Work, task: PlaceTool, move: AttachTool | KeepTool) -> None:
    """Attach the tool to the site chosen, or keep it aside."""
    p, x = task.seat, task.tool
    if isinstance(move, KeepTool):
        f = w.farms[p]
        w.farms[p] = replace_farm(f, kept=tuple(sorted((*f.kept, x))))
    else:
        attach(w, p, x, cell(w.rules, move.x, move.y))


def apply_attach_kept(w: Work, task: AttachKept, move: AttachTool | Done) -> None:
    """Attach a tool kept aside to the new site (then maybe another), or done."""
    if isinstance(move, Done):
        return
    p, c = task.seat, task.cell
    x = tool_ids(w.rules)[move.tool]
    f = w.farms[p]
    kept = list(f.kept)
    kept.remove(x)
    w.farms[p] = replace_farm(f, kept=tuple(kept))
    attach(w, p, x, c)
    w.then(AttachKept(p, c))


def apply_supply(w: Work, task: ChooseSupply, move: Supply | ShutDown) -> None:
    """Supply the site chosen, or shut it down when it cannot be supplied; then the next."""
    p, remaining = task.seat, task.remaining
    c = cell(w.rules, move.x, move.y)
    if isinstance(move, ShutDown):
        shut_down(w, p, 1 << c)
        w.then(SupplyNext(p, remaining & ~(1 << c)))
    else:
        supply(w, p, c, remaining)


def apply_convert(w: Work, task: ConvertAt, move: Convert | Done) -> None:
    """Convert once more (pay, gain, and maybe again), or done."""
    if isinstance(move, Done):
        return
    p, c = task.seat, task.cell
    f = w.farms[p]
    e = convert_effect(w.rules, f.kind_at(c))
    w.farms[p] = replace_farm(f, coins=f.coins - e[7], grain=f.grain - e[8])
    w.then(Gain(p, e[1], e[2], e[3], e[4]), ConvertAt(p, c, task.left - 1))


def apply_start(w: Work, task: DealStart, move: StartPlayer) -> None:
    """The start player chance chose."""
    w.start = move.seat
