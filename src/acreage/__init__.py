"""acreage: rules engines for four farm-and-fence board games.

Documentation: https://acreage.readthedocs.io/en/latest/
(getting started, the contract every game keeps, a page per game with its
rulings, and the API reference).

Each game is a subpackage with the same pure functions (the contract:
https://acreage.readthedocs.io/en/latest/contract/)::

    from acreage import fence_em_in as fei
    state = fei.new_game(fei.Rules(players=3))
    state = fei.apply_move(state, fei.legal_moves(state)[0])

This module is the public face shared by all of them: the :class:`Game`
bundle and registry, :data:`CHANCE`, the errors, records and replay,
:func:`play` / :func:`simulate` and their results (:class:`GameRow`,
:func:`load_results`), the :class:`Agent` protocol (the agents are
in :mod:`acreage.agents`), and :func:`tournament` / :func:`balance` (see
:mod:`acreage.analysis`).
"""

from acreage.agents.base import Agent
from acreage.analysis import BalanceStudy, Tournament, balance, tournament
from acreage.core.game import (
    CHANCE,
    Chance,
    Game,
    GameError,
    IllegalMoveError,
    MoveSyntaxError,
    RecordError,
    RulesError,
    SeatError,
    UnknownGameError,
    _register_builtin,
    games,
    get_game,
    register,
)
from acreage.core.record import GameRecord, record_of, replay
from acreage.play import FirstMoveAgent, PlayResult, RandomAgent, Simulation, play, simulate
from acreage.results import GameRow
from acreage.streaming import load_results

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "Agent",
    "BalanceStudy",
    "Chance",
    "FirstMoveAgent",
    "Game",
    "GameError",
    "GameRecord",
    "GameRow",
    "IllegalMoveError",
    "MoveSyntaxError",
    "PlayResult",
    "RandomAgent",
    "RecordError",
    "RulesError",
    "SeatError",
    "Simulation",
    "Tournament",
    "UnknownGameError",
    "balance",
    "games",
    "get_game",
    "load_results",
    "play",
    "record_of",
    "register",
    "replay",
    "simulate",
    "tournament",
]

# The bundled games by registry name, each imported the first time it is asked for.
_BUNDLED: tuple[tuple[str, str], ...] = (
    ("crazy-farmers", "acreage.crazy_farmers"),
    ("fence-em-in", "acreage.fence_em_in"),
    ("fields-of-green", "acreage.fields_of_green"),
    ("get-off-my-land", "acreage.get_off_my_land"),
)
for _name, _module in _BUNDLED:
    _register_builtin(_name, _module)
