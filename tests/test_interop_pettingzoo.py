"""PettingZoo: every game, player count and mode passes PettingZoo's own api_test and seed_test."""

from __future__ import annotations

import array
import copy
import pickle
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

import acreage
import dots_and_boxes as dab
from acreage.interop.common import returns
from acreage.interop.pettingzoo import AcreageEnv, env
from interop_cases import CASES, game_of, rules_of

# What api_test says of any environment whose observations are
# {"observation", "action_mask"} dicts, as PettingZoo's own classic games
# (which it lets off by name) and as this adapter is asked to give.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_api_test(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_of(name), rules_of(name, options)), num_cycles=15)
    unexpected = {str(w.message) for w in caught} - set(DICT_OBSERVATION_WARNINGS)
    assert not unexpected


@pytest.mark.parametrize(("name", "options"), CASES)
def test_seed_test(name: str, options: dict[str, Any]) -> None:
    game, rules = game_of(name), rules_of(name, options)
    seed_test(lambda: env(game, rules), num_cycles=15)


def _play(e: Any, seed: int, pick: int = 0) -> tuple[list[Any], dict[str, float]]:
    """Play a whole game, always the ``pick``-th legal action; the trace and each agent's total reward."""
    e.reset(seed=seed)
    trace: list[Any] = []
    totals: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        legal = np.flatnonzero(obs["action_mask"])
        trace.append((agent, obs["observation"].tolist(), legal.tolist(), reward))
        e.step(None if terminated or truncated else int(legal[pick % len(legal)]))
    return trace, totals


def test_seeds_reproduce_and_differ() -> None:
    rules = dab.Rules(players=3)
    first, _ = _play(env(dab.GAME, rules), seed=7)
    again, _ = _play(env(dab.GAME, rules), seed=7)
    assert first == again
    others = {str(_play(env(dab.GAME, rules), seed=s)[0]) for s in range(6)}
    assert len(others) > 1  # the deals of the secret boxes follow the seed


@pytest.mark.parametrize("reward", ["result", "score"])
def test_rewards_are_the_final_returns(reward: str) -> None:
    for seed in range(4):
        e = env(dab.GAME, dab.Rules(players=3), reward=reward)
        _, totals = _play(e, seed, pick=seed)
        final = returns(dab.GAME, e.game_state, reward)
        assert totals == {f"player_{s}": final[s] for s in range(3)}
        assert e.game.is_terminal(e.game_state)


def test_actions_are_the_fixed_numbers() -> None:
    e = env(dab.GAME, dab.Rules(players=2))
    e.reset(seed=3)
    state = e.game_state
    mask = e.observe(e.agent_selection)["action_mask"]
    assert mask.dtype == np.int8
    assert np.flatnonzero(mask).tolist() == list(dab.GAME.legal_actions(state))
    assert e.legal_moves() == {dab.GAME.encode_move(state, m): m for m in dab.legal_moves(state)}
    action = dab.GAME.encode_move(state, dab.parse_move(state, "draw 1,1 E"))
    e.step(np.int64(action))
    assert e.game_state == dab.apply_move(state, dab.parse_move(state, "draw 1,1 E"))


def test_the_observation_is_the_seats_and_nobody_elses() -> None:
    e = env(dab.GAME, dab.Rules(players=2), dtype="int8")
    e.reset(seed=5)
    for seat, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)
        assert obs["observation"].dtype == np.int8
        assert obs["observation"].tolist() == dab.GAME.observation_tensor(e.game_state, seat)
        assert obs["action_mask"].any() == (e.game_state.to_move == seat)


def test_observation_arrays_are_exact_or_refused() -> None:
    from acreage.interop.spaces import to_array

    def packed(values: list[int]) -> bytes:
        return array.array("h", values).tobytes()

    f32 = np.dtype("float32")
    assert to_array(packed([0, 3, 255]), f32).tolist() == [0.0, 3.0, 255.0]
    assert to_array(packed([0, 300, -2]), f32).tolist() == [0.0, 300.0, -2.0]
    assert to_array(packed([0, 200]), np.dtype("int16")).tolist() == [0, 200]
    assert to_array(packed([0, 200]), np.dtype("uint8")).tolist() == [0, 200]
    with pytest.raises(OverflowError):
        to_array(packed([0, 200]), np.dtype("int8"))  # never wraps round to -56
    with pytest.raises(OverflowError):
        to_array(packed([0, -1]), np.dtype("uint8"))


def test_illegal_actions_raise_or_lose_in_the_wrapper() -> None:
    e = env(dab.GAME, dab.Rules(players=2))
    e.reset(seed=1)
    e.step(0)
    mover = e.game_state.to_move
    with pytest.raises(acreage.IllegalMoveError, match="action 0 is not a legal move"):
        e.step(0)
    with pytest.raises(acreage.IllegalMoveError, match="integer"):
        e.step(1.0)
    with pytest.raises(acreage.IllegalMoveError, match="integer"):
        e.step(True)
    wrapped = TerminateIllegalWrapper(env(dab.GAME, dab.Rules(players=2)), illegal_reward=-1)
    wrapped.reset(seed=1)
    wrapped.step(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(0)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[f"player_{mover}"] == -1


def test_nothing_before_reset() -> None:
    e = env(dab.GAME, render_mode="ansi")
    for call in (lambda: e.step(0), lambda: e.observe("player_0"), e.render):
        with pytest.raises(acreage.GameError, match="reset"):
            call()


def test_render_modes() -> None:
    text = env(dab.GAME, dab.Rules(), render_mode="ansi")
    text.reset(seed=1)
    assert text.render() == dab.render_text(text.unwrapped.game_state)
    svg = env(dab.GAME, dab.Rules(), render_mode="svg")
    svg.reset(seed=1)
    assert svg.render().startswith("<svg")
    assert env(dab.GAME).metadata["render_modes"] == ["ansi", "svg"]
    with pytest.raises(ValueError, match="render_mode"):
        env(dab.GAME, render_mode="rgb_array")


def test_metadata_and_names() -> None:
    e = AcreageEnv("dots-and-boxes", dab.Rules(players=4))
    assert e.metadata["name"] == "acreage_dots_and_boxes_v0"
    assert e.metadata["is_parallelizable"] is False
    assert e.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert e.action_space("player_2").n == dab.GAME.facts(e.rules).num_actions
    with pytest.raises(ValueError, match="reward"):
        AcreageEnv(dab.GAME, reward="points")
    with pytest.raises(ValueError, match="dtype"):
        AcreageEnv(dab.GAME, dtype="U3")


def test_observing_again_gives_fresh_arrays_of_the_same_observation() -> None:
    """last() and observe() of one agent at one step observe once; each call still
    hands out arrays of its own, so changing one changes no other."""
    e = env(dab.GAME, dab.Rules(players=2, width=8, height=8))  # 144 lines to draw
    e.reset(seed=4)
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    expected = dab.GAME.observation_tensor(e.game_state, seat)
    legal = list(dab.GAME.legal_actions(e.game_state))
    assert len(legal) > 100
    first = e.last()[0]
    first["observation"][:] = -7
    first["action_mask"][:] = 0
    other = e.observe(e.possible_agents[1 - seat])
    assert not other["action_mask"].any()
    for again in (e.observe(agent), e.last()[0]):
        assert again["observation"].tolist() == expected
        assert again["action_mask"].dtype == np.int8
        assert again["action_mask"].flags.writeable
        assert np.flatnonzero(again["action_mask"]).tolist() == legal
    assert e.legal_moves() == {
        dab.GAME.encode_move(e.game_state, m): m for m in dab.legal_moves(e.game_state)
    }
    numbers = e.legal_actions()
    assert numbers == [dab.GAME.encode_move(e.game_state, m) for m in dab.legal_moves(e.game_state)]
    numbers.clear()  # the caller's own list
    assert sorted(e.legal_actions()) == legal


@pytest.mark.parametrize("dtype", ["float32", "int16", "int8"])
def test_every_dtype_hands_out_arrays_of_their_own(dtype: str) -> None:
    """The observation is converted from one scratch array per environment: no array
    handed out is that scratch, or shares memory with another, or changes with later steps."""
    e = env(dab.GAME, dab.Rules(players=2), dtype=dtype)
    e.reset(seed=2)
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    expected = dab.GAME.observation_tensor(e.game_state, seat)
    first, second = e.observe(agent), e.last()[0]
    assert first["observation"].dtype == np.dtype(dtype)
    assert not np.shares_memory(first["observation"], second["observation"])
    assert not np.shares_memory(first["action_mask"], second["action_mask"])
    e.step(int(np.flatnonzero(first["action_mask"])[0]))
    later = e.observe(agent)
    assert later["observation"].tolist() != expected  # the step drew a line
    assert first["observation"].tolist() == second["observation"].tolist() == expected


def test_a_copied_or_pickled_environment_plays_on_alike() -> None:
    e = env(dab.GAME, dab.Rules(players=3))
    e.reset(seed=6)
    e.step(next(iter(e.legal_moves())))
    twins = [copy.deepcopy(e), pickle.loads(pickle.dumps(e))]
    for twin in twins:
        assert twin.legal_moves() == e.legal_moves()
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[-1])
        for twin in twins:
            assert twin.agent_selection == agent
            seen = twin.last()[0]
            assert seen["observation"].tolist() == obs["observation"].tolist()
            assert seen["action_mask"].tolist() == obs["action_mask"].tolist()
            twin.step(action)
        e.step(action)
    assert all(twin.rewards == e.rewards for twin in twins)
