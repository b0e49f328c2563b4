"""Game records: the rules and the move texts of one game, chance outcomes included.

Because every chance outcome is a move, a record replays exactly: no seed,
no random generator, no version of Python's ``random`` is involved. A record
is JSON::

    {"format": "acreage-record", "version": 1, "game": "fence-em-in",
     "rules": {"players": 3}, "moves": ["roll 1 4 5", "place 3,5 4x2", ...],
     "metadata": {"seed": 7}}

A record may start from a position instead of the game's start
(``"start"``: the position data of :mod:`acreage.core.position`); it is then
replayed from ``from_position(rules, start)``.

A record is checked however it is made (``GameRecord(...)``,
:meth:`GameRecord.from_dict`, :meth:`GameRecord.from_json`,
``attrs.evolve``), and every problem is a :class:`RecordError` saying which
field is wrong. Records come from files and other people, so what one may
hold is bounded (the limits below): reading one never takes more memory or
time than a few real games, and a record that exists always writes as strict
JSON. ``rules``, ``metadata`` and ``start`` are read-only once in a record (change a
copy: ``dict(record.metadata)``), so a record cannot be made invalid later.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from typing import Any, Final, NoReturn

import attrs

from acreage.core.game import (
    MOVE_TEXT_LIMIT,
    Game,
    GameError,
    RecordError,
    get_game,
    shorten,
)

__all__ = [
    "DATA_DEPTH_LIMIT",
    "DATA_TEXT_LIMIT",
    "FORMAT",
    "GAME_NAME_LIMIT",
    "INT_BITS_LIMIT",
    "MOVES_LIMIT",
    "RECORD_TEXT_LIMIT",
    "VERSION",
    "GameRecord",
    "record_of",
    "replay",
]

FORMAT: Final = "acreage-record"
"""The ``"format"`` every record's JSON carries, so a reader knows what it holds."""
VERSION: Final = 1
"""The record format's version, written as ``"version"``; a reader refuses any other."""

MOVES_LIMIT: Final = 200_000
"""The most moves a record holds: fifty times the longest random game of any bundled game."""

GAME_NAME_LIMIT: Final = 100
"""The longest game name a record holds (registry names are a few words)."""

DATA_DEPTH_LIMIT: Final = 32
"""How deeply ``rules``, ``metadata`` and ``start`` may nest (component data nests about
five deep)."""

DATA_TEXT_LIMIT: Final = 1_048_576
"""The most characters ``rules``, and separately ``metadata`` and ``start``, may take as
JSON (1 MiB)."""

INT_BITS_LIMIT: Final = 256
"""Integers in ``rules``, ``metadata`` and ``start`` lie strictly between ``-2**256`` and
``2**256``."""

RECORD_TEXT_LIMIT: Final = 64 * 1_048_576
"""The longest JSON text :meth:`GameRecord.from_json` reads (64 MiB): enough for
:data:`MOVES_LIMIT` moves of :data:`~acreage.core.game.MOVE_TEXT_LIMIT` characters
plus ``rules``, ``metadata`` and ``start`` at their limits."""

# A decimal integer of more digits than this has more than INT_BITS_LIMIT bits;
# JSON reading refuses it before Python converts it (a slow conversion, and one
# Python itself refuses past 4300 digits).
_INT_DIGITS: Final = len(str(2**INT_BITS_LIMIT))
_FIELDS: Final = frozenset({"format", "version", "game", "rules", "moves", "metadata", "start"})


class _ReadOnlyDict(dict[str, Any]):
    """A ``dict`` that refuses changes, so a record's data stays as it was checked."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a record's data is read-only; change a copy (dict(...)) instead")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[_ReadOnlyDict], tuple[dict[str, Any]]]:
        # Pickle and copy rebuild through __init__, never through the refused __setitem__.
        return (type(self), (dict(self),))


class _ReadOnlyList(list[Any]):
    """A ``list`` that refuses changes, so a record's data stays as it was checked."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a record's data is read-only; change a copy (list(...)) instead")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple[type[_ReadOnlyList], tuple[list[Any]]]:
        return (type(self), (list(self),))


def _unicode(text: str, where: str) -> str:
    """``text`` as an exact ``str`` if it can be written as UTF-8 (no lone surrogates)."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as e:
            raise RecordError(
                f"{where}: text is not valid Unicode (a lone surrogate at position {e.start})"
            ) from None
    return str.__str__(text)


def _key_path(where: str, key: str) -> str:
    return f"{where}.{key}" if key.isidentifier() and len(key) <= 40 else f"{where}[{shorten(key)}]"


class _DataReader:
    """Checks and copies one JSON value (``rules`` or ``metadata``) into read-only containers."""

    def __init__(self, field: str) -> None:
        self.field = field
        # A lower bound on the JSON length seen so far: every value takes at least
        # one character, every string at least its length; it stops a huge input
        # early, before the exact length is measured.
        self.size = 0

    def read(self, value: object) -> _ReadOnlyDict:
        if not isinstance(value, Mapping):
            raise RecordError(
                f"{self.field}: expected a JSON object (a dict), got {type(value).__name__}"
            )
        data = self._value(value, self.field, 1)
        assert isinstance(data, _ReadOnlyDict)
        if len(json.dumps(data, ensure_ascii=False, allow_nan=False)) > DATA_TEXT_LIMIT:
            self._too_long()
        return data

    def _too_long(self) -> NoReturn:
        raise RecordError(
            f"{self.field}: longer than a record holds (at most {DATA_TEXT_LIMIT} characters"
            " as JSON)"
        )

    def _grow(self, size: int) -> None:
        self.size += size
        if self.size > DATA_TEXT_LIMIT:
            self._too_long()

    def _value(self, value: object, where: str, depth: int) -> Any:
        if depth > DATA_DEPTH_LIMIT:
            raise RecordError(
                f"{self.field}: nested deeper than a record holds (at most {DATA_DEPTH_LIMIT} levels)"
            )
        self._grow(1)
        if value is None or isinstance(value, bool):
            return value
        if isinstance(value, int):
            if value.bit_length() > INT_BITS_LIMIT:
                raise RecordError(
                    f"{where}: an integer of {value.bit_length()} bits is larger than a record"
                    f" holds (at most {INT_BITS_LIMIT} bits)"
                )
            return int(value)
        if isinstance(value, float):
            if not math.isfinite(value):
                raise RecordError(f"{where}: {value!r} is not a JSON number (numbers are finite)")
            return float(value)
        if isinstance(value, str):
            self._grow(len(value))
            return _unicode(value, where)
        if isinstance(value, Mapping):
            out = {}
            for key, item in value.items():
                if not isinstance(key, str):
                    raise RecordError(f"{where}: keys are text (str), not {shorten(key)}")
                self._grow(len(key))
                key = _unicode(key, where)
                out[key] = self._value(item, _key_path(where, key), depth + 1)
            return _ReadOnlyDict(out)
        if isinstance(value, list | tuple):
            return _ReadOnlyList(
                [self._value(item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value)]
            )
        raise RecordError(f"{where}: {type(value).__name__} is not JSON data")


def _rules_data(value: Any) -> dict[str, Any]:
    return _DataReader("rules").read(value)


def _metadata(value: Any) -> dict[str, Any]:
    return _DataReader("metadata").read(value)


def _start(value: Any) -> dict[str, Any] | None:
    return None if value is None else _DataReader("start").read(value)


def _game_name(value: Any) -> str:
    if not isinstance(value, str):
        raise RecordError(f"game: expected a game's registry name (text), got {shorten(value)}")
    if not 0 < len(value) <= GAME_NAME_LIMIT or not value.isprintable():
        raise RecordError(
            f"game: a game's name is 1 to {GAME_NAME_LIMIT} printable characters,"
            f" not {shorten(value)}"
        )
    return str.__str__(value)


def _texts(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        raise RecordError(
            f"moves: expected a list of move texts, got one text {shorten(value)}"
            " (a str is not split into moves)"
        )
    if not isinstance(value, list | tuple):
        raise RecordError(f"moves: expected a list of move texts, got {type(value).__name__}")
    if len(value) > MOVES_LIMIT:
        raise RecordError(
            f"moves: {len(value)} moves are more than a record holds (at most {MOVES_LIMIT})"
        )
    texts = []
    for i, text in enumerate(value):
        if not isinstance(text, str):
            raise RecordError(f"moves[{i}]: expected a move text (str), got {shorten(text)}")
        if len(text) > MOVE_TEXT_LIMIT:
            raise RecordError(
                f"moves[{i}]: a move text of {len(text)} characters is longer than any move"
                f" (at most {MOVE_TEXT_LIMIT}): {shorten(text)}"
            )
        texts.append(_unicode(text, f"moves[{i}]"))
    return tuple(texts)


@attrs.frozen(eq=True, hash=False)
class GameRecord:
    """One game: which game, its rules as plain data, and every move's text.

    Every way of making a record checks it; :class:`RecordError` names the
    field that is wrong.

    Attributes:
        game: the registry name (``"fence-em-in"``): text of 1 to
            :data:`GAME_NAME_LIMIT` printable characters. It need not be
            registered yet; :func:`replay` looks it up.
        rules: the rules as plain data (``Rules.to_data()``): a JSON object
            (read-only) of string keys and JSON values, see below.
        moves: the text of every move in order, chance outcomes included: a
            list or tuple of ``str`` (one ``str`` is refused, not split into
            letters), at most :data:`MOVES_LIMIT` of them, each at most
            :data:`~acreage.core.game.MOVE_TEXT_LIMIT` characters.
        metadata: free JSON data (seed, agents, date, ...), held like ``rules``.
        start: the position the game starts from (position data, see
            :mod:`acreage.core.position`, held like ``rules``), or ``None``
            for the game's own start. It is checked against the rules when
            the record is replayed.

    ``rules``, ``metadata`` and ``start`` hold only ``None``, bools, integers of at most
    :data:`INT_BITS_LIMIT` bits, finite floats, text, lists (tuples are read as
    lists) and objects with text keys, nested at most :data:`DATA_DEPTH_LIMIT`
    deep and at most :data:`DATA_TEXT_LIMIT` characters as JSON. Text must be
    valid Unicode (no lone surrogates), so a record always writes as UTF-8.
    """

    game: str = attrs.field(converter=_game_name)
    rules: dict[str, Any] = attrs.field(converter=_rules_data)
    moves: tuple[str, ...] = attrs.field(converter=_texts)
    metadata: dict[str, Any] = attrs.field(factory=dict, converter=_metadata)
    start: dict[str, Any] | None = attrs.field(default=None, converter=_start)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (``rules``, ``metadata`` and ``start`` stay
        read-only); ``"start"`` only for a record that starts from a position."""
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules": self.rules,
            "moves": list(self.moves),
            "metadata": self.metadata,
        }
        if self.start is not None:
            data["start"] = self.start
        return data

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as strict JSON text (one line unless ``indent`` is given).

        It never fails: a record holds only what strict JSON can write.
        """
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record from JSON data; :class:`RecordError` says what is wrong."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        for key in data:
            if key not in _FIELDS:
                known = ", ".join(sorted(_FIELDS))
                raise RecordError(f"unknown record field {shorten(key)} (a record has {known})")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"format is {shorten(data['format'])}, expected {FORMAT!r}")
        version = data.get("version", VERSION)
        if type(version) is not int or version != VERSION:
            raise RecordError(
                f"record version {shorten(version)} is not supported (only {VERSION})"
            )
        for key in ("game", "moves"):
            if key not in data:
                raise RecordError(f"{key}: missing (a record names its game and lists its moves)")
        return cls(
            data["game"],
            data.get("rules", {}),
            data["moves"],
            data.get("metadata", {}),
            data.get("start"),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse a record from JSON text (bytes are read as UTF-8).

        Raises :class:`RecordError` for text that is not strict JSON (``NaN``
        and ``Infinity`` are not), is longer than :data:`RECORD_TEXT_LIMIT`,
        nests too deeply or holds too large a number, and for any field
        :meth:`from_dict` refuses.
        """
        return cls.from_dict(_load_json(text))


def _load_json(text: object) -> Any:
    if isinstance(text, bytes | bytearray):
        if len(text) > RECORD_TEXT_LIMIT:
            _text_too_long(len(text))
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise RecordError(
                f"not UTF-8 text: byte 0x{e.object[e.start]:02x} at position {e.start} ({e.reason})"
            ) from None
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text (str or bytes), not {type(text).__name__}")
    if len(text) > RECORD_TEXT_LIMIT:
        _text_too_long(len(text))
    try:
        return json.loads(
            text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant
        )
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise RecordError(
            f"JSON nested too deeply (a record nests at most {DATA_DEPTH_LIMIT} levels)"
        ) from None


def _text_too_long(size: int) -> NoReturn:
    raise RecordError(
        f"{size} characters are longer than a record may be (at most {RECORD_TEXT_LIMIT})"
    )


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > _INT_DIGITS:
        raise RecordError(
            f"a number of {len(text.lstrip('-'))} digits is larger than a record holds"
            f" (at most {INT_BITS_LIMIT} bits)"
        )
    return int(text)


def _json_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {shorten(text)} is out of range for a record")
    return value


def _json_constant(text: str) -> NoReturn:
    raise RecordError(f"{text} is not strict JSON (numbers in a record are finite)")


def record_of(
    game: Game[Any, Any, Any],
    rules: Any,
    moves: Iterable[Any],
    metadata: Mapping[str, Any] | None = None,
    *,
    start: Any = None,
) -> GameRecord:
    """The record of playing ``moves`` (move objects or texts) under ``rules``.

    ``start`` is where the game started when not at its beginning: position
    data, or a state (written with ``game.to_position``).
    """
    if start is not None and not isinstance(start, Mapping):
        if game.to_position is None:
            raise RecordError(f"start: {game.name} has no positions (to_position)")
        start = game.to_position(start)
    return GameRecord(
        game.name, rules.to_data(), tuple(str(m) for m in moves), dict(metadata or {}), start
    )


def replay(record: GameRecord, game: Game[Any, Any, Any] | None = None) -> tuple[Any, ...]:
    """Every state of the recorded game, the initial one first.

    The game is looked up by name unless given. The first state is the
    game's start, or the record's ``start`` position. Bad rules, a start
    position that cannot exist under them, a move text that does not parse
    or a move the rules forbid raise :class:`RecordError` naming the field or
    the move.
    """
    if not isinstance(record, GameRecord):
        raise RecordError(
            f"replay takes a GameRecord (GameRecord.from_json reads one), not {type(record).__name__}"
        )
    if game is None:
        try:
            game = get_game(record.game)
        except GameError as e:
            raise RecordError(str(e)) from None
    elif game.name != record.game:
        raise RecordError(f"record is of {record.game!r}, not {game.name!r}")
    try:
        rules = game.rules(record.rules)
        state = game.new_game(rules)
    except GameError as e:
        raise RecordError(f"rules: {e}") from None
    if record.start is not None:
        if game.from_position is None:
            raise RecordError(f"start: {game.name} has no positions to start from")
        try:
            state = game.from_position(rules, record.start)
        except GameError as e:
            raise RecordError(f"start: {e}") from None
    states = [state]
    for i, text in enumerate(record.moves):
        try:
            move = game.parse_move(state, text)
            state = game.apply_move(state, move)
        except GameError as e:
            raise RecordError(f"move {i + 1} {text!r}: {e}") from None
        states.append(state)
    return tuple(states)
