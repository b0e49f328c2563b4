from __future__ import annotations

import json

import pytest

import dots_and_boxes as dab
from acreage import GameRecord, RecordError, play, record_of, replay


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
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"game": 3, "moves": []}', "'game' must be"),
        ('{"game": "x", "moves": "abc"}', "'moves' must be a list"),
        ('{"game": "x", "moves": [], "rules": []}', "'rules' must be an object"),
        ('{"game": "x", "moves": [], "version": 9}', "version 9"),
        ('{"game": "x", "moves": [], "extra": 1}', "unknown record field 'extra'"),
        ('{"game": "x", "moves": [], "format": "pgn"}', "format is 'pgn'"),
    ],
)
def test_bad_json_is_a_record_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text)


def test_replay_names_the_bad_move() -> None:
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
