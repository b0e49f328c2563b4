"""Golden files: a seeded playthrough and its move counts for each player count.

The 2-player playthrough shows the table at the end of every round; the 3- and
4-player ones list the moves only (a board after every move made the files
close to a megabyte, and the move lists already pin every rule). The move-count
files pin the size of every legal-move list along the way.

Regenerate with ACREAGE_UPDATE_GOLDEN=1 and review the diff.
"""

from __future__ import annotations

import json

import pytest

import acreage
from acreage import CHANCE
from acreage import fence_em_in as fei
from acreage.testing import golden_playthrough, move_counts
from golden import check_golden


def round_by_round(rules: fei.Rules, seed: int) -> str:
    """Like ``golden_playthrough``, with the table drawn once a round, after its last turn."""
    record = acreage.play(fei.GAME, rules, seed=seed).record
    lines = [
        "game fence-em-in",
        f"rules {json.dumps(record.rules, sort_keys=True)}",
        f"seed {seed}",
        "",
    ]
    state = fei.new_game(rules)
    for i, text in enumerate(record.moves):
        who = state.to_move
        last_turn = state.phase is fei.Phase.FARM or state.phase is fei.Phase.PLACE
        last_turn = last_turn and state.turn == len(state.order) - 1
        state = fei.apply_move(state, fei.parse_move(state, text))
        lines.append(f"{i + 1}. {'chance' if who is CHANCE else f'player {who}'}: {text}")
        if last_turn and state.player is None:  # the round's last turn is over
            lines += ["", fei.render_text(state), ""]
    lines += [
        "",
        f"scores {' '.join(map(str, fei.scores(state)))}",
        f"winners {' '.join(map(str, fei.winners(state)))}",
    ]
    return "\n".join(lines) + "\n"


def test_golden_playthrough_2_players_round_by_round() -> None:
    check_golden(
        "fence-em-in/playthrough-2p-seed1.txt", round_by_round(fei.Rules(players=2), seed=1)
    )


@pytest.mark.parametrize("players", [3, 4])
def test_golden_playthrough(players: int) -> None:
    check_golden(
        f"fence-em-in/playthrough-{players}p-seed1.txt",
        golden_playthrough(fei.GAME, fei.Rules(players=players), seed=1, render=False),
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_move_counts(players: int) -> None:
    check_golden(
        f"fence-em-in/move-counts-{players}p-seed1.txt",
        move_counts(fei.GAME, fei.Rules(players=players), seed=1),
    )
