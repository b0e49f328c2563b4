from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acreage.core.chance import (
    Deck,
    Pile,
    Stack,
    check_distribution,
    counted,
    dice,
    die,
    sample,
    uniform,
)


def test_draw_from_a_pile_is_weighted_by_count() -> None:
    deck = Deck.of({"cow": 3, "hen": 1})
    assert deck.draw_outcomes() == (("cow", Fraction(3, 4)), ("hen", Fraction(1, 4)))
    assert len(deck) == 4 and deck.count("cow") == 3
    assert deck.draw("hen").draw_outcomes() == (("cow", Fraction(1)),)
    with pytest.raises(ValueError, match="cannot be the next card"):
        deck.draw("pig")


def test_known_order_segments_draw_in_order() -> None:
    deck = Deck.of(["a", "b"]).put_top(["x", "y"]).put_bottom(["z"])
    assert deck.draw_outcomes() == (("x", Fraction(1)),)
    assert not deck.can_draw("y")
    deck = deck.draw("x").draw("y")
    assert deck.draw_outcomes() == (("a", Fraction(1, 2)), ("b", Fraction(1, 2)))
    deck = deck.draw("b").draw("a")
    assert deck.draw_outcomes() == (("z", Fraction(1)),)
    assert deck.draw("z") == Deck() and not deck.draw("z")
    assert Deck().draw_outcomes() == ()


def test_shuffles_forget_order() -> None:
    deck = Deck.of(["a"]).put_bottom(["b", "c"])
    assert isinstance(deck.segments[1], Stack)
    assert deck.shuffled().segments == (Pile.of(["a", "b", "c"]),)
    mixed = deck.shuffle_into(["d"])
    assert mixed.segments[1] == Pile.of(["b", "c", "d"])
    assert deck.put_bottom(["e"], known_order=False).segments[-1] == Pile.of(["e"])
    assert Deck().shuffle_into(["q"]) == Deck.of(["q"])
    assert deck.counts() == (("a", 1), ("b", 1), ("c", 1))


def test_decks_are_values() -> None:
    assert Deck.of(["b", "a", "a"]) == Deck.of({"a": 2, "b": 1})
    assert hash(Deck.of(["a", "b"])) == hash(Deck.of(["b", "a"]))
    with pytest.raises(ValueError, match="non-negative"):
        Pile.of({"a": -1})


@given(st.lists(st.sampled_from("abcde"), max_size=12), st.randoms(use_true_random=False))
def test_every_card_is_drawn_once(cards: list[str], rnd: random.Random) -> None:
    deck = Deck.of(cards)
    drawn = []
    while deck:
        outcomes = deck.draw_outcomes()
        check_distribution(outcomes)
        card = sample(outcomes, rnd)
        drawn.append(card)
        deck = deck.draw(card)
    assert Counter(drawn) == Counter(cards)


def test_dice_distributions() -> None:
    assert die(6) == uniform(range(1, 7))
    two = dict(dice(2, 3))
    assert two[(1, 1)] == Fraction(1, 9) and two[(1, 2)] == Fraction(2, 9)
    check_distribution(dice(3, ["a", "b", "c", "d", "e", "?"]))
    assert len(dice(3, 6)) == 56 and len(dice(2, 6, ordered=True)) == 36
    check_distribution(dice(2, 6, ordered=True))


def test_check_distribution_rejects() -> None:
    with pytest.raises(ValueError, match="sum to 1/2"):
        check_distribution([("a", Fraction(1, 2))])
    with pytest.raises(ValueError, match="not Fraction"):
        check_distribution([("a", 1.0)])
    with pytest.raises(ValueError, match="twice"):
        check_distribution([("a", Fraction(1, 2)), ("a", Fraction(1, 2))])
    with pytest.raises(ValueError, match="not positive"):
        check_distribution([("a", Fraction(1)), ("b", Fraction(0))])
    with pytest.raises(ValueError, match="at least one"):
        uniform([])


def test_sample_is_exact_and_seeded() -> None:
    dist = ((0, Fraction(1, 3)), (1, Fraction(2, 3)))
    rnd = random.Random(5)
    counts = Counter(sample(dist, rnd) for _ in range(3000))
    assert 900 < counts[0] < 1100
    assert [sample(dist, random.Random(9)) for _ in range(3)] == [
        sample(dist, random.Random(9))
    ] * 3


def test_counted_distributions_are_plain_distributions_that_sample_fast() -> None:
    dist = counted([("cow", 3), ("hen", 1), ("pig", 4)])
    assert dist == (("cow", Fraction(3, 8)), ("hen", Fraction(1, 8)), ("pig", Fraction(1, 2)))
    assert isinstance(dist, tuple)
    check_distribution(dist)
    rnd = random.Random(3)
    tally = Counter(sample(dist, rnd) for _ in range(8000))
    assert 2700 < tally["cow"] < 3300
    assert 700 < tally["hen"] < 1300
    # One randrange over the total count: the pick follows the running totals.
    assert [sample(dist, _Fixed(r)) for r in range(8)] == ["cow"] * 3 + ["hen"] + ["pig"] * 4
    with pytest.raises(ValueError, match="positive counts"):
        counted([("cow", 0)])
    with pytest.raises(ValueError, match="positive counts"):
        counted([])


@given(st.lists(st.integers(1, 12), min_size=1, max_size=8), st.integers(0, 2**32))
def test_counted_draws_what_its_fractions_draw(counts: list[int], seed: int) -> None:
    # Running counts reduced by their gcd: the same randrange as the plain tuple.
    pairs = [(i, k * 6) for i, k in enumerate(counts)]
    dist = counted(iter(pairs))
    plain = tuple((o, p) for o, p in dist)
    assert type(plain) is tuple and plain == dist
    assert [sample(dist, random.Random(seed)) for _ in range(2)] == [
        sample(plain, random.Random(seed))
    ] * 2
    many = random.Random(seed), random.Random(seed)
    assert [sample(dist, many[0]) for _ in range(20)] == [sample(plain, many[1]) for _ in range(20)]


def test_counted_large_bags() -> None:
    dist = counted([("grain", 1500), ("corn", 500)])
    assert dist == (("grain", Fraction(3, 4)), ("corn", Fraction(1, 4)))
    assert dist.cumulative == (3, 4)


class _Fixed(random.Random):
    """A generator whose randrange always answers ``value``."""

    def __init__(self, value: int) -> None:
        super().__init__(0)
        self.value = value

    def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
        return self.value
