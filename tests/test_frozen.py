"""core.frozen.builder: the same frozen values as attrs' __init__, made quicker."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from acreage.core.frozen import builder, replaced


@attrs.frozen
class Point:
    x: int
    y: int = 0


@attrs.frozen(cache_hash=True)
class Cached:
    name: str
    size: int


@attrs.frozen
class Base:
    a: int


@attrs.frozen
class Child(Base):
    b: tuple[int, ...]


def test_builds_the_value_init_builds() -> None:
    p = builder(Point)(3, 4)
    assert type(p) is Point and p == Point(3, 4) and hash(p) == hash(Point(3, 4))
    assert repr(p) == "Point(x=3, y=4)"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        p.x = 5  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(p)) == p
    assert builder(Point)(1, 0) == Point(1)  # every field is given; defaults do not apply


def test_cached_hash_and_inherited_fields() -> None:
    c = builder(Cached)("cow", 2)
    assert c == Cached("cow", 2) and hash(c) == hash(Cached("cow", 2))
    k = builder(Child)(1, (2, 3))
    assert k == Child(1, (2, 3)) and hash(k) == hash(Child(1, (2, 3)))


def test_refuses_what_init_would_do_more_for() -> None:
    @attrs.frozen
    class Checked:
        n: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Converted:
        n: int = attrs.field(converter=int)

    @attrs.frozen
    class Derived:
        n: int
        m: int = attrs.field(init=False, default=0)

    @attrs.define(slots=False)
    class Loose:
        n: int

    for cls in (Checked, Converted, Derived, Loose):
        with pytest.raises(TypeError, match="builder"):
            builder(cls)
    with pytest.raises(TypeError, match="builder"):
        builder(int)


def test_the_core_modules_examples_run() -> None:
    import doctest
    import importlib
    import pkgutil

    import acreage.core

    ran = 0
    for info in pkgutil.iter_modules(acreage.core.__path__):
        module = importlib.import_module(f"acreage.core.{info.name}")
        result = doctest.testmod(module)
        assert result.failed == 0, info.name
        ran += result.attempted
    assert ran >= 3  # frozen's and chance's examples at least


def test_a_class_with_a_post_init_is_refused() -> None:
    @attrs.frozen
    class Checked:
        n: int

        def __attrs_post_init__(self) -> None:
            if self.n < 0:
                raise ValueError("n below 0")

    with pytest.raises(TypeError, match="__attrs_post_init__"):
        builder(Checked)


@given(st.lists(st.integers(), min_size=1, max_size=6), st.data())
def test_replaced_changes_one_item_and_leaves_the_tuple_alone(items: list[int], data: Any) -> None:
    before = tuple(items)
    i = data.draw(st.integers(0, len(items) - 1))
    after = replaced(before, i, "new")
    assert type(after) is tuple
    assert after[i] == "new"
    assert after[:i] + after[i + 1 :] == before[:i] + before[i + 1 :]
    assert before == tuple(items)  # the tuple given is not changed
    assert replaced(before, -1, "last")[-1] == "last"
    with pytest.raises(IndexError):
        replaced(before, len(before), "beyond")
