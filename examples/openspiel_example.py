"""OpenSpiel's own algorithms on acreage games: MCTS on Fence Em In, outcome-sampling MCCFR on Fields of Green.

* MCTS (OpenSpiel's ``MCTSBot`` with random rollouts) plays seat 0 of a
  two-player Fence Em In against a random player. Fence Em In hides nothing
  (only the dice are chance), so searching the true state is sound.
* Outcome-sampling Monte Carlo CFR (``OutcomeSamplingSolver``) trains on
  Fields of Green for two, one year with hands of three cards
  (``Rules(players=2, years=1, hand_size=3)``): a bundled game, shipped
  rules, and short (about 16 decisions) yet with hidden hands and
  simultaneous drafting, which is what CFR is for. Outcome sampling walks
  one line of play per iteration, so its cost grows with the game's length,
  not its tree (external sampling would branch on every decision of the
  player it updates). The average policy is then played against a random
  player.

Needs ``pip install acreage[openspiel]``. Pass a number of MCCFR iterations
(default 300).
"""

from __future__ import annotations

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts, outcome_sampling_mccfr

import acreage
from acreage.interop.openspiel import register


def sample_chance(state: pyspiel.State, rng: np.random.RandomState) -> int:
    actions, probs = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(actions, p=probs))


def mcts_against_random(seed: int = 1) -> None:
    game = pyspiel.load_game(register("fence-em-in"), {"players": 2})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    print(f"{game}: MCTS (seat 0) against random: returns {state.returns()}")


def play(game: pyspiel.Game, policy: object, seat: int, rng: np.random.RandomState) -> float:
    """One game: ``policy`` (an OpenSpiel policy) in ``seat``, uniform random elsewhere."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        elif state.current_player() == seat:
            probs = policy.action_probabilities(state)  # type: ignore[attr-defined]
            actions = list(probs)
            state.apply_action(int(rng.choice(actions, p=[probs[a] for a in actions])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return float(state.returns()[seat])


def mccfr(iterations: int, seed: int = 1) -> None:
    fields = acreage.get_game("fields-of-green")
    rules = fields.rules(players=2, years=1, hand_size=3)
    game = pyspiel.load_game(register(fields, rules))
    np.random.seed(seed)  # outcome sampling draws from numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    policy = solver.average_policy()
    rng = np.random.RandomState(seed)
    results = [play(game, policy, seat, rng) for seat in (0, 1) for _ in range(20)]
    print(
        f"{game.get_type().long_name}, one year, hands of three: {iterations} MCCFR iterations, "
        f"{len(solver._infostates)} information states; "
        f"average policy against random: mean return {np.mean(results):+.2f} over {len(results)} games"
    )


def main(iterations: int = 300) -> None:
    mcts_against_random()
    mccfr(iterations)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
