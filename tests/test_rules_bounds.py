"""Every Rules of every bundled game is checked on one path, and every size is bounded.

A Rules from an untrusted source (a record, a TOML file, ``--rule``) must not
exhaust memory or time, so every int and every tuple of every Rules and of
every component class carries :func:`acreage.core.data.limits`. These tests
fail the moment a field is added without one.
"""

from __future__ import annotations

import types
import typing
from typing import Any

import attrs
import pytest

import acreage
from acreage.core.data import DataClass, field_limits

GAMES = sorted(n for n in acreage.games() if n != "dots-and-boxes")


def _classes(root: type) -> list[type]:
    """``root`` and every attrs class reachable through its field annotations."""
    seen: list[type] = []
    todo = [root]
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.append(cls)
        hints = typing.get_type_hints(cls)
        for f in attrs.fields(cls):
            if f.init:
                todo.extend(t for t in _leaves(hints[f.name]) if attrs.has(t))
    return seen


def _leaves(tp: Any) -> list[Any]:
    args = typing.get_args(tp)
    if typing.get_origin(tp) is typing.Literal or not args:
        return [tp]
    return [leaf for a in args if a is not Ellipsis for leaf in _leaves(a)]


def _kind(tp: Any) -> str:
    """'int' for an int (or int | None), 'items' for a tuple or set, '' otherwise."""
    origin = typing.get_origin(tp)
    if origin in (tuple, frozenset):
        return "items"
    if origin in (typing.Union, types.UnionType):
        kinds = {_kind(a) for a in typing.get_args(tp)} - {""}
        return kinds.pop() if len(kinds) == 1 else ""
    return "int" if tp is int else ""


@pytest.mark.parametrize("name", GAMES)
def test_every_component_class_is_checked_on_one_path(name: str) -> None:
    rules_type = acreage.get_game(name).rules_type
    unchecked = [c.__name__ for c in _classes(rules_type) if not issubclass(c, DataClass)]
    assert unchecked == []


@pytest.mark.parametrize("name", GAMES)
def test_every_size_count_and_range_is_bounded(name: str) -> None:
    rules_type = acreage.get_game(name).rules_type
    missing = []
    for cls in _classes(rules_type):
        hints = typing.get_type_hints(cls)
        bounds = field_limits(cls)
        for f in attrs.fields(cls):
            kind = _kind(hints[f.name]) if f.init else ""
            b = bounds.get(f.name)
            if kind == "int" and (b is None or b.low is None or b.high is None):
                missing.append(f"{cls.__name__}.{f.name} (low and high)")
            elif kind == "items" and (b is None or b.items is None):
                missing.append(f"{cls.__name__}.{f.name} (items)")
    assert missing == []
