from __future__ import annotations

import enum
import json
import typing
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from acreage import RulesError
from acreage.core.data import PRIMARY, DataClass, from_data, to_data


class Mode(enum.Enum):
    FAST = "fast"
    LONG = "long"


@attrs.frozen
class Card:
    name: str
    cost: int = 0
    share: Fraction = Fraction(1)


def _deck(rules: Example) -> tuple[Card, ...]:
    return tuple(Card(f"c{i}") for i in range(rules.players))


@attrs.frozen
class Example(DataClass):
    players: int = attrs.field(default=2, metadata=PRIMARY)
    mode: Mode = Mode.FAST
    deck: tuple[Card, ...] = attrs.field(default=attrs.Factory(_deck, takes_self=True))
    tags: frozenset[str] = frozenset()
    limit: int | None = None
    size: tuple[int, int] = (3, 4)
    derived: int = attrs.field(init=False, default=7)

    def __attrs_post_init__(self) -> None:
        if self.players < 2:
            raise RulesError(f"players: expected at least 2, got {self.players}")


def test_round_trip_and_compact() -> None:
    rules = Example(players=3)
    assert rules.to_data() == {"players": 3}
    assert Example.from_data(rules.to_data()) == rules
    custom = Example(
        players=3,
        mode=Mode.LONG,
        deck=(Card("x", 2, Fraction(1, 3)),),
        tags=frozenset({"b", "a"}),
        limit=4,
    )
    data = custom.to_data()
    assert data["deck"] == [{"name": "x", "cost": 2, "share": "1/3"}]
    assert data["tags"] == ["a", "b"] and data["mode"] == "long"
    assert Example.from_data(data) == custom
    assert to_data(custom, compact=False)["size"] == [3, 4]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players": "two"}, "players: expected an integer, got 'two'"),
        ({"players": True}, "players: expected an integer"),
        ({"mode": "slow"}, "mode: expected one of 'fast', 'long'"),
        ({"deck": [{"name": "x", "cost": "free"}]}, r"deck\[0\].cost: expected an integer"),
        ({"deck": [{"nom": "x"}]}, r"deck\[0\]: unknown field 'nom'"),
        ({"deck": {"name": "x"}}, "deck: expected a list"),
        ({"size": [1, 2, 3]}, "size: expected a list of 2"),
        (
            {"limit": "none"},
            "limit: expected an integer or expected nothing \\(null\\), got 'none'",
        ),
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"players": 1}, "players: expected at least 2"),
        ({"deck": [{"name": "x", "share": "1/0"}]}, "share: expected a fraction"),
        ({"deck": [{}]}, r"deck\[0\]|missing"),
    ],
)
def test_bad_data_names_the_field(data: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Example.from_data(data)


def test_from_toml(tmp_path: Path) -> None:
    good = tmp_path / "rules.toml"
    good.write_text('players = 4\nmode = "long"\n[[deck]]\nname = "ox"\ncost = 3\n')
    rules = Example.from_toml(good)
    assert rules.players == 4 and rules.deck == (Card("ox", 3),)
    broken = tmp_path / "broken.toml"
    broken.write_text("players = = 4\n")
    with pytest.raises(RulesError, match="not valid TOML"):
        Example.from_toml(broken)
    with pytest.raises(RulesError, match="cannot read"):
        Example.from_toml(tmp_path / "missing.toml")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('players = "many"\n')
    with pytest.raises(RulesError, match=r"wrong.toml: players: expected an integer"):
        Example.from_toml(wrong)


@attrs.frozen
class Everything:
    """One field of every supported annotation."""

    flag: bool
    count: int
    weight: float
    name: str
    share: Fraction
    mode: Mode
    speed: typing.Literal["slow", "fast", 3]
    limit: int | None
    deck: tuple[Card, ...]
    pair: tuple[int, str]
    tags: frozenset[str]


EVERYTHING = st.builds(
    Everything,
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(),
    st.fractions(),
    st.sampled_from(Mode),
    st.sampled_from(["slow", "fast", 3]),
    st.none() | st.integers(),
    st.lists(st.builds(Card, st.text(), st.integers(), st.fractions()), max_size=3).map(tuple),
    st.tuples(st.integers(), st.text()),
    st.frozensets(st.text(), max_size=4),
)


@given(EVERYTHING)
def test_every_annotation_round_trips_through_json(value: Everything) -> None:
    data = json.loads(json.dumps(to_data(value, compact=False)))
    back = from_data(Everything, data)
    assert back == value
    assert [type(getattr(back, f.name)) for f in attrs.fields(Everything)] == [
        type(getattr(value, f.name)) for f in attrs.fields(Everything)
    ]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("flag", 1, "flag: expected true or false, got 1"),
        ("count", 2.0, "count: expected an integer, got 2.0"),
        ("weight", True, "weight: expected a number, got True"),
        ("name", 3, "name: expected a string, got 3"),
        ("share", "half", "share: expected a fraction like '3/4', got 'half'"),
        ("share", 0.5, "share: expected a fraction like '3/4', got 0.5"),
        ("speed", 3.0, "speed: expected one of 'slow', 'fast', 3, got 3.0"),
        ("pair", [1, 2], r"pair\[1\]: expected a string, got 2"),
        ("tags", "ab", "tags: expected a list, got 'ab'"),
        ("deck", [["x"]], r"deck\[0\]: expected a Card or a table of its fields, got \['x'\]"),
    ],
)
def test_each_annotation_refuses_the_wrong_type(field: str, value: object, message: str) -> None:
    good = {
        "flag": True,
        "count": 1,
        "weight": 1,
        "name": "n",
        "share": "1/2",
        "mode": "fast",
        "speed": 3,
        "limit": None,
        "deck": [],
        "pair": [1, "a"],
        "tags": [],
    }
    assert type(from_data(Everything, good).weight) is float
    with pytest.raises(RulesError, match=f"^{message}$"):
        from_data(Everything, {**good, field: value})
