"""The acreage contract (check_game) and the invariants of every reachable state."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings

from acreage import fields_of_green as fog
from acreage.fields_of_green.geometry import neighbours
from acreage.testing import Playout, check_game, playouts

PICKING = fog.PHASES.index("pick")
DRAFT = {
    fog.PHASES.index(p)
    for p in ("pick", "action", "pay", "tool deal", "tool choose", "tool place", "attach", "store")
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game(players: int) -> None:
    check_game(fog.GAME, fog.Rules(players=players), playouts=2, seed=players)


def test_check_game_with_the_other_options() -> None:
    r = fog.Rules(
        players=3,
        split_payments=True,
        range_metric="path",
        harvest_water_in_range=True,
        shut_down_sites_score=True,
        tie_break="shared",
        start_player=2,
    )
    check_game(fog.GAME, r, playouts=1, seed=7)


def all_cards(state: fog.State) -> Counter[int]:
    t = state.rules.tables
    cards: Counter[int] = Counter()
    for deck in state.decks:
        cards.update(deck.cards())
    for hand in state.hands:
        cards.update(hand)
    cards.update(k for k in state.picks if k >= 0)
    for f in state.farms:
        cards.update(k for k in f.kinds if k < t.silo)
    cards.update(state.discard)
    return cards


def check_invariants(playout: Playout) -> None:
    first = playout.states[0]
    rules = first.rules
    t = rules.tables
    every_card = all_cards(first)
    assert every_card == Counter({k: c.count for k, c in enumerate(rules.cards)})
    for s in playout.states:
        # Silos hold at most 4 grain each (grain moves freely between them), towers 3 water.
        for f in s.farms:
            silos = sum(1 for k in f.kinds if k == t.silo)
            assert f.grain_capacity == rules.silo_capacity * silos
            assert 0 <= f.grain <= f.grain_capacity
            assert all(0 <= water <= cap == rules.tower_capacity for _, water, cap, _ in f.towers)
            assert f.coins >= 0
            # Every card touches another orthogonally: no card hangs on a diagonal only.
            for c in f.cells:
                assert neighbours(1 << c, t.width) & f.occupied
            assert f.frontier == tuple(sorted(set(_bits(neighbours(f.occupied, t.width)))))
        # Every card is in exactly one place: a deck, a hand, a pick, a farm or the discard.
        assert all_cards(s) == every_card
        # Within an action round all hands have the same size (a pick counts while hidden).
        if fog.question(s).phase in DRAFT:
            sizes = {
                len(h) + (fog.question(s).phase == PICKING and k >= 0)
                for h, k in zip(s.hands, s.picks, strict=True)
            }
            assert len(sizes) == 1
    last = playout.final
    assert fog.is_terminal(last) and last.year == rules.years == 4
    assert len(fog.winners(last)) >= 1


def _bits(m: int) -> list[int]:
    return [i for i in range(m.bit_length()) if m >> i & 1]


@settings(max_examples=20)
@given(playouts(fog.GAME, fog.Rules(players=2)))
def test_invariants_2_players(playout: Playout) -> None:
    check_invariants(playout)


@settings(max_examples=15)
@given(playouts(fog.GAME, fog.Rules(players=3)))
def test_invariants_3_players(playout: Playout) -> None:
    check_invariants(playout)


@settings(max_examples=12)
@given(playouts(fog.GAME, fog.Rules(players=4)))
def test_invariants_4_players(playout: Playout) -> None:
    check_invariants(playout)


def test_the_fast_deal_draws_like_the_core_deck() -> None:
    from acreage.core.chance import Deck
    from acreage.fields_of_green.apply import dealt

    for deck in (*fog.Rules().tables.decks, Deck.of({3: 1}), Deck.of({3: 1}).put_bottom([4])):
        for card, _ in deck.draw_outcomes():
            assert dealt(deck, card) == deck.draw(card)
        with pytest.raises(ValueError, match="cannot be the next card"):
            dealt(deck, 999)
