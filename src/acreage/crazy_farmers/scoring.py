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

from collections.abc import Sequence
from typing import Final, Protocol

from acreage.core.game import check_seat
from acreage.crazy_farmers.rules import Rules
from acreage.crazy_farmers.state import Cow, State

__all__ = [
    "SCORE_BOARD",
    "Seat",
    "fields",
    "is_terminal",
    "scoreboard",
    "scores",
    "table_fields",
    "table_scores",
    "table_tiles_left",
    "table_winners",
    "tiles_left",
    "winners",
]

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
    check_seat(seat, state.rules.players)
    return table_tiles_left(state.rules, state.farmers, seat)


class Seat(Protocol):
    """What scoring reads of a seat: a :class:`Farmer` or what a player sees of one."""

    @property
    def plots(self) -> int: ...

    @property
    def main(self) -> int: ...

    @property
    def out(self) -> bool: ...


def table_tiles_left(rules: Rules, farmers: Sequence[Seat], seat: int) -> int:
    """:func:`tiles_left` from the seats on the table (a state's or a player's view's)."""
    if rules.mad_cow:
        shared = 0
        for g in farmers:
            shared |= g.plots
        return max(0, rules.plot_tiles - shared.bit_count())
    if rules.common_pile:
        placed = sum(g.plots.bit_count() for g in farmers)
    else:
        placed = farmers[seat].plots.bit_count()
    return max(0, rules.plot_tiles - placed)


def _untiled(rules: Rules, farmers: Sequence[Seat], player: int, seat: int) -> int:
    """Plots of ``seat`` that hold no tile: annexed after its pile ran out."""
    if rules.mad_cow:
        return 0  # "all plot tiles": more than the board has plots
    if rules.common_pile:
        if seat != player:
            return 0
        return max(0, sum(g.plots.bit_count() for g in farmers) - rules.plot_tiles)
    return max(0, farmers[seat].plots.bit_count() - rules.plot_tiles)


def table_fields(rules: Rules, farmers: Sequence[Seat], player: int) -> tuple[tuple[int, int], ...]:
    """:func:`fields` from the seats on the table and whose turn it is (``state.player``,
    a view's ``turn``): a state and a player's view of it give the same fields."""
    out = []
    for seat, f in enumerate(farmers):
        if f.out:
            out.append((0, 0))
            continue
        untiled = _untiled(rules, farmers, player, seat)
        out.append((f.main.bit_count() - untiled, f.plots.bit_count() - untiled))
    return tuple(out)


def fields(state: State) -> tuple[tuple[int, int], ...]:
    """Per seat: (plots of the main field, plots of the whole field), tiled plots only."""
    return table_fields(state.rules, state.farmers, state.player)


def table_scores(
    rules: Rules, farmers: Sequence[Seat], player: int, cow: Cow | None
) -> tuple[int, ...]:
    """:func:`scores` from what lies on the table: the seats, whose turn it is and the Cow.

    A state's and a player's view of it (:class:`~acreage.crazy_farmers.View`,
    whose ``turn`` is the state's ``player``) give the same scores.
    """
    if cow is not None:
        main = 0
        for f in farmers:
            main |= f.main
        score = main.bit_count() - cow.plots.bit_count()
        return (score,) * len(farmers)
    return tuple(main for main, _ in table_fields(rules, farmers, player))


def scores(state: State) -> tuple[int, ...]:
    """The plots of each seat's main field (0 once eliminated): running, final at the end.

    Mad Cow mode: for every seat, the players' plots minus the Cow's; the
    players' plots are those of their main fields (fallow land does not
    count, as in the regular game).
    """
    return table_scores(state.rules, state.farmers, state.player, state.cow)


def is_terminal(state: State) -> bool:
    """Whether the game has ended."""
    return not state.agenda


def winners(state: State) -> tuple[int, ...]:
    """The seats with the largest main field, ties broken by the whole field; ``()`` before the end.

    A game ended by repetition is a tie: every seat still in the game.
    Mad Cow mode: every seat when the players locked the Cow down, ``()``
    otherwise (the Cow won, or the game ended in a tie by repetition).
    """
    if state.agenda:
        return ()
    return table_winners(state.rules, state.farmers, state.player, state.cow, state.ended)


def table_winners(
    rules: Rules, farmers: Sequence[Seat], player: int, cow: Cow | None, ended: str
) -> tuple[int, ...]:
    """:func:`winners` of a game that ended for the reason ``ended`` (``state.ended``),
    from the seats on the table: a state and a player's view of it give the same winners."""
    if cow is not None:
        # Together: all the players lock the Cow down, or all lose to it.
        return tuple(range(len(farmers))) if ended == "lockdown" else ()
    alive = [s for s, f in enumerate(farmers) if not f.out]
    if ended == "repetition":
        # The authors' FAQ: "when a position is repeated 3 times, the game ends in a tie."
        return tuple(alive)
    sizes = table_fields(rules, farmers, player)
    best = max(sizes[s] for s in alive)
    return tuple(s for s in alive if sizes[s] == best)
