"""Results as data: tournaments between agents, balance studies, confidence intervals.

:func:`tournament` plays agents against each other in every seating, so that
no agent gains from a seat, and reports per agent and per seat: wins (a
shared win split between its winners), the win rate with its 95% Wilson
interval, the mean and spread of the score, and the mean game length.
:func:`balance` plays one agent in every seat and reports what a designer
asks of a ruleset: how much each seat wins, how scores and game lengths
spread, how often each end condition ends the game, and for a second ruleset
(a house rule) each difference with its 95% interval.

Results are plain frozen data: ``table()`` prints them, ``to_dict()`` and
``to_json()`` write them, ``summary_frame()`` and ``games_frame()`` give
pandas DataFrames (with pandas installed), and :mod:`acreage.plots` draws
them (with matplotlib, ``pip install acreage[plot]``).

Seeds: round ``r`` of a tournament plays every seating once, each game with
seed ``f"{seed}/{r}"`` (so the seatings of one round meet the same dice as far
as their games run alike, which takes luck out of the comparison), and the
seating ``i`` of game ``i`` is ``seatings[i % len(seatings)]``. Results
therefore do not depend on ``workers``.
"""

from __future__ import annotations

import importlib
import itertools
import json
import math
import statistics
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from acreage.agents.base import Agent
from acreage.agents.spec import make_agent
from acreage.core.game import Game, get_game
from acreage.play import play, portable_game, run_jobs

# The intervals and standings live in acreage.stats, shared with simulate; they are
# named here too, where tournaments and balance studies are.
from acreage.stats import Z95, Standing, format_standings, wilson

if TYPE_CHECKING:
    import concurrent.futures

__all__ = [
    "Z95",
    "BalanceStudy",
    "Difference",
    "GameResult",
    "Standing",
    "Tournament",
    "balance",
    "mean_difference",
    "rate_difference",
    "seatings",
    "tournament",
    "wilson",
]


@attrs.frozen
class Difference:
    """One quantity under two settings and their difference ``b - a`` with its interval."""

    name: str
    a: float
    b: float
    low: float
    high: float

    @property
    def difference(self) -> float:
        """``b - a``: the value under the second setting less the first."""
        return self.b - self.a

    @property
    def significant(self) -> bool:
        """Whether the 95% interval of the difference leaves out 0."""
        return self.low > 0 or self.high < 0


def rate_difference(
    name: str, wins_a: float, games_a: int, wins_b: float, games_b: int
) -> Difference:
    """The difference of two win rates with Newcombe's hybrid Wilson 95% interval."""
    pa = wins_a / games_a if games_a else 0.0
    pb = wins_b / games_b if games_b else 0.0
    la, ua = wilson(wins_a, games_a)
    lb, ub = wilson(wins_b, games_b)
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return Difference(name, pa, pb, max(-1.0, low), min(1.0, high))


def mean_difference(name: str, a: Sequence[float], b: Sequence[float]) -> Difference:
    """The difference of two means with a normal (Welch) 95% interval."""
    ma = statistics.fmean(a) if a else 0.0
    mb = statistics.fmean(b) if b else 0.0
    va = statistics.variance(a) / len(a) if len(a) > 1 else 0.0
    vb = statistics.variance(b) / len(b) if len(b) > 1 else 0.0
    half = Z95 * math.sqrt(va + vb)
    return Difference(name, ma, mb, mb - ma - half, mb - ma + half)


# -- results -----------------------------------------------------------------------


@attrs.frozen
class GameResult:
    """One game of a tournament.

    Attributes:
        index: the game's number in the tournament.
        seed: the seed it was played with.
        seats: the name of the agent in each seat.
        scores: the final score of each seat.
        winners: the winning seats (several share a win; none when all lost).
        decisions: moves made by players (the game's length).
        moves: moves in all, chance outcomes included.
        end: why the game ended (the game's ``end_reason``; ``"end"`` for a
            game with one way to end).
    """

    index: int
    seed: str
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    moves: int
    end: str

    def share(self, seat: int) -> float:
        """The seat's share of the win: ``1/k`` for each of ``k`` winners, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def _standing(name: str, entries: Sequence[tuple[GameResult, int]]) -> Standing:
    wins = sum(r.share(seat) for r, seat in entries)
    scores = [r.scores[seat] for r, seat in entries]
    low, high = wilson(wins, len(entries))
    return Standing(
        name,
        len(entries),
        wins,
        low,
        high,
        statistics.fmean(scores) if scores else 0.0,
        statistics.stdev(scores) if len(scores) > 1 else 0.0,
        statistics.fmean(r.decisions for r, _ in entries) if entries else 0.0,
    )


@attrs.frozen
class Tournament:
    """The games of :func:`tournament` (or one side of :func:`balance`), and their summaries.

    Attributes:
        game: the game's registry name.
        players: seats at the table.
        rules: the rules as data (``rules.to_data()``).
        agents: each agent's name, in the order given.
        seatings: the agent names seat by seat in each seating played.
        results: every game, in order.
        seed: the tournament's seed.
        seconds: wall-clock time taken (the one field that varies between runs).
    """

    game: str
    players: int
    rules: Mapping[str, Any]
    agents: tuple[str, ...]
    seatings: tuple[tuple[str, ...], ...]
    results: tuple[GameResult, ...]
    seed: int | str
    seconds: float = attrs.field(default=0.0, eq=False)

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.results)

    def by_agent(self) -> tuple[Standing, ...]:
        """One :class:`Standing` per agent, in the order the agents were given."""
        return tuple(
            _standing(
                name,
                [(r, s) for r in self.results for s, who in enumerate(r.seats) if who == name],
            )
            for name in self.agents
        )

    def by_seat(self) -> tuple[Standing, ...]:
        """One :class:`Standing` per seat, whoever sat there."""
        return tuple(
            _standing(f"seat {s}", [(r, s) for r in self.results]) for s in range(self.players)
        )

    def end_reasons(self) -> dict[str, int]:
        """How many games each end condition ended, most frequent first."""
        return dict(Counter(r.end for r in self.results).most_common())

    def lengths(self) -> tuple[int, ...]:
        """Each game's length in decisions."""
        return tuple(r.decisions for r in self.results)

    def scores_by(self, by: str = "agent") -> dict[str, tuple[int, ...]]:
        """The final scores of each agent (``by="agent"``) or each seat (``by="seat"``)."""
        if by == "seat":
            return {
                f"seat {s}": tuple(r.scores[s] for r in self.results) for s in range(self.players)
            }
        if by != "agent":
            raise ValueError(f"by must be 'agent' or 'seat', not {by!r}")
        return {
            name: tuple(
                r.scores[s] for r in self.results for s, who in enumerate(r.seats) if who == name
            )
            for name in self.agents
        }

    def table(self) -> str:
        """A plain-text report: standings by agent and by seat, lengths and end conditions."""
        lines = [
            f"{self.game}: {self.games} game{'' if self.games == 1 else 's'},"
            f" {self.players} player{'' if self.players == 1 else 's'},"
            f" {len(self.seatings)} seating{'' if len(self.seatings) == 1 else 's'}, seed {self.seed}",
            "",
        ]
        if len(self.agents) > 1:
            lines += [*format_standings("agent", self.by_agent()), ""]
        lines += format_standings("seat", self.by_seat())
        lengths = self.lengths()
        if lengths:
            lines += [
                "",
                f"game length (decisions): mean {statistics.fmean(lengths):.1f},"
                f" min {min(lengths)}, median {statistics.median(lengths):g}, max {max(lengths)}",
                "ended by: "
                + ", ".join(
                    f"{why} {n} ({100 * n / self.games:.0f}%)"
                    for why, n in self.end_reasons().items()
                ),
            ]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain JSON data: the setup, every game, and the summaries."""
        return {
            "game": self.game,
            "players": self.players,
            "rules": dict(self.rules),
            "seed": self.seed,
            "agents": list(self.agents),
            "seatings": [list(s) for s in self.seatings],
            "by_agent": [_standing_dict(s) for s in self.by_agent()],
            "by_seat": [_standing_dict(s) for s in self.by_seat()],
            "end_reasons": self.end_reasons(),
            "games": [
                {
                    "seed": r.seed,
                    "seats": list(r.seats),
                    "scores": list(r.scores),
                    "winners": list(r.winners),
                    "decisions": r.decisions,
                    "moves": r.moves,
                    "end": r.end,
                }
                for r in self.results
            ],
        }

    def to_json(self, indent: int | None = 1) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, allow_nan=False)

    def summary_frame(self) -> Any:
        """The standings as a ``pandas.DataFrame``: one row per agent, then one per seat
        (column ``group`` says which). Needs pandas (``pip install acreage[analysis]``)."""
        pd = _pandas()
        rows = [
            {"group": group, **_standing_dict(s)}
            for group, standings in (("agent", self.by_agent()), ("seat", self.by_seat()))
            for s in standings
        ]
        return pd.DataFrame(rows)

    def games_frame(self) -> Any:
        """Every game seat by seat as a ``pandas.DataFrame``: one row per game and seat.
        Needs pandas (``pip install acreage[analysis]``)."""
        pd = _pandas()
        rows = [
            {
                "game": r.index,
                "seed": r.seed,
                "seat": s,
                "agent": who,
                "score": r.scores[s],
                "win": r.share(s),
                "decisions": r.decisions,
                "end": r.end,
            }
            for r in self.results
            for s, who in enumerate(r.seats)
        ]
        return pd.DataFrame(rows)

    def chart(self) -> Any:
        """A :class:`~acreage.plots.Chart` of win rates by agent and seat, scores and game lengths."""
        from acreage.plots import tournament_chart

        return tournament_chart(self)


def _standing_dict(s: Standing) -> dict[str, Any]:
    return {
        "name": s.name,
        "games": s.games,
        "wins": s.wins,
        "win_rate": s.win_rate,
        "low": s.low,
        "high": s.high,
        "mean_score": s.mean_score,
        "score_sd": s.score_sd,
        "mean_length": s.mean_length,
    }


def _pandas() -> Any:
    try:
        pandas = importlib.import_module("pandas")
    except ImportError:
        raise ImportError("DataFrames need pandas: pip install acreage[analysis]") from None
    return pandas


# -- playing -----------------------------------------------------------------------


def seatings(agents: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Every seating of ``agents`` at a ``players``-seat table, each agent in each seat equally.

    With at least as many agents as seats: every ordered choice of distinct
    agents (each pair meets in each order). With fewer: the agents take turns
    to fill the table (``A B A B`` for two agents and four seats) and every
    distinct arrangement of that lineup is played.

    >>> seatings(["a", "b"], 2)
    (('a', 'b'), ('b', 'a'))
    """
    if not agents:
        raise ValueError("a tournament needs at least one agent")
    if len(agents) >= players:
        return tuple(itertools.permutations(agents, players))
    lineup = [agents[i % len(agents)] for i in range(players)]
    return tuple(
        sorted(set(itertools.permutations(lineup)), key=lambda s: [agents.index(a) for a in s])
    )


_Job = tuple[Any, Any, tuple[Agent, ...], tuple[str, ...], str, int]
"""One game: game (or its name), rules, the agents by seat, their names, seed, index."""


def _play_game(job: _Job) -> GameResult:
    ref, rules, seats, names, seed, index = job
    game = get_game(ref) if isinstance(ref, str) else ref
    result = play(game, rules, seats, seed)
    end = game.end_reason(result.state) if game.end_reason is not None else "end"
    return GameResult(
        index,
        seed,
        names,
        result.scores,
        result.winners,
        result.decisions,
        result.moves,
        end,
    )


def _agent_table(
    agents: Mapping[str, Agent | str] | Sequence[str], game: Game[Any, Any, Any]
) -> dict[str, Agent]:
    """Names and agents: a mapping as given (texts made into agents), or texts named by themselves."""
    if isinstance(agents, Mapping):
        items = list(agents.items())
    else:
        items = [(spec, spec) for spec in agents]
    table: dict[str, Agent] = {}
    for name, agent in items:
        if not isinstance(name, str) or not name:
            raise ValueError(f"an agent's name is a non-empty text, not {name!r}")
        if name in table:
            raise ValueError(f"two agents are named {name!r}")
        table[name] = make_agent(agent, game) if isinstance(agent, str) else agent
    if not table:
        raise ValueError("a tournament needs at least one agent")
    return table


def tournament(
    game: Game[Any, Any, Any] | str,
    agents: Mapping[str, Agent | str] | Sequence[str],
    games: int = 100,
    *,
    rules: Any = None,
    seed: int | str = 0,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    client: Any = None,
    progress: bool | None = None,
) -> Tournament:
    """Play ``agents`` against each other in every seating and report the results.

    Args:
        game: a :class:`~acreage.Game` or its registry name.
        agents: ``{"name": agent, ...}`` (an agent or an agent text such as
            ``"mcts:iterations=200"``), or a list of agent texts each named by
            itself.
        games: the number of games; rounded up to a whole number of rounds,
            a round being one game in every seating (see :func:`seatings`), so
            that every agent plays every seat equally often.
        rules: the game's ``Rules``; its defaults when ``None``.
        seed: round ``r`` is played with seed ``f"{seed}/{r}"``.
        workers, executor, client, progress: as for :func:`acreage.simulate`:
            the results are the same whatever the workers, executor or Dask client.

    >>> t = tournament("fence-em-in", {"greedy": "greedy", "random": "random"}, 4)  # doctest: +SKIP
    >>> print(t.table())  # doctest: +SKIP
    """
    g = get_game(game) if isinstance(game, str) else game
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    rules = g.rules_type() if rules is None else rules
    players = g.players(rules)
    table = _agent_table(agents, g)
    names = tuple(table)
    plan = seatings(names, players)
    rounds = -(-games // len(plan))
    ref = portable_game(g)
    jobs = (
        (
            ref,
            rules,
            tuple(table[name] for name in plan[i % len(plan)]),
            plan[i % len(plan)],
            f"{seed}/{i // len(plan)}",
            i,
        )
        for i in range(rounds * len(plan))
    )
    start = time.perf_counter()
    results = run_jobs(
        _play_game,
        jobs,
        rounds * len(plan),
        workers=workers,
        executor=executor,
        client=client,
        progress=progress,
    )
    return Tournament(
        g.name,
        players,
        rules.to_data(),
        names,
        plan,
        tuple(results),
        seed,
        time.perf_counter() - start,
    )


# -- balance -----------------------------------------------------------------------


@attrs.frozen
class BalanceStudy:
    """A ruleset played by one agent in every seat, and optionally a second ruleset.

    Attributes:
        base: the games under the first rules.
        other: the games under the second rules (the house rule), or ``None``.
        agent: the name of the agent that played every seat.
    """

    base: Tournament
    other: Tournament | None = None
    agent: str = "agent"

    def differences(self) -> tuple[Difference, ...]:
        """Each seat's win rate, each seat's mean score and the mean game length under the
        second rules less under the first, with 95% intervals (``()`` without a second)."""
        other = self.other
        if other is None:
            return ()
        out = []
        for sa, sb in zip(self.base.by_seat(), other.by_seat(), strict=True):
            out.append(rate_difference(f"{sa.name} win rate", sa.wins, sa.games, sb.wins, sb.games))
        scores_a, scores_b = self.base.scores_by("seat"), other.scores_by("seat")
        out.extend(
            mean_difference(f"{name} mean score", scores_a[name], scores_b[name])
            for name in scores_a
        )
        out.append(mean_difference("game length", self.base.lengths(), other.lengths()))
        ends_a, ends_b = self.base.end_reasons(), other.end_reasons()
        reasons = sorted(set(ends_a) | set(ends_b))
        if len(reasons) > 1:
            out.extend(
                rate_difference(
                    f"ended by {why}",
                    ends_a.get(why, 0),
                    self.base.games,
                    ends_b.get(why, 0),
                    other.games,
                )
                for why in reasons
            )
        return tuple(out)

    def table(self) -> str:
        """A plain-text report of both rulesets and their differences."""
        parts = [f"balance of {self.base.game} played by {self.agent} in every seat", ""]
        parts.append(f"rules A: {json.dumps(dict(self.base.rules), sort_keys=True)}")
        parts.append(self.base.table())
        other = self.other
        if other is not None:
            parts += [
                "",
                f"rules B: {json.dumps(dict(other.rules), sort_keys=True)}",
                other.table(),
            ]
            parts += ["", "B - A, with 95% intervals (* : the interval leaves out 0)"]
            width = max(len(d.name) for d in self.differences())
            for d in self.differences():
                parts.append(
                    f"{d.name:<{width}} {d.a:>9.3f} -> {d.b:>9.3f}: {d.difference:+.3f}"
                    f" [{d.low:+.3f}, {d.high:+.3f}]{' *' if d.significant else ''}"
                )
        return "\n".join(parts)

    def __str__(self) -> str:
        return self.table()

    def to_dict(self) -> dict[str, Any]:
        """Both rulesets' results and the differences as plain JSON data."""
        return {
            "agent": self.agent,
            "base": self.base.to_dict(),
            "other": None if self.other is None else self.other.to_dict(),
            "differences": [
                {
                    "name": d.name,
                    "a": d.a,
                    "b": d.b,
                    "difference": d.difference,
                    "low": d.low,
                    "high": d.high,
                }
                for d in self.differences()
            ],
        }

    def to_json(self, indent: int | None = 1) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, allow_nan=False)

    def chart(self) -> Any:
        """A :class:`~acreage.plots.Chart`: win rate by seat, scores, game lengths, both rulesets."""
        from acreage.plots import balance_chart

        return balance_chart(self)


def balance(
    game: Game[Any, Any, Any] | str,
    agent: Agent | str = "mcts",
    games: int = 100,
    *,
    rules: Any = None,
    against: Any = None,
    seed: int | str = 0,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    client: Any = None,
    progress: bool | None = None,
    name: str | None = None,
) -> BalanceStudy:
    """Play ``games`` games with ``agent`` in every seat under ``rules`` (and ``against``).

    ``agent`` is an agent or an agent text (``"mcts:iterations=100"``);
    ``against`` is a second ``Rules`` (say, with a house rule) played with
    the same seeds, so that the :meth:`BalanceStudy.differences` measure the
    rule and little else. ``name`` names the agent in reports (by default
    its text, or its class name).
    """
    g = get_game(game) if isinstance(game, str) else game
    if name is None:
        name = agent if isinstance(agent, str) else type(agent).__name__
    one = {name: agent}
    run = {"workers": workers, "executor": executor, "client": client, "progress": progress}
    base = tournament(g, one, games, rules=rules, seed=seed, **run)
    other = None
    if against is not None:
        other = tournament(g, one, games, rules=against, seed=seed, **run)
    return BalanceStudy(base, other, name)
