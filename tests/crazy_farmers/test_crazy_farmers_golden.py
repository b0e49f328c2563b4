"""Golden files: recorded playthroughs and move counts, so every change of behaviour is a reviewed diff.

Regenerate with ``ACREAGE_UPDATE_GOLDEN=1`` and read the diff before committing.
"""

from __future__ import annotations

from acreage import crazy_farmers as cf
from acreage.testing import golden_playthrough, move_counts
from golden import check_golden


def test_golden_playthrough_two_players_rendered() -> None:
    # A short game: the two tractors keep circling their fields until the
    # position comes back a third time.
    check_golden(
        "crazy-farmers/playthrough-2p-fast-seed2.txt",
        golden_playthrough(cf.GAME, cf.Rules(players=2, length="fast"), seed=2),
    )


def test_golden_playthrough_three_players() -> None:
    check_golden(
        "crazy-farmers/playthrough-3p-fast-seed9.txt",
        golden_playthrough(cf.GAME, cf.Rules(players=3, length="fast"), seed=9, render=False),
    )


def test_golden_move_counts() -> None:
    check_golden(
        "crazy-farmers/move-counts-4p-seed38.txt",
        move_counts(cf.GAME, cf.Rules(players=4, length="fast"), seed=38),
    )
    check_golden(
        "crazy-farmers/move-counts-2p-seed4.txt",
        move_counts(cf.GAME, cf.Rules(players=2, length="fast"), seed=4),
    )
