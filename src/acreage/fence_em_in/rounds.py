"""Setup and the flow of a round in Fence Em In: the chance events and the steps between turns.

The handlers of the chance events: revealing the mission cards, drawing
tokens onto the assets board (setup, refill, refresh) and the rolls (the
order die, the round's three dice, a re-rolled die), with the refusals of
those moves. With them, the steps a move's handler ends with, on the same
:class:`~acreage.fence_em_in.work.Work`: the turn going on (which task the
seat decides next), the next player's turn, the end of a round (the end of
the game, the refill) and the turn order, fewest points first, ties rolled
for.
"""

from __future__ import annotations

from acreage.core.agenda import Task
from acreage.core.frozen import replaced
from acreage.core.game import shorten
from acreage.fence_em_in.legal import (
    Columns,
    can_fertilize,
    card_outcomes,
    draw_column,
    next_column,
)
from acreage.fence_em_in.moves import Draw, Reveal, Roll
from acreage.fence_em_in.rules import CHOICE, EnclosureCard, Rules
from acreage.fence_em_in.state import (
    CHOOSE_SIX,
    FERTILIZE,
    FILL_BOARD,
    PLACE_ENCLOSURE,
    REFILL_BOARD,
    ROLL_DICE,
    Decision,
    Event,
    Farm,
    FillBoard,
    RefreshBoard,
    RerollDie,
    RollDice,
    RollOrder,
    State,
)
from acreage.fence_em_in.tables import KIND_INDEX
from acreage.fence_em_in.work import (
    Work,
    expect,
    illegal,
    malformed,
    not_now,
    sorted_dice,
    word,
)

__all__ = [
    "apply_die_reroll",
    "apply_draw",
    "apply_order_roll",
    "apply_reveal",
    "apply_round_roll",
    "check_draw",
    "check_reveal",
    "check_roll",
    "next_turn",
    "resume_turn",
    "settle_order",
]


def _turn_task(
    rules: Rules,
    seat: int,
    farm: Farm,
    dice: tuple[int, ...],
    uses: int,
    columns: Columns,
    bag: tuple[int, ...],
) -> Decision:
    """What the seat whose turn it is decides next: a choice face first, then
    fertilizer while uses and tokens last, then the enclosure."""
    if CHOICE in dice:
        return CHOOSE_SIX[seat]
    if (
        uses < rules.fertilizer.uses_per_turn
        and farm.fertilizer >= rules.tables.min_cost
        and can_fertilize(rules, farm.fertilizer, columns, bag)
    ):
        return FERTILIZE[seat]
    return PLACE_ENCLOSURE[seat]


def resume_turn(w: Work) -> None:
    """The turn of ``order[turn]`` goes on with the draft's dice, uses, board and bag:
    its next decision goes on the agenda."""
    seat = w.order[w.turn]
    w.agenda.append(_turn_task(w.rules, seat, w.farms[seat], w.dice, w.uses, w.columns, w.bag))


def next_turn(w: Work) -> None:
    """Step 7: the next player takes a turn with the same dice, or the round ends."""
    turn = w.turn + 1
    if turn == len(w.order):
        _end_round(w)
        return
    w.turn = turn
    w.uses = 0
    w.six_rerolls = 0
    resume_turn(w)


def _between(w: Work, task: Task | None) -> None:
    """Between the players' turns (setup, the end of a round): no fertilizer uses
    or choice-face re-rolls; ``task`` next, or nothing at the end of the game."""
    if task is not None:
        w.agenda.append(task)
    w.uses = 0
    w.six_rerolls = 0


def _end_round(w: Work) -> None:
    """Step 8 and Game length: check the end, refill, set the new order."""
    rules = w.rules
    # Refilling cannot change the end of the game after the last round or
    # when everyone passed, so it is skipped.
    if w.round >= rules.rounds or w.passed == rules.tables.all_seats:
        _between(w, None)
    elif any(w.bag) and next_column(list(map(len, w.columns)), rules.column_slots) >= 0:
        _between(w, REFILL_BOARD)
    else:
        _after_refill(w)


def _after_refill(w: Work) -> None:
    """ "If the game has ended, go to Endgame Scoring. Otherwise set the player
    order again: the player with the fewest points goes first"."""
    if not any(w.bag):
        _between(w, None)
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
        _between(w, RollOrder(groups, (), order_rerolls))
        return
    _between(w, ROLL_DICE)
    w.round += 1
    w.order = tuple(g[0] for g in groups)
    w.turn = 0
    w.dice = ()
    w.passed = 0


# -- the mission cards -------------------------------------------------------------


def apply_reveal(w: Work, task: Event, move: Reveal) -> None:
    """Setup: the enclosure card, then the support cards, are revealed."""
    w.cards = (*w.cards, move.card)
    w.agenda.append(FILL_BOARD if len(w.cards) == w.rules.tables.cards_to_reveal else task)


def check_reveal(state: State, move: Reveal) -> None:
    """:class:`~acreage.IllegalMoveError` saying why the mission card of ``move`` is not
    revealed now (the engine asks only about a move it will not apply)."""
    if type(move.card) is not str:
        raise malformed(move)
    expect(state, move)
    task = state.agenda[-1]
    assert isinstance(task, Event), "a card is revealed at a chance event"
    if move not in (m for m, _ in card_outcomes(state, task)):
        raise illegal(move, _why_not_revealed(state, move.card))


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


# -- the assets board --------------------------------------------------------------


def apply_draw(w: Work, task: Event, move: Draw) -> None:
    """A token from the bag fills the next slot of the assets board; once the board
    (or the bag) is done, the start order is rolled for, the turn goes on after a
    refresh, or the round ends after a refill."""
    rules = w.rules
    old = w.columns
    sizes = list(map(len, old))
    # A draw always has a free slot: the token goes to the leftmost of the
    # columns holding the fewest (see next_column).
    fewest = min(sizes)
    column = sizes.index(fewest)
    k = KIND_INDEX[move.kind]
    w.columns = replaced(old, column, rules.tables.with_token(old[column], move.kind))
    w.bag = bag = replaced(w.bag, k, w.bag[k] - 1)
    # A slot stays free while another column is as short, or this one is still short.
    if (fewest + 1 < rules.column_slots or sizes.count(fewest) > 1) and any(bag):
        w.agenda.append(task)  # the next token is drawn
    elif type(task) is RefreshBoard:
        resume_turn(w)
    elif type(task) is FillBoard:
        # "Then the players decide the start order: each player rolls a die."
        settle_order(w, (tuple(range(rules.players)),))
    else:
        _after_refill(w)


def check_draw(state: State, move: Draw) -> None:
    """:class:`~acreage.IllegalMoveError` saying why ``move`` is no draw now."""
    if type(move.kind) is not str or type(move.column) is not int:
        raise malformed(move)
    expect(state, move)
    column = draw_column(state.columns)
    k = KIND_INDEX.get(move.kind, -1)
    if k < 0:
        raise illegal(move, f"no token of Fence Em In is a {word(move.kind)}")
    if move.column != column + 1:
        raise illegal(
            move, f"the board fills left to right: the next token goes to column {column + 1}"
        )
    if not state.bag[k]:
        raise illegal(move, f"the bag holds no {move.kind}")


# -- the rolls ---------------------------------------------------------------------


def check_roll(state: State, move: Roll) -> None:
    """:class:`~acreage.IllegalMoveError` saying why ``move`` is no roll of the dice now."""
    values = move.values
    if type(values) is not tuple or not all(type(v) is int for v in values):
        raise malformed(move)
    kind = type(state.agenda[-1]) if state.agenda else None
    if kind is RollOrder:
        raise illegal(move, f"the order roll is one die, 1-{state.rules.order_die_faces}")
    if kind is RollDice:
        raise illegal(move, "the round's roll is three dice, each 1-6, in sorted order")
    if kind is RerollDie:
        raise illegal(move, "a re-roll is one die, 1-6")
    raise not_now(state, move)


def apply_round_roll(w: Work, task: Event, move: Roll) -> None:
    """The round's three dice are rolled: the first player's turn begins."""
    w.dice = move.values
    resume_turn(w)


def apply_die_reroll(w: Work, task: Event, move: Roll) -> None:
    """A die taken off in a turn is rolled again: the turn goes on."""
    w.dice = sorted_dice(w.dice, move.values[0])
    resume_turn(w)


def apply_order_roll(w: Work, task: RollOrder, move: Roll) -> None:
    """One tied player's order die; the group splits once all of it has rolled."""
    groups = task.groups
    rolls = (*task.rolls, move.values[0])
    i = 0
    while len(groups[i]) == 1:
        i += 1
    group = groups[i]
    if len(rolls) < len(group):
        w.agenda.append(RollOrder(groups, rolls, task.order_rerolls))
        return
    # "The lowest value goes first ... Players with the same value re-roll
    # among themselves": split the group by value, ties stay grouped while
    # re-rolls are left (ruling 22), and go by seat after that.
    rerolls = task.order_rerolls
    limit = w.rules.order_reroll_limit
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
