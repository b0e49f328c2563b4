"""Agents that play any acreage game through the :class:`~acreage.Game` contract.

An agent is any callable ``agent(state, legal_moves, rng) -> move`` (the
:class:`Agent` protocol). This package holds generic ones; none knows any
game, all of them are picklable (so :func:`acreage.simulate` and
:func:`acreage.tournament` can send them to worker processes) and all of them
draw their randomness from the ``rng`` they are given, so a seed fixes their
moves (with an iteration budget; a budget in seconds depends on the machine).

* :class:`RandomAgent`, :class:`FirstMoveAgent`: a uniform choice, the first move.
* :class:`GreedyAgent`: one-ply lookahead on the game's ``evaluate``, chance
  nodes averaged by their exact probabilities.
* :class:`MCTSAgent`: UCT with explicit chance nodes, rollouts cut off by
  ``evaluate``, tree reuse and (``transpositions=True``) a transposition
  table. Sees the whole state.
* :class:`ISMCTSAgent`: information-set MCTS for hidden-information games,
  searching worlds sampled with ``game.resample``; never reads what its
  seat cannot see.

:func:`make_agent` builds one from a short text (``"mcts:iterations=200"``),
as the command line does.

>>> from acreage.agents import MCTSAgent
>>> import acreage
>>> result = acreage.play("fence-em-in", agents=[MCTSAgent(iterations=50), acreage.RandomAgent()])  # doctest: +SKIP
"""

from acreage.agents.base import Agent, FirstMoveAgent, RandomAgent, game_of
from acreage.agents.greedy import GreedyAgent
from acreage.agents.ismcts import ISMCTSAgent
from acreage.agents.mcts import MCTSAgent
from acreage.agents.spec import AGENT_KINDS, AgentSpecError, make_agent

__all__ = [
    "AGENT_KINDS",
    "Agent",
    "AgentSpecError",
    "FirstMoveAgent",
    "GreedyAgent",
    "ISMCTSAgent",
    "MCTSAgent",
    "RandomAgent",
    "game_of",
    "make_agent",
]
