"""Rules: the player count, the game's length, every option and the component data.

``Rules(players=3)`` is the rulebook's regular game for three players with
acreage's reference components (``data/components.toml``). Every field can
be changed, and ``Rules.from_toml(path)`` loads a file of fields.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, Literal

import attrs

from acreage.core.data import PRIMARY, DataClass
from acreage.core.game import RulesError
from acreage.crazy_farmers import board

__all__ = ["ENDGAME", "BonusCard", "Rules"]

ENDGAME = "Endgame"
"""The name of the Endgame card, which is no bonus: drawing it ends the game."""

Coord = tuple[int, int]
Length = Literal["fast", "regular", "long"]


@attrs.frozen(slots=True)
class BonusCard:
    """One kind of bonus card in the deck.

    Attributes:
        name: the card's title, as written in move texts (``"Nitro +1"``).
        kind: which effect it has: a key of
            :data:`acreage.crazy_farmers.cards.HANDLERS` (``"nitro"``).
        count: how many copies the deck holds.
        amount: the card's strength where it has one (extra moves, hay bales).
    """

    name: str
    kind: str
    count: int
    amount: int = 1


def _load() -> dict[str, Any]:
    text = resources.files("acreage.crazy_farmers").joinpath("data/components.toml").read_text()
    return tomllib.loads(text)


_DATA = _load()


def _per_players(rules: Rules, key: str) -> Any:
    table = _DATA["players"].get(str(rules.players))
    if table is None:
        # Rules validation names the bad player count; any value will do meanwhile.
        table = _DATA["players"]["2"]
    return table[key]


def _default_tiles(rules: Rules) -> int:
    tiles: int = _per_players(rules, "plot_tiles").get(rules.length, 0)
    return tiles


def _default_fences(rules: Rules) -> int:
    fences: int = _per_players(rules, "fences")
    return fences


def _coords(rows: list[list[int]]) -> tuple[Coord, ...]:
    return tuple((q, r) for q, r in rows)


def _default_start_plots(rules: Rules) -> tuple[Coord, ...]:
    return _coords(_per_players(rules, "start_plots"))


def _default_barns(rules: Rules) -> tuple[Coord, ...]:
    return _coords(_per_players(rules, "barns"))


def _default_deck(_: Rules) -> tuple[BonusCard, ...]:
    return tuple(BonusCard(**row) for row in _DATA["bonus_cards"])


def _self_default(fn: Any) -> Any:
    return attrs.Factory(fn, takes_self=True)


@attrs.frozen(slots=True, cache_hash=True)
class Rules(DataClass):
    """The rules of one game of Crazy Farmers and the Clôtures Électriques.

    Attributes:
        players: 2, 3 or 4.
        mode: ``"competitive"``, the game of the rulebook's "How to Play"
            (the solo/co-op Mad Cow mode is not part of this module yet).
        length: ``"fast"``, ``"regular"`` or ``"long"``: picks the number of
            plot tiles from the rulebook's table.
        plot_tiles: the plot tiles of each player's pile (3 or 4 players) or
            of the common pile (2 players). "The game ends immediately as
            soon as a player places the last plot tile of his/her draw pile."
        fences: fence pieces per player (30 with 2 players, 20 with 3 or 4):
            a fence is never longer.
        start_plots: the plot of each seat, in seat order.
        barns: the plots holding a barn.
        bonus_cards: the bonus deck (the 36 Core Bonus cards by default).
        hay_bales: the hay bale tokens in the box.
        hand_limit: the most cards a player may hold at the end of their turn.
        start: ``"fixed"``: each seat starts from its start plot;
            ``"choose"``: on their first turn players choose any empty plot
            to start from (the quick start's "choose the plot you wish to
            start from").
        endgame_card: whether the Endgame card is in the draw pile. Without
            it the discard pile is reshuffled when the draw pile runs out.
        endgame_window: ``None``: the Endgame card is shuffled with the cards
            set aside at setup, under the draw pile (the rulebook); a number
            ``k``: it is shuffled among the last ``k`` cards instead (the
            quick start's "anywhere with the last 8 bonus cards").
        powerless_move_limit: ``None`` (this rulebook) or the most moves a
            powerless tractor may make in a turn (3 in an earlier edition).
        repetition_limit: the game ends (and is scored) when the same board
            position starts a turn of the same player this many times since
            the last plot was claimed; ``None`` never ends a game this way.
    """

    players: int = attrs.field(default=2, metadata=PRIMARY)
    mode: Literal["competitive"] = attrs.field(default="competitive", metadata=PRIMARY)
    length: Length = attrs.field(default="regular", metadata=PRIMARY)
    plot_tiles: int = attrs.field(default=_self_default(_default_tiles))
    fences: int = attrs.field(default=_self_default(_default_fences))
    start_plots: tuple[Coord, ...] = attrs.field(default=_self_default(_default_start_plots))
    barns: tuple[Coord, ...] = attrs.field(default=_self_default(_default_barns))
    bonus_cards: tuple[BonusCard, ...] = attrs.field(default=_self_default(_default_deck))
    hay_bales: int = 8
    hand_limit: int = 6
    start: Literal["fixed", "choose"] = "fixed"
    endgame_card: bool = True
    endgame_window: int | None = None
    powerless_move_limit: int | None = None
    repetition_limit: int | None = 3

    # Derived tables, shared by every state made with these rules.
    barn_plots: int = attrs.field(init=False, eq=False, repr=False)
    start_cells: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    card_names: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    card_kinds: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    card_amounts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        from acreage.crazy_farmers.cards import HANDLERS

        if self.mode != "competitive":
            raise RulesError(f"mode: expected 'competitive', got {self.mode!r}")
        if not (isinstance(self.players, int) and 2 <= self.players <= 4):
            raise RulesError(f"players: expected 2 to 4, got {self.players!r}")
        if self.length not in ("fast", "regular", "long"):
            raise RulesError(f"length: expected 'fast', 'regular' or 'long', got {self.length!r}")
        if self.start not in ("fixed", "choose"):
            raise RulesError(f"start: expected 'fixed' or 'choose', got {self.start!r}")
        _positive(self.fences, "fences")
        _positive(self.hand_limit, "hand_limit")
        _at_least(self.hay_bales, 0, "hay_bales")
        if self.endgame_window is not None:
            _at_least(self.endgame_window, 0, "endgame_window")
        if self.powerless_move_limit is not None:
            _at_least(self.powerless_move_limit, 0, "powerless_move_limit")
        if self.repetition_limit is not None:
            _at_least(self.repetition_limit, 2, "repetition_limit")
        starts = _cells(self.start_plots, "start_plots")
        if len(starts) != self.players:
            raise RulesError(
                f"start_plots: expected {self.players} plots (one per seat), got {len(starts)}"
            )
        barns = _cells(self.barns, "barns")
        first_tiles = 1 if self.players > 2 else self.players
        _at_least(self.plot_tiles, first_tiles + 1, "plot_tiles")

        names = []
        for i, card in enumerate(self.bonus_cards):
            where = f"bonus_cards[{i}]"
            name = card.name
            if not isinstance(name, str) or not name or name != name.strip() or " on " in name:
                raise RulesError(f"{where}.name: expected a card title, got {name!r}")
            if name == ENDGAME or name in names:
                raise RulesError(f"{where}.name: {name!r} is taken")
            if card.kind not in HANDLERS:
                known = ", ".join(sorted(HANDLERS))
                raise RulesError(f"{where}.kind: expected one of {known}, got {card.kind!r}")
            _at_least(card.count, 0, f"{where}.count")
            _positive(card.amount, f"{where}.amount")
            names.append(name)
        total = sum(card.count for card in self.bonus_cards)
        if total < 3 * self.players:
            raise RulesError(
                f"bonus_cards: each player draws 3 at setup, so {self.players} players "
                f"need at least {3 * self.players} cards, got {total}"
            )
        by_name = sorted(self.bonus_cards, key=lambda c: c.name)
        object.__setattr__(self, "barn_plots", sum(1 << c for c in barns))
        object.__setattr__(self, "start_cells", starts)
        object.__setattr__(self, "card_names", tuple(c.name for c in by_name))
        object.__setattr__(self, "card_kinds", tuple(c.kind for c in by_name))
        object.__setattr__(self, "card_amounts", tuple(c.amount for c in by_name))

    @property
    def common_pile(self) -> bool:
        """Whether the players share one pile of plot tiles (the 2-player game)."""
        return self.players == 2

    def kind(self, card: str) -> str:
        """The kind of the bonus card named ``card``."""
        return self.card_kinds[self.card_names.index(card)]

    def amount(self, card: str) -> int:
        """The strength of the bonus card named ``card``."""
        return self.card_amounts[self.card_names.index(card)]

    def deck_counts(self) -> dict[str, int]:
        """How many copies of each card the bonus deck holds, by name."""
        return {c.name: c.count for c in self.bonus_cards if c.count}


def _at_least(value: object, low: int, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise RulesError(f"{name}: expected an integer of at least {low}, got {value!r}")


def _positive(value: object, name: str) -> None:
    _at_least(value, 1, name)


def _cells(coords: tuple[Coord, ...], name: str) -> tuple[int, ...]:
    out: list[int] = []
    for i, coord in enumerate(coords):
        try:
            cell = board.plot((coord[0], coord[1]))
        except (ValueError, TypeError, IndexError):
            raise RulesError(f"{name}[{i}]: {coord!r} is not a plot of the board") from None
        if cell in out:
            raise RulesError(f"{name}[{i}]: {coord!r} is listed twice")
        out.append(cell)
    return tuple(out)
