"""The acreage contract: conformance, invariants on random playouts, golden files, bad input."""

from __future__ import annotations

import pytest
from get_off_my_land_helpers import play, scene, started
from hypothesis import given, settings

from acreage import CHANCE, IllegalMoveError, MoveSyntaxError
from acreage.core.regions import FenceNetwork, partition
from acreage.get_off_my_land import (
    GAME,
    Buy,
    Rules,
    State,
    arrange,
    legal_moves,
    new_game,
    parse_move,
    render_svg,
    render_text,
)
from acreage.get_off_my_land.land import blocked_edges, control
from acreage.get_off_my_land.state import FinishCard, Turn
from acreage.testing import check_game, golden_playthrough, move_counts, playouts
from golden import check_golden


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game(players: int) -> None:
    check_game(GAME, Rules(players=players), playouts=2, seed=players)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "secret_farmhouses": True},
        {"players": 3, "anchored_fences": True},
        {"players": 2, "home_farmer_protects": False},
    ],
)
def test_check_game_with_options(options: dict[str, object]) -> None:
    check_game(GAME, Rules(**options), playouts=1)


def _fence_cards(s: State) -> int:
    pending = sum(1 for task in s.agenda if isinstance(task, FinishCard))
    return len(s.fence_deck) + len(s.fence_discard) + sum(map(len, s.hands)) + pending


def _market_cards(s: State) -> int:
    on_land = sum(1 for k in s.cards if k >= 0)
    in_track = sum(1 for k in s.track if k >= 0)
    return len(s.market_deck) + len(s.market_discard) + on_land + in_track


def _check_invariants(playout) -> None:
    rules = playout.rules
    t = rules.tables
    fence_total = len(t.fence_deck)
    market_total = len(t.market_deck)
    month = 0
    for i, s in enumerate(playout.states):
        for f in s.fences:
            on_board = ((f | f >> t.edges) & t.edge_mask).bit_count()
            assert on_board <= rules.fences_per_player  # 15 a player, board and stash
        assert len(set(s.farmers)) == len(s.farmers)  # one farmer per tile
        assert all(m >= 0 for m in s.money)  # money never negative
        assert s.month >= month and s.month <= len(rules.months)  # months in order
        month = s.month
        assert (s.to_move is None) == (s.month == len(rules.months))
        if isinstance(s.decision, Turn) and s.decision.actions == rules.actions_per_turn:
            assert all(len(h) <= rules.hand_limit for h in s.hands)  # limit at turn end
        cards = sum(1 << c for c, k in enumerate(s.cards) if k >= 0)
        assert not s.mature & ~cards
        assert _fence_cards(s) == fence_total and _market_cards(s) == market_total
        assert s.partition == partition(t.grid, blocked_edges(t, s.fences))  # kept, not redone
        assert s.control == control(t, s.partition, s.fences)  # kept up to date, not redone
        for p, f in enumerate(s.fences):  # the derived fence networks follow the fences
            network = s.networks[p]
            fresh = FenceNetwork.of(t.grid, (f | f >> t.edges) & t.edge_mask)
            assert (network.edges, network.closing) == (fresh.edges, fresh.closing)
            assert set(network.groups) == set(fresh.groups)
        seen = 0
        for mask in s.control:
            assert not mask & seen
            seen |= mask
        if i:
            move = playout.moves[i - 1]
            if isinstance(move, Buy):  # no market card on land the buyer does not control
                before = playout.states[i - 1]
                assert s.cards[move.cell] == move.card
                assert s.control[before.to_move] >> move.cell & 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_on_random_playouts(players: int) -> None:
    @settings(max_examples=15)
    @given(playouts(GAME, Rules(players=players)))
    def check(playout) -> None:
        _check_invariants(playout)

    check()


def test_golden_playthrough() -> None:
    check_golden(
        "get-off-my-land/playthrough-2p-seed1.txt",
        golden_playthrough(GAME, Rules(players=2), seed=1),
    )


def test_golden_move_counts() -> None:
    check_golden(
        "get-off-my-land/move-counts-4p-seed1.txt", move_counts(GAME, Rules(players=4), seed=1)
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "no such move !!",
        "log z9",
        "play Nothing! (1 fence, 1 hole) for fences",
        "send player 7's farmer home",
        "buy Cows (B) from the $5 slot onto b1",
        "fence b2 Q",
        "reveal Dragons (A)",
    ],
)
def test_junk_text_is_no_move(text: str) -> None:
    with pytest.raises(MoveSyntaxError):
        parse_move(started(), text)


def test_every_legal_move_text_round_trips() -> None:
    s = started(4)
    for move in legal_moves(s):
        assert parse_move(s, str(move)) == move


def test_illegal_moves_name_the_rule() -> None:
    s = started()
    with pytest.raises(IllegalMoveError, match="not a move now; it is player 0: take an action"):
        play(s, "no defence")
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        play(s, "play Steroids! (2 fences, 0 holes) for fences")
    with pytest.raises(IllegalMoveError, match="lumber costs \\$3"):
        play(arrange(s, money=(2, 8)), "buy lumber")
    s = play(s, "buy lumber", "done")
    with pytest.raises(IllegalMoveError, match="not a move now; it is chance: player 0 draws"):
        play(s, "reveal Cows (C)")
    s = play(s, str(legal_moves(s)[0]))
    s = play(s, str(legal_moves(s)[0]))
    with pytest.raises(IllegalMoveError, match="not a possible outcome of reveal the next market"):
        play(s, "reveal Cows (C)")


def test_rendering() -> None:
    s = started(3)
    text = render_text(s)
    assert "house 0" in text and "market: $2" in text and "May" in text
    # A farm's cards are listed in their stacking order (Grain 1, Cows 8, Still 10).
    farm = scene(s, land={0: ["a1", "b1", "c1", "a2"]}, logged={"c1": "nothing"},
                 cards={"b1": "Still*", "c1": "Cows", "a2": "Grain*"})  # fmt: skip
    assert "farm: Grain* a2, Cows. c1, Still* b1;" in render_text(farm)
    svg = render_svg(s)
    assert svg.startswith("<svg") and svg == s._repr_svg_()
    assert "player 2's farmer" in svg


def test_the_engine_s_quick_constructors_make_the_same_frozen_values() -> None:
    # The engine builds the tasks it makes on every fence and turn without the
    # attrs __init__ (or shares them); they must be the values __init__ makes.
    import attrs

    from acreage.get_off_my_land import rounds, work
    from acreage.get_off_my_land.state import Batch, DrawCard, PlaceFences

    b = work.batch(1, 2, -1, 5, (3, 4))
    assert type(b) is Batch and b == Batch(1, 2, -1, 5, (3, 4))
    assert hash(b) == hash(Batch(1, 2, -1, 5, (3, 4)))
    task = work.placing(b)
    assert type(task) is PlaceFences and task == PlaceFences(b) and task.actor == 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        b.left = 3  # type: ignore[misc]
    assert work.turn(2, 1, True) == Turn(2, 1, True)
    assert work.turn(2, 1, True) is work.turn(2, 1, True)
    assert work.draw_card(3) == DrawCard(3) and work.finish_card_task(7) == FinishCard(7)
    deck = new_game(Rules(players=2)).fence_deck
    for card in {c for c, _ in deck.draw_outcomes()}:
        assert rounds._draw(deck, card) == deck.draw(card)
        drawn = rounds._draw(rounds._draw(deck, card), card) if deck.count(card) > 1 else None
        assert drawn is None or drawn == deck.draw(card).draw(card)


def test_the_tasks_are_core_agenda_tasks_in_the_game_s_words() -> None:
    # No copy of core.agenda's machinery: every task kind is one of its classes,
    # and says what it is in the game's words, after the seat for a decision.
    from acreage.core import agenda
    from acreage.get_off_my_land import state as st

    assert st.Task is agenda.Task and st.AUTO is agenda.AUTO
    kinds = [getattr(st, name) for name in st.__all__ if name not in ("AUTO", "Batch", "State")]
    kinds.remove(agenda.Task)
    base = (agenda.PlayerTask, agenda.ChanceTask, agenda.AutoTask)
    for kind in kinds:
        assert kind.__module__ == st.__name__ and kind.kind  # type: ignore[attr-defined]
        # PlaceFences' seat is its batch's: a Task with a seat, not a PlayerTask holding it twice.
        assert sum(issubclass(kind, b) for b in base) == (kind is not st.PlaceFences)
    assert len(kinds) == 28
    b = st.Batch(1, 2, -1, 0, (0, 0))
    assert isinstance(st.Turn(0, 2, False), agenda.PlayerTask)
    assert isinstance(st.DrawCard(0), agenda.ChanceTask) and st.DrawCard(0).actor is CHANCE
    assert isinstance(st.EndTurn(0), agenda.AutoTask) and st.EndTurn(0).actor is agenda.AUTO
    assert st.ChooseFarmhouse(2).describe() == "player 2: keep one farmhouse tile"
    assert st.DealFarmhouse(2).describe() == "deal a farmhouse tile"
    assert st.PlaceFences(b).seat == st.PlaceFences(b).actor == 1
    assert st.Defend(0, b).describe() == "player 0: defend against player 1's fences, or not"
