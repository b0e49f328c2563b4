"""The game contract: CHANCE, the :class:`Game` bundle, the registry and the errors.

Every game module exposes the same pure functions (``new_game``,
``legal_moves``, ``apply_move``, ...). :class:`Game` bundles them so that
generic tools (``acreage.play``, ``acreage.testing``, the CLI, your bot) can
drive any game without knowing which one it is.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Generic, Literal, Protocol, TypeVar

import attrs

if TYPE_CHECKING:
    from acreage.core.encoding import Encoding, Facts

__all__ = [
    "CHANCE",
    "Chance",
    "Game",
    "GameError",
    "IllegalMoveError",
    "MoveSyntaxError",
    "RecordError",
    "RulesError",
    "RulesLike",
    "SeatError",
    "StateLike",
    "UnknownGameError",
    "check_seat",
    "games",
    "get_game",
    "move_text",
    "register",
    "shorten",
]


class Chance(enum.Enum):
    """The type of :data:`CHANCE`."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE: Final = Chance.CHANCE
"""``state.to_move`` at a chance node: the next move is an outcome of chance."""

ToMove = int | Literal[Chance.CHANCE] | None


class GameError(Exception):
    """Base of every error acreage raises on purpose."""


class MoveSyntaxError(GameError, ValueError):
    """Text that is no move of this game."""


class IllegalMoveError(GameError, ValueError):
    """A move the rules forbid in this state; the message says which rule."""


class RulesError(GameError, ValueError):
    """Bad Rules or component data; the message names the field and what was expected."""


class RecordError(GameError, ValueError):
    """A game record that cannot be read or replayed."""


class SeatError(GameError, ValueError):
    """A seat that is not at this table (``observe(state, 7)`` in a 3-player game)."""


class UnknownGameError(GameError, KeyError):
    """No game is registered under that name."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


ECHO_LIMIT: Final = 60
"""Error messages quote at most this many characters of what they were given."""

MOVE_TEXT_LIMIT: Final = 200
"""The longest text :func:`move_text` accepts; every move of every game is far shorter."""


def shorten(value: object, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters, for quoting input in an error message."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1000:
        # repr of an int over 4,300 digits raises ValueError; say how big it is instead.
        return f"an integer of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


def move_text(text: object) -> str:
    """``text`` if it can be a move's text; :class:`MoveSyntaxError` otherwise.

    Every game's ``parse_move`` starts here, so ``None``, bytes, numbers and
    megabyte strings get the same typed error in every game.
    """
    if not isinstance(text, str):
        raise MoveSyntaxError(f"a move is given as text (str), not {type(text).__name__}")
    if len(text) > MOVE_TEXT_LIMIT:
        raise MoveSyntaxError(
            f"a move text of {len(text)} characters is longer than any move "
            f"(at most {MOVE_TEXT_LIMIT}): {shorten(text)}"
        )
    return text


def check_seat(seat: object, players: int) -> int:
    """``seat`` if it is a seat at a ``players``-player table; :class:`SeatError` otherwise.

    Seats are the ints ``0 .. players - 1``; a bool, a negative index or a
    seat past the table is refused (Python's negative indexing would
    otherwise show another seat's hand).
    """
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise SeatError(f"a seat is an int from 0 to {players - 1}, not {shorten(seat)}")
    if not 0 <= seat < players:
        table = f"{players}-player table" if players != 1 else "solo game"
        raise SeatError(f"seat {seat} is not at this {table} (seats 0 to {players - 1})")
    return seat


class RulesLike(Protocol):
    """What generic tools need of a game's ``Rules``."""

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        ...

    def to_data(self) -> dict[str, Any]:
        """The rules as plain JSON data (what a game record holds)."""
        ...


class StateLike(Protocol):
    """What generic tools need of a game's state."""

    @property
    def to_move(self) -> ToMove:
        """The seat deciding next, :data:`CHANCE` at a chance node, ``None`` at the end."""
        ...


S = TypeVar("S")
M = TypeVar("M")
R = TypeVar("R")


@attrs.frozen
class Game(Generic[S, M, R]):
    """One game's functions, bundled for generic tools.

    Attributes:
        name: registry name, e.g. ``"fence-em-in"``.
        title: the box title.
        rules_type: the game's ``Rules`` class (``Rules(players=N)``,
            ``Rules.from_data(dict)``, ``rules.to_data()``).
        new_game: rules -> the state before setup's chance events.
        legal_moves: state -> tuple of moves, deterministic order (outcomes at CHANCE).
        chance_outcomes: state -> ``((move, Fraction), ...)`` at CHANCE, else ``()``.
        apply_move: (state, move) -> new state; raises IllegalMoveError.
        is_terminal, scores, winners: the end of the game; ``winners`` applies
            the tie-breaks and is ``()`` before the end.
        observe: (state, seat) -> what that seat may see, a plain value.
        parse_move: (state, text) -> move; ``parse_move(s, str(m)) == m``.
        render_text, render_svg: pictures of a state.
        resample: (state, seat, rng) -> a state that ``seat`` cannot tell
            from ``state`` (hidden cards redealt), or ``None`` for games with
            no hidden information. Used by ``check_game`` and by
            determinizing search.
        all_may_lose: whether a game may end with no winner at all (a
            cooperative game the players lose together against the game
            itself): ``winners`` is then ``()`` at such an end.
        encoding: rules -> the game's :class:`~acreage.core.encoding.Encoding`
            (facts, fixed integer actions, observation tensors) for those
            rules, or ``None`` for a game without one. The methods
            :meth:`facts`, :meth:`encode_move`, :meth:`decode_move`,
            :meth:`legal_actions`, :meth:`legal_action_mask` and
            :meth:`observation_tensor` work from it.
        evaluate: (state, seat) -> a number from 0 to 1: a cheap estimate of
            the seat's share of the win (1: it wins alone, 0: it loses), from
            the game's own heuristic. Greedy and search agents rank and
            cut off positions by it; :meth:`evaluator` asks for it. ``None``
            for a game without one.
        end_reason: (final state) -> a short name for the condition that
            ended the game (``"rounds"``, ``"tiles"``...), for balance
            studies; ``None`` for a game with one way to end.
        to_position: state -> the whole state as plain JSON data (a
            *position*, see :mod:`acreage.core.position`), hidden parts and
            what is being decided now included; ``None`` for a game without
            positions. The position fields below come together.
        from_position: (rules, data) -> the state the position describes,
            checked against the rules: a position that cannot exist raises
            :class:`~acreage.core.position.PositionError` naming what is
            wrong. ``from_position(rules, to_position(s)) == s``.
        position_text: state -> the position as compact text (the board as
            rows of cells, then named fields).
        parse_position: (rules, text) -> the state; ``parse_position(rules,
            position_text(s)) == s``; malformed text names its line and column.
        arrange: (state, **changes) -> the state with some position fields
            replaced (the keys of ``to_position``'s data), checked like
            ``from_position`` and with what is derived recomputed.
        build_position: (rules, choose) -> a valid state built directly
            (not by playing moves) from the choices ``choose(n)`` makes, each
            an int in ``range(n)``; choices of 0 give simpler positions.
            :func:`acreage.testing.positions` draws the choices with hypothesis.
        from_view: (view, rng) -> a state the viewing seat cannot tell from
            the one observed, its hidden parts sampled with ``rng``
            (:func:`~acreage.core.position.position_of_view`).
    """

    name: str
    title: str
    rules_type: Callable[..., R]
    new_game: Callable[[R], S]
    legal_moves: Callable[[S], tuple[M, ...]]
    chance_outcomes: Callable[[S], tuple[tuple[M, Fraction], ...]]
    apply_move: Callable[[S, M], S]
    is_terminal: Callable[[S], bool]
    scores: Callable[[S], tuple[int, ...]]
    winners: Callable[[S], tuple[int, ...]]
    observe: Callable[[S, int], object]
    parse_move: Callable[[S, str], M]
    render_text: Callable[[S], str]
    render_svg: Callable[[S], str]
    resample: Callable[[S, int, random.Random], S] | None = None
    all_may_lose: bool = False
    encoding: Callable[[R], Encoding] | None = None
    evaluate: Callable[[S, int], float] | None = None
    end_reason: Callable[[S], str] | None = None
    to_position: Callable[[S], dict[str, Any]] | None = None
    from_position: Callable[[R, Mapping[str, Any]], S] | None = None
    position_text: Callable[[S], str] | None = None
    parse_position: Callable[[R, str], S] | None = None
    arrange: Callable[..., S] | None = None
    build_position: Callable[[R, Callable[[int], int]], S] | None = None
    from_view: Callable[[Any, random.Random], S] | None = None

    def to_move(self, state: S) -> ToMove:
        """Who decides next: a player index, :data:`CHANCE`, or ``None`` at the end."""
        who: ToMove = state.to_move  # type: ignore[attr-defined]
        return who

    def evaluator(self) -> Callable[[S, int], float]:
        """The game's ``evaluate(state, seat)``; :class:`GameError` when it has none.

        An agent that needs a heuristic asks for it here, so a game without
        one fails at once with a message saying what to do, not deep in a search.
        """
        if self.evaluate is None:
            raise GameError(
                f"{self.name} has no evaluate function: give the agent one "
                "(evaluate=...), or search to the end of the game (rollout_depth=None)"
            )
        return self.evaluate

    # -- numbers: facts, actions, observations --------------------------------------

    def encoding_of(self, rules: R) -> Encoding:
        """This game's :class:`~acreage.core.encoding.Encoding` for ``rules``.

        Looked up by the identity of ``rules`` first: a cache keyed by equal
        Rules would compare two distinct but equal Rules field by field (a few
        microseconds) on every call, and adapters call this at every step.
        """
        known = _ENCODINGS.get(id(rules))
        if known is not None and known[0] is rules and known[1] is self:
            return known[2]
        if self.encoding is None:
            raise GameError(f"{self.name} has no integer encoding")
        encoding = self.encoding(rules)
        if len(_ENCODINGS) >= _ENCODINGS_KEPT:
            _ENCODINGS.clear()
        # One atomic store of a complete entry; the entry keeps ``rules`` alive so
        # its id cannot be reused while the entry stands.
        _ENCODINGS[id(rules)] = (rules, self, encoding)
        return encoding

    def facts(self, rules: R) -> Facts:
        """The game's :class:`~acreage.core.encoding.Facts` under ``rules``."""
        return self.encoding_of(rules).facts

    def encode_move(self, state: S, move: M) -> int:
        """The fixed integer of ``move`` in ``state``: a player action, or at a
        chance node, a chance outcome number."""
        return self._encoder(state)(state, move)

    def _encoder(self, state: S) -> Callable[[S, M], int]:
        """The encoding's encode function for the kind of node ``state`` is."""
        enc = self.encoding_of(state.rules)  # type: ignore[attr-defined]
        if state.to_move is CHANCE:  # type: ignore[attr-defined]
            return enc.encode_chance
        return enc.encode_action

    def decode_move(self, state: S, action: int) -> M:
        """The legal move of ``state`` numbered ``action``; :class:`IllegalMoveError` if none is."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalMoveError(f"an action is an int, not {shorten(action)}")
        encode = self._encoder(state)
        for move in self.legal_moves(state):
            if encode(state, move) == action:
                return move
        enc = self.encoding_of(state.rules)  # type: ignore[attr-defined]
        numbering = enc.chance if state.to_move is CHANCE else enc.actions  # type: ignore[attr-defined]
        family, values = numbering.parts(action)
        raise IllegalMoveError(f"action {action} ({family} {values}) is not legal here")

    def legal_actions(self, state: S) -> tuple[int, ...]:
        """The fixed integers of the legal moves, ascending (chance outcome numbers at CHANCE)."""
        encode = self._encoder(state)
        return tuple(sorted([encode(state, m) for m in self.legal_moves(state)]))

    def legal_action_mask(self, state: S) -> tuple[bool, ...]:
        """One bool per action number (per chance outcome number at CHANCE): legal here?

        A tuple as long as the action space; adapters that run at every step
        build their (numpy) masks from :meth:`legal_actions` instead.
        """
        enc = self.encoding_of(state.rules)  # type: ignore[attr-defined]
        size = enc.chance.size if state.to_move is CHANCE else enc.actions.size  # type: ignore[attr-defined]
        mask = [False] * size
        for action in self.legal_actions(state):
            mask[action] = True
        return tuple(mask)

    def observation_tensor(self, state: S, seat: int) -> list[int]:
        """Seat ``seat``'s observation tensor, flat: built from ``observe`` only, so it
        cannot hold what the seat may not see."""
        view = self.observe(state, seat)
        return self.encoding_of(state.rules).observation(view)  # type: ignore[attr-defined]

    def digest(self, state: S) -> str:
        """A stable digest of ``state``: equal in every process, machine and hash seed.

        ``hash(state)`` is fast but per process (see
        https://acreage.readthedocs.io/en/latest/contract/#states);
        key a transposition table on disk or a cross-process de-duplication
        by this instead. See :func:`acreage.core.digest.digest`.
        """
        from acreage.core.digest import digest

        return digest(state)

    def check_seat(self, state: S, seat: object) -> int:
        """``seat`` if it is at ``state``'s table; :class:`SeatError` otherwise."""
        return check_seat(seat, self.players(state.rules))  # type: ignore[attr-defined]

    def rules(self, data: Mapping[str, Any] | None = None, **fields: Any) -> R:
        """Rules from plain data (as in a game record) and/or keyword fields."""
        if data is None:
            return self.rules_type(**fields)
        from_data: Callable[[Mapping[str, Any]], R] = self.rules_type.from_data  # type: ignore[attr-defined]
        return from_data({**data, **fields})

    def players(self, rules: R) -> int:
        """The number of players ``rules`` are for."""
        n: int = rules.players  # type: ignore[attr-defined]
        return n

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


_ENCODINGS_KEPT: Final = 256
_ENCODINGS: dict[int, tuple[Any, Game[Any, Any, Any], Encoding]] = {}
"""Encodings by ``id(rules)``, for :meth:`Game.encoding_of`."""

# -- the registry -----------------------------------------------------------------

_BUILTIN: dict[str, str] = {}
_REGISTERED: dict[str, Game[Any, Any, Any]] = {}


def register(game: Game[Any, Any, Any], *, replace: bool = False) -> Game[Any, Any, Any]:
    """Make ``game`` known to :func:`games`, records, replay and the CLI."""
    if not replace and game.name in _REGISTERED and _REGISTERED[game.name] is not game:
        raise ValueError(f"a game named {game.name!r} is registered already")
    _REGISTERED[game.name] = game
    return game


def _register_builtin(name: str, module: str) -> None:
    """Name a bundled game module; it is imported the first time it is asked for."""
    _BUILTIN[name] = module


def get_game(name: str) -> Game[Any, Any, Any]:
    """The game registered as ``name``; :class:`UnknownGameError` otherwise."""
    if name not in _REGISTERED and name in _BUILTIN:
        import importlib

        game = importlib.import_module(_BUILTIN[name]).GAME
        _REGISTERED.setdefault(name, game)
    try:
        return _REGISTERED[name]
    except KeyError:
        known = ", ".join(sorted(set(_BUILTIN) | set(_REGISTERED))) or "none"
        raise UnknownGameError(f"no game named {name!r} (known: {known})") from None


def games() -> dict[str, Game[Any, Any, Any]]:
    """Every known game by name, sorted by name."""
    return {name: get_game(name) for name in sorted(set(_BUILTIN) | set(_REGISTERED))}
