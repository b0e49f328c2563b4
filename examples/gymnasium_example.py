"""Gymnasium environments: the solo Mad Cow game, and one seat of any game against acreage agents.

Needs ``pip install acreage[rl]``.
"""

from __future__ import annotations

import gymnasium
import numpy as np

import acreage.interop.gymnasium  # noqa: F401  (registers acreage/MadCowSolo-v0 and acreage/SingleAgent-v0)
from acreage.play import RandomAgent


def masked_random_episodes(env: gymnasium.Env, episodes: int) -> list[float]:
    """Play ``episodes`` with a random policy over the legal actions; return the final rewards."""
    env.action_space.seed(0)
    rewards = []
    for episode in range(episodes):
        obs, _ = env.reset(seed=episode)
        while True:
            action = env.action_space.sample(obs["action_mask"])
            obs, reward, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                rewards.append(float(reward))
                break
    return rewards


def main() -> None:
    cow = gymnasium.make("acreage/MadCowSolo-v0")
    rewards = masked_random_episodes(cow, 10)
    print(f"Mad Cow solo: {rewards.count(1.0)} of {len(rewards)} random games locked the Cow down")

    seat = gymnasium.make(
        "acreage/SingleAgent-v0",
        game="get-off-my-land",
        seat=0,
        opponents={1: RandomAgent()},
        reward="score",
    )
    margins = masked_random_episodes(seat, 3)
    print(f"Get Off My Land!, seat 0 against a random agent: score margins {margins}")
    print(f"observation shape {seat.observation_space['observation'].shape}, {seat.action_space}")
    print(f"mean margin {np.mean(margins):+.1f}")


if __name__ == "__main__":
    main()
