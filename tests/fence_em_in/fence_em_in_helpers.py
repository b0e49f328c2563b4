"""Helpers for the Fence Em In tests: drive games through the public API.

Every scene is reached by moves (chance outcomes chosen by the test), so the
states are the ones a real game produces.
"""

from __future__ import annotations

from collections.abc import Iterable

from acreage import fence_em_in as fei

# A board row for each player count that the tests fill the assets board with.
ROWS = ("chicken", "sheep", "cow", "corn", "grain")


def play(state: fei.State, *texts: str) -> fei.State:
    """Apply each move written in ``texts``, checking each is listed as legal."""
    for text in texts:
        move = fei.parse_move(state, text)
        legal = fei.legal_moves(state)
        assert move in legal, (
            f"{text!r} is not legal ({state.phase}); legal: {list(map(str, legal))[:12]}"
        )
        state = fei.apply_move(state, move)
    return state


def texts(state: fei.State) -> list[str]:
    return [str(m) for m in fei.legal_moves(state)]


def fill(state: fei.State, kinds: Iterable[str]) -> fei.State:
    """Draw ``kinds`` onto the assets board, each into the column the rules say is next."""
    for kind in kinds:
        outcomes = [m for m in fei.legal_moves(state) if isinstance(m, fei.Draw) and m.kind == kind]
        assert outcomes, f"cannot draw {kind} now"
        state = fei.apply_move(state, outcomes[0])
    return state


def start(
    players: int = 2,
    *,
    rules: fei.Rules | None = None,
    cards: tuple[str, ...] = ("small-enclosures", "cows", "grain"),
    board: Iterable[str] | None = None,
    order_rolls: Iterable[int] | None = None,
) -> fei.State:
    """A game at its first roll: the cards revealed, the board filled row by row
    with ``board`` (default: ROWS repeated), the start order rolled (default:
    seat order)."""
    rules = rules or fei.Rules(players=players)
    state = fei.new_game(rules)
    state = play(state, *(f"reveal {c}" for c in cards))
    slots = 5 * rules.column_slots
    kinds = list(board) if board is not None else [ROWS[i % 5] for i in range(slots)]
    state = fill(state, kinds)
    rolls = list(order_rolls) if order_rolls is not None else list(range(1, rules.players + 1))
    return play(state, *(f"roll {r}" for r in rolls))
