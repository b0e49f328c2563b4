"""Monte Carlo tree search (UCT) over the Game contract, with explicit chance nodes.

Each iteration walks down the tree from the position to move, choosing at a
player's decision the move with the best upper confidence bound for *that
player* (every seat maximises its own reward, so the search serves any
number of players), and at a chance node an outcome by its exact
probability. It adds one position to the tree, plays on from it (a rollout
of a few moves, then the game's ``evaluate``; or to the end), and adds the
reward to every edge it walked. The move played is the one tried most.
A move found to end the game needs no estimate: its result is known, so a
win for the mover alone is played (and taken whenever a walk meets it), and
a lost ending is played last and not explored again.

By default the search is a tree: a position reached by two orders of moves
is two nodes, each with its own statistics, so the moves of a node are
explored alike and a move's mean is taken over a subtree grown like its
siblings'. With ``transpositions=True`` it is a graph instead: positions are
keyed by the state itself (states are hashable within a process) and share
their statistics, which live on the edges of each parent (see
:class:`MCTSAgent` for why that is not the default). Either way the part of
the tree below the next position is kept for the next move.

The search sees the whole state: in a hidden-information game it plays as
if it could see every hand. Use :class:`~acreage.agents.ISMCTSAgent` there.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Final, Literal

from acreage.agents._search import (
    Clock,
    Evaluate,
    Reward,
    Rollout,
    check_budget,
    check_rollout,
    leaf,
    outcome,
    rollout,
)
from acreage.agents.base import portable, resolve
from acreage.core.game import CHANCE, Game

__all__ = ["CHANCE_MODES", "MCTSAgent"]

ChanceMode = Literal["expectation", "sample"]

CHANCE_MODES: Final = ("expectation", "sample")
"""How the search walks through a chance node (see :class:`MCTSAgent`)."""


class _Node:
    """One position of the tree: its moves, and per move the visits and rewards.

    A node is made when an iteration first reaches its position, and its
    moves are listed the first time an iteration walks on from it (most
    positions reached at the edge of the tree are never walked from). A
    decision node has ``mover`` >= 0 and ``w``, the mover's summed reward
    per move; a chance node has ``mover`` -1 and ``probs``/``cum``, the
    outcomes' probabilities and their running sum. ``ends`` holds the
    result of each move found to end the game (``None`` until one is).
    ``children`` holds the position each move leads to, ``nodes`` its node
    once a walk has reached it.
    """

    __slots__ = (
        "children",
        "cum",
        "ends",
        "expanded",
        "mover",
        "moves",
        "n",
        "nodes",
        "probs",
        "untried",
        "visits",
        "w",
    )

    def __init__(self) -> None:
        # The rest is set by ``expand``: most nodes never get that far.
        self.visits = 0
        self.expanded = False
        self.children: list[Any] = []
        self.ends: dict[int, Reward] | None = None

    def expand(self, state: Any, game: Game[Any, Any, Any]) -> None:
        """List the moves of ``state`` (this node's position) or its chance outcomes."""
        who = state.to_move
        if who is CHANCE:
            dist = game.chance_outcomes(state)
            self.mover = -1
            self.moves: tuple[Any, ...] = tuple(m for m, _ in dist)
            self.probs: list[float] = [float(p) for _, p in dist]
            self.cum: list[float] = []
            total = 0.0
            for p in self.probs:
                total += p
                self.cum.append(total)
        else:
            self.mover = who
            self.moves = game.legal_moves(state)
            self.w: list[float] = [0.0] * len(self.moves)
            self.untried: list[int] = list(range(len(self.moves)))
        self.n = [0] * len(self.moves)
        self.children = [None] * len(self.moves)
        self.nodes: list[_Node | None] = [None] * len(self.moves)
        self.expanded = True


class MCTSAgent:
    """UCT search with explicit chance nodes, tree reuse and an optional transposition table.

    Args:
        game: the :class:`~acreage.Game` (or its registry name); ``None``
            finds it from the first state's rules among the registered games.
        iterations: iterations per move. With this budget alone the agent is
            deterministic: the same state and the same ``rng`` give the same move.
        seconds: time per move (with ``iterations`` too, whichever ends first).
        exploration: the UCT constant ``c`` in ``mean + c * sqrt(ln N / n)``;
            rewards are from 0 to 1.
        chance: ``"expectation"`` walks each chance node's outcomes in
            proportion to their exact probabilities (the outcome furthest
            below its share of the visits next; no sampling noise), so a
            move's mean is the probability-weighted mean over outcomes;
            ``"sample"`` draws the outcome at random by its probability.
        rollout: ``"random"`` plays uniformly random moves after the tree;
            ``"heuristic"`` the best by ``evaluate`` of three random moves.
        rollout_depth: decisions played after the tree before ``evaluate``
            scores the position. The default, 0, scores the new position at
            once: with the bundled games' heuristics that plays at least as
            well as a few random moves first, at equal iterations, and two to
            three times faster. ``None`` plays to the end, which needs no
            ``evaluate`` (for a game without one) but is slow in long games.
        evaluate: ``(state, seat) -> 0..1``; by default the game's own
            (:meth:`~acreage.Game.evaluator`).
        reuse_tree: keep the part of the tree below the next position.
        transpositions: share one node among the orders of moves that reach
            a position (a transposition table keyed by the state). Off by
            default: a node found again leads the walk on below it, so a move
            whose positions its siblings already reached is scored by deeper,
            fewer positions than they are, and with a heuristic that drifts as
            the moves go by (Crazy Farmers' grows with each fence piece laid)
            the comparison of the moves leans on how deep each was searched.
            The tree, like OpenSpiel's ``MCTSBot``, grows every move's
            subtree alike; in Crazy Farmers it won more games against
            ``MCTSBot`` at equal iterations than the graph did.

    The agent draws one number from the ``rng`` it is given per move it
    searches (a forced move draws none) and seeds its own generator from it,
    so the agents of the other seats see the same stream whatever this
    one's budget. It is picklable (the tree is not kept
    in the pickle) and its ``restart()`` forgets the tree.
    """

    def __init__(
        self,
        game: Game[Any, Any, Any] | str | None = None,
        *,
        iterations: int | None = 200,
        seconds: float | None = None,
        exploration: float = 1.0,
        chance: ChanceMode = "expectation",
        rollout: Rollout = "random",
        rollout_depth: int | None = 0,
        evaluate: Evaluate | None = None,
        reuse_tree: bool = True,
        transpositions: bool = False,
    ) -> None:
        check_budget(iterations, seconds)
        check_rollout(rollout, rollout_depth)
        if chance not in CHANCE_MODES:
            raise ValueError(f"chance must be one of {', '.join(CHANCE_MODES)}, not {chance!r}")
        if not exploration >= 0:
            raise ValueError(f"exploration must be >= 0, not {exploration!r}")
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.chance = chance
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.reuse_tree = reuse_tree
        self.transpositions = transpositions
        self._table: dict[Any, _Node] = {}
        self._bound: Game[Any, Any, Any] | None = None
        self._evaluate: Evaluate | None = None

    # -- pickling and restarting ------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items() if not k.startswith("_")}
        state["game"] = portable(self.game)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._table = {}
        self._bound = None
        self._evaluate = None

    def restart(self) -> None:
        """Forget the search tree (``acreage.play`` calls this as each game starts)."""
        self._table = {}

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations is not None else ""
        if self.seconds is not None:
            budget += f"{', ' if budget else ''}seconds={self.seconds}"
        return f"MCTSAgent({budget})"

    # -- the search -----------------------------------------------------------------

    def _bind(self, state: Any) -> Game[Any, Any, Any]:
        game = self._bound
        if game is None:
            game = self._bound = resolve(self.game, state)
            if self.evaluate is not None:
                self._evaluate = self.evaluate
            elif self.rollout_depth is not None or self.rollout == "heuristic":
                self._evaluate = game.evaluator()
        return game

    def __call__(self, state: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_moves) == 1:
            return legal_moves[0]
        game = self._bind(state)
        search_rng = random.Random(rng.getrandbits(64))
        root = self._root(state, game, search_rng)
        self.search(root, state, game, search_rng)
        return legal_moves[_most_visited(root)]

    def _root(self, state: Any, game: Game[Any, Any, Any], rng: random.Random) -> _Node:
        """The node of ``state``, with what the last search learned below it kept."""
        node = self._table.get(state) if self.reuse_tree else None
        if node is None:
            node = _Node()
            node.expand(state, game)
            self._table = {state: node}
            return node
        # Keep only what can still be reached: the rest of the old tree is history.
        # The table keeps a node per position (the first met), which is how the
        # next search finds its root.
        kept: dict[Any, _Node] = {state: node}
        seen = {id(node)}
        stack = [node]
        while stack:
            parent = stack.pop()
            if not parent.expanded:
                continue
            for child, below in zip(parent.children, parent.nodes, strict=True):
                if below is not None and id(below) not in seen:
                    seen.add(id(below))
                    kept.setdefault(child, below)
                    stack.append(below)
        self._table = kept
        return node

    def search(
        self, root: _Node, state: Any, game: Game[Any, Any, Any], rng: random.Random
    ) -> None:
        """Run the budget's iterations from ``root`` (the node of ``state``)."""
        table = self._table
        shared = self.transpositions
        players = game.players(state.rules)
        apply_move = game.apply_move
        c = self.exploration
        expectation = self.chance == "expectation"
        depth, policy, evaluate = self.rollout_depth, self.rollout, self._evaluate
        clock = Clock(self.iterations, self.seconds)
        done = 0
        path: list[tuple[_Node, int]] = []
        # The nodes this iteration passed through: a position met again (a tie re-rolled
        # back to the same roll) ends the walk, which would otherwise go round for ever.
        walked: set[int] = set()
        while clock.more(done):
            done += 1
            node, current = root, state
            path.clear()
            walked.clear()
            walked.add(id(root))
            reward: Reward | None = None
            while True:
                if not node.expanded:
                    node.expand(current, game)
                if node.mover >= 0:
                    untried = node.untried
                    if untried:
                        # A random untried move: swap it to the end and take it.
                        j = rng.randrange(len(untried))
                        untried[j], untried[-1] = untried[-1], untried[j]
                        i = untried.pop()
                    elif node.ends is None:
                        i = _uct(node, c)
                    else:
                        i = _uct_known(node, c)
                elif expectation:
                    i = _stratified(node)
                else:
                    i = _sampled(node, rng)
                path.append((node, i))
                child = node.children[i]
                if child is None:
                    child = node.children[i] = apply_move(current, node.moves[i])
                current = child
                if child.to_move is None:
                    reward = outcome(game, child, players)
                    if node.mover >= 0:
                        if node.ends is None:
                            node.ends = {}
                        node.ends[i] = reward
                    break
                found = node.nodes[i]
                if found is None:
                    found = table.get(child) if shared else None
                    if found is None:
                        # A new position: it ends the walk and is scored below.
                        found = node.nodes[i] = _Node()
                        if child not in table:
                            table[child] = found
                        break
                    node.nodes[i] = found
                if id(found) in walked:
                    break
                walked.add(id(found))
                node = found
            if reward is None:
                if depth == 0:
                    reward = leaf(game, evaluate, current, players)
                else:
                    reward = rollout(
                        game,
                        current,
                        rng,
                        players=players,
                        depth=depth,
                        policy=policy,
                        evaluate=evaluate,
                    )
            for node, i in path:
                node.visits += 1
                node.n[i] += 1
                if node.mover >= 0:
                    node.w[i] += reward[node.mover]


def _uct(node: _Node, c: float) -> int:
    """The move with the best upper confidence bound for the node's mover."""
    log_n = math.log(node.visits) if node.visits > 1 else 0.0
    best, chosen = -1.0, 0
    for i, (n, w) in enumerate(zip(node.n, node.w, strict=True)):
        score = w / n + c * math.sqrt(log_n / n)
        if score > best:
            best, chosen = score, i
    return chosen


def _uct_known(node: _Node, c: float) -> int:
    """:func:`_uct` where some moves end the game: their result is known, not estimated.

    A move that wins the whole game for the mover is taken; a move that ends
    it otherwise scores its exact result with no bonus for exploring (there
    is nothing left to learn below it), so a lost ending is not tried again.
    """
    ends = node.ends
    assert ends is not None
    mover = node.mover
    log_n = math.log(node.visits) if node.visits > 1 else 0.0
    best, chosen = -1.0, 0
    for i, (n, w) in enumerate(zip(node.n, node.w, strict=True)):
        end = ends.get(i)
        if end is None:
            score = w / n + c * math.sqrt(log_n / n)
        elif end[mover] >= 1.0:
            return i
        else:
            score = end[mover]
        if score > best:
            best, chosen = score, i
    return chosen


def _stratified(node: _Node) -> int:
    """The outcome furthest below its share of the node's visits."""
    total = node.visits + 1
    best, chosen = -math.inf, 0
    for i, (p, n) in enumerate(zip(node.probs, node.n, strict=True)):
        lag = p * total - n
        if lag > best:
            best, chosen = lag, i
    return chosen


def _sampled(node: _Node, rng: random.Random) -> int:
    """An outcome drawn by its probability."""
    x = rng.random() * node.cum[-1]
    for i, edge in enumerate(node.cum):
        if x < edge:
            return i
    return len(node.cum) - 1


def _most_visited(node: _Node) -> int:
    """The root's most visited move (ties: the better mean, then the first).

    A move found to end the game comes first when it wins the whole game for
    the mover and last when the mover gets nothing, whatever its visits.
    """
    ends = node.ends or {}
    mover = node.mover

    def known(i: int) -> int:
        end = ends.get(i)
        if end is None:
            return 0
        return 1 if end[mover] >= 1.0 else -1 if end[mover] <= 0.0 else 0

    return max(
        range(len(node.moves)),
        key=lambda i: (known(i), node.n[i], node.w[i] / node.n[i] if node.n[i] else 0.0, -i),
    )
