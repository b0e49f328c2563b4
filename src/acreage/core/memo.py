"""A memo of one entry, by identity: ``f(x)`` remembered for the last ``x`` asked about.

States are immutable and successive states share most of their parts, so the
same object is asked about again and again: an agent rates one state for every
seat in turn, an observation counts a deck the last move left alone. A memo of
one entry, compared by identity, catches those repeats for the cost of one
``is``, and holds nothing alive but the last object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["IdentityMemo"]

K = TypeVar("K")
T = TypeVar("T")


class IdentityMemo(Generic[K, T]):
    """``f(x)``, remembered for the last ``x`` it was asked about (by identity).

    The entry is one tuple stored at once, so threads sharing the memo never see
    half of one (at worst two threads both work the value out).

    >>> calls = []
    >>> double = IdentityMemo(lambda s: calls.append(s) or s * 2)
    >>> state = ("a state",)
    >>> double(state), double(state), len(calls)
    (('a state', 'a state'), ('a state', 'a state'), 1)
    """

    __slots__ = ("_f", "_last")

    def __init__(self, f: Callable[[K], T]) -> None:
        self._f = f
        self._last: tuple[object, T | None] = (None, None)

    def __call__(self, key: K) -> T:
        """``f(key)``, worked out unless ``key`` is the object asked about last."""
        last, value = self._last
        if last is not key:
            value = self._f(key)
            self._last = (key, value)
        return value  # type: ignore[return-value]
