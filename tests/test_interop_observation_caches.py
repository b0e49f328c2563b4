"""The packed observations an environment hands out are the reference ones, whatever came before.

Every game's ``observation_bytes`` keeps blocks of the views it packed
(by the identity of the immutable parts they were made from) in caches
shared by every environment of the same Rules. Those caches must never show
through: each observation an environment gives, across resets, equals the
plain ``observation`` of the seat's view; so does every observation packed
afterwards in a shuffled order (as a search jumps between states) and in two
environments stepped in turn (two learners sharing one encoding).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from acreage.interop.pettingzoo import AcreageEnv, env
from interop_cases import CASES, game_of, rules_of


def _reference(e: AcreageEnv, state: Any, seat: int) -> list[int]:
    """The plain observation of ``seat`` in ``state``: ``observation`` of its view, no caches."""
    return list(e.encoding.observation(e.game.observe(state, seat)))


def _step(e: AcreageEnv, rng: random.Random, seen: list[tuple[Any, int]]) -> bool:
    """One turn of ``e``: observe the agent to move (checked against the reference), then
    play a random legal action; False once the game is over."""
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    observation, _, terminated, truncated, _ = e.last()
    assert observation["observation"].tolist() == _reference(e, e.game_state, seat)
    seen.append((e.game_state, seat))
    if terminated or truncated:
        e.step(None)
        return bool(e.agents)
    legal = sorted(e.legal_moves())
    e.step(legal[rng.randrange(len(legal))])
    return True


def _play(e: AcreageEnv, seed: int, rng: random.Random, seen: list[tuple[Any, int]]) -> None:
    """A whole game of ``e`` from ``reset(seed)``, checking every observation."""
    e.reset(seed=seed)
    while _step(e, rng, seen):
        pass


@pytest.mark.parametrize(("name", "options"), CASES)
def test_observations_across_resets_and_out_of_order_are_the_reference(
    name: str, options: dict[str, Any]
) -> None:
    rules = rules_of(name, options)
    e = env(game_of(name), rules, dtype="int16")
    rng = random.Random(11)
    seen: list[tuple[Any, int]] = []
    for seed in (1, 2, 1):  # the same game again after another: every block seen before
        _play(e, seed, rng, seen)
    shuffled = rng.sample(seen, min(len(seen), 300))
    pack = e.encoding.observation_bytes
    for state, seat in shuffled:
        packed = np.frombuffer(pack(e.game.observe(state, seat)), np.int16)
        assert packed.tolist() == _reference(e, state, seat)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_two_environments_of_one_rules_stepped_in_turn_see_their_own_games(
    name: str, options: dict[str, Any]
) -> None:
    rules = rules_of(name, options)
    game = game_of(name)
    first, second = env(game, rules, dtype="int16"), env(game, rules, dtype="int16")
    assert first.encoding is second.encoding  # the caches are shared
    first.reset(seed=5)
    second.reset(seed=6)
    rng = random.Random(3)
    seen: list[tuple[Any, int]] = []
    going = [True, True]
    while any(going):
        for i, e in enumerate((first, second)):
            if going[i]:
                going[i] = _step(e, rng, seen)
    assert len(seen) > 4
