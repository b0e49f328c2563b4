"""What a seat sees of a Fence Em In table: everything (the game hides nothing).

:func:`observe` gives a :class:`View`, a plain value with no link to the
state; :func:`state_of_view` turns one back into the state it shows.
"""

from __future__ import annotations

import attrs

from acreage.core.display import view_repr
from acreage.core.game import Chance, check_seat
from acreage.fence_em_in.rules import Rules
from acreage.fence_em_in.state import Farm, Phase, State, agenda_for

__all__ = ["View", "observe", "state_of_view"]


@attrs.frozen
class View:
    """What ``player`` sees: the whole table (Fence Em In hides nothing).

    The fields are the :class:`State`'s, with ``player`` the viewing seat;
    ``rules`` are public, and let a view be turned into numbers on its own
    (:func:`acreage.fence_em_in.actions.observation_tensor`).
    """

    rules: Rules = attrs.field(repr=False)
    player: int
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

    def __repr__(self) -> str:
        where = f"round {self.round} of {self.rules.rounds}" if self.round else "setup"
        return view_repr("fence-em-in", self, where)

    def _repr_svg_(self) -> str:
        from acreage.fence_em_in.render import render_svg

        return render_svg(self)


def state_of_view(view: View) -> State:
    """The state a :class:`View` shows: the whole table (Fence Em In hides nothing)."""
    seat = view.order[view.turn] if view.order and view.phase is not Phase.END else None
    return State(
        rules=view.rules,
        agenda=agenda_for(
            view.phase,
            view.to_move if isinstance(view.to_move, int) else seat,
            view.token,
            view.groups,
            view.rolls,
            view.order_rerolls,
        ),
        round=view.round,
        order=view.order,
        turn=view.turn,
        dice=view.dice,
        uses=view.uses,
        farms=view.farms,
        occupied=view.occupied,
        columns=view.columns,
        bag=view.bag,
        cards=view.cards,
        passed=view.passed,
        six_rerolls=view.six_rerolls,
    )


def observe(state: State, seat: int) -> View:
    """What ``seat`` sees: everything (Fence Em In has no hidden information).

    :class:`~acreage.SeatError` if ``seat`` is not a seat at the table.
    """
    return View(
        state.rules,
        check_seat(seat, state.rules.players),
        state.to_move,
        state.phase,
        state.round,
        state.order,
        state.turn,
        state.dice,
        state.uses,
        state.token,
        state.farms,
        state.occupied,
        state.columns,
        state.bag,
        state.cards,
        state.passed,
        state.groups,
        state.rolls,
        state.six_rerolls,
        state.order_rerolls,
    )
