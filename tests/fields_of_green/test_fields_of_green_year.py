"""Scenario tests: the year's course (maintenance, blind draws, the draft, harvest, restore)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from fields_of_green_helpers import (
    action_round,
    deal,
    deal_hands,
    name_at,
    phase,
    play,
    rules,
    texts,
    water,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from acreage import IllegalMoveError
from acreage import fields_of_green as fog
from acreage.core.bitset import bits
from acreage.core.chance import Deck
from acreage.fields_of_green.queries import legal_decks


def test_year_one_has_no_income_later_years_do_and_overflow_is_lost() -> None:
    s = fog.new_game(rules(hand_size=1, min_decks=1, years=2, start_grain=4))
    assert s.year == 1 and s.farms[0].coins == 15  # "Ausgenommen von der ersten Runde"
    s = deal_hands(s, ("cottage",), ("cottage",))
    s = play(s, "market", "market")
    # Year 2: 3 coins, 2 water, 1 grain each; the silo (4) and the tower (3) are full,
    # so the grain and the water are lost.
    assert s.year == 2
    for f in s.farms:
        assert (f.coins, f.grain, f.towers[0][1]) == (15 + 2 + 3, 4, 3)


def test_income_fills_what_room_there_is() -> None:
    s = fog.new_game(rules(hand_size=1, min_decks=1, years=2, start_grain=3))
    s = deal_hands(s, ("grain field",), ("cottage",))
    s = play(s, "build grain field at 0,1", "market")
    # The grain field paid 1 water to build and 1 at harvest (tower 3 -> 1) and
    # produced 2 grain (3 -> 4). Year 2 gives 2 water (-> 3) and 1 grain (lost).
    f = s.farms[0]
    assert (f.grain, f.towers[0][1]) == (4, 3)


def test_water_income_goes_into_the_tower_its_owner_chooses() -> None:
    s = fog.new_game(rules(hand_size=2, min_decks=1, years=2))
    s = deal_hands(s, ("grain field", "vineyard"), ("grain field", "vineyard"))
    s = play(s, "pick grain field", "pick grain field", "build water tower at 0,1", "market")
    s = action_round(s, (), ("build vineyard at -1,0",))
    # The vineyard costs 1 water; both towers reach -1,0, so its owner chooses.
    assert texts(s) == ["pay 1 water from 0,0", "pay 1 water from 0,1"]
    s = play(s, "pay 1 water from 0,1", "market")
    # At harvest the vineyard needs 2, all from one tower: either still holds 2.
    assert texts(s) == ["pay 2 water from 0,0", "pay 2 water from 0,1"]
    s = play(s, "pay 2 water from 0,0")
    assert s.year == 2 and phase(s) == "store" and fog.question(s).actor == 0
    assert (water(s, 0, 0, 0), water(s, 0, 0, 1)) == (1, 2)
    assert texts(s) == ["store water in 0,0", "store water in 0,1"]
    s = play(s, "store water in 0,1")
    # The second token has only one tower with room left to go to.
    assert (water(s, 0, 0, 0), water(s, 0, 0, 1)) == (2, 3)


def test_draws_come_from_at_least_3_decks() -> None:
    s = fog.new_game(rules())
    assert phase(s) == "draw" and fog.question(s).actor == 0
    assert texts(s) == [
        f"draw from {d}" for d in ("fields", "livestock", "facilities", "buildings")
    ]
    s = deal(s, "grain field", "orchard", "orchard", "vineyard")
    # Two draws left and only one deck used: the last two must open two more decks.
    assert texts(s) == ["draw from livestock", "draw from facilities", "draw from buildings"]
    with pytest.raises(IllegalMoveError, match="at least 3 different decks"):
        play(s, "draw from fields")
    s = deal(s, "well")
    assert texts(s) == ["draw from livestock", "draw from buildings"]
    s = deal(s, "inn")
    assert fog.question(s).actor == 1 and len(s.hands[0]) == 6


def test_the_draw_is_blind_a_chance_node_per_card() -> None:
    s = fog.new_game(rules())
    s = play(s, "draw from buildings")
    assert s.to_move is fog.GAME.to_move(s) and not isinstance(s.to_move, int)
    outcomes = {str(m): p for m, p in fog.chance_outcomes(s)}
    assert outcomes["deal card chapel"] == Fraction(3, 33)
    s = play(s, "deal card chapel")
    # "ohne sie währenddessen zu begutachten": the drawer does not see the card yet.
    assert fog.observe(s, 0).seats[0].hand is None
    assert fog.observe(s, 0).seats[0].backs == ("buildings",)
    s = deal(s, "farmhouse", "pigs", "pigs", "well", "mill")
    assert fog.observe(s, 0).seats[0].hand == (
        "pigs",
        "pigs",
        "well",
        "mill",
        "farmhouse",
        "chapel",
    )
    assert fog.observe(s, 1).seats[0].hand is None


def test_an_empty_deck_cannot_be_drawn_from_and_fewer_decks_suffice() -> None:
    cards = (
        fog.Card("lone field", "fields", count=1),
        fog.Card("lone cow", "livestock", count=1),
        fog.Card("shed", "facilities", count=20),
    )
    s = fog.new_game(rules(cards=cards, tools=(), years=1, hand_size=5))
    s = deal(s, "lone field")
    assert "draw from fields" not in texts(s)
    s = deal(s, "lone cow")
    # Only the facilities deck still holds cards: the 3-deck rule is waived.
    assert phase(s) == "deal"
    s = deal(s, "shed", "shed", "shed")
    assert fog.question(s).actor == 1 and phase(s) == "deal"


@pytest.mark.parametrize(("year", "receives_from"), [(1, -1), (2, +1), (3, -1), (4, +1)])
def test_hands_pass_left_in_years_1_and_3_and_right_in_2_and_4(
    year: int, receives_from: int
) -> None:
    r = rules(players=3, hand_size=2, min_decks=1)
    s = fog.new_game(r)
    mine = (("cottage", "pigs"), ("inn", "well"), ("barn", "mill"))
    for _ in range(1, year):
        s = deal_hands(s, *mine[s.start :], *mine[: s.start])
        while s.year == _:
            s = play(s, str(fog.legal_moves(s)[-1]) if phase(s) != "action" else "market")
    start = s.start
    order = [(start + i) % 3 for i in range(3)]
    s = deal_hands(s, *(mine[p] for p in order))
    firsts = {0: "cottage", 1: "inn", 2: "barn"}
    s = play(s, *(f"pick {firsts[p]}" for p in order))
    names = s.rules.tables.names
    for p in range(3):
        giver = (p + receives_from) % 3
        assert [names[k] for k in s.hands[p]] == [mine[giver][1]]
    assert s.pass_direction == (1 if year % 2 else -1)


def test_picks_are_hidden_until_all_reveal() -> None:
    s = fog.new_game(rules(hand_size=2, min_decks=1))
    s = deal_hands(s, ("cottage", "pigs"), ("chapel", "well"))
    s = play(s, "pick pigs")
    assert fog.question(s).actor == 1 and phase(s) == "pick"
    seat0 = fog.observe(s, 1).seats[0]
    assert (seat0.pick, seat0.pick_back, seat0.hand) == (None, "livestock", None)
    assert fog.observe(s, 0).seats[0].pick == "pigs"
    s = play(s, "pick chapel")
    assert phase(s) == "action"
    assert fog.observe(s, 1).seats[0].pick == "pigs"
    # Seat 1 passed its hand to seat 0 and so knows it; seat 0 knows what it gave seat 1.
    assert fog.observe(s, 1).seats[0].hand == ("well",)
    assert fog.observe(s, 0).seats[1].hand == ("cottage",)


def test_a_pick_from_a_hand_of_one_kind_is_still_asked() -> None:
    # Picks are simultaneous: if seat 1's pick of two cottages were taken without
    # asking, the turn would pass from seat 0 straight to seat 2 and both would learn
    # that seat 1 holds nothing but cottages.
    s = fog.new_game(rules(players=3, hand_size=2, min_decks=1))
    s = deal_hands(s, ("pigs", "well"), ("cottage", "cottage"), ("chapel", "inn"))
    s = play(s, "pick pigs")
    assert phase(s) == "pick" and fog.question(s).actor == 1 and texts(s) == ["pick cottage"]
    s = play(s, "pick cottage", "pick inn")
    # With one card left in every hand, everyone knows every pick is forced.
    s = play(s, "market", "market", "market")
    assert phase(s) == "action" and s.picks == tuple(
        s.rules.tables.names.index(c) for c in ("chapel", "well", "cottage")
    )


def harvest_rules() -> fog.Rules:
    return rules(hand_size=3, min_decks=1, years=2)


def two_fields_one_water() -> fog.State:
    """Seat 0's harvest: a grain field and a vegetable patch need 1 water each; the tower has 1."""
    s = fog.new_game(harvest_rules())
    hand = ("grain field", "vegetable patch", "pumpkin patch")
    s = deal_hands(s, hand, hand)
    for card, at in (
        ("grain field", "0,1"),
        ("vegetable patch", "-1,0"),
        ("pumpkin patch", "0,-1"),
    ):
        s = action_round(s, (card, card), (f"build {card} at {at}", "market"))
    assert phase(s) == "supply" and fog.question(s).actor == 0
    assert water(s, 0, 0, 0) == 1
    return s


def test_harvest_order_decides_which_site_keeps_running() -> None:
    s = two_fields_one_water()
    assert sorted(texts(s)) == ["supply grain field at 0,1", "supply vegetable patch at -1,0"]
    first = play(s, "supply grain field at 0,1")
    assert name_at(first, 0, 0, 1) == "grain field"
    assert name_at(first, 0, -1, 0) == "[vegetable patch]"
    other = play(s, "supply vegetable patch at -1,0")
    assert name_at(other, 0, 0, 1) == "[grain field]"
    assert name_at(other, 0, -1, 0) == "vegetable patch"
    # (Both then get year 2's income: 3 coins and 1 grain.)
    assert (first.farms[0].grain, other.farms[0].grain) == (1 + 2 + 1, 1 + 1)
    assert other.farms[0].coins == first.farms[0].coins + 3


def test_harvest_output_feeds_sites_supplied_later() -> None:
    s = fog.new_game(harvest_rules())
    hand = ("grain field", "well", "rice paddy")
    s = deal_hands(s, hand, hand)
    for card, at in (("grain field", "0,1"), ("rice paddy", "-1,0"), ("well", "0,-1")):
        s = action_round(s, (card, card), (f"build {card} at {at}", "market"))
    # The tower is empty: the grain field and the rice paddy can run only after the
    # well's 2 water; the owner may still take one of them first and let it shut down.
    assert water(s, 0, 0, 0) == 0
    assert sorted(texts(s)) == [
        "shut down grain field at 0,1",
        "shut down rice paddy at -1,0",
        "supply well at 0,-1",
    ]
    s = play(s, "supply well at 0,-1")
    assert water(s, 0, 0, 0) == 2
    s = play(s, "supply rice paddy at -1,0")
    # The grain field finds no water left and shuts down by itself.
    assert name_at(s, 0, 0, 1) == "[grain field]" and s.farms[0].grain == 4


def test_a_site_that_can_be_supplied_cannot_be_shut_down() -> None:
    s = two_fields_one_water()
    with pytest.raises(IllegalMoveError, match="can be supplied"):
        play(s, "shut down grain field at 0,1")


def test_restore_costs_the_card_and_a_coin_and_brings_the_site_back() -> None:
    s = two_fields_one_water()
    s = play(s, "supply grain field at 0,1")
    assert phase(s) == "draw" and s.year == 2
    hand = ("cottage", "pigs", "chapel")
    s = deal_hands(s, hand, hand)
    # Seat 1 starts year 2, so it acts first.
    s = play(s, "pick cottage", "pick cottage", "market")
    coins = s.farms[0].coins
    assert "restore vegetable patch at -1,0" in texts(s)
    with pytest.raises(IllegalMoveError, match="no shut-down site at 0,1"):
        play(s, "restore grain field at 0,1")
    s = play(s, "restore vegetable patch at -1,0")
    assert name_at(s, 0, -1, 0) == "vegetable patch"
    assert s.farms[0].coins == coins - 1
    assert s.rules.tables.names.index("cottage") in s.discard


def test_restore_needs_a_coin() -> None:
    s = two_fields_one_water()
    s = play(s, "supply grain field at 0,1")
    hand = ("cottage", "pigs", "chapel")
    s = deal_hands(s, hand, hand)
    s = play(s, "pick cottage", "pick cottage", "market")
    import attrs

    poor = attrs.evolve(s, farms=(attrs.evolve(s.farms[0], coins=0), s.farms[1]))
    assert not [t for t in texts(poor) if t.startswith("restore")]
    with pytest.raises(IllegalMoveError, match="costs 1 coin"):
        play(poor, "restore vegetable patch at -1,0")


def test_the_start_player_passes_left_each_year_and_the_game_ends_after_year_4() -> None:
    import random

    from acreage.core.chance import sample

    s = fog.new_game(rules(players=3, hand_size=1, min_decks=1))
    rng = random.Random(3)
    starts = {}
    while s.to_move is not None:
        starts.setdefault(s.year, s.start)
        moves = fog.legal_moves(s)
        m = sample(fog.chance_outcomes(s), rng) if not isinstance(s.to_move, int) else moves[0]
        s = fog.apply_move(s, m)
    assert starts == {1: 0, 2: 1, 3: 2, 4: 0}
    assert s.year == 4 and fog.is_terminal(s) and fog.legal_moves(s) == ()


def test_picks_and_actions_go_in_seat_order_from_the_start_player() -> None:
    s = fog.new_game(rules(players=3, start_player=2, hand_size=1, min_decks=1, years=1))
    assert fog.question(s).actor == 2  # the start player draws first
    s = deal_hands(s, ("cottage",), ("inn",), ("chapel",))
    # One card each: the picks take themselves; the actions go 2, 0, 1.
    order = []
    while phase(s) == "action":
        order.append(fog.question(s).actor)
        s = play(s, "market")
    assert order == [2, 0, 1]


def test_a_green_ability_counts_its_neighbours_at_harvest() -> None:
    s = fog.new_game(rules(hand_size=3, min_decks=1, years=1))
    hand = ("sunflower field", "meadow", "beehive")
    s = deal_hands(s, hand, hand)
    s = action_round(s, ("sunflower field",) * 2, ("build sunflower field at 0,1", "market"))
    s = action_round(s, ("meadow",) * 2, ("build meadow at -1,1", "market"))
    s = action_round(s, (), ("build beehive at -1,2", "market"))
    coins = s.farms[0].coins
    # The beehive: 1 coin per neighbouring Fields card (the meadow; the sunflower field is
    # diagonal). The sunflower field: 1 coin and 1 grain.
    assert phase(s) == "supply"
    s = play(s, "supply beehive at -1,2")  # the sunflower field, last, follows by itself
    assert phase(s) == "end" and s.farms[0].coins == coins + 1 + 1


def _completions_allow(
    sizes: tuple[int, ...], drawn: int, used: frozenset[int], r: fog.Rules
) -> int:
    """The decks a next draw may come from, by trying every way to finish the hand."""
    target = min(r.min_decks, len(used | {d for d, n in enumerate(sizes) if n}))

    @cache
    def finishes(sizes: tuple[int, ...], drawn: int, used: frozenset[int]) -> bool:
        if drawn == r.hand_size:
            return len(used) >= target
        return any(finishes(*after(sizes, drawn, used, d)) for d, n in enumerate(sizes) if n)

    def after(
        sizes: tuple[int, ...], drawn: int, used: frozenset[int], d: int
    ) -> tuple[tuple[int, ...], int, frozenset[int]]:
        return (*sizes[:d], sizes[d] - 1, *sizes[d + 1 :]), drawn + 1, used | {d}

    return sum(1 << d for d, n in enumerate(sizes) if n and finishes(*after(sizes, drawn, used, d)))


@settings(max_examples=60)
@given(
    hand_size=st.integers(3, 7),
    min_decks=st.integers(1, 4),
    sizes=st.tuples(*[st.sampled_from((0, 1, 2, 3, 9))] * 4),
    picks=st.lists(st.integers(0, 3), max_size=6),
)
def test_the_deck_rule_allows_exactly_the_draws_that_can_still_meet_it(
    hand_size: int, min_decks: int, sizes: tuple[int, ...], picks: list[int]
) -> None:
    assume(min_decks <= hand_size and sum(sizes) >= hand_size)
    r = rules(hand_size=hand_size, min_decks=min_decks, years=1, players=2)
    decks = tuple(Deck.of({0: n}) if n else Deck() for n in sizes)
    used, drawn = frozenset[int](), 0
    # Follow a line of legal draws (the i-th allowed deck each time) and check every step.
    for pick in [*picks, *[0] * hand_size][:hand_size]:
        allowed = legal_decks(r, decks, drawn, sum(1 << d for d in used))
        assert allowed == _completions_allow(sizes, drawn, used, r)
        d = list(bits(allowed))[pick % allowed.bit_count()]
        sizes = (*sizes[:d], sizes[d] - 1, *sizes[d + 1 :])
        decks = tuple(Deck.of({0: n}) if n else Deck() for n in sizes)
        used, drawn = used | {d}, drawn + 1
    assert len(used) >= min(min_decks, len(used | {d for d, n in enumerate(sizes) if n}))


def test_six_actions_and_five_passes_make_a_year() -> None:
    # "Nachdem die Handkarten 5 mal weitergegeben worden sind und jeder Spieler 6
    # Aktionen durchgeführt hat, beginnt die erste Ernte."
    s = fog.new_game(rules(players=3, years=1))
    actions = [0, 0, 0]
    passes = 0
    while not fog.is_terminal(s):
        passes = max(passes, s.passes)
        if phase(s) == "action":
            actions[fog.question(s).actor] += 1
            s = play(s, "market")
        else:
            s = fog.apply_move(s, fog.legal_moves(s)[0])
    assert actions == [6, 6, 6] and passes == 5
    assert len(s.discard) == 18 and not any(s.hands)
