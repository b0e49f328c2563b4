"""The numeric face of a game: facts, fixed integer actions, observation tensors.

Learning agents and search frameworks (OpenSpiel, PettingZoo, pgx-style
code) want a game as numbers: a fixed action space where "action 17" means
the same move in every position, a legal-action mask over it, and an
observation tensor of a fixed shape. Every bundled game gives an
:class:`Encoding` per ``Rules`` (``GAME.encoding(rules)``) built from two
helpers here:

* :class:`Numbering`: actions as consecutive blocks, one per move family,
  each block the product of the move's parts (``place x, y, width, height``
  is one block of ``size * size * 5 * 5`` numbers), the way OpenSpiel and
  pgx number actions. Chance outcomes get a numbering of their own.
* :class:`Planes`: an observation as named fields of fixed shapes, flattened
  in order into one list of ints (a numpy array through the extras).

And :class:`Facts`: what a generic tool needs to know of a game under given
Rules without playing it, modelled on OpenSpiel's ``GameType``/``GameInfo``:
player range, chance, hidden information, simultaneous choices, score range,
the longest game, the most legal moves and chance outcomes at one node.
``acreage.testing.check_game`` holds every fact to random playouts.
"""

from __future__ import annotations

import abc
import array
import math
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from acreage.core.game import IllegalMoveError

__all__ = ["Encoding", "Facts", "Family", "Numbering", "Planes", "spread_bits"]


@attrs.frozen
class Facts:
    """Static facts of a game under given Rules (OpenSpiel's ``GameType`` and ``GameInfo``).

    Every bound is one that holds, not an estimate: ``check_game`` fails a
    game whose playouts exceed one.

    Attributes:
        players: the player count of these Rules.
        min_players, max_players: the player counts the game supports (for
            this mode, where the game has modes).
        chance: whether the game has chance nodes.
        hidden_information: whether a player may not see all of the state
            (``observe`` hides something under these Rules).
        simultaneous: whether the rules have simultaneous choices (taken in
            seat order here, and hidden until revealed).
        cooperative: whether the players win or lose together against the game
            (then the Game must declare ``all_may_lose``).
        min_score, max_score: bounds on any seat's score, during and at the end.
        max_decisions: the most player decisions in one game.
        max_chance_nodes: the most chance nodes in one game.
        max_legal_moves: the most legal moves at one decision.
        max_chance_outcomes: the most outcomes at one chance node.
        num_actions: the size of the fixed action space (player moves).
        num_chance_outcomes: the size of the fixed chance-outcome numbering.
        observation_shape: the shape of one seat's observation tensor.
    """

    players: int
    min_players: int
    max_players: int
    chance: bool
    hidden_information: bool
    simultaneous: bool
    cooperative: bool
    min_score: int
    max_score: int
    max_decisions: int
    max_chance_nodes: int
    max_legal_moves: int
    max_chance_outcomes: int
    num_actions: int
    num_chance_outcomes: int
    observation_shape: tuple[int, ...]

    @property
    def max_game_length(self) -> int:
        """The most moves in one game: decisions plus chance nodes."""
        return self.max_decisions + self.max_chance_nodes


@attrs.frozen
class Family:
    """One block of a :class:`Numbering`: a move family and the sizes of its parts.

    Attributes:
        name: the family's name (``"place"``), as in the move text.
        parts: ``(part name, number of values)`` pairs, most significant first.
        offset: the first action number of the block.
    """

    name: str
    parts: tuple[tuple[str, int], ...]
    offset: int

    @property
    def size(self) -> int:
        """How many action numbers the block holds: the product of its parts' sizes."""
        return math.prod(n for _, n in self.parts)

    @property
    def sizes(self) -> tuple[int, ...]:
        """The number of values of each part, most significant first."""
        return tuple(n for _, n in self.parts)


class Numbering:
    """A fixed action numbering: consecutive blocks, one per move family.

    >>> n = Numbering([("pass", ()), ("place", (("x", 4), ("y", 4), ("size", 3)))])
    >>> n.size, n.index("place", 1, 2, 0), n.parts(n.index("place", 1, 2, 0))
    (49, 19, ('place', (1, 2, 0)))
    >>> n.index("pass")
    0

    A part's value is an int from 0 to its size - 1; :meth:`index` refuses
    anything else with :class:`~acreage.IllegalMoveError`, so a hand-built
    move with a value off the board gets a typed error, never a number that
    means another move.
    """

    __slots__ = ("_blocks", "_by_name", "families", "size")

    def __init__(self, families: Iterable[tuple[str, Sequence[tuple[str, int]]]]) -> None:
        blocks: list[Family] = []
        offset = 0
        for name, parts in families:
            family = Family(name, tuple((p, int(n)) for p, n in parts), offset)
            if any(n < 1 for _, n in family.parts):
                raise ValueError(f"family {name!r}: every part needs at least one value")
            blocks.append(family)
            offset += family.size
        self.families: tuple[Family, ...] = tuple(blocks)
        self._by_name = {f.name: f for f in blocks}
        # name -> (offset, part sizes, family): what index() reads, unpacked once.
        self._blocks = {f.name: (f.offset, f.sizes, f) for f in blocks}
        if len(self._by_name) != len(blocks):
            raise ValueError("two families share a name")
        self.size: int = offset

    def family(self, name: str) -> Family:
        """The block named ``name``."""
        return self._by_name[name]

    def index(self, name: str, *values: int) -> int:
        """The action number of family ``name`` with part values ``values``."""
        offset, sizes, family = self._blocks[name]
        number = 0
        if len(values) == len(sizes):
            for value, n in zip(values, sizes, strict=True):
                if value.__class__ is not int or not 0 <= value < n:
                    break
                number = number * n + value
            else:
                return offset + number
        return self._refuse(family, values)

    @staticmethod
    def _refuse(family: Family, values: tuple[object, ...]) -> int:
        """Raise the :class:`IllegalMoveError` that says which part of ``values`` is wrong."""
        if len(values) != len(family.parts):
            raise IllegalMoveError(
                f"a {family.name} action has {len(family.parts)} parts, not {len(values)}"
            )
        for value, (part, n) in zip(values, family.parts, strict=True):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
                raise IllegalMoveError(
                    f"{family.name}: {part} must be 0 to {n - 1}, not {value!r:.30}"
                )
        raise AssertionError("unreachable: index() refused values it would accept")

    def parts(self, action: int) -> tuple[str, tuple[int, ...]]:
        """The family name and part values of action number ``action``."""
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < self.size:
            raise IllegalMoveError(f"action {action!r:.30} is not 0 to {self.size - 1}")
        for family in reversed(self.families):
            if action >= family.offset:
                rest = action - family.offset
                values = []
                for _, n in reversed(family.parts):
                    rest, value = divmod(rest, n)
                    values.append(value)
                return family.name, tuple(reversed(values))
        raise AssertionError("unreachable: the first family starts at 0")

    def table(self) -> str:
        """A Markdown table of the blocks: family, parts, first and last number."""
        lines = ["| family | parts | actions |", "|---|---|---|"]
        for f in self.families:
            parts = " x ".join(f"{p} ({n})" for p, n in f.parts) or "-"
            last = f.offset + f.size - 1
            span = str(f.offset) if f.size == 1 else f"{f.offset}-{last}"
            lines.append(f"| {f.name} | {parts} | {span} |")
        return "\n".join(lines)


class Planes:
    """An observation layout: named fields of fixed shapes, flattened in order.

    >>> p = Planes([("board", (2, 3)), ("score", (2,))])
    >>> p.size, p.shape, p.offset("score")
    (8, (8,), 6)

    Games fill a ``[0] * planes.size`` list at the offsets, so the layout
    (documented by :meth:`table`) is the single source of each value's place.
    """

    __slots__ = ("_offsets", "fields", "size")

    def __init__(self, fields: Iterable[tuple[str, tuple[int, ...]]]) -> None:
        self.fields: tuple[tuple[str, tuple[int, ...]], ...] = tuple(
            (name, tuple(shape)) for name, shape in fields
        )
        offsets: dict[str, int] = {}
        at = 0
        for name, shape in self.fields:
            if name in offsets:
                raise ValueError(f"two fields are named {name!r}")
            offsets[name] = at
            at += math.prod(shape)
        self._offsets = offsets
        self.size: int = at

    @property
    def shape(self) -> tuple[int, ...]:
        """The flat shape of the whole observation."""
        return (self.size,)

    def offset(self, name: str) -> int:
        """Where field ``name`` starts in the flat list."""
        return self._offsets[name]

    def table(self) -> str:
        """A Markdown table of the fields: name, shape, first index."""
        lines = ["| field | shape | starts at |", "|---|---|---|"]
        for name, shape in self.fields:
            lines.append(f"| {name} | {' x '.join(map(str, shape)) or '1'} | {self.offset(name)} |")
        return "\n".join(lines)


class Encoding(abc.ABC):
    """One game's numbers for one Rules: facts, action numbering, observation layout.

    A game subclasses it and implements :meth:`encode_action`,
    :meth:`encode_chance` and :meth:`observation`; the generic parts
    (decoding, legal-action lists and masks) live on :class:`acreage.Game`
    and work from ``encode`` alone, so decode can never disagree with encode.

    Attributes:
        facts: the game's :class:`Facts` under these Rules.
        actions: the player-move :class:`Numbering`.
        chance: the chance-outcome :class:`Numbering`.
        planes: the observation layout.
    """

    facts: Facts
    actions: Numbering
    chance: Numbering
    planes: Planes

    @abc.abstractmethod
    def encode_action(self, state: Any, move: Any) -> int:
        """The fixed number of player move ``move`` (``IllegalMoveError`` if it has none)."""

    @abc.abstractmethod
    def encode_chance(self, state: Any, move: Any) -> int:
        """The fixed number of chance outcome ``move``."""

    @abc.abstractmethod
    def observation(self, view: Any) -> list[int]:
        """The observation tensor of ``view`` (what ``observe`` returned), flat, ``planes.size`` ints.

        Every value fits a signed 16-bit int (-32768 to 32767), so
        :meth:`observation_bytes` can pack it."""

    def encode_actions(self, state: Any, moves: Sequence[Any]) -> list[int]:
        """The numbers of player moves ``moves`` of ``state``, in order (all at once).

        Adapters number every legal move at every step; a game may override
        this with a quicker way for a whole list (``check_game`` holds it
        equal to :meth:`encode_action` move by move).
        """
        encode = self.encode_action
        return [encode(state, move) for move in moves]

    def observation_bytes(self, view: Any) -> bytes:
        """:meth:`observation` packed as native signed 16-bit ints, for ``numpy.frombuffer``.

        Converting a list of a thousand Python ints to an array costs more than
        a decision; a game may override this to join cached packed blocks
        instead (``check_game`` holds it equal to :meth:`observation`).
        """
        return array.array("h", self.observation(view)).tobytes()

    def seat_observation_bytes(self, state: Any, seat: int) -> bytes | None:
        """:meth:`observation_bytes` of seat ``seat``'s view of ``state``, packed straight
        from the state without building the view; ``None`` (the default) when the game
        has no such quicker way, and the adapters observe and pack the view.

        Building a frozen view costs more than a decision in some games, and an
        adapter observes at every step. A game that overrides this reads from the
        state only what the seat's view holds; ``check_game`` holds it equal, byte for
        byte, to the packed view for every seat of every state it visits, so it shows
        a seat no more than :meth:`~acreage.Game.observe` does.
        """
        return None


_SPREAD: Final = tuple(
    array.array("h", [byte >> i & 1 for i in range(8)]).tobytes() for byte in range(256)
)
"""``_SPREAD[b]``: the 8 bits of byte ``b``, lowest first, as native int16 0s and 1s."""

_INT16: Final = array.array("h").itemsize


def spread_bits(bits: int, width: int) -> bytes:
    """The ``width`` places of a field of 0s and 1s held as the bits of ``bits`` (place
    ``i`` is bit ``i``; ``0 <= bits < 2 ** width``), packed as native int16s, as
    :meth:`Encoding.observation_bytes` packs them.

    >>> import array
    >>> array.array("h", spread_bits(0b1101, 5)).tolist()
    [1, 0, 1, 1, 0]

    One table look-up per 8 places: a game keeps a field of 0s and 1s as an
    int bitset, and packing it this way costs a small part of writing its places
    one by one.
    """
    return b"".join([_SPREAD[b] for b in bits.to_bytes(-(-width // 8), "little")])[: width * _INT16]
