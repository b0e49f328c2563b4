"""The state machine of Fence Em In: new_game, legal_moves, chance_outcomes, apply_move.

One move is one decision (or one chance outcome). The flow:

Setup
    reveal one enclosure card and the support cards (chance), draw tokens
    onto the assets board row by row (chance), then every player rolls the
    order die; ties re-roll among themselves (chance). Lowest goes first.
A round
    roll the three dice (chance). While a die shows the choice face, the
    first player takes fertilizer and re-rolls it (then a chance node) or
    sets it to 1-5. Then each player in turn order: fertilizer uses (each its
    own move, at most two, ended by ``done``), ``place`` an enclosure or
    ``pass`` when nothing fits, ``take`` a token from the third die's column
    (placement points and fertilizer are scored), ``put`` it on the farm
    board or ``discard`` it when no category takes it.
End of a round
    the game ends after the last round or when everyone passed; otherwise
    the emptied slots are refilled from the bag (chance), the game ends if
    the bag ran out, and the new order goes by fewest points, ties rolled.

A move's handler copies the state into a :class:`Work` draft, sets the
fields the move changes by name (the steps that follow it, such as the next
turn or the end of the round, set theirs on the same draft) and freezes the
draft into the next state.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from acreage.core.draft import Draft
from acreage.core.game import CHANCE, ECHO_LIMIT, Chance, IllegalMoveError, shorten
from acreage.fence_em_in.moves import (
    Adjust,
    Discard,
    Done,
    Draw,
    Move,
    MoveToken,
    Pass,
    Place,
    Put,
    Refresh,
    Reroll,
    RerollSix,
    Reveal,
    Roll,
    SetSix,
    Take,
)
from acreage.fence_em_in.notation import field_problem
from acreage.fence_em_in.placement import beside, legal_places, place_ok
from acreage.fence_em_in.rules import CHOICE, COLUMNS, KINDS, EnclosureCard, Rules
from acreage.fence_em_in.scoring import accepts, placement_gain, why_not_accepted
from acreage.fence_em_in.state import Farm, Phase, State, make_enclosure, make_farm
from acreage.fence_em_in.tables import KIND_INDEX

__all__ = ["apply_move", "chance_outcomes", "is_terminal", "legal_moves", "new_game"]

_PASS = Pass()
_DONE = Done()
_REROLL_SIX = RerollSix()
_REFRESH = Refresh()
LONE_MOVES: tuple[Move, ...] = (_PASS, _DONE, _REFRESH)
"""The move objects ``legal_moves`` lists that are not in the Rules' tables: the same
objects every time, so :class:`~acreage.fence_em_in.actions.FenceEncoding` numbers
them, with the tables' moves, by identity."""
_NO_GROUPS: tuple[tuple[int, ...], ...] = ()
_NO_ROLLS: tuple[int, ...] = ()
_EMPTY_BOARD: tuple[tuple[str, ...], ...] = ((),) * COLUMNS

Columns = tuple[tuple[str, ...], ...]


def new_game(rules: Rules) -> State:
    """The state before setup: no cards revealed, a full bag, an empty board."""
    farm = make_farm(0, (), (0,) * len(KINDS), 0, 0, rules.tables.empty_rows, ())
    return State(
        rules=rules,
        to_move=CHANCE,
        phase=Phase.CARDS,
        round=0,
        order=(),
        turn=0,
        dice=(),
        uses=0,
        token=None,
        farms=(farm,) * rules.players,
        occupied=0,
        columns=_EMPTY_BOARD,
        bag=rules.bag.counts(),
        cards=(),
        passed=0,
        groups=_NO_GROUPS,
        rolls=_NO_ROLLS,
        six_rerolls=0,
        order_rerolls=0,
    )


def is_terminal(state: State) -> bool:
    """Whether the game is over."""
    return state.to_move is None


# -- what can happen ---------------------------------------------------------------


def _next_column(sizes: list[int], slots: int) -> int:
    """The index of the column the next token from the bag goes to, given the
    columns' ``sizes``; -1 when every column is full.

    "Draw asset tokens from the bag and place them on the assets board,
    filling from left to right and top to bottom": the leftmost of the
    columns holding the fewest tokens, while it has a free slot.
    """
    fewest = min(sizes)
    return sizes.index(fewest) if fewest < slots else -1


def _draw_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    # A draw node always has a free slot, so the column is the leftmost of the fewest.
    sizes = [*map(len, state.columns)]
    return state.rules.tables.draw_outcomes(state.bag, sizes.index(min(sizes)) + 1)


def _card_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    return state.rules.tables.card_outcomes(state.cards)


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """The outcomes of a chance node with their exact probabilities; ``()`` elsewhere."""
    if state.to_move is not CHANCE:
        return ()
    return _OUTCOMES.get(state.phase, _card_outcomes)(state)


def _round_roll(state: State) -> tuple[tuple[Move, Fraction], ...]:
    return state.rules.tables.round_roll


def _die_roll(state: State) -> tuple[tuple[Move, Fraction], ...]:
    return state.rules.tables.die_roll


def _order_roll_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    return state.rules.tables.order_roll


_OUTCOMES: dict[Phase, Callable[[State], tuple[tuple[Move, Fraction], ...]]] = {
    Phase.FILL: _draw_outcomes,
    Phase.REFILL: _draw_outcomes,
    Phase.REFRESH: _draw_outcomes,
    Phase.ROLL: _round_roll,
    Phase.REROLL: _die_roll,
    Phase.ORDER: _order_roll_outcomes,
    Phase.CARDS: _card_outcomes,
}
"""What is drawn at each chance node, by phase."""


_ALL_COLUMNS = (1 << COLUMNS) - 1


def _open_columns(rules: Rules, columns: Columns) -> int:
    """The columns the move use may put a token in, as a bitset (column 1 at bit 0):
    those with a free slot (ruling 6), or all with ``fertilizer.move_to_full_column``."""
    if rules.fertilizer.move_to_full_column:
        return _ALL_COLUMNS
    slots = rules.column_slots
    open_ = 0
    for i, column in enumerate(columns):
        if len(column) < slots:
            open_ |= 1 << i
    return open_


def _can_move_token(rules: Rules, columns: Columns) -> bool:
    """Whether some token on the assets board can move to another column that takes it."""
    open_ = _open_columns(rules, columns)
    n_open = open_.bit_count()
    # A token can move when its column is not the only open one.
    return any(column and n_open > (open_ >> i & 1) for i, column in enumerate(columns))


def _can_fertilize(rules: Rules, have: int, columns: Columns, bag: tuple[int, ...]) -> bool:
    """Whether ``have`` fertilizer buys some use (the dice always allow a re-roll and an adjust)."""
    cost = rules.fertilizer
    return (
        have >= cost.reroll
        or have >= cost.adjust
        or (have >= cost.move and _can_move_token(rules, columns))
        or (have >= cost.refresh and (any(columns) or any(bag)))
    )


def _fertilize_moves(state: State, have: int) -> list[Move]:
    """The fertilizer uses ``have`` fertilizer can buy now (without ``done``)."""
    rules = state.rules
    t = rules.tables
    cost = rules.fertilizer
    out: list[Move] = []
    if have >= cost.reroll:
        out += t.rerolls[state.dice]
    if have >= cost.adjust:
        out += t.adjusts[state.dice]
    if have >= cost.refresh and (any(state.columns) or any(state.bag)):
        out.append(_REFRESH)
    if have >= cost.move:
        moves = t.move_tokens
        open_ = _open_columns(rules, state.columns)
        for a, column in enumerate(state.columns, 1):
            for kind in dict.fromkeys(column):  # columns are kept sorted
                out += moves[(kind, a)][open_]
    return out


def _places(state: State) -> list[Place]:
    seat = state.order[state.turn]
    return legal_places(
        state.rules.tables,
        seat,
        state.farms[seat].land,
        state.occupied,
        state.dice,
        state.columns,
    )


def _take_column(state: State) -> int:
    """The index of the column the new enclosure's third die names."""
    last = state.farms[state.order[state.turn]].enclosures[-1]
    return state.rules.tables.third_die[state.dice][last.width][last.height] - 1


def _farm_moves(state: State) -> tuple[Move, ...]:
    t = state.rules.tables
    kind = state.token
    assert kind is not None, "a token is in hand in the FARM phase"
    rows = state.farms[state.order[state.turn]].rows
    k = KIND_INDEX[kind]
    puts = t.puts[k]
    out = tuple([puts[i] for i in t.categories_for[k] if accepts(t, i, rows[i], kind)])
    return out or (t.discards[kind],)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order; the outcomes at a chance node."""
    who = state.to_move
    if who is None:
        return ()
    if who is CHANCE:
        return _CHANCE_MOVES.get(state.phase, _outcome_moves)(state)
    return _DECISIONS.get(state.phase, _six_moves)(state)


def _outcome_moves(state: State) -> tuple[Move, ...]:
    return tuple(m for m, _ in chance_outcomes(state))


def _round_roll_moves(state: State) -> tuple[Move, ...]:
    return state.rules.tables.round_roll_moves


def _die_roll_moves(state: State) -> tuple[Move, ...]:
    return state.rules.tables.die_roll_moves


def _order_roll_moves(state: State) -> tuple[Move, ...]:
    return state.rules.tables.order_roll_moves


def _place_moves(state: State) -> tuple[Move, ...]:
    places = _places(state)
    return tuple(places) if places else (_PASS,)


def _take_moves(state: State) -> tuple[Move, ...]:
    column = state.columns[_take_column(state)]
    # columns are kept sorted
    return tuple(map(state.rules.tables.takes.__getitem__, dict.fromkeys(column)))


def _fertilizer_moves(state: State) -> tuple[Move, ...]:
    who = state.to_move
    assert type(who) is int, "a seat decides in the FERTILIZE phase"
    return (_DONE, *_fertilize_moves(state, state.farms[who].fertilizer))


def _six_moves(state: State) -> tuple[Move, ...]:
    t = state.rules.tables
    if state.six_rerolls < state.rules.fertilizer.six_rerolls_per_turn:
        return t.six_moves
    return t.set_six_moves


_CHANCE_MOVES: dict[Phase, Callable[[State], tuple[Move, ...]]] = {
    Phase.ROLL: _round_roll_moves,
    Phase.REROLL: _die_roll_moves,
    Phase.ORDER: _order_roll_moves,
}
"""The outcomes listed straight from the tables, by phase (the draws and reveals
are worked out from :func:`chance_outcomes`)."""

_DECISIONS: dict[Phase, Callable[[State], tuple[Move, ...]]] = {
    Phase.PLACE: _place_moves,
    Phase.TAKE: _take_moves,
    Phase.FARM: _farm_moves,
    Phase.FERTILIZE: _fertilizer_moves,
    Phase.SIX: _six_moves,
}
"""The legal moves of a player's decision, by phase."""


# -- how the game moves on -----------------------------------------------------------


class Work(Draft[State], of=State):
    """A State being changed by one move: its fields, settable (generated from
    State's, see :mod:`acreage.core.draft`), frozen into the next State at the end.

    A handler copies the state, sets the fields the move changes by name, and
    freezes; the steps that follow a move (the next turn, the end of a round,
    the turn order) set theirs on the same draft.
    """

    __slots__ = ()
    # The fields' types, for the type checker (checked against State's when the class is made).
    rules: Rules
    to_move: int | Chance | None
    phase: Phase
    round: int
    order: tuple[int, ...]
    turn: int
    dice: tuple[int, ...]
    uses: int
    token: str | None
    farms: tuple[Farm, ...]
    occupied: int
    columns: tuple[tuple[str, ...], ...]
    bag: tuple[int, ...]
    cards: tuple[str, ...]
    passed: int
    groups: tuple[tuple[int, ...], ...]
    rolls: tuple[int, ...]
    six_rerolls: int
    order_rerolls: int


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
        and _can_fertilize(rules, farm.fertilizer, columns, bag)
    ):
        return Phase.FERTILIZE
    return Phase.PLACE


def _turn(w: Work) -> None:
    """The turn of ``order[turn]`` goes on with the draft's dice, uses, board and bag.

    Only the decider and the phase change: a turn is entered from a chance
    node or a decision of the same turn, where no token is in hand and no
    turn order is being rolled for.
    """
    seat = w.order[w.turn]
    w.to_move = seat
    w.phase = _turn_phase(w.rules, w.farms[seat], w.dice, w.uses, w.columns, w.bag)


def _next_turn(w: Work) -> None:
    """Step 7: the next player takes a turn with the same dice, or the round ends."""
    turn = w.turn + 1
    if turn == len(w.order):
        _end_round(w)
        return
    w.turn = turn
    w.uses = 0
    w.token = None
    w.six_rerolls = 0
    _turn(w)


def _between(w: Work, to_move: Chance | None, phase: Phase) -> None:
    """Between the players' turns (setup, the end of a round): no fertilizer uses,
    token in hand, choice-face re-rolls or turn order being rolled for."""
    w.to_move = to_move
    w.phase = phase
    w.uses = 0
    w.token = None
    w.groups = _NO_GROUPS
    w.rolls = _NO_ROLLS
    w.six_rerolls = 0
    w.order_rerolls = 0


def _end_round(w: Work) -> None:
    """Step 8 and Game length: check the end, refill, set the new order."""
    rules = w.rules
    # Refilling cannot change the end of the game after the last round or
    # when everyone passed, so it is skipped.
    if w.round >= rules.rounds or w.passed == rules.tables.all_seats:
        _between(w, None, Phase.END)
    elif any(w.bag) and _next_column(list(map(len, w.columns)), rules.column_slots) >= 0:
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
    _settle_order(w, groups)


def _settle_order(w: Work, groups: tuple[tuple[int, ...], ...], order_rerolls: int = 0) -> None:
    """Roll for the first tied group, or start the next round when no ties are left;
    ``order_rerolls`` ties have re-rolled in this settling so far."""
    for group in groups:
        if len(group) > 1:
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


# -- applying each kind of move -----------------------------------------------------


def _illegal(move: Move, why: str) -> IllegalMoveError:
    return IllegalMoveError(f"{_word(str(move))}: {why}")


def _word(name: str) -> str:
    """A name from a move, for a message: as it is, or cut when a hand-built move made it huge."""
    return name if len(name) <= ECHO_LIMIT else f"{name[: ECHO_LIMIT - 3]}..."


def _malformed(move: Move) -> IllegalMoveError:
    """A hand-built move whose fields are not what :func:`parse_move` makes:
    never legal, even when it compares equal to a legal move (``True == 1``)."""
    return IllegalMoveError(f"{shorten(move)}: {field_problem(move)}")


def _expect(state: State, move: Move) -> None:
    """:class:`IllegalMoveError` unless ``state`` is in a phase ``move`` belongs to."""
    if state.phase not in _MOVE_PHASES[type(move)]:
        raise _not_now(state, move)


def _not_now(state: State, move: Move) -> IllegalMoveError:
    who = state.to_move
    if who is None:
        return _illegal(move, "the game is over")
    if who is CHANCE:
        return _illegal(move, f"not now: the game is waiting to {state.phase.value} (chance)")
    return _illegal(move, f"not now: it is player {who}'s turn to {state.phase.value}")


def _without(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """``items`` less one ``item`` (the order of the rest kept)."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def _sorted_dice(dice: tuple[int, ...], value: int) -> tuple[int, ...]:
    return tuple(sorted((*dice, value)))


def _with_fertilizer(farm: Farm, fertilizer: int) -> Farm:
    return make_farm(
        farm.land,
        farm.enclosures,
        farm.placed,
        farm.points,
        fertilizer,
        farm.rows,
        farm.discards,
    )


def _replace(items: tuple[Any, ...], i: int, item: Any) -> tuple[Any, ...]:
    """``items`` with ``item`` at index ``i`` (a list round trip is the quickest way)."""
    out = list(items)
    out[i] = item
    return tuple(out)


def _apply_reveal(state: State, move: Reveal) -> State:
    if type(move.card) is not str:
        raise _malformed(move)
    _expect(state, move)
    if move not in (m for m, _ in _card_outcomes(state)):
        raise _illegal(move, _why_not_revealed(state, move.card))
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


def _apply_draw(state: State, move: Draw) -> State:
    if type(move.kind) is not str or type(move.column) is not int:
        raise _malformed(move)
    _expect(state, move)
    phase = state.phase
    rules = state.rules
    old = state.columns
    sizes = list(map(len, old))
    # A draw node always has a free slot: the token goes to the leftmost of
    # the columns holding the fewest (see _next_column).
    fewest = min(sizes)
    column = sizes.index(fewest)
    k = KIND_INDEX.get(move.kind, -1)
    if k < 0:
        raise _illegal(move, f"no token of Fence Em In is a {_word(move.kind)}")
    if move.column != column + 1:
        raise _illegal(
            move, f"the board fills left to right: the next token goes to column {column + 1}"
        )
    bag = state.bag
    left = bag[k]
    if not left:
        raise _illegal(move, f"the bag holds no {move.kind}")
    w = Work.copy(state)
    w.columns = _replace(old, column, rules.tables.with_token(old[column], move.kind))
    w.bag = _replace(bag, k, left - 1)
    # A slot stays free while another column is as short, or this one is still short.
    if (fewest + 1 < rules.column_slots or sizes.count(fewest) > 1) and any(w.bag):
        return w.freeze()  # the next token is drawn
    if phase is Phase.REFRESH:
        _turn(w)
    elif phase is Phase.FILL:
        # "Then the players decide the start order: each player rolls a die."
        _settle_order(w, (tuple(range(rules.players)),))
    else:
        _after_refill(w)
    return w.freeze()


def _apply_roll(state: State, move: Roll) -> State:
    values = move.values
    if type(values) is not tuple or not all(type(v) is int for v in values):
        raise _malformed(move)
    roll = _ROLLS.get(state.phase)
    if roll is None:
        raise _not_now(state, move)
    return roll(state, move)


def _apply_order_roll(state: State, move: Roll) -> State:
    if move not in state.rules.tables.order_roll_set:
        raise _illegal(move, f"the order roll is one die, 1-{state.rules.order_die_faces}")
    return _order_roll(state, move.values[0])


def _apply_round_roll(state: State, move: Roll) -> State:
    if move not in state.rules.tables.round_roll_set:
        raise _illegal(move, "the round's roll is three dice, each 1-6, in sorted order")
    w = Work.copy(state)
    w.dice = move.values
    _turn(w)
    return w.freeze()


def _apply_die_reroll(state: State, move: Roll) -> State:
    if move not in state.rules.tables.die_roll_set:
        raise _illegal(move, "a re-roll is one die, 1-6")
    w = Work.copy(state)
    w.dice = _sorted_dice(state.dice, move.values[0])
    _turn(w)
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
    _settle_order(w, (*groups[:i], *split, *groups[i + 1 :]), rerolls)
    return w.freeze()


def _apply_reroll_six(state: State, move: RerollSix) -> State:
    """ "take 1 fertilizer token and re-roll that die"."""
    _expect(state, move)
    fertilizer = state.rules.fertilizer
    limit = fertilizer.six_rerolls_per_turn
    if state.six_rerolls >= limit:
        raise _illegal(
            move, f"a choice face is re-rolled at most {limit} times a turn: set it to 1-5"
        )
    seat = state.order[state.turn]
    farm = state.farms[seat]
    w = Work.copy(state)
    w.to_move = CHANCE
    w.phase = Phase.REROLL
    w.dice = _without(state.dice, CHOICE)
    w.farms = _replace(
        state.farms, seat, _with_fertilizer(farm, farm.fertilizer + fertilizer.six_reroll_gain)
    )
    w.six_rerolls += 1
    return w.freeze()


def _apply_set_six(state: State, move: SetSix) -> State:
    """ "or to set that die to any value from 1-5"."""
    if type(move.value) is not int:
        raise _malformed(move)
    _expect(state, move)
    if not 1 <= move.value < CHOICE:
        raise _illegal(move, "a choice face is set to a value from 1 to 5")
    w = Work.copy(state)
    w.dice = _sorted_dice(_without(state.dice, CHOICE), move.value)
    _turn(w)
    return w.freeze()


def _pay(state: State, move: Move, cost: int) -> tuple[Farm, ...]:
    """The farms after the player pays ``cost`` fertilizer for the use ``move``."""
    if state.phase is not Phase.FERTILIZE:
        limit = state.rules.fertilizer.uses_per_turn
        if state.phase is Phase.PLACE and state.uses >= limit:
            raise _illegal(move, f"fertilizer can be used at most {limit} times per turn")
        raise _not_now(state, move)
    seat = state.order[state.turn]
    farm = state.farms[seat]
    if farm.fertilizer < cost:
        raise _illegal(move, f"it costs {cost} fertilizer and you have {farm.fertilizer}")
    return _replace(state.farms, seat, _with_fertilizer(farm, farm.fertilizer - cost))


def _apply_reroll(state: State, move: Reroll) -> State:
    if type(move.value) is not int:
        raise _malformed(move)
    farms = _pay(state, move, state.rules.fertilizer.reroll)
    if move.value not in state.dice:
        raise _illegal(move, f"no die shows {move.value}")
    w = Work.copy(state)
    w.to_move = CHANCE
    w.phase = Phase.REROLL
    w.dice = _without(state.dice, move.value)
    w.uses += 1
    w.farms = farms
    return w.freeze()


def _apply_adjust(state: State, move: Adjust) -> State:
    if type(move.value) is not int or type(move.to) is not int:
        raise _malformed(move)
    farms = _pay(state, move, state.rules.fertilizer.adjust)
    if move.value not in state.dice:
        raise _illegal(move, f"no die shows {move.value}")
    if abs(move.to - move.value) != 1 or not 1 <= move.to < CHOICE:
        raise _illegal(move, "a die is adjusted one up or down, within 1-5")
    w = Work.copy(state)
    w.dice = _sorted_dice(_without(state.dice, move.value), move.to)
    w.uses += 1
    w.farms = farms
    _turn(w)
    return w.freeze()


def _apply_refresh(state: State, move: Refresh) -> State:
    """Every token on the assets board goes back in the bag; the board is refilled."""
    farms = _pay(state, move, state.rules.fertilizer.refresh)
    if not (any(state.columns) or any(state.bag)):  # never listed: only a hand-made state
        raise _illegal(move, "the assets board and the bag are empty")
    bag = list(state.bag)
    for column in state.columns:
        for kind in column:
            bag[KIND_INDEX[kind]] += 1
    w = Work.copy(state)
    w.to_move = CHANCE
    w.phase = Phase.REFRESH
    w.uses += 1
    w.farms = farms
    w.columns = _EMPTY_BOARD
    w.bag = tuple(bag)
    return w.freeze()


def _apply_move_token(state: State, move: MoveToken) -> State:
    a, b = move.source, move.target
    if type(move.kind) is not str or type(a) is not int or type(b) is not int:
        raise _malformed(move)
    rules = state.rules
    farms = _pay(state, move, rules.fertilizer.move)
    if not (1 <= a <= COLUMNS and 1 <= b <= COLUMNS) or a == b:
        raise _illegal(move, "a token moves from one column 1-5 to another")
    if move.kind not in state.columns[a - 1]:
        raise _illegal(move, f"column {a} holds no {_word(move.kind)}")
    if not _open_columns(rules, state.columns) >> (b - 1) & 1:
        slots = rules.column_slots
        raise _illegal(
            move, f"column {b} is full ({slots} of {slots} slots): a token moves to a free slot"
        )
    columns = list(state.columns)
    columns[a - 1] = _without(columns[a - 1], move.kind)
    columns[b - 1] = state.rules.tables.with_token(columns[b - 1], move.kind)
    w = Work.copy(state)
    w.uses += 1
    w.farms = farms
    w.columns = tuple(columns)
    _turn(w)
    return w.freeze()


def _apply_done(state: State, move: Done) -> State:
    _expect(state, move)
    w = Work.copy(state)
    w.phase = Phase.PLACE
    return w.freeze()


def _apply_place(state: State, move: Place) -> State:
    if (
        type(move.x) is not int
        or type(move.y) is not int
        or type(move.width) is not int
        or type(move.height) is not int
    ):
        raise _malformed(move)
    _expect(state, move)
    t = state.rules.tables
    seat = state.order[state.turn]
    width, height = move.width, move.height
    third = (
        t.third_die[state.dice][width][height] if 0 < width < CHOICE and 0 < height < CHOICE else 0
    )
    if not third:
        dice = " ".join(map(str, state.dice))
        raise _illegal(move, f"width and height must be two of the dice {dice}")
    if not state.columns[third - 1]:
        raise _illegal(move, f"the third die is {third} and column {third} holds no token")
    farm = state.farms[seat]
    land, occupied = farm.land, state.occupied
    x, y = move.x, move.y
    size = t.size
    # The placement rule checked directly (no cells when off the board);
    # place_ok says which part of it fails.
    on_board = 0 <= x <= size - width and 0 <= y <= size - height
    cells = t.rect[width][height] << (y * size + x) if on_board else 0
    if (
        not cells
        or cells & (occupied | t.reserved[seat])
        or not cells & (beside(t, land) if land else t.start_bits[seat])
    ):
        raise _illegal(move, place_ok(t, seat, land, occupied, move) or "")
    built = make_farm(
        land | cells,
        (*farm.enclosures, make_enclosure(x, y, width, height, None)),
        farm.placed,
        farm.points,
        farm.fertilizer,
        farm.rows,
        farm.discards,
    )
    w = Work.copy(state)
    w.phase = Phase.TAKE
    w.farms = _replace(state.farms, seat, built)
    w.occupied = occupied | cells
    return w.freeze()


def _apply_pass(state: State, move: Pass) -> State:
    _expect(state, move)
    if _places(state):
        raise _illegal(move, "you may pass only when no dice give a legal enclosure and a token")
    w = Work.copy(state)
    w.passed |= 1 << state.order[state.turn]
    _next_turn(w)
    return w.freeze()


def _apply_take(state: State, move: Take) -> State:
    """Steps 4 and 5: take the token, place its miniature, score it."""
    if type(move.kind) is not str:
        raise _malformed(move)
    _expect(state, move)
    seat = state.order[state.turn]
    farm = state.farms[seat]
    last = farm.enclosures[-1]
    index = state.rules.tables.third_die[state.dice][last.width][last.height] - 1
    column = state.columns[index]
    if move.kind not in column:
        raise _illegal(move, f"column {index + 1} (the third die) holds no {_word(move.kind)}")
    k = KIND_INDEX[move.kind]
    points, fertilizer = placement_gain(state.rules.tables, farm, k)
    placed = farm.placed
    scored = make_farm(
        farm.land,
        (*farm.enclosures[:-1], make_enclosure(last.x, last.y, last.width, last.height, move.kind)),
        _replace(placed, k, placed[k] + 1),
        farm.points + points,
        farm.fertilizer + fertilizer,
        farm.rows,
        farm.discards,
    )
    w = Work.copy(state)
    w.phase = Phase.FARM
    w.token = move.kind
    w.farms = _replace(state.farms, seat, scored)
    w.columns = _replace(state.columns, index, _without(column, move.kind))
    return w.freeze()


def _apply_put(state: State, move: Put) -> State:
    """Step 6: the token goes in a farm-board category that takes it."""
    if type(move.kind) is not str or type(move.category) is not str:
        raise _malformed(move)
    _expect(state, move)
    t = state.rules.tables
    if move.kind != state.token:
        raise _illegal(move, f"the token in hand is a {state.token}")
    i = t.category_index.get(move.category, -1)
    if i < 0:
        raise _illegal(move, f"the farm board has no category {shorten(move.category)}")
    seat = state.order[state.turn]
    farm = state.farms[seat]
    rows = farm.rows
    if not accepts(t, i, rows[i], move.kind):
        raise _illegal(move, why_not_accepted(state.rules, i, rows[i], move.kind))
    filled = make_farm(
        farm.land,
        farm.enclosures,
        farm.placed,
        farm.points,
        farm.fertilizer,
        _replace(rows, i, (*rows[i], move.kind)),
        farm.discards,
    )
    w = Work.copy(state)
    w.farms = _replace(state.farms, seat, filled)
    _next_turn(w)
    return w.freeze()


def _apply_discard(state: State, move: Discard) -> State:
    """ "If the token fits no category with a free slot, discard it.\""""
    if type(move.kind) is not str:
        raise _malformed(move)
    _expect(state, move)
    if move.kind != state.token:
        raise _illegal(move, f"the token in hand is a {state.token}")
    if _farm_moves(state) != (move,):
        raise _illegal(move, "a token is discarded only when no category with a free slot takes it")
    seat = state.order[state.turn]
    farm = state.farms[seat]
    emptied = make_farm(
        farm.land,
        farm.enclosures,
        farm.placed,
        farm.points,
        farm.fertilizer,
        farm.rows,
        (*farm.discards, move.kind),
    )
    w = Work.copy(state)
    w.farms = _replace(state.farms, seat, emptied)
    _next_turn(w)
    return w.freeze()


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Reveal: _apply_reveal,
    Draw: _apply_draw,
    Roll: _apply_roll,
    RerollSix: _apply_reroll_six,
    SetSix: _apply_set_six,
    Reroll: _apply_reroll,
    Adjust: _apply_adjust,
    Refresh: _apply_refresh,
    MoveToken: _apply_move_token,
    Done: _apply_done,
    Place: _apply_place,
    Pass: _apply_pass,
    Take: _apply_take,
    Put: _apply_put,
    Discard: _apply_discard,
}


_MOVE_PHASES: dict[type, tuple[Phase, ...]] = {
    Reveal: (Phase.CARDS,),
    Draw: (Phase.FILL, Phase.REFILL, Phase.REFRESH),
    Roll: tuple(_ROLLS),
    RerollSix: (Phase.SIX,),
    SetSix: (Phase.SIX,),
    Reroll: (Phase.FERTILIZE,),
    Adjust: (Phase.FERTILIZE,),
    Refresh: (Phase.FERTILIZE,),
    MoveToken: (Phase.FERTILIZE,),
    Done: (Phase.FERTILIZE,),
    Place: (Phase.PLACE,),
    Pass: (Phase.PLACE,),
    Take: (Phase.TAKE,),
    Put: (Phase.FARM,),
    Discard: (Phase.FARM,),
}
"""The phases each kind of move belongs to (a tuple: membership by identity is quick)."""


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~acreage.IllegalMoveError` names the rule it breaks.

    Each kind of move belongs to one or more phases, and each phase to one
    actor (a player or chance), so checking the phase checks the actor too.
    A move is one of this module's move objects with the fields
    :func:`parse_move` gives it; anything else (a text, ``None``, a move
    built by hand with a field of another type) is an illegal move.
    """
    try:
        handler = _HANDLERS[type(move)]
    except KeyError:
        raise _not_a_move(move) from None
    return handler(state, move)


def _not_a_move(move: object) -> IllegalMoveError:
    if isinstance(move, str):
        return IllegalMoveError(
            f"apply_move expects a move object, not the text {shorten(move)}: "
            "read a text with parse_move(state, text) first"
        )
    return IllegalMoveError(
        f"apply_move expects a move object of Fence Em In (from legal_moves or parse_move), "
        f"not {type(move).__name__} {shorten(move)}"
    )
