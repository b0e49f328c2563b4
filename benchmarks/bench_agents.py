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
the search itself. The two searches take turns on each position, round after
round (:data:`ROUNDS`), so a change in the machine's load weighs on both
alike. Printed: simulations/s on the same positions and the ratio (target:
acreage at least 1.5x); a head-to-head at equal iterations, ``G`` games with
the seats alternating, each pair of games dealt alike and each game seeded
by its number (so the result is the same whatever the workers), as
acreage's share of the wins with its 95% Wilson interval (target: the share
at least one half); and for reference
MCTSBot's rate with its standard evaluator (one random rollout to the end:
slow in long games, and a different amount of work per simulation). Without
them, only acreage's figures are printed.

    python benchmarks/bench_agents.py [ITERATIONS] [HEAD_TO_HEAD_GAMES] [WORKERS]

Defaults: 100 iterations, 30 games a setup, 2 worker processes for the
head-to-head games (the rates are measured in this process, before them).
"""

from __future__ import annotations

import concurrent.futures
import functools
import gc
import importlib
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import acreage
from acreage.agents import MCTSAgent
from acreage.core.chance import sample
from acreage.stats import wilson

SETUPS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Fence Em In, 2 players", "fence-em-in", {"players": 2}),
    ("Get Off My Land!, 2 players", "get-off-my-land", {"players": 2}),
    ("Fields of Green, 2 players", "fields-of-green", {"players": 2}),
    ("Crazy Farmers, 2 players", "crazy-farmers", {"players": 2}),
    ("Crazy Farmers, Mad Cow solo", "crazy-farmers", {"players": 1, "mode": "mad-cow"}),
)
POSITIONS = 8
ROUNDS = 3
"""Times each search runs on each position, the two searches taking turns."""
RATIO_TARGET = 1.5
SHARE_TARGET = 0.5


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


def timed(search: Callable[[], object]) -> float:
    """CPU seconds ``search()`` takes, with the garbage collector off (as ``timeit`` does).

    A search takes a few milliseconds; one full collection landing in it (the
    other side's objects included) weighed more than the search itself.
    """
    gc.disable()
    try:
        start = time.process_time()
        search()
        return time.process_time() - start
    finally:
        gc.enable()


def acreage_time(game: acreage.Game[Any, Any, Any], state: Any, n: int) -> float:
    """CPU seconds acreage's MCTS takes to search ``state`` afresh with ``n`` iterations."""
    agent = MCTSAgent(game, iterations=n)
    legal = game.legal_moves(state)
    return timed(lambda: agent(state, legal, random.Random(0)))


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


def spiel_time(
    os_tools: tuple[Any, Any, Any, Any], spiel_game: Any, ps: Any, n: int, evaluator: Any = None
) -> float:
    """CPU seconds OpenSpiel's MCTSBot takes to search the pyspiel state ``ps`` with ``n`` simulations."""
    bot = spiel_bot(os_tools, spiel_game, n, 0, evaluator)
    return timed(lambda: bot.step(ps))


@functools.cache
def _table(name: str, items: tuple[tuple[str, Any], ...]) -> tuple[Any, ...]:
    """``(game, rules, os_tools, spiel_game, evaluator)`` for a setup, made once per process."""
    tools = openspiel()
    assert tools is not None
    game = acreage.get_game(name)
    rules = game.rules(dict(items))
    spiel_game = tools[0].load_game(tools[3].register(game, rules))
    return game, rules, tools, spiel_game, heuristic_evaluator(tools, game)


def head_to_head_game(name: str, items: tuple[tuple[str, Any], ...], n: int, g: int) -> float:
    """acreage MCTS's share of the win in game ``g`` against MCTSBot, ``n`` iterations each.

    acreage sits in seat ``g % players``; game ``g`` is seeded by ``g`` alone, and
    the games of one round (``g // players``) start from the same chance
    stream, so each side meets the same deal from each seat.
    """
    game, rules, tools, spiel_game, evaluator = _table(name, items)
    players = game.players(rules)
    ours = g % players
    rng = random.Random(f"h2h:{g // players}")
    agent = MCTSAgent(game, iterations=n)
    bot = spiel_bot(tools, spiel_game, n, g, evaluator)
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
    return 1 / len(winners) if ours in winners else 0.0


def head_to_head(
    name: str, data: dict[str, Any], n: int, games: int, workers: int
) -> tuple[float, float, float]:
    """acreage's share of the wins against MCTSBot over ``games`` games, and its 95% interval."""
    items = tuple(sorted(data.items()))
    play = functools.partial(head_to_head_game, name, items, n)
    if workers > 1:
        with concurrent.futures.ProcessPoolExecutor(workers) as pool:
            shares = list(pool.map(play, range(games)))
    else:
        shares = [play(g) for g in range(games)]
    won = sum(shares)
    low, high = wilson(won, games)
    return won / games, low, high


def main(n: int = 100, games: int = 30, workers: int = 2) -> int:
    tools = openspiel()
    print(f"MCTS, {n} iterations a move, {POSITIONS} positions a game (CPU time)")
    if tools is None:
        print("  (open_spiel or acreage.interop.openspiel not importable: acreage only)")
    ok = True
    began = time.perf_counter()
    for title, name, data in SETUPS:
        game = acreage.get_game(name)
        rules = game.rules(data)
        where = positions(game, rules)
        compare = tools is not None and game.encoding is not None
        if compare:
            _, _, _, spiel_game, heuristic = _table(name, tuple(sorted(data.items())))
            spiel_states = [spiel_state(game, spiel_game, rules, moves) for _, moves in where]
        ours = theirs = 0.0
        for _ in range(ROUNDS):
            for i, (state, _) in enumerate(where):
                ours += acreage_time(game, state, n)
                if compare:
                    theirs += spiel_time(tools, spiel_game, spiel_states[i], n, heuristic)
        searched = n * len(where) * ROUNDS
        line = f"  {title}: {searched / ours:,.0f} iterations/s"
        if compare:
            assert tools is not None
            standard = n * 2 / sum(spiel_time(tools, spiel_game, ps, n) for ps in spiel_states[:2])
            ratio = theirs / ours
            good = ratio >= RATIO_TARGET
            line += f"; OpenSpiel MCTSBot {searched / theirs:,.0f} simulations/s: {ratio:.2f}x"
            line += f" (target {RATIO_TARGET}x; {standard:,.0f}/s with random rollouts)"
            if game.players(rules) > 1 and games > 0:  # a solo game has no one to meet
                share, low, high = head_to_head(name, data, n, games, workers)
                good &= share >= SHARE_TARGET
                line += (
                    f"; head-to-head at {n} iterations: acreage wins {100 * share:.0f}%"
                    f" of {games} games (95% interval {100 * low:.0f}-{100 * high:.0f}%)"
                )
            ok &= good
            line += " OK" if good else " BELOW TARGET"
        print(line, flush=True)
    print(f"  ({time.perf_counter() - began:.0f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:4]]
    sys.exit(main(*args))
