"""Every module-level cache of the game is safe to share between threads.

The caches (moves made once per card or heading, chance distributions per
pile, hay bale bridges and pens, reshuffled piles, the Mad Cow's first
state) are emptied, then filled again
by several threads at once, with the interpreter switching threads as often
as it can; every answer must equal the one a single thread gives.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from acreage import CHANCE
from acreage import crazy_farmers as cf
from acreage.core.chance import sample
from acreage.crazy_farmers import (
    bales,
    bribe,
    cards,
    cowdraws,
    hand,
    madcow,
    pieces,
    setup,
    tractor,
)

SETUPS = [
    cf.Rules(players=2, length="fast"),
    cf.Rules(players=3, length="fast"),
    cf.Rules(players=4, length="fast", endgame_card=False),
    cf.Rules(players=1, mode="mad-cow"),
    cf.Rules(players=2, mode="mad-cow"),
    cf.Rules(players=4, mode="mad-cow"),
]


def _states() -> list[cf.State]:
    out = []
    for rules in SETUPS:
        for seed in range(4):
            rng = random.Random(seed)
            state = cf.new_game(rules)
            for _ in range(120):
                out.append(state)
                if cf.is_terminal(state):
                    break
                if state.to_move is CHANCE:
                    move = sample(cf.chance_outcomes(state), rng)
                else:
                    legal = cf.legal_moves(state)
                    move = legal[rng.randrange(len(legal))]
                state = cf.apply_move(state, move)
    return out


def _answers(state: cf.State) -> tuple[Any, ...]:
    """What the cached functions answer for ``state``: its moves, chances and next states."""
    legal = cf.legal_moves(state)
    after = tuple(cf.apply_move(state, m) for m in legal[:4])
    spots = bales.bale_spots(state) if not cf.is_terminal(state) else 0
    return legal, cf.chance_outcomes(state), after, spots, bales.pens(state.bales)


def _empty_the_caches() -> None:
    for cache in (
        hand._DRAWS,
        hand._PLAYS,
        setup._KEEPS,
        hand._DISCARDS,
        tractor._DRIVE_MOVES,
        cowdraws._COW_CARDS,
        cowdraws._UNIFORM,
        cowdraws._BONUS_DRAWS,
    ):
        cache.clear()
    for function in (
        hand._pile_draws,
        cowdraws._counted_pile_outcomes,
        cowdraws._chance,
        cowdraws._bonus_outcomes,
        madcow.new_game,
        pieces.reshuffled,
        bales.bridges,
        bales.pens,
        bribe._around,
        bribe._splits,
        bribe._closes_off,
    ):
        function.cache_clear()  # type: ignore[attr-defined]


@pytest.fixture
def busy_switching() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.usefixtures("busy_switching")
def test_caches_filled_by_many_threads_give_the_single_threaded_answers() -> None:
    states = _states()
    expected = [_answers(s) for s in states]
    for round_ in range(2):
        _empty_the_caches()
        order = list(range(len(states))) * 2
        random.Random(round_).shuffle(order)
        with ThreadPoolExecutor(max_workers=8) as pool:
            got = list(pool.map(lambda i: (i, _answers(states[i])), order))
        assert len(got) >= 2000
        for i, answers in got:
            assert answers == expected[i], f"state {i} answered differently under threads"


def _cow_piles() -> list[cf.State]:
    """States at the Cow's draw with every size of Mad Cow pile, 18 down to 1."""
    state = cf.apply_move(cf.new_game(cf.Rules(players=1, mode="mad-cow")), cf.Face(0))
    out = []
    assert state.cow is not None
    for _ in range(18):
        assert state.cow is not None
        out.append(state)
        outcomes = cf.chance_outcomes(state)
        # Rebuild the Cow with one card fewer in its draw pile (the drawn one played).
        card = outcomes[0][0]
        cow = state.cow.but(deck=cowdraws.without(state.cow.deck, card))
        state = state.with_cow(cow)
    return out


@pytest.mark.usefixtures("busy_switching")
def test_threads_starting_together_share_the_uniform_pile_tables() -> None:
    # ``_UNIFORM`` holds one table per size of pile: threads that all find it
    # empty at once must each get the table of their own size.
    piles = _cow_piles()
    expected = [cf.chance_outcomes(s) for s in piles]
    for _ in range(30):
        _empty_the_caches()
        start = threading.Barrier(len(piles))

        def outcomes(i: int, start: threading.Barrier = start) -> tuple[int, Any]:
            start.wait()
            return i, cf.chance_outcomes(piles[i])

        with ThreadPoolExecutor(max_workers=len(piles)) as pool:
            got = list(pool.map(outcomes, range(len(piles))))
        for i, answer in got:
            assert answer == expected[i]
            assert answer.cumulative == expected[i].cumulative  # type: ignore[attr-defined]


class _Fork(cf.Handler):
    """A card of the test's own, played on nothing, doing nothing."""

    def targets(self, state: cf.State, seat: int, card: str) -> tuple[int, ...]:
        return (-1,)

    def apply(self, state: cf.State, seat: int, card: str, target: int) -> cf.State:
        return state


def _rules_class(i: int) -> type[cf.Rules]:
    kind = type(f"Fork{i}", (_Fork,), {"kind": f"fork-{i}"})
    return type(f"ForkRules{i}", (cf.Rules,), {"handlers": (kind(),)})


@pytest.mark.usefixtures("busy_switching")
def test_threads_starting_together_get_their_rules_class_handlers() -> None:
    # cards._TABLES holds one table per Rules class with handlers of its own:
    # threads that all find it empty at once must each get their class's table.
    for _ in range(10):
        classes = [_rules_class(i) for i in range(8)]
        start = threading.Barrier(len(classes))

        def table(
            i: int, start: threading.Barrier = start, classes: list[type[cf.Rules]] = classes
        ) -> tuple[int, Any]:
            rules = classes[i]()
            start.wait()
            return i, cards.handlers(rules)

        with ThreadPoolExecutor(max_workers=len(classes)) as pool:
            got = list(pool.map(table, range(len(classes))))
        for i, answer in got:
            assert set(answer) == {*cf.HANDLERS, f"fork-{i}"}
            assert answer[f"fork-{i}"] is classes[i].handlers[0]
            assert answer is cards.handlers(classes[i]())
