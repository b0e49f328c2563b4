"""Setup and the flow of a round in Fence Em In: the chance moves and the steps between turns.

The handlers of the chance nodes: revealing the mission cards, drawing tokens
onto the assets board (setup, refill, refresh) and the rolls (the order die,
the round's three dice, a re-rolled die). With them, the steps a move's
handler ends with, on the same :class:`~acreage.fence_em_in.work.Work`: the
turn going on (which phase the player decides next), the next player's turn,
the end of a round (the end of the game, the refill) and the turn order,
fewest points first, ties rolled for.
"""

from __future__ import annotations

from collections.abc import Callable

from acreage.core.game import CHANCE, Chance, shorten
from acreage.fence_em_in.legal import Columns, can_fertilize, card_outcomes, next_column
from acreage.fence_em_in.moves import Draw, Reveal, Roll
from acreage.fence_em_in.rules import CHOICE, EnclosureCard, Rules
from acreage.fence_em_in.state import Farm, Phase, State
from acreage.fence_em_in.tables import KIND_INDEX
from acreage.fence_em_in.work import (
    NO_GROUPS,
    NO_ROLLS,
    Work,
    expect,
    illegal,
    malformed,
    not_now,
    replace,
    sorted_dice,
    word,
)

__all__ = [
    "apply_draw",
    "apply_reveal",
    "apply_roll",
    "next_turn",
    "resume_turn",
    "settle_order",
]


def _turn_phase(
    rules: Rules,
    farm: Farm,
    dice: tuple[int, ...],
    uses: int,
    columns: Columns,
    bag: tuple[int, ...],
) -> Phase:
    """What the player whose turn it is decides next: a choice face first, then
    fertilizer while uses and tokens last, then the enclosure."""
    if CHOICE in dice:
        return Phase.SIX
    if (
        uses < rules.fertilizer.uses_per_turn
        and farm.fertilizer >= rules.tables.min_cost
        and can_fertilize(rules, farm.fertilizer, columns, bag)
    ):
        return Phase.FERTILIZE
    return Phase.PLACE


def resume_turn(w: Work) -> None:
    """The turn of ``order[turn]`` goes on with the draft's dice, uses, board and bag.

    Only the decider and the phase change: a turn is entered from a chance
    node or a decision of the same turn, where no token is in hand and no
    turn order is being rolled for.
    """
    seat = w.order[w.turn]
    w.to_move = seat
    w.phase = _turn_phase(w.rules, w.farms[seat], w.dice, w.uses, w.columns, w.bag)


def next_turn(w: Work) -> None:
    """Step 7: the next player takes a turn with the same dice, or the round ends."""
    turn = w.turn + 1
    if turn == len(w.order):
        _end_round(w)
        return
    w.turn = turn
    w.uses = 0
    w.token = None
    w.six_rerolls = 0
    resume_turn(w)


def _between(w: Work, to_move: Chance | None, phase: Phase) -> None:
    """Between the players' turns (setup, the end of a round): no fertilizer uses,
    token in hand, choice-face re-rolls or turn order being rolled for."""
    w.to_move = to_move
    w.phase = phase
    w.uses = 0
    w.token = None
    w.groups = NO_GROUPS
    w.rolls = NO_ROLLS
    w.six_rerolls = 0
    w.order_rerolls = 0


def _end_round(w: Work) -> None:
    """Step 8 and Game length: check the end, refill, set the new order."""
    rules = w.rules
    # Refilling cannot change the end of the game after the last round or
    # when everyone passed, so it is skipped.
    if w.round >= rules.rounds or w.passed == rules.tables.all_seats:
        _between(w, None, Phase.END)
    elif any(w.bag) and next_column(list(map(len, w.columns)), rules.column_slots) >= 0:
        _between(w, CHANCE, Phase.REFILL)
    else:
        _after_refill(w)


def _after_refill(w: Work) -> None:
    """ "If the game has ended, go to Endgame Scoring. Otherwise set the player
    order again: the player with the fewest points goes first"."""
    if not any(w.bag):
        _between(w, None, Phase.END)
        return
    points = [farm.points for farm in w.farms]
    by_points = sorted(set(points))
    groups: tuple[tuple[int, ...], ...]
    if len(by_points) == len(points):  # no ties: the order is settled
        groups = tuple([(points.index(v),) for v in by_points])
    else:
        groups = tuple([tuple([p for p, q in enumerate(points) if q == v]) for v in by_points])
    settle_order(w, groups)


def settle_order(w: Work, groups: tuple[tuple[int, ...], ...], order_rerolls: int = 0) -> None:
    """Roll for the first tied group, or start the next round when no ties are left;
    ``order_rerolls`` ties have re-rolled in this settling so far."""
    if any(len(group) > 1 for group in groups):
        _between(w, CHANCE, Phase.ORDER)
        w.groups = groups
        w.order_rerolls = order_rerolls
        return
    _between(w, CHANCE, Phase.ROLL)
    w.round += 1
    w.order = tuple(g[0] for g in groups)
    w.turn = 0
    w.dice = ()
    w.passed = 0


def apply_reveal(state: State, move: Reveal) -> State:
    """Setup: the enclosure card, then the support cards, are revealed."""
    if type(move.card) is not str:
        raise malformed(move)
    expect(state, move)
    if move not in (m for m, _ in card_outcomes(state)):
        raise illegal(move, _why_not_revealed(state, move.card))
    w = Work.copy(state)
    w.cards = (*state.cards, move.card)
    if len(w.cards) == state.rules.tables.cards_to_reveal:
        w.phase = Phase.FILL
    return w.freeze()


def _why_not_revealed(state: State, name: str) -> str:
    """Which setup rule keeps the mission card ``name`` from being revealed next."""
    rules = state.rules
    card = next((c for c in rules.all_cards if c.name == name), None)
    if card is None:
        return f"these rules have no mission card {shorten(name)}"
    if name in state.cards:
        return f"{name} is revealed already (the two support cards are different ones)"
    if isinstance(card, EnclosureCard):  # the enclosure cards are all outcomes until one is out
        return f"one enclosure card is revealed, and it is {state.cards[0]}"
    if card.min_players > rules.players:
        # "Do not use the planted hay Support card in a 2 player game."
        return (
            f"the {name} card is used only with {card.min_players} or more players, "
            f"not in a {rules.players}-player game"
        )
    return "the enclosure card is revealed first, then the support cards"


def apply_draw(state: State, move: Draw) -> State:
    """A token from the bag fills the next slot of the assets board; once the board
    (or the bag) is done, the start order is rolled for, the turn goes on after a
    refresh, or the round ends after a refill."""
    if type(move.kind) is not str or type(move.column) is not int:
        raise malformed(move)
    expect(state, move)
    phase = state.phase
    rules = state.rules
    old = state.columns
    sizes = list(map(len, old))
    # A draw node always has a free slot: the token goes to the leftmost of
    # the columns holding the fewest (see next_column).
    fewest = min(sizes)
    column = sizes.index(fewest)
    k = KIND_INDEX.get(move.kind, -1)
    if k < 0:
        raise illegal(move, f"no token of Fence Em In is a {word(move.kind)}")
    if move.column != column + 1:
        raise illegal(
            move, f"the board fills left to right: the next token goes to column {column + 1}"
        )
    bag = state.bag
    left = bag[k]
    if not left:
        raise illegal(move, f"the bag holds no {move.kind}")
    w = Work.copy(state)
    w.columns = replace(old, column, rules.tables.with_token(old[column], move.kind))
    w.bag = replace(bag, k, left - 1)
    # A slot stays free while another column is as short, or this one is still short.
    if (fewest + 1 < rules.column_slots or sizes.count(fewest) > 1) and any(w.bag):
        return w.freeze()  # the next token is drawn
    if phase is Phase.REFRESH:
        resume_turn(w)
    elif phase is Phase.FILL:
        # "Then the players decide the start order: each player rolls a die."
        settle_order(w, (tuple(range(rules.players)),))
    else:
        _after_refill(w)
    return w.freeze()


def apply_roll(state: State, move: Roll) -> State:
    """A roll of the dice: an order die, the round's three dice, or a re-rolled die."""
    values = move.values
    if type(values) is not tuple or not all(type(v) is int for v in values):
        raise malformed(move)
    roll = _ROLLS.get(state.phase)
    if roll is None:
        raise not_now(state, move)
    return roll(state, move)


def _apply_order_roll(state: State, move: Roll) -> State:
    if move not in state.rules.tables.order_roll_set:
        raise illegal(move, f"the order roll is one die, 1-{state.rules.order_die_faces}")
    return _order_roll(state, move.values[0])


def _apply_round_roll(state: State, move: Roll) -> State:
    if move not in state.rules.tables.round_roll_set:
        raise illegal(move, "the round's roll is three dice, each 1-6, in sorted order")
    w = Work.copy(state)
    w.dice = move.values
    resume_turn(w)
    return w.freeze()


def _apply_die_reroll(state: State, move: Roll) -> State:
    if move not in state.rules.tables.die_roll_set:
        raise illegal(move, "a re-roll is one die, 1-6")
    w = Work.copy(state)
    w.dice = sorted_dice(state.dice, move.values[0])
    resume_turn(w)
    return w.freeze()


_ROLLS: dict[Phase, Callable[[State, Roll], State]] = {
    Phase.ORDER: _apply_order_roll,
    Phase.ROLL: _apply_round_roll,
    Phase.REROLL: _apply_die_reroll,
}
"""What a roll of the dice decides, by phase."""


def _order_roll(state: State, value: int) -> State:
    """One tied player's order die; the group splits once all of it has rolled."""
    groups = state.groups
    rolls = (*state.rolls, value)
    i = 0
    while len(groups[i]) == 1:
        i += 1
    group = groups[i]
    w = Work.copy(state)
    if len(rolls) < len(group):
        w.rolls = rolls
        return w.freeze()
    # "The lowest value goes first ... Players with the same value re-roll
    # among themselves": split the group by value, ties stay grouped while
    # re-rolls are left (ruling 22), and go by seat after that.
    rerolls = state.order_rerolls
    limit = state.rules.order_reroll_limit
    split: list[tuple[int, ...]] = []
    for v in sorted(set(rolls)):
        tied = tuple([p for p, r in zip(group, rolls, strict=True) if r == v])
        if len(tied) == 1:
            split.append(tied)
        elif rerolls < limit:
            split.append(tied)
            rerolls += 1
        else:
            split += [(p,) for p in tied]  # groups list their seats in seat order
    settle_order(w, (*groups[:i], *split, *groups[i + 1 :]), rerolls)
    return w.freeze()
