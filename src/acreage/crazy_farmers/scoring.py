"""Scores and winners.

"The player with the most plots in his main field (see Fallow Land below)
wins the game. In the event of a tie, include Fallow Lands." Plots annexed
without a tile (the pile ran out) "will not count".

In the Mad Cow mode the players win together or lose together: "The Cow
wins immediately as soon as it reaches 12 plots or if you are eliminated
[...] You win if you lock the Cow down", and "Calculate the difference
between your and the Cow's number of plots."
"""

from __future__ import annotations

from typing import Final

from acreage.core.game import check_seat
from acreage.crazy_farmers.cow import field
from acreage.crazy_farmers.state import Phase, State

__all__ = ["SCORE_BOARD", "fields", "is_terminal", "scoreboard", "scores", "tiles_left", "winners"]

SCORE_BOARD: Final = (
    (20, "Undisputed UFC Champion"),
    (15, "Aspiring UFC Champion"),
    (10, "Crazy Farmer"),
    (5, "Not bad at all!"),
    (1, "You can do so much better"),
    (0, "Do you really believe this can be called a victory?"),
)
"""The rulebook's Score Board of the Mad Cow mode: the least score of each result."""


def scoreboard(score: int) -> str:
    """The Score Board's result for a Mad Cow score (your plots minus the Cow's).

    >>> scoreboard(17)
    'Aspiring UFC Champion'
    """
    for least, result in SCORE_BOARD:
        if score >= least:
            return result
    return "You won, but you still lost..."


def tiles_left(state: State, seat: int) -> int:
    """The plot tiles left in ``seat``'s pile, or in the common pile with 2 players.

    A player's start plot holds one of its tiles. Annexing an opponent's plot
    hands the opponent's tile back: with 2 players the tiles are double-sided
    and shared, so only empty plots use up the common pile. A seat not at the
    table is a :class:`~acreage.SeatError`.
    """
    rules = state.rules
    check_seat(seat, rules.players)
    if rules.mad_cow:
        return max(0, rules.plot_tiles - field(state).bit_count())
    if rules.common_pile:
        placed = sum(g.plots.bit_count() for g in state.farmers)
    else:
        placed = state.farmers[seat].plots.bit_count()
    return max(0, rules.plot_tiles - placed)


def _untiled(state: State, seat: int) -> int:
    """Plots of ``seat`` that hold no tile: annexed after its pile ran out."""
    rules = state.rules
    if rules.mad_cow:
        return 0  # "all plot tiles": more than the board has plots
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
    """The plots of each seat's main field (0 once eliminated): running, final at the end.

    Mad Cow mode: for every seat, the players' plots minus the Cow's; the
    players' plots are those of their main fields (fallow land does not
    count, as in the regular game).
    """
    cow = state.cow
    if cow is not None:
        main = 0
        for f in state.farmers:
            main |= f.main
        score = main.bit_count() - cow.plots.bit_count()
        return (score,) * len(state.farmers)
    return tuple(main for main, _ in fields(state))


def is_terminal(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is Phase.OVER


def winners(state: State) -> tuple[int, ...]:
    """The seats with the largest main field, ties broken by the whole field; ``()`` before the end.

    A game ended by repetition is a tie: every seat still in the game.
    Mad Cow mode: every seat when the players locked the Cow down, ``()``
    otherwise (the Cow won, or the game ended in a tie by repetition).
    """
    if state.phase is not Phase.OVER:
        return ()
    if state.cow is not None:
        # Together: all the players lock the Cow down, or all lose to it.
        return tuple(range(len(state.farmers))) if state.ended == "lockdown" else ()
    alive = [s for s, f in enumerate(state.farmers) if not f.out]
    if state.ended == "repetition":
        # The authors' FAQ: "when a position is repeated 3 times, the game ends in a tie."
        return tuple(alive)
    sizes = fields(state)
    best = max(sizes[s] for s in alive)
    return tuple(s for s in alive if sizes[s] == best)
