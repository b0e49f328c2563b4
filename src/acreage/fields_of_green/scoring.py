"""Victory points: the game-end score lines, the running score, and the winners.

"Nach der Ernte des 4. Jahres/4. Runde endet das Spiel":

* stars on the cards plus star tokens collected during the game;
* tools' game-end points, and 1 point per tool not yet attached;
* 1 point per 3 coins;
* 1 point per 2 grain in the silos;
* 1 point per empty water tower;
* the yellow abilities.

"Der Bauer mit den meisten Siegespunkten ... gewinnt das Spiel." The text gives
no tie-break; ``Rules.tie_break`` chooses (most coins left, or a shared win).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from acreage.core.game import check_seat
from acreage.fields_of_green.effects import multiplier
from acreage.fields_of_green.rules import YELLOW, Compiled, Rules
from acreage.fields_of_green.state import Farm, State

__all__ = [
    "ScoreSheet",
    "farm_sheet",
    "farm_winners",
    "purse_points",
    "score_sheet",
    "scores",
    "site_points",
    "tower_points",
    "winners",
]


@attrs.frozen
class ScoreSheet:
    """One player's points by line of the score pad (Punktetafel)."""

    stars: int
    tokens: int
    tools: int
    unused_tools: int
    coins: int
    grain: int
    empty_towers: int
    yellow: int

    @property
    def total(self) -> int:
        """The final score: the sum of the sheet's lines."""
        return (
            self.stars
            + self.tokens
            + self.tools
            + self.unused_tools
            + self.coins
            + self.grain
            + self.empty_towers
            + self.yellow
        )


def _yellow(rules: Rules, f: Farm, around: int, effects: tuple[Compiled, ...]) -> int:
    return sum(e[4] * multiplier(rules, f, around, e) for e in effects)


def farm_sheet(rules: Rules, f: Farm) -> ScoreSheet:
    """The score lines of one farm as it stands."""
    stars, tools, yellow = _site_lines(rules, f)
    tokens, unused_tools, coins, grain = _purse_lines(f)
    return ScoreSheet(
        stars=stars,
        tokens=tokens,
        tools=tools,
        unused_tools=unused_tools,
        coins=coins,
        grain=grain,
        empty_towers=tower_points(f),
        yellow=yellow,
    )


def _site_lines(rules: Rules, f: Farm) -> tuple[int, int, int]:
    """The score lines that read the cards, their tools and the shut-down sites alone:
    stars, tools and yellow abilities."""
    t = rules.tables
    stars_of, ability, effects = t.stars, t.ability, t.effects
    # One pass over the cards for their stars and yellow abilities: shut-down sites
    # score nothing unless the Rules say they do.
    down = 0 if rules.shut_down_sites_score else f.down
    stars = yellow = 0
    for c, k in zip(f.cells, f.kinds, strict=True):
        if not down >> c & 1:
            stars += stars_of[k]
            if ability[k] == YELLOW:
                yellow += _yellow(rules, f, c, effects[k])
    tools = sum(
        _yellow(rules, f, c, t.tool_effects[x]) for c, x in f.tools if t.tool_ability[x] == YELLOW
    )
    return stars, tools, yellow


def site_points(rules: Rules, f: Farm) -> int:
    """The points of farm ``f``'s score lines that read its cards, their tools and its
    shut-down sites alone (stars, tools, yellow abilities): ``farm_sheet(rules,
    f).total`` is these, :func:`purse_points` and :func:`tower_points`, so an
    observation keeps them while a move changes only the purse or the water."""
    return sum(_site_lines(rules, f))


def _purse_lines(f: Farm) -> tuple[int, int, int, int]:
    """The score lines that read the purse and the kept tools alone: star tokens,
    unused tools, coins and grain (the others read the sites, their tools and towers)."""
    return f.tokens, len(f.kept), f.coins // 3, f.grain // 2


def purse_points(f: Farm) -> int:
    """The points of farm ``f``'s score lines that read its purse and kept tools alone
    (star tokens, unused tools, coins, grain): ``farm_sheet(rules, f).total`` less
    them depends on the sites, their tools and towers only, so an observation keeps
    it while a move changes only the purse."""
    return sum(_purse_lines(f))


def tower_points(f: Farm) -> int:
    """The points of farm ``f``'s empty water towers: the score line that reads the
    towers' water alone (see :func:`site_points`)."""
    return sum(1 for _, water, _, _ in f.towers if not water)


def score_sheet(state: State, seat: int) -> ScoreSheet:
    """``seat``'s score lines: what they would score if the game ended now.

    :class:`~acreage.SeatError` if ``seat`` is not a seat at this table.
    """
    check_seat(seat, state.rules.players)
    return farm_sheet(state.rules, state.farms[seat])


def scores(state: State) -> tuple[int, ...]:
    """Each seat's victory points: running during the game, final at the end."""
    return tuple(farm_sheet(state.rules, f).total for f in state.farms)


def winners(state: State) -> tuple[int, ...]:
    """The winning seats after the tie-break; ``()`` before the end."""
    if state.agenda:  # the game is not over
        return ()
    return farm_winners(state.rules, state.farms)


def farm_winners(rules: Rules, farms: Sequence[Farm]) -> tuple[int, ...]:
    """The seats whose farms would win if the game ended now, after the tie-break.

    It reads only the farms, which everyone sees, so a view's picture names the
    same winners as the state's.
    """
    totals = [farm_sheet(rules, f).total for f in farms]
    best = max(totals)
    tied = [p for p, v in enumerate(totals) if v == best]
    if rules.tie_break == "coins" and len(tied) > 1:
        most = max(farms[p].coins for p in tied)
        tied = [p for p in tied if farms[p].coins == most]
    return tuple(tied)
