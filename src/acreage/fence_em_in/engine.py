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
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from acreage.core.game import CHANCE, IllegalMoveError
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
from acreage.fence_em_in.placement import legal_places, place_ok
from acreage.fence_em_in.rules import CHOICE, COLUMNS, KINDS, Rules
from acreage.fence_em_in.scoring import accepts, placement_gain
from acreage.fence_em_in.state import Enclosure, Farm, Phase, State
from acreage.fence_em_in.tables import KIND_INDEX

__all__ = ["apply_move", "chance_outcomes", "is_terminal", "legal_moves", "new_game"]

_PASS = Pass()
_DONE = Done()
_REROLL_SIX = RerollSix()
_REFRESH = Refresh()
_NO_GROUPS: tuple[tuple[int, ...], ...] = ()
_NO_ROLLS: tuple[int, ...] = ()


def new_game(rules: Rules) -> State:
    """The state before setup: no cards revealed, a full bag, an empty board."""
    t = rules.tables
    farm = Farm(0, (), (0,) * len(KINDS), 0, 0, t.empty_rows, ())
    return State(
        rules,
        CHANCE,
        Phase.CARDS,
        0,
        (),
        0,
        (),
        0,
        None,
        (farm,) * rules.players,
        0,
        ((),) * COLUMNS,
        rules.bag.counts(),
        (),
        0,
        _NO_GROUPS,
        _NO_ROLLS,
    )


def is_terminal(state: State) -> bool:
    """Whether the game is over."""
    return state.to_move is None


# -- what can happen ---------------------------------------------------------------


def _next_column(columns: tuple[tuple[str, ...], ...], slots: int) -> int:
    """The column the next token from the bag goes to, or -1 when every column is full.

    "Draw asset tokens from the bag and place them on the assets board,
    filling from left to right and top to bottom": the leftmost of the
    columns holding the fewest tokens.
    """
    best = -1
    fewest = slots
    for i, column in enumerate(columns):
        if len(column) < fewest:
            best, fewest = i, len(column)
    return best


def _draw_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    t = state.rules.tables
    column = _next_column(state.columns, state.rules.column_slots) + 1
    bag = state.bag
    total = sum(bag)
    return tuple(
        (t.draws[k][column], t.fraction(n, total)) for k, n in enumerate(bag) if n
    )


def _card_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    t = state.rules.tables
    names = t.support_names if state.cards else t.enclosure_names
    left = [n for n in names if n not in state.cards]
    p = t.fraction(1, len(left))
    return tuple((t.reveals[n], p) for n in left)


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """The outcomes of a chance node with their exact probabilities; ``()`` elsewhere."""
    if state.to_move is not CHANCE:
        return ()
    phase = state.phase
    t = state.rules.tables
    if phase is Phase.ROLL:
        return t.round_roll  # type: ignore[return-value]
    if phase is Phase.REROLL:
        return t.die_roll  # type: ignore[return-value]
    if phase is Phase.ORDER:
        return t.order_roll  # type: ignore[return-value]
    if phase is Phase.CARDS:
        return _card_outcomes(state)
    return _draw_outcomes(state)


def _fertilize_moves(state: State, farm: Farm) -> tuple[Move, ...]:
    """The fertilizer uses ``farm`` can afford now (without ``done``)."""
    t = state.rules.tables
    cost = state.rules.fertilizer
    have = farm.fertilizer
    out: list[Move] = []
    values = sorted(set(state.dice))
    if have >= cost.reroll:
        out.extend(t.rerolls[v] for v in values)
    if have >= cost.adjust:
        out.extend(t.adjusts[(v, to)] for v in values for to in (v - 1, v + 1) if (v, to) in t.adjusts)
    if have >= cost.refresh and (state.bag_size() or any(state.columns)):
        out.append(_REFRESH)
    if have >= cost.move:
        for a, column in enumerate(state.columns, 1):
            for kind in sorted(set(column), key=KIND_INDEX.__getitem__):
                out.extend(t.move_tokens[(kind, a, b)] for b in range(1, COLUMNS + 1) if b != a)
    return tuple(out)


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


def _third_die(dice: tuple[int, ...], width: int, height: int) -> int:
    """The die left when ``width`` and ``height`` are read from ``dice``; 0 if they cannot be."""
    rest = list(dice)
    for v in (width, height):
        if v not in rest:
            return 0
        rest.remove(v)
    return rest[0]


def _take_column(state: State) -> tuple[str, ...]:
    last = state.farms[state.order[state.turn]].enclosures[-1]
    return state.columns[_third_die(state.dice, last.width, last.height) - 1]


def _farm_moves(state: State) -> tuple[Move, ...]:
    t = state.rules.tables
    kind = state.token
    assert kind is not None
    rows = state.farms[state.order[state.turn]].rows
    puts = t.puts[KIND_INDEX[kind]]
    out = tuple(puts[i] for i, row in enumerate(rows) if accepts(t, i, row, kind))
    return out or (t.discards[kind],)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order; the outcomes at a chance node."""
    who = state.to_move
    if who is None:
        return ()
    if who is CHANCE:
        return tuple(m for m, _ in chance_outcomes(state))
    phase = state.phase
    t = state.rules.tables
    if phase is Phase.PLACE:
        places = _places(state)
        return tuple(places) if places else (_PASS,)
    if phase is Phase.TAKE:
        return tuple(t.takes[k] for k in sorted(set(_take_column(state)), key=KIND_INDEX.__getitem__))
    if phase is Phase.FARM:
        return _farm_moves(state)
    if phase is Phase.FERTILIZE:
        return (_DONE, *_fertilize_moves(state, state.farms[who]))
    return (_REROLL_SIX, *t.set_six)  # Phase.SIX


# -- how the game moves on -----------------------------------------------------------


def _with(state: State, **changes: Any) -> State:
    """A copy of ``state`` with ``changes``, built in one constructor call."""
    fields = {
        "rules": state.rules,
        "to_move": state.to_move,
        "phase": state.phase,
        "round": state.round,
        "order": state.order,
        "turn": state.turn,
        "dice": state.dice,
        "uses": state.uses,
        "token": state.token,
        "farms": state.farms,
        "occupied": state.occupied,
        "columns": state.columns,
        "bag": state.bag,
        "cards": state.cards,
        "passed": state.passed,
        "groups": state.groups,
        "rolls": state.rolls,
    }
    fields.update(changes)
    return State(**fields)


def _turn(state: State, **changes: Any) -> State:
    """Continue the turn of ``order[turn]`` after ``changes``: resolve a choice
    face, offer fertilizer while uses and tokens last, then place."""
    new = _with(state, **changes)
    seat = new.order[new.turn]
    if CHOICE in new.dice:
        phase = Phase.SIX
    else:
        farm = new.farms[seat]
        rules = new.rules
        if (
            new.uses < rules.fertilizer.uses_per_turn
            and farm.fertilizer >= rules.tables.min_cost
            and _fertilize_moves(new, farm)
        ):
            phase = Phase.FERTILIZE
        else:
            phase = Phase.PLACE
    return _with(new, to_move=seat, phase=phase)


def _next_turn(state: State, **changes: Any) -> State:
    new = _with(state, **changes)
    if new.turn + 1 < len(new.order):
        return _turn(new, turn=new.turn + 1, uses=0, token=None)
    return _end_round(new)


def _end_round(state: State) -> State:
    """Step 8 and Game length: refill, check the end, set the new order."""
    rules = state.rules
    if state.round >= rules.rounds or state.passed == rules.tables.all_seats:
        return _with(state, to_move=None, phase=Phase.END, token=None)
    if state.bag_size() and _next_column(state.columns, rules.column_slots) >= 0:
        return _with(state, to_move=CHANCE, phase=Phase.REFILL, token=None)
    return _after_refill(state)


def _after_refill(state: State) -> State:
    if not state.bag_size():
        return _with(state, to_move=None, phase=Phase.END, token=None)
    farms = state.farms
    seats = sorted(range(len(farms)), key=lambda p: farms[p].points)
    groups: list[tuple[int, ...]] = []
    for points in sorted({farms[p].points for p in seats}):
        groups.append(tuple(p for p in seats if farms[p].points == points))
    return _settle_order(state, tuple(groups))


def _settle_order(state: State, groups: tuple[tuple[int, ...], ...]) -> State:
    """Roll for the first tied group, or start the round when no ties are left."""
    if any(len(g) > 1 for g in groups):
        return _with(state, to_move=CHANCE, phase=Phase.ORDER, groups=groups, rolls=())
    return _with(
        state,
        to_move=CHANCE,
        phase=Phase.ROLL,
        round=state.round + 1,
        order=tuple(g[0] for g in groups),
        turn=0,
        dice=(),
        uses=0,
        token=None,
        passed=0,
        groups=_NO_GROUPS,
        rolls=_NO_ROLLS,
    )


# -- applying each kind of move -----------------------------------------------------


def _illegal(move: Move, why: str) -> IllegalMoveError:
    return IllegalMoveError(f"{move}: {why}")


def _expect(state: State, move: Move, phase: Phase) -> None:
    if state.phase is not phase:
        raise _illegal(move, f"not now: the game is waiting to {state.phase.value}")


def _apply_reveal(state: State, move: Reveal) -> State:
    _expect(state, move, Phase.CARDS)
    if move not in (m for m, _ in _card_outcomes(state)):
        what = "a support card not yet revealed" if state.cards else "an enclosure card"
        raise _illegal(move, f"the next card revealed is {what}")
    cards = (*state.cards, move.card)
    if len(cards) < state.rules.tables.cards_to_reveal:
        return _with(state, cards=cards)
    return _with(state, cards=cards, phase=Phase.FILL)


def _apply_draw(state: State, move: Draw) -> State:
    phase = state.phase
    if phase not in (Phase.FILL, Phase.REFILL, Phase.REFRESH):
        raise _illegal(move, f"not now: the game is waiting to {phase.value}")
    rules = state.rules
    column = _next_column(state.columns, rules.column_slots)
    k = KIND_INDEX[move.kind]
    if move.column != column + 1:
        raise _illegal(move, f"the board fills left to right: the next token goes to column {column + 1}")
    if not state.bag[k]:
        raise _illegal(move, f"the bag holds no {move.kind}")
    columns = list(state.columns)
    columns[column] = tuple(sorted((*columns[column], move.kind), key=KIND_INDEX.__getitem__))
    bag = list(state.bag)
    bag[k] -= 1
    new = _with(state, columns=tuple(columns), bag=tuple(bag))
    if sum(bag) and _next_column(new.columns, rules.column_slots) >= 0:
        return new
    if phase is Phase.FILL:
        return _settle_order(new, (tuple(range(rules.players)),))
    if phase is Phase.REFILL:
        return _after_refill(new)
    return _turn(new)


def _apply_roll(state: State, move: Roll) -> State:
    phase = state.phase
    values = move.values
    t = state.rules.tables
    if phase is Phase.ROLL:
        if move not in (m for m, _ in t.round_roll):
            raise _illegal(move, "the round's roll is three dice, each 1-6")
        return _turn(state, dice=values, turn=0, uses=0)
    if phase is Phase.REROLL:
        if move not in (m for m, _ in t.die_roll):
            raise _illegal(move, "a re-roll is one die, 1-6")
        return _turn(state, dice=tuple(sorted((*state.dice, values[0]))))
    if phase is Phase.ORDER:
        if move not in (m for m, _ in t.order_roll):
            raise _illegal(move, f"the order roll is one die, 1-{state.rules.order_die_faces}")
        rolls = (*state.rolls, values[0])
        i = next(i for i, g in enumerate(state.groups) if len(g) > 1)
        group = state.groups[i]
        if len(rolls) < len(group):
            return _with(state, rolls=rolls)
        split = tuple(
            tuple(p for p, r in zip(group, rolls, strict=True) if r == value)
            for value in sorted(set(rolls))
        )
        return _settle_order(state, (*state.groups[:i], *split, *state.groups[i + 1 :]))
    raise _illegal(move, f"not now: the game is waiting to {phase.value}")


def _spend(state: State, move: Move, cost: int) -> tuple[Farm, ...]:
    """The farms after the player pays ``cost`` fertilizer for ``move``."""
    _expect(state, move, Phase.FERTILIZE)
    seat = state.order[state.turn]
    farm = state.farms[seat]
    if farm.fertilizer < cost:
        raise _illegal(move, f"it costs {cost} fertilizer and you have {farm.fertilizer}")
    farms = list(state.farms)
    farms[seat] = _farm(farm, fertilizer=farm.fertilizer - cost)
    return tuple(farms)


def _farm(farm: Farm, **changes: Any) -> Farm:
    fields = {
        "land": farm.land,
        "enclosures": farm.enclosures,
        "placed": farm.placed,
        "points": farm.points,
        "fertilizer": farm.fertilizer,
        "rows": farm.rows,
        "discards": farm.discards,
    }
    fields.update(changes)
    return Farm(**fields)


def _without(dice: tuple[int, ...], value: int) -> tuple[int, ...]:
    rest = list(dice)
    rest.remove(value)
    return tuple(rest)


def _apply_reroll_six(state: State, move: RerollSix) -> State:
    _expect(state, move, Phase.SIX)
    seat = state.order[state.turn]
    farms = list(state.farms)
    gain = state.rules.fertilizer.six_reroll_gain
    farms[seat] = _farm(farms[seat], fertilizer=farms[seat].fertilizer + gain)
    return _with(
        state,
        to_move=CHANCE,
        phase=Phase.REROLL,
        farms=tuple(farms),
        dice=_without(state.dice, CHOICE),
    )


def _apply_set_six(state: State, move: SetSix) -> State:
    _expect(state, move, Phase.SIX)
    if not 1 <= move.value < CHOICE:
        raise _illegal(move, "a choice face is set to a value from 1 to 5")
    return _turn(state, dice=tuple(sorted((*_without(state.dice, CHOICE), move.value))))


def _check_use(state: State, move: Move) -> None:
    _expect(state, move, Phase.FERTILIZE)
    if state.uses >= state.rules.fertilizer.uses_per_turn:
        raise _illegal(move, "fertilizer can be used at most twice per turn")


def _apply_reroll(state: State, move: Reroll) -> State:
    _check_use(state, move)
    if move.value not in state.dice:
        raise _illegal(move, f"no die shows {move.value}")
    farms = _spend(state, move, state.rules.fertilizer.reroll)
    return _with(
        state,
        to_move=CHANCE,
        phase=Phase.REROLL,
        farms=farms,
        dice=_without(state.dice, move.value),
        uses=state.uses + 1,
    )


def _apply_adjust(state: State, move: Adjust) -> State:
    _check_use(state, move)
    if move.value not in state.dice:
        raise _illegal(move, f"no die shows {move.value}")
    if abs(move.to - move.value) != 1 or not 1 <= move.to < CHOICE:
        raise _illegal(move, "a die is adjusted one up or down, within 1-5")
    farms = _spend(state, move, state.rules.fertilizer.adjust)
    dice = tuple(sorted((*_without(state.dice, move.value), move.to)))
    return _turn(state, farms=farms, dice=dice, uses=state.uses + 1)


def _apply_refresh(state: State, move: Refresh) -> State:
    _check_use(state, move)
    farms = _spend(state, move, state.rules.fertilizer.refresh)
    bag = list(state.bag)
    for column in state.columns:
        for kind in column:
            bag[KIND_INDEX[kind]] += 1
    new = _with(
        state,
        farms=farms,
        columns=((),) * COLUMNS,
        bag=tuple(bag),
        uses=state.uses + 1,
    )
    if not sum(bag):
        return _turn(new)
    return _with(new, to_move=CHANCE, phase=Phase.REFRESH)


def _apply_move_token(state: State, move: MoveToken) -> State:
    _check_use(state, move)
    a, b = move.source, move.target
    if not (1 <= a <= COLUMNS and 1 <= b <= COLUMNS) or a == b:
        raise _illegal(move, "a token moves from one column 1-5 to another")
    if move.kind not in state.columns[a - 1]:
        raise _illegal(move, f"column {a} holds no {move.kind}")
    farms = _spend(state, move, state.rules.fertilizer.move)
    columns = list(state.columns)
    columns[a - 1] = _without(columns[a - 1], move.kind)  # type: ignore[arg-type]
    columns[b - 1] = tuple(sorted((*columns[b - 1], move.kind), key=KIND_INDEX.__getitem__))
    return _turn(state, farms=farms, columns=tuple(columns), uses=state.uses + 1)


def _apply_done(state: State, move: Done) -> State:
    _expect(state, move, Phase.FERTILIZE)
    return _with(state, phase=Phase.PLACE)


def _apply_place(state: State, move: Place) -> State:
    _expect(state, move, Phase.PLACE)
    t = state.rules.tables
    seat = state.order[state.turn]
    third = _third_die(state.dice, move.width, move.height)
    if not third:
        dice = " ".join(map(str, state.dice))
        raise _illegal(move, f"width and height must be two of the dice {dice}")
    if not state.columns[third - 1]:
        raise _illegal(move, f"the third die is {third} and column {third} holds no token")
    farm = state.farms[seat]
    why = place_ok(t, seat, farm.land, state.occupied, move)
    if why:
        raise _illegal(move, why)
    cells = t.rect[move.width][move.height] << (move.y * t.size + move.x)
    farms = list(state.farms)
    farms[seat] = _farm(
        farm,
        land=farm.land | cells,
        enclosures=(*farm.enclosures, Enclosure(move.x, move.y, move.width, move.height)),
    )
    return _with(state, phase=Phase.TAKE, farms=tuple(farms), occupied=state.occupied | cells)


def _apply_pass(state: State, move: Pass) -> State:
    _expect(state, move, Phase.PLACE)
    if _places(state):
        raise _illegal(move, "you may pass only when no dice give a legal enclosure and a token")
    return _next_turn(state, passed=state.passed | 1 << state.order[state.turn])


def _apply_take(state: State, move: Take) -> State:
    _expect(state, move, Phase.TAKE)
    t = state.rules.tables
    seat = state.order[state.turn]
    farm = state.farms[seat]
    last = farm.enclosures[-1]
    third = _third_die(state.dice, last.width, last.height)
    column = state.columns[third - 1]
    if move.kind not in column:
        raise _illegal(move, f"column {third} (the third die) holds no {move.kind}")
    k = KIND_INDEX[move.kind]
    points, fertilizer = placement_gain(t, farm, k)
    placed = list(farm.placed)
    placed[k] += 1
    farms = list(state.farms)
    farms[seat] = _farm(
        farm,
        enclosures=(*farm.enclosures[:-1], Enclosure(last.x, last.y, last.width, last.height, move.kind)),
        placed=tuple(placed),
        points=farm.points + points,
        fertilizer=farm.fertilizer + fertilizer,
    )
    columns = list(state.columns)
    columns[third - 1] = _without(column, move.kind)  # type: ignore[arg-type]
    return _with(
        state, phase=Phase.FARM, farms=tuple(farms), columns=tuple(columns), token=move.kind
    )


def _apply_put(state: State, move: Put) -> State:
    _expect(state, move, Phase.FARM)
    t = state.rules.tables
    if move.kind != state.token:
        raise _illegal(move, f"the token in hand is a {state.token}")
    i = t.category_index.get(move.category)
    if i is None:
        raise _illegal(move, f"the farm board has no category {move.category!r}")
    seat = state.order[state.turn]
    farm = state.farms[seat]
    if not accepts(t, i, farm.rows[i], move.kind):
        raise _illegal(move, f"{move.category} has no free slot that takes a {move.kind}")
    rows = list(farm.rows)
    rows[i] = (*rows[i], move.kind)
    farms = list(state.farms)
    farms[seat] = _farm(farm, rows=tuple(rows))
    return _next_turn(state, farms=tuple(farms), token=None)


def _apply_discard(state: State, move: Discard) -> State:
    _expect(state, move, Phase.FARM)
    if move.kind != state.token:
        raise _illegal(move, f"the token in hand is a {state.token}")
    if _farm_moves(state) != (move,):
        raise _illegal(move, "a token is discarded only when no category with a free slot takes it")
    seat = state.order[state.turn]
    farm = state.farms[seat]
    farms = list(state.farms)
    farms[seat] = _farm(farm, discards=(*farm.discards, move.kind))
    return _next_turn(state, farms=tuple(farms), token=None)


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


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~acreage.IllegalMoveError` names the rule it breaks."""
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMoveError(f"{move!r} is not a move of Fence Em In")
    who = state.to_move
    if who is None:
        raise _illegal(move, "the game is over")
    if (who is CHANCE) != isinstance(move, Reveal | Draw | Roll):
        if who is CHANCE:
            raise _illegal(move, f"not now: the game is waiting to {state.phase.value} (chance)")
        raise _illegal(move, f"not now: it is player {who}'s turn to {state.phase.value}")
    return handler(state, move)

