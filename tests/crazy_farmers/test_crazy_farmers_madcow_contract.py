"""The Mad Cow mode and the acreage contract: conformance, invariants, golden files, views, bad input."""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import attrs
import pytest
from crazy_farmers_helpers import SOLO, cow_plays, play, texts
from hypothesis import given, settings

import acreage
from acreage import MoveSyntaxError, RulesError
from acreage import crazy_farmers as cf
from acreage.crazy_farmers.board import INNER_PATHS, STEPS, VERTEX_CELLS, component
from acreage.crazy_farmers.pieces import fence_marks
from acreage.testing import Playout, check_game, golden_playthrough, move_counts, playouts
from golden import check_golden


# Seeds whose playouts put cards in a partner's hand, so that the check sees
# resample redeal something (random players lose to the Cow in ~100 decisions).
@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 1), (3, 1), (4, 2)])
def test_check_game(players: int, seed: int) -> None:
    # Solo hides nothing (no other hand, decks in no known order); co-op hides the
    # partners' hands. The facts say so, and check_game expects what they say.
    rules = cf.Rules(players=players, mode="mad-cow")
    assert cf.hides_information(rules) == (players > 1)
    assert cf.GAME.facts(rules).hidden_information == (players > 1)
    check_game(cf.GAME, rules, playouts=6, seed=seed)


@settings(max_examples=20)
@given(playouts(cf.GAME, SOLO))
def test_solo_hides_nothing(playout: Playout) -> None:
    # The solo player sees their hand and the whole table; what the two draw
    # piles hold is public, and their order is chance, unknown to everybody.
    # So every state a solo player cannot tell from the real one is the real one.
    rng = random.Random(0)
    for state in playout.states:
        if not cf.is_terminal(state):
            assert cf.resample(state, 0, rng) == state


def test_check_game_options() -> None:
    rules = cf.Rules(players=2, mode="mad-cow", start="choose", coop_backlash=False)
    check_game(cf.GAME, rules, playouts=6, seed=1)


def check_invariants(state: cf.State) -> None:
    rules = state.rules
    cow = state.cow
    assert cow is not None
    field = 0
    shared = {f.plots for f in state.farmers if not f.out}
    assert len(shared) <= 1, "co-op players share one field"
    for f in state.farmers:
        field |= f.plots
    assert not field & cow.plots, "a plot of the Cow's is the players' too"
    if state.ended != "lockdown":
        assert cow.plots >> cow.plot & 1, "the Cow stands on its own plot"
    if state.ended != "cow":
        assert cow.plots.bit_count() < rules.cow_tiles
    tractors = [f.tractor for f in state.farmers if f.tractor >= 0]
    assert len(set(tractors)) == len(tractors)
    fenced = 0
    for f in state.farmers:
        assert not f.fence_crossroads & fenced, "two fences share a crossroad"
        fenced |= f.fence_crossroads
        assert f.main & ~f.plots == 0
        if f.out:
            assert f.tractor == -1 and f.plots == 0 and f.hand == ()
        elif f.fence:
            assert f.fence[-1] == f.tractor and len(set(f.fence)) == len(f.fence)
            for a, b in itertools.pairwise(f.fence):
                assert any(w == b for _, _, w in STEPS[a])
            assert f.main == component(f.plots, VERTEX_CELLS[f.fence[0]])
            assert not any(VERTEX_CELLS[v] & f.main for v in f.fence[1:])
            assert (f.fence_paths, f.fence_crossroads) == fence_marks(f.fence)
            assert f.fence_length <= rules.fences
        elif f.tractor >= 0:
            assert f.main == component(f.plots, VERTEX_CELLS[f.tractor])
    card = state.decision.card if state.decision is not None else ""
    bonus = len(state.deck) + len(state.discard) + (1 if card else 0)
    bonus += sum(len(f.hand) + len(f.in_play) for f in state.farmers)
    assert bonus == 36
    assert len(cow.deck) + len(cow.discard) + len(cow.pile) == 18
    assert state.bales & ~INNER_PATHS == 0 and state.bales.bit_count() <= rules.hay_bales
    assert not any(state.bales & f.fence_paths for f in state.farmers)
    assert len(set(cf.scores(state))) == 1
    if cf.is_terminal(state):
        won = state.ended == "lockdown"
        assert cf.winners(state) == (tuple(range(rules.players)) if won else ())


def _check_playout(playout: Playout) -> None:
    for state in playout.states:
        check_invariants(state)
    final = playout.final
    assert cf.is_terminal(final)
    assert final.ended in ("lockdown", "cow", "elimination", "repetition")


@settings(max_examples=30)
@given(playouts(cf.GAME, SOLO))
def test_invariants_solo(playout: Playout) -> None:
    _check_playout(playout)


@settings(max_examples=20)
@given(playouts(cf.GAME, cf.Rules(players=2, mode="mad-cow")))
def test_invariants_two_players(playout: Playout) -> None:
    _check_playout(playout)


@settings(max_examples=15)
@given(playouts(cf.GAME, cf.Rules(players=3, mode="mad-cow")))
def test_invariants_three_players(playout: Playout) -> None:
    _check_playout(playout)


@settings(max_examples=15)
@given(playouts(cf.GAME, cf.Rules(players=4, mode="mad-cow")))
def test_invariants_four_players(playout: Playout) -> None:
    _check_playout(playout)


def test_golden_playthrough_solo_rendered() -> None:
    check_golden(
        "crazy-farmers/playthrough-madcow-solo-seed3.txt",
        golden_playthrough(cf.GAME, SOLO, seed=3),
    )


def test_golden_playthrough_three_players() -> None:
    check_golden(
        "crazy-farmers/playthrough-madcow-3p-seed5.txt",
        golden_playthrough(cf.GAME, cf.Rules(players=3, mode="mad-cow"), seed=5, render=False),
    )


def test_golden_move_counts() -> None:
    check_golden(
        "crazy-farmers/move-counts-madcow-2p-seed6.txt",
        move_counts(cf.GAME, cf.Rules(players=2, mode="mad-cow"), seed=6),
    )


def test_pictures_show_the_cow_its_facing_and_its_plots() -> None:
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, facing="SE", cow_field=["1,0"])
    text = cf.render_text(s)
    board = "\n".join(text.splitlines()[:29])
    assert "@SE" in board and board.count(" c ") == 1  # 1,0
    assert "the Cow: on 0,0 facing SE; 2 of 12 plots" in text
    svg = cf.render_svg(s)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert (
        "the Mad Cow, facing SE" in svg
        and svg.count("the Cow&apos;s") + svg.count("the Cow's") >= 2
    )
    assert s._repr_svg_() == svg
    assert "turned" in cf.render_text(cf.new_game(SOLO))  # before setup turns the Cow


def test_observe_shows_the_cow_and_hides_partners_hands() -> None:
    duo = cf.Rules(players=2, mode="mad-cow")
    s = cf.scenario(duo, tractors={0: "0,-2 NW"}, hands={0: ["Rut"], 1: ["Bribe", "Watchdog"]})
    view = cf.observe(s, 0)
    assert view.cow == s.cow
    assert view.farmers[0].hand == ("Rut",) and view.farmers[1].hand is None
    assert view.farmers[1].hand_size == 2
    other = cf.resample(s, 0, random.Random(1))
    assert cf.observe(other, 0) == view


def test_move_texts_round_trip() -> None:
    s = cf.scenario(
        cf.Rules(players=2, mode="mad-cow"),
        tractors={0: "0,-2 NW", 1: "0,-2 SE"},
        hands={0: ["Hay Bale", "Rut"]},
        cow_field=["0,3"],
    )
    moves = [
        cf.Face(2),
        cf.CowCard("Turn Left 6"),
        cf.Aim(1),
        cf.Fly(cf.plot("0,3")),
        cf.Surrender(cf.plot("0,-2")),
        cf.Play("Rut", cf.THE_COW, "the Cow"),
    ]
    assert [str(m) for m in moves] == [
        "the Cow faces SE",
        "mad cow card Turn Left 6",
        "aim at player 1's tractor",
        "fly the Cow to 0,3",
        "give 0,-2 to the Cow",
        "play Rut on the Cow",
    ]
    for move in moves:
        assert cf.parse_move(s, str(move)) == move
    assert texts(s)[-1] == "play Rut on the Cow"


@pytest.mark.parametrize(
    "text",
    [
        "mad cow card Turn Left 9",
        "mad cow card",
        "the Cow faces S W",
        "the Cow faces up",
        "aim at player 7's tractor",
        "aim at players tractor",
        "fly the Cow to 9,9",
        "give 0,-2 to a Cow",
        "play Rut on the Bull",
    ],
)
def test_malformed_mad_cow_moves(text: str) -> None:
    s = cf.scenario(
        cf.Rules(players=2, mode="mad-cow"), tractors={0: "0,-2 NW"}, hands={0: ["Rut"]}
    )
    with pytest.raises(MoveSyntaxError):
        cf.parse_move(s, text)


def test_illegal_mad_cow_moves_name_the_rule() -> None:
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, hands={0: ["Rut"]})
    with pytest.raises(acreage.IllegalMoveError, match="not now, it is player 0's turn"):
        cf.apply_move(s, cf.CowCard("Turn Left 6"))
    with pytest.raises(acreage.IllegalMoveError, match="on the Cow in the Mad Cow mode"):
        cf.apply_move(s, cf.Play("Rut", 0, "player 0"))
    two = cf.scenario(cf.Rules(players=2), hands={0: ["Rut"]}, tractors={0: "0,-2 NW"})
    on_the_cow = cf.parse_move(two, "play Rut on the Cow")
    with pytest.raises(acreage.IllegalMoveError, match="there is no Cow"):
        cf.apply_move(two, on_the_cow)
    s = cow_plays(s, "Turn Around 0")
    s = play(s, "play Rut on the Cow")
    assert s.phase is cf.Phase.CHECK
    with pytest.raises(acreage.IllegalMoveError, match="cannot be the next one drawn"):
        cf.apply_move(s, cf.CowCard("Turn Around 0"))  # the Cow played it


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 5}, "players: expected 1 to 4, got 5"),
        ({"endgame_card": True}, "endgame_card: the Mad Cow mode has no Endgame card"),
        ({"plot_tiles": 30}, "plot_tiles: expected an integer of at least 37"),
        ({"start_plots": [[0, -2], [0, 2]]}, "start_plots: expected 1 plot"),
        ({"start_plots": [[0, 0]]}, r"start_plots\[0\]: the Cow stands on the centre plot"),
        ({"cow_tiles": 1}, "cow_tiles: expected 2 to 37, got 1"),
        ({"lockdown_plots": 0}, "lockdown_plots: expected 1 to 37, got 0"),
        ({"coop_backlash": "yes"}, "coop_backlash: expected true or false"),
        (
            {"mad_cow_cards": [{"name": "Moo 3", "numbers": [1]}]},
            r"mad_cow_cards\[0\]: MadCowCard\.name: expected a card title",
        ),
        (
            {"mad_cow_cards": [{"name": "Moo", "numbers": [-1]}]},
            r"mad_cow_cards\[0\]\.numbers: expected 0 to 100, got -1",
        ),
        (
            {"mad_cow_cards": [{"name": "Moo", "numbers": [1], "step": 7}]},
            r"mad_cow_cards\[0\]\.step: expected -5 to 5, got 7",
        ),
        (
            {"mad_cow_cards": [{"name": "Moo", "numbers": [1]}, {"name": "Moo", "numbers": [2]}]},
            r"mad_cow_cards\[1\]\.name: 'Moo' is taken",
        ),
        (
            {"mad_cow_cards": [{"name": "Again", "numbers": [1], "repeat": True}]},
            "mad_cow_cards: the deck needs at least one card that moves the Cow",
        ),
        ({"mad_cow_cards": [{"name": "Moo"}]}, r"mad_cow_cards\[0\]: .*numbers"),
    ],
)
def test_bad_mad_cow_rules_name_the_field(fields: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        cf.Rules.from_data({"players": 1, "mode": "mad-cow", **fields})


def test_a_mad_cow_deck_from_a_data_file(tmp_path: Path) -> None:
    path = tmp_path / "herd.toml"
    path.write_text(
        'players = 1\nmode = "mad-cow"\n'
        '[[mad_cow_cards]]\nname = "Charge"\nnumbers = [3, 3, 9]\n'
        '[[mad_cow_cards]]\nname = "Again"\nrepeat = true\nnumbers = [0]\n'
    )
    rules = cf.Rules.from_toml(path)
    assert rules.cow_deck_counts() == {"Again 0": 1, "Charge 3": 2, "Charge 9": 1}
    s = cf.scenario(rules, tractors={0: "0,-2 NW"})
    s = cow_plays(s, "Charge 9")
    assert s.cow is not None and s.cow.plot == cf.plot("0,-1")
    assert rules.to_data()["mad_cow_cards"][0] == {
        "name": "Charge",
        "numbers": [3, 3, 9],
        "step": 0,
        "turn": 0,
        "repeat": False,
    }
    broken = tmp_path / "broken.toml"
    broken.write_text('mode = "mad-cow"\nplayers = 1\n[[mad_cow_cards]]\nname = 3\nnumbers = [1]\n')
    with pytest.raises(RulesError, match=r"mad_cow_cards\[0\]\.name: expected a string"):
        cf.Rules.from_toml(broken)


def test_games_end_and_replay() -> None:
    result = acreage.play(cf.GAME, cf.Rules(players=3, mode="mad-cow"), seed=11)
    assert result.state.ended and acreage.replay(result.record)[-1] == result.state
    assert attrs.evolve(result.state) == result.state
