"""Move texts, bad input, views and pictures."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import attrs
import pytest
from crazy_farmers_helpers import play

from acreage import IllegalMoveError, MoveSyntaxError
from acreage import crazy_farmers as cf

TWO = cf.Rules(players=2)


def _position() -> cf.State:
    return cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["0,2"]},
        tractors={0: "0,-2 E", 1: "0,2 SE"},
        hands={0: ["Rut", "Bribe", "Dynamite", "Hay Bale"], 1: ["Helicopter"]},
        bales=["0,0 N"],
    )


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("move NE", cf.Drive(1)),
        ("end turn", cf.EndTurn()),
        ("draw Endgame", cf.Draw("Endgame")),
        ("draw 2 Hay Bales", cf.Draw("2 Hay Bales")),
        ("keep Nitro +2", cf.Keep("Nitro +2")),
        ("discard Watchdog", cf.Discard("Watchdog")),
        ("start plot -3,3", cf.ChoosePlot(cf.plot("-3,3"))),
        ("start at 0,-2 E", cf.StartAt(cf.crossroad("1,-3 SW"))),
        ("land 0,0 NW", cf.Land(cf.crossroad("0,-1 SW"))),
        ("take hay bale 0,1 S", cf.TakeBale(cf.path("0,2 N"))),
        ("place hay bale 0,0 SE", cf.PlaceBale(cf.path("1,0 NW"))),
        ("play Nitro +1", cf.Play("Nitro +1")),
        ("play Rut on player 1", cf.Play("Rut", 1)),
        ("play Dynamite on 0,0 N", cf.Play("Dynamite", cf.path("0,0 N"))),
        ("play Bribe on 1,-1", cf.Play("Bribe", cf.plot("1,-1"))),
    ],
)
def test_texts_parse_to_moves_and_back(text: str, move: cf.Move) -> None:
    s = _position()
    parsed = cf.parse_move(s, text)
    assert parsed == move
    assert cf.parse_move(s, str(parsed)) == parsed


def test_every_name_of_a_crossroad_is_the_same_move() -> None:
    s = _position()
    assert cf.parse_move(s, "land 0,0 NW") == cf.parse_move(s, "land -1,0 E")
    assert str(cf.parse_move(s, "land -1,0 E")) == "land 0,-1 SW"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "move",
        "move N",  # tractors head E NE NW W SW SE; plots have N and S sides
        "move NE NE",
        "drive NE",
        "draw Joker",
        "keep",
        "play",
        "play Nitro +3",
        "play Nitro +1 on player 1",
        "play Rut",
        "play Rut on 1",
        "play Rut on player 2",
        "play Dynamite on 0,0",
        "play Bribe on 0,0 N",
        "play Bribe on 7,7",
        "start at 0,-2",
        "start at 0,-2 N",
        "start plot 0",
        "land 9,9 E",
        "place hay bale 0,0",
        "take hay 0,0 N",
        "discard Endgame",
        "end",
        "end turn now",
        "\x00",
    ],
)
def test_junk_text_is_no_move(text: str) -> None:
    with pytest.raises(MoveSyntaxError):
        cf.parse_move(_position(), text)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("move NE", "no path leads NE from 1,-3 SW"),
        ("draw Rut", "not now, it is player 0's turn"),
        ("keep Rut", "not now"),
        ("play Nitro +1", r"you hold no Nitro \+1"),
        ("play Dynamite on 1,0 N", "none lies on 1,0 N"),
        ("discard Rut", "discard only cards in hand, in excess of 6"),
        ("land 0,-2 SW", "not now"),
        ("place hay bale 0,1 N", "not now"),
        ("start at 0,-2 SW", "not now"),
    ],
)
def test_illegal_moves_name_the_rule(text: str, reason: str) -> None:
    s = _position()
    move = cf.parse_move(s, text)
    assert move not in cf.legal_moves(s)
    with pytest.raises(IllegalMoveError, match=reason):
        cf.apply_move(s, move)


def test_illegal_moves_in_other_phases() -> None:
    s = play(_position(), "play Hay Bale")
    with pytest.raises(IllegalMoveError, match=r"Hay Bale \[\.\.\.\] on the edge of the board'$"):
        cf.apply_move(s, cf.parse_move(s, "place hay bale 0,-3 N"))
    with pytest.raises(IllegalMoveError, match="with another Hay Bale': one lies there already"):
        cf.apply_move(s, cf.parse_move(s, "place hay bale 0,0 N"))
    with pytest.raises(IllegalMoveError, match="only when none is left"):
        cf.apply_move(s, cf.parse_move(s, "take hay bale 0,0 N"))
    with pytest.raises(IllegalMoveError, match="is placing hay bales"):
        cf.apply_move(s, cf.parse_move(s, "end turn"))
    s = cf.new_game(TWO)
    with pytest.raises(IllegalMoveError, match="cards are being dealt"):
        cf.apply_move(s, cf.parse_move(s, "move E"))
    s = play(s, "draw Rut", "draw Rut")
    with pytest.raises(IllegalMoveError, match="no such card can be dealt"):
        cf.apply_move(s, cf.parse_move(s, "draw Rut"))
    s = play(s, "draw Bribe")
    with pytest.raises(IllegalMoveError, match=r"keep one of the cards drawn \(Bribe, Rut, Rut\)"):
        cf.apply_move(s, cf.parse_move(s, "keep Helicopter"))
    over = attrs.evolve(s, agenda=(), ended="endgame")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        cf.apply_move(over, cf.parse_move(s, "keep Rut"))


def test_a_state_is_never_changed_by_a_move() -> None:
    s = _position()
    before = (hash(s), s.farmers, s.bales)
    for move in cf.legal_moves(s):
        cf.apply_move(s, move)
    assert (hash(s), s.farmers, s.bales) == before


def test_observe_hides_the_other_hands_and_the_draw_pile() -> None:
    s = cf.new_game(cf.Rules(players=3))
    s = play(s, "draw Rut", "draw Bribe", "draw Watchdog", "keep Rut")
    s = play(s, "draw Nitro +1", "draw Nitro +1", "draw Helicopter", "keep Helicopter")
    s = play(s, "draw Dynamite", "draw Bribe", "draw Watchdog", "keep Dynamite")
    view = cf.observe(s, 0)
    assert view.farmers[0].hand == ("Rut",) and view.farmers[0].set_aside == ("Bribe", "Watchdog")
    assert view.farmers[1].hand is None and view.farmers[1].hand_size == 1
    assert view.farmers[2].set_aside is None
    assert view.draw_pile == (27, 6) and view.endgame == 6
    assert cf.observe(s, 1) != view
    rng = random.Random(3)
    seen_others = set()
    for _ in range(20):
        other = cf.resample(s, 0, rng)
        assert cf.observe(other, 0) == view
        bottom = dict(other.deck.segments[-1].counts)
        assert bottom.get("Bribe", 0) >= 1 and bottom.get("Watchdog", 0) >= 1
        seen_others.add((other.farmers[1].hand, other.farmers[2].hand))
    assert len(seen_others) > 1


def test_render_text_shows_the_board_and_the_players() -> None:
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2", "0,0"], 1: ["0,2"]},
        fences={0: ["1,-3 SW", "1,-3 SE", "2,-3 SW", "2,-3 SE", "3,-3 SW"]},
        tractors={1: "0,2 SE"},
        bales=["0,1 N"],
        hands={1: ["Helicopter"]},
    )
    text = cf.render_text(s)
    lines = text.splitlines()
    assert len(lines) == 29 + 3 + 5  # the board, its key, the status
    assert "main field 1, fallow 1; tractor 3,-3 SW; fence 4/30" in text
    assert "hand: Helicopter" in text
    assert "player 0's turn: 0 of 4 moves made" in lines[32]
    assert "###" in text  # the hay bale on 0,1 N
    assert "+=0=+" in text and "/1,-2 0" in text  # fence pieces across and slanting
    assert "   0   " in text and "  (0)  " in text  # main field and fallow land
    assert "  .  T0---+" in text and "+---T1  ." in text  # the tractors, by seat
    assert "barn" in text and "0,-2" in text


def test_render_svg_is_a_picture() -> None:
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2", "0,0"], 1: ["0,2"]},
        fences={0: ["1,-3 SW", "1,-3 SE", "2,-3 SW"]},
        tractors={1: "-3,3 W"},
        bales=["0,1 N"],
        in_play={0: ["High Voltage"]},
    )
    svg = cf.render_svg(s)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg == s._repr_svg_()
    assert svg.count("<polygon") == 37 + 13 + 4  # plots, barns and the key's hexagons and barn
    assert "hay bale" in svg and "(powerless)" in svg and "(protected)" in svg
