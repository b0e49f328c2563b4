"""Agents from short texts: ``"random"``, ``"greedy"``, ``"mcts:iterations=200,rollout_depth=0"``.

The command line and :func:`acreage.tournament` name agents this way. A
text is a kind, then optionally ``:`` and ``key=value`` options separated by
commas; each value is read as JSON when it can be (``200``, ``0.5``,
``null``, ``true``) and as text otherwise (``rollout=heuristic``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

from acreage.agents.base import Agent, FirstMoveAgent, RandomAgent
from acreage.agents.greedy import GreedyAgent
from acreage.agents.ismcts import ISMCTSAgent
from acreage.agents.mcts import MCTSAgent
from acreage.core.game import Game, shorten

__all__ = ["AGENT_KINDS", "AgentSpecError", "make_agent"]

AGENT_KINDS: Final[dict[str, Callable[..., Agent]]] = {
    "random": RandomAgent,
    "first": FirstMoveAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
}
"""The agent kinds a text may name, and the class each makes."""

SPEC_LIMIT: Final = 500
"""The longest agent text accepted."""


class AgentSpecError(ValueError):
    """An agent text that names no agent, or options the agent refuses."""


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return text


def make_agent(spec: str, game: Game[Any, Any, Any] | str | None = None) -> Agent:
    """The agent a text names, for ``game`` (searching agents need it; ``None``: found later).

    >>> make_agent("mcts:iterations=50,rollout_depth=0")
    MCTSAgent(iterations=50)

    :class:`AgentSpecError` names what is wrong: an unknown kind, an option
    that is not ``key=value``, an option the agent does not take or a value
    it refuses.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise AgentSpecError(f"an agent is named by text such as 'mcts', not {shorten(spec)}")
    if len(spec) > SPEC_LIMIT:
        raise AgentSpecError(f"an agent text of {len(spec)} characters is too long")
    kind, _, rest = spec.strip().partition(":")
    make = AGENT_KINDS.get(kind.strip())
    if make is None:
        raise AgentSpecError(f"no agent kind {shorten(kind)} (known: {', '.join(AGENT_KINDS)})")
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise AgentSpecError(f"{kind}: option {shorten(part)} is not KEY=VALUE")
        options[key.strip()] = _value(value.strip())
    if make in (RandomAgent, FirstMoveAgent):
        if options:
            raise AgentSpecError(f"{kind} takes no options, got {', '.join(options)}")
        return make()
    try:
        return make(game, **options)
    except TypeError as e:
        raise AgentSpecError(f"{kind}: {_unknown(e, make)}") from None
    except ValueError as e:
        raise AgentSpecError(f"{kind}: {e}") from None


def _unknown(error: TypeError, make: Callable[..., Any]) -> str:
    """The message for an option the agent's constructor does not take."""
    import inspect

    allowed = [
        name
        for name, p in inspect.signature(make).parameters.items()
        if p.kind is inspect.Parameter.KEYWORD_ONLY
    ]
    text = str(error)
    if "unexpected keyword argument" in text:
        bad = text.rsplit("argument", 1)[-1].strip()
        return f"no option {bad} (options: {', '.join(allowed)})"
    return text
