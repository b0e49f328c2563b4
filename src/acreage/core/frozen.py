"""Quick constructors for frozen attrs classes on an engine's hot path.

A frozen attrs class sets each field in ``__init__`` through
``object.__setattr__``, about three times the cost of filling its slots
through their descriptors. An engine that builds a few small frozen values for
every move (a state, a task, a region) may call :func:`builder` once per class
and build them with the function it gives: the value is the same (equal,
hashing alike, just as frozen), only quicker to make.

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int
>>> point = builder(Point)
>>> point(1, 2) == Point(1, 2)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["builder", "caches_hash", "replaced"]

T = TypeVar("T")

CACHED_HASH = "_attrs_cached_hash"
"""The slot attrs adds for ``cache_hash=True``: ``None`` until the hash is first asked for."""


def builder(cls: type[T]) -> Callable[..., T]:
    """A constructor for the frozen, slotted attrs class ``cls`` taking every field
    positionally, in order, that fills the slots directly.

    :class:`TypeError` for a class it cannot build exactly: one that is not an
    attrs class with slots, or has a field with a converter, a validator, or
    ``init=False`` (``__init__`` would do more than store the arguments).
    Defaults do not apply: every field is given.
    """
    if not attrs.has(cls) or "__slots__" not in vars(cls):
        raise TypeError(f"builder: {cls.__name__} is not a slotted attrs class")
    fields = attrs.fields(cls)
    if hasattr(cls, "__attrs_pre_init__") or hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"builder: {cls.__name__} has __attrs_pre_init__ or __attrs_post_init__")
    for a in fields:
        if a.converter is not None or a.validator is not None or not a.init:
            raise TypeError(
                f"builder: {cls.__name__}.{a.name} has a converter, a validator or init=False"
            )
    names = [a.name for a in fields]
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    for n in names:
        namespace[f"set_{n}"] = _slot(cls, n).__set__
    body = "".join(f"    set_{n}(obj, {n})\n" for n in names)
    if caches_hash(cls):
        namespace["set_hash"] = _slot(cls, CACHED_HASH).__set__
        body += "    set_hash(obj, None)\n"
    source = f"def build({', '.join(names)}):\n    obj = new(cls)\n{body}    return obj\n"
    exec(source, namespace)  # the same technique attrs uses for __init__
    build: Callable[..., T] = namespace["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__doc__ = f"``{cls.__name__}({', '.join(names)})``, built by filling its slots."
    return build


def caches_hash(cls: type) -> bool:
    """Whether the attrs class ``cls`` keeps its hash in a slot (``cache_hash=True``), which a
    builder must clear: the slot is named by :data:`CACHED_HASH`."""
    return any(CACHED_HASH in vars(k).get("__slots__", ()) for k in cls.__mro__)


def _slot(cls: type, name: str) -> Any:
    """The slot descriptor for ``name`` (on ``cls`` or the base that declares it)."""
    for k in cls.__mro__:
        if name in vars(k) and hasattr(vars(k)[name], "__set__"):
            return vars(k)[name]
    raise TypeError(f"builder: {cls.__name__} has no slot {name!r}")


def replaced(items: tuple[T, ...], i: int, item: T) -> tuple[T, ...]:
    """``items`` with ``item`` at index ``i``: how a move's step changes one seat's piece
    in a state's tuple of them (``w.farms = replaced(w.farms, seat, farm)``).

    A list round trip, the quickest way for the few items of a seat tuple
    (half the cost of joining two slices around it). IndexError for an ``i``
    outside ``items``.
    """
    out = list(items)
    out[i] = item
    return tuple(out)
