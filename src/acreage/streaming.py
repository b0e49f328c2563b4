"""Results and records on disk: written as games finish, read back, continued after a stop.

:func:`acreage.simulate` writes two kinds of file, each optional:

* **records** (``out="games.jsonl"``): JSON Lines, one
  :class:`~acreage.GameRecord` per game, whose metadata holds the game's row
  (seed, agents, scores, winners, end, length), so that analysing the games
  needs no replay;
* **results** (``results="results.parquet"`` or ``"results.csv"``): one
  :class:`~acreage.results.GameRow` per game, the columns of
  :func:`~acreage.results.columns`. Parquet needs pyarrow (``pip install
  acreage[parquet]``); CSV needs nothing.

Both are in game order. While a run writes ``NAME`` it appends to
``NAME.part`` beside it, one line per game (a results file's lines are CSV
whatever its suffix), flushed as each chunk of games comes back. When the
run ends (done, failed, or stopped by Ctrl-C or SIGTERM) ``NAME.part``
becomes ``NAME`` in one rename (a Parquet file is written from it first), so
``NAME`` is always whole: whole games, whole lines. A run that was killed
outright leaves ``NAME.part``, whose complete lines are kept by the next run
that resumes (``resume=True``; ``acreage simulate --resume``); a fresh run
refuses to start over it, so that a long run's games are never lost by
mistake. Resuming reads what was written (from ``NAME.part``, else from
``NAME``), checks that it is the same run (game, rules, agents, seeds), cuts
every file to the games all of them hold, and plays on from there: no seed
is repeated or skipped.

A path that is not a regular file (``/dev/null``, a pipe) is written
directly, a line per game, and cannot be resumed.
"""

from __future__ import annotations

import contextlib
import csv
import importlib
import io
import json
import os
import secrets
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Final

import attrs

from acreage.core.game import GameError, shorten
from acreage.core.record import RECORD_TEXT_LIMIT, GameRecord
from acreage.results import KEEP, GameRow, Simulation, Tally, columns

__all__ = ["RESULTS_SUFFIXES", "OutputError", "Outputs", "RunInfo", "load_results"]

RESULTS_SUFFIXES: Final = (".parquet", ".csv")
"""The suffixes a results file may have; the suffix chooses the format."""

_BLOCK: Final = 1 << 20

_ROW_GROUP_BYTES: Final = 1 << 20
"""How many bytes of a results file's CSV lines make one row group of its Parquet
file (some 8,000 games): about what writing the Parquet file holds at once."""


class OutputError(OSError):
    """An output file of :func:`acreage.simulate` that cannot be opened or continued.

    Raised before any game is played: the path cannot be written, a stopped
    run's ``NAME.part`` is in the way, or the files to resume hold another run.
    """


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def _shown(path: str | os.PathLike[str]) -> str:
    text = os.fspath(path)
    return text if text.isprintable() else shorten(text)


def results_format(path: str | os.PathLike[str]) -> str:
    """``"parquet"`` or ``"csv"``, from the suffix of ``path``.

    :class:`ValueError` for any other suffix; :class:`ImportError` (with the
    command that installs it) for Parquet without pyarrow.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in RESULTS_SUFFIXES:
        raise ValueError(f"a results file ends in .parquet or .csv, not {shorten(Path(path).name)}")
    if suffix == ".parquet":
        _pyarrow()
    return suffix[1:]


def _pyarrow() -> Any:
    try:
        return importlib.import_module("pyarrow")
    except ImportError:
        raise ImportError(
            "Parquet results need pyarrow: pip install acreage[parquet] (or write .csv)"
        ) from None


@attrs.frozen
class RunInfo:
    """What makes a run the same run: the files of a run to resume must match it."""

    game: str
    rules_digest: str
    seed: int | str
    agents: tuple[str, ...]

    @property
    def players(self) -> int:
        """How many seats the games have."""
        return len(self.agents)

    def check(self, row: GameRow, index: int, where: str) -> None:
        """``row`` is game ``index`` of this run, or :class:`OutputError` says how it is not."""
        if row.game != self.game:
            why = f"games of {row.game}"
        elif row.rules_digest != self.rules_digest:
            why = "games under other rules"
        elif row.agents != self.agents:
            why = f"games of other agents ({', '.join(row.agents)})"
        elif row.index != index or row.seed != f"{self.seed}/{index}":
            why = (
                f"game {row.index} (seed {row.seed}) where game {index} of seed {self.seed} belongs"
            )
        else:
            return
        raise OutputError(f"cannot resume {where}: it holds {why}")


# -- one file, written a line per game ------------------------------------------------


class _Journal:
    """``NAME``, written through ``NAME.part`` a line per game, made whole by :meth:`finish`."""

    header: str | None = None

    def __init__(self, path: str | os.PathLike[str], run: RunInfo, resume: bool) -> None:
        self.path = Path(path)
        self.part = self.path.with_name(self.path.name + ".part")
        self.run = run
        self.direct = False
        self.mode: int | None = None
        self.lines = 0  # complete game lines in the file
        self.written = 0  # of which this run wrote
        self.stream: IO[bytes] | None = None
        try:
            info = self.path.stat() if self.path.exists() else None
            if info is not None and stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(21, "Is a directory")
            if info is not None and not stat.S_ISREG(info.st_mode):
                if resume:
                    raise OutputError(f"cannot resume {self.shown}: it is not a regular file")
                self._open_direct()
                return
            if info is not None and not os.access(self.path, os.W_OK):
                raise PermissionError(13, "Permission denied")
            self.mode = None if info is None else stat.S_IMODE(info.st_mode)
            if resume and self.part.exists():
                self._check_earlier(self.part)
                self._continue()
            elif resume and info is not None:
                self._check_earlier(self.path)
                self._restore()
                self._continue()
            else:
                self._create()
        except OutputError:
            self.close()
            raise
        except (OSError, ValueError) as e:
            self.close()
            raise OutputError(f"cannot write {self.shown}: {_reason(e)}") from None

    @property
    def shown(self) -> str:
        return _shown(self.path)

    def _open_direct(self) -> None:
        self.direct = True
        self.stream = open(self.path, "wb")  # noqa: SIM115
        if self.header is not None:
            self.stream.write(self.header.encode())

    def _create(self) -> None:
        if self.part.exists():
            raise OutputError(
                f"cannot write {self.shown}: {_shown(self.part)} is left from a run that was"
                " stopped; resume it (resume=True, --resume) or remove it"
            )
        # 0o666 less the umask: the permissions a plain open() would give.
        fd = os.open(self.part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        self.stream = open(fd, "wb")  # noqa: SIM115
        if self.header is not None:
            self.stream.write(self.header.encode())
            self.stream.flush()

    def _restore(self) -> None:
        """Make ``NAME.part`` from a finished ``NAME`` (a line file: rename it)."""
        os.replace(self.path, self.part)

    def _continue(self) -> None:
        self.stream = open(self.part, "r+b")  # noqa: SIM115
        self.lines, end = _scan(self.stream, skip=self._header_lines())
        self.stream.truncate(end)  # a line cut short by a kill is no game
        self.stream.seek(end)
        if end == 0 and self.header is not None:
            self.stream.write(self.header.encode())

    def _header_lines(self) -> int:
        return 0 if self.header is None else 1

    def _check_earlier(self, source: Path) -> None:
        """Check that ``source`` holds this run's games: the header, the first and last game."""
        with open(source, "rb") as f:
            if not f.read(1):
                return  # created, then killed before its first line
            f.seek(0)
            if self.header is not None and f.readline() != self.header.encode():
                raise OutputError(
                    f"cannot resume {self.shown}: its columns are not those of this run's results"
                )
            count, end = _scan(f, skip=self._header_lines())
            if count:
                f.seek(0)
                if self.header is not None:
                    f.readline()
                self._row(f.readline(RECORD_TEXT_LIMIT + 1), 0)
                self._row(_last_line(f, end), count - 1)

    def _row(self, line: bytes, index: int) -> GameRow:
        """The row of one line, checked to be game ``index`` of this run."""
        try:
            row = self.parse(line)
        except (ValueError, GameError) as e:
            raise OutputError(f"cannot resume {self.shown}: game line {index + 1}: {e}") from None
        self.run.check(row, index, self.shown)
        return row

    def parse(self, line: bytes) -> GameRow:
        raise NotImplementedError

    def cut(self, lines: int) -> None:
        """Keep only the first ``lines`` games (another file of the run holds no more)."""
        assert self.stream is not None
        assert lines <= self.lines
        self.stream.seek(0)
        _, end = _scan(self.stream, skip=self._header_lines(), limit=lines)
        self.stream.truncate(end)
        self.stream.seek(end)
        self.lines = lines

    def earlier_lines(self) -> Iterator[bytes]:
        """The lines of the games already in the file (when resuming)."""
        with open(self.part, "rb") as f:
            for _ in range(self._header_lines()):
                f.readline()
            for _ in range(self.lines):
                yield f.readline(RECORD_TEXT_LIMIT + 1)

    def earlier_rows(self) -> Iterator[GameRow]:
        for index, line in enumerate(self.earlier_lines()):
            yield self._row(line, index)

    def write(self, lines: Sequence[str]) -> None:
        assert self.stream is not None
        try:
            self.stream.write("".join(lines).encode())
            self.stream.flush()
        except OSError as e:
            raise OSError(e.errno, f"cannot write {self.shown}: {_reason(e)}") from None
        self.lines += len(lines)
        self.written += len(lines)

    def finish(self) -> None:
        """Make ``NAME`` whole: everything written so far, in one rename."""
        if self.stream is None:
            return
        try:
            self.stream.flush()
            if not self.direct:
                os.fsync(self.stream.fileno())
            self.stream.close()
            self.stream = None
            if not self.direct:
                self._finalise()
        except OSError as e:
            raise OSError(e.errno, f"cannot write {self.shown}: {_reason(e)}") from None

    def _finalise(self) -> None:
        if self.mode is not None:
            os.chmod(self.part, self.mode)
        os.replace(self.part, self.path)

    def close(self) -> None:
        """Close the stream (the ``.part`` stays where it is)."""
        if self.stream is not None:
            with contextlib.suppress(OSError):
                self.stream.close()
            self.stream = None

    def abandon(self) -> None:
        """Leave ``NAME`` as it was: remove the ``.part`` of a run that wrote no game."""
        self.close()
        if not self.direct:
            with contextlib.suppress(OSError):
                self.part.unlink()


def _scan(f: IO[bytes], *, skip: int, limit: int | None = None) -> tuple[int, int]:
    """Count the complete lines after ``skip`` header lines (at most ``limit``);
    return the count and the offset just past the last one counted."""
    f.seek(0)
    offset = 0
    for _ in range(skip):
        line = f.readline()
        if not line.endswith(b"\n"):
            return 0, 0
        offset += len(line)
    count = 0
    end = offset
    while block := f.read(_BLOCK):
        lines = block.count(b"\n")
        if limit is not None and count + lines >= limit:
            at = -1
            for _ in range(limit - count):
                at = block.find(b"\n", at + 1)
            return limit, offset + at + 1
        if lines:
            count += lines
            end = offset + block.rfind(b"\n") + 1
        offset += len(block)
    return count, end


def _last_line(f: IO[bytes], end: int) -> bytes:
    """The complete line that ends just before offset ``end``."""
    stop = end - 1  # the line's newline
    before = b""
    while True:
        start = max(0, stop - _BLOCK)
        f.seek(start)
        before = f.read(stop - start) + before
        newline = before.rfind(b"\n")
        if newline >= 0 or start == 0:
            return before[newline + 1 :] + b"\n"
        stop = start


class _Records(_Journal):
    """JSON Lines of game records."""

    def parse(self, line: bytes) -> GameRow:
        return GameRow.from_record(GameRecord.from_json(line))


class _Results(_Journal):
    """CSV lines of result rows; a ``.parquet`` is written from them at the end."""

    header: str

    def __init__(self, path: str | os.PathLike[str], run: RunInfo, resume: bool) -> None:
        self.format = results_format(path)
        self.columns = columns(run.players)
        self.header = _csv_line(self.columns)
        if self.format == "parquet" and Path(path).exists() and not Path(path).is_file():
            raise OutputError(f"cannot write {_shown(path)}: Parquet is written to a regular file")
        super().__init__(path, run, resume)

    def parse(self, line: bytes) -> GameRow:
        values = next(csv.reader([line.decode()]))
        if len(values) != len(self.columns):
            raise ValueError(f"{len(values)} values where the results have {len(self.columns)}")
        return GameRow.from_dict(dict(zip(self.columns, values, strict=True)))

    def _check_earlier(self, source: Path) -> None:
        if source == self.path and self.format == "parquet":
            rows = _parquet_rows(source)
            first = next(rows, None)
            if first is not None:
                self.run.check(first, 0, self.shown)
            count, last = 1, first
            for row in rows:
                count, last = count + 1, row
            if last is not None:
                self.run.check(last, count - 1, self.shown)
            return
        super()._check_earlier(source)

    def _restore(self) -> None:
        if self.format == "csv":
            super()._restore()
            return
        # Rebuild the line file from the Parquet file; NAME stays until finish replaces it.
        temporary = self.path.with_name(f".{self.path.name}.{secrets.token_hex(4)}.part")
        with open(temporary, "wb") as f:
            f.write(self.header.encode())
            batch: list[str] = []
            for row in _parquet_rows(self.path):
                batch.append(_row_line(row))
                if len(batch) >= 10_000:
                    f.write("".join(batch).encode())
                    batch.clear()
            f.write("".join(batch).encode())
        os.replace(temporary, self.part)

    def write_rows(self, rows: Sequence[GameRow]) -> None:
        self.write([_row_line(row) for row in rows])

    def _finalise(self) -> None:
        if self.format == "csv":
            super()._finalise()
            return
        temporary = self.path.with_name(f".{self.path.name}.{secrets.token_hex(4)}.part")
        try:
            _write_parquet(self.part, temporary, self.columns)
            if self.mode is not None:
                os.chmod(temporary, self.mode)
            os.replace(temporary, self.path)
        finally:
            with contextlib.suppress(OSError):
                temporary.unlink()
        self.part.unlink()


def _csv_line(values: Sequence[Any]) -> str:
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerow(values)
    return text.getvalue()


def _row_line(row: GameRow) -> str:
    values = [repr(v) if isinstance(v, float) else v for v in row.to_dict().values()]
    return _csv_line(values)


def _arrow_schema(names: Sequence[str]) -> Any:
    pa = _pyarrow()

    def kind(name: str) -> Any:
        if name.startswith(("score_", "index", "decisions", "moves")):
            return pa.int64()
        if name.startswith("win_") or name == "seconds":
            return pa.float64()
        return pa.string()

    return pa.schema(
        [pa.field(name, kind(name), nullable=False) for name in names],
        metadata={b"acreage": json.dumps({"format": "acreage-results", "version": 1}).encode()},
    )


def _write_parquet(source: Path, target: Path, names: Sequence[str]) -> None:
    """Write the CSV lines of ``source`` to a Parquet file, a row group per
    :data:`_ROW_GROUP_BYTES` of lines, holding no more than one at a time."""
    pa = _pyarrow()
    pa_csv = importlib.import_module("pyarrow.csv")
    pq = importlib.import_module("pyarrow.parquet")
    schema = _arrow_schema(names)
    # pyarrow's streaming CSV reader reads ahead without bound (the whole file, however
    # small its blocks), so each block of whole lines is parsed on its own instead.
    read = pa_csv.ReadOptions(column_names=list(names), use_threads=False)
    convert = pa_csv.ConvertOptions(
        column_types={f.name: f.type for f in schema},
        null_values=[],
        strings_can_be_null=False,
    )

    def put(writer: Any, lines: bytes) -> None:
        table = pa_csv.read_csv(pa.py_buffer(lines), read_options=read, convert_options=convert)
        writer.write_table(table.cast(schema))

    with open(source, "rb") as f, pq.ParquetWriter(target, schema) as writer:
        f.readline()  # the header: the columns are known
        rest = b""
        while block := f.read(_ROW_GROUP_BYTES):
            # No field holds a line break (simulate refuses such seeds; names are
            # printable), so every newline ends a row.
            lines = rest + block
            end = lines.rfind(b"\n") + 1
            rest = lines[end:]
            if end:
                put(writer, lines[:end])
        if rest:
            put(writer, rest)


def _parquet_rows(path: Path) -> Iterator[GameRow]:
    pq = importlib.import_module("pyarrow.parquet")
    for batch in pq.ParquetFile(path).iter_batches(batch_size=10_000):
        for data in batch.to_pylist():
            yield GameRow.from_dict(data)


# -- the files of one run -------------------------------------------------------------


class Outputs:
    """The files one run of :func:`acreage.simulate` writes (records, results, or both).

    Opening checks every path (and, when resuming, what the files hold)
    before any game is played; :class:`OutputError` says what is wrong.
    :attr:`done` is the number of games the files already hold.
    """

    def __init__(
        self,
        run: RunInfo,
        *,
        out: str | os.PathLike[str] | None = None,
        results: str | os.PathLike[str] | None = None,
        resume: bool = False,
    ) -> None:
        if results is not None:
            results_format(results)  # a bad suffix or missing pyarrow: before anything is opened
        self.records: _Records | None = None
        self.results: _Results | None = None
        try:
            if out is not None:
                self.records = _Records(out, run, resume)
            if results is not None:
                self.results = _Results(results, run, resume)
        except BaseException:
            self.close()
            raise
        self.files = [f for f in (self.records, self.results) if f is not None]
        self.done = min((f.lines for f in self.files), default=0)
        if resume and len({f.lines > 0 for f in self.files}) > 1:
            self.close()
            empty = next(f for f in self.files if f.lines == 0)
            raise OutputError(
                f"cannot resume: {empty.shown} holds no game while the other file holds some"
            )
        for f in self.files:
            if f.lines > self.done:
                f.cut(self.done)

    def earlier(self, keep: str) -> Iterator[tuple[GameRow, GameRecord | None]]:
        """The games already in the files, each row with its record if ``keep`` asks."""
        if not self.done:
            return
        records = self.records
        if records is not None and (keep == "records" or self.results is None):
            for index, line in enumerate(records.earlier_lines()):
                record = GameRecord.from_json(line)
                row = GameRow.from_record(record)
                records.run.check(row, index, records.shown)
                yield row, record if keep == "records" else None
            return
        assert self.results is not None
        for row in self.results.earlier_rows():
            yield row, None

    def write(self, rows: Sequence[GameRow], records: Sequence[str] | None) -> None:
        """Add games in order: their rows, and their records as JSON text."""
        if self.records is not None:
            assert records is not None
            self.records.write([text + "\n" for text in records])
        if self.results is not None:
            self.results.write_rows(rows)

    def finish(self) -> None:
        """Make every file whole. After a stop too: the games written so far are kept."""
        if self.done == 0 and all(f.written == 0 for f in self.files):
            self.abandon()
            return
        for f in self.files:
            f.finish()

    def abandon(self) -> None:
        """Leave every file as it was before the run: each ``.part`` removed."""
        for f in self.files:
            f.abandon()

    def close(self) -> None:
        """Close every stream, leaving the ``.part`` files for a resume."""
        for f in (self.records, self.results):
            if f is not None:
                f.close()


# -- reading -------------------------------------------------------------------------


def load_results(path: str | os.PathLike[str], *, keep: str = "rows") -> Simulation:
    """A :class:`~acreage.results.Simulation` of the games in a file written earlier.

    ``path`` is a results file (``.parquet``, ``.csv``) or a records file
    (JSON Lines, as ``simulate(out=...)`` writes). ``keep`` is ``"rows"``
    (every game's row, for ``to_dataframe()``), ``"summary"`` (counts only:
    constant memory however large the file) or, for a records file,
    ``"records"``. The file must hold one run: one game, rules and agents,
    game ``i`` in line ``i``. Rows read from records have ``seconds`` nan
    (records do not keep times).

    >>> sim = load_results("results.parquet")  # doctest: +SKIP
    >>> print(sim.table()); df = sim.to_dataframe()  # doctest: +SKIP
    """
    if keep not in KEEP:
        raise ValueError(f"keep is one of {', '.join(KEEP)}, not {shorten(keep)}")
    source = Path(path)
    suffix = source.suffix.lower()
    records: list[GameRecord] | None = None
    if suffix in RESULTS_SUFFIXES:
        if keep == "records":
            raise ValueError("a results file holds no records: load the records file")
        pairs: Iterator[tuple[GameRow, GameRecord | None]] = (
            (row, None) for row in _read_rows(source, results_format(source))
        )
    else:
        pairs = _read_records(source)
        records = [] if keep == "records" else None
    first: GameRow | None = None
    run: RunInfo | None = None
    tally: Tally | None = None
    rows: list[GameRow] | None = [] if keep != "summary" else None
    for index, (row, record) in enumerate(pairs):
        if run is None or tally is None:
            first = row
            run = RunInfo(row.game, row.rules_digest, _run_seed(row), row.agents)
            tally = Tally(row.players)
        run.check(row, index, _shown(source))
        tally.add(row)
        if rows is not None:
            rows.append(row)
        if records is not None and record is not None:
            records.append(record)
    if first is None or run is None or tally is None:
        raise ValueError(f"{_shown(source)} holds no games")
    summary = tally.summary()
    return Simulation(
        run.game,
        run.players,
        run.rules_digest,
        run.seed,
        run.agents,
        summary,
        None if rows is None else tuple(rows),
        None if records is None else tuple(records),
        seconds=summary.seconds,
    )


def _run_seed(row: GameRow) -> int | str:
    """The run's seed, from the seed ``f"{seed}/{index}"`` of one of its games."""
    seed = row.seed.removesuffix(f"/{row.index}")
    return int(seed) if seed.lstrip("-").isdigit() and len(seed) < 60 else seed


def _read_rows(path: Path, kind: str) -> Iterator[GameRow]:
    if kind == "parquet":
        yield from _parquet_rows(path)
        return
    with open(path, newline="", encoding="utf-8") as f:
        for data in csv.DictReader(f):
            yield GameRow.from_dict(data)


def _read_records(path: Path) -> Iterator[tuple[GameRow, GameRecord]]:
    with open(path, "rb") as f:
        for number, line in enumerate(iter(lambda: f.readline(RECORD_TEXT_LIMIT + 1), b""), 1):
            if not line.strip():
                continue
            try:
                record = GameRecord.from_json(line)
                yield GameRow.from_record(record), record
            except (GameError, ValueError) as e:
                raise ValueError(f"{_shown(path)} line {number}: {e}") from None
