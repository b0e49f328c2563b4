"""Scoring: placement points, the farm board, the missions, fertilizer and the winners."""

from __future__ import annotations

import attrs

from acreage.fence_em_in.rules import ANIMALS, CROPS, EnclosureCard, Rules, SupportCard
from acreage.fence_em_in.state import Farm, Phase, State
from acreage.fence_em_in.tables import ALTERNATING, ANY, FAMILY, KIND_INDEX, SAME, Tables

__all__ = [
    "ScoreSheet",
    "accepts",
    "farm_board_points",
    "mission_points",
    "placement_gain",
    "score_sheets",
    "scores",
    "why_not_accepted",
    "winners",
]


def placement_gain(tables: Tables, farm: Farm, kind: int) -> tuple[int, int]:
    """Points and fertilizer for placing a miniature of kind index ``kind`` in ``farm``.

    "The numbers are the points for the 1st, 2nd, 3rd... miniature of that
    type that you place in an enclosure. Once you pass the listed numbers,
    each further miniature of that type scores ... the last number." Pair
    fertilizer comes with the 2nd, 4th, 6th... one; the hay's animal bonus
    counts the animals already placed; the first barn and the first granary
    add their bonus to every later miniature they name.
    """
    points_list, fertilizer, pair, animal_bonus = tables.placement[kind]
    placed = farm.placed
    n = placed[kind]
    points = points_list[n] if n < len(points_list) else points_list[-1]
    if pair and n % 2 == 1:
        fertilizer += pair
    if animal_bonus:
        animals = placed[0] + placed[1] + placed[2]  # KINDS starts with the three animals
        if animals:
            points += animal_bonus[min(animals, len(animal_bonus)) - 1]
    kinds, bonus_points, bonus_fertilizer = tables.barn_bonus
    if placed[tables.barn] and kinds >> kind & 1:
        points += bonus_points
        fertilizer += bonus_fertilizer
    kinds, bonus_points, bonus_fertilizer = tables.granary_bonus
    if placed[tables.granary] and kinds >> kind & 1:
        points += bonus_points
        fertilizer += bonus_fertilizer
    return points, fertilizer


def accepts(tables: Tables, category: int, row: tuple[str, ...], kind: str) -> bool:
    """Whether farm-board category ``category`` holding ``row`` takes a ``kind`` token now."""
    rule, kinds, slots = tables.categories[category]
    if len(row) >= slots or not kinds >> KIND_INDEX[kind] & 1:
        return False
    if rule == ALTERNATING:
        # Animals and crops alternate; barns and granaries are neither.
        family = FAMILY[kind]
        return family != 0 and (not row or family != FAMILY[row[-1]])
    if not row or rule == ANY:
        return True
    if rule == SAME:
        return row[0] == kind
    return kind not in row  # DIFFERENT


def why_not_accepted(rules: Rules, category: int, row: tuple[str, ...], kind: str) -> str:
    """Which rule keeps farm-board category ``category`` holding ``row`` from taking
    a ``kind`` token (the one :func:`accepts` refuses it by), in the board's words."""
    cat = rules.farm_board[category]
    name = f"{cat.name} ({cat.title})"
    if cat.rule == "alternating" and kind not in ANIMALS + CROPS:
        return f"{name} takes animals and crops only, never a {kind}"
    if kind not in cat.kinds:
        return f"{name} never takes a {kind} (it takes {', '.join(cat.kinds) or 'nothing'})"
    if len(row) >= len(cat.points):
        return f"{name} is full: its {len(cat.points)} slots hold {' '.join(row)}"
    if cat.rule == "alternating":
        family = "an animal" if row[-1] in ANIMALS else "a crop"
        other = "a crop" if family == "an animal" else "an animal"
        return f"{name}: {other} must follow the {row[-1]}, and a {kind} is {family}"
    if cat.rule == "same":
        return f"{name} holds {row[0]}: every token in it is the same type"
    return f"{name} holds a {kind} already: no two tokens in it are the same type"


def farm_board_points(rules: Rules, farm: Farm) -> int:
    """Each category scores the points of its furthest filled slot."""
    return sum(
        cat.points[len(row) - 1]
        for cat, row in zip(rules.farm_board, farm.rows, strict=True)
        if row
    )


def _card(rules: Rules, name: str) -> EnclosureCard | SupportCard:
    return next(card for card in rules.all_cards if card.name == name)


def mission_points(rules: Rules, cards: tuple[str, ...], farm: Farm) -> int:
    """Points from the revealed mission cards ``cards`` for ``farm``."""
    total = 0
    threshold = rules.enclosure_threshold
    for name in cards:
        card = _card(rules, name)
        if isinstance(card, EnclosureCard):
            small = card.size == "small"
            total += card.points * sum(1 for e in farm.enclosures if (e.size < threshold) == small)
        elif sum(e.size for e in farm.enclosures if e.kind == card.kind) > card.more_than:
            total += card.points
    return total


@attrs.frozen
class ScoreSheet:
    """One player's score, part by part (the end-of-game scoring)."""

    placement: int
    farm_board: int
    missions: int
    fertilizer: int

    @property
    def total(self) -> int:
        """The final score: the sum of the sheet's lines."""
        return self.placement + self.farm_board + self.missions + self.fertilizer


def score_sheets(state: State) -> tuple[ScoreSheet, ...]:
    """Every player's score as it would stand if the game ended now."""
    rules = state.rules
    per_point = rules.fertilizer.per_point
    return tuple(
        ScoreSheet(
            farm.points,
            farm_board_points(rules, farm),
            mission_points(rules, state.cards, farm),
            farm.fertilizer // per_point,
        )
        for farm in state.farms
    )


def scores(state: State) -> tuple[int, ...]:
    """The score track (placement points) during the game; the final totals at the end."""
    if state.phase is Phase.END:
        return tuple(sheet.total for sheet in score_sheets(state))
    return tuple(farm.points for farm in state.farms)


def winners(state: State) -> tuple[int, ...]:
    """ "The player with the most total points wins! If several players are tied,
    the one with the most farm board points wins. If they are still tied, they
    share the victory." ``()`` before the end.

    "Farm board points" are the categories' endgame points, or with
    ``Rules(tie_break="score-track")`` the placement points on the farm
    board's score track (ruling 21).
    """
    if state.phase is not Phase.END:
        return ()
    sheets = score_sheets(state)
    if state.rules.tie_break == "categories":
        keys = [(s.total, s.farm_board) for s in sheets]
    else:
        keys = [(s.total, s.placement) for s in sheets]
    best = max(keys)
    return tuple(p for p, key in enumerate(keys) if key == best)
