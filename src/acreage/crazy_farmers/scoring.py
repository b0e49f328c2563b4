"""Scores and winners.

"The player with the most plots in his main field (see Fallow Land below)
wins the game. In the event of a tie, include Fallow Lands." Plots annexed
without a tile (the pile ran out) "will not count".
"""

from __future__ import annotations

from acreage.crazy_farmers.state import Phase, State

__all__ = ["fields", "is_terminal", "scores", "tiles_left", "winners"]


def tiles_left(state: State, seat: int) -> int:
    """The plot tiles left in ``seat``'s pile, or in the common pile with 2 players.

    A player's start plot holds one of its tiles. Annexing an opponent's plot
    hands the opponent's tile back: with 2 players the tiles are double-sided
    and shared, so only empty plots use up the common pile.
    """
    rules = state.rules
    if rules.common_pile:
        placed = sum(g.plots.bit_count() for g in state.farmers)
    else:
        placed = state.farmers[seat].plots.bit_count()
    return max(0, rules.plot_tiles - placed)


def _untiled(state: State, seat: int) -> int:
    """Plots of ``seat`` that hold no tile: annexed after its pile ran out."""
    rules = state.rules
    if rules.common_pile:
        if seat != state.player:
            return 0
        return max(0, sum(g.plots.bit_count() for g in state.farmers) - rules.plot_tiles)
    return max(0, state.farmers[seat].plots.bit_count() - rules.plot_tiles)


def fields(state: State) -> tuple[tuple[int, int], ...]:
    """Per seat: (plots of the main field, plots of the whole field), tiled plots only."""
    out = []
    for seat, f in enumerate(state.farmers):
        if f.out:
            out.append((0, 0))
            continue
        untiled = _untiled(state, seat)
        out.append((f.main.bit_count() - untiled, f.plots.bit_count() - untiled))
    return tuple(out)


def scores(state: State) -> tuple[int, ...]:
    """The plots of each seat's main field (0 once eliminated): running, final at the end."""
    return tuple(main for main, _ in fields(state))


def is_terminal(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is Phase.OVER


def winners(state: State) -> tuple[int, ...]:
    """The seats with the largest main field, ties broken by the whole field; ``()`` before the end."""
    if state.phase is not Phase.OVER:
        return ()
    sizes = fields(state)
    alive = [s for s, f in enumerate(state.farmers) if not f.out]
    best = max(sizes[s] for s in alive)
    return tuple(s for s in alive if sizes[s] == best)
