"""MCTS iterations per second in every game; OpenSpiel's MCTSBot on the same games, when installed.

For each game setup, positions are taken from a seeded random game (every
few decisions with a choice to make), and ``MCTSAgent(iterations=N)``
searches each one afresh: iterations/s is ``N`` times the positions over the
CPU time taken.

When ``open_spiel`` and ``acreage.interop.openspiel`` are both importable,
the same run registers each game with the adapter (``register(game, rules)``
gives the pyspiel name ``python_acreage_<name>``), replays the same positions
in pyspiel and gives OpenSpiel's ``MCTSBot`` the same budget, like for like:
its leaves are judged by the same ``game.evaluate`` acreage's MCTS uses (an
OpenSpiel ``Evaluator`` over the adapter's states), so the two differ only in
the search itself. Printed: simulations/s on the same positions and the ratio
(target: acreage at least 1.5x), a head-to-head at equal iterations with the
seats alternating (target: acreage wins at least half), and for reference
MCTSBot's rate with its standard evaluator (one random rollout to the end:
slow in long games, and a different amount of work per simulation). Without
them, only acreage's figures are printed.

    python benchmarks/bench_agents.py [ITERATIONS] [HEAD_TO_HEAD_GAMES]
"""

from __future__ import annotations

import importlib
import random
import sys
import time
from typing import Any

import acreage
from acreage.agents import MCTSAgent
from acreage.core.chance import sample

SETUPS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Fence Em In, 2 players", "fence-em-in", {"players": 2}),
    ("Get Off My Land!, 2 players", "get-off-my-land", {"players": 2}),
    ("Fields of Green, 2 players", "fields-of-green", {"players": 2}),
    ("Crazy Farmers, 2 players", "crazy-farmers", {"players": 2}),
    ("Crazy Farmers, Mad Cow solo", "crazy-farmers", {"players": 1, "mode": "mad-cow"}),
)
POSITIONS = 8
RATIO_TARGET = 1.5


def positions(game: acreage.Game[Any, Any, Any], rules: Any) -> list[tuple[Any, list[Any]]]:
    """Decision states of a seeded random game with a choice to make, and the moves to each."""
    rng = random.Random("bench-agents")
    state = game.new_game(rules)
    moves: list[Any] = []
    out: list[tuple[Any, list[Any]]] = []
    decisions = 0
    while state.to_move is not None and len(out) < POSITIONS:
        if state.to_move is acreage.CHANCE:
            move = sample(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_moves(state)
            decisions += 1
            if len(legal) > 1 and decisions % 5 == 0:
                out.append((state, list(moves)))
            move = legal[rng.randrange(len(legal))]
        state = game.apply_move(state, move)
        moves.append(move)
    return out


def acreage_rate(
    game: acreage.Game[Any, Any, Any], where: list[tuple[Any, list[Any]]], n: int
) -> float:
    """acreage's MCTS iterations per CPU second over the positions."""
    spent = 0.0
    for state, _ in where:
        agent = MCTSAgent(game, iterations=n)
        start = time.process_time()
        agent(state, game.legal_moves(state), random.Random(0))
        spent += time.process_time() - start
    return n * len(where) / spent


def openspiel() -> tuple[Any, Any, Any, Any] | None:
    """``(pyspiel, mcts, numpy, adapter)`` when all are importable, else ``None``."""
    try:
        pyspiel = importlib.import_module("pyspiel")
        mcts = importlib.import_module("open_spiel.python.algorithms.mcts")
        numpy = importlib.import_module("numpy")
        adapter = importlib.import_module("acreage.interop.openspiel")
    except ImportError:
        return None
    return pyspiel, mcts, numpy, adapter


def spiel_state(
    game: acreage.Game[Any, Any, Any], spiel_game: Any, rules: Any, moves: list[Any]
) -> Any:
    """The pyspiel state reached by ``moves`` (acreage moves, numbered by the game's encoding)."""
    state = game.new_game(rules)
    ps = spiel_game.new_initial_state()
    for move in moves:
        ps.apply_action(game.encode_move(state, move))
        state = game.apply_move(state, move)
    return ps


def heuristic_evaluator(
    os_tools: tuple[Any, Any, Any, Any], game: acreage.Game[Any, Any, Any]
) -> Any:
    """An OpenSpiel ``Evaluator`` that judges a leaf by ``game.evaluate``, as acreage's MCTS does.

    ``evaluate`` gives each seat 0 to 1; OpenSpiel's values are returns, -1 to
    1 here (the adapter's win/loss rewards), so a value v becomes 2v - 1.
    Priors are uniform, as in OpenSpiel's random-rollout evaluator.
    """
    _, mcts, numpy, _ = os_tools
    evaluate = game.evaluator()

    class Heuristic(mcts.Evaluator):  # type: ignore[misc, name-defined]
        def evaluate(self, state: Any) -> Any:
            if state.is_terminal():
                return numpy.array(state.returns())
            inner = state.trail.state
            seats = game.players(inner.rules)
            return numpy.array([2 * evaluate(inner, seat) - 1 for seat in range(seats)])

        def prior(self, state: Any) -> list[tuple[int, float]]:
            if state.is_chance_node():
                return list(state.chance_outcomes())
            legal = state.legal_actions(state.current_player())
            return [(action, 1 / len(legal)) for action in legal]

    return Heuristic()


def spiel_bot(
    os_tools: tuple[Any, Any, Any, Any],
    spiel_game: Any,
    n: int,
    seed: int,
    evaluator: Any = None,
) -> Any:
    _, mcts, numpy, _ = os_tools
    if evaluator is None:
        evaluator = mcts.RandomRolloutEvaluator(1, numpy.random.RandomState(seed))
    return mcts.MCTSBot(
        spiel_game,
        2.0,
        n,
        evaluator,
        solve=False,
        random_state=numpy.random.RandomState(seed),
    )


def spiel_rate(
    os_tools: tuple[Any, Any, Any, Any],
    game: acreage.Game[Any, Any, Any],
    spiel_game: Any,
    rules: Any,
    where: list[tuple[Any, list[Any]]],
    n: int,
    evaluator: Any = None,
) -> float:
    """OpenSpiel MCTSBot simulations per CPU second over the same positions."""
    spent = 0.0
    for _, moves in where:
        ps = spiel_state(game, spiel_game, rules, moves)
        bot = spiel_bot(os_tools, spiel_game, n, 0, evaluator)
        start = time.process_time()
        bot.step(ps)
        spent += time.process_time() - start
    return n * len(where) / spent


def head_to_head(
    os_tools: tuple[Any, Any, Any, Any],
    game: acreage.Game[Any, Any, Any],
    spiel_game: Any,
    rules: Any,
    n: int,
    games: int,
    evaluator: Any,
) -> float:
    """acreage MCTS's share of the wins against MCTSBot at ``n`` iterations each, seats alternating."""
    players = game.players(rules)
    won = 0.0
    for g in range(games):
        ours = g % players
        rng = random.Random(f"h2h:{g}")
        agent = MCTSAgent(game, iterations=n)
        bot = spiel_bot(os_tools, spiel_game, n, g, evaluator)
        state = game.new_game(rules)
        ps = spiel_game.new_initial_state()
        while state.to_move is not None:
            if state.to_move is acreage.CHANCE:
                move = sample(game.chance_outcomes(state), rng)
                action = game.encode_move(state, move)
            elif state.to_move == ours:
                move = agent(state, game.legal_moves(state), rng)
                action = game.encode_move(state, move)
            else:
                action = bot.step(ps)
                move = game.decode_move(state, action)
            ps.apply_action(action)
            state = game.apply_move(state, move)
        winners = game.winners(state)
        if ours in winners:
            won += 1 / len(winners)
    return won / games


def main(n: int = 100, games: int = 10) -> int:
    tools = openspiel()
    print(f"MCTS, {n} iterations a move, {POSITIONS} positions a game (CPU time)")
    if tools is None:
        print("  (open_spiel or acreage.interop.openspiel not importable: acreage only)")
    ok = True
    for title, name, data in SETUPS:
        game = acreage.get_game(name)
        rules = game.rules(data)
        where = positions(game, rules)
        ours = acreage_rate(game, where, n)
        line = f"  {title}: {ours:,.0f} iterations/s"
        if tools is not None and game.encoding is not None:
            adapter = tools[3]
            spiel_game = tools[0].load_game(adapter.register(game, rules))
            heuristic = heuristic_evaluator(tools, game)
            theirs = spiel_rate(tools, game, spiel_game, rules, where, n, heuristic)
            standard = spiel_rate(tools, game, spiel_game, rules, where[:2], n)
            ratio = ours / theirs
            good = ratio >= RATIO_TARGET
            line += f"; OpenSpiel MCTSBot {theirs:,.0f} simulations/s: {ratio:.2f}x"
            line += f" (target {RATIO_TARGET}x; {standard:,.0f}/s with random rollouts)"
            if game.players(rules) > 1:  # a solo game has no one to meet
                share = head_to_head(tools, game, spiel_game, rules, n, games, heuristic)
                good &= share >= 0.5
                line += (
                    f"; head-to-head at {n} iterations: acreage wins {100 * share:.0f}%"
                    f" of {games} games"
                )
            ok &= good
            line += " OK" if good else " BELOW TARGET"
        print(line, flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    sys.exit(main(*args))
