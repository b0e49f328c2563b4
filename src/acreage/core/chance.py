"""Chance: decks of segments, dice, and exact outcome distributions.

A chance event (a die roll, a card draw, a shuffle) is a node of the game
tree whose outcomes carry exact :class:`~fractions.Fraction` probabilities.
A :class:`Deck` never holds a hidden order: cards whose order nobody knows
form a :class:`Pile` (a multiset), so drawing from it is a chance node over
card kinds weighted by their counts. Cards whose order is known (put back on
the bottom in a known order, say) form a :class:`Stack`. Draws come from the
first non-empty segment.

A distribution is a tuple of ``(outcome, probability)`` pairs with positive
Fraction probabilities summing to 1, in a deterministic order.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, Generic, TypeVar

import attrs

__all__ = [
    "Counted",
    "Deck",
    "Distribution",
    "Pile",
    "Stack",
    "check_distribution",
    "counted",
    "dice",
    "die",
    "sample",
    "uniform",
]

T = TypeVar("T")
C = TypeVar("C", bound=Hashable)

Distribution = tuple[tuple[T, Fraction], ...]
"""Outcomes with their exact probabilities."""


def uniform(outcomes: Iterable[T]) -> tuple[tuple[T, Fraction], ...]:
    """Each of ``outcomes`` with the same probability."""
    items = tuple(outcomes)
    if not items:
        raise ValueError("a distribution needs at least one outcome")
    p = Fraction(1, len(items))
    return tuple((o, p) for o in items)


def die(faces: int | Sequence[T]) -> tuple[tuple[Any, Fraction], ...]:
    """One fair die: faces ``1..faces`` for an int, else the given faces."""
    return uniform(range(1, faces + 1) if isinstance(faces, int) else faces)


def dice(
    n: int, faces: int | Sequence[T], *, ordered: bool = False
) -> tuple[tuple[tuple[Any, ...], Fraction], ...]:
    """``n`` fair dice rolled together.

    With ``ordered=False`` an outcome is the sorted tuple of values (the dice
    are interchangeable), with the multinomial probability; with
    ``ordered=True`` every ordered tuple is an outcome of probability
    ``faces ** -n``.
    """
    values: tuple[Any, ...] = tuple(range(1, faces + 1)) if isinstance(faces, int) else tuple(faces)
    if ordered:
        return uniform(itertools.product(values, repeat=n))
    total = len(values) ** n
    out = []
    for combo in itertools.combinations_with_replacement(values, n):
        ways = math.factorial(n)
        for c in Counter(combo).values():
            ways //= math.factorial(c)
        out.append((combo, Fraction(ways, total)))
    return tuple(out)


class Counted(tuple[tuple[Any, Fraction], ...]):
    """A distribution built from whole-number counts, as :func:`counted` makes it.

    It is an ordinary tuple of ``(outcome, Fraction)`` pairs, so it keeps the
    contract of ``chance_outcomes``; it also carries the running totals of the
    counts, which let :func:`sample` pick an outcome with one ``randrange``
    over the total count and no Fraction arithmetic.
    """

    cumulative: tuple[int, ...]


@functools.lru_cache(maxsize=4096)
def _fraction(k: int, total: int) -> Fraction:
    return Fraction(k, total)


_SHARES: dict[int, tuple[Fraction, ...]] = {}
"""``_SHARES[total][k]`` is ``k / total``: a bag's probabilities, built once per bag size."""

_SHARED_TOTAL: Final = 1024
"""Bags up to this size take their Fractions from ``_SHARES``."""


def _shares(total: int) -> tuple[Fraction, ...]:
    share = _SHARES[total] = tuple(Fraction(k, total) for k in range(total + 1))
    return share


def counted(pairs: Iterable[tuple[T, int]]) -> Counted:
    """The distribution of drawing one item of a multiset: each outcome weighted by its count.

    ``pairs`` are ``(outcome, count)`` with positive counts. This is the fast
    way to build a draw's outcomes (a bag of tokens, a pile of card kinds):
    the result is a tuple of ``(outcome, Fraction)`` pairs that :func:`sample`
    draws from with a single ``randrange``, and no Fraction arithmetic.

    The running counts it keeps are divided by the counts' greatest common
    divisor, which makes their total the least common denominator of the
    probabilities: ``sample`` draws from a seed exactly what it draws from the
    plain tuple of the same Fractions.

    >>> counted([("cow", 3), ("hen", 1)])
    (('cow', Fraction(3, 4)), ('hen', Fraction(1, 4)))
    """
    items = pairs if type(pairs) is list else list(pairs)
    ks = [k for _, k in items]
    if not ks or min(ks) <= 0:
        raise ValueError("a counted distribution needs positive counts")
    total = sum(ks)
    if total <= _SHARED_TOTAL:
        share = _SHARES.get(total) or _shares(total)
        dist = Counted([(o, share[k]) for o, k in items])
    else:
        dist = Counted([(o, _fraction(k, total)) for o, k in items])
    g = math.gcd(*ks)
    dist.cumulative = tuple(_accumulate(ks) if g == 1 else _accumulate([k // g for k in ks]))
    return dist


_accumulate = itertools.accumulate


def check_distribution(dist: Iterable[tuple[Any, Any]]) -> None:
    """Raise :class:`ValueError` unless ``dist`` is a proper distribution."""
    total = Fraction(0)
    seen = []
    for outcome, p in dist:
        if not isinstance(p, Fraction):
            raise ValueError(f"probability of {outcome!r} is {type(p).__name__}, not Fraction")
        if p <= 0:
            raise ValueError(f"probability of {outcome!r} is {p}, not positive")
        if outcome in seen:
            raise ValueError(f"outcome {outcome!r} is listed twice")
        seen.append(outcome)
        total += p
    if total != 1:
        raise ValueError(f"probabilities sum to {total}, not 1")


# Cumulative integer weights of recently sampled distributions, keyed by the
# identity of the distribution object (which the entry keeps alive, so the id
# cannot be reused while it is cached). Games that hand out the same tuple for
# the same chance node (Deck.draw_outcomes does) skip the Fraction arithmetic.
_TABLES: dict[int, tuple[Sequence[Any], int, tuple[int, ...]]] = {}
_TABLES_MAX = 4096


def _table(dist: Sequence[tuple[Any, Fraction]]) -> tuple[Sequence[Any], int, tuple[int, ...]]:
    ratios = [p.as_integer_ratio() for _, p in dist]
    denominator = math.lcm(*[d for _, d in ratios])
    cumulative = list(itertools.accumulate([n * (denominator // d) for n, d in ratios]))
    if cumulative[-1] != denominator:
        raise ValueError(f"probabilities sum to {Fraction(cumulative[-1], denominator)}, not 1")
    return (dist, denominator, tuple(cumulative))


def sample(dist: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """Draw one outcome of ``dist`` exactly, using integer arithmetic on ``rng``.

    One ``rng.randrange(d)`` call, where ``d`` is the least common denominator
    of the probabilities (the total count for a :func:`counted` distribution),
    picks the outcome, so a seed fixes every draw.
    """
    if len(dist) == 1:
        return dist[0][0]
    if type(dist) is Counted:
        cumulative = dist.cumulative
        picked: T = dist[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))][0]
        return picked
    entry = _TABLES.get(id(dist))
    if entry is None or entry[0] is not dist:
        entry = _table(dist)
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.clear()
        _TABLES[id(dist)] = entry
    return dist[bisect.bisect_right(entry[2], rng.randrange(entry[1]))][0]


def _sort_key(card: Any) -> tuple[str, Any]:
    # Cards of one deck share a type; the name keeps mixed decks orderable.
    return (type(card).__name__, card)


@attrs.frozen(slots=True)
class Pile(Generic[C]):
    """Cards whose order nobody knows: a multiset, held as sorted ``(card, count)`` pairs."""

    counts: tuple[tuple[C, int], ...]

    @classmethod
    def of(cls, cards: Iterable[C] | Mapping[C, int]) -> Pile[C]:
        """The pile holding ``cards`` (an iterable of cards, or a card -> count mapping)."""
        tally: Counter[C] = Counter()
        if isinstance(cards, Mapping):
            for card, k in cards.items():
                if not isinstance(k, int) or k < 0:
                    raise ValueError(f"count of {card!r} must be a non-negative int, not {k!r}")
                tally[card] += k
        else:
            tally.update(cards)
        return cls(
            tuple(sorted(((c, k) for c, k in tally.items() if k), key=lambda x: _sort_key(x[0])))
        )

    def __len__(self) -> int:
        return sum(k for _, k in self.counts)

    def cards(self) -> tuple[C, ...]:
        """Every card, grouped by kind in sorted order."""
        return tuple(c for c, k in self.counts for _ in range(k))


@attrs.frozen(slots=True)
class Stack(Generic[C]):
    """Cards in a known order, top first."""

    order: tuple[C, ...]

    def __len__(self) -> int:
        return len(self.order)

    def cards(self) -> tuple[C, ...]:
        """Every card, top first."""
        return self.order


Segment = Pile[C] | Stack[C]

_ONE = Fraction(1)


@functools.lru_cache(maxsize=8192)
def _pile_outcomes(counts: tuple[tuple[Any, int], ...]) -> tuple[tuple[Any, Fraction], ...]:
    total = sum(k for _, k in counts)
    return tuple((card, Fraction(k, total)) for card, k in counts)


@attrs.frozen(slots=True)
class Deck(Generic[C]):
    """A draw pile made of segments, top first; empty segments are dropped.

    >>> d = Deck.of(["cow", "cow", "hen"])
    >>> d.draw_outcomes()
    (('cow', Fraction(2, 3)), ('hen', Fraction(1, 3)))
    >>> d.draw("hen").put_bottom(["hen"]).draw("cow").draw("cow").draw_outcomes()
    (('hen', Fraction(1, 1)),)
    """

    segments: tuple[Pile[C] | Stack[C], ...] = ()

    @classmethod
    def of(cls, cards: Iterable[C] | Mapping[C, int]) -> Deck[C]:
        """A shuffled deck (one :class:`Pile`) of ``cards``."""
        return cls._normal((Pile.of(cards),))

    @classmethod
    def _normal(cls, segments: Iterable[Pile[C] | Stack[C]]) -> Deck[C]:
        return cls(tuple(s for s in segments if len(s)))

    def __len__(self) -> int:
        return sum(len(s) for s in self.segments)

    def __bool__(self) -> bool:
        return bool(self.segments)

    def counts(self) -> tuple[tuple[C, int], ...]:
        """How many of each card the whole deck holds, sorted by card."""
        return Pile.of(self.cards()).counts

    def cards(self) -> tuple[C, ...]:
        """Every card, segment by segment (a pile's cards grouped by kind)."""
        return tuple(c for s in self.segments for c in s.cards())

    def count(self, card: C) -> int:
        """How many copies of ``card`` the deck holds."""
        return sum(1 for c in self.cards() if c == card)

    def draw_outcomes(self) -> tuple[tuple[C, Fraction], ...]:
        """The distribution of the next card drawn; ``()`` for an empty deck.

        Equal piles give the very same tuple, so :func:`sample` can reuse its tables.
        """
        if not self.segments:
            return ()
        top = self.segments[0]
        if isinstance(top, Stack):
            return ((top.order[0], _ONE),)
        return _pile_outcomes(top.counts)

    def can_draw(self, card: C) -> bool:
        """Whether ``card`` may be the next card drawn."""
        if not self.segments:
            return False
        top = self.segments[0]
        if isinstance(top, Stack):
            return bool(top.order[0] == card)
        return any(c == card for c, _ in top.counts)

    def draw(self, card: C) -> Deck[C]:
        """The deck after ``card`` is drawn; :class:`ValueError` if it cannot be next."""
        segments = self.segments
        if segments:
            top = segments[0]
            if isinstance(top, Stack):
                if top.order[0] == card:
                    rest = top.order[1:]
                    return Deck((Stack(rest), *segments[1:]) if rest else segments[1:])
            else:
                counts = top.counts
                for i, (c, k) in enumerate(counts):
                    if c == card:
                        left = (
                            (*counts[:i], (c, k - 1), *counts[i + 1 :])
                            if k > 1
                            else counts[:i] + counts[i + 1 :]
                        )
                        return Deck((Pile(left), *segments[1:]) if left else segments[1:])
        raise ValueError(f"{card!r} cannot be the next card drawn from this deck")

    def put_top(self, cards: Iterable[C], *, known_order: bool = True) -> Deck[C]:
        """The deck with ``cards`` on top (in the given order, first on top, or shuffled)."""
        seg = Stack(tuple(cards)) if known_order else Pile.of(cards)
        return self._normal((seg, *self.segments))

    def put_bottom(self, cards: Iterable[C], *, known_order: bool = True) -> Deck[C]:
        """The deck with ``cards`` underneath (in the given order, first on top, or shuffled)."""
        seg = Stack(tuple(cards)) if known_order else Pile.of(cards)
        return self._normal((*self.segments, seg))

    def shuffled(self) -> Deck[C]:
        """The deck after a shuffle: one pile of every card."""
        return Deck.of(self.cards())

    def shuffle_into(self, cards: Iterable[C], segment: int = -1) -> Deck[C]:
        """The deck with ``cards`` shuffled into segment ``segment`` (the bottom one by default)."""
        if not self.segments:
            return Deck.of(cards)
        segs = list(self.segments)
        i = segment % len(segs)
        segs[i] = Pile.of((*segs[i].cards(), *cards))
        return self._normal(segs)
