"""Game records: the rules and the move texts of one game, chance outcomes included.

Because every chance outcome is a move, a record replays exactly: no seed,
no random generator, no version of Python's ``random`` is involved. A record
is JSON::

    {"format": "acreage-record", "version": 1, "game": "fence-em-in",
     "rules": {"players": 3}, "moves": ["roll 1 4 5", "place 3,5 4x2", ...],
     "metadata": {"seed": 7}}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from acreage.core.game import (
    Game,
    GameError,
    RecordError,
    get_game,
)

__all__ = ["FORMAT", "VERSION", "GameRecord", "record_of", "replay"]

FORMAT = "acreage-record"
VERSION = 1


def _freeze_json(value: Any, where: str) -> Any:
    """Check ``value`` is JSON data; return a copy that later mutation cannot reach."""
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise RecordError(f"{where}: keys must be strings, got {k!r}")
            out[k] = _freeze_json(v, f"{where}.{k}")
        return out
    if isinstance(value, list | tuple):
        return [_freeze_json(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise RecordError(f"{where}: {type(value).__name__} is not JSON data")


def _rules_data(data: Mapping[str, Any]) -> dict[str, Any]:
    frozen: dict[str, Any] = _freeze_json(data, "rules")
    return frozen


def _metadata(data: Mapping[str, Any]) -> dict[str, Any]:
    frozen: dict[str, Any] = _freeze_json(data, "metadata")
    return frozen


def _texts(moves: Iterable[str]) -> tuple[str, ...]:
    return tuple(moves)


@attrs.frozen(eq=True, hash=False)
class GameRecord:
    """One game: which game, its rules as plain data, and every move's text.

    Attributes:
        game: the registry name (``"fence-em-in"``).
        rules: the rules as plain data (``Rules.to_data()``).
        moves: the text of every move in order, chance outcomes included.
        metadata: free JSON data (seed, agents, date, ...).
    """

    game: str
    rules: dict[str, Any] = attrs.field(converter=_rules_data)
    moves: tuple[str, ...] = attrs.field(converter=_texts)
    metadata: dict[str, Any] = attrs.field(factory=dict, converter=_metadata)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules": self.rules,
            "moves": list(self.moves),
            "metadata": self.metadata,
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text (one line unless ``indent`` is given)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record from JSON data; :class:`RecordError` says what is wrong."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"format is {data.get('format')!r}, expected {FORMAT!r}")
        version = data.get("version", VERSION)
        if version != VERSION:
            raise RecordError(f"record version {version!r} is not supported (only {VERSION})")
        unknown = sorted(set(data) - {"format", "version", "game", "rules", "moves", "metadata"})
        if unknown:
            raise RecordError(f"unknown record field {unknown[0]!r}")
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError(f"'game' must be a game name, got {game!r}")
        rules = data.get("rules", {})
        if not isinstance(rules, Mapping):
            raise RecordError(f"'rules' must be an object, got {type(rules).__name__}")
        moves = data.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("'moves' must be a list of move texts")
        metadata = data.get("metadata", {})
        if not isinstance(metadata, Mapping):
            raise RecordError(f"'metadata' must be an object, got {type(metadata).__name__}")
        return cls(game, dict(rules), tuple(moves), dict(metadata))

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse a record from JSON text; :class:`RecordError` on bad JSON or fields."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise RecordError(f"not valid JSON: {e}") from None
        return cls.from_dict(data)


def record_of(
    game: Game[Any, Any, Any],
    rules: Any,
    moves: Iterable[Any],
    metadata: Mapping[str, Any] | None = None,
) -> GameRecord:
    """The record of playing ``moves`` (move objects or texts) under ``rules``."""
    return GameRecord(
        game.name, rules.to_data(), tuple(str(m) for m in moves), dict(metadata or {})
    )


def replay(record: GameRecord, game: Game[Any, Any, Any] | None = None) -> tuple[Any, ...]:
    """Every state of the recorded game, the initial one first.

    The game is looked up by name unless given. Bad rules, a move text that
    does not parse or a move the rules forbid raise :class:`RecordError`
    naming the move.
    """
    if game is None:
        try:
            game = get_game(record.game)
        except GameError as e:
            raise RecordError(str(e)) from None
    elif game.name != record.game:
        raise RecordError(f"record is of {record.game!r}, not {game.name!r}")
    try:
        state = game.new_game(game.rules(record.rules))
    except GameError as e:
        raise RecordError(f"rules: {e}") from None
    states = [state]
    for i, text in enumerate(record.moves):
        try:
            move = game.parse_move(state, text)
            state = game.apply_move(state, move)
        except GameError as e:
            raise RecordError(f"move {i + 1} {text!r}: {e}") from None
        states.append(state)
    return tuple(states)
