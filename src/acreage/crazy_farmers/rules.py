"""Rules: the player count, the mode, the game's length, every option and the component data.

``Rules(players=3)`` is the rulebook's regular game for three players with
acreage's reference components (``data/components.toml``);
``Rules(players=1, mode="mad-cow")`` is the solo game against the Mad Cow
(``data/mad_cow.toml``), and 2 to 4 players play it together. Every field
can be changed, and ``Rules.from_toml(path)`` loads a file of fields.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, ClassVar, Final, Literal

import attrs

from acreage.core.data import PRIMARY, DataClass, limits
from acreage.core.game import RulesError, shorten
from acreage.crazy_farmers import board
from acreage.crazy_farmers.handler import KINDS, Handler

__all__ = ["ENDGAME", "BonusCard", "MadCowCard", "Rules"]

ENDGAME = "Endgame"
"""The name of the Endgame card, which is no bonus: drawing it ends the game."""

Coord = tuple[int, int]
Length = Literal["fast", "regular", "long"]
Mode = Literal["competitive", "mad-cow"]


MAX_COUNT: Final = 50
"""The most copies of one kind of bonus card (the reference deck has at most 6)."""

MAX_KINDS: Final = 40
"""The most kinds of card in one deck (the reference decks have 10 and 9)."""

MAX_TURNS: Final = 100_000
"""The largest ``turn_limit`` (random games last under 2,000 turns)."""

MAX_COW_CARDS: Final = 100
"""The largest ``cow_card_limit`` (a turn of the Cow draws under 10 Mad Cow cards in practice)."""


@attrs.frozen(slots=True)
class BonusCard(DataClass):
    """One kind of bonus card in the deck.

    Attributes:
        name: the card's title, as written in move texts (``"Nitro +1"``):
            not empty, no spaces around it, no ``" on "`` in it (the word
            that names a card's target).
        kind: which effect it has, by its key: one of the rulebook's
            (:data:`~acreage.crazy_farmers.handler.KINDS`: ``"nitro"``...)
            or of the Rules class's own :attr:`Rules.handlers`.
        count: how many copies the deck holds, 0 to 50.
        amount: the card's strength where it has one (extra moves, hay
            bales), 1 to 10.
    """

    name: str
    kind: str
    count: int = attrs.field(metadata=limits(0, MAX_COUNT))
    amount: int = attrs.field(default=1, metadata=limits(1, 10))

    def _validate(self) -> None:
        name = self.name
        if not name or name != name.strip() or " on " in name:
            raise RulesError(f"BonusCard.name: expected a card title, got {shorten(name)}")


@attrs.frozen(slots=True)
class MadCowCard(DataClass):
    """One kind of Mad Cow card: how it moves the Cow, and the number on each copy.

    A card is its name and its number (``"Turn Left 6"``), as in move texts.

    Attributes:
        name: the card's title (``"Turn Left"``): not empty, no spaces
            around it, not ending in a number.
        numbers: one copy of the card per number (at most 20 copies, each
            number 0 to 100); a bonus played in the Mad Cow mode backfires
            when a card drawn shows more than the fences down.
        step: the plot the Cow moves onto: the neighbour ``step`` notches
            clockwise from the one it faces (``0`` ahead, ``3`` behind);
            -5 to 5.
        turn: the Cow's facing after the move: ``turn`` notches clockwise
            from its facing before; -5 to 5.
        repeat: a Repeat card, which plays the next card of the pile instead
            of moving the Cow itself (``step`` and ``turn`` unused).
    """

    name: str
    numbers: tuple[int, ...] = attrs.field(metadata=limits(0, 100, items=20))
    step: int = attrs.field(default=0, metadata=limits(-5, 5))
    turn: int = attrs.field(default=0, metadata=limits(-5, 5))
    repeat: bool = False

    def _validate(self) -> None:
        name = self.name
        if not name or name != name.strip() or name.split()[-1].isdigit():
            raise RulesError(f"MadCowCard.name: expected a card title, got {shorten(name)}")


def _load(name: str) -> dict[str, Any]:
    text = resources.files("acreage.crazy_farmers").joinpath(f"data/{name}").read_text()
    return tomllib.loads(text)


_DATA = _load("components.toml")
_MAD_COW = _load("mad_cow.toml")


def _per_players(rules: Rules, key: str) -> Any:
    if rules.mode == "mad-cow":
        return _MAD_COW[key]
    # The defaults are made before the fields are checked: a bad player count
    # takes the 2-player table until the check names it.
    players = rules.players
    known = type(players) is int and 2 <= players <= 4
    return _DATA["players"][str(players) if known else "2"][key]


def _default_tiles(rules: Rules) -> int:
    tiles = _per_players(rules, "plot_tiles")
    if isinstance(tiles, int):
        return tiles
    length = rules.length if isinstance(rules.length, str) else "regular"
    by_length: int = tiles.get(length, tiles["regular"])
    return by_length


def _default_fences(rules: Rules) -> int:
    fences: int = _per_players(rules, "fences")
    return fences


def _coords(rows: list[list[int]]) -> tuple[Coord, ...]:
    return tuple((q, r) for q, r in rows)


def _default_start_plots(rules: Rules) -> tuple[Coord, ...]:
    return _coords(_per_players(rules, "start_plots"))


def _default_barns(rules: Rules) -> tuple[Coord, ...]:
    return _coords(_per_players(rules, "barns"))


_DECK: Final = tuple(BonusCard(**row) for row in _DATA["bonus_cards"])
_HERD: Final = tuple(MadCowCard(**row) for row in _MAD_COW["mad_cow_cards"])


def _default_deck(_: Rules) -> tuple[BonusCard, ...]:
    return _DECK


def _default_mad_cow_cards(_: Rules) -> tuple[MadCowCard, ...]:
    return _HERD


def _default_endgame_card(rules: Rules) -> bool:
    return rules.mode != "mad-cow"


def _self_default(fn: Any) -> Any:
    return attrs.Factory(fn, takes_self=True)


@attrs.frozen(slots=True, cache_hash=True)
class Rules(DataClass):
    """The rules of one game of Crazy Farmers and the Clôtures Électriques.

    Every size and count has bounds, given below, so that rules read from an
    untrusted record or file cannot make a game that exhausts memory or
    time; they are a few times what the rulebook uses, or what the board
    can hold.

    Attributes:
        players: 2, 3 or 4 in the competitive game; 1 (solo) to 4 (co-op)
            in the Mad Cow mode.
        mode: ``"competitive"``, the game of the rulebook's "How to Play";
            ``"mad-cow"``, its "Solo/Co-op Game" against the Mad Cow.
        length: ``"fast"``, ``"regular"`` or ``"long"``: picks the number of
            plot tiles from the rulebook's table (the Mad Cow mode plays with
            all the tiles, whatever the length).
        plot_tiles: the plot tiles of each player's pile (3 or 4 players) or
            of the common pile (2 players; the Mad Cow mode), 2 to 200 (at
            least 37 in the Mad Cow mode). "The game ends immediately as
            soon as a player places the last plot tile of his/her draw pile."
        fences: fence pieces per player (30 with 2 players and in the Mad
            Cow mode, 20 with 3 or 4), 1 to 132 (the board's paths): a
            fence is never longer.
        start_plots: the plot of each seat, in seat order (at most 4); in
            the Mad Cow mode one plot, the players' "all start from the
            same plot".
        barns: the plots holding a barn (at most 37, the board's plots).
        bonus_cards: the bonus deck (the 36 Core Bonus cards by default): at
            most 40 kinds of :class:`BonusCard`, each of at most 50 copies.
        hay_bales: the hay bale tokens in the box, 0 to 90 (a bale lies on
            one of the 90 paths between two plots).
        hand_limit: the most cards a player may hold at the end of their
            turn, 1 to 100.
        start: ``"fixed"``: each seat starts from its start plot;
            ``"choose"``: on their first turn players choose any empty plot
            to start from (the quick start's "choose the plot you wish to
            start from"; in the Mad Cow mode the first player chooses for all).
        endgame_card: whether the Endgame card is in the draw pile. Without
            it the discard pile is reshuffled when the draw pile runs out.
            The Mad Cow mode has none.
        endgame_window: ``None``: the Endgame card is shuffled with the cards
            set aside at setup, under the draw pile (the rulebook); a number
            ``k`` (0 to 2000, the largest deck): it is shuffled among the
            last ``k`` cards instead (the quick start's "anywhere with the
            last 8 bonus cards").
        powerless_move_limit: ``None`` (this rulebook) or the most moves a
            powerless tractor may make in a turn, 0 to 5 (3 in an earlier
            edition; a turn has at most 5 moves).
        repetition_limit: the game ends in a tie when the same position
            starts a turn of the same player this many times (2 to 20)
            since the last plot was claimed (the authors' FAQ: "Like in
            chess, when a position is repeated 3 times, the game ends in a
            tie"); ``None`` never ends a game this way.
        turn_limit: the most turns the players play, 1 to 100,000: the game
            ends when one more would start, and is counted as it stands (in
            the Mad Cow mode the players have not locked the Cow down). No
            rulebook limit; without one no number of moves bounds a game
            (tractors can circle for ever), which tools need (ruling 51).
        mad_cow_cards: the Mad Cow deck (:class:`MadCowCard`: 18 cards of 9
            kinds by default; at most 40 kinds).
        cow_tiles: "Prepare 12 plot tiles": the Cow wins as soon as it has
            this many plots, 2 to 37.
        lockdown_plots: the players lock the Cow down when one annexation
            takes the plot the Cow stands on and at least this many plots in
            all, 1 to 37 ("You win if you lock the Cow down by annexing at
            least 3 plots"); a smaller annexation leaves the Cow's plot in place.
        coop_backlash: whether bonuses played in a co-op game are checked
            against a Mad Cow card (the total of the players' fences down), as
            the authors' FAQ says, or only in solo, as the rulebook's words do.
        bribe_annexes: whether a Bribe may bring the briber's field against
            its own fence, which then annexes (the authors' FAQ: "There were
            intermediate effects, thus the Bribe is allowed"). Off by default,
            as the rulebook's "cannot take over a plot that would create an
            immediate effect" and issue 4 read it: such a bribe is refused,
            so no barn card, cut, elimination or end of the game ever follows
            a Bribe.
        lock_in_cow: whether hay bales may lock the Mad Cow in. Off by
            default: "It is forbidden to lock in an opponent", and the Cow
            is the players' opponent, so no hay bale may cut the board's
            plots in two for the Cow (every plot stays reachable from every
            other across paths without a bale). On, only the tractors are
            protected, and a sixth bale round the Cow's plot freezes it for
            good.
        cow_card_limit: the most Mad Cow cards the Cow draws in one turn, 1
            to 100: "the Cow can go into a spin and make many moves during a
            same turn", but a spin stops there (ruling 52); the cards still
            owed are not drawn.

    A bonus card's effect is named by its kind (:attr:`BonusCard.kind`) and
    played by the handler of that kind: the rulebook's
    (:data:`acreage.crazy_farmers.cards.HANDLERS`), or one the Rules class
    holds in :attr:`handlers`. A kind of card of your own is a subclass
    naming its handlers, which keeps every field plain data::

        class PitchforkRules(cf.Rules):
            handlers = (Pitchfork(),)

    so ``PitchforkRules.from_data(rules.to_data())`` gives the same Rules
    back, and a pickled Rules brings its handlers with its class.
    """

    handlers: ClassVar[tuple[Handler, ...]] = ()
    """The handlers of the card kinds this Rules class adds (or plays its own
    way): none in ``Rules``; a subclass names them. Each is keyed by its
    :attr:`Handler.kind <acreage.crazy_farmers.handler.Handler.kind>`."""

    players: int = attrs.field(default=2, metadata=limits(1, 4, primary=True))
    mode: Mode = attrs.field(default="competitive", metadata=PRIMARY)
    length: Length = attrs.field(default="regular", metadata=PRIMARY)
    plot_tiles: int = attrs.field(default=_self_default(_default_tiles), metadata=limits(2, 200))
    fences: int = attrs.field(default=_self_default(_default_fences), metadata=limits(1, 132))
    start_plots: tuple[Coord, ...] = attrs.field(
        default=_self_default(_default_start_plots), metadata=limits(items=4)
    )
    barns: tuple[Coord, ...] = attrs.field(
        default=_self_default(_default_barns), metadata=limits(items=37)
    )
    bonus_cards: tuple[BonusCard, ...] = attrs.field(
        default=_self_default(_default_deck), metadata=limits(items=MAX_KINDS)
    )
    hay_bales: int = attrs.field(default=8, metadata=limits(0, 90))
    hand_limit: int = attrs.field(default=6, metadata=limits(1, 100))
    start: Literal["fixed", "choose"] = "fixed"
    endgame_card: bool = attrs.field(default=_self_default(_default_endgame_card))
    endgame_window: int | None = attrs.field(
        default=None, metadata=limits(0, MAX_KINDS * MAX_COUNT)
    )
    powerless_move_limit: int | None = attrs.field(default=None, metadata=limits(0, 5))
    repetition_limit: int | None = attrs.field(default=3, metadata=limits(2, 20))
    turn_limit: int = attrs.field(default=10_000, metadata=limits(1, MAX_TURNS))
    mad_cow_cards: tuple[MadCowCard, ...] = attrs.field(
        default=_self_default(_default_mad_cow_cards), metadata=limits(items=MAX_KINDS)
    )
    cow_tiles: int = attrs.field(default=12, metadata=limits(2, 37))
    lockdown_plots: int = attrs.field(default=3, metadata=limits(1, 37))
    coop_backlash: bool = True
    bribe_annexes: bool = False
    lock_in_cow: bool = False
    cow_card_limit: int = attrs.field(default=30, metadata=limits(1, MAX_COW_CARDS))

    # Derived tables, shared by every state made with these rules.
    barn_plots: int = attrs.field(init=False, eq=False, repr=False)
    card_bits: int = attrs.field(init=False, eq=False, repr=False)
    start_cells: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    card_names: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    card_kinds: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    card_amounts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    cow_cards: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    cow_card_counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    cow_card_numbers: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    cow_card_motions: tuple[tuple[int, int] | None, ...] = attrs.field(
        init=False, eq=False, repr=False
    )

    def _validate(self) -> None:
        """How the fields fit together (each field's type and bounds are checked already)."""
        mad_cow = self.mode == "mad-cow"
        if not mad_cow and self.players == 1:
            raise RulesError(
                "players: expected 2 to 4, got 1 "
                "(one player plays the Mad Cow mode: mode='mad-cow')"
            )
        starts = _cells(self.start_plots, "start_plots")
        if mad_cow:
            if len(starts) != 1:
                raise RulesError(
                    f"start_plots: expected 1 plot (in the Mad Cow mode all players start "
                    f"from the same plot), got {len(starts)}"
                )
            if starts[0] == board.CENTRE:
                raise RulesError("start_plots[0]: the Cow stands on the centre plot")
            if self.endgame_card:
                raise RulesError("endgame_card: the Mad Cow mode has no Endgame card")
            _at_least(self.plot_tiles, board.GRID.n_cells, "plot_tiles")
        elif len(starts) != self.players:
            raise RulesError(
                f"start_plots: expected {self.players} plots (one per seat), got {len(starts)}"
            )
        barns = _cells(self.barns, "barns")
        if not mad_cow:
            first_tiles = 1 if self.players > 2 else self.players
            _at_least(self.plot_tiles, first_tiles + 1, "plot_tiles")

        kinds = _kinds(type(self))
        names: list[str] = []
        for i, card in enumerate(self.bonus_cards):
            where = f"bonus_cards[{i}]"
            if card.name == ENDGAME or card.name in names:
                raise RulesError(f"{where}.name: {shorten(card.name)} is taken")
            if card.kind not in kinds:
                known = ", ".join(kinds)
                raise RulesError(
                    f"{where}.kind: expected one of {known}, got {shorten(card.kind)} "
                    "(a kind of your own needs its handler in Rules.handlers)"
                )
            names.append(card.name)
        total = sum(card.count for card in self.bonus_cards)
        dealt = 0 if mad_cow else 3 * self.players
        if total < max(dealt, 1):
            raise RulesError(
                f"bonus_cards: each player draws 3 at setup, so {self.players} players "
                f"need at least {dealt} cards, got {total}"
                if dealt
                else "bonus_cards: the deck needs at least one card"
            )
        cows = _cow_cards(self.mad_cow_cards)
        by_name = sorted(self.bonus_cards, key=lambda c: c.name)
        object.__setattr__(self, "barn_plots", sum(1 << c for c in barns))
        object.__setattr__(self, "card_bits", total.bit_length())
        object.__setattr__(self, "start_cells", starts)
        object.__setattr__(self, "card_names", tuple(c.name for c in by_name))
        object.__setattr__(self, "card_kinds", tuple(c.kind for c in by_name))
        object.__setattr__(self, "card_amounts", tuple(c.amount for c in by_name))
        object.__setattr__(self, "cow_cards", tuple(c[0] for c in cows))
        object.__setattr__(self, "cow_card_counts", tuple(c[1] for c in cows))
        object.__setattr__(self, "cow_card_numbers", tuple(c[2] for c in cows))
        object.__setattr__(self, "cow_card_motions", tuple(c[3] for c in cows))

    @property
    def mad_cow(self) -> bool:
        """Whether this is the solo/co-op game against the Mad Cow."""
        return self.mode == "mad-cow"

    @property
    def common_pile(self) -> bool:
        """Whether the players share one pile of plot tiles (2 players; the Mad Cow mode)."""
        return self.players == 2 or self.mode == "mad-cow"

    @property
    def cow_cadence(self) -> int:
        """Player turns between two turns of the Cow.

        "When 1 or 2 players, the Cow plays between each player's turn. When 3
        or 4 players, the Cow plays after two players' turn."
        """
        return 1 if self.players <= 2 else 2

    def kind(self, card: str) -> str:
        """The kind of the bonus card named ``card``."""
        return self.card_kinds[self.card_names.index(card)]

    def amount(self, card: str) -> int:
        """The strength of the bonus card named ``card``."""
        return self.card_amounts[self.card_names.index(card)]

    def deck_counts(self) -> dict[str, int]:
        """How many copies of each card the bonus deck holds, by name."""
        return {c.name: c.count for c in self.bonus_cards if c.count}

    def cow_deck_counts(self) -> dict[str, int]:
        """How many copies of each Mad Cow card (name and number) the deck holds."""
        return dict(zip(self.cow_cards, self.cow_card_counts, strict=True))

    def cow_number(self, card: str) -> int:
        """The number on the Mad Cow card ``card`` (``"Turn Left 6"``)."""
        return self.cow_card_numbers[self.cow_cards.index(card)]

    def cow_motion(self, card: str) -> tuple[int, int] | None:
        """``(step, turn)`` of the Mad Cow card ``card``, ``None`` for a Repeat."""
        return self.cow_card_motions[self.cow_cards.index(card)]


def _kinds(cls: type[Rules]) -> tuple[str, ...]:
    """The kinds of card ``cls`` has handlers for, sorted: the rulebook's and its own."""
    own: list[str] = []
    for i, handler in enumerate(cls.handlers):
        where = f"{cls.__name__}.handlers[{i}]"
        if not isinstance(handler, Handler):
            raise RulesError(f"{where}: expected a Handler, got {shorten(handler)}")
        if handler.kind in own:
            raise RulesError(f"{where}: a second handler of kind {shorten(handler.kind)}")
        own.append(handler.kind)
    return tuple(sorted({*KINDS, *own}))


def _cow_cards(
    kinds: tuple[MadCowCard, ...],
) -> list[tuple[str, int, int, tuple[int, int] | None]]:
    """Each Mad Cow card (name and number) with its count, number and motion, sorted by name."""
    seen: list[str] = []
    cards: dict[str, tuple[str, int, int, tuple[int, int] | None]] = {}
    moving = 0
    for i, kind in enumerate(kinds):
        if kind.name in seen:
            raise RulesError(f"mad_cow_cards[{i}].name: {shorten(kind.name)} is taken")
        seen.append(kind.name)
        motion = None if kind.repeat else (kind.step % 6, kind.turn % 6)
        for number in kind.numbers:
            card = f"{kind.name} {number}"
            old = cards.get(card)
            cards[card] = (card, (old[1] if old else 0) + 1, number, motion)
            if motion is not None:
                moving += 1
    if not moving:
        raise RulesError("mad_cow_cards: the deck needs at least one card that moves the Cow")
    return [cards[c] for c in sorted(cards)]


def _at_least(value: int, low: int, name: str) -> None:
    if value < low:
        raise RulesError(f"{name}: expected an integer of at least {low}, got {value}")


def _cells(coords: tuple[Coord, ...], name: str) -> tuple[int, ...]:
    out: list[int] = []
    for i, coord in enumerate(coords):
        try:
            cell = board.plot(coord)
        except ValueError:
            raise RulesError(f"{name}[{i}]: {shorten(coord)} is not a plot of the board") from None
        if cell in out:
            raise RulesError(f"{name}[{i}]: {coord!r} is listed twice")
        out.append(cell)
    return tuple(out)
