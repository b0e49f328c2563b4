"""Rules of Fence Em In: player count, options and every piece of component data.

``Rules(players=N)`` is the rulebook's game for N players (2 to 4). Every
field defaults to acreage's reference set in ``data/reference.toml`` for that
player count; pass a field, or load a file with ``Rules.from_toml(path)``, to
play with other components. Bad values raise :class:`~acreage.RulesError`
naming the field, however the Rules is made (constructor, ``attrs.evolve``,
``Rules.from_data``, ``Rules.from_toml``).

Every size, count and cost has bounds (see each class's Attributes, and
``acreage.core.data.field_limits``): a Rules read from an untrusted record,
data file or command line then cannot make ``new_game`` or a playout take
more than a few times the memory and time of a real game. The bounds are
several times the rulebook's numbers, so house rules fit within them.
"""

from __future__ import annotations

import tomllib
import typing
from functools import cache, cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

import attrs

from acreage.core.data import DataClass, from_data, limits
from acreage.core.game import RulesError, shorten
from acreage.core.grid import SquareGrid

if TYPE_CHECKING:
    from acreage.fence_em_in.actions import FenceEncoding
    from acreage.fence_em_in.tables import Tables
else:
    # attrs lists the cached ``tables`` and ``encoding`` properties among the
    # annotations that ``typing.get_type_hints`` (and so ``Rules.from_data``) resolves.
    Tables = FenceEncoding = object

__all__ = [
    "ANIMALS",
    "BUILDINGS",
    "CROPS",
    "KINDS",
    "NO_HAY_BAG",
    "Bag",
    "Bonus",
    "Category",
    "EnclosureCard",
    "FertilizerRules",
    "Kind",
    "Placement",
    "PlacementTable",
    "Rules",
    "SupportCard",
]

Kind = Literal["cow", "sheep", "chicken", "corn", "grain", "hay", "barn", "granary"]
"""A kind of asset token and miniature."""
KINDS: tuple[Kind, ...] = typing.get_args(Kind)
"""The eight kinds of asset token and miniature, in the rulebook's order."""
ANIMALS: tuple[Kind, ...] = ("cow", "sheep", "chicken")
"""The animal kinds of asset token."""
CROPS: tuple[Kind, ...] = ("corn", "grain", "hay")
"""The crop kinds of asset token."""
BUILDINGS: tuple[Kind, ...] = ("barn", "granary")
"""The building kinds of asset token."""

COLUMNS = 5
"""Assets-board columns, one per die value 1-5."""
DIE_FACES = 6
"""A die shows 1-5 and, on its sixth side, the choice face (written 6)."""
CHOICE = 6
CategoryRule = Literal["same", "different", "alternating", "any"]
"""A farm-board category's rule (see :class:`Category`)."""
CATEGORY_RULES: tuple[CategoryRule, ...] = typing.get_args(CategoryRule)
"""The farm-board category rules :class:`Category` can name."""

PLAYERS = (2, 4)
"""The player counts the rulebook plays: "The game is played by 2–4 players"."""
MAX_BOARD_SIZE = 40
"""The largest enclosure board (the reference boards are 16 to 21 cells wide):
its tables take about a third of a second and a few megabytes to build."""
NAME_LIMIT = 40
"""The longest category or card name, so every move text stays short."""


def _check(ok: bool, where: str, message: str) -> None:
    if not ok:
        raise RulesError(f"{where}: {message}")


def _check_name(name: str, where: str, *, card: bool) -> None:
    """A category name is one identifier-like word, a card name one word that may hold
    hyphens: either is a word of a move text (``put cow in same``, ``reveal cows``)."""
    word = name.replace("-", "").isalnum() if card else name.isidentifier()
    _check(
        word and len(name) <= NAME_LIMIT,
        where,
        f"expected a single word of at most {NAME_LIMIT} characters, got {shorten(name, 40)}",
    )


def _check_distinct(kinds: tuple[Kind, ...], where: str) -> None:
    for i, kind in enumerate(kinds):
        _check(kind not in kinds[:i], f"{where}[{i}]", f"{kind!r} is listed twice")


@attrs.frozen
class Bag(DataClass):
    """How many asset tokens of each kind the bag starts with (0 to 100 each;
    the rulebook's bags hold at most 13 of a kind)."""

    cow: int = attrs.field(default=0, metadata=limits(0, 100))
    sheep: int = attrs.field(default=0, metadata=limits(0, 100))
    chicken: int = attrs.field(default=0, metadata=limits(0, 100))
    corn: int = attrs.field(default=0, metadata=limits(0, 100))
    grain: int = attrs.field(default=0, metadata=limits(0, 100))
    hay: int = attrs.field(default=0, metadata=limits(0, 100))
    barn: int = attrs.field(default=0, metadata=limits(0, 100))
    granary: int = attrs.field(default=0, metadata=limits(0, 100))

    def counts(self) -> tuple[int, ...]:
        """The counts in :data:`KINDS` order."""
        return tuple(getattr(self, k) for k in KINDS)


NO_HAY_BAG = Bag(cow=4, sheep=7, chicken=9, corn=7, grain=7, barn=1, granary=1)
"""The other reading of the printed 2-player bag: its "7 hay" is the corn line,
and there is no hay at all (36 tokens, not the printed 38). Play it with
``Rules(players=2, bag=NO_HAY_BAG)``; see ruling 2,
https://acreage.readthedocs.io/en/latest/rulings/fence-em-in/#2-the-2-player-bag."""


@attrs.frozen
class Placement(DataClass):
    """One row of the placement scoring table.

    Attributes:
        points: points for the 1st, 2nd, 3rd... miniature of the kind you
            place; every later one scores the last number (1 to 20 numbers,
            each 0 to 100).
        fertilizer: fertilizer taken with every miniature of the kind (0 to 20).
        pair_fertilizer: fertilizer taken with the 2nd, 4th, 6th... one (0 to 20).
        animal_bonus: extra points when you already have at least 1, 2, 3...
            animals in your farm (the hay: +1, +2, +3; up to 20 numbers, each
            0 to 100).
    """

    points: tuple[int, ...] = attrs.field(metadata=limits(0, 100, items=20))
    fertilizer: int = attrs.field(default=0, metadata=limits(0, 20))
    pair_fertilizer: int = attrs.field(default=0, metadata=limits(0, 20))
    animal_bonus: tuple[int, ...] = attrs.field(default=(), metadata=limits(0, 100, items=20))

    def _validate(self) -> None:
        _check(bool(self.points), "Placement.points", "expected at least one number")


@attrs.frozen
class PlacementTable(DataClass):
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
class Bonus(DataClass):
    """What the first barn (or granary) in your farm adds to each later miniature of ``kinds``
    (``points`` and ``fertilizer`` 0 to 20 each; ``kinds`` distinct)."""

    points: int = attrs.field(default=0, metadata=limits(0, 20))
    fertilizer: int = attrs.field(default=0, metadata=limits(0, 20))
    kinds: tuple[Kind, ...] = attrs.field(default=(), metadata=limits(items=len(KINDS)))

    def _validate(self) -> None:
        _check_distinct(self.kinds, "Bonus.kinds")


@attrs.frozen
class Category(DataClass):
    """One row of the farm board.

    Attributes:
        name: the short name used in move texts (``put cow in same``): one
            word of at most 40 characters.
        title: the name printed on the board.
        rule: ``"same"`` (every token the same type), ``"different"`` (no two
            the same), ``"alternating"`` (animals and crops alternate, either
            first) or ``"any"``.
        points: the points printed on each slot, left to right; the row
            scores the furthest filled one (1 to 10 slots, each 0 to 100).
        kinds: the kinds the row takes at all (distinct).
    """

    name: str
    title: str
    rule: CategoryRule
    points: tuple[int, ...] = attrs.field(metadata=limits(0, 100, items=10))
    kinds: tuple[Kind, ...] = attrs.field(default=KINDS, metadata=limits(items=len(KINDS)))

    def _validate(self) -> None:
        _check_name(self.name, "Category.name", card=False)
        _check(bool(self.points), "Category.points", "expected at least one slot")
        _check_distinct(self.kinds, "Category.kinds")


@attrs.frozen
class FertilizerRules(DataClass):
    """Fertilizer: what each use costs, how many uses a turn, what it is worth.

    Attributes:
        uses_per_turn: uses allowed in one turn (the rulebook: two; 0 to 10).
        reroll: cost of re-rolling one die (the rulebook's example: 2).
        adjust: cost of turning one die up or down by one (1-5).
        move: cost of moving one asset token to another column.
        refresh: cost of putting every token on the assets board back in the
            bag and refilling the board.
        six_reroll_gain: fertilizer the first player takes when re-rolling a
            die that shows the choice face (0 to 10).
        six_rerolls_per_turn: how many times in one turn a die showing the
            choice face may be re-rolled for fertilizer; after that it is set
            to 1-5 (0 to 20; ruling 22: the rulebook sets no limit, and without
            one a game could go on for ever).
        per_point: unused fertilizer scores 1 point per this many at the end
            (1 to 100).
        move_to_full_column: whether the move use may put a token in a column
            that already holds ``column_slots`` tokens (ruling 6: by default
            it may not; ``True`` is the reading where the column then holds
            one token more than its slots until one is taken).

    Every cost is 0 to 100.
    """

    uses_per_turn: int = attrs.field(default=2, metadata=limits(0, 10))
    reroll: int = attrs.field(default=2, metadata=limits(0, 100))
    adjust: int = attrs.field(default=3, metadata=limits(0, 100))
    move: int = attrs.field(default=3, metadata=limits(0, 100))
    refresh: int = attrs.field(default=2, metadata=limits(0, 100))
    six_reroll_gain: int = attrs.field(default=1, metadata=limits(0, 10))
    six_rerolls_per_turn: int = attrs.field(default=10, metadata=limits(0, 20))
    per_point: int = attrs.field(default=3, metadata=limits(1, 100))
    move_to_full_column: bool = False


@attrs.frozen
class EnclosureCard(DataClass):
    """An enclosure mission: ``points`` (0 to 100) for each of your small (below
    the threshold) or large (at or above it) enclosures."""

    name: str
    size: Literal["small", "large"]
    points: int = attrs.field(default=1, metadata=limits(0, 100))

    def _validate(self) -> None:
        _check_name(self.name, "EnclosureCard.name", card=True)


@attrs.frozen
class SupportCard(DataClass):
    """A support mission: ``points`` (0 to 100) when your enclosures holding
    ``kind`` cover more than ``more_than`` cells (0 to 1600, the largest
    board); only used with ``min_players`` (2 to 4) or more."""

    name: str
    kind: Kind
    more_than: int = attrs.field(metadata=limits(0, MAX_BOARD_SIZE**2))
    points: int = attrs.field(metadata=limits(0, 100))
    min_players: int = attrs.field(default=2, metadata=limits(*PLAYERS))

    def _validate(self) -> None:
        _check_name(self.name, "SupportCard.name", card=True)


def _reference_data() -> dict[str, Any]:
    text = resources.files("acreage.fence_em_in").joinpath("data/reference.toml").read_text("utf-8")
    return tomllib.loads(text)


def reference(players: int) -> Rules:
    """The reference rules for ``players`` (2 to 4), read from ``data/reference.toml``.

    ``players`` is checked here, before the cached lookup, because the Rules
    field defaults come from this function and so run before the Rules'
    own field checks: ``Rules(players="2")`` then gets the same
    ``players: expected an integer`` as ``Rules.from_data({"players": "2"})``.
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"players: expected an integer, got {shorten(players, 40)}")
    low, high = PLAYERS
    if not low <= players <= high:
        raise RulesError(f"players: expected {low} to {high}, got {players}")
    return _reference(players)


@cache
def _reference(players: int) -> Rules:
    # functools.cache stores each answer with one dict assignment, so threads
    # that race on a first call each build an equal Rules and one of them stays.
    data = _reference_data()
    return from_data(Rules, {"players": players, **data["common"], **data["players"][str(players)]})


def _reference_value(name: str) -> Any:
    """The default of field ``name``: its value in the reference rules for ``self.players``."""
    return lambda self: getattr(reference(self.players), name)


@attrs.frozen(cache_hash=True)
class Rules(DataClass):
    """The rules of one game of Fence Em In.

    Attributes:
        players: 2 to 4.
        board_size: the enclosure board is ``board_size`` x ``board_size``
            cells (5, the largest die, to 40).
        start_cells: each seat's starting cell ``(x, y)``, one per player, on
            the board.
        reserved_start_cells: whether a starting cell is closed to the other
            players' enclosures (a ruling; the rulebook is silent).
        bag: the asset tokens the bag starts with (0 to 100 of each kind, at
            least enough to fill the assets board).
        column_slots: tokens per assets-board column (one per player; 1 to 10).
        placement: the placement scoring table.
        barn_bonus, granary_bonus: what the first barn / granary adds to later
            placements.
        farm_board: the farm-board categories, top to bottom (1 to 20, with
            distinct names).
        fertilizer: fertilizer uses, costs and worth.
        enclosure_cards: the enclosure missions (1 to 20); one is revealed.
        support_cards: the support missions (up to 30); ``support_cards_drawn``
            (0 to 30) different ones usable with this player count are revealed.
        enclosure_threshold: enclosures of fewer cells are small, the others
            large (1 to 100).
        rounds: the game ends after this many rounds at the latest (1 to 50).
        order_die_faces: faces of the die rolled to settle the turn order (2 to 100).
        order_reroll_limit: how many times tied players may re-roll the order
            die in one settling of the turn order; a tie after that goes by
            seat, the lower seat first (0 to 20; ruling 22).
        tie_break: what breaks a tie on total points, "the most farm board
            points": ``"categories"`` (the six categories' endgame points, the
            default) or ``"score-track"`` (the placement points on the farm
            board's score track); still tied players share the win (ruling 21).

    The bounds keep a Rules from an untrusted source within a few times the
    memory and time of a real game; card and category names are single words.
    """

    players: int = attrs.field(default=2, metadata=limits(*PLAYERS, primary=True))
    board_size: int = attrs.field(
        default=attrs.Factory(_reference_value("board_size"), takes_self=True),
        metadata=limits(5, MAX_BOARD_SIZE),
    )
    start_cells: tuple[tuple[int, int], ...] = attrs.field(
        default=attrs.Factory(_reference_value("start_cells"), takes_self=True),
        metadata=limits(0, MAX_BOARD_SIZE - 1, items=PLAYERS[1]),
    )
    reserved_start_cells: bool = True
    bag: Bag = attrs.field(default=attrs.Factory(_reference_value("bag"), takes_self=True))
    column_slots: int = attrs.field(
        default=attrs.Factory(_reference_value("column_slots"), takes_self=True),
        metadata=limits(1, 10),
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
        default=attrs.Factory(_reference_value("farm_board"), takes_self=True),
        metadata=limits(items=20),
    )
    fertilizer: FertilizerRules = attrs.field(
        default=attrs.Factory(_reference_value("fertilizer"), takes_self=True)
    )
    enclosure_cards: tuple[EnclosureCard, ...] = attrs.field(
        default=attrs.Factory(_reference_value("enclosure_cards"), takes_self=True),
        metadata=limits(items=20),
    )
    support_cards: tuple[SupportCard, ...] = attrs.field(
        default=attrs.Factory(_reference_value("support_cards"), takes_self=True),
        metadata=limits(items=30),
    )
    support_cards_drawn: int = attrs.field(default=2, metadata=limits(0, 30))
    enclosure_threshold: int = attrs.field(
        default=attrs.Factory(_reference_value("enclosure_threshold"), takes_self=True),
        metadata=limits(1, 100),
    )
    rounds: int = attrs.field(
        default=attrs.Factory(_reference_value("rounds"), takes_self=True),
        metadata=limits(1, 50),
    )
    order_die_faces: int = attrs.field(default=6, metadata=limits(2, 100))
    order_reroll_limit: int = attrs.field(default=10, metadata=limits(0, 20))
    tie_break: Literal["categories", "score-track"] = "categories"

    def _validate(self) -> None:
        size = self.board_size
        _check(
            len(self.start_cells) == self.players,
            "start_cells",
            f"expected {self.players} cells, one per player, got {len(self.start_cells)}",
        )
        for i, (x, y) in enumerate(self.start_cells):
            _check(
                x < size and y < size,
                f"start_cells[{i}]",
                f"({x}, {y}) is not on the {size}x{size} board",
            )
        _check(
            len(set(self.start_cells)) == len(self.start_cells),
            "start_cells",
            "two players share a starting cell",
        )
        total = sum(self.bag.counts())
        need = COLUMNS * self.column_slots
        _check(
            total >= need,
            "bag",
            f"holds {total} tokens, fewer than the {need} the assets board needs",
        )
        _check(bool(self.farm_board), "farm_board", "expected at least one category")
        names = [cat.name for cat in self.farm_board]
        for i, name in enumerate(names):
            _check(
                name not in names[:i],
                f"farm_board[{i}].name",
                f"{name!r} names two categories (move texts say 'put cow in {name}')",
            )
        self._check_cards()

    def _check_cards(self) -> None:
        _check(bool(self.enclosure_cards), "enclosure_cards", "expected at least one card")
        names: list[str] = []
        n_enclosure = len(self.enclosure_cards)
        for j, card in enumerate(self.all_cards):
            field = "enclosure_cards" if j < n_enclosure else "support_cards"
            i = j if j < n_enclosure else j - n_enclosure
            _check(
                card.name not in names,
                f"{field}[{i}].name",
                f"{card.name!r} names two mission cards (move texts say 'reveal {card.name}')",
            )
            names.append(card.name)
        usable = len(self.usable_support_cards)
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

    @cached_property
    def encoding(self) -> FenceEncoding:
        """The game's numbers for these rules: facts, integer actions, observation
        tensors (see :mod:`acreage.fence_em_in.actions`), shared by equal rules."""
        from acreage.fence_em_in.actions import shared_encoding

        return shared_encoding(self)
