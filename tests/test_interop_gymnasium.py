"""Gymnasium: one seat of every game, and the solo Mad Cow game, pass Gymnasium's check_env."""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import acreage
import dots_and_boxes as dab
from acreage.interop.common import returns
from acreage.interop.gymnasium import MAD_COW_SOLO, SINGLE_AGENT, MadCowSolo, SingleAgentEnv
from interop_cases import CASES, game_of, rules_of


def _checked(env: gymnasium.Env[Any, Any]) -> None:
    """check_env on the bare environment, made through gymnasium.make so its render modes are tried too."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not [str(w.message) for w in caught]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_check_env_every_game(name: str, options: dict[str, Any]) -> None:
    game, rules = game_of(name), rules_of(name, options)
    seat = game.players(rules) - 1  # the last seat: others move before it
    _checked(gymnasium.make(SINGLE_AGENT, game=game, rules=rules, seat=seat))


def test_check_env_mad_cow_solo() -> None:
    env = gymnasium.make(MAD_COW_SOLO)
    assert isinstance(env.unwrapped, MadCowSolo)
    assert env.unwrapped.game.name == "crazy-farmers"
    assert env.unwrapped.rules.players == 1 and env.unwrapped.rules.mode == "mad-cow"
    _checked(env)


def _episode(env: SingleAgentEnv, seed: int) -> tuple[list[Any], float]:
    obs, _ = env.reset(seed=seed)
    trace = [obs["observation"].tolist()]
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, terminated, truncated, _ = env.step(int(legal[0]))
        trace.append((obs["observation"].tolist(), reward))
        assert not truncated
        if terminated:
            return trace, reward


def test_the_learner_plays_one_seat_and_is_paid_at_the_end() -> None:
    rules = dab.Rules(players=3)
    for seed in range(4):
        env = SingleAgentEnv(dab.GAME, rules, seat=1)
        trace, reward = _episode(env, seed)
        assert all(r == 0.0 for _, r in trace[1:-1])
        assert reward == returns(dab.GAME, env.game_state)[1]
        assert _episode(SingleAgentEnv(dab.GAME, rules, seat=1), seed) == (trace, reward)


def test_opponents_are_acreage_agents() -> None:
    calls: list[int] = []

    def first(state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        calls.append(state.to_move)
        return moves[0]

    env = SingleAgentEnv(dab.GAME, dab.Rules(players=3), seat=0, opponents={2: first})
    _episode(env, seed=2)
    assert calls and set(calls) == {2}
    with pytest.raises(ValueError, match="learner"):
        SingleAgentEnv(dab.GAME, dab.Rules(players=2), seat=0, opponents={0: first})
    with pytest.raises(acreage.SeatError):
        SingleAgentEnv(dab.GAME, dab.Rules(players=2), seat=0, opponents={5: first})
    with pytest.raises(acreage.SeatError):
        SingleAgentEnv(dab.GAME, dab.Rules(players=2), seat=2)


def test_the_legal_moves_are_the_masks() -> None:
    env = SingleAgentEnv(dab.GAME, dab.Rules(players=2), seat=1)
    obs, _ = env.reset(seed=3)
    state = env.game_state
    legal = env.legal_moves()
    assert legal == {dab.GAME.encode_move(state, m): m for m in dab.legal_moves(state)}
    assert sorted(legal) == np.flatnonzero(obs["action_mask"]).tolist()
    numbers = env.legal_actions()
    assert numbers == list(legal)  # the game's move order, as legal_moves gives them
    numbers.clear()  # the caller's own list
    assert env.legal_actions() == list(legal)
    action, move = max(legal.items())
    legal.clear()  # the caller's own dict
    env.step(action)
    line = dab.apply_move(state, move).drawn & ~state.drawn
    assert line and env.game_state.drawn & line  # the learner drew that line


def test_an_illegal_action_loses_or_raises() -> None:
    env = SingleAgentEnv(dab.GAME, dab.Rules(players=2))
    obs, _ = env.reset(seed=1)
    taken = int(np.flatnonzero(obs["action_mask"])[0])
    obs, *_ = env.step(taken)  # that line is drawn now
    assert not obs["action_mask"][taken]
    obs, reward, terminated, truncated, info = env.step(taken)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal_action": True})
    assert not obs["action_mask"].any()
    with pytest.raises(acreage.GameError, match="reset"):
        env.step(taken)
    strict = SingleAgentEnv(dab.GAME, dab.Rules(players=2), on_illegal="raise")
    strict.reset(seed=1)
    strict.step(taken)
    with pytest.raises(acreage.IllegalMoveError, match=f"action {taken} is not a legal move"):
        strict.step(taken)


def test_render_modes() -> None:
    env = SingleAgentEnv(dab.GAME, render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == dab.render_text(env.game_state)
    env = SingleAgentEnv(dab.GAME, render_mode="svg")
    env.reset(seed=1)
    assert env.render().startswith("<svg")
