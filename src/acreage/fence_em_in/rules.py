"""Rules of Fence Em In: player count, options and every piece of component data.

``Rules(players=N)`` is the rulebook's game for N players (2 to 4). Every
field defaults to acreage's reference set in ``data/reference.toml`` for that
player count; pass a field, or load a file with ``Rules.from_toml(path)``, to
play with other components. Bad values raise :class:`~acreage.RulesError`
naming the field.
"""

from __future__ import annotations

import tomllib
from functools import cache, cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

import attrs

from acreage.core.data import PRIMARY, DataClass, from_data
from acreage.core.game import RulesError
from acreage.core.grid import SquareGrid

if TYPE_CHECKING:
    from acreage.fence_em_in.tables import Tables
else:
    # attrs lists the cached ``tables`` property among the annotations that
    # ``typing.get_type_hints`` (and so ``Rules.from_data``) resolves.
    Tables = object

__all__ = [
    "ANIMALS",
    "BUILDINGS",
    "CROPS",
    "KINDS",
    "Bag",
    "Bonus",
    "Category",
    "EnclosureCard",
    "FertilizerRules",
    "Placement",
    "PlacementTable",
    "Rules",
    "SupportCard",
]

KINDS: tuple[str, ...] = ("cow", "sheep", "chicken", "corn", "grain", "hay", "barn", "granary")
"""The eight kinds of asset token and miniature, in the rulebook's order."""
ANIMALS: tuple[str, ...] = ("cow", "sheep", "chicken")
CROPS: tuple[str, ...] = ("corn", "grain", "hay")
BUILDINGS: tuple[str, ...] = ("barn", "granary")

COLUMNS = 5
"""Assets-board columns, one per die value 1-5."""
DIE_FACES = 6
"""A die shows 1-5 and, on its sixth side, the choice face (written 6)."""
CHOICE = 6
CATEGORY_RULES = ("same", "different", "alternating", "any")
"""The farm-board category rules :class:`Category` can name."""


@attrs.frozen
class Bag:
    """How many asset tokens of each kind the bag starts with."""

    cow: int = 0
    sheep: int = 0
    chicken: int = 0
    corn: int = 0
    grain: int = 0
    hay: int = 0
    barn: int = 0
    granary: int = 0

    def counts(self) -> tuple[int, ...]:
        """The counts in :data:`KINDS` order."""
        return tuple(getattr(self, k) for k in KINDS)


@attrs.frozen
class Placement:
    """One row of the placement scoring table.

    Attributes:
        points: points for the 1st, 2nd, 3rd... miniature of the kind you
            place; every later one scores the last number.
        fertilizer: fertilizer taken with every miniature of the kind.
        pair_fertilizer: fertilizer taken with the 2nd, 4th, 6th... one.
        animal_bonus: extra points when you already have at least 1, 2, 3...
            animals in your farm (the hay: +1, +2, +3).
    """

    points: tuple[int, ...]
    fertilizer: int = 0
    pair_fertilizer: int = 0
    animal_bonus: tuple[int, ...] = ()


@attrs.frozen
class PlacementTable:
    """The placement scoring table: one :class:`Placement` per kind."""

    cow: Placement
    sheep: Placement
    chicken: Placement
    corn: Placement
    grain: Placement
    hay: Placement
    barn: Placement
    granary: Placement

    def rows(self) -> tuple[Placement, ...]:
        """The rows in :data:`KINDS` order."""
        return tuple(getattr(self, k) for k in KINDS)


@attrs.frozen
class Bonus:
    """What the first barn (or granary) in your farm adds to each later miniature of ``kinds``."""

    points: int = 0
    fertilizer: int = 0
    kinds: tuple[str, ...] = ()


@attrs.frozen
class Category:
    """One row of the farm board.

    Attributes:
        name: the short name used in move texts (``put cow in same``).
        title: the name printed on the board.
        rule: ``"same"`` (every token the same type), ``"different"`` (no two
            the same), ``"alternating"`` (animals and crops alternate, either
            first) or ``"any"``.
        kinds: the kinds the row takes at all.
        points: the points printed on each slot, left to right; the row
            scores the furthest filled one.
    """

    name: str
    title: str
    rule: Literal["same", "different", "alternating", "any"]
    points: tuple[int, ...]
    kinds: tuple[str, ...] = KINDS


@attrs.frozen
class FertilizerRules:
    """Fertilizer: what each use costs, how many uses a turn, what it is worth.

    Attributes:
        uses_per_turn: uses allowed in one turn (the rulebook: two).
        reroll: cost of re-rolling one die (the rulebook's example: 2).
        adjust: cost of turning one die up or down by one (1-5).
        move: cost of moving one asset token to another column.
        refresh: cost of putting every token on the assets board back in the
            bag and refilling the board.
        six_reroll_gain: fertilizer the first player takes when re-rolling a
            die that shows the choice face.
        per_point: unused fertilizer scores 1 point per this many at the end.
    """

    uses_per_turn: int = 2
    reroll: int = 2
    adjust: int = 3
    move: int = 3
    refresh: int = 2
    six_reroll_gain: int = 1
    per_point: int = 3


@attrs.frozen
class EnclosureCard:
    """An enclosure mission: ``points`` for each of your small (below the
    threshold) or large (at or above it) enclosures."""

    name: str
    size: Literal["small", "large"]
    points: int = 1


@attrs.frozen
class SupportCard:
    """A support mission: ``points`` when your enclosures holding ``kind``
    cover more than ``more_than`` cells; only used with ``min_players`` or more."""

    name: str
    kind: str
    more_than: int
    points: int
    min_players: int = 2


def _reference_data() -> dict[str, Any]:
    text = resources.files("acreage.fence_em_in").joinpath("data/reference.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache
def reference(players: int) -> Rules:
    """The reference rules for ``players`` (2 to 4), read from ``data/reference.toml``."""
    data = _reference_data()
    setups = data["players"]
    if not isinstance(players, int) or isinstance(players, bool) or str(players) not in setups:
        counts = " to ".join((min(setups), max(setups)))
        raise RulesError(f"players: expected {counts}, got {players!r}")
    return from_data(Rules, {"players": players, **data["common"], **setups[str(players)]})


def _reference_value(name: str) -> Any:
    """The default of field ``name``: its value in the reference rules for ``self.players``."""
    return lambda self: getattr(reference(self.players), name)


def _check(ok: bool, where: str, message: str) -> None:
    if not ok:
        raise RulesError(f"{where}: {message}")


@attrs.frozen(cache_hash=True)
class Rules(DataClass):
    """The rules of one game of Fence Em In.

    Attributes:
        players: 2 to 4.
        board_size: the enclosure board is ``board_size`` x ``board_size`` cells.
        start_cells: each seat's starting cell ``(x, y)``.
        reserved_start_cells: whether a starting cell is closed to the other
            players' enclosures (a ruling; the rulebook is silent).
        bag: the asset tokens the bag starts with.
        column_slots: tokens per assets-board column (one per player).
        placement: the placement scoring table.
        barn_bonus, granary_bonus: what the first barn / granary adds to later
            placements.
        farm_board: the farm-board categories, top to bottom.
        fertilizer: fertilizer uses, costs and worth.
        enclosure_cards: the enclosure missions; one is revealed.
        support_cards: the support missions; ``support_cards_drawn`` different
            ones usable with this player count are revealed.
        enclosure_threshold: enclosures of fewer cells are small, the others large.
        rounds: the game ends after this many rounds at the latest.
        order_die_faces: faces of the die rolled to settle the turn order.
    """

    players: int = attrs.field(default=2, metadata=PRIMARY)
    board_size: int = attrs.field(
        default=attrs.Factory(_reference_value("board_size"), takes_self=True)
    )
    start_cells: tuple[tuple[int, int], ...] = attrs.field(
        default=attrs.Factory(_reference_value("start_cells"), takes_self=True)
    )
    reserved_start_cells: bool = True
    bag: Bag = attrs.field(default=attrs.Factory(_reference_value("bag"), takes_self=True))
    column_slots: int = attrs.field(
        default=attrs.Factory(_reference_value("column_slots"), takes_self=True)
    )
    placement: PlacementTable = attrs.field(
        default=attrs.Factory(_reference_value("placement"), takes_self=True)
    )
    barn_bonus: Bonus = attrs.field(
        default=attrs.Factory(_reference_value("barn_bonus"), takes_self=True)
    )
    granary_bonus: Bonus = attrs.field(
        default=attrs.Factory(_reference_value("granary_bonus"), takes_self=True)
    )
    farm_board: tuple[Category, ...] = attrs.field(
        default=attrs.Factory(_reference_value("farm_board"), takes_self=True)
    )
    fertilizer: FertilizerRules = attrs.field(
        default=attrs.Factory(_reference_value("fertilizer"), takes_self=True)
    )
    enclosure_cards: tuple[EnclosureCard, ...] = attrs.field(
        default=attrs.Factory(_reference_value("enclosure_cards"), takes_self=True)
    )
    support_cards: tuple[SupportCard, ...] = attrs.field(
        default=attrs.Factory(_reference_value("support_cards"), takes_self=True)
    )
    support_cards_drawn: int = 2
    enclosure_threshold: int = attrs.field(
        default=attrs.Factory(_reference_value("enclosure_threshold"), takes_self=True)
    )
    rounds: int = attrs.field(default=attrs.Factory(_reference_value("rounds"), takes_self=True))
    order_die_faces: int = 6

    def _validate(self) -> None:
        _check(2 <= self.players <= 4, "players", f"expected 2 to 4, got {self.players}")
        size = self.board_size
        _check(size >= 5, "board_size", f"expected at least 5 (the largest die), got {size}")
        _check(
            len(self.start_cells) == self.players,
            "start_cells",
            f"expected {self.players} cells, one per player, got {len(self.start_cells)}",
        )
        for i, (x, y) in enumerate(self.start_cells):
            _check(
                0 <= x < size and 0 <= y < size,
                f"start_cells[{i}]",
                f"({x}, {y}) is not on the {size}x{size} board",
            )
        _check(
            len(set(self.start_cells)) == len(self.start_cells),
            "start_cells",
            "two players share a starting cell",
        )
        _check(
            self.column_slots >= 1, "column_slots", f"expected at least 1, got {self.column_slots}"
        )
        for kind, n in zip(KINDS, self.bag.counts(), strict=True):
            _check(n >= 0, f"bag.{kind}", f"expected a count of at least 0, got {n}")
        total = sum(self.bag.counts())
        need = COLUMNS * self.column_slots
        _check(
            total >= need,
            "bag",
            f"holds {total} tokens, fewer than the {need} the assets board needs",
        )
        for kind, row in zip(KINDS, self.placement.rows(), strict=True):
            where = f"placement.{kind}"
            _check(bool(row.points), f"{where}.points", "expected at least one number")
            for name in ("fertilizer", "pair_fertilizer"):
                value = getattr(row, name)
                _check(value >= 0, f"{where}.{name}", f"expected at least 0, got {value}")
            for name in ("points", "animal_bonus"):
                values = getattr(row, name)
                _check(
                    all(v >= 0 for v in values),
                    f"{where}.{name}",
                    f"expected numbers of at least 0, got {list(values)}",
                )
        for name in ("barn_bonus", "granary_bonus"):
            bonus = getattr(self, name)
            self._check_kinds(bonus.kinds, f"{name}.kinds")
            _check(
                bonus.points >= 0 and bonus.fertilizer >= 0,
                name,
                "points and fertilizer must be at least 0",
            )
        self._check_farm_board()
        fert = self.fertilizer
        for name in ("uses_per_turn", "reroll", "adjust", "move", "refresh", "six_reroll_gain"):
            value = getattr(fert, name)
            _check(value >= 0, f"fertilizer.{name}", f"expected at least 0, got {value}")
        _check(
            fert.per_point >= 1,
            "fertilizer.per_point",
            f"expected at least 1, got {fert.per_point}",
        )
        self._check_cards()
        _check(
            self.enclosure_threshold >= 1,
            "enclosure_threshold",
            f"expected at least 1, got {self.enclosure_threshold}",
        )
        _check(self.rounds >= 1, "rounds", f"expected at least 1, got {self.rounds}")
        _check(
            self.order_die_faces >= 2,
            "order_die_faces",
            f"expected at least 2, got {self.order_die_faces}",
        )

    @staticmethod
    def _check_kinds(kinds: tuple[str, ...], where: str) -> None:
        for i, kind in enumerate(kinds):
            _check(
                kind in KINDS, f"{where}[{i}]", f"expected one of {', '.join(KINDS)}, got {kind!r}"
            )

    def _check_farm_board(self) -> None:
        _check(bool(self.farm_board), "farm_board", "expected at least one category")
        names: list[str] = []
        for i, cat in enumerate(self.farm_board):
            where = f"farm_board[{i}]"
            _check(
                cat.name.isidentifier() and cat.name not in names,
                f"{where}.name",
                f"expected a unique single word, got {cat.name!r}",
            )
            names.append(cat.name)
            _check(
                cat.rule in CATEGORY_RULES,
                f"{where}.rule",
                f"expected one of {', '.join(CATEGORY_RULES)}, got {cat.rule!r}",
            )
            _check(bool(cat.points), f"{where}.points", "expected at least one slot")
            _check(
                all(p >= 0 for p in cat.points),
                f"{where}.points",
                f"expected numbers of at least 0, got {list(cat.points)}",
            )
            self._check_kinds(cat.kinds, f"{where}.kinds")

    def _check_cards(self) -> None:
        _check(bool(self.enclosure_cards), "enclosure_cards", "expected at least one card")
        names: list[str] = []
        n_enclosure = len(self.enclosure_cards)
        for j, card in enumerate(self.all_cards):
            field = "enclosure_cards" if j < n_enclosure else "support_cards"
            i = j if j < n_enclosure else j - n_enclosure
            _check(
                card.name.replace("-", "").isalnum() and card.name not in names,
                f"{field}[{i}].name",
                f"expected a unique word, got {card.name!r}",
            )
            names.append(card.name)
            _check(
                card.points >= 0,
                f"{field}[{i}].points",
                f"expected at least 0, got {card.points}",
            )
        for i, enclosure_card in enumerate(self.enclosure_cards):
            _check(
                enclosure_card.size in ("small", "large"),
                f"enclosure_cards[{i}].size",
                f"expected small or large, got {enclosure_card.size!r}",
            )
        for i, card in enumerate(self.support_cards):
            _check(
                card.kind in KINDS,
                f"support_cards[{i}].kind",
                f"expected one of {', '.join(KINDS)}, got {card.kind!r}",
            )
            _check(
                card.more_than >= 0,
                f"support_cards[{i}].more_than",
                f"expected at least 0, got {card.more_than}",
            )
        usable = len(self.usable_support_cards)
        _check(
            self.support_cards_drawn >= 0,
            "support_cards_drawn",
            f"expected at least 0, got {self.support_cards_drawn}",
        )
        _check(
            usable >= self.support_cards_drawn,
            "support_cards",
            f"only {usable} usable with {self.players} players, "
            f"fewer than the {self.support_cards_drawn} to reveal",
        )

    @property
    def all_cards(self) -> tuple[EnclosureCard | SupportCard, ...]:
        """Every mission card, the enclosure cards first."""
        return (*self.enclosure_cards, *self.support_cards)

    @property
    def usable_support_cards(self) -> tuple[SupportCard, ...]:
        """The support cards used with this player count."""
        return tuple(c for c in self.support_cards if c.min_players <= self.players)

    @property
    def grid(self) -> SquareGrid:
        """The enclosure board as a core grid: its cell ids are the bits of
        ``Farm.land`` and ``State.occupied``, ready for ``acreage.core.regions``."""
        return SquareGrid(self.board_size, self.board_size)

    @cached_property
    def tables(self) -> Tables:
        """Precomputed tables (grid masks, move objects) shared by every state of these rules."""
        from acreage.fence_em_in.tables import tables_for

        return tables_for(self)
