"""A stable digest of any state: the same text in every process, on every machine.

``hash(state)`` is fast and fine for a dict in one process, but it is *per
process*: on Python 3.11 ``hash(None)`` is the object's address, and enums and
strings hash with the process's ``PYTHONHASHSEED``. :func:`digest` is what a
transposition table on disk, a de-duplicating store or a cross-process
determinism check keys by: a BLAKE2b hash of a canonical encoding of the
value, independent of addresses, hash seeds and set iteration order.

The encoding walks the value: ``None``, bools, ints, strings, Fractions,
floats, enums, tuples and lists, sets (their members' encodings sorted), and
attrs instances (class name and every field that takes part in equality).
A :class:`~acreage.core.data.DataClass` (a game's ``Rules``) is encoded by its
plain data, so two equal Rules encode alike however they were built.
"""

from __future__ import annotations

import enum
import hashlib
import json
import threading
from fractions import Fraction
from typing import Any

import attrs

from acreage.core.data import DataClass, to_data
from acreage.core.grid import Grid

__all__ = ["canonical_bytes", "digest"]

_RULES_CACHE_SIZE = 64
_rules_lock = threading.Lock()
# id(rules) -> (rules, encoding); the rules are kept alive so their id is not reused.
_rules_encodings: dict[int, tuple[Any, bytes]] = {}


@attrs.frozen
class _Fields:
    names: tuple[str, ...]
    tag: bytes


_field_cache: dict[type, _Fields] = {}


def _fields(cls: type) -> _Fields:
    known = _field_cache.get(cls)
    if known is None:
        names = tuple(f.name for f in attrs.fields(cls) if f.eq)
        tag = f"{cls.__module__}.{cls.__qualname__}".encode()
        known = _Fields(names, b"A" + str(len(tag)).encode() + b":" + tag)
        _field_cache[cls] = known  # one atomic store: threads may race, both answers agree
    return known


def _rules_bytes(rules: Any) -> bytes:
    with _rules_lock:
        known = _rules_encodings.get(id(rules))
        if known is not None and known[0] is rules:
            return known[1]
    cls = type(rules)
    text = json.dumps(to_data(rules, compact=False), sort_keys=True, separators=(",", ":"))
    tag = f"{cls.__module__}.{cls.__qualname__}"
    out = b"R" + _str(tag) + _str(text)
    with _rules_lock:
        if len(_rules_encodings) >= _RULES_CACHE_SIZE:
            _rules_encodings.clear()
        _rules_encodings[id(rules)] = (rules, out)
    return out


def _str(text: str) -> bytes:
    data = text.encode("utf-8", "surrogatepass")
    return str(len(data)).encode() + b":" + data


def _encode(value: Any, out: list[bytes]) -> None:
    if value is None:
        out.append(b"N")
    elif value is True:
        out.append(b"T")
    elif value is False:
        out.append(b"F")
    elif isinstance(value, int):
        out.append(b"i%d;" % value)
    elif isinstance(value, str):
        out.append(b"s" + _str(value))
    elif isinstance(value, tuple | list):
        out.append(b"(")
        for item in value:
            _encode(item, out)
        out.append(b")")
    elif isinstance(value, frozenset | set):
        members = []
        for item in value:
            part: list[bytes] = []
            _encode(item, part)
            members.append(b"".join(part))
        out.append(b"{" + b"".join(sorted(members)) + b"}")
    elif isinstance(value, DataClass):
        out.append(_rules_bytes(value))
    elif attrs.has(type(value)):
        fields = _fields(type(value))
        out.append(fields.tag)
        for name in fields.names:
            _encode(getattr(value, name), out)
        out.append(b";")
    elif isinstance(value, enum.Enum):
        cls = type(value)
        out.append(b"E" + _str(f"{cls.__module__}.{cls.__qualname__}"))
        _encode(value.value, out)
    elif isinstance(value, Fraction):
        out.append(b"q%d/%d;" % (value.numerator, value.denominator))
    elif isinstance(value, float):
        out.append(b"f" + _str(value.hex()))
    elif isinstance(value, bytes):
        out.append(b"b" + str(len(value)).encode() + b":" + value)
    elif isinstance(value, Grid):
        out.append(b"G" + _str(repr(value)))
    else:
        raise TypeError(f"cannot digest a {type(value).__name__}: it is not plain state data")


def canonical_bytes(value: Any) -> bytes:
    """The canonical encoding :func:`digest` hashes (see the module docstring)."""
    out: list[bytes] = []
    _encode(value, out)
    return b"".join(out)


def digest(value: Any) -> str:
    """A 32-hex-digit BLAKE2b digest of ``value``, equal across processes and machines.

    Equal states have equal digests; different states differ but for a
    2**-128 chance.

    >>> from acreage.core.digest import digest
    >>> digest((1, "a", frozenset({3, 2}))) == digest((1, "a", frozenset({2, 3})))
    True
    """
    return hashlib.blake2b(canonical_bytes(value), digest_size=16).hexdigest()
