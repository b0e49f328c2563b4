from __future__ import annotations

import dots_and_boxes as dab
from acreage.testing import golden_playthrough, move_counts
from golden import check_golden


def test_golden_playthrough() -> None:
    check_golden(
        "dots-and-boxes/playthrough-3p-seed1.txt",
        golden_playthrough(dab.GAME, dab.Rules(players=3, width=3, height=2), seed=1),
    )


def test_golden_move_counts() -> None:
    check_golden(
        "dots-and-boxes/move-counts-2p-seed1.txt", move_counts(dab.GAME, dab.Rules(), seed=1)
    )
