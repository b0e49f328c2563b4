"""Results as data: one row per game, and the summary of a run of many games.

A :class:`GameRow` is what a balance study asks of a game without replaying
it: the game, a digest of its rules, its seed, the agent in each seat, the
scores, the winners, why it ended, its length and how long it took. Rows are
flat (one column per seat for agents, scores and wins), so the same columns
serve a ``pandas.DataFrame``, a Parquet or CSV results file and a plain dict.

A :class:`Simulation` is what :func:`acreage.simulate` and
:func:`acreage.load_results` return: the run's setup, its :class:`Summary`
(counts and sums, so it costs the same for ten games or ten million) and,
when asked, every row and every record. In a notebook it shows as the
summary table, never as its games.
"""

from __future__ import annotations

import html
import importlib
import math
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

import attrs

from acreage.core.record import GameRecord
from acreage.stats import Standing, format_standings, wilson

__all__ = ["KEEP", "GameRow", "Simulation", "Summary", "Tally", "columns"]

KEEP: Final = ("summary", "rows", "records")
"""What a :class:`Simulation` may hold: the summary only, every game's row too, or
every game's record as well."""


def columns(players: int) -> tuple[str, ...]:
    """The columns of a results table for ``players`` seats, in file order.

    >>> columns(2)  # doctest: +NORMALIZE_WHITESPACE
    ('game', 'rules_digest', 'seed', 'index', 'agent_0', 'agent_1', 'score_0', 'score_1',
     'win_0', 'win_1', 'end', 'decisions', 'moves', 'seconds')
    """
    seats = range(players)
    return (
        "game",
        "rules_digest",
        "seed",
        "index",
        *(f"agent_{s}" for s in seats),
        *(f"score_{s}" for s in seats),
        *(f"win_{s}" for s in seats),
        "end",
        "decisions",
        "moves",
        "seconds",
    )


@attrs.frozen
class GameRow:
    """One game's result: a row of the results table.

    Attributes:
        game: the game's registry name.
        rules_digest: :func:`acreage.core.digest.digest` of the ``Rules``: equal
            rules, equal digest, on every machine.
        seed: the game's own seed: ``play(game, rules, agents, seed)`` plays it again.
        index: the game's number in its run (game ``i`` has seed ``f"{run seed}/{i}"``).
        agents: the name of the agent in each seat.
        scores: the final score of each seat.
        winners: the winning seats after the tie-breaks (several share a win;
            none when all lost).
        end: why the game ended: the game's ``end_reason``, or ``"end"`` for a
            game with one way to end.
        decisions: moves made by players (the game's length).
        moves: moves in all, chance outcomes included.
        seconds: how long the game took to play (the one field that differs
            between runs: rows compare equal without it; ``nan`` when unknown).

    As a flat dict (:meth:`to_dict`, a results file, a DataFrame) the seats
    spread over columns ``agent_N``, ``score_N`` and ``win_N``, where
    ``win_N`` is the seat's share of the win: 1 for a sole winner, ``1/k``
    for each of ``k`` sharing it, else 0 (so the mean of ``win_N`` is seat
    N's win rate).
    """

    game: str
    rules_digest: str
    seed: str
    index: int
    agents: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    end: str
    decisions: int
    moves: int
    seconds: float = attrs.field(default=math.nan, eq=False)

    @property
    def players(self) -> int:
        """How many seats the game had."""
        return len(self.scores)

    def share(self, seat: int) -> float:
        """The seat's share of the win: ``1/k`` for each of ``k`` winners, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The row as flat data, keyed by :func:`columns`."""
        seats = range(self.players)
        return {
            "game": self.game,
            "rules_digest": self.rules_digest,
            "seed": self.seed,
            "index": self.index,
            **{f"agent_{s}": self.agents[s] for s in seats},
            **{f"score_{s}": self.scores[s] for s in seats},
            **{f"win_{s}": self.share(s) for s in seats},
            "end": self.end,
            "decisions": self.decisions,
            "moves": self.moves,
            "seconds": self.seconds,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRow:
        """A row from flat data (:meth:`to_dict`, a results file's row); values may be text."""
        players = sum(1 for key in data if key.startswith("score_"))
        try:
            return cls(
                str(data["game"]),
                str(data["rules_digest"]),
                str(data["seed"]),
                int(data["index"]),
                tuple(str(data[f"agent_{s}"]) for s in range(players)),
                tuple(int(data[f"score_{s}"]) for s in range(players)),
                tuple(s for s in range(players) if float(data[f"win_{s}"]) > 0),
                str(data["end"]),
                int(data["decisions"]),
                int(data["moves"]),
                float(data["seconds"]),
            )
        except KeyError as e:
            raise ValueError(f"a results row has no column {e.args[0]!r}") from None

    def metadata(self) -> dict[str, Any]:
        """What a game's record keeps of its row (all but ``seconds``, so records of
        the same games are the same bytes in every run)."""
        return {
            "seed": self.seed,
            "index": self.index,
            "rules_digest": self.rules_digest,
            "agents": list(self.agents),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "end": self.end,
            "decisions": self.decisions,
            "moves": self.moves,
        }

    @classmethod
    def from_record(cls, record: GameRecord) -> GameRow:
        """The row kept in the metadata of a record that :func:`acreage.simulate` wrote."""
        m = record.metadata
        try:
            return cls(
                record.game,
                str(m["rules_digest"]),
                str(m["seed"]),
                int(m["index"]),
                tuple(str(a) for a in m["agents"]),
                tuple(int(s) for s in m["scores"]),
                tuple(int(w) for w in m["winners"]),
                str(m["end"]),
                int(m["decisions"]),
                int(m["moves"]),
            )
        except (KeyError, TypeError, ValueError):
            raise ValueError(
                "the record holds no result (records that acreage.simulate writes do)"
            ) from None


@attrs.frozen
class Summary:
    """Counts and sums over a run's games: all a summary table needs.

    Attributes:
        games: the number of games.
        wins: each seat's wins, a win shared by ``k`` seats counting ``1/k`` (exact).
        score_sums, score_squares: each seat's scores added up, and their squares.
        decisions, moves: added up over the games.
        ends: how many games each end condition ended, most frequent first.
        seconds: the games' own playing times added up (``nan`` if any is unknown).
    """

    games: int
    wins: tuple[Fraction, ...]
    score_sums: tuple[int, ...]
    score_squares: tuple[int, ...]
    decisions: int
    moves: int
    ends: tuple[tuple[str, int], ...]
    seconds: float = attrs.field(default=0.0, eq=False)


class Tally:
    """A :class:`Summary` built a row at a time, in constant memory."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.wins = [Fraction(0)] * players
        self.score_sums = [0] * players
        self.score_squares = [0] * players
        self.decisions = 0
        self.moves = 0
        self.ends: Counter[str] = Counter()
        self.seconds = 0.0

    def add(self, row: GameRow) -> None:
        """Count one more game (its seats must match the run's)."""
        if row.players != self.players:
            raise ValueError(f"a row of {row.players} seats in a run of {self.players}")
        self.games += 1
        if row.winners:
            share = Fraction(1, len(row.winners))
            for w in row.winners:
                self.wins[w] += share
        for seat, score in enumerate(row.scores):
            self.score_sums[seat] += score
            self.score_squares[seat] += score * score
        self.decisions += row.decisions
        self.moves += row.moves
        self.ends[row.end] += 1
        self.seconds += row.seconds

    def summary(self) -> Summary:
        """The counts so far, as an immutable :class:`Summary`."""
        return Summary(
            self.games,
            tuple(self.wins),
            tuple(self.score_sums),
            tuple(self.score_squares),
            self.decisions,
            self.moves,
            tuple(sorted(self.ends.items(), key=lambda item: (-item[1], item[0]))),
            self.seconds,
        )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@attrs.frozen(repr=False)
class Simulation:
    """The results of :func:`acreage.simulate` (or :func:`acreage.load_results`).

    Attributes:
        game: the game's registry name.
        players: seats at the table.
        rules_digest: the digest of the rules played (see :class:`GameRow`).
        seed: the run's seed; game ``i`` was played with ``f"{seed}/{i}"``.
        agents: the name of the agent in each seat.
        summary: the :class:`Summary` of every game.
        rows: every game's :class:`GameRow` in game order, or ``None`` when
            only the summary was kept.
        records: every game's :class:`~acreage.GameRecord`, or ``None`` unless
            asked for (``keep="records"``).
        seconds: wall-clock time of the run (for loaded results, the games'
            own times added up).
        resumed: how many of the games a resumed run found in its files
            (played earlier; not counted in :meth:`games_per_second`).
    """

    game: str
    players: int
    rules_digest: str
    seed: int | str
    agents: tuple[str, ...]
    summary: Summary
    rows: tuple[GameRow, ...] | None = None
    records: tuple[GameRecord, ...] | None = attrs.field(default=None, eq=False)
    seconds: float = attrs.field(default=0.0, eq=False)
    resumed: int = attrs.field(default=0, eq=False)

    @property
    def games(self) -> int:
        """How many games the run holds."""
        return self.summary.games

    def wins(self) -> tuple[Fraction, ...]:
        """Wins per seat; a shared win counts 1/k for each of the k winners."""
        return self.summary.wins

    def mean_scores(self) -> tuple[float, ...]:
        """Each seat's mean score."""
        n = max(1, self.games)
        return tuple(s / n for s in self.summary.score_sums)

    def mean_decisions(self) -> float:
        """The mean number of decisions per game."""
        return self.summary.decisions / max(1, self.games)

    def end_reasons(self) -> dict[str, int]:
        """How many games each end condition ended, most frequent first."""
        return dict(self.summary.ends)

    def games_per_second(self) -> float:
        """Games played per second of :attr:`seconds` (games found by a resumed run left out)."""
        played = self.games - self.resumed
        return played / self.seconds if self.seconds > 0 else math.inf

    def by_seat(self) -> tuple[Standing, ...]:
        """Each seat's :class:`~acreage.stats.Standing`: wins with the 95% Wilson
        interval of the win rate, mean and spread of the score, mean game length."""
        s, n = self.summary, self.games
        out = []
        for seat in range(self.players):
            wins = float(s.wins[seat])
            low, high = wilson(wins, n)
            mean = s.score_sums[seat] / n if n else 0.0
            spread = s.score_squares[seat] - s.score_sums[seat] * s.score_sums[seat] / n if n else 0
            sd = math.sqrt(max(0.0, spread) / (n - 1)) if n > 1 else 0.0
            out.append(
                Standing(self._seat_name(seat), n, wins, low, high, mean, sd, self.mean_decisions())
            )
        return tuple(out)

    def _seat_name(self, seat: int) -> str:
        if len(set(self.agents)) <= 1:
            return f"seat {seat}"
        return f"seat {seat} {self.agents[seat]}"

    def _heading(self) -> str:
        who = (
            f"{self.agents[0]} in every seat"
            if len(set(self.agents)) == 1
            else ", ".join(self.agents)
        )
        return (
            f"{self.game}: {_plural(self.games, 'game')}, {_plural(self.players, 'player')},"
            f" seed {self.seed}, {who}"
        )

    def _footer(self) -> str:
        ends = ", ".join(
            f"{why} {n} ({100 * n / max(1, self.games):.0f}%)" for why, n in self.summary.ends
        )
        played = self.games - self.resumed
        if not self.resumed:
            speed = f"{self.games_per_second():.1f} games/s"
        elif played:
            speed = (
                f"{self.games_per_second():.1f} games/s over the {played} played,"
                f" {self.resumed} found from before"
            )
        else:
            speed = f"all {self.resumed} found from before"
        return (
            f"mean decisions per game {self.mean_decisions():.1f}; ended by: {ends or 'none'};"
            f" {speed}"
        )

    def table(self) -> str:
        """A plain-text summary: each seat's wins with 95% intervals and scores, the mean
        game length, the end conditions, speed."""
        return "\n".join(
            [self._heading(), *format_standings("seat", self.by_seat()), self._footer()]
        )

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        kept = "records" if self.records is not None else "rows" if self.rows is not None else None
        return (
            f"Simulation({self.game!r}, games={self.games}, players={self.players},"
            f" seed={self.seed!r}{f', kept {kept}' if kept else ''})"
        )

    def _repr_html_(self) -> str:
        """The summary table for notebooks (never the games themselves)."""
        e = html.escape
        head = "".join(
            f"<th>{e(h)}</th>"
            for h in ("seat", "games", "wins", "win %", "95% interval", "mean score", "sd")
        )
        body = "".join(
            "<tr>"
            f"<td>{e(r.name)}</td><td>{r.games}</td><td>{r.wins:.2f}</td>"
            f"<td>{100 * r.win_rate:.1f}</td><td>{100 * r.low:.1f}–{100 * r.high:.1f}</td>"
            f"<td>{r.mean_score:.2f}</td><td>{r.score_sd:.2f}</td>"
            "</tr>"
            for r in self.by_seat()
        )
        return (
            f"<div><p><b>{e(self._heading())}</b></p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            f"<p>{e(self._footer())}</p></div>"
        )

    def _kept_rows(self) -> tuple[GameRow, ...]:
        if self.rows is None:
            raise ValueError(
                "this simulation kept only its summary: simulate(..., keep='rows'),"
                " or read the results file with acreage.load_results"
            )
        return self.rows

    def to_records(self) -> list[dict[str, Any]]:
        """Every game's row as a flat dict (the columns of :func:`columns`), in game order."""
        return [row.to_dict() for row in self._kept_rows()]

    def to_dataframe(self) -> Any:
        """Every game's row as a ``pandas.DataFrame``, one row per game, the columns of
        :func:`columns`. Needs pandas (``pip install acreage[analysis]``)."""
        try:
            pandas = importlib.import_module("pandas")
        except ImportError:
            raise ImportError("DataFrames need pandas: pip install acreage[analysis]") from None
        return pandas.DataFrame(self.to_records(), columns=list(columns(self.players)))
