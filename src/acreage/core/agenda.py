"""Agendas: what is being decided, as a stack of typed tasks, and the engine templates on top.

A game's state holds an ``agenda``: a tuple of :class:`Task` values, the
last on top. The top task says what happens next: a player's decision, a
chance event, or an automatic step the engine carries out by itself (ending
a turn, scoring a round). Each kind of task is a small frozen class with
the data it needs, so "what is being decided" is a value anyone can read
(``state.agenda[-1].describe()``), not a phase number and a handful of
loose fields.

An :class:`Engine` holds one game's dispatch tables, keyed by task class:

* ``decisions[T](state, task)``: the legal moves of a decision task;
* ``chance[T](state, task)``: the outcomes of a chance task with their
  probabilities (its legal moves are the outcomes, in that order);
* ``apply[T](draft, task, move)``: carry out a move on a draft of the state
  (the task already popped off the draft's agenda);
* ``auto[T](draft, task)``: carry out an automatic task (already popped);
* ``ready[T](draft, task) -> bool``: optional, for a decision or chance task
  that may resolve itself (a turn with no action left ends; a draw from an
  empty deck reshuffles first): it may change the draft and its agenda, and
  says whether the task, still on top, now waits for a move;
* ``possible[T](state, task, move) -> bool``: optional, a cheap check that a
  move is one of a chance task's outcomes, without listing them all.

and gives the contract's ``legal_moves``, ``chance_outcomes`` and
``apply_move`` from them. ``apply_move`` copies the state into a draft
(:mod:`acreage.core.draft`), pops the top task, applies the move, carries
out automatic tasks until a decision or chance event is next, and freezes
the draft into the new state. A move is legal when it is one of the objects
``legal_moves`` just listed for that state (the usual case, checked by
identity), when ``possible`` says so, or when it equals a listed move; any
other move goes to the game's ``refuse(state, move)``, which returns the
:class:`~acreage.core.game.IllegalMoveError` saying which rule forbids it.

A game that applies only its own move objects gives ``own(state, move)``:
for a move not just listed (made by hand, unpickled, parsed), the game's own
object for it, or None when it names no move. That object is judged and
applied instead, so no stray field value of a look-alike reaches a handler.

The engine remembers the last state it listed moves for (one atomic store of
one tuple, so threads sharing an engine never see half of it): a player
that lists the moves and applies one of them pays for one listing. It
remembers the last chance outcomes it gave the same way: an outcome drawn
from them (the very object) is applied without asking ``possible`` again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from acreage.core.game import CHANCE, Chance, IllegalMoveError

__all__ = ["AUTO", "Auto", "AutoTask", "ChanceTask", "Engine", "PlayerTask", "Task"]


class Auto:
    """The actor of a task the engine carries out by itself: :data:`AUTO`."""

    _instance: ClassVar[Auto | None] = None

    def __new__(cls) -> Auto:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "AUTO"

    def __reduce__(self) -> str:
        return "AUTO"


AUTO = Auto()
"""The actor of an automatic task (never a state's ``to_move``)."""


@attrs.frozen
class Task:
    """One entry of an agenda: a frozen value naming what happens next.

    Subclass :class:`PlayerTask`, :class:`ChanceTask` or :class:`AutoTask`
    (or give ``actor`` yourself). :meth:`describe` says in words what the
    task is, for pictures, text and error messages.
    """

    @property
    def actor(self) -> int | Chance | Auto:
        """Who acts: a seat, :data:`~acreage.core.game.CHANCE` or :data:`AUTO`."""
        raise NotImplementedError(f"{type(self).__name__} names no actor")

    def describe(self) -> str:
        """What the task is, in a few words ("draw card", "player 1: place fence")."""
        words = "".join(f" {c.lower()}" if c.isupper() else c for c in type(self).__name__)
        return words.strip()


@attrs.frozen
class PlayerTask(Task):
    """A decision of the seat ``seat``."""

    seat: int

    @property
    def actor(self) -> int:
        """The seat that decides."""
        return self.seat

    def describe(self) -> str:
        """``"player <n>: <what>"``, the seat numbered as everywhere in acreage (from 0)."""
        return f"player {self.seat}: {super().describe()}"


@attrs.frozen
class ChanceTask(Task):
    """A chance event: the outcomes and their probabilities come from the engine's table."""

    actor: ClassVar[Chance] = CHANCE


@attrs.frozen
class AutoTask(Task):
    """A step the engine carries out by itself as soon as it is on top of the agenda."""

    actor: ClassVar[Auto] = AUTO


class _HasAgenda(Protocol):
    @property
    def agenda(self) -> tuple[Any, ...]: ...


class _Draft(Protocol):
    agenda: list[Any]

    def freeze(self) -> Any: ...


S = TypeVar("S", bound=_HasAgenda)
W = TypeVar("W", bound=_Draft)
M = TypeVar("M")

Outcomes = tuple[tuple[Any, Fraction], ...]


class Engine(Generic[S, W]):
    """One game's dispatch tables and the contract's functions built on them.

    See the module's docstring for what each table holds. ``draft(state)``
    makes the draft a move is applied to (a :class:`~acreage.core.draft.Draft`
    class's ``copy``); the draft's ``freeze()`` gives the next state.
    ``refuse(state, move)`` returns the error for a move that is not legal;
    ``own(state, move)``, optional, the game's own object for a move it did
    not just list (None: no move), which is then judged and applied instead.
    Every task class on an agenda must be in exactly one of ``decisions``,
    ``chance`` and ``auto``: :class:`TypeError` at construction otherwise,
    and for a ``ready``/``possible``/``apply`` entry of a task class that
    has no decisions or chance entry.
    """

    __slots__ = (
        "_apply",
        "_auto",
        "_chance",
        "_decisions",
        "_draft",
        "_drawn",
        "_last",
        "_own",
        "_possible",
        "_ready",
        "_refuse",
        "_settled",
        "_steps",
    )

    def __init__(
        self,
        *,
        draft: Callable[[S], W],
        decisions: Mapping[type, Callable[[S, Any], Sequence[Any]]],
        chance: Mapping[type, Callable[[S, Any], Outcomes]],
        apply: Mapping[type, Callable[[W, Any, Any], None]],
        auto: Mapping[type, Callable[[W, Any], None]],
        refuse: Callable[[S, object], IllegalMoveError],
        ready: Mapping[type, Callable[[W, Any], bool]] | None = None,
        possible: Mapping[type, Callable[[S, Any, Any], bool]] | None = None,
        own: Callable[[S, object], Any] | None = None,
    ) -> None:
        ready = dict(ready or {})
        possible = dict(possible or {})
        movable = set(decisions) | set(chance)
        twice = sorted(k.__name__ for k in (set(decisions) & set(chance)) | (movable & set(auto)))
        if twice:
            raise TypeError(f"Engine: tasks in more than one of decisions, chance, auto: {twice}")
        for table, what in ((apply, "apply"), (ready, "ready"), (possible, "possible")):
            stray = sorted(k.__name__ for k in set(table) - movable)
            if stray:
                raise TypeError(f"Engine: {what} entries for tasks that take no move: {stray}")
        unapplied = sorted(k.__name__ for k in movable - set(apply))
        if unapplied:
            raise TypeError(f"Engine: tasks that take a move but have no apply entry: {unapplied}")
        stray = sorted(k.__name__ for k in set(possible) - set(chance))
        if stray:
            raise TypeError(f"Engine: possible entries for tasks that are no chance event: {stray}")
        self._draft = draft
        self._decisions = dict(decisions)
        self._chance = dict(chance)
        self._apply = dict(apply)
        self._auto = dict(auto)
        self._ready = ready
        self._possible = possible
        self._refuse = refuse
        self._own = own
        # One table for run(): per task class, (True, auto step) or (False, ready check).
        steps: dict[type, tuple[bool, Callable[..., Any]]] = {k: (True, f) for k, f in auto.items()}
        steps.update((k, (False, f)) for k, f in ready.items())
        self._steps = steps
        # Task classes that wait for a move as soon as they are on top: no run() needed.
        self._settled = frozenset(movable - set(ready))
        self._last: tuple[object, tuple[Any, ...], frozenset[Any] | None] = (None, (), None)
        self._drawn: tuple[object, Outcomes] = (None, ())

    # -- the contract's functions ------------------------------------------------------

    def legal_moves(self, state: S) -> tuple[Any, ...]:
        """The top task's legal moves in their fixed order (a chance task's outcomes); () at the end."""
        cached = self._last
        if cached[0] is state:
            return cached[1]
        agenda = state.agenda
        if not agenda:
            moves: tuple[Any, ...] = ()
        else:
            task = agenda[-1]
            outcomes = self._chance.get(type(task))
            if outcomes is not None:
                moves = tuple(m for m, _ in outcomes(state, task))
            else:
                moves = tuple(self._decisions[type(task)](state, task))
        self._last = (state, moves, None)
        return moves

    def chance_outcomes(self, state: S) -> Outcomes:
        """The top chance task's outcomes with their probabilities; () when no chance event is next."""
        agenda = state.agenda
        if not agenda:
            return ()
        task = agenda[-1]
        outcomes = self._chance.get(type(task))
        if outcomes is None:
            return ()
        given = outcomes(state, task)
        self._drawn = (state, given)
        return given

    def is_legal(self, state: S, move: object) -> bool:
        """Whether ``move`` may be applied to ``state`` now."""
        agenda = state.agenda
        if not agenda:
            return False
        task = agenda[-1]
        possible = self._possible.get(type(task))
        if possible is not None:
            return possible(state, task, move)
        moves = self.legal_moves(state)
        for m in moves:
            if m is move:
                return True
        cached = self._last
        allowed = cached[2] if cached[0] is state else None
        if allowed is None:
            allowed = frozenset(moves)
            self._last = (state, moves, allowed)
        try:
            return move in allowed
        except TypeError:  # an unhashable object is no move
            return False

    def apply_move(self, state: S, move: Any) -> S:
        """The state after ``move``; the game's :class:`IllegalMoveError` if it is not legal now."""
        # Loops, not any(): a list is scanned on every move, and a generator
        # costs about twice as much per element.
        cached = self._last
        if cached[0] is state:  # the usual case: the move was just picked from legal_moves(state)
            for m in cached[1]:
                if m is move:
                    break
            else:
                move = self._admit(state, move)
        else:
            # An outcome just given by chance_outcomes(state), the very object, is admitted.
            given, outcomes = self._drawn
            if given is not state:
                move = self._admit(state, move)
            else:
                for m, _ in outcomes:
                    if m is move:
                        break
                else:
                    move = self._admit(state, move)
        w = self._draft(state)
        agenda = w.agenda
        # Popping a list's last item makes CPython shrink its buffer to 0 bytes, which goes
        # to the C library's realloc (pymalloc gives no 0-byte blocks), and the next append
        # allocates it again there: a one-task agenda, the usual one, is cleared instead,
        # which frees the buffer through pymalloc (callgrind, Fence Em In: -8.5% I1 misses).
        if len(agenda) == 1:
            task = agenda[0]
            agenda.clear()
        else:
            task = agenda.pop()
        self._apply[type(task)](w, task, move)
        # Most moves leave a decision or chance event on top that waits as it is:
        # run() is called only when there is an automatic task or a ready check to make.
        if agenda and type(agenda[-1]) not in self._settled:
            self.run(w)
        new: S = w.freeze()
        return new

    def _admit(self, state: S, move: Any) -> Any:
        """The move to apply for ``move``, not one just listed: itself if it is a possible
        chance outcome, else the game's own object for it if that is legal; else refused."""
        agenda = state.agenda
        if agenda:
            possible = self._possible.get(type(agenda[-1]))
            if possible is not None and possible(state, agenda[-1], move):
                return move
        own = move if self._own is None else self._own(state, move)
        if own is None or not self.is_legal(state, own):
            raise self._refuse(state, move)
        return own

    def run(self, w: W) -> None:
        """Carry out automatic tasks until a decision or chance event is on top (or none is left)."""
        agenda = w.agenda
        steps = self._steps
        while agenda:
            task = agenda[-1]
            step = steps.get(type(task))
            if step is None:
                known = type(task) in self._decisions or type(task) in self._chance
                if not known:
                    raise TypeError(f"no table of this engine knows the task {task!r}")
                return  # a decision or chance event that is always ready
            auto, fn = step
            if auto:
                agenda.pop()
                fn(w, task)
            elif fn(w, task):
                return

    def start(self, draft: W) -> S:
        """Run a new game's draft up to its first decision or chance event; the state."""
        self.run(draft)
        state: S = draft.freeze()
        return state
