from __future__ import annotations

import enum
from fractions import Fraction
from pathlib import Path

import attrs
import pytest

from acreage import RulesError
from acreage.core.data import PRIMARY, DataClass, to_data


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
