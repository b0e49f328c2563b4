"""OpenSpiel: every game, player count and mode passes pyspiel's random_sim_test, and MCTSBot plays it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import acreage
import dots_and_boxes as dab
from acreage.core.data import to_data
from acreage.interop.common import Trail
from acreage.interop.openspiel import parameters, register, short_name
from interop_cases import CASES, game_of, rules_of


def _load(name: str, options: dict[str, Any]) -> Any:
    return pyspiel.load_game(register(game_of(name), rules_of(name, options)))


@pytest.mark.parametrize(("name", "options"), CASES)
def test_random_sim_test(name: str, options: dict[str, Any]) -> None:
    pyspiel.random_sim_test(_load(name, options), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_mcts_bot_plays_a_whole_game(name: str, options: dict[str, Any]) -> None:
    game = _load(name, options)
    rng = np.random.RandomState(1)
    # A small budget and short rollouts: this is about playing through, not strength.
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=20)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def test_game_type_and_info_come_from_the_facts() -> None:
    rules = dab.Rules(players=3, width=3, height=2)
    game = pyspiel.load_game(register(dab.GAME, rules))
    facts = dab.GAME.facts(rules)
    kind = game.get_type()
    assert kind.short_name == "python_acreage_dots_and_boxes" == short_name(dab.GAME)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (kind.min_num_players, kind.max_num_players) == (facts.min_players, facts.max_players)
    assert game.num_players() == 3
    assert game.num_distinct_actions() == facts.num_actions
    assert game.max_chance_outcomes() == facts.num_chance_outcomes
    assert game.max_game_length() == facts.max_decisions
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.observation_tensor_shape() == list(facts.observation_shape)
    assert game.information_state_tensor_size() == facts.observation_shape[0] + facts.num_actions
    two = pyspiel.load_game(register(dab.GAME, dab.Rules(players=2, secret_boxes=False)))
    assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert two.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert two.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert two.max_chance_outcomes() == 0
    scored = pyspiel.load_game(register(dab.GAME, dab.Rules(players=2), reward="score"))
    assert (scored.min_utility(), scored.max_utility()) == (-5.0, 5.0)


def test_parameters_are_the_simple_rules_fields() -> None:
    assert parameters(dab.GAME, dab.Rules()) == {
        "players": 2,
        "width": 2,
        "height": 2,
        "secret_boxes": True,
    }
    name = register(dab.GAME, dab.Rules(width=3))
    game = pyspiel.load_game(name, {"players": 4, "secret_boxes": False})
    assert game.rules == dab.Rules(players=4, width=3, secret_boxes=False)
    assert pyspiel.load_game(str(game)).rules == game.rules
    assert pyspiel.load_game(name).rules == dab.Rules(width=3)
    with pytest.raises(acreage.RulesError, match="players"):
        pyspiel.load_game(name, {"players": 9})


def test_chance_is_explicit_and_exact() -> None:
    game = pyspiel.load_game(register(dab.GAME, dab.Rules(players=2, width=3, height=1)))
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    exact = dab.chance_outcomes(state.trail.state)
    assert [a for a, _ in outcomes] == sorted(
        dab.GAME.encode_move(state.trail.state, m) for m, _ in exact
    )
    assert [p for _, p in outcomes] == [float(Fraction(1, 3))] * 3
    state.apply_action(outcomes[1][0])
    assert state.history() == [outcomes[1][0]]
    assert state.chance_outcomes() == [(0, 0.5), (2, 0.5)]


def test_actions_are_the_fixed_numbers_and_their_text() -> None:
    game = pyspiel.load_game(register(dab.GAME, dab.Rules(players=2, secret_boxes=False)))
    state = game.new_initial_state()
    acreage_state = state.trail.state
    assert state.legal_actions() == list(dab.GAME.legal_actions(acreage_state))
    assert state.legal_actions_mask() == [int(b) for b in dab.GAME.legal_action_mask(acreage_state)]
    move = dab.parse_move(acreage_state, "draw 1,0 S")
    action = dab.GAME.encode_move(acreage_state, move)
    assert state.action_to_string(0, action) == str(move) == "draw 1,1 N"
    assert state.string_to_action(str(move)) == action
    state.apply_action(action)
    assert state.trail.state == dab.apply_move(acreage_state, move)
    assert state.action_to_string(0, action) == f"draw {action}"  # no longer legal: named by number
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(action)


def test_clones_share_the_past() -> None:
    game = pyspiel.load_game(register(dab.GAME, dab.Rules(players=2)))
    state = game.new_initial_state()
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert clone.trail is state.trail
    clone.apply_action(clone.legal_actions()[0])
    assert clone.trail.parent is state.trail
    assert len(state.history()) == 4 and len(clone.history()) == 5


def test_whose_turn_follows_the_trail_however_it_is_set() -> None:
    game = pyspiel.load_game(register(dab.GAME, dab.Rules(players=2)))
    state = game.new_initial_state()
    start = state.trail
    seen = set()
    while not state.is_terminal():
        who = state.trail.state.to_move
        expected = pyspiel.PlayerId.CHANCE if who is acreage.CHANCE else who
        assert state.current_player() == expected
        assert state.is_chance_node() == (who is acreage.CHANCE)
        seen.add(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert {0, 1, int(pyspiel.PlayerId.CHANCE)} <= seen
    state.trail = start  # set by hand: the state is back at the start
    assert not state.is_terminal()
    assert state.current_player() == game.new_initial_state().current_player()


def test_observations_and_information_states() -> None:
    rules = dab.Rules(players=2, width=3, height=2)
    game = pyspiel.load_game(register(dab.GAME, rules))
    state = game.new_initial_state()
    for action in (0, 3):  # the secret boxes: 0,0 and 0,1
        state.apply_action(action)
    state.apply_action(state.legal_actions()[0])
    trail: Trail = state.trail
    for seat in range(2):
        assert state.observation_tensor(seat) == dab.GAME.observation_tensor(trail.state, seat)
        assert state.information_state_string(seat) == trail.information_state_string(seat)
        assert state.information_state_tensor(seat) == trail.information_state_tensor(seat)
    assert state.observation_string(0) != state.observation_string(1)  # each sees its own box
    assert "secret[0]=1" in state.observation_string(0)
    other = game.new_initial_state()
    for action in (0, 5):  # seat 1's box elsewhere: seat 0 cannot tell
        other.apply_action(action)
    other.apply_action(other.legal_actions()[0])
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other.information_state_string(1) != state.information_state_string(1)


def test_observers_refuse_views_nobody_has() -> None:
    game = pyspiel.load_game(register(dab.GAME, dab.Rules()))
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="one seat's view"):
        game.make_py_observer(public)
    open_game = pyspiel.load_game(register(dab.GAME, dab.Rules(secret_boxes=False)))
    observer = open_game.make_py_observer(public)  # nothing hidden: every view is public
    assert observer.tensor.shape == (open_game.observation_tensor_size(),)
    assert set(observer.dict) == {"drawn", "owner", "secret", "to_move"}


def test_the_registered_rules_travel_in_the_game_string() -> None:
    rules = dab.Rules(players=3, width=3)
    game = pyspiel.load_game(register(dab.GAME, rules))
    assert to_data(game.rules) == to_data(rules)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert restored[1].trail.state == state.trail.state
