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

One validation path
-------------------
A :class:`DataClass` is checked the same way however it is made: by its
constructor, by ``attrs.evolve``, by :meth:`DataClass.from_data` or by
:meth:`DataClass.from_toml`. Before ``__init__`` runs, unknown keyword
arguments are refused with the close names (``bord_size`` -> ``board_size``)
and missing required fields are named; after it, every field is checked
against its annotation (a list is accepted where a tuple is declared and
stored as a tuple; ``16.0`` is not an ``int``; a ``Literal`` takes only its
choices), then against the bounds in its metadata (:func:`limits`), and last
the class's own :meth:`DataClass._validate` checks how fields fit together.
Every failure is a :class:`~acreage.core.game.RulesError` naming the field.

Bounds keep a Rules from untrusted input (a record, a TOML file, a command
line) within memory and time proportional to a real game: every size, count
and range of a bundled game has one, and :func:`field_limits` lists them.
"""

from __future__ import annotations

import difflib
import enum
import functools
import tomllib
import types
import typing
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import attrs

from acreage.core.game import RulesError, shorten

__all__ = [
    "PRIMARY",
    "DataClass",
    "Limits",
    "check_fields",
    "field_limits",
    "from_data",
    "limits",
    "load_toml",
    "to_data",
]

PRIMARY: Mapping[str, Any] = types.MappingProxyType({"primary": True})
"""Field metadata for the fields that pick the other fields' defaults."""


@attrs.frozen
class Limits:
    """The bounds of one field: every int in it lies in ``low..high``; a
    tuple or set holds at most ``items`` members."""

    low: int | None = None
    high: int | None = None
    items: int | None = None

    def describe(self) -> str:
        """The bounds as text: ``2 to 4``, ``at most 40 items``."""
        parts = []
        if self.low is not None and self.high is not None:
            parts.append(f"{self.low} to {self.high}")
        elif self.low is not None:
            parts.append(f"at least {self.low}")
        elif self.high is not None:
            parts.append(f"at most {self.high}")
        if self.items is not None:
            parts.append(f"at most {self.items} items")
        return ", ".join(parts)


def limits(
    low: int | None = None,
    high: int | None = None,
    *,
    items: int | None = None,
    primary: bool = False,
) -> Mapping[str, Any]:
    """Field metadata bounding a field: ``attrs.field(default=4, metadata=limits(1, 20))``.

    ``low``/``high`` bound every int in the field (the field itself, or each
    int inside a tuple of ints or of pairs); ``items`` bounds the length of
    a tuple or set field. ``primary`` marks the field as :data:`PRIMARY` too.
    """
    meta: dict[str, Any] = {"limits": Limits(low, high, items)}
    if primary:
        meta["primary"] = True
    return types.MappingProxyType(meta)


def field_limits(cls: type) -> dict[str, Limits]:
    """The bounded fields of attrs class ``cls`` and their :class:`Limits`, in field order."""
    return {
        f.name: f.metadata["limits"] for f in attrs.fields(cls) if f.init and "limits" in f.metadata
    }


T = TypeVar("T")
D = TypeVar("D", bound="DataClass")


def _hints(cls: Any) -> dict[str, Any]:
    return _cached_hints(cls)


@functools.cache
def _cached_hints(cls: Any) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@functools.cache
def _signature(cls: type) -> tuple[tuple[str, ...], frozenset[str]]:
    """The init argument names of attrs class ``cls`` in order, and the required ones."""
    fields = [f for f in attrs.fields(cls) if f.init]
    names = tuple(f.alias or f.name for f in fields)
    required = frozenset(f.alias or f.name for f in fields if f.default is attrs.NOTHING)
    return names, required


def _close(name: object, names: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(str(name), names, n=3, cutoff=0.6)
    if close:
        return f"did you mean {' or '.join(repr(c) for c in close)}?"
    return f"fields: {', '.join(names)}"


def _check_arguments(cls: type, args: tuple[Any, ...], names_given: Any, where: str) -> None:
    """Refuse unknown, doubled and missing init arguments with a :class:`RulesError`."""
    names, required = _signature(cls)
    if len(args) > len(names):
        raise RulesError(f"{where}: takes at most {len(names)} values in order, got {len(args)}")
    given = set(names[: len(args)])
    for key in names_given:
        if key not in names:
            raise RulesError(f"{where}: unknown field {_describe(key)}; {_close(key, names)}")
        if key in given:
            raise RulesError(f"{where}: field {key!r} is given twice")
        given.add(key)
    missing = sorted(required - given, key=names.index)
    if missing:
        raise RulesError(f"{where}: missing field {missing[0]!r}")


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
    return shorten(value, 40)


def _convert(tp: Any, value: Any, where: str) -> Any:
    """``value`` as annotation ``tp`` declares it (a list as a tuple, a text as a
    Fraction...); :class:`RulesError` naming ``where`` when it does not fit."""
    if tp is Any:
        return value
    if tp is type(None) or tp is None:
        return _convert_none(value, where)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return _convert_union(args, value, where)
    if origin is typing.Literal:
        return _convert_literal(args, value, where)
    if origin in (tuple, frozenset):
        return _convert_collection(origin, args, value, where)
    if tp in _SCALARS:
        return _convert_scalar(tp, value, where)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _convert_enum(tp, value, where)
    if isinstance(tp, type) and attrs.has(tp):
        return _convert_attrs(tp, value, where)
    raise TypeError(f"{where}: annotation {tp!r} is not supported by acreage.core.data")


def _convert_none(value: Any, where: str) -> None:
    """``None``, the only value of a ``None`` annotation."""
    if value is not None:
        raise RulesError(f"{where}: expected nothing (null), got {_describe(value)}")


def _convert_union(alternatives: tuple[Any, ...], value: Any, where: str) -> Any:
    """``value`` as the first of the ``alternatives`` it fits; the error lists what each expected."""
    expected = []
    for alt in alternatives:
        try:
            return _convert(alt, value, where)
        except RulesError as e:
            expected.append(str(e).split(": ", 1)[-1].rsplit(", got ", 1)[0])
    raise RulesError(f"{where}: {' or '.join(expected)}, got {_describe(value)}")


def _convert_literal(choices: tuple[Any, ...], value: Any, where: str) -> Any:
    """``value`` when it is one of the ``Literal``'s ``choices``, of the same type (not
    ``True`` for ``1``)."""
    if value in choices and type(value) in {type(c) for c in choices}:
        return value
    listed = ", ".join(repr(c) for c in choices)
    raise RulesError(f"{where}: expected one of {listed}, got {_describe(value)}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _same(value: Any) -> Any:
    return value


_SCALARS: dict[type, tuple[str, Callable[[Any], bool], Callable[[Any], Any]]] = {
    bool: ("true or false", lambda v: isinstance(v, bool), _same),
    int: ("an integer", _is_int, _same),
    float: ("a number", lambda v: _is_int(v) or isinstance(v, float), float),
    str: ("a string", lambda v: isinstance(v, str), _same),
    Fraction: (
        "a fraction like '3/4'",
        lambda v: _is_int(v) or isinstance(v, str | Fraction),
        Fraction,
    ),
}
"""Per scalar annotation: what a value must be (for the error), whether ``value`` is
of an accepted type (never a bool for a number: ``true`` is no count), and how it is
stored."""


def _convert_scalar(tp: type, value: Any, where: str) -> Any:
    """``value`` as the scalar type ``tp`` (see :data:`_SCALARS`)."""
    expected, accepts, make = _SCALARS[tp]
    if accepts(value):
        try:
            return make(value)
        except (ValueError, ZeroDivisionError):  # a text that is no fraction, or "1/0"
            pass
    raise RulesError(f"{where}: expected {expected}, got {_describe(value)}")


def _convert_enum(tp: type[enum.Enum], value: Any, where: str) -> enum.Enum:
    """The member of enum ``tp`` whose value is ``value``."""
    try:
        return tp(value)
    except ValueError:
        choices = ", ".join(repr(m.value) for m in tp)
        raise RulesError(f"{where}: expected one of {choices}, got {_describe(value)}") from None


def _convert_collection(
    origin: type, args: tuple[Any, ...], value: Any, where: str
) -> tuple[Any, ...] | frozenset[Any]:
    """A list (or for a ``frozenset``, a set) as ``tuple[X, ...]``, a fixed tuple or
    ``frozenset[X]``, each member converted and named by its index."""
    if origin is frozenset and isinstance(value, set | frozenset):
        value = sorted(value, key=repr)
    if not isinstance(value, list | tuple):
        raise RulesError(f"{where}: expected a list, got {_describe(value)}")
    if origin is frozenset:
        return frozenset(_convert(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_convert(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
    if len(value) != len(args):
        raise RulesError(f"{where}: expected a list of {len(args)}, got {len(value)} items")
    return tuple(
        _convert(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, value, strict=True))
    )


def _convert_attrs(tp: type, value: Any, where: str) -> Any:
    """An instance of attrs class ``tp``, checked, or one built from a table of its fields."""
    if isinstance(value, tp):
        if not isinstance(value, DataClass):
            check_fields(value, where=where)
        return value
    if not isinstance(value, Mapping):
        raise RulesError(
            f"{where}: expected a {tp.__name__} or a table of its fields, got {_describe(value)}"
        )
    return from_data(tp, value, where=where)


def from_data(cls: type[T], data: Any, *, where: str = "") -> T:
    """Build attrs class ``cls`` from plain ``data``; :class:`RulesError` on any bad value."""
    name = where or cls.__name__
    if not isinstance(data, Mapping):
        raise RulesError(f"{name}: expected a table of fields, got {_describe(data)}")
    hints = _hints(cls)
    fields = {f.name: f for f in attrs.fields(cls) if f.init}  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(fields), key=str)
    if unknown:
        names = tuple(fields)
        raise RulesError(
            f"{name}: unknown field {_describe(unknown[0])}; {_close(unknown[0], names)}"
        )
    _check_arguments(cls, (), [fields[k].alias or k for k in data], name)
    kwargs = {}
    for key, value in data.items():
        path = f"{where}.{key}" if where else key
        bounds = fields[key].metadata.get("limits")
        _check_length(value, bounds, path)
        converted = _convert(hints[key], value, path)
        if bounds is not None:
            # Checked here too, so the message names the path in the data, not the class.
            _check_limits(converted, bounds, path)
        kwargs[fields[key].alias or key] = converted
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
    except UnicodeDecodeError as e:
        raise RulesError(f"{path}: not UTF-8 text (byte {e.start}): TOML files are UTF-8") from None
    except RecursionError:
        raise RulesError(f"{path}: nested too deeply to be component data") from None
    try:
        return from_data(cls, data)
    except RulesError as e:
        raise RulesError(f"{path}: {e}") from None


def _check_length(value: Any, bounds: Limits | None, where: str) -> None:
    """Refuse a too-long list before its members are converted (a million of them take seconds)."""
    if (
        bounds is not None
        and bounds.items is not None
        and isinstance(value, list | tuple | set | frozenset)
        and len(value) > bounds.items
    ):
        raise RulesError(f"{where}: expected at most {bounds.items} items, got {len(value)}")


def _check_limits(value: Any, bounds: Limits, where: str, top: bool = True) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if (bounds.low is not None and value < bounds.low) or (
            bounds.high is not None and value > bounds.high
        ):
            raise RulesError(f"{where}: expected {bounds.describe()}, got {_describe(value)}")
        return
    if isinstance(value, tuple | frozenset):
        if top and bounds.items is not None and len(value) > bounds.items:
            raise RulesError(f"{where}: expected at most {bounds.items} items, got {len(value)}")
        if bounds.low is not None or bounds.high is not None:
            for item in value:
                _check_limits(item, Limits(bounds.low, bounds.high), where, top=False)


def check_fields(obj: Any, *, where: str = "") -> None:
    """Check every init field of attrs instance ``obj`` against its annotation and bounds.

    Values are normalised in place the way :func:`from_data` reads them (a
    list where a tuple is declared becomes a tuple, an int where a float is
    declared a float), so equal Rules compare equal however they were made.
    Raises :class:`RulesError` naming the first bad field.
    """
    cls = type(obj)
    hints = _hints(cls)
    for f in attrs.fields(cls):
        if not f.init:
            continue
        path = f"{where}.{f.name}" if where else f.name
        value = getattr(obj, f.name)
        bounds = f.metadata.get("limits")
        _check_length(value, bounds, path)
        converted = _convert(hints[f.name], value, path)
        if bounds is not None:
            _check_limits(converted, bounds, path)
        if converted is not value:
            object.__setattr__(obj, f.name, converted)


def _is_root(cls: type) -> bool:
    """Whether ``cls`` is a top-level Rules (its fields are named bare in messages)."""
    return any(f.metadata.get("primary") for f in attrs.fields(cls))


def _restore(cls: type[D], state: Any) -> D:
    """Unpickle a :class:`DataClass`: its fields were checked when it was made."""
    obj = object.__new__(cls)
    obj.__setstate__(state)  # type: ignore[attr-defined]
    return obj


class DataClass:
    """Mixin for attrs classes that travel as plain data: a game's ``Rules`` and its components.

    Subclasses put their cross-field checks in :meth:`_validate` (not in
    ``__attrs_post_init__``, which this mixin owns): it runs after every
    field has been checked against its annotation and bounds, so it may
    rely on the types.
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        _check_arguments(cls, args, kwargs, cls.__name__)
        return super().__new__(cls)

    def __attrs_post_init__(self) -> None:
        check_fields(self, where="" if _is_root(type(self)) else type(self).__name__)
        self._validate()

    def _validate(self) -> None:
        """Check how the fields fit together; raise :class:`RulesError` naming the field."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling must not call __new__ without arguments (it checks them).
        state = self.__getstate__()
        return (_restore, (type(self), state))

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
