"""acreage in the ecosystems of learning agents and game search: PettingZoo, Gymnasium, OpenSpiel.

Every game with an integer encoding (``game.encoding_of(rules)``: fixed
action numbers, observation tensors, facts) plugs into:

* :mod:`acreage.interop.pettingzoo`: ``env(game, rules)``, an AEC
  environment (``pip install acreage[rl]``);
* :mod:`acreage.interop.gymnasium`: ``SingleAgentEnv(game, rules, seat,
  opponents)``, one seat against acreage agents, and the solo Mad Cow game
  registered as ``acreage/MadCowSolo-v0`` (``pip install acreage[rl]``);
* :mod:`acreage.interop.openspiel`: ``register(game, rules)``, a pyspiel
  Python game with explicit chance nodes (``pip install acreage[openspiel]``).

What they share (rewards from the end of a game, information states, chance
resolved with a seeded :class:`random.Random`) is in
:mod:`acreage.interop.common`, which needs no framework. Importing this
package imports none of them; each adapter module imports its framework when
it is imported itself, and says which extra to install when it is missing.
"""

from __future__ import annotations

__all__ = ["missing"]


def missing(adapter: str, module: str | None, extra: str) -> str:
    """The one-line message of the ImportError an adapter raises when its framework is absent."""
    return f"{adapter} needs {module or 'a package'}, which is not installed: pip install acreage[{extra}]"
