"""The adapters against the raw engine: PettingZoo steps, OpenSpiel simulations and MCTSBot.

For each game (its default Rules; the solo Mad Cow game too) five sides are
measured in the same run, interleaved in short slices of CPU time (raw,
PettingZoo, PettingZoo with a free observation, OpenSpiel random, OpenSpiel
MCTS, again and again) so a change in the machine's load weighs on every
side alike:

* the raw engine: random playouts, ``legal_moves`` + ``apply_move`` per
  decision (chance sampled with exact probabilities), as ``_common`` does;
* PettingZoo: ``last()`` (the observation tensor and action mask) then
  ``step()`` with a random legal action, per decision, on the environment
  that ``env()`` returns. Target: at least half the raw engine's decisions/s;
* the same with an observation that costs nothing to pack (each seat's first
  bytes every step): the adapter's floor, which says how many microseconds
  of a step the target leaves the observation, printed beside what it takes;
* OpenSpiel random simulations: whole games through pyspiel states
  (``legal_actions``, ``chance_outcomes``, ``apply_action``);
* OpenSpiel's ``MCTSBot`` (random-rollout evaluator), in simulations/s: each
  simulation descends the tree and plays a random rollout to the end, so its
  yardstick is the raw engine's random games/s.

Run with the seconds per side (default 3) and, optionally, game names.
The toy game of the tests (dots and boxes) is measured too.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

from _common import SLICE, _playouts, _Tally

import acreage
from acreage.core.game import Game, GameError

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
import dots_and_boxes

TARGET = 0.5
"""PettingZoo step + observation against the raw engine's decisions/s."""

MCTS_SIMULATIONS = 8
"""MCTSBot's simulations per decision: enough for a tree, few enough for many decisions per slice."""


def _setups() -> dict[str, tuple[Game[Any, Any, Any], Any]]:
    acreage.register(dots_and_boxes.GAME, replace=True)
    setups: dict[str, tuple[Game[Any, Any, Any], Any]] = {}
    for name, game in acreage.games().items():
        setups[name] = (game, game.rules())
    farmers = acreage.get_game("crazy-farmers")
    setups["crazy-farmers solo mad-cow"] = (farmers, farmers.rules(players=1, mode="mad-cow"))
    return setups


class _PettingZoo:
    def __init__(self, game: Game[Any, Any, Any], rules: Any, rng: random.Random) -> None:
        from acreage.interop.pettingzoo import env

        self.env = env(game, rules)
        self.rng = rng
        self.seed = 0

    def free_observation(self) -> _PettingZoo:
        """This environment with an observation that costs nothing to pack: each seat's
        first packed bytes, every step (its numpy arrays and everything else as usual).
        What it measures is the adapter's own floor, and so how much time a step has
        left for the observation under the target."""
        e = self.env
        e.reset(seed=0)
        # A twin of the encoding sharing its tables and caches, not copy.copy(): an
        # encoding may copy as itself (it is immutable), and patching it would make
        # every environment of these Rules observe for free.
        real = e.encoding
        encoding = object.__new__(type(real))
        encoding.__dict__.update(real.__dict__)
        state = e.game_state
        first = {
            seat: encoding.seat_observation_bytes(state, seat)
            or encoding.observation_bytes(e.game.observe(state, seat))
            for seat in range(len(e.possible_agents))
        }
        encoding.seat_observation_bytes = lambda state, seat: first[seat]
        e.encoding = encoding
        return self

    def run(self, seconds: float, tally: _Tally) -> None:
        e, rng = self.env, self.rng
        start = time.process_time()
        deadline = start + seconds
        while time.process_time() < deadline or tally.games == 0:
            e.reset(seed=self.seed)
            self.seed += 1
            for _ in e.agent_iter():
                _, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                # The choice is the agent's, not the environment's: take it from the
                # legal action numbers rather than scan a mask of up to tens of thousands.
                legal = e.legal_actions()
                e.step(legal[rng.randrange(len(legal))])
                tally.decisions += 1
            tally.games += 1
        tally.seconds += time.process_time() - start


class _OpenSpiel:
    def __init__(self, game: Game[Any, Any, Any], rules: Any, rng: random.Random) -> None:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        from acreage.interop.openspiel import register

        self.game = pyspiel.load_game(register(game, rules))
        self.rng = rng
        np_rng = np.random.RandomState(rng.randrange(2**31))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng)
        self.bot = mcts.MCTSBot(
            self.game, 2.0, MCTS_SIMULATIONS, evaluator, solve=False, random_state=np_rng
        )
        self.searching = self.game.new_initial_state()

    def _chance(self, state: Any) -> int:
        outcomes = state.chance_outcomes()
        pick = self.rng.random()
        for action, p in outcomes:
            pick -= p
            if pick < 0:
                return int(action)
        return int(outcomes[-1][0])

    def random_games(self, seconds: float, tally: _Tally) -> None:
        rng = self.rng
        start = time.process_time()
        deadline = start + seconds
        while time.process_time() < deadline or tally.games == 0:
            state = self.game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(self._chance(state))
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    tally.decisions += 1
            tally.games += 1
        tally.seconds += time.process_time() - start

    def mcts(self, seconds: float, tally: _Tally) -> None:
        """MCTSBot decides every move of a game (chance aside); ``tally.moves`` counts simulations."""
        start = time.process_time()
        deadline = start + seconds
        while time.process_time() < deadline or tally.moves == 0:
            state = self.searching
            if state.is_terminal():
                self.searching = self.game.new_initial_state()
                tally.games += 1
            elif state.is_chance_node():
                state.apply_action(self._chance(state))
            else:
                state.apply_action(self.bot.step(state))
                tally.decisions += 1
                tally.moves += MCTS_SIMULATIONS
        tally.seconds += time.process_time() - start


def measure(label: str, game: Game[Any, Any, Any], rules: Any, seconds: float) -> bool:
    """Interleave the four sides for ``game`` under ``rules``; print them; return whether PettingZoo met the target."""
    try:
        game.encoding_of(rules)
    except GameError as e:
        print(f"{label}: not measured: {e}")
        return False
    slices = max(6, round(seconds / SLICE))
    step = seconds / slices
    raw, pz, free, spiel, search = _Tally(), _Tally(), _Tally(), _Tally(), _Tally()
    raw_rng = random.Random(1)
    pettingzoo = _PettingZoo(game, rules, random.Random(2))
    floor = _PettingZoo(game, rules, random.Random(2)).free_observation()
    openspiel = _OpenSpiel(game, rules, random.Random(3))
    for _ in range(slices):
        _playouts(game, rules, step, raw_rng, raw)
        pettingzoo.run(step, pz)
        floor.run(step, free)
        openspiel.random_games(step, spiel)
        openspiel.mcts(step, search)
    raw_rate = raw.decisions / raw.seconds
    pz_rate = pz.decisions / pz.seconds
    ratio = pz_rate / raw_rate
    met = ratio >= TARGET
    print(f"{label}")
    print(
        f"  raw engine:        {raw_rate:>10,.0f} decisions/s  {raw.games / raw.seconds:>9,.1f} games/s"
    )
    print(
        f"  PettingZoo:        {pz_rate:>10,.0f} decisions/s  {ratio:.2f}x raw "
        f"(target {TARGET}x) {'OK' if met else 'BELOW TARGET'}"
    )
    # Microseconds a decision: a step with the observation free is the adapter's floor;
    # under the target, a step may take 1/TARGET raw decisions, so that is what is left.
    raw_us, pz_us, free_us = (1e6 * t.seconds / t.decisions for t in (raw, pz, free))
    print(
        f"  observation:       {pz_us - free_us:>10.1f} us a step; the target leaves it "
        f"{raw_us / TARGET - free_us:.1f} us (a step without it: {free_us:.1f} us, "
        f"{raw_us / free_us:.2f}x raw)"
    )
    print(
        f"  OpenSpiel random:  {spiel.decisions / spiel.seconds:>10,.0f} decisions/s  "
        f"{spiel.games / spiel.seconds:>9,.1f} games/s  "
        f"({spiel.games / spiel.seconds / (raw.games / raw.seconds):.2f}x raw)"
    )
    print(
        f"  OpenSpiel MCTSBot: {search.moves / search.seconds:>10,.1f} simulations/s "
        f"({MCTS_SIMULATIONS} per decision, each a rollout to the end; raw: "
        f"{raw.games / raw.seconds:,.1f} random games/s)"
    )
    return met


def main(seconds: float = 3.0, names: list[str] | None = None) -> int:
    setups = _setups()
    chosen = {k: v for k, v in setups.items() if not names or k.split()[0] in names}
    ok = True
    for label, (game, rules) in chosen.items():
        ok &= measure(label, game, rules, seconds)
    print(f"PettingZoo at {TARGET}x the raw engine or better: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0, sys.argv[2:] or None))
