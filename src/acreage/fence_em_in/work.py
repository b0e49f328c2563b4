"""The draft a move changes, and what every handler of Fence Em In shares.

:class:`Work` is the draft: a handler copies the state into it, sets the
fields the move changes by name (the steps that follow, in
:mod:`~acreage.fence_em_in.rounds`, set theirs on the same draft) and freezes
it into the next state. With it: the refusals every handler gives (a move
out of its phase, a hand-built move with fields of the wrong type, a rule
broken, and why), the empty parts a state starts or restarts with, and the
small tuple edits the handlers make.
"""

from __future__ import annotations

from typing import Any

from acreage.core.agenda import Task
from acreage.core.draft import Draft
from acreage.core.game import CHANCE, ECHO_LIMIT, IllegalMoveError, shorten
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
from acreage.fence_em_in.rules import COLUMNS, Rules
from acreage.fence_em_in.state import Farm, Phase, State, make_farm

__all__ = [
    "EMPTY_BOARD",
    "Work",
    "expect",
    "illegal",
    "malformed",
    "not_now",
    "sorted_dice",
    "with_fertilizer",
    "without",
    "word",
]

EMPTY_BOARD: tuple[tuple[str, ...], ...] = ((),) * COLUMNS
"""The assets board with no tokens: before setup, and after a refresh."""


class Work(Draft[State], of=State, lists=("agenda",)):
    """A State being changed by one move: its fields, settable (generated from
    State's, see :mod:`acreage.core.draft`), frozen into the next State at the end.

    The engine copies the state and pops the top task; the move's handler
    sets the fields the move changes by name and pushes the next task; the
    steps that follow a move (the next turn, the end of a round, the turn
    order) set theirs on the same draft.
    """

    __slots__ = ()
    # The fields' types, for the type checker (checked against State's when the class is made).
    rules: Rules
    agenda: list[Task]
    round: int
    order: tuple[int, ...]
    turn: int
    dice: tuple[int, ...]
    uses: int
    farms: tuple[Farm, ...]
    occupied: int
    columns: tuple[tuple[str, ...], ...]
    bag: tuple[int, ...]
    cards: tuple[str, ...]
    passed: int
    six_rerolls: int


def illegal(move: Move, why: str) -> IllegalMoveError:
    """The refusal of ``move``, saying ``why``."""
    return IllegalMoveError(f"{word(str(move))}: {why}")


def word(name: str) -> str:
    """A name from a move, for a message: as it is, or cut when a hand-built move made it huge."""
    return name if len(name) <= ECHO_LIMIT else f"{name[: ECHO_LIMIT - 3]}..."


def malformed(move: Move) -> IllegalMoveError:
    """A hand-built move whose fields are not what :func:`parse_move` makes:
    never legal, even when it compares equal to a legal move (``True == 1``)."""
    return IllegalMoveError(f"{shorten(move)}: {field_problem(move)}")


def expect(state: State, move: Move) -> None:
    """:class:`IllegalMoveError` unless ``state`` is in a phase ``move`` belongs to."""
    if state.phase not in _MOVE_PHASES[type(move)]:
        raise not_now(state, move)


def not_now(state: State, move: Move) -> IllegalMoveError:
    """The refusal of ``move`` out of its phase: who, or what chance node, the game waits for."""
    who = state.to_move
    if who is None:
        return illegal(move, "the game is over")
    if who is CHANCE:
        return illegal(move, f"not now: the game is waiting to {state.phase.value} (chance)")
    return illegal(move, f"not now: it is player {who}'s turn to {state.phase.value}")


_MOVE_PHASES: dict[type, tuple[Phase, ...]] = {
    Reveal: (Phase.CARDS,),
    Draw: (Phase.FILL, Phase.REFILL, Phase.REFRESH),
    Roll: (Phase.ORDER, Phase.ROLL, Phase.REROLL),
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


def without(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """``items`` less one ``item`` (the order of the rest kept)."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def sorted_dice(dice: tuple[int, ...], value: int) -> tuple[int, ...]:
    """``dice`` with one more die showing ``value``, kept in sorted order."""
    return tuple(sorted((*dice, value)))


def with_fertilizer(farm: Farm, fertilizer: int) -> Farm:
    """``farm`` holding ``fertilizer`` fertilizer tokens."""
    return make_farm(
        farm.land,
        farm.enclosures,
        farm.placed,
        farm.points,
        fertilizer,
        farm.rows,
        farm.discards,
    )
