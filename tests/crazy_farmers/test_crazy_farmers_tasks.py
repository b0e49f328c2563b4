"""The agenda: one typed task at a time says what is decided, and the phase names it."""

from __future__ import annotations

import random

import pytest

import acreage
import acreage.crazy_farmers as cf
from acreage.core.chance import sample
from acreage.crazy_farmers.tasks import Decision, agenda_of


def _states(rules: cf.Rules, seed: int) -> list[cf.State]:
    rng = random.Random(seed)
    state = cf.new_game(rules)
    out = [state]
    while (who := state.to_move) is not None:
        if who is acreage.CHANCE:
            move = sample(cf.chance_outcomes(state), rng)
        else:
            legal = cf.legal_moves(state)
            move = legal[rng.randrange(len(legal))]
        state = cf.apply_move(state, move)
        out.append(state)
    return out


@pytest.mark.parametrize(
    "rules", [cf.Rules(players=2), cf.Rules(players=1, mode="mad-cow")], ids=["2p", "solo"]
)
def test_the_agenda_is_rebuilt_from_what_a_position_says(rules: cf.Rules) -> None:
    seen = set()
    for seed in range(3):
        for state in _states(rules, seed):
            assert len(state.agenda) <= 1
            task = state.decision
            checked = (
                (task.card, task.target, task.aim, task.first_bale) if task is not None else ()
            )
            assert agenda_of(state.phase, state.player, state.pending, *checked) == state.agenda
            if state.agenda:
                task = state.agenda[-1]
                seen.add(type(task))
                assert task.phase is state.phase
                expected = task.seat if isinstance(task, Decision) else acreage.CHANCE
                assert state.to_move == expected
            else:
                assert state.phase is cf.Phase.OVER and cf.is_terminal(state)
    assert cf.Turn in seen


def test_a_task_says_what_it_is() -> None:
    assert cf.PlaceBales(1, 2).describe() == "player 1: place 2 hay bale(s)"
    assert cf.DrawCards(0, 3).describe() == "player 0 draws 3 bonus card(s)"
    assert cf.CowDraw().describe() == "the Cow's next Mad Cow card"
    assert cf.Turn(2).actor == 2 and cf.CowDraw().actor is acreage.CHANCE
