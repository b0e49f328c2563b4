"""Card actions in Get Off My Land!: the fence cards played for their action, buying, harvesting.

Each fence card played for its action pushes its first decision: Get Off My
Land! (send a farmer home, place yours), Midnight Raid!, Slash and Burn!
(flip forest tiles or break a fence), Manager's Deal!, Implements of
Destruction!, Fertilizer! and Steroids!, Combine!. With them the steps a
turn's actions share: buying a market card onto a tile, harvesting a mature
card, and the card discarded when its action is done (Lumber's draw too).
"""

from __future__ import annotations

from typing import Any

from acreage.core.bitset import bits
from acreage.core.frozen import replaced
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land import options as op
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.farm import bonus_cards, card_income, harvest_value, harvestable, price
from acreage.get_off_my_land.state import State
from acreage.get_off_my_land.tables import EQUIPMENT
from acreage.get_off_my_land.work import Work, draw_card, finish_lumber_task, reveal_tile

__all__ = [
    "apply_clear_farmer",
    "apply_combine",
    "apply_destroy",
    "apply_grow",
    "apply_managers",
    "apply_raid",
    "apply_scrap",
    "apply_set_farmer",
    "apply_slash_break",
    "apply_slash_choice",
    "apply_slash_flip",
    "buy",
    "clear_farmer_moves",
    "combine_moves",
    "destroy_moves",
    "finish_card",
    "finish_lumber",
    "finish_slash",
    "grow_moves",
    "harvest",
    "managers_moves",
    "raid_moves",
    "ready_combine",
    "ready_countdown",
    "ready_scrap",
    "ready_slash_flip",
    "scrap_moves",
    "set_farmer_moves",
    "slash_break_moves",
    "slash_choice_moves",
    "slash_flip_moves",
    "start_card",
]


def clear_farmer_moves(s: State, task: st.ClearFarmer) -> list[Any]:
    """Get Off My Land!: send an opponent's farmer home, or done."""
    t = s.rules.tables
    return [*(t.send_home[q] for q in op.send_home_targets(s, task.seat)), t.done]


def set_farmer_moves(s: State, task: st.SetFarmer) -> list[Any]:
    """Get Off My Land!: place your farmer, or done."""
    t = s.rules.tables
    spots = op.farmer_targets(s, task.seat)
    return [*(t.farmer_moves[c] for c in bits(spots)), t.done]


def raid_moves(s: State, task: st.RaidTarget) -> list[Any]:
    """Midnight Raid!: the opponents' market cards the farmer may raid."""
    moves = s.rules.tables.raid_moves
    return [moves[c] for c in bits(op.raid_targets(s, task.seat))]


def slash_choice_moves(s: State, task: st.SlashChoice) -> list[Any]:
    """Slash and Burn!: flip forest tiles, or break a fence."""
    t = s.rules.tables
    return [t.slash_log, t.slash_break]


def slash_flip_moves(s: State, task: st.SlashFlip) -> list[Any]:
    """Slash and Burn!: the forest tiles that may be flipped."""
    moves = s.rules.tables.flip_moves
    return [moves[c] for c in bits(op.log_targets(s, task.seat))]


def slash_break_moves(s: State, task: st.SlashBreak) -> list[Any]:
    """Slash and Burn!: the fences that may be broken, or done."""
    return [*op.break_moves(s, task.seat), s.rules.tables.done]


def managers_moves(s: State, task: st.ManagersDeal) -> list[Any]:
    """Manager's Deal!: the market cards that may be bought at the manager's price."""
    return list(op.buy_moves(s, task.seat, s.rules.manager_price))


def destroy_moves(s: State, task: st.Destroy) -> list[Any]:
    """Implements of Destruction!: the uses not taken yet (remove a market card, break a fence, send a farmer home), or done."""
    t = s.rules.tables
    out: list[Any] = []
    if not task.used & 1:
        out += op.remove_card_moves(s)
    if not task.used & 2:
        out += op.break_moves(s, task.seat)
    if not task.used & 4:
        out += [t.send_home[q] for q, c in enumerate(s.farmers) if c != t.farm_cell[q]]
    out.append(t.done)
    return out


def grow_moves(s: State, task: st.Grow) -> list[Any]:
    """Fertilizer! or Steroids!: buy a card (once), mature one, or done."""
    t = s.rules.tables
    out: list[Any] = [] if task.bought else list(op.buy_moves(s, task.seat))
    out += [t.mature_moves[c] for c in bits(op.maturable(s, task.seat, task.livestock))]
    out.append(t.done)
    return out


def combine_moves(s: State, task: st.Combine) -> list[Any]:
    """Combine!: the cards that may be harvested, or done after the first."""
    t = s.rules.tables
    out: list[Any] = [t.harvest_moves[c] for c in bits(harvestable(s, task.seat))]
    if task.harvested:
        out.append(t.done)
    return out


def scrap_moves(s: State, task: st.ScrapHarvested) -> list[Any]:
    """Combine!: the harvested card to scrap."""
    moves = s.rules.tables.scrap_moves
    return [moves[c] for c in task.cells]


def buy(w: Work, seat: int, move: mv.Buy, cost: int) -> None:
    """Pay for the card in ``move.slot`` and place it on ``move.cell``.

    "Place the card immature side up ... (The only exception is when buying
    equipment cards, place them grey border side up.)" A card already on the
    tile is replaced and discarded.
    """
    w.refresh()
    w.pay(seat, -price(w, seat, move.card, cost))
    w.take_from_track(move.slot)
    c = move.cell
    if w.cards[c] >= 0:
        w.clear_tile(c)
    w.cards = replaced(w.cards, c, move.card)
    if w.t.market_type[move.card] == EQUIPMENT:
        w.mature |= 1 << c


def harvest(w: Work, seat: int, cell: int) -> None:
    """Flip a mature card to collect its harvest value, or exhaust equipment to draw."""
    w.refresh()
    k = w.cards[cell]
    if w.t.market_type[k] == EQUIPMENT:
        w.agenda += [draw_card(seat)] * w.rules.equipment_draw
    else:
        w.pay(seat, harvest_value(w, cell, seat))
    w.mature &= ~(1 << cell)


def start_card(w: Work, seat: int, title: str) -> None:
    """Push the first decisions of a fence card played for its action."""
    if title == "Get Off My Land!":
        w.agenda += [st.SetFarmer(seat), st.ClearFarmer(seat)]
    elif title == "Midnight Raid!":
        w.agenda.append(st.RaidTarget(seat))
    elif title == "Slash and Burn!":
        w.agenda.append(st.SlashChoice(seat))
    elif title == "Manager's Deal!":
        w.agenda.append(st.ManagersDeal(seat))
    elif title == "Implements of Destruction!":
        w.agenda.append(st.Destroy(seat, 0, 2))
    elif title in ("Fertilizer!", "Steroids!"):
        w.agenda.append(st.Grow(seat, title == "Steroids!", False, 2))
    else:
        w.agenda.append(st.Combine(seat, ()))


def apply_clear_farmer(w: Work, task: st.ClearFarmer, move: Any) -> None:
    """Send the chosen farmer home (or none)."""
    if isinstance(move, mv.SendHome):
        w.farmers = replaced(w.farmers, move.player, w.t.farm_cell[move.player])


def apply_set_farmer(w: Work, task: st.SetFarmer, move: Any) -> None:
    """Place the player's farmer (or not)."""
    if isinstance(move, mv.PlaceFarmer):
        w.farmers = replaced(w.farmers, task.seat, move.cell)


def apply_raid(w: Work, task: st.RaidTarget, move: mv.Raid) -> None:
    """Midnight Raid!: "place your farmer on an opponent's market card and immediately
    collect its income"."""
    p = task.seat
    w.farmers = replaced(w.farmers, p, move.cell)
    w.pay(p, card_income(w, move.cell, p, bonus_cards(w, p)))


def apply_slash_choice(w: Work, task: st.SlashChoice, move: mv.SlashOption) -> None:
    """Push the flips (then the draw) or the break chosen."""
    p = task.seat
    if move.log:
        w.agenda += [st.FinishSlash(p), st.SlashFlip(p, 2)]
    else:
        w.agenda += [st.StartBatch(p, 1), st.SlashBreak(p)]


def apply_slash_flip(w: Work, task: st.SlashFlip, move: mv.Flip) -> None:
    """Flip a forest tile (its reveal follows, with no reward)."""
    w.agenda += [
        st.SlashFlip(task.seat, task.left - 1),
        reveal_tile(move.cell, task.seat, False),
    ]


def _break(w: Work, seat: int, move: mv.Break) -> None:
    w.refresh()
    victims = op.break_victims(w, seat, move.edge, move.owner)
    w.agenda.append(st.Breaking(seat, move.edge, move.owner, victims))


def apply_slash_break(w: Work, task: st.SlashBreak, move: Any) -> None:
    """Break the chosen fence (or none)."""
    if isinstance(move, mv.Break):
        _break(w, task.seat, move)


def apply_managers(w: Work, task: st.ManagersDeal, move: mv.Buy) -> None:
    """Buy the chosen market card at the manager's price."""
    buy(w, task.seat, move, w.rules.manager_price)


def apply_destroy(w: Work, task: st.Destroy, move: Any) -> None:
    """Use one of the card's uses not taken yet, or stop."""
    p = task.seat
    if isinstance(move, mv.Done):
        return
    if isinstance(move, mv.RemoveCard):
        w.agenda.append(st.Destroy(p, task.used | 1, task.left - 1))
        w.discard_market_card(w.take_from_track(move.slot))
    elif isinstance(move, mv.Break):
        w.agenda.append(st.Destroy(p, task.used | 2, task.left - 1))
        _break(w, p, move)
    else:
        w.agenda.append(st.Destroy(p, task.used | 4, task.left - 1))
        w.farmers = replaced(w.farmers, move.player, w.t.farm_cell[move.player])


def apply_grow(w: Work, task: st.Grow, move: Any) -> None:
    """Buy a card, mature one, or stop."""
    p = task.seat
    if isinstance(move, mv.Done):
        return
    if isinstance(move, mv.Buy):
        w.agenda.append(st.Grow(p, task.livestock, True, task.left - 1))
        buy(w, p, move, w.rules.market_costs[move.slot])
    else:
        w.agenda.append(st.Grow(p, task.livestock, task.bought, task.left - 1))
        w.mature |= 1 << move.cell
        w.settle()


def apply_combine(w: Work, task: st.Combine, move: Any) -> None:
    """Harvest one more card, or stop and scrap one of those harvested."""
    if isinstance(move, mv.Done):
        w.agenda.append(st.ScrapHarvested(task.seat, task.harvested))
        return
    w.agenda.append(st.Combine(task.seat, (*task.harvested, move.cell)))
    harvest(w, task.seat, move.cell)


def apply_scrap(w: Work, task: st.ScrapHarvested, move: mv.Scrap) -> None:
    """Remove the chosen harvested card from the game."""
    w.clear_tile(move.cell)


def finish_card(w: Work, task: st.FinishCard) -> None:
    """The played card is discarded: "Discard the used fence card(s) when you are finished"."""
    w.discard_fence_card(task.card)


def finish_lumber(w: Work, task: st.FinishLumber) -> None:
    """Lumber: draw 2 fence cards, then remove the card in the $2 slot from the game."""
    if not task.drawn:
        w.agenda += [finish_lumber_task(task.seat, True)]
        w.agenda += [draw_card(task.seat)] * w.rules.lumber_cards
    elif w.track[0] >= 0:
        w.discard_market_card(w.take_from_track(0))


def finish_slash(w: Work, task: st.FinishSlash) -> None:
    """Slash and Burn! after the flips: draw 3 fence cards."""
    w.agenda += [draw_card(task.seat)] * 3


def ready_slash_flip(w: Work, task: st.SlashFlip) -> bool:
    """Whether a flip is left and a forest tile can be flipped."""
    if task.left > 0 and op.log_targets(w, task.seat):
        return True
    w.agenda.pop()
    return False


def ready_countdown(w: Work, task: st.Destroy | st.Grow) -> bool:
    """Whether the card has a use left."""
    if task.left > 0:
        return True
    w.agenda.pop()
    return False


def ready_combine(w: Work, task: st.Combine) -> bool:
    """Whether Combine! goes on; otherwise a harvested card is scrapped."""
    w.refresh()
    if len(task.harvested) < 2 and (not task.harvested or harvestable(w, task.seat)):
        return True
    w.agenda[-1] = st.ScrapHarvested(task.seat, task.harvested)
    return False


def ready_scrap(w: Work, task: st.ScrapHarvested) -> bool:
    """Whether there is a choice of card to scrap; a lone one is scrapped."""
    if len(task.cells) > 1:
        return True
    w.agenda.pop()
    w.clear_tile(task.cells[0])
    return False
