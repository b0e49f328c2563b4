"""Positions: a game's whole state as plain JSON data, read back with every check.

A position is what a FEN string is to chess: a state written down so that a
test, a puzzle, a lesson, a bug report or a server can start from it. Every
game that has positions writes them as a JSON object::

    {"game": "fence-em-in", "format": 1, "phase": "place", "round": 3, ...}

holding all of the state (hidden parts too: hands, the bag, what is being
decided now) but not the ``Rules``: ``from_position(rules, data)`` takes the
rules and checks the data against them. What the rules and the rest of the
position determine (scores, the bag's contents, regions) is never written;
it is recomputed, so it cannot disagree.

This module holds what every game's reader shares: :class:`PositionError`,
which names the place in the data that is wrong (``players[1].fences``) and
says what is wrong in the game's words, and :class:`Node` / :class:`Fields`,
small readers over plain data that check types, bounds and lengths and refuse
unknown keys with the close names, so that no malformed position ever raises
``KeyError`` or ``TypeError``. :func:`position_of_view` turns what one seat
sees into a position, the hidden parts sampled.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, NoReturn, TypeVar, cast

from acreage.core.game import GameError, RecordError, shorten

# Records and positions are read by one strict JSON reader (finite numbers, bounded nesting).
from acreage.core.record import _load_json

if TYPE_CHECKING:
    from acreage.core.game import Game

__all__ = [
    "POSITION_FORMAT",
    "POSITION_TEXT_LIMIT",
    "Fields",
    "Node",
    "PositionError",
    "PositionText",
    "close_names",
    "load_position",
    "position_fields",
    "position_of_view",
    "text_lines",
]

POSITION_FORMAT: Final = 1
"""The ``"format"`` every position carries; a reader refuses any other."""

POSITION_TEXT_LIMIT: Final = 100_000
"""The longest position text a game's ``parse_position`` reads (the largest
board of any bundled game writes a few thousand characters)."""


class PositionError(GameError, ValueError):
    """A position that cannot be read, or that cannot exist under the rules.

    Attributes:
        path: where in the position data the problem is
            (``"farms[1].fertilizer"``; ``""`` for the whole position).
        reason: what is wrong, in the game's words.
        line, column: for a position read from text, where in the text
            (1-based), or ``None``.

    ``str(error)`` puts them together:
    ``farms[1].fertilizer: 40 fertilizer, but ...`` or
    ``line 3, column 7: ...``.
    """

    def __init__(
        self, reason: str, path: str = "", *, line: int | None = None, column: int | None = None
    ) -> None:
        self.reason = reason
        self.path = path
        self.line = line
        self.column = column
        where = []
        if line is not None:
            where.append(f"line {line}" + (f", column {column}" if column is not None else ""))
        if path:
            where.append(path)
        super().__init__(": ".join([*where, reason]))


def close_names(name: str, names: Iterable[str]) -> str:
    """``" (did you mean 'x'?)"`` for the names close to ``name``; else the names
    allowed, when there are few of them; else ``""``. For messages about a name
    that is not one of ``names``."""
    options = sorted(names)
    close = difflib.get_close_matches(name[:100], options, n=3, cutoff=0.6)
    if close:
        return f" (did you mean {' or '.join(repr(c) for c in close)}?)"
    return f" (expected one of {', '.join(options)})" if len(options) <= 20 else ""


class Node:
    """One value of position data and the path to it, with readers that check it.

    Every reader raises :class:`PositionError` naming :attr:`path` when the
    value is not what it should be; none raises anything else, whatever the
    value is (``None``, a float, a huge string, a nested list).

    >>> Node({"round": 3}).fields(optional=("round",)).integer("round", 0, 10)
    3
    """

    __slots__ = ("_parent", "_path", "_step", "value")

    def __init__(
        self,
        value: object,
        path: str = "",
        *,
        parent: Node | None = None,
        step: str | int = "",
    ) -> None:
        self.value = value
        # The path is put together only when a message needs it: a position is
        # read far more often than it is refused.
        self._path = path
        self._parent = parent
        self._step = step

    @property
    def path(self) -> str:
        """Where this value is in the position data: ``"farms[1].enclosures[0].x"``."""
        parent = self._parent
        if parent is None:
            return self._path
        step = self._step
        above = parent.path
        if isinstance(step, int):
            return f"{above}[{step}]"
        return f"{above}.{step}" if above else step

    def error(self, reason: str) -> PositionError:
        """A :class:`PositionError` at this node's path."""
        return PositionError(reason, self.path)

    def fail(self, reason: str) -> NoReturn:
        """Raise :meth:`error`."""
        raise self.error(reason)

    def key(self, name: str) -> Node:
        """The node of ``name`` under this one (the value is not looked up)."""
        return Node(None, parent=self, step=name)

    def is_null(self) -> bool:
        """Whether the value is ``None`` (JSON ``null``)."""
        return self.value is None

    def integer(self, low: int | None = None, high: int | None = None) -> int:
        """The value as an int in ``low..high`` (bools are not ints here)."""
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"expected an integer, got {shorten(value, 40)}")
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = (
                f"{low} to {high}"
                if low is not None and high is not None
                else f"at least {low}"
                if low is not None
                else f"at most {high}"
            )
            self.fail(f"expected {bounds}, got {shorten(value, 40)}")
        return int(value)

    def text(self, choices: Collection[str] | None = None, what: str = "") -> str:
        """The value as a str; one of ``choices`` when given (else the close ones are named).

        ``what`` names the kind of thing expected in the message (``"a kind of token"``).
        """
        value = self.value
        if not isinstance(value, str):
            self.fail(f"expected {what or 'text'}, got {shorten(value, 40)}")
        if choices is not None and value not in choices:
            label = what or "a name"
            self.fail(f"{shorten(value, 40)} is not {label}{close_names(value, choices)}")
        return str.__str__(value)

    def items(self, max_length: int, *, length: int | None = None) -> list[Node]:
        """The value as a list (or tuple) of at most ``max_length`` items, exactly
        ``length`` when given; each item a :class:`Node` with its index in the path."""
        value = self.value
        # A plain list is tested first: positions are read often, and an
        # isinstance over a union costs more.
        if type(value) is not list and not isinstance(value, list | tuple):
            self.fail(f"expected a list, got {shorten(value, 40)}")
        if length is not None and len(value) != length:
            self.fail(f"expected {length} items, got {len(value)}")
        if len(value) > max_length:
            self.fail(f"expected at most {max_length} items, got {len(value)}")
        return [Node(item, parent=self, step=i) for i, item in enumerate(value)]

    def fields(
        self,
        *,
        required: Sequence[str] = (),
        optional: Sequence[str] = (),
        derived: Mapping[str, str] | None = None,
    ) -> Fields:
        """The value as a JSON object with ``required`` and ``optional`` keys.

        An unknown key is refused with the close names; a key in ``derived``
        is refused with its explanation (what it is derived from), since a
        position never states what the rest of it determines.
        """
        value = self.value
        # A plain dict is tested first: the Mapping check is an abstract-class lookup.
        if type(value) is not dict and not isinstance(value, Mapping):
            self.fail(f"expected an object (a dict), got {shorten(value, 40)}")
        present: dict[str, Node] = {}
        for name, item in value.items():
            if type(name) is not str or (name not in required and name not in optional):
                name = self._check_key(name, (*required, *optional), derived)
            present[name] = Node(item, parent=self, step=name)
        for name in required:
            if name not in present:
                self.key(name).fail("missing")
        return Fields(self, present)

    def _check_key(
        self, name: object, allowed: Sequence[str], derived: Mapping[str, str] | None
    ) -> str:
        """``name`` as a plain str if it is one of ``allowed``; else the error saying why not."""
        if not isinstance(name, str):
            self.fail(f"keys are text, not {shorten(name, 40)}")
        if name in allowed:  # an instance of a str subclass
            return str.__str__(name)
        if derived and name in derived:
            self.key(name).fail(derived[name])
        raise self.error(f"unknown key {shorten(name, 40)}{close_names(name, allowed)}")


class Fields:
    """The keys of one JSON object of position data, read by name (see :meth:`Node.fields`)."""

    __slots__ = ("node", "present")

    def __init__(self, node: Node, present: dict[str, Node]) -> None:
        self.node = node
        self.present = present

    def __contains__(self, name: str) -> bool:
        return name in self.present

    def get(self, name: str) -> Node | None:
        """The node of key ``name``, ``None`` when the key is absent."""
        return self.present.get(name)

    def at(self, name: str) -> Node:
        """The node of key ``name``; a null node with its path when absent."""
        return self.present.get(name) or self.node.key(name)

    def integer(
        self, name: str, low: int | None = None, high: int | None = None, default: int = 0
    ) -> int:
        """Key ``name`` as an int in ``low..high``; ``default`` when absent."""
        node = self.present.get(name)
        return default if node is None else node.integer(low, high)

    def text(
        self, name: str, choices: Collection[str] | None = None, what: str = "", default: str = ""
    ) -> str:
        """Key ``name`` as text (one of ``choices``); ``default`` when absent."""
        node = self.present.get(name)
        return default if node is None else node.text(choices, what)

    def items(self, name: str, max_length: int, *, length: int | None = None) -> list[Node]:
        """Key ``name`` as a list of nodes (see :meth:`Node.items`); ``[]`` when absent."""
        node = self.present.get(name)
        if node is None:
            if length:
                self.node.key(name).fail(f"missing (expected {length} items)")
            return []
        return node.items(max_length, length=length)


def position_fields(
    data: object,
    game: str,
    *,
    required: Sequence[str] = (),
    optional: Sequence[str] = (),
    derived: Mapping[str, str] | None = None,
) -> Fields:
    """The top level of a position of ``game``, read as :meth:`Node.fields` reads an object.

    Besides the game's own keys it may hold ``"game"``, which must be
    ``game``, and ``"format"``, which must be :data:`POSITION_FORMAT`
    (a game's ``to_position`` always writes both; a reader may
    leave them out).
    """
    root = Node(data)
    if not isinstance(data, Mapping):
        root.fail(f"a position is a JSON object (a dict), not {shorten(data, 40)}")
    fields = root.fields(required=required, optional=("game", "format", *optional), derived=derived)
    named = data.get("game", game)
    if named != game:
        fields.at("game").fail(f"{shorten(named, 40)} is not this game (expected {game!r})")
    version = data.get("format", POSITION_FORMAT)
    if isinstance(version, bool) or version != POSITION_FORMAT:
        fields.at("format").fail(
            f"position format {shorten(version, 40)} is not supported (only {POSITION_FORMAT})"
        )
    return fields


def text_lines(text: object) -> list[str]:
    """``text`` split into lines, if it can be a position text; :class:`PositionError` if not."""
    if not isinstance(text, str):
        raise PositionError(f"a position text is a str, not {type(text).__name__}")
    if len(text) > POSITION_TEXT_LIMIT:
        raise PositionError(
            f"a position text of {len(text)} characters is longer than any position "
            f"(at most {POSITION_TEXT_LIMIT})"
        )
    return text.splitlines()


# What a game's text reader records of where a part of the data was read: (line, column)
# in most games.
_W = TypeVar("_W")
_S = TypeVar("_S")


class PositionText(Generic[_W]):
    """What every game's reader of position text shares.

    ``lines`` are the text's lines that hold something, numbered from 1 (blank
    lines and lines starting with ``#`` are skipped); :meth:`header` checks the
    first, ``GAME position FORMAT``; :meth:`fail` refuses the text at a line and
    column; a game's reader records in ``where`` the line and column each part
    of the position data was read from, and :meth:`locate` moves an error that
    :func:`from_position`-style checks raise on the data to that place in the text.
    """

    def __init__(self, game: str, text: object) -> None:
        self.game = game
        self.lines = [
            (number, line)
            for number, line in enumerate(text_lines(text), 1)
            if line.strip() and not line.lstrip().startswith("#")
        ]
        self.where: dict[str, _W] = {}

    def fail(self, line: int, column: int, reason: str) -> NoReturn:
        """Refuse the text at ``line``, ``column`` (both from 1)."""
        raise PositionError(reason, line=line, column=column)

    def header(self) -> None:
        """Check the first line: ``GAME position FORMAT``."""
        expected = [self.game, "position", str(POSITION_FORMAT)]
        if not self.lines:
            raise PositionError(f"an empty text: expected {' '.join(expected)!r}")
        number, header = self.lines[0]
        words = header.split()
        if words[:2] != expected[:2] or len(words) != 3:
            self.fail(
                number,
                1,
                f"expected the header {' '.join(expected)!r}, got {header.strip()[:40]!r}",
            )
        if words[2] != expected[2]:
            self.fail(
                number,
                header.index(words[2]) + 1,
                f"position format {words[2][:20]!r} is not supported (only {POSITION_FORMAT})",
            )

    def point(self, where: _W) -> tuple[int, int]:
        """The line and column of an entry of ``where``: the entry itself, unless the
        game records more."""
        return cast(tuple[int, int], where)

    def data(self) -> dict[str, Any]:
        """The position data the text holds (each game's reader reads its own fields)."""
        raise NotImplementedError(f"{type(self).__name__} reads no position data")

    def state(self, rules: Any, from_position: Callable[[Any, Mapping[str, Any]], _S]) -> _S:
        """The state the text describes: its :meth:`data`, checked by the game's
        ``from_position``, with an error there moved to the line and column it was
        read from (:meth:`locate`)."""
        data = self.data()
        try:
            return from_position(rules, data)
        except PositionError as e:
            raise self.locate(e) from None

    def locate(self, error: PositionError) -> PositionError:
        """``error`` with the line and column of the text its path (or the nearest part
        of the data holding it) was read from; as it was if no part was read from text."""
        path = error.path
        while path:
            if path in self.where:
                line, column = self.point(self.where[path])
                return PositionError(error.reason, error.path, line=line, column=column)
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return error


def position_of_view(game: Game[Any, Any, Any], view: object, rng: random.Random) -> dict[str, Any]:
    """A position that the seat whose view this is cannot tell from the real one.

    What the seat sees is kept; what it cannot see (others' hands, the order
    of a deck) is sampled with ``rng``, as ``game.resample`` does. A bot or a
    server can then start a search, a playout or a game from it. The game
    must have ``from_view`` and ``to_position``; :class:`~acreage.GameError`
    if it has not.
    """
    from_view: Callable[[Any, random.Random], Any] | None = game.from_view
    if from_view is None or game.to_position is None:
        raise GameError(f"{game.name} has no positions (from_view and to_position)")
    return game.to_position(from_view(view, rng))


def load_position(game: Game[Any, Any, Any], rules: Any, text: str | bytes) -> Any:
    """The state a position written down as JSON or as text describes: one call for a
    file or a message, whichever form it holds.

    Text whose first character (after white space) is ``{`` is read as JSON
    data (``game.to_position``'s) and checked by ``game.from_position``; any
    other text by ``game.parse_position``. Bytes are read as UTF-8.
    :class:`PositionError` for text that is neither, or not valid JSON, or a
    position that cannot exist; :class:`~acreage.GameError` for a game without
    positions.
    """
    if game.from_position is None or game.parse_position is None:
        raise GameError(f"{game.name} has no positions (from_position and parse_position)")
    if isinstance(text, bytes | bytearray):
        if len(text) > POSITION_TEXT_LIMIT * 4:  # at most 4 bytes a character
            raise PositionError(
                f"a position of {len(text)} bytes is longer than any position"
                f" (at most {POSITION_TEXT_LIMIT} characters)"
            )
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise PositionError(
                f"not UTF-8 text: byte 0x{e.object[e.start]:02x} at position {e.start}"
            ) from None
    text_lines(text)  # text at all, and not too long
    if not text.lstrip().startswith("{"):
        return game.parse_position(rules, text)
    try:
        data = _load_json(text)
    except RecordError as e:
        raise PositionError(str(e).replace("a record", "a position")) from None
    if not isinstance(data, Mapping):
        raise PositionError(f"a position is a JSON object, not {type(data).__name__}")
    return game.from_position(rules, data)
