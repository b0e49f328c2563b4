"""What is being decided is the task on top of the agenda, and positions read it back.

The engine (``core.agenda.Engine``) lists and applies moves by the top task;
``fog.question(state)`` reads the phase, actor and pending that positions and views
show off that task, and ``state_module.asked`` turns them back into it.
"""

from __future__ import annotations

import random

import pytest

from acreage import fields_of_green as fog
from acreage.core.agenda import AutoTask, ChanceTask, PlayerTask
from acreage.core.chance import sample
from acreage.core.game import CHANCE, IllegalMoveError
from acreage.fields_of_green import state as st


def _states(players: int, seed: int) -> list[fog.State]:
    """Every state of one seeded random game."""
    rng = random.Random(seed)
    state = fog.new_game(fog.Rules(players=players))
    out = [state]
    while state.to_move is not None:
        if state.to_move is CHANCE:
            move = sample(fog.chance_outcomes(state), rng)
        else:
            moves = fog.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        state = fog.apply_move(state, move)
        out.append(state)
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2)])
def test_the_top_task_is_what_is_decided(players: int, seed: int) -> None:
    seen: set[int] = set()
    for state in _states(players, seed):
        if not state.agenda:
            assert state.to_move is None and fog.question(state) == (st.END, -1, ())
            continue
        top = state.agenda[-1]
        assert not isinstance(top, AutoTask)  # the engine takes those itself
        phase, actor, pending = fog.question(state)
        assert isinstance(top, st.Asked) and phase == type(top).phase and pending == top.pending
        seen.add(phase)
        if isinstance(top, ChanceTask):
            assert state.to_move is CHANCE
            assert fog.chance_outcomes(state)
        else:
            assert isinstance(top, PlayerTask)
            assert state.to_move == top.seat == actor
            assert fog.chance_outcomes(state) == ()
        # Read back from what positions write, the task is the very same.
        assert st.asked(phase, actor, pending) == top
        assert state.rest == state.agenda[:-1]
        assert not any(isinstance(t, ChanceTask) for t in state.rest)
    assert {st.START, st.DRAW, st.DEAL, st.PICK, st.ACTION, st.SUPPLY} <= seen


def test_a_decision_with_one_outcome_takes_itself() -> None:
    """The last card of a hand is played without a pick to decide: no state waits on it."""
    for state in _states(2, 3):
        if state.agenda and isinstance(state.agenda[-1], st.PickCard):
            assert len(state.hands[state.agenda[-1].seat]) > 1


def test_a_look_alike_move_is_refused_and_an_equal_one_applied() -> None:
    state = fog.new_game(fog.Rules(players=2, start_player=0))
    listed = fog.legal_moves(state)[0]
    made = fog.parse_move(state, str(listed))
    assert made == listed
    assert fog.apply_move(state, made) == fog.apply_move(state, listed)
    with pytest.raises(IllegalMoveError, match="deck"):
        fog.apply_move(state, fog.DrawFrom("orchard"))
    with pytest.raises(IllegalMoveError, match="it is time to choose the deck"):
        fog.apply_move(state, fog.Market(0))
