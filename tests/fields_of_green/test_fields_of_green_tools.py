"""Scenario tests: tools (draw three, keep one; fitting sites; at most 2 different; lost on shutdown)."""

from __future__ import annotations

import pytest
from fields_of_green_helpers import action_round, deal_hands, name_at, phase, play, rules, texts

from acreage import IllegalMoveError
from acreage import fields_of_green as fog
from acreage.core.chance import Stack

E = fog.Effect
CARDS = (
    fog.Card(
        "field",
        "fields",
        count=10,
        needs=fog.Resources(water=1),
        ability="green",
        effects=(E("produce", grain=1),),
    ),
    fog.Card("hut", "livestock", count=10),
    fog.Card("shed", "facilities", count=10, ability="grey", effects=(E("tool"),)),
    fog.Card("drain", "buildings", count=10, cost=fog.Resources(water=3)),
    fog.Card("far field", "buildings", count=10, cost=fog.Resources(water=1)),
)
TOOLS = (
    fog.Tool("can", ("field",), "green", (E("produce", grain=1),), count=3),
    fog.Tool("crow", ("field",), "yellow", (E("produce", stars=1),), count=3),
    fog.Tool("bell", ("field",), "yellow", (E("produce", stars=2),), count=3),
    fog.Tool("hose", ("water tower",), "always", (E("range", amount=1),), count=3),
)


def tool_game(hand: tuple[str, ...]) -> fog.State:
    s = fog.new_game(rules(cards=CARDS, tools=TOOLS, hand_size=len(hand), min_decks=1, years=1))
    return deal_hands(s, hand, hand)


def draw_tools(s: fog.State, *tiles: str) -> fog.State:
    return play(s, *(f"deal tool {t}" for t in tiles))


def test_draw_three_keep_one_the_others_go_under_the_pile_in_order() -> None:
    s = tool_game(("shed", "hut"))
    s = action_round(s, ("shed", "shed"), ("build shed at 0,1",))
    assert phase(s) == "tool deal" and fog.question(s).actor == 0
    s = draw_tools(s, "can", "crow", "bell")
    assert texts(s) == ["choose can", "choose crow", "choose bell"]
    s = play(s, "choose crow")
    # No field to attach it to: kept aside at once.
    assert s.farms[0].kept == (1,)
    assert s.tool_pile.segments[-1] == Stack((0, 2))  # can, bell under the pile, in order
    assert len(s.tool_pile) == 12 - 1
    assert fog.score_sheet(s, 0).unused_tools == 1


def test_tools_attach_to_matching_sites_at_most_two_different_and_are_lost_on_shutdown() -> None:
    s = tool_game(("field", "shed", "shed", "shed", "drain"))
    s = action_round(s, ("field", "field"), ("build field at 0,1", "market"))
    s = action_round(s, ("shed", "shed"), ("build shed at -1,0",))
    s = draw_tools(s, "can", "crow", "bell")
    s = play(s, "choose can")
    assert texts(s) == ["attach can to 0,1", "keep can"]
    with pytest.raises(IllegalMoveError, match="can fits only field, not water tower"):
        play(s, "attach can to 0,0")
    s = play(s, "attach can to 0,1", "market")
    s = action_round(s, ("shed", "shed"), ("build shed at 0,-1",))
    s = draw_tools(s, "can", "crow", "hose")
    # A second can would not be different from the first: it can only be kept.
    s = play(s, "choose crow", "attach crow to 0,1", "market")
    s = action_round(s, ("shed", "shed"), ("build shed at 1,-1",))
    s = draw_tools(s, "can", "bell", "hose")
    s = play(s, "choose bell")
    # The field holds 2 tools already: the bell is kept aside.
    f = s.farms[0]
    assert [fog.farm_sites(s.rules, f)[2].tools, f.kept] == [("can", "crow"), (2,)]
    s = play(s, "market")
    # The drain empties the tower: at harvest the field cannot be supplied.
    s = action_round(s, ("drain", "drain"), ("build drain at -1,1", "market"))
    assert phase(s) == "end"
    assert name_at(s, 0, 0, 1) == "[field]"
    f = s.farms[0]
    assert (f.tools, f.kept) == ((), (2,))
    sheet = fog.score_sheet(s, 0)
    assert (sheet.tools, sheet.unused_tools) == (0, 1)


def test_a_kept_tool_is_attached_when_a_matching_site_is_built() -> None:
    s = tool_game(("shed", "field"))
    s = action_round(s, ("shed", "shed"), ("build shed at 0,1",))
    s = draw_tools(s, "can", "crow", "bell")
    s = play(s, "choose can", "market")
    s = action_round(s, ("field", "field"), ("build field at 0,-1",))
    assert phase(s) == "attach" and texts(s) == ["attach can to 0,-1", "done"]
    with pytest.raises(IllegalMoveError, match="to that new site only"):
        play(s, "attach can to 0,1")
    s = play(s, "attach can to 0,-1", "market")
    # At harvest the field produces 1 grain and the can 1 more.
    assert phase(s) == "end" and s.farms[0].grain == 1 + 2
    assert s.farms[0].kept == ()


def test_the_hose_widens_its_water_towers_range() -> None:
    s = tool_game(("shed", "far field"))
    s = action_round(s, ("shed", "shed"), ("build shed at 2,0",))
    s = draw_tools(s, "hose", "crow", "bell")
    s = play(s, "choose hose")
    assert texts(s) == ["attach hose to 0,0", "keep hose"]
    s = play(s, "attach hose to 0,0", "market")
    # The far field costs 1 water: 3,0 is 3 cells from the tower, in reach with the hose.
    assert "build far field at 3,0" in texts(s)
    s = play(s, "build far field at 3,0")
    assert name_at(s, 0, 3, 0) == "far field"


def test_fewer_than_three_tiles_are_all_drawn_and_an_empty_pile_gives_nothing() -> None:
    r = rules(cards=CARDS, tools=TOOLS[:1], hand_size=2, min_decks=1, years=1)
    s = deal_hands(fog.new_game(r), ("shed", "shed"), ("shed", "shed"))
    s = action_round(s, ("shed", "shed"), ("build shed at 0,1",))
    s = draw_tools(s, "can", "can", "can")  # 3 cans: one kept, two back under the pile
    s = play(s, "build shed at 0,1")
    assert phase(s) == "tool deal" and fog.question(s).pending == (2,)  # only two tiles to draw
    s = draw_tools(s, "can", "can")
    s = play(s, "build shed at 0,-1", "deal tool can")
    s = play(s, "build shed at 0,-1")  # the pile is empty: no tool
    assert phase(s) == "end" and len(s.tool_pile) == 0
    assert (s.farms[0].kept, s.farms[1].kept) == ((0, 0), (0,))


def test_a_grey_tool_pays_once_when_attached() -> None:
    tools = (fog.Tool("barrow", ("hut",), "grey", (E("produce", coins=3),), count=3),)
    r = rules(cards=CARDS, tools=tools, hand_size=2, min_decks=1, years=1)
    s = deal_hands(fog.new_game(r), ("hut", "shed"), ("hut", "shed"))
    s = action_round(s, ("hut", "hut"), ("build hut at 0,1", "market"))
    coins = s.farms[0].coins
    s = play(s, "build shed at -1,0", *(["deal tool barrow"] * 3), "attach barrow to 0,1")
    assert s.farms[0].coins == coins + 3
    assert fog.farm_sites(s.rules, s.farms[0])[2].tools == ("barrow",)
