from __future__ import annotations

import copy
import enum
import functools
import json
import math
import pickle

import attrs
import pytest

import acreage.core.record as record_module
import dots_and_boxes as dab
from acreage import GameRecord, RecordError, play, record_of, replay
from acreage.core.record import DATA_DEPTH_LIMIT, INT_BITS_LIMIT, MOVES_LIMIT


def test_record_round_trips_through_json() -> None:
    result = play(dab.GAME, dab.Rules(players=3, width=3, height=2), seed=4)
    text = result.record.to_json()
    again = GameRecord.from_json(text)
    assert again == result.record
    assert json.loads(text)["rules"] == {"players": 3, "width": 3}
    states = replay(again)
    assert states[-1] == result.state and hash(states[-1]) == hash(result.state)
    assert len(states) == len(again.moves) + 1


def test_record_is_detached_from_the_caller() -> None:
    rules = {"players": 2}
    record = GameRecord("dots-and-boxes", rules, ["deal 0,0"])
    rules["players"] = 4
    assert record.rules == {"players": 2}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON: Expecting property name"),
        ("", "not valid JSON: Expecting value at line 1 column 1"),
        ("[1, 2]", "JSON object"),
        ('{"game": 3, "moves": []}', "game: expected a game's registry name"),
        ('{"game": "", "moves": []}', "1 to 100 printable characters"),
        ('{"game": "x", "moves": "abc"}', "moves: expected a list of move texts"),
        ('{"game": "x", "moves": [1, null]}', r"moves\[0\]: expected a move text \(str\), got 1"),
        ('{"game": "x", "moves": [], "rules": []}', "rules: expected a JSON object"),
        ('{"game": "x", "moves": [], "version": 9}', "version 9"),
        ('{"game": "x", "moves": [], "version": true}', "version True"),
        ('{"game": "x", "moves": [], "extra": 1}', "unknown record field 'extra'"),
        ('{"game": "x", "moves": [], "format": "pgn"}', "format is 'pgn'"),
        ('{"moves": []}', "game: missing"),
        ('{"game": "x"}', "moves: missing"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"game": "x", "moves": [], "metadata": {"n": ' + "9" * 5000 + "}}", "5000 digits"),
        ('{"game": "x", "moves": [], "metadata": {"n": NaN}}', "NaN is not strict JSON"),
        ('{"game": "x", "moves": [], "metadata": {"n": -Infinity}}', "-Infinity is not strict"),
        ('{"game": "x", "moves": [], "metadata": {"n": 1e999}}', "'1e999' is out of range"),
        ('{"game": "x", "moves": ["\\ud800"]}', r"moves\[0\]: text is not valid Unicode"),
        (
            '{"game": "x", "moves": [], "rules": ' + '{"a": ' * 40 + "1" + "}" * 41,
            "at most 32 levels",
        ),
    ],
)
def test_bad_json_is_a_record_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as error:
        GameRecord.from_json(text)
    assert len(str(error.value)) < 300
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text.encode())


def test_bytes_must_be_utf8_and_text_must_be_text() -> None:
    with pytest.raises(RecordError, match=r"not UTF-8 text: byte 0xff at position 0"):
        GameRecord.from_json(b"\xff\xfe{}")
    with pytest.raises(RecordError, match=r"JSON text \(str or bytes\), not int"):
        GameRecord.from_json(3)  # type: ignore[arg-type]
    bom = "\ufeff" + '{"game": "x", "moves": []}'
    assert GameRecord.from_json(bom.encode()).game == "x"


def test_json_text_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record_module, "RECORD_TEXT_LIMIT", 100)
    text = json.dumps({"game": "x", "moves": ["a"] * 30})
    with pytest.raises(RecordError, match=r"\d+ characters are longer than a record may be"):
        GameRecord.from_json(text)
    with pytest.raises(RecordError, match="longer than a record may be"):
        GameRecord.from_json(text.encode())


class _Text(str):
    def __str__(self) -> str:
        return "something else"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"moves": "done"}, "got one text 'done' .a str is not split into moves."),
        ({"moves": [1, None]}, r"moves\[0\]: expected a move text \(str\), got 1"),
        ({"moves": ["done", None]}, r"moves\[1\]: expected a move text \(str\), got None"),
        ({"moves": {"done"}}, "moves: expected a list of move texts, got set"),
        ({"moves": ["x" * 100_000]}, r"100000 characters is longer than any move \(at most 200\)"),
        (
            {"moves": ["done"] * (MOVES_LIMIT + 1)},
            f"more than a record holds .at most {MOVES_LIMIT}",
        ),
        ({"game": 3}, "game: expected a game's registry name .text., got 3"),
        ({"game": "fence\nem-in"}, "printable characters"),
        ({"game": "x" * 101}, "1 to 100 printable"),
        ({"rules": [("players", 2)]}, "rules: expected a JSON object .a dict., got list"),
        ({"rules": {1: 2}}, "rules: keys are text .str., not 1"),
        ({"rules": {"bag": {1, 2}}}, "rules.bag: set is not JSON data"),
        ({"rules": {"bag": [b"x"]}}, r"rules.bag\[0\]: bytes is not JSON data"),
        ({"rules": {"a b": 1.5j}}, r"rules\['a b'\]: complex is not JSON data"),
        ({"metadata": {"x": math.nan}}, "metadata.x: nan is not a JSON number"),
        ({"metadata": {"x": [math.inf]}}, r"metadata.x\[0\]: inf is not a JSON number"),
        ({"metadata": {"x": 10**5000}}, "metadata.x: an integer of 16610 bits is larger"),
        ({"metadata": {"x": -(2**256)}}, "at most 256 bits"),
        ({"metadata": {"x": "\ud800"}}, "metadata.x: text is not valid Unicode"),
        ({"metadata": {"x": "y" * 2_000_000}}, "metadata: longer than a record holds"),
        ({"metadata": {"x": list(range(300_000))}}, "metadata: longer than a record holds"),
        ({"metadata": None}, "metadata: expected a JSON object .a dict., got NoneType"),
    ],
)
def test_records_are_checked_however_they_are_made(fields: dict[str, object], message: str) -> None:
    base: dict[str, object] = {"game": "fence-em-in", "rules": {}, "moves": [], "metadata": {}}
    with pytest.raises(RecordError, match=message) as error:
        GameRecord(**{**base, **fields})  # type: ignore[arg-type]
    assert len(str(error.value)) < 300
    with pytest.raises(RecordError, match=message):
        attrs.evolve(GameRecord(**base), **fields)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=message):
        GameRecord.from_dict({**base, **fields})


def test_deep_and_cyclic_data_is_refused() -> None:
    deep: dict[str, object] = {}
    inner = deep
    for _ in range(5000):
        inner["a"] = inner = {}
    with pytest.raises(RecordError, match="rules: nested deeper than a record holds"):
        GameRecord("x", deep, [])
    cycle: list[object] = []
    cycle.append(cycle)
    with pytest.raises(RecordError, match="metadata: nested deeper than a record holds"):
        GameRecord("x", {}, [], {"cycle": cycle})


def test_record_data_is_plain_and_read_only() -> None:
    class Seat(enum.IntEnum):
        EAST = 1

    record = GameRecord(
        "x", {"bag": ({"n": Seat.EAST},)}, [_Text("done")], {"seed": 7, "f": 0.5, "none": None}
    )
    assert record.moves == ("done",) and type(record.moves[0]) is str
    assert record.rules == {"bag": [{"n": 1}]} and type(record.rules["bag"][0]["n"]) is int
    for change in (
        lambda: record.rules.update(players=3),
        lambda: record.rules.__setitem__("players", 3),
        lambda: record.rules["bag"].append(1),
        lambda: record.metadata.pop("seed"),
        lambda: record.metadata.clear(),
    ):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert record.metadata == {"seed": 7, "f": 0.5, "none": None}
    assert pickle.loads(pickle.dumps(record)) == record == copy.deepcopy(record)
    assert dict(record.metadata) | {"seed": 8} == {"seed": 8, "f": 0.5, "none": None}


def test_to_json_is_strict_json_at_every_limit() -> None:
    def refuse(constant: str) -> None:
        raise AssertionError(constant)

    record = GameRecord(
        "fence-em-in",
        {"nest": functools.reduce(lambda inner, _: [inner], range(DATA_DEPTH_LIMIT - 2), [])},
        ["é" * 200] * 1000,
        {"big": 2**INT_BITS_LIMIT - 1, "small": -(2**INT_BITS_LIMIT - 1), "f": 1e308},
    )
    text = record.to_json()
    json.loads(text, parse_constant=refuse)
    assert GameRecord.from_json(text) == record
    assert GameRecord.from_json(record.to_json(indent=2).encode()) == record


def test_replay_names_the_bad_move() -> None:
    with pytest.raises(RecordError, match=r"replay takes a GameRecord .* not dict"):
        replay({"game": "dots-and-boxes", "moves": []})  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="no game named 'chess'"):
        replay(GameRecord("chess", {}, []))
    with pytest.raises(RecordError, match="rules: players: expected 2 to 4"):
        replay(GameRecord("dots-and-boxes", {"players": 9}, []))
    with pytest.raises(RecordError, match=r"move 3 'jump': .*not 'draw"):
        replay(GameRecord("dots-and-boxes", {}, ["deal 0,0", "deal 1,1", "jump"]))
    with pytest.raises(RecordError, match=r"move 2 'deal 0,0': .*no secret box"):
        replay(GameRecord("dots-and-boxes", {}, ["deal 0,0", "deal 0,0"]))
    with pytest.raises(RecordError, match="not 'other'"):
        replay(
            GameRecord("dots-and-boxes", {}, []),
            game=dab.GAME.__class__(**{**_fields(dab.GAME), "name": "other"}),
        )


def _fields(game: object) -> dict[str, object]:
    import attrs

    return {f.name: getattr(game, f.name) for f in attrs.fields(type(game))}


def test_record_of_accepts_moves_or_texts() -> None:
    rules = dab.Rules()
    state = dab.new_game(rules)
    move = dab.legal_moves(state)[0]
    assert record_of(dab.GAME, rules, [move]).moves == record_of(dab.GAME, rules, [str(move)]).moves
