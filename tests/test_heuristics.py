"""core.heuristics (the frame every game's evaluate shares) and core.memo."""

from __future__ import annotations

import threading

import pytest

from acreage.core.heuristics import lead_share, share_of_win, squash
from acreage.core.memo import IdentityMemo


def test_share_of_win_splits_shared_wins() -> None:
    assert share_of_win((0, 1, 2), 1) == pytest.approx(1 / 3)
    assert share_of_win((2,), 2) == 1.0
    assert share_of_win((2,), 0) == 0.0
    assert share_of_win((), 0) == 0.0  # a game all lost


def test_lead_share_is_a_logistic_of_the_lead_over_the_best_other_seat() -> None:
    standing = (10.0, 6.0, 8.0)
    assert lead_share(standing, 0, width=2.0) == pytest.approx(1 / (1 + 2.718281828459045**-1))
    # seat 1 trails the best other seat (10) by 4
    assert lead_share(standing, 1, width=2.0) == pytest.approx(1 / (1 + 2.718281828459045**2))
    # a narrower curve makes the same lead surer
    assert lead_share(standing, 0, width=1.0) > lead_share(standing, 0, width=4.0) > 0.5
    assert lead_share((3.0, 3.0), 0, width=5.0) == 0.5


def test_identity_memo_works_each_state_out_once_and_keeps_only_the_last() -> None:
    calls: list[object] = []

    def standings(state: tuple[int, ...]) -> tuple[int, ...]:
        calls.append(state)
        return tuple(2 * v for v in state)

    memo = IdentityMemo(standings)
    a, b = (1, 2), (3, 4)
    assert memo(a) == (2, 4) and memo(a) == (2, 4)
    assert memo(b) == (6, 8) and memo(a) == (2, 4)
    assert calls == [a, b, a]
    again = tuple(v for v in a)  # equal to a, but another object: memos go by identity
    assert again is not a
    assert memo(again) == (2, 4) and len(calls) == 4


def test_identity_memo_is_right_under_threads() -> None:
    memo = IdentityMemo(lambda s: (s[0], s[0] * 3))
    states = [(i,) for i in range(200)]
    wrong: list[object] = []

    def work(offset: int) -> None:
        for i in range(2000):
            s = states[(i * 7 + offset) % len(states)]
            if memo(s) != (s[0], s[0] * 3):
                wrong.append(s)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def test_squash_is_the_logistic_lead_share_uses() -> None:
    assert squash(0.0, width=3.0) == 0.5
    assert squash(4.0, width=4.0) == pytest.approx(1 / (1 + 2.718281828459045**-1))
    assert squash(-8.0, width=2.0) < 0.05
    assert lead_share((7.0, 3.0), 0, width=2.0) == squash(4.0, width=2.0)
