"""apply_move: check a move against the rules (naming the rule that forbids it) and carry it out.

A move is legal only if its text parses back to it (``parse_move(s, str(m)) == m``),
so a hand-built move with fields of the wrong type (``Build("pigs", "2", "0")``,
``Market(True)``, ``StartPlayer(1.0)``) or naming what these rules do not have
(``DrawFrom("orchard")``) is an :class:`IllegalMoveError`, as is anything that is no
move at all. The checks ride on the ones a legal move passes anyway (its cell, its
card or tool by name), so a legal move pays no more than a type test or two.
"""

from __future__ import annotations

import typing
from bisect import bisect_left, insort
from collections.abc import Callable

from acreage.core.bitset import bits
from acreage.core.chance import Deck, Pile
from acreage.core.game import ECHO_LIMIT, IllegalMoveError, shorten
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.engine import (
    Work,
    attach,
    choose,
    deck_question,
    place,
    replace_farm,
    shut_down,
    supply,
)
from acreage.fields_of_green.geometry import cell, coords
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
    Move,
    PayWater,
    Pick,
    Restore,
    ShutDown,
    StartPlayer,
    StoreWater,
    Supply,
)
from acreage.fields_of_green.queries import (
    build_sites,
    convert_effect,
    grain_payable,
    matching_sites,
    pay_options,
)
from acreage.fields_of_green.rules import Rules, card_ids, tool_ids
from acreage.fields_of_green.state import (
    ACTION,
    ATTACH,
    CONVERTING,
    DEAL,
    DRAW,
    END,
    PAY,
    PICK,
    START,
    STORE,
    SUPPLY,
    TOOL_CHOOSE,
    TOOL_DEAL,
    TOOL_PLACE,
    AttachKept,
    ConvertAt,
    Farm,
    Gain,
    PayWaterDue,
    PlaceSite,
    State,
    StoreWaterTokens,
    SupplyNext,
)

__all__ = ["apply_move"]


_MOVES: tuple[type, ...] = typing.get_args(Move)


def _echo(value: object) -> str:
    """``value`` as an error message quotes it: a move by its text, anything else by its
    repr, cut short (a message never repeats a 100 kB input whole)."""
    try:
        if isinstance(value, _MOVES):
            text = str(value)
            return text if len(text) <= ECHO_LIMIT else f"{text[: ECHO_LIMIT - 3]}..."
        return shorten(value)
    except ValueError:  # an int too long to write out (sys.get_int_max_str_digits)
        return "a number too long to write out"


def _site(rules: Rules, x: int, y: int) -> int:
    """The cell index of ``(x, y)``; :class:`IllegalMoveError` if no card can ever be there.

    Cells are ints exactly: ``True``, ``1.0`` or ``"1"`` would make a move whose text
    does not parse back (and ``1.0`` would even find the cell).
    """
    if type(x) is not int or type(y) is not int:
        raise IllegalMoveError(f"a cell is x,y in whole numbers, not {_echo(x)},{_echo(y)}")
    c = cell(rules, x, y)
    if c < 0:
        raise IllegalMoveError(
            f"{_echo(x)},{_echo(y)} lies further from the farm than any card can ever be built"
        )
    return c


def _card_id(rules: Rules, name: str) -> int:
    try:
        k = card_ids(rules).get(name)
    except TypeError:  # unhashable: no name
        k = None
    if k is None:
        raise IllegalMoveError(f"there is no card named {_echo(name)} in these rules")
    return k


def _tool_id(rules: Rules, name: str) -> int:
    try:
        x = tool_ids(rules).get(name)
    except TypeError:  # unhashable: no name
        x = None
    if x is None:
        raise IllegalMoveError(f"there is no tool named {_echo(name)} in these rules")
    return x


def _check_build_site(s: State, f: Farm, c: int) -> None:
    if c not in f.frontier:
        x, y = coords(s.rules, c)
        if f.occupied >> c & 1:
            raise IllegalMoveError(
                f"{x},{y} already holds a card "
                "(a shut-down site keeps its place and cannot be replaced)"
            )
        raise IllegalMoveError(
            f"{x},{y} is not orthogonally next to a built location: "
            "building is only beside, above or below one, never diagonally"
        )


_TOWER_OR_SILO = (BuildTower, BuildSilo)


def _action(s: State, move: Move) -> State:
    """A) to E) with the revealed card."""
    w = Work.copy(s)
    r, t = s.rules, s.rules.tables
    p = s.actor
    f = s.farms[p]
    kind = s.picks[p]
    if isinstance(move, Build):
        if move.card != t.names[kind]:
            raise IllegalMoveError(f"the revealed card is {t.names[kind]}, not {_echo(move.card)}")
        c = _site(r, move.x, move.y)
        _check_build_site(s, f, c)
        coins, water, grain = t.cost[kind]
        if f.coins < coins:
            raise IllegalMoveError(
                f"building {move.card} costs {coins} coins; there are only {f.coins}"
            )
        if not grain_payable(r, f, grain):
            raise IllegalMoveError(
                f"building {move.card} costs {grain} grain from the silos; there is {f.grain}"
                + ("" if r.split_payments else f" (all from one silo of {r.silo_capacity})")
            )
        if c not in build_sites(r, f, kind):
            raise IllegalMoveError(
                f"building {move.card} at {move.x},{move.y} needs {water} water from a water "
                f"tower whose range ({r.range_metric} distance {r.water_range}) covers that cell"
                + ("" if r.split_payments else " and that holds it all")
                + (
                    "; and a card that needs water at harvest is built within a tower's range"
                    if r.harvest_water_in_range and t.needs[kind][0]
                    else ""
                )
            )
        if water:
            w.farms[p] = replace_farm(f, coins=f.coins - coins, grain=f.grain - grain)
            w.then(PayWaterDue(p, c, water), PlaceSite(p, c, kind))
        else:  # the PLACE step comes next: take it now, paying the costs with it
            place(w, p, c, kind, coins, grain)
    elif isinstance(move, _TOWER_OR_SILO):
        tower = isinstance(move, BuildTower)
        c = _site(r, move.x, move.y)
        _check_build_site(s, f, c)
        if tower and not s.tower_stack:
            raise IllegalMoveError("the water-tower stack is empty")
        if not tower and not s.silo_stack:
            raise IllegalMoveError("the silo stack is empty")
        if tower and f.coins < r.tower_coins:
            raise IllegalMoveError(
                f"a water tower costs {r.tower_coins} coins; there are only {f.coins}"
            )
        w.discard_pick(p)
        if tower:
            w.tower_stack -= 1
            place(w, p, c, t.tower, r.tower_coins)
        else:
            w.silo_stack -= 1
            place(w, p, c, t.silo)
    elif isinstance(move, Market):
        if type(move.sell) is not int or not 0 <= move.sell <= r.market_grain:
            raise IllegalMoveError(
                f"at the market at most {r.market_grain} grain can be sold, not {_echo(move.sell)}"
            )
        if move.sell > f.grain:
            raise IllegalMoveError(f"there is only {f.grain} grain in the silos to sell")
        w.discard_pick(p)
        w.farms[p] = replace_farm(
            f,
            coins=f.coins + r.market_coins + move.sell * r.grain_price,
            grain=f.grain - move.sell,
        )
    else:
        assert isinstance(move, Restore)
        c = _site(r, move.x, move.y)
        if not f.down >> c & 1:
            raise IllegalMoveError(f"there is no shut-down site at {move.x},{move.y} to restore")
        if t.names[f.kind_at(c)] != move.card:
            raise IllegalMoveError(
                f"the site at {move.x},{move.y} is {t.names[f.kind_at(c)]}, not {_echo(move.card)}"
            )
        if f.coins < r.restore_coins:
            raise IllegalMoveError(
                f"restoring a site costs {r.restore_coins} coin; there are only {f.coins}"
            )
        w.discard_pick(p)
        w.farms[p] = replace_farm(f, coins=f.coins - r.restore_coins, down=f.down & ~(1 << c))
    return w.finish()


def _pick(s: State, move: Move) -> State:
    assert isinstance(move, Pick)
    p = s.actor
    k = _card_id(s.rules, move.card)
    hand = list(s.hands[p])
    if k not in hand:
        raise IllegalMoveError(f"{move.card} is not in the hand of player {p}")
    hand.remove(k)
    w = Work.copy(s)
    w.hands[p] = tuple(hand)
    w.picks[p] = k
    return w.finish()


def _draw(s: State, move: Move) -> State:
    assert isinstance(move, DrawFrom)
    drawn, used, allowed = s.pending
    try:
        d = DECKS.index(move.deck)
    except ValueError:
        raise IllegalMoveError(
            f"there is no deck named {_echo(move.deck)} (decks: {', '.join(DECKS)})"
        ) from None
    if not allowed >> d & 1:
        raise IllegalMoveError(
            f"no card can come from {move.deck} now: an empty deck cannot be drawn from, "
            f"and the {s.rules.hand_size} cards must come from at least {s.rules.min_decks} "
            "different decks"
        )
    w = Work.copy(s)
    w.decide(DEAL, s.actor, (drawn, used | 1 << d, d))
    return w.freeze()


def _deal(s: State, move: Move) -> State:
    assert isinstance(move, Deal)
    p = s.actor
    drawn, used, d = s.pending
    k = _card_id(s.rules, move.card)
    decks = list(s.decks)
    try:
        decks[d] = dealt(decks[d], k)
    except ValueError:
        raise IllegalMoveError(f"{move.card} cannot be dealt from the {DECKS[d]} deck") from None
    hand = list(s.hands[p])
    insort(hand, k)
    w = Work.copy(s)
    w.decks = tuple(decks)
    w.hands[p] = tuple(hand)
    if drawn + 1 < s.rules.hand_size:
        phase, pending = deck_question(s.rules, w.decks, drawn + 1, used)
        w.decide(phase, p, pending)
    return w.finish()


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


def _store(s: State, move: Move) -> State:
    assert isinstance(move, StoreWater)
    w = Work.copy(s)
    p = s.actor
    c = _site(s.rules, move.x, move.y)
    f = s.farms[p]
    towers = list(f.towers)
    for i, (tc, water, cap, reach) in enumerate(towers):
        if tc == c and water < cap:
            towers[i] = (tc, water + 1, cap, reach)
            break
    else:
        raise IllegalMoveError(f"there is no water tower with room at {move.x},{move.y}")
    w.farms[p] = replace_farm(f, towers=tuple(towers))
    w.then(StoreWaterTokens(p, s.pending[0] - 1))
    return w.finish()


def _pay(s: State, move: Move) -> State:
    assert isinstance(move, PayWater)
    w = Work.copy(s)
    r, p = s.rules, s.actor
    target, due = s.pending
    f = s.farms[p]
    c = _site(r, move.x, move.y)
    options = pay_options(r, f, target, due)
    amount = move.amount
    i = -1
    if type(amount) is int:  # not True or 1.0, whose text is no move's
        i = next((i for i, a in options if f.towers[i][0] == c and a == amount), -1)
    if i < 0:
        tx, ty = coords(r, target)
        raise IllegalMoveError(
            f"{_echo(move)} is not possible: the water for {tx},{ty} comes from a tower whose "
            "range covers it"
            + (", one token at a time" if r.split_payments else f", all {due} from one tower")
        )
    tc, water, cap, reach = f.towers[i]
    towers = list(f.towers)
    towers[i] = (tc, water - move.amount, cap, reach)
    w.farms[p] = replace_farm(f, towers=tuple(towers))
    if due > move.amount:
        w.then(PayWaterDue(p, target, due - move.amount))
    return w.finish()


def _deal_tool(s: State, move: Move) -> State:
    assert isinstance(move, DealTool)
    w = Work.copy(s)
    p = s.actor
    x = _tool_id(s.rules, move.tool)
    try:
        w.tool_pile = s.tool_pile.draw(x)
    except ValueError:
        raise IllegalMoveError(f"{move.tool} cannot be the next tool tile drawn") from None
    left = s.pending[0] - 1
    tiles = (*s.pending[1:], x)
    if left:
        w.decide(TOOL_DEAL, p, (left, *tiles))
    elif len(set(tiles)) > 1:
        w.decide(TOOL_CHOOSE, p, tiles)
    else:
        choose(w, p, tiles, x)
    return w.finish()


def _choose_tool(s: State, move: Move) -> State:
    assert isinstance(move, ChooseTool)
    w = Work.copy(s)
    x = _tool_id(s.rules, move.tool)
    if x not in s.pending:
        raise IllegalMoveError(f"{move.tool} is not among the tool tiles drawn")
    choose(w, s.actor, s.pending, x)
    return w.finish()


def _place_tool(s: State, move: Move) -> State:
    assert isinstance(move, AttachTool | KeepTool)
    w = Work.copy(s)
    r, p = s.rules, s.actor
    x = s.pending[0]
    if _tool_id(r, move.tool) != x:
        raise IllegalMoveError(f"the tool to place is {r.tables.tool_names[x]}, not {move.tool}")
    f = s.farms[p]
    if isinstance(move, KeepTool):
        w.farms[p] = replace_farm(f, kept=tuple(sorted((*f.kept, x))))
        return w.finish()
    c = _site(r, move.x, move.y)
    if c not in matching_sites(r, f, x):
        raise IllegalMoveError(_no_fit(r, f, x, c))
    attach(w, p, x, c)
    return w.finish()


def _attach_kept(s: State, move: Move) -> State:
    w = Work.copy(s)
    if isinstance(move, Done):
        return w.finish()
    assert isinstance(move, AttachTool)
    r, p = s.rules, s.actor
    c = s.pending[0]
    x = _tool_id(r, move.tool)
    f = s.farms[p]
    if x not in f.kept:
        raise IllegalMoveError(f"{move.tool} is not kept aside")
    if _site(r, move.x, move.y) != c:
        raise IllegalMoveError(
            "a tool kept aside is attached when a matching site is built, to that new site only"
        )
    if c not in matching_sites(r, f, x, c):
        raise IllegalMoveError(_no_fit(r, f, x, c))
    kept = list(f.kept)
    kept.remove(x)
    w.farms[p] = replace_farm(f, kept=tuple(kept))
    attach(w, p, x, c)
    w.then(AttachKept(p, c))
    return w.finish()


def _supply(s: State, move: Move) -> State:
    assert isinstance(move, Supply | ShutDown)
    r, p = s.rules, s.actor
    remaining, ready = s.pending
    c = _site(r, move.x, move.y)
    f = s.farms[p]
    if not remaining >> c & 1:
        raise IllegalMoveError(
            f"there is no green site at {move.x},{move.y} waiting to be supplied"
        )
    name = r.tables.names[f.kind_at(c)]
    if name != move.card:
        raise IllegalMoveError(f"the site at {move.x},{move.y} is {name}, not {_echo(move.card)}")
    w = Work.copy(s)
    if isinstance(move, ShutDown):
        if ready >> c & 1:
            raise IllegalMoveError(
                f"{move.card} at {move.x},{move.y} can be supplied, so it produces: "
                "a site shuts down only when its needs cannot be met"
            )
        shut_down(w, p, 1 << c)
        w.then(SupplyNext(p, remaining & ~(1 << c)))
    elif not ready >> c & 1:
        raise IllegalMoveError(
            f"{move.card} at {move.x},{move.y} cannot be supplied now: its water must come "
            "from towers in range and its grain from the silos"
        )
    else:
        supply(w, p, c, remaining)
    return w.finish()


def _convert(s: State, move: Move) -> State:
    w = Work.copy(s)
    if isinstance(move, Done):
        return w.finish()
    assert isinstance(move, Convert)
    r, p = s.rules, s.actor
    c, left = s.pending
    f = s.farms[p]
    if _site(r, move.x, move.y) != c or r.tables.names[f.kind_at(c)] != move.card:
        raise IllegalMoveError("only the site being harvested can convert now")
    e = convert_effect(r, f.kind_at(c))
    w.farms[p] = replace_farm(f, coins=f.coins - e[7], grain=f.grain - e[8])
    w.then(Gain(p, e[1], e[2], e[3], e[4]), ConvertAt(p, c, left - 1))
    return w.finish()


def _start(s: State, move: Move) -> State:
    assert isinstance(move, StartPlayer)
    w = Work.copy(s)
    if type(move.seat) is not int or not 0 <= move.seat < s.rules.players:
        raise IllegalMoveError(f"there is no seat {_echo(move.seat)}")
    w.start = move.seat
    return w.finish()


_Handler = Callable[[State, Move], State]
_BY_PHASE: dict[int, tuple[tuple[type, ...], _Handler, str]] = {
    START: ((StartPlayer,), _start, "chance to choose the start player"),
    STORE: ((StoreWater,), _store, "store a water token ('store water in X,Y')"),
    DRAW: ((DrawFrom,), _draw, "choose the deck of the next blind card ('draw from DECK')"),
    DEAL: ((Deal,), _deal, "chance to deal a card"),
    PICK: ((Pick,), _pick, "pick a hand card ('pick CARD')"),
    ACTION: (
        (Build, BuildTower, BuildSilo, Market, Restore),
        _action,
        "choose an action A-E for the revealed card",
    ),
    PAY: ((PayWater,), _pay, "choose the water tower that pays ('pay N water from X,Y')"),
    TOOL_DEAL: ((DealTool,), _deal_tool, "chance to deal a tool tile"),
    TOOL_CHOOSE: ((ChooseTool,), _choose_tool, "choose one of the drawn tool tiles"),
    TOOL_PLACE: ((AttachTool, KeepTool), _place_tool, "attach the chosen tool or keep it aside"),
    ATTACH: ((AttachTool, Done), _attach_kept, "attach a kept tool to the new site, or 'done'"),
    SUPPLY: ((Supply, ShutDown), _supply, "choose the next site to supply"),
    CONVERTING: ((Convert, Done), _convert, "convert once more, or 'done'"),
}


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; :class:`IllegalMoveError` (naming the rule) if it is not allowed.

    ``move`` is a move object (from :func:`legal_moves` or :func:`parse_move`);
    anything else, text included, is refused with an :class:`IllegalMoveError`.
    """
    entry = _BY_PHASE.get(state.phase)  # None at the end
    if entry is None or not isinstance(move, entry[0]):
        raise IllegalMoveError(_out_of_turn(state, move))
    return entry[1](state, move)


def _out_of_turn(state: State, move: object) -> str:
    """Why ``move`` is not the kind of move the state is waiting for."""
    if not isinstance(move, _MOVES):
        hint = (
            f": parse_move(state, {_echo(move)}) turns a move's text into a move"
            if isinstance(move, str)
            else ""
        )
        return (
            "apply_move takes a move object (from legal_moves or parse_move), "
            f"not {type(move).__name__}{hint}"
        )
    if state.phase == END:
        return f"the game is over; {_echo(move)} is not possible"
    return f"it is time to {_BY_PHASE[state.phase][2]}, not {_echo(move)}"


def _no_fit(rules: Rules, f: Farm, tool: int, c: int) -> str:
    t = rules.tables
    x, y = coords(rules, c)
    kind = f.kind_at(c)
    if kind < 0:
        return f"there is no site at {x},{y}"
    if not t.tool_fits[tool] >> kind & 1:
        fits = [t.names[k] for k in bits(t.tool_fits[tool])]
        return f"{t.tool_names[tool]} fits only {', '.join(fits)}, not {t.names[kind]}"
    if f.down >> c & 1:
        return f"{t.names[kind]} at {x},{y} is shut down"
    return (
        f"{t.names[kind]} at {x},{y} already has {rules.tools_per_site} tools or this one: "
        f"a site takes at most {rules.tools_per_site} tools, all different"
    )
