"""Bad input: move texts that are no moves, moves the rules forbid, bad Rules and broken card data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fields_of_green_helpers import deal_hands, play, rules

from acreage import IllegalMoveError, MoveSyntaxError, RulesError
from acreage import fields_of_green as fog

E = fog.Effect


@pytest.mark.parametrize(
    "text",
    [
        "",
        "build",
        "build cottage at x,y",
        "build cottage at 1;2",
        "pick unicorn",
        "draw from swamp",
        "deal card hose",
        "deal tool cottage",
        "attach cottage to 0,0",
        "market selling two grain",
        "pay water from 0,0",
        "supply at 1,1",
        "Pick cottage",
        "pick cottage please",
    ],
)
def test_junk_text_is_a_move_syntax_error(text: str) -> None:
    s = fog.new_game(fog.Rules())
    with pytest.raises(MoveSyntaxError):
        fog.parse_move(s, text)


def test_a_move_text_that_is_not_a_string_is_a_move_syntax_error() -> None:
    with pytest.raises(MoveSyntaxError):
        fog.parse_move(fog.new_game(fog.Rules()), 42)  # type: ignore[arg-type]


def test_every_kind_of_move_text_round_trips() -> None:
    s = fog.new_game(fog.Rules())
    for text in (
        "start player 1",
        "store water in -2,3",
        "draw from facilities",
        "deal card tool shed",
        "pick pigs",
        "build pigs at -1,0",
        "build water tower at 0,1",
        "build silo at 2,0",
        "market",
        "market selling 2 grain",
        "restore pigs at -1,0",
        "pay 2 water from 0,0",
        "deal tool hose",
        "choose hose",
        "attach hose to 0,0",
        "keep hose",
        "supply pigs at -1,0",
        "shut down pigs at -1,0",
        "convert with mill at 2,1",
        "done",
    ):
        assert str(fog.parse_move(s, text)) == text


def acting() -> fog.State:
    s = fog.new_game(rules(hand_size=2, min_decks=1, years=1))
    s = deal_hands(s, ("cottage", "pigs"), ("cottage", "pigs"))
    return play(s, "pick cottage", "pick cottage")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("pick pigs", "it is time to choose an action"),
        ("build pigs at 0,1", "the revealed card is cottage"),
        ("build cottage at 5,5", "never diagonally"),
        ("build cottage at 1000,0", "further from the farm than any card"),
        ("restore cottage at 0,1", "no shut-down site"),
        ("market selling 1 grain", None),
        ("market selling 2 grain", "only 1 grain"),
        ("supply pigs at 0,1", "it is time to choose an action"),
        ("done", "it is time to choose an action"),
    ],
)
def test_illegal_moves_name_the_rule(text: str, reason: str | None) -> None:
    s = acting()
    move = fog.parse_move(s, text)
    if reason is None:
        fog.apply_move(s, move)
        return
    with pytest.raises(IllegalMoveError, match=reason):
        fog.apply_move(s, move)


def test_moves_at_chance_nodes_and_after_the_end_are_refused() -> None:
    s = fog.new_game(fog.Rules(players=2))
    with pytest.raises(IllegalMoveError, match="there is no seat 2"):
        play(s, "start player 2")
    s = play(fog.new_game(rules()), "draw from fields")
    with pytest.raises(IllegalMoveError, match="cannot be dealt from the fields deck"):
        play(s, "deal card pigs")
    with pytest.raises(IllegalMoveError, match="chance to deal a card"):
        play(s, "pick pigs")
    s = fog.new_game(rules(hand_size=1, min_decks=1, years=1))
    s = deal_hands(s, ("cottage",), ("cottage",))
    s = play(s, "market", "market")
    assert fog.is_terminal(s)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        play(s, "market")


def test_a_move_from_another_card_set_is_refused() -> None:
    s = deal_hands(fog.new_game(rules(hand_size=2, min_decks=1)), ("cottage", "pigs"))
    s = deal_hands(s, ("cottage", "pigs"))
    with pytest.raises(IllegalMoveError, match="no card named 'unicorn'"):
        fog.apply_move(s, fog.Pick("unicorn"))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 1}, "players: expected 2 to 4, got 1"),
        ({"players": 5}, "players: expected 2 to 4, got 5"),
        ({"start_player": 2}, "start_player: expected a seat 0 to 1"),
        ({"years": 0}, "years: expected 1 to 8, got 0"),
        ({"hand_size": 0}, "hand_size: expected 1 to 12, got 0"),
        ({"min_decks": 5}, "min_decks: expected 1 to 4, got 5"),
        ({"hand_size": 2}, "min_decks: a hand of 2 cards cannot come from 3 different decks"),
        ({"start_grain": 5}, "start_grain: the first silo holds at most 4"),
        ({"water_range": -1}, "water_range: expected 0 to 6, got -1"),
        ({"players": 3, "silos": 2}, "silos: each of 3 farms starts with one"),
        ({"players": 4, "water_towers": 3}, "water_towers: each of 4 farms starts with one"),
        ({"players": 3, "years": 8}, "cards: 3 players draw 144 cards in 8 years"),
    ],
)
def test_bad_rules_name_the_field(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        fog.Rules(**fields)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"range_metric": "euclid"}, "range_metric: expected one of"),
        ({"tie_break": "dice"}, "tie_break: expected one of"),
        ({"split_payments": "yes"}, "split_payments: expected true or false"),
        ({"cards": [{"name": "x", "deck": "swamp"}]}, r"cards\[0\] \(x\)\.deck: expected one of"),
        ({"unknown": 1}, "unknown field 'unknown'"),
    ],
)
def test_bad_plain_data_names_the_field(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        fog.Rules.from_data({"players": 2, **data})


FIELD = {"name": "meadow", "deck": "fields", "count": 60}


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ({"name": "Big Barn", "deck": "buildings"}, r"cards\[1\] \(Big Barn\)\.name: .*lowercase"),
        ({"name": "silo", "deck": "buildings"}, r"cards\[1\] \(silo\)\.name: 'silo' is reserved"),
        (
            {"name": "hut", "deck": "buildings", "count": 0},
            r"cards\[1\] \(hut\)\.count: expected 1 to 100, got 0",
        ),
        (
            {"name": "hut", "deck": "buildings", "cost": {"coins": -1}},
            r"cards\[1\] \(hut\)\.cost\.coins: expected 0 to 20, got -1",
        ),
        (
            {
                "name": "hut",
                "deck": "buildings",
                "needs": {"coins": 1},
                "ability": "green",
                "effects": [{"kind": "produce", "coins": 1}],
            },
            r"cards\[1\] \(hut\)\.needs\.coins: a harvest needs only water and grain",
        ),
        (
            {"name": "hut", "deck": "buildings", "needs": {"water": 1}},
            r"cards\[1\] \(hut\)\.needs: only a card with a green ability",
        ),
        ({"name": "hut", "deck": "buildings", "ability": "green"}, "needs at least one effect"),
        (
            {"name": "hut", "deck": "buildings", "effects": [{"kind": "tool"}]},
            r"cards\[1\] \(hut\)\.effects: a card without an ability has no effects",
        ),
        (
            {"name": "hut", "deck": "buildings", "ability": "green", "effects": [{"kind": "tool"}]},
            r"effects\[0\]\.kind: a green ability allows convert, produce, not tool",
        ),
        (
            {
                "name": "hut",
                "deck": "buildings",
                "ability": "yellow",
                "effects": [{"kind": "produce", "coins": 2}],
            },
            r"effects\[0\]\.coins: a yellow ability only scores stars",
        ),
        (
            {
                "name": "hut",
                "deck": "buildings",
                "ability": "yellow",
                "effects": [{"kind": "produce", "stars": 1, "per": "neighbour"}],
            },
            "of: a produce effect counts cards 'of' something",
        ),
        (
            {
                "name": "hut",
                "deck": "buildings",
                "ability": "yellow",
                "effects": [{"kind": "produce", "stars": 1, "per": "farm", "of": "dragons"}],
            },
            r"cards\[1\] \(hut\)\.effects\[0\]\.of: expected a deck",
        ),
        (
            {
                "name": "hut",
                "deck": "buildings",
                "ability": "green",
                "effects": [{"kind": "convert", "coins": 2, "times": 1}],
            },
            "pay_coins: a convert effect pays coins or grain",
        ),
        (
            {
                "name": "hut",
                "deck": "buildings",
                "ability": "green",
                "effects": [{"kind": "produce"}],
            },
            "a produce effect gains coins, water, grain or stars",
        ),
        (
            {"name": "meadow", "deck": "buildings"},
            r"cards\[1\] \(meadow\)\.name: the name is used twice",
        ),
    ],
)
def test_broken_card_data_names_the_card_and_the_field(card: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        fog.Rules.from_data({"players": 2, "cards": [FIELD, card], "tools": []})


@pytest.mark.parametrize(
    ("tool", "message"),
    [
        (
            {
                "name": "rake",
                "fits": ["unicorn"],
                "ability": "yellow",
                "effects": [{"kind": "produce", "stars": 1}],
            },
            r"tools\[0\] \(rake\)\.fits\[0\]: no card or site named 'unicorn'",
        ),
        (
            {
                "name": "rake",
                "fits": ["silo"],
                "ability": "green",
                "effects": [{"kind": "produce", "grain": 1}],
            },
            "a green tool .* fits only green cards",
        ),
        (
            {
                "name": "rake",
                "fits": ["silo"],
                "ability": "always",
                "effects": [{"kind": "range", "amount": 1}],
            },
            "a range tool fits only the water tower",
        ),
        (
            {
                "name": "rake",
                "fits": [],
                "ability": "yellow",
                "effects": [{"kind": "produce", "stars": 1}],
            },
            "fits: a tool fits at least one site",
        ),
        (
            {
                "name": "rake",
                "fits": ["silo"],
                "ability": "always",
                "effects": [{"kind": "capacity"}],
            },
            "amount: a capacity effect needs an amount of 1 or more",
        ),
    ],
)
def test_broken_tool_data_names_the_tool_and_the_field(tool: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        fog.Rules.from_data({"players": 2, "cards": [FIELD], "tools": [tool]})


def test_default_tools_need_their_cards() -> None:
    with pytest.raises(RulesError, match="no card or site named 'grain field'"):
        fog.Rules(cards=(fog.Card("meadow", "fields", count=60),))


def test_rules_travel_as_plain_data() -> None:
    r = fog.Rules(players=3, water_range=3, split_payments=True, start_player=1)
    assert r.to_data() == {
        "players": 3,
        "start_player": 1,
        "water_range": 3,
        "split_payments": True,
    }
    assert fog.Rules.from_data(r.to_data()) == r
    custom = fog.Rules.from_data({"players": 2, "cards": [FIELD], "tools": []})
    assert fog.Rules.from_data(custom.to_data()) == custom


def test_rules_from_toml(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text(
        'players = 3\nwater_range = 1\ntools = []\n\n[[cards]]\nname = "meadow"\n'
        'deck = "fields"\ncount = 80\nstars = 1\n'
    )
    r = fog.Rules.from_toml(good)
    assert (r.players, r.water_range, [c.name for c in r.cards]) == (3, 1, ["meadow"])
    broken = tmp_path / "broken.toml"
    broken.write_text('tools = []\n[[cards]]\nname = "meadow"\ndeck = "fields"\ncount = "many"\n')
    with pytest.raises(RulesError, match=r"cards\[0\] \(meadow\)\.count: expected an integer"):
        fog.Rules.from_toml(broken)
    junk = tmp_path / "junk.toml"
    junk.write_text("players = = 2")
    with pytest.raises(RulesError, match="not valid TOML"):
        fog.Rules.from_toml(junk)
    with pytest.raises(RulesError, match="cannot read"):
        fog.Rules.from_toml(tmp_path / "missing.toml")


def test_the_reference_set() -> None:
    r = fog.Rules()
    by_deck: dict[str, int] = {}
    for c in r.cards:
        by_deck[c.deck] = by_deck.get(c.deck, 0) + c.count
    assert by_deck == {"fields": 33, "livestock": 33, "facilities": 33, "buildings": 33}
    names = {c.name: c for c in r.cards}
    # The text's two examples: the grain field needs water, the pigs need grain.
    assert names["grain field"].needs == fog.Resources(water=1)
    assert names["pigs"].needs == fog.Resources(grain=1)
    hose = next(t for t in r.tools if t.name == "hose")
    assert hose.fits == ("water tower",)
    # Every colour and every effect kind a card can have is in the set.
    assert {c.ability for c in r.cards} == {"none", "grey", "green", "yellow"}
    kinds = {e.kind for c in r.cards for e in c.effects} | {
        e.kind for t in r.tools for e in t.effects
    }
    assert kinds == {"produce", "convert", "tool", "range"}
    # "Manche Gebäude liefern zu Spielende Siegespunkte": stars are printed on some
    # Buildings and nowhere else, so "stars on building cards" and "stars on any card"
    # agree for this set.
    assert {c.deck for c in r.cards if c.stars} == {"buildings"}
    assert {bool(c.stars) for c in r.cards if c.deck == "buildings"} == {True, False}
    assert fog.REFERENCE.cards == r.cards
