"""The draft a move changes: Work, generated from State's fields, freezes into real States."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from acreage import crazy_farmers as cf
from acreage.crazy_farmers.state import State, Work


def test_the_state_qualifies_for_the_fast_freeze() -> None:
    # A converter, a validator or a post-init on State would make every move's
    # freeze run the constructor instead of filling a twin of the layout.
    freeze = vars(Work.__mro__[1])["freeze"]
    assert "twin" in freeze.__globals__ and "build" not in freeze.__globals__
    assert {f.name for f in attrs.fields(State)} == set(Work.__mro__[1].__slots__)


@pytest.mark.parametrize(
    "rules", [cf.Rules(players=2), cf.Rules(players=4), cf.Rules(players=1, mode="mad-cow")]
)
def test_moves_give_real_states_equal_to_those_the_constructor_builds(rules: cf.Rules) -> None:
    rng = random.Random(7)
    state = cf.new_game(rules)
    for _ in range(400):
        if state.to_move is None:
            break
        moves = cf.legal_moves(state)
        state = cf.apply_move(state, moves[rng.randrange(len(moves))])
        assert type(state) is State
        rebuilt = State(**attrs.asdict(state, recurse=False))
        assert state == rebuilt and hash(state) == hash(rebuilt)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.player = 0  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(state)) == state


def test_a_draft_changes_only_what_is_set() -> None:
    state = cf.new_game(cf.Rules(players=2))
    w = Work.copy(state)
    w.moves_made += 2
    after = w.freeze()
    assert after.moves_made == state.moves_made + 2 and state.moves_made == 0
    assert attrs.evolve(after, moves_made=0) == state
    assert after.farmers is state.farmers  # values are shared, not copied
