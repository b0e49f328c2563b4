"""Why a move is refused: the rule that forbids it, in words (the engine's ``refuse``).

The engine applies a move only when it is one of the moves just listed for the
state, or the game's own object equal to one whose text is the same (so a
hand-built move with fields of the wrong type, ``Build("pigs", "2", "0")``,
``Market(True)``, ``StartPlayer(1.0)``, or naming what these rules do not
have, ``DrawFrom("orchard")``, is refused, as is anything that is no move at
all). For any other move :func:`refusal` runs the checks of the task on top
and says which rule the move breaks.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any

from acreage.core.bitset import bits
from acreage.core.game import ECHO_LIMIT, IllegalMoveError, shorten
from acreage.fields_of_green import state as st
from acreage.fields_of_green.apply import dealt
from acreage.fields_of_green.components import DECKS
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
from acreage.fields_of_green.queries import build_sites, grain_payable, matching_sites, pay_options
from acreage.fields_of_green.rules import Rules, card_ids, tool_ids
from acreage.fields_of_green.state import Farm, State

__all__ = ["refusal"]


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


def _check_action(s: State, task: st.Act, move: Move) -> None:
    """A) to E) with the revealed card."""
    r, t = s.rules, s.rules.tables
    p = task.seat
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
    elif isinstance(move, BuildTower | BuildSilo):
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
    elif isinstance(move, Market):
        if type(move.sell) is not int or not 0 <= move.sell <= r.market_grain:
            raise IllegalMoveError(
                f"at the market at most {r.market_grain} grain can be sold, not {_echo(move.sell)}"
            )
        if move.sell > f.grain:
            raise IllegalMoveError(f"there is only {f.grain} grain in the silos to sell")
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


def _check_pick(s: State, task: st.PickCard, move: Pick) -> None:
    k = _card_id(s.rules, move.card)
    if k not in s.hands[task.seat]:
        raise IllegalMoveError(f"{move.card} is not in the hand of player {task.seat}")


def _check_draw(s: State, task: st.ChooseDeck, move: DrawFrom) -> None:
    try:
        d = DECKS.index(move.deck)
    except ValueError:
        raise IllegalMoveError(
            f"there is no deck named {_echo(move.deck)} (decks: {', '.join(DECKS)})"
        ) from None
    if not task.allowed >> d & 1:
        raise IllegalMoveError(
            f"no card can come from {move.deck} now: an empty deck cannot be drawn from, "
            f"and the {s.rules.hand_size} cards must come from at least {s.rules.min_decks} "
            "different decks"
        )


def _check_deal(s: State, task: st.DealCard, move: Deal) -> None:
    k = _card_id(s.rules, move.card)
    try:
        dealt(s.decks[task.deck], k)
    except ValueError:
        raise IllegalMoveError(
            f"{move.card} cannot be dealt from the {DECKS[task.deck]} deck"
        ) from None


def _check_store(s: State, task: st.StoreWaterTokens, move: StoreWater) -> None:
    c = _site(s.rules, move.x, move.y)
    if not any(tc == c and water < cap for tc, water, cap, _ in s.farms[task.seat].towers):
        raise IllegalMoveError(f"there is no water tower with room at {move.x},{move.y}")


def _check_pay(s: State, task: st.PayWaterDue, move: PayWater) -> None:
    r = s.rules
    target, due = task.cell, task.water
    f = s.farms[task.seat]
    c = _site(r, move.x, move.y)
    amount = move.amount
    # Not True or 1.0, whose text is no move's.
    if type(amount) is not int or not any(
        f.towers[i][0] == c and a == amount for i, a in pay_options(r, f, target, due)
    ):
        tx, ty = coords(r, target)
        raise IllegalMoveError(
            f"{_echo(move)} is not possible: the water for {tx},{ty} comes from a tower whose "
            "range covers it"
            + (", one token at a time" if r.split_payments else f", all {due} from one tower")
        )


def _check_deal_tool(s: State, task: st.DealTools, move: DealTool) -> None:
    x = _tool_id(s.rules, move.tool)
    try:
        s.tool_pile.draw(x)
    except ValueError:
        raise IllegalMoveError(f"{move.tool} cannot be the next tool tile drawn") from None


def _check_choose_tile(s: State, task: st.ChooseTile, move: ChooseTool) -> None:
    if _tool_id(s.rules, move.tool) not in task.drawn:
        raise IllegalMoveError(f"{move.tool} is not among the tool tiles drawn")


def _check_place_tool(s: State, task: st.PlaceTool, move: AttachTool | KeepTool) -> None:
    r, x = s.rules, task.tool
    if _tool_id(r, move.tool) != x:
        raise IllegalMoveError(f"the tool to place is {r.tables.tool_names[x]}, not {move.tool}")
    if isinstance(move, AttachTool):
        f = s.farms[task.seat]
        c = _site(r, move.x, move.y)
        if c not in matching_sites(r, f, x):
            raise IllegalMoveError(_no_fit(r, f, x, c))


def _check_attach_kept(s: State, task: st.AttachKept, move: AttachTool | Done) -> None:
    if isinstance(move, Done):
        return
    r, c = s.rules, task.cell
    x = _tool_id(r, move.tool)
    f = s.farms[task.seat]
    if x not in f.kept:
        raise IllegalMoveError(f"{move.tool} is not kept aside")
    if _site(r, move.x, move.y) != c:
        raise IllegalMoveError(
            "a tool kept aside is attached when a matching site is built, to that new site only"
        )
    if c not in matching_sites(r, f, x, c):
        raise IllegalMoveError(_no_fit(r, f, x, c))


def _check_supply(s: State, task: st.ChooseSupply, move: Supply | ShutDown) -> None:
    r = s.rules
    remaining, ready = task.remaining, task.ready
    c = _site(r, move.x, move.y)
    f = s.farms[task.seat]
    if not remaining >> c & 1:
        raise IllegalMoveError(
            f"there is no green site at {move.x},{move.y} waiting to be supplied"
        )
    name = r.tables.names[f.kind_at(c)]
    if name != move.card:
        raise IllegalMoveError(f"the site at {move.x},{move.y} is {name}, not {_echo(move.card)}")
    if isinstance(move, ShutDown):
        if ready >> c & 1:
            raise IllegalMoveError(
                f"{move.card} at {move.x},{move.y} can be supplied, so it produces: "
                "a site shuts down only when its needs cannot be met"
            )
    elif not ready >> c & 1:
        raise IllegalMoveError(
            f"{move.card} at {move.x},{move.y} cannot be supplied now: its water must come "
            "from towers in range and its grain from the silos"
        )


def _check_convert(s: State, task: st.ConvertAt, move: Convert | Done) -> None:
    if isinstance(move, Done):
        return
    r, c = s.rules, task.cell
    f = s.farms[task.seat]
    if _site(r, move.x, move.y) != c or r.tables.names[f.kind_at(c)] != move.card:
        raise IllegalMoveError("only the site being harvested can convert now")


def _check_start(s: State, task: st.DealStart, move: StartPlayer) -> None:
    if type(move.seat) is not int or not 0 <= move.seat < s.rules.players:
        raise IllegalMoveError(f"there is no seat {_echo(move.seat)}")


_Check = Callable[[State, Any, Any], None]
_BY_TASK: dict[type, tuple[tuple[type, ...], _Check, str]] = {
    st.DealStart: ((StartPlayer,), _check_start, "chance to choose the start player"),
    st.StoreWaterTokens: (
        (StoreWater,),
        _check_store,
        "store a water token ('store water in X,Y')",
    ),
    st.ChooseDeck: (
        (DrawFrom,),
        _check_draw,
        "choose the deck of the next blind card ('draw from DECK')",
    ),
    st.DealCard: ((Deal,), _check_deal, "chance to deal a card"),
    st.PickCard: ((Pick,), _check_pick, "pick a hand card ('pick CARD')"),
    st.Act: (
        (Build, BuildTower, BuildSilo, Market, Restore),
        _check_action,
        "choose an action A-E for the revealed card",
    ),
    st.PayWaterDue: (
        (PayWater,),
        _check_pay,
        "choose the water tower that pays ('pay N water from X,Y')",
    ),
    st.DealTools: ((DealTool,), _check_deal_tool, "chance to deal a tool tile"),
    st.ChooseTile: ((ChooseTool,), _check_choose_tile, "choose one of the drawn tool tiles"),
    st.PlaceTool: (
        (AttachTool, KeepTool),
        _check_place_tool,
        "attach the chosen tool or keep it aside",
    ),
    st.AttachKept: (
        (AttachTool, Done),
        _check_attach_kept,
        "attach a kept tool to the new site, or 'done'",
    ),
    st.ChooseSupply: ((Supply, ShutDown), _check_supply, "choose the next site to supply"),
    st.ConvertAt: ((Convert, Done), _check_convert, "convert once more, or 'done'"),
}
"""Per task that takes a move: the kinds of move it takes, the checks naming the rule a
move of those kinds breaks, and what it is time to do, in words."""


def refusal(state: State, move: object) -> IllegalMoveError:
    """The error saying why ``move`` is not legal in ``state`` (the engine's ``refuse``)."""
    if not isinstance(move, _MOVES):
        hint = (
            f": parse_move(state, {_echo(move)}) turns a move's text into a move"
            if isinstance(move, str)
            else ""
        )
        return IllegalMoveError(
            "apply_move takes a move object (from legal_moves or parse_move), "
            f"not {type(move).__name__}{hint}"
        )
    if not state.agenda:
        return IllegalMoveError(f"the game is over; {_echo(move)} is not possible")
    task = state.agenda[-1]
    kinds, check, words = _BY_TASK[type(task)]
    if not isinstance(move, kinds):
        return IllegalMoveError(f"it is time to {words}, not {_echo(move)}")
    try:
        check(state, task, move)
    except IllegalMoveError as error:
        return error
    # Every check passed, yet the move is not one listed: a field no check reads is off.
    return IllegalMoveError(f"{_echo(move)} is not possible now")


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
