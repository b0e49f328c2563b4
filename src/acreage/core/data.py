"""Plain data for attrs classes: Rules to JSON/TOML and back, with typed errors.

Every game's ``Rules`` is a frozen attrs class holding options and component
data. :class:`DataClass` gives such a class ``to_data()`` (plain dicts, lists,
strings, ints and bools, ready for JSON), ``from_data(mapping)`` and
``from_toml(path)``, driven by the field annotations. Loading checks every
value and raises :class:`~acreage.core.game.RulesError` naming the field
(``bag[2].count: expected int, got 'two'``), so a broken data file never makes
a half-built Rules.

Supported annotations: ``int``, ``bool``, ``str``, ``float``, ``Fraction``
(``"3/4"`` or an int), ``None``, unions and ``X | None``, ``Literal``, enums
(by value), ``tuple[X, ...]``, fixed tuples, ``frozenset[X]`` and nested attrs
classes (tables). Fields declared with ``init=False`` are derived and skipped.

Fields marked ``metadata={"primary": True}`` (the player count, a mode) are
always written; other fields are written only where they differ from the
defaults those primary fields imply, so a record of a standard game stays
short.
"""

from __future__ import annotations

import enum
import tomllib
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import attrs

from acreage.core.game import RulesError

__all__ = ["PRIMARY", "DataClass", "from_data", "load_toml", "to_data"]

PRIMARY: Mapping[str, Any] = types.MappingProxyType({"primary": True})
"""Field metadata for the fields that pick the other fields' defaults."""

T = TypeVar("T")
D = TypeVar("D", bound="DataClass")


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _plain(value: Any) -> Any:
    if attrs.has(type(value)):
        return to_data(value, compact=False)
    if isinstance(value, bool | int | str | float) or value is None:
        return value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, frozenset):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    raise TypeError(f"cannot turn {type(value).__name__} into plain data")


def to_data(obj: Any, *, compact: bool = True) -> dict[str, Any]:
    """Plain data for attrs instance ``obj`` (see the module docstring for ``compact``)."""
    cls = type(obj)
    fields = [f for f in attrs.fields(cls) if f.init]
    base = None
    if compact:
        primary = {f.name: getattr(obj, f.name) for f in fields if f.metadata.get("primary")}
        try:
            base = cls(**primary)
        except (TypeError, ValueError, RulesError):
            base = None
    out: dict[str, Any] = {}
    for f in fields:
        value = getattr(obj, f.name)
        if base is not None and not f.metadata.get("primary") and getattr(base, f.name) == value:
            continue
        out[f.name] = _plain(value)
    return out


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _convert(tp: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return value
    if tp is type(None) or tp is None:
        if value is not None:
            raise RulesError(f"{where}: expected nothing (null), got {_describe(value)}")
        return None
    if origin in (typing.Union, types.UnionType):
        expected = []
        for alt in args:
            try:
                return _convert(alt, value, where)
            except RulesError as e:
                expected.append(str(e).split(": ", 1)[-1].rsplit(", got ", 1)[0])
        raise RulesError(f"{where}: {' or '.join(expected)}, got {_describe(value)}")
    if origin is typing.Literal:
        if value in args and type(value) in {type(a) for a in args}:
            return value
        choices = ", ".join(repr(a) for a in args)
        raise RulesError(f"{where}: expected one of {choices}, got {_describe(value)}")
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(value)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in tp)
            raise RulesError(
                f"{where}: expected one of {choices}, got {_describe(value)}"
            ) from None
    if tp is bool:
        if not isinstance(value, bool):
            raise RulesError(f"{where}: expected true or false, got {_describe(value)}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"{where}: expected an integer, got {_describe(value)}")
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise RulesError(f"{where}: expected a number, got {_describe(value)}")
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            raise RulesError(f"{where}: expected a string, got {_describe(value)}")
        return value
    if tp is Fraction:
        if isinstance(value, bool) or not isinstance(value, int | str | Fraction):
            raise RulesError(f"{where}: expected a fraction like '3/4', got {_describe(value)}")
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise RulesError(
                f"{where}: expected a fraction like '3/4', got {_describe(value)}"
            ) from None
    if origin in (tuple, frozenset):
        if not isinstance(value, list | tuple):
            raise RulesError(f"{where}: expected a list, got {_describe(value)}")
        if origin is frozenset:
            return frozenset(_convert(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise RulesError(f"{where}: expected a list of {len(args)}, got {len(value)} items")
        return tuple(
            _convert(a, v, f"{where}[{i}]")
            for i, (a, v) in enumerate(zip(args, value, strict=True))
        )
    if isinstance(tp, type) and attrs.has(tp):
        return from_data(tp, value, where=where)
    raise TypeError(f"{where}: annotation {tp!r} is not supported by acreage.core.data")


def from_data(cls: type[T], data: Any, *, where: str = "") -> T:
    """Build attrs class ``cls`` from plain ``data``; :class:`RulesError` on any bad value."""
    name = where or cls.__name__
    if not isinstance(data, Mapping):
        raise RulesError(f"{name}: expected a table of fields, got {_describe(data)}")
    hints = _hints(cls)
    fields = {f.name: f for f in attrs.fields(cls) if f.init}  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(fields), key=str)
    if unknown:
        raise RulesError(f"{name}: unknown field {unknown[0]!r} (fields: {', '.join(fields)})")
    kwargs = {}
    for key, value in data.items():
        path = f"{where}.{key}" if where else key
        kwargs[fields[key].alias or key] = _convert(hints[key], value, path)
    try:
        return cls(**kwargs)
    except RulesError as e:
        raise RulesError(f"{where}: {e}" if where else str(e)) from None
    except (TypeError, ValueError) as e:
        raise RulesError(f"{name}: {e}") from None


def load_toml(cls: type[T], path: str | Path) -> T:
    """Read a TOML file of ``cls``'s fields; :class:`RulesError` on a broken file."""
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise RulesError(f"{path}: cannot read: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise RulesError(f"{path}: not valid TOML: {e}") from None
    try:
        return from_data(cls, data)
    except RulesError as e:
        raise RulesError(f"{path}: {e}") from None


class DataClass:
    """Mixin for attrs classes that travel as plain data (a game's ``Rules``)."""

    __slots__ = ()

    def to_data(self) -> dict[str, Any]:
        """Plain data (JSON-ready) that :meth:`from_data` turns back into an equal object."""
        return to_data(self)

    @classmethod
    def from_data(cls: type[D], data: Mapping[str, Any]) -> D:
        """Build from plain data; :class:`~acreage.RulesError` names any bad field."""
        return from_data(cls, data)

    @classmethod
    def from_toml(cls: type[D], path: str | Path) -> D:
        """Build from a TOML file of fields (partial: missing fields keep their defaults)."""
        return load_toml(cls, path)
