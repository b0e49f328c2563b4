"""A PettingZoo AEC environment of an acreage game: the standard agent loop, with masked random play.

Run it with a game's name (default: fence-em-in) and a player count.
Needs ``pip install acreage[rl]``.
"""

from __future__ import annotations

import sys

import numpy as np

import acreage
from acreage.interop.pettingzoo import env


def main(name: str = "fence-em-in", players: int = 3) -> None:
    game = acreage.get_game(name)
    e = env(game, game.rules(players=players))
    e.reset(seed=42)  # fixes every die roll and card draw of the game
    rng = np.random.default_rng(42)
    first = e.agent_selection
    obs = e.observe(first)
    print(f"{e}: agents {e.possible_agents}")
    print(
        f"observation {obs['observation'].shape} {obs['observation'].dtype}, "
        f"{e.action_space(first).n} actions, {int(obs['action_mask'].sum())} legal for {first}"
    )
    number, move = next(iter(e.legal_moves().items()))
    print(f"action {number} is '{move}' here, and in every position where it is legal")
    decisions = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            print(f"{agent}: final reward {reward:+.0f}")
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))  # a learner would pick from its policy over the mask
        decisions += 1
    print(f"{decisions} decisions; scores {game.scores(e.game_state)}")


if __name__ == "__main__":
    main(
        sys.argv[1] if len(sys.argv) > 1 else "fence-em-in",
        int(sys.argv[2]) if len(sys.argv) > 2 else 3,
    )
