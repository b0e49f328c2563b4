"""Drafts: a mutable copy of a frozen state, changed by one move, frozen into the next state.

An engine applies a move by copying the state into something it may change,
running the move's steps on it, and building one new frozen state at the end.
Writing that copy by hand repeats every field of the state twice more (copy
in, copy out), and the three lists drift apart the day a field is added. A
draft class is generated from the state's attrs fields instead, so it has
exactly the state's fields, always:

>>> import attrs
>>> @attrs.frozen
... class State:
...     turn: int
...     scores: tuple[int, ...]
...     agenda: tuple[str, ...] = ()
>>> StateDraft = draft_type(State, lists=("agenda",))
>>> w = StateDraft.copy(State(0, (0, 0)))
>>> w.turn += 1
>>> w.agenda.append("score")        # a list while drafting, a tuple again when frozen
>>> w.freeze()
State(turn=1, scores=(0, 0), agenda=('score',))

A game that keeps scratch values beside the fields (a table looked up once,
a mask of what changed) or wants methods on its draft subclasses
:class:`Draft`, naming the state in the class line; its own ``__slots__``
hold the scratch values, and annotations may give the fields' types to the
type checker (they are checked against the state's fields, so they cannot
drift either):

>>> class Work(Draft[State], of=State, lists=("agenda",)):
...     __slots__ = ("moves",)
...     agenda: list[str]
...
...     @classmethod
...     def copy(cls, state: State) -> "Work":
...         w = super().copy(state)
...         w.moves = 0
...         return w
>>> w = Work.copy(State(0, (0, 0)))
>>> w.moves, w.freeze() == State(0, (0, 0))
(0, True)

Scratch values that every draft starts with the same way can instead be
generated into ``copy`` and ``freeze``, which saves the two calls an
override adds to every move: ``scratch`` gives slots and their starting
values (shared, so immutable ones), ``lookup`` slots and the attribute
path, from the state, of their values (looked up once a move), and
``flush`` a scratch slot and the method ``freeze`` calls first when that
slot is true (a mark that some fields are stale, and what brings them up
to date):

>>> class Tally(Draft[State], of=State, lists=("agenda",), scratch={"moved": 0},
...             lookup={"start": "turn"}, flush={"moved": "settle"}):
...     def settle(self) -> None:
...         self.agenda.append(f"moved from {self.start}")
...         self.moved = 0
>>> w = Tally.copy(State(3, (0, 0)))
>>> w.moved, w.start, w.freeze().agenda
(0, 3, ())
>>> w.moved = 1
>>> w.freeze().agenda
('moved from 3',)

Copying a field in and out costs one attribute store each: the state's
values are shared, never copied (they are immutable), except the ``lists``
fields, which are copied into lists and back into tuples. When the state's
``__init__`` would do nothing more than store its arguments, ``freeze``
fills a settable twin of the state's class with plain stores and then makes
it the state (CPython allows assigning ``__class__`` between two classes of
one layout): the new state is of the state's own type, equal and hashing
alike, and as frozen as one the constructor built, at a third of the cost of
setting a frozen class's slots one by one. Otherwise it calls the
constructor. That trick lives here, generated from the fields and tested
once, so no game needs one of its own.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar, cast

import attrs

from acreage.core.frozen import CACHED_HASH, builder, caches_hash

__all__ = ["Draft", "draft_type"]

S = TypeVar("S")


class _DraftMeta(type):
    """Makes the slots, ``copy`` and ``freeze`` of a :class:`Draft` subclass from ``of``'s fields."""

    def __new__(
        mcls,
        name: str,
        bases: tuple[type, ...],
        namespace: dict[str, Any],
        *,
        of: type | None = None,
        lists: Iterable[str] = (),
        scratch: Mapping[str, object] | None = None,
        lookup: Mapping[str, str] | None = None,
        flush: Mapping[str, str] | None = None,
    ) -> _DraftMeta:
        if of is None:
            drafts = [b for b in bases if isinstance(b, _DraftMeta)]
            if drafts and all(getattr(b, "_state", None) is None for b in drafts):
                raise TypeError(f"{name}: say which state it drafts: class {name}(Draft, of=State)")
            return super().__new__(mcls, name, bases, namespace)
        fields = _fields(of)
        names = tuple(f.name for f in fields)
        listed = tuple(lists)
        if isinstance(lists, str):
            raise TypeError(f"{name}: lists is a tuple of field names, not {lists!r}")
        unknown = [n for n in listed if n not in names]
        if unknown:
            raise TypeError(f"{name}: lists names no field of {of.__name__}: {', '.join(unknown)}")
        own = namespace.get("__slots__", ())
        own = (own,) if isinstance(own, str) else tuple(own)
        scratch = dict(scratch or {})
        lookup = dict(lookup or {})
        flush = dict(flush or {})
        _check_scratch(name, of, names, scratch, lookup, flush)
        extra = (*scratch, *lookup)
        clash = sorted(set(own) & {*names, *extra})
        if clash:
            raise TypeError(
                f"{name}: __slots__ repeats fields of {of.__name__} or scratch slots, which the"
                f" draft has already: {', '.join(clash)}"
            )
        stray = sorted(
            n
            for n in namespace.get("__annotations__", {})
            if n not in names and n not in own and n not in extra
        )
        if stray:
            raise TypeError(
                f"{name}: annotations name no field of {of.__name__} and no slot: {', '.join(stray)}"
            )
        _check_types(name, of, fields, listed, namespace.get("__annotations__", {}))
        # The generated methods live on a base of their own, so the class being
        # made can extend them with super().copy(...) / super().freeze().
        base = super().__new__(
            mcls,
            f"{name}Fields",
            bases,
            {
                "__slots__": (*names, *extra),
                "__module__": namespace.get("__module__", __name__),
                "__qualname__": f"{namespace.get('__qualname__', name)}Fields",
                "__doc__": f"The fields of {of.__name__}, settable; made by draft_type.",
                "_state": of,
                "_lists": listed,
                "copy": classmethod(_make_copy(names, listed, scratch, lookup)),
                "freeze": _make_freeze(of, names, listed, flush),
            },
        )
        namespace = dict(namespace)
        namespace["__slots__"] = own
        cls = super().__new__(mcls, name, (base,), namespace)
        unmade = sorted(m for m in flush.values() if not callable(getattr(cls, m, None)))
        if unmade:
            raise TypeError(f"{name}: flush names no method of {name}: {', '.join(unmade)}")
        return cls

    def __init__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **_: Any):
        super().__init__(name, bases, namespace)


def _fields(of: type) -> tuple[attrs.Attribute[Any], ...]:
    if not attrs.has(of):
        raise TypeError(f"draft_type: {of!r} is not an attrs class")
    fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(of)
    hidden = [f.name for f in fields if not f.init]
    if hidden:
        raise TypeError(
            f"draft_type: {of.__name__} has fields its constructor does not take:"
            f" {', '.join(hidden)}"
        )
    return fields


def _check_scratch(
    name: str,
    of: type,
    names: tuple[str, ...],
    scratch: dict[str, object],
    lookup: dict[str, str],
    flush: dict[str, str],
) -> None:
    """TypeError when a scratch or lookup slot is no identifier or repeats a field or another
    slot, a lookup path does not start at a field, or ``flush`` keys a slot that is no
    scratch slot."""
    slots = [*scratch, *lookup]
    bad = sorted(repr(n) for n in [*slots, *flush.values()] if not _is_name(n))
    if bad:
        raise TypeError(
            f"{name}: scratch and lookup slots and flush methods must be Python names,"
            f" not {', '.join(bad)}"
        )
    twice = sorted({n for n in slots if n in names or slots.count(n) > 1})
    if twice:
        raise TypeError(
            f"{name}: scratch and lookup slots repeat fields of {of.__name__} or each other:"
            f" {', '.join(twice)}"
        )
    for slot, path in lookup.items():
        parts = path.split(".") if isinstance(path, str) else [""]
        if parts[0] not in names or not all(_is_name(p) for p in parts):
            raise TypeError(
                f"{name}: lookup {slot!r}: {path!r} is no attribute path from a field of"
                f" {of.__name__}"
            )
    loose = sorted(n for n in flush if n not in scratch)
    if loose:
        raise TypeError(f"{name}: flush keys no scratch slot: {', '.join(loose)}")


def _is_name(text: object) -> bool:
    """Whether ``text`` may name an attribute in generated code."""
    return isinstance(text, str) and text.isidentifier() and not keyword.iskeyword(text)


def _check_types(
    name: str,
    of: type,
    fields: tuple[attrs.Attribute[Any], ...],
    lists: tuple[str, ...],
    annotations: dict[str, Any],
) -> None:
    """TypeError when an annotation of a field reads otherwise than the state's own (a lists
    field as ``list[X]`` for the state's ``tuple[X, ...]``), so a draft's listing of its
    fields' types cannot drift from the state's either.

    Annotations are compared as written (strings, under ``from __future__ import
    annotations``); one that is not a string on either side is not compared.
    """
    wrong: list[str] = []
    for f in fields:
        mine = annotations.get(f.name)
        theirs: object = f.type  # a string under postponed annotations, whatever attrs types it as
        if not isinstance(mine, str) or not isinstance(theirs, str):
            continue
        expected = " ".join(theirs.split())
        if f.name in lists:
            if not (expected.startswith("tuple[") and expected.endswith(", ...]")):
                continue
            expected = f"list[{expected[6:-6]}]"
        if " ".join(mine.split()) != expected:
            wrong.append(f"{f.name}: {mine} (the state's reads {expected})")
    if wrong:
        raise TypeError(f"{name}: annotations differ from {of.__name__}'s: {'; '.join(wrong)}")


def _make_copy(
    names: tuple[str, ...],
    lists: tuple[str, ...],
    scratch: dict[str, object],
    lookup: dict[str, str],
) -> Callable[..., Any]:
    lines = [
        f"    w.{n} = list(state.{n})\n" if n in lists else f"    w.{n} = state.{n}\n"
        for n in names
    ]
    lines += [f"    w.{n} = state.{path}\n" for n, path in lookup.items()]
    lines += [f"    w.{n} = start_{n}\n" for n in scratch]
    source = f"def copy(cls, state):\n    w = new(cls)\n{''.join(lines)}    return w\n"
    namespace: dict[str, Any] = {"new": object.__new__}
    namespace.update((f"start_{n}", value) for n, value in scratch.items())
    exec(source, namespace)  # generated from the fields, as attrs makes __init__
    copy: Callable[..., Any] = namespace["copy"]
    copy.__doc__ = "A draft holding ``state``'s values (its lists fields copied into lists)."
    return copy


def _make_freeze(
    of: type, names: tuple[str, ...], lists: tuple[str, ...], flush: dict[str, str]
) -> Callable[..., Any]:
    values = {n: f"tuple(self.{n})" if n in lists else f"self.{n}" for n in names}
    first = "".join(f"    if self.{n}:\n        self.{m}()\n" for n, m in flush.items())
    namespace: dict[str, Any] = {"new": object.__new__, "of": of}
    unfrozen = _unfrozen(of)
    if unfrozen is not None:
        # Plain stores into a settable twin of the state, then the twin becomes
        # the state (see _unfrozen): one store a field, the cheapest there is.
        namespace["twin"] = unfrozen
        namespace["become"] = object.__setattr__
        stores = "".join(f"    s.{n} = {v}\n" for n, v in values.items())
        if caches_hash(of):
            stores += f"    s.{CACHED_HASH} = None\n"
        source = (
            f"def freeze(self):\n{first}    s = new(twin)\n{stores}"
            "    become(s, '__class__', of)\n    return s\n"
        )
    else:
        try:
            namespace["build"] = builder(of)
        except TypeError:  # converters, validators or no slots: the constructor must run
            namespace["build"] = of
        source = f"def freeze(self):\n{first}    return build({', '.join(values.values())})\n"
    exec(source, namespace)
    freeze: Callable[..., Any] = namespace["freeze"]
    freeze.__doc__ = f"The {of.__name__} holding the draft's values (lists back into tuples)."
    return freeze


def _unfrozen(of: type) -> type | None:
    """A subclass of ``of`` with ``of``'s very layout whose slots plain stores may set, or
    ``None`` when ``of`` cannot be built that way.

    A frozen attrs class refuses ``obj.field = value``; setting its slots
    through their descriptors or ``object.__setattr__`` costs three to six
    times a plain store. The twin adds no slot and takes back
    ``object.__setattr__``, so a draft fills one with plain stores; then the
    twin's instance is made an instance of ``of`` (CPython allows assigning
    ``__class__`` between classes of one layout), indistinguishable from one
    ``of(...)`` built: same type, equal, hashing alike, frozen. The twin never
    escapes ``freeze``.

    Only for a class whose ``__init__`` would store its arguments and do
    nothing more (what :func:`~acreage.core.frozen.builder` accepts), and
    only when CPython agrees to the class change, which is tried once here.
    """
    try:
        builder(of)
    except TypeError:
        return None
    twin = type(
        f"{of.__name__}Unfrozen",
        (of,),
        {
            "__slots__": (),
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__module__": of.__module__,
            "__doc__": f"A {of.__name__} being filled by a draft's freeze; never seen outside it.",
        },
    )
    probe: Any = object.__new__(twin)
    try:
        object.__setattr__(probe, "__class__", of)
    except TypeError:  # a layout CPython will not switch (another implementation, say)
        return None
    return twin


class Draft(Generic[S], metaclass=_DraftMeta):
    """Base of draft classes: subclass it as ``class Work(Draft[State], of=State, lists=(...))``.

    The subclass has a slot for every field of ``State``, ``Work.copy(state)``
    and ``work.freeze()``; see the module's docstring.
    """

    __slots__ = ()
    _state: type | None = None
    _lists: tuple[str, ...] = ()

    @classmethod
    def copy(cls, state: S) -> Self:  # replaced by the generated method
        """A draft holding ``state``'s values."""
        raise TypeError(f"{cls.__name__} drafts no state: subclass it with of=State")

    def freeze(self) -> S:  # replaced by the generated method
        """The state holding the draft's values."""
        raise TypeError(f"{type(self).__name__} drafts no state")

    if TYPE_CHECKING:
        # For the type checker only: a draft has every field of its state,
        # typed Any unless the subclass annotates it.
        def __getattr__(self, name: str) -> Any: ...

        def __setattr__(self, name: str, value: Any) -> None: ...


def draft_type(of: type[S], *, lists: Iterable[str] = ()) -> type[Draft[S]]:
    """A :class:`Draft` class for the attrs class ``of``: its fields as settable slots.

    ``lists`` names the fields (tuples in the state) that the draft holds as
    lists, to append to or change in place. :class:`TypeError` when ``of`` is
    no attrs class, has a field its constructor does not take, or ``lists``
    names no field.
    """
    cls = _DraftMeta(
        f"{of.__name__}Draft",
        (Draft,),
        {"__module__": of.__module__, "__slots__": ()},
        of=of,
        lists=lists,
    )
    return cast("type[Draft[S]]", cls)
