"""Crazy Farmers as numbers: fixed integer actions, observation tensors and the game's facts.

``encoding(rules)`` is the game's :class:`~acreage.core.encoding.Encoding`
for those Rules, built once and cached; :data:`acreage.crazy_farmers.GAME`
uses it, and the functions here are the same calls for this game alone.

The board is the same ``HexGrid(3)`` in every game (37 plots, 96
crossroads, 132 paths, 90 of them between two plots), so a plot, a
crossroad or a path is numbered by its id everywhere. A card is numbered
by its place among the bonus cards of the deck with at least one copy,
sorted by name (``rules.card_names``). Player moves, a block per move
family, each the product of its parts, in this order
(``docs/games/crazy-farmers.md`` prints the table for each setup):

* ``end turn`` (1); ``move`` heading (6: ``E NE NW W SW SE``);
* ``play KIND`` for each kind of card in the deck, sorted by kind: card
  (the cards of that kind) x target, the targets its
  :meth:`~acreage.crazy_farmers.Handler.target_space` lists (an opponent's
  seat for a Rut, or the Cow in the Mad Cow mode; a path between two plots
  for a Dynamite; a plot without a barn for a Bribe, any plot in the Mad
  Cow mode); a card played on nothing has no target part;
* ``keep`` card (the competitive game's setup), ``discard`` card;
* ``start plot`` plot (37, with ``start="choose"``), ``start at``
  crossroad (96), ``land`` crossroad (96);
* ``place hay bale`` and ``take hay bale`` path (the 90 paths between two
  plots; none when the box holds no bale);
* the Mad Cow mode's Backlash choices: ``aim`` seat (with 2 or more
  players: with one tractor there is nothing to choose), ``fly`` plot
  (37), ``give`` plot (37).

Chance outcomes: ``draw`` card (a bonus card, then the Endgame card where
the draw pile holds it), and in the Mad Cow mode ``the Cow faces``
direction (6: ``N NE SE S SW NW``) and ``mad cow card`` card (the Mad Cow
cards, name and number, sorted: ``rules.cow_cards``).

Every number is arithmetic on a move's field or one dict lookup, so encoding
every legal move costs a small part of listing them. A move built by hand
with a part off its range (a path on the board's edge for a hay bale, a
card this deck does not hold, ``True`` for an int) gets
:class:`~acreage.IllegalMoveError`.

The observation (:class:`FarmersEncoding` lists its fields) is built from
``observe(state, seat)`` only: the table, the seat's own hand and
set-aside cards, and the sizes of the other hands and of the draw pile.
"""

from __future__ import annotations

import array
import functools
import struct
import types
from collections.abc import Callable, Sequence
from typing import Any, Final

from acreage.core.chance import Deck, Pile
from acreage.core.encoding import Encoding, Facts, Numbering, Planes, spread_bits
from acreage.core.game import CHANCE, IllegalMoveError, check_seat, shorten
from acreage.crazy_farmers.board import GRID, HEADINGS, INNER_PATHS, SIDES, VERTEX_CELLS
from acreage.crazy_farmers.cards import MAX_MOVES, handlers
from acreage.crazy_farmers.cow import DISTANCE_RINGS
from acreage.crazy_farmers.moves import (
    Aim,
    ChoosePlot,
    CowCard,
    Discard,
    Draw,
    Drive,
    EndTurn,
    Face,
    Fly,
    Keep,
    Land,
    Move,
    PlaceBale,
    Play,
    StartAt,
    Surrender,
    TakeBale,
)
from acreage.crazy_farmers.rules import ENDGAME, Rules
from acreage.crazy_farmers.scoring import table_scores
from acreage.crazy_farmers.state import (
    COW_TURN,
    HIGH_VOLTAGE,
    NO_GUARD,
    WATCHDOG,
    Cow,
    Farmer,
    Phase,
    State,
)
from acreage.crazy_farmers.view import FarmerView, View, hides_information

__all__ = [
    "ENDS",
    "FarmersEncoding",
    "action_space_size",
    "cards_per_turn",
    "cow_turns",
    "encoding",
    "max_chance_nodes",
    "max_chance_outcomes",
    "max_decisions",
    "max_legal_moves",
    "observation_tensor",
    "score_range",
    "turn_decisions",
]

PLOTS: Final = GRID.n_cells
CROSSROADS: Final = GRID.n_vertices
PATHS: Final = GRID.n_edges
BALE_PATHS: Final = tuple(e for e in range(PATHS) if INNER_PATHS >> e & 1)
"""The paths a hay bale may lie on (between two plots), in the order ``hay bale`` numbers them."""
_BALE_INDEX: Final = tuple(BALE_PATHS.index(e) if e in BALE_PATHS else -1 for e in range(PATHS))

PHASES: Final = len(Phase)
ENDS: Final = ("tiles", "endgame", "elimination", "repetition", "lockdown", "cow", "turns")
"""Why a game ends (``state.ended``), in the order of the observation's ``ended`` field."""
SEGMENTS: Final = 2
"""The most segments of the bonus draw pile: the cards from the box over those set aside."""
START_MOVES: Final = 2
"""The decisions of a first turn before its moves: the start plot (option) and crossroad."""

_BITS: Final = bytes.maketrans(b"01", b"\x00\x01")

_INT16: Final = array.array("h").itemsize
_PATCHES: Final = 12
"""The most places :func:`_patch_bits` writes one by one rather than spreading the field anew."""
_SMALL_BLOCKS: Final = 4096
"""The most packed blocks of the small 0/1 fields an encoding keeps (a few hundred occur)."""
_UNLIKE: Final = object()
"""No part of a state or a view is this object: a kept part that is it is packed anew."""


def _cards(rules: Rules) -> tuple[str, ...]:
    """The bonus cards the deck holds at least one copy of, sorted by name."""
    counts = rules.deck_counts()
    return tuple(c for c in rules.card_names if counts.get(c))


def _kinds(rules: Rules) -> dict[str, tuple[str, ...]]:
    """The deck's cards by kind, kinds sorted."""
    out: dict[str, list[str]] = {}
    for card in _cards(rules):
        out.setdefault(rules.kind(card), []).append(card)
    return {kind: tuple(out[kind]) for kind in sorted(out)}


def _action_families(
    rules: Rules, k: int
) -> tuple[
    list[tuple[str, Sequence[tuple[str, int]]]], list[tuple[str, tuple[str, ...], tuple[int, ...]]]
]:
    """The player move families of ``rules``, in numbering order, for a deck of ``k`` cards;
    and the ``play`` families' kinds, with each kind's cards and targets."""
    players = rules.players
    mad_cow = rules.mad_cow
    families: list[tuple[str, Sequence[tuple[str, int]]]] = [
        ("end turn", ()),
        ("move", (("heading", len(HEADINGS)),)),
    ]
    plays: list[tuple[str, tuple[str, ...], tuple[int, ...]]] = []
    for kind, of_kind in _kinds(rules).items():
        handler = handlers(rules)[kind]
        space = handler.target_space(rules)
        if not space:
            continue  # never playable under these rules
        parts = [("card", len(of_kind))]
        if handler.target != "none":
            parts.append((handler.target, len(space)))
        families.append((f"play {kind}", parts))
        plays.append((kind, of_kind, space))
    if not mad_cow:
        families.append(("keep", (("card", k),)))
    families.append(("discard", (("card", k),)))
    if rules.start == "choose":
        families.append(("start plot", (("plot", PLOTS),)))
    families += [
        ("start at", (("crossroad", CROSSROADS),)),
        ("land", (("crossroad", CROSSROADS),)),
    ]
    if rules.hay_bales:
        families += [
            ("place hay bale", (("path", len(BALE_PATHS)),)),
            ("take hay bale", (("path", len(BALE_PATHS)),)),
        ]
    if mad_cow:
        if players > 1:
            families.append(("aim", (("seat", players),)))
        families += [("fly", (("plot", PLOTS),)), ("give", (("plot", PLOTS),))]
    return families, plays


def _observation_fields(
    rules: Rules, k: int
) -> tuple[list[tuple[str, tuple[int, ...]]], list[tuple[str, tuple[int, ...]]]]:
    """The observation's fields for ``rules`` and a deck of ``k`` cards: those all 0 or 1,
    then the counts (:class:`FarmersEncoding` describes them)."""
    players = rules.players
    mad_cow = rules.mad_cow
    binary: list[tuple[str, tuple[int, ...]]] = [
        ("main", (players, PLOTS)),
        ("fallow", (players, PLOTS)),
        ("barns", (PLOTS,)),
        ("fences", (players, PATHS)),
        ("tractors", (players, CROSSROADS)),
        ("bales", (PATHS,)),
        ("powered", (players,)),
        ("high_voltage", (players,)),
        ("watchdog", (players,)),
        ("out", (players,)),
        ("phase", (PHASES,)),
        ("to_move", (players + 1,)),
        ("turn", (players,)),
        ("viewer", (players,)),
        ("flown", (1,)),
        ("ended", (len(ENDS),)),
    ]
    counts: list[tuple[str, tuple[int, ...]]] = [
        ("hand", (k,)),
        ("hand_sizes", (players,)),
        ("in_play", (players, k)),
        ("discard", (k,)),
        ("draw_pile", (SEGMENTS,)),
        ("reshuffles", (1,)),
        ("allowance", (1,)),
        ("moves_made", (1,)),
        ("pending", (1,)),
        ("slowdown", (players,)),
        ("scores", (players,)),
        ("turn_number", (1,)),
    ]
    if mad_cow:
        c = len(rules.cow_cards)
        binary += [
            ("cow", (PLOTS,)),
            ("cow_field", (PLOTS,)),
            ("cow_facing", (len(SIDES),)),
            ("cow_aim", (CROSSROADS,)),
            ("cow_first_bale", (PATHS,)),
            ("cow_active", (1,)),
            ("cow_guard", (players + 1,)),
            ("cow_card", (k,)),
        ]
        counts += [
            ("cow_deck", (c,)),
            ("cow_discard", (c,)),
            ("cow_pile", (rules.cow_card_limit,)),
            ("cow_draws", (1,)),
            ("cow_played", (1,)),
            ("cow_turns", (1,)),
            ("cow_rests", (1,)),
            ("cow_ruts", (players,)),
            ("cow_target", (1,)),
        ]
    else:  # the setup's set-aside cards and the Endgame card
        binary.append(("endgame_in_pile", (1,)))
        counts[1:1] = [("set_aside", (k,))]
        counts.append(("endgame_window", (1,)))
    return binary, counts


class FarmersEncoding(Encoding):
    """Crazy Farmers' facts, action numbering and observation layout for one Rules.

    The observation's fields, in order (``planes.table()`` gives their
    offsets); ``P`` is the number of seats, ``K`` the cards the deck holds
    (numbered as the actions number them), ``C`` the Mad Cow cards, ``S``
    the Cow's card limit. Plots, crossroads and paths are their ids on the
    board. The first part (``main`` to ``ended``) is all 0 or 1; the fields
    from ``hand`` on are counts and numbers.

    =====================  ===========  ==========================================
    field                  shape        value
    =====================  ===========  ==========================================
    ``main``               P x 37       the plots of each seat's main field
    ``fallow``             P x 37       each seat's fallow land
    ``barns``              37           the plots holding a barn (those left)
    ``fences``             P x 132      the paths of each seat's fence (a
                                        line from its field to the tractor)
    ``tractors``           P x 96       where each tractor stands
    ``bales``              132          the paths holding a hay bale
    ``powered``            P            the tractor can pull fences and cut
    ``high_voltage``       P            a High Voltage protects the fence
    ``watchdog``           P            a Watchdog protects the plots
    ``out``                P            the seat is eliminated
    ``phase``              16           what is decided (one-hot,
                                        :class:`~acreage.crazy_farmers.Phase`)
    ``to_move``            P + 1        the seat deciding, or chance last
                                        (one-hot; all 0 at the end)
    ``turn``               P            whose turn it is (one-hot)
    ``viewer``             P            the seat observing (one-hot)
    ``flown``              1            the tractor flew by Helicopter this turn
    ``ended``              7            why the game ended (one-hot, :data:`ENDS`)
    ``hand``               K            the viewer's cards in hand, per card
    ``hand_sizes``         P            the cards in each seat's hand
    ``in_play``            P x K        the cards lying in front of each seat
    ``discard``            K            the discard pile, per card
    ``draw_pile``          2            the draw pile's segments, top first
                                        (the box's cards over those set aside)
    ``reshuffles``         1            times the discard pile became the
                                        draw pile
    ``allowance``          1            this turn's moves (below 0 after Ruts)
    ``moves_made``         1            the moves made this turn
    ``pending``            1            cards to draw or hay bales to place
    ``slowdown``           P            moves each seat loses next turn
    ``scores``             P            each seat's score
    ``turn_number``        1            the players' turns started so far
    =====================  ===========  ==========================================

    The competitive game adds the setup's cards and the Endgame card:
    ``endgame_in_pile`` (1: the Endgame card is in the draw pile) after
    ``ended``, ``set_aside`` (K: the cards the viewer set aside at setup)
    after ``hand``, and ``endgame_window`` (1: the Endgame card lies among
    that many last cards, 0 under them all) at the end. The Mad Cow mode
    adds the Cow instead, after ``ended`` (0 or 1) and at the end (counts):

    =====================  ===========  ==========================================
    ``cow``                37           the plot the Cow stands on
    ``cow_field``          37           the Cow's plots
    ``cow_facing``         6            the side it faces (one-hot, ``N`` first)
    ``cow_aim``            96           the tractor a Backlash Hay Bale aims at
    ``cow_first_bale``     132          the first bale of a Backlash Hay Bale
    ``cow_active``         1            the Cow's turn is under way
    ``cow_guard``          P + 1        a Backlash Watchdog guards its plots
                                        until this seat's turn (the Cow's last)
    ``cow_card``           K            the bonus card taking effect (Backlash)
    ``cow_deck``           C            the Mad Cow draw pile, per card
    ``cow_discard``        C            the Mad Cow cards played, per card
    ``cow_pile``           S            this turn's cards still to play, top
                                        first: 1 + the card's number (0: none)
    ``cow_draws``          1            cards it still draws this turn (or,
                                        between turns, owes its next turn)
    ``cow_played``         1            cards played this turn
    ``cow_turns``          1            player turns since it last played
    ``cow_rests``          1            turns it will not move (Ruts)
    ``cow_ruts``           P            Backlash Ruts each seat will suffer
    ``cow_target``         1            1 + the target of ``cow_card`` (a
                                        seat, path or plot; 100 the Cow; 0 none)
    =====================  ===========  ==========================================
    """

    binary_size: int
    """How many fields' places, from the first, are 0 or 1: the bits of
    :meth:`packed_observation`'s int."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        cards = _cards(rules)
        self._card_index = {c: i for i, c in enumerate(cards)}
        self._number_actions(cards)
        self._number_chance(cards)
        self._lay_out_observation(*_observation_fields(rules, len(cards)))
        self._lay_out_blocks()
        self._forget_blocks()
        self.facts = self._facts()

    def _number_actions(self, cards: tuple[str, ...]) -> None:
        """Number the player moves (:attr:`actions`) and make the tables encoding them."""
        rules = self.rules
        players = rules.players
        mad_cow = rules.mad_cow
        families, plays = _action_families(rules, len(cards))
        self.actions = actions = Numbering(families)
        self._plays: dict[tuple[str, int], int] = {}
        for kind, of_kind, space in plays:
            base = actions.family(f"play {kind}").offset
            for i, card in enumerate(of_kind):
                for j, target in enumerate(space):
                    self._plays[card, target] = base + i * len(space) + j
        self._end_turn = actions.index("end turn")
        self._move = actions.family("move").offset
        self._keep = (
            {c: actions.index("keep", i) for i, c in enumerate(cards)} if not mad_cow else {}
        )
        self._discard = {c: actions.index("discard", i) for i, c in enumerate(cards)}
        self._encoders: dict[type, Callable[[Any], int]] = {
            EndTurn: self._encode_end_turn,
            Play: self._encode_play,
            Keep: self._encode_keep,
            Discard: self._encode_discard,
            StartAt: functools.partial(self._in_block, "start at", "crossroad"),
            Land: functools.partial(self._in_block, "land", "crossroad"),
        }
        if rules.start == "choose":
            self._encoders[ChoosePlot] = functools.partial(self._in_block, "start plot", "plot")
        if rules.hay_bales:
            self._encoders[PlaceBale] = functools.partial(self._bale, "place hay bale")
            self._encoders[TakeBale] = functools.partial(self._bale, "take hay bale")
        if mad_cow:
            if players > 1:
                self._encoders[Aim] = functools.partial(self._in_block, "aim", "seat")
            self._encoders[Fly] = functools.partial(self._in_block, "fly", "plot")
            self._encoders[Surrender] = functools.partial(self._in_block, "give", "plot")

    def _number_chance(self, cards: tuple[str, ...]) -> None:
        """Number the chance outcomes (:attr:`chance`) and make the tables encoding them."""
        rules = self.rules
        mad_cow = rules.mad_cow
        drawn = (*cards, ENDGAME) if rules.endgame_card else cards
        chance_families: list[tuple[str, Sequence[tuple[str, int]]]] = [
            ("draw", (("card", len(drawn)),))
        ]
        if mad_cow:
            chance_families += [
                ("the Cow faces", (("direction", len(SIDES)),)),
                ("mad cow card", (("card", len(rules.cow_cards)),)),
            ]
        self.chance = chance = Numbering(chance_families)
        self._draw = {c: chance.index("draw", i) for i, c in enumerate(drawn)}
        if mad_cow:
            self._face = chance.family("the Cow faces").offset
            self._cow_card = {
                c: chance.index("mad cow card", i) for i, c in enumerate(rules.cow_cards)
            }
            self._cow_index = {c: i for i, c in enumerate(rules.cow_cards)}

    def _lay_out_observation(
        self, binary: list[tuple[str, tuple[int, ...]]], counts: list[tuple[str, tuple[int, ...]]]
    ) -> None:
        """Lay out the observation (:attr:`planes`): the 0/1 fields ``binary``, then the
        ``counts``; and where :meth:`packed_observation` writes each seat's fields."""
        players = self.rules.players
        self.planes = planes = Planes(binary + counts)
        self._at = at = {name: planes.offset(name) for name, _ in binary}
        self.binary_size = planes.offset(counts[0][0])
        # Where each field of counts starts in the list of counts.
        self._ct = {name: planes.offset(name) - self.binary_size for name, _ in counts}
        self._format = f"0{self.binary_size}b"
        self._counts = [0] * (planes.size - self.binary_size)
        self._seat_shifts = tuple(
            (
                at["main"] + s * PLOTS,
                at["fallow"] + s * PLOTS,
                at["fences"] + s * PATHS,
                at["tractors"] + s * CROSSROADS,
                at["powered"] + s,
                at["high_voltage"] + s,
                at["watchdog"] + s,
                at["out"] + s,
            )
            for s in range(players)
        )

    def _lay_out_blocks(self) -> None:
        """Where :meth:`_packed` patches the observation: each seat's places, the small
        0/1 fields' block and its places, the turn's counters."""
        rules = self.rules
        players = rules.players
        mad_cow = rules.mad_cow
        at = self._at
        offset = self.planes.offset
        k = len(self._card_index)
        # Per seat: where its main, fallow, fences and tractors planes start, and its
        # hand size, its in_play counts and its slowdown.
        self._seat_places = tuple(
            (
                at["main"] + s * PLOTS,
                at["fallow"] + s * PLOTS,
                at["fences"] + s * PATHS,
                at["tractors"] + s * CROSSROADS,
                offset("hand_sizes") + s,
                offset("in_play") + s * k,
                offset("slowdown") + s,
            )
            for s in range(players)
        )
        # The 0/1 fields from powered to ended (and endgame_in_pile) make one block
        # ("small"); where phase, to_move, to_move's chance, turn, viewer, flown,
        # ended and endgame_in_pile (in the Mad Cow mode: the block's end) start in it.
        small = at["powered"]
        self._small_span = (small, at["cow"] if mad_cow else self.binary_size)
        self._small_width = self._small_span[1] - small
        self._small_places = tuple(
            at[name] - small + shift
            for name, shift in (
                ("phase", 0),
                ("to_move", 0),
                ("to_move", players),
                ("turn", 0),
                ("viewer", 0),
                ("flown", 0),
                ("ended", 0),
                ("cow" if mad_cow else "endgame_in_pile", 0),
            )
        )
        self._small_blocks: dict[int, array.array[int]] = {}
        # A seat's bits in the block (powered, high_voltage, watchdog, out), for seat 0.
        self._seat_flags = sum(1 << i * players for i in range(4))
        # draw_pile, reshuffles, allowance, moves_made and pending, packed at once.
        self._head = struct.Struct(f"@{SEGMENTS + 4}h")
        self._head_at = offset("draw_pile") * _INT16
        self._discard_at = offset("discard")
        self._scores_at = offset("scores")
        self._turn_number_at = offset("turn_number")  # endgame_window follows

    def _forget_blocks(self) -> None:
        """Start with no observation kept from one packed before."""
        rules = self.rules
        players = rules.players
        blank = array.array("h", bytes(self.planes.size * _INT16))
        barns = self._at["barns"]
        blank[barns : barns + PLOTS] = array.array("h", spread_bits(rules.barn_plots, PLOTS))
        # What no seat, table or Cow of a game is like: every part of it is packed anew
        # over the blank (no plot, fence, tractor or hay bale; every barn, none blasted).
        unseen = types.SimpleNamespace
        seat = unseen(main=0, plots=0, fence_paths=0, tractor=-1, in_play=_UNLIKE, out=False)
        cow = unseen(blasted=0, deck=_UNLIKE, discard=_UNLIKE) if rules.mad_cow else None
        table = unseen(bales=0, discard=_UNLIKE, cow=cow, decision=None)
        # Per viewer: the last state or view packed, what _packed kept of it, its bytes.
        # Each is replaced whole (one store: safe between threads).
        kept = (table, (seat,) * players, 0, 0, -1, _UNLIKE, _UNLIKE, 0)
        self._kept: list[tuple[Any, ...]] = [(*kept, blank.tobytes())] * players
        self._recent_pile: tuple[Deck[str] | None, tuple[int, ...]] = (None, ())

    def _facts(self) -> Facts:
        """The facts of these Rules, from the numberings and the layout made before."""
        rules = self.rules
        players = rules.players
        mad_cow = rules.mad_cow
        actions, chance, planes = self.actions, self.chance, self.planes
        low, high = score_range(rules)
        return Facts(
            players=players,
            min_players=1 if mad_cow else 2,
            max_players=4,
            chance=True,
            hidden_information=hides_information(rules),
            simultaneous=False,
            # Mad Cow is played together against the Cow (the Game says
            # all_may_lose for it); the competitive game is not cooperative.
            cooperative=mad_cow,
            min_score=low,
            max_score=high,
            max_decisions=max_decisions(rules),
            max_chance_nodes=max_chance_nodes(rules),
            max_legal_moves=min(max_legal_moves(rules), actions.size),
            max_chance_outcomes=max_chance_outcomes(rules),
            num_actions=actions.size,
            num_chance_outcomes=chance.size,
            observation_shape=planes.shape,
        )

    # The packed observation keeps this process's last bytes per seat: a copy is this same
    # encoding, and unpickling makes the encoding of the Rules anew.

    def __copy__(self) -> FarmersEncoding:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FarmersEncoding:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return encoding, (self.rules,)

    # -- player moves -----------------------------------------------------------------

    def encode_action(self, state: State, move: Move) -> int:
        """The fixed number of player move ``move`` (the same in every position)."""
        if type(move) is Drive:  # the commonest move: the quick way first
            heading = move.heading
            if type(heading) is int and 0 <= heading < len(HEADINGS):
                return self._move + heading
            return self.actions.index("move", _part(heading))  # raises, naming the part
        encode = self._encoders.get(type(move))
        if encode is None:
            raise IllegalMoveError(
                f"{shorten(move)} is no player move of Crazy Farmers under these rules"
            )
        return encode(move)

    def _encode_end_turn(self, move: EndTurn) -> int:
        return self._end_turn

    def _encode_play(self, move: Play) -> int:
        card, target = move.card, move.target
        if type(card) is str and type(target) is int:
            number = self._plays.get((card, target))
            if number is not None:
                return number
        if type(card) is not str or card not in self._card_index:
            raise IllegalMoveError(f"{shorten(move)}: this deck holds no such card")
        raise IllegalMoveError(f"{shorten(move)}: {card} is never played on {shorten(target)}")

    def _encode_keep(self, move: Keep) -> int:
        return _card_number(self._keep, move)

    def _encode_discard(self, move: Discard) -> int:
        return _card_number(self._discard, move)

    def _in_block(self, family: str, part: str, move: Any) -> int:
        """The number of a move whose one part is its field ``part`` (a plot, seat...)."""
        return self.actions.index(family, _part(getattr(move, part)))

    def _bale(self, family: str, move: PlaceBale | TakeBale) -> int:
        path = move.path
        index = _BALE_INDEX[path] if type(path) is int and 0 <= path < PATHS else -1
        if index < 0:
            raise IllegalMoveError(
                f"{shorten(move)}: a hay bale lies only on a path between two plots"
            )
        return self.actions.family(family).offset + index

    # -- chance outcomes ----------------------------------------------------------------

    def encode_chance(self, state: State, move: Move) -> int:
        """The fixed number of chance outcome ``move``."""
        kind = type(move)
        if kind is Draw:
            return _card_number(self._draw, move)
        if kind is CowCard and self.rules.mad_cow:
            return _card_number(self._cow_card, move)
        if kind is Face and self.rules.mad_cow:
            direction = move.direction  # type: ignore[union-attr]
            return self.chance.index("the Cow faces", _part(direction))
        raise IllegalMoveError(
            f"{shorten(move)} is no chance outcome of Crazy Farmers under these rules"
        )

    # -- observation ----------------------------------------------------------------------

    def observation(self, view: View) -> list[int]:
        """The flat observation of ``view`` (see the class docstring for the fields)."""
        bits, counts = self.packed_observation(view)
        # The 0/1 places written out in one go: a binary string, reversed, as bytes 0 and 1.
        return [*format(bits, self._format)[::-1].encode().translate(_BITS), *counts]

    def packed_observation(self, view: View) -> tuple[int, list[int]]:
        """The observation of ``view`` in two parts: its first :attr:`binary_size`
        places (``main`` to the last 0/1 field) as the bits of one int, place
        ``i`` at bit ``i``, and the rest as a list of ints.

        :meth:`observation` is the bits written out, then the list; the
        packed form is a fifth of its size to keep (a replay buffer), and
        ``numpy.unpackbits`` spreads the bits (``bitorder="little"`` over
        ``bits.to_bytes(n, "little")``).
        """
        at = self._at
        cow = view.cow
        rules = self.rules
        bits = 0
        for f, (main, fallow, fences, tractors, powered, volts, dog, gone) in zip(
            view.farmers, self._seat_shifts, strict=True
        ):
            bits |= f.main << main | (f.plots & ~f.main) << fallow | f.fence_paths << fences
            tractor = f.tractor
            if tractor >= 0:
                bits |= 1 << tractors + tractor
                if f.fence or VERTEX_CELLS[tractor] & f.main:
                    bits |= 1 << powered
            if f.guards:
                bits |= (f.guards & HIGH_VOLTAGE) << volts | (f.guards & WATCHDOG) >> 1 << dog
            if f.out:
                bits |= 1 << gone
        barns = rules.barn_plots if cow is None else rules.barn_plots & ~cow.blasted
        bits |= barns << at["barns"] | view.bales << at["bales"] | 1 << at["phase"] + view.phase
        who = view.to_move
        if who is CHANCE:
            bits |= 1 << at["to_move"] + rules.players
        elif who is not None:
            bits |= 1 << at["to_move"] + who
        bits |= 1 << at["turn"] + view.turn | 1 << at["viewer"] + view.player
        if view.flown:
            bits |= 1 << at["flown"]
        if view.ended:
            bits |= 1 << at["ended"] + ENDS.index(view.ended)
        if cow is not None:
            checked = _checked(view)
            bits |= self._cow_bits(cow, checked)
        elif view.endgame >= 0:
            bits |= 1 << at["endgame_in_pile"]
        out = self._counts.copy()
        ct = self._ct
        cards = self._card_index
        me = view.farmers[view.player]
        base = ct["hand"]
        for card in me.hand or ():
            out[base + cards[card]] += 1
        sizes, lying, slowdown = ct["hand_sizes"], ct["in_play"], ct["slowdown"]
        k = len(cards)
        for seat, f in enumerate(view.farmers):
            out[sizes + seat] = f.hand_size
            out[slowdown + seat] = f.slowdown
            for card in f.in_play:
                out[lying + seat * k + cards[card]] += 1
        base = ct["discard"]
        for card in view.discard:
            out[base + cards[card]] += 1
        base = ct["draw_pile"]
        out[base : base + len(view.draw_pile)] = view.draw_pile
        out[ct["reshuffles"]] = view.reshuffles
        out[ct["allowance"]] = view.allowance
        out[ct["moves_made"]] = view.moves_made
        out[ct["pending"]] = view.pending
        base = ct["scores"]
        scores = table_scores(rules, view.farmers, view.turn, cow)
        out[base : base + len(scores)] = scores
        out[ct["turn_number"]] = view.turn_number
        if cow is not None:
            self._cow_counts(cow, checked[1], out)
        else:
            base = ct["set_aside"]
            for card in me.set_aside or ():
                out[base + cards[card]] += 1
            out[ct["endgame_window"]] = max(view.endgame, 0)
        return bits, out

    def _cow_bits(self, cow: Cow, checked: _Checked) -> int:
        """The 0/1 fields of the Cow (``cow`` to ``cow_card``), as bits at their places;
        ``checked`` is the top task's card, target, aim and first bale (:func:`_checked`)."""
        at = self._at
        card, _, aim, first_bale = checked
        bits = 1 << at["cow"] + cow.plot | cow.plots << at["cow_field"]
        if cow.facing >= 0:
            bits |= 1 << at["cow_facing"] + cow.facing
        if aim >= 0:
            bits |= 1 << at["cow_aim"] + aim
        if first_bale >= 0:
            bits |= 1 << at["cow_first_bale"] + first_bale
        if cow.active:
            bits |= 1 << at["cow_active"]
        if cow.guard != NO_GUARD:
            seat = self.rules.players if cow.guard == COW_TURN else cow.guard
            bits |= 1 << at["cow_guard"] + seat
        if card:
            bits |= 1 << at["cow_card"] + self._card_index[card]
        return bits

    def _cow_counts(self, cow: Cow, target: int, out: list[int]) -> None:
        """Fill the Cow's counts (``cow_deck`` to ``cow_target``: ``target`` is the top
        task's) into ``out``, the counts."""
        at = self._ct
        c = len(self._cow_index)
        base = at["cow_deck"]
        out[base : base + c] = self._cow_deck(cow)
        base = at["cow_discard"]
        out[base : base + c] = self._cow_discard(cow)
        out[at["cow_pile"] : at["cow_target"] + 1] = self._cow_turn(cow, target)

    def _cow_deck(self, cow: Cow) -> list[int]:
        """The ``cow_deck`` counts: the Mad Cow draw pile, per card."""
        index = self._cow_index
        out = [0] * len(index)
        for segment in cow.deck.segments:
            # The Mad Cow deck is one pile in no known order (cowdraws._pile).
            counts = segment.counts if isinstance(segment, Pile) else Pile.of(segment.order).counts
            for card, n in counts:
                out[index[card]] += n
        return out

    def _cow_discard(self, cow: Cow) -> list[int]:
        """The ``cow_discard`` counts: the Mad Cow cards played, per card."""
        index = self._cow_index
        out = [0] * len(index)
        for card in cow.discard:
            out[index[card]] += 1
        return out

    def _cow_turn(self, cow: Cow, target: int) -> list[int]:
        """The Cow's counts from ``cow_pile`` to ``cow_target``: its pile, its turn's
        counters and the top task's ``target``."""
        index = self._cow_index
        pile = [0] * self.rules.cow_card_limit
        for i, card in zip(range(len(pile)), cow.pile, strict=False):
            pile[i] = 1 + index[card]
        ruts = [0] * self.rules.players
        for seat in cow.ruts:
            ruts[seat] += 1
        return [*pile, cow.draws, cow.played, cow.turns, cow.rests, *ruts, target + 1]

    # -- the packed observation ---------------------------------------------------------

    def observation_bytes(self, view: View) -> bytes:
        """:meth:`observation` packed as native int16s: the last observation packed for
        the seat, patched (see :meth:`_packed`)."""
        return self._packed(view, view.turn, view.player, view.draw_pile)

    def seat_observation_bytes(self, state: State, seat: int) -> bytes:
        """:meth:`observation_bytes` of ``observe(state, seat)``, packed from the state.

        It reads what the view holds and nothing else: every seat's pieces,
        cards in play and hand size, the seat's own hand and set-aside cards,
        the size of each segment of the draw pile (not its cards), and the
        fields a view copies from the state as they are.
        """
        check_seat(seat, self.rules.players)
        deck, sizes = self._recent_pile
        if deck is not state.deck:
            deck = state.deck
            sizes = tuple([len(segment) for segment in deck.segments])
            self._recent_pile = (deck, sizes)
        return self._packed(state, state.player, seat, sizes)

    def _packed(self, table: View | State, turn: int, viewer: int, draw: tuple[int, ...]) -> bytes:
        """The packed observation of seat ``viewer``: the bytes packed last for it, patched.

        ``table`` is the view or the state: of it this reads only what a view holds
        as the state does (phase, to_move, every seat's pieces and cards in play,
        bales, endgame, discard, the turn's counters, flown, ended, the Cow,
        turn_number, the top task's ``decision``) and the viewer's own hand and
        set-aside cards, under the names both give them; a seat's hand size is a
        view's ``hand_size``, a state's ``len(hand)``. ``turn`` is whose turn it is,
        ``draw`` the size of each segment of the draw pile, top first.

        The last state or view packed for each viewer is kept with its bytes. This
        call writes on a copy of them the fields whose parts are not the ones packed
        last: a seat, the discard pile and the Cow compared with ``is`` (the engine
        passes every unchanged part of a state on as the same object; the top task's
        bonus card, target, aim and first bale, packed with the Cow, by value),
        bitsets (plots, fences, bales, the Cow's 0/1 fields) patched where their
        bits differ, a tractor where it moved. The small 0/1 fields (powered to
        ended) come whole from a table by their bits when those changed; the scores
        are computed again only when a seat's fields, whose turn it is or the Cow
        changed; the turn's counters are written every time. A move re-packs what it
        changed: in a turn, mostly the moving seat's fence and tractor. Any state
        may follow any other (an older one, another game's): a part is kept only
        while it is the same.
        """
        last, seen, flags, small_was, turn_was, hand_was, aside_was, cow_bits, packed = self._kept[
            viewer
        ]
        out = array.array("h", packed)
        farmers: Sequence[Farmer | FarmerView] = table.farmers
        rescore = turn != turn_was
        if farmers is not seen:
            for seat, f in enumerate(farmers):
                was = seen[seat]
                if f is not was:
                    seat_flags, scored = self._patch_seat(out, seat, f, was)
                    flags = flags & ~(self._seat_flags << seat) | seat_flags << seat
                    rescore = rescore or scored
        me = farmers[viewer]
        hand, set_aside = me.hand, me.set_aside
        if hand is not hand_was or set_aside is not aside_was:
            self._patch_hand(out, hand, set_aside)
        if table.bales != last.bales:
            _patch_bits(out, self._at["bales"], PATHS, table.bales, last.bales)
        if table.discard is not last.discard:
            at = self._discard_at
            out[at : at + len(self._card_index)] = self._count_cards(table.discard)
        cow = table.cow
        if cow is not None:
            # The top task's bonus card, target, aim and first bale are packed with the Cow.
            checked = _checked(table)
            if cow is not last.cow or checked != _checked(last):
                cow_bits = self._patch_cow(out, cow, checked, last.cow, cow_bits)
                rescore = True
        small = self._small_bits(table, turn, viewer, flags)
        if small != small_was:
            start, end = self._small_span
            out[start:end] = self._small_block(small)
        if len(draw) < SEGMENTS:
            draw = (*draw, *(0,) * (SEGMENTS - len(draw)))
        self._head.pack_into(
            out,
            self._head_at,
            *draw,
            table.reshuffles,
            table.allowance,
            table.moves_made,
            table.pending,
        )
        if rescore:
            at = self._scores_at
            scores = table_scores(self.rules, farmers, turn, cow)
            out[at : at + len(scores)] = array.array("h", scores)
        at = self._turn_number_at
        out[at] = table.turn_number
        if cow is None:
            out[at + 1] = max(table.endgame, 0)  # endgame_window
        packed = out.tobytes()
        self._kept[viewer] = (
            table,
            farmers,
            flags,
            small,
            turn,
            hand,
            set_aside,
            cow_bits,
            packed,
        )
        return packed

    def _patch_seat(
        self, out: array.array[int], seat: int, f: Farmer | FarmerView, was: Any
    ) -> tuple[int, bool]:
        """Write seat ``seat`` (``f``: a state's Farmer or a view's FarmerView) over ``was``
        in ``out``: its main, fallow, fences and tractors planes where they differ, its
        in_play counts where they are not ``was``'s, its hand size and slowdown.

        Return its ``powered``, ``high_voltage``, ``watchdog`` and ``out`` bits (each
        at the place of seat 0 in the small block) and whether what its score reads
        (main field, plots, out) differs from ``was``'s."""
        main_at, fallow_at, fences_at, tractors_at, size_at, in_play_at, slowdown_at = (
            self._seat_places[seat]
        )
        main, plots, tractor, was_tractor = f.main, f.plots, f.tractor, was.tractor
        # Most moves leave the fields as they were: a tractor drives, a fence grows.
        scored = main != was.main or plots != was.plots or f.out != was.out
        if scored:
            was_main = was.main
            _patch_bits(out, main_at, PLOTS, main, was_main)
            _patch_bits(out, fallow_at, PLOTS, plots & ~main, was.plots & ~was_main)
        _patch_bits(out, fences_at, PATHS, f.fence_paths, was.fence_paths)
        if tractor != was_tractor:
            if was_tractor >= 0:
                out[tractors_at + was_tractor] = 0
            if tractor >= 0:
                out[tractors_at + tractor] = 1
        if f.in_play is not was.in_play:
            out[in_play_at : in_play_at + len(self._card_index)] = self._count_cards(f.in_play)
        out[size_at] = f.hand_size if isinstance(f, FarmerView) else len(f.hand)
        out[slowdown_at] = f.slowdown
        flags = 0
        if tractor >= 0 and (f.fence or VERTEX_CELLS[tractor] & main):
            flags = 1
        players = self.rules.players
        if f.guards & HIGH_VOLTAGE:
            flags |= 1 << players
        if f.guards & WATCHDOG:
            flags |= 1 << 2 * players
        if f.out:
            flags |= 1 << 3 * players
        return flags, scored

    def _patch_hand(
        self, out: array.array[int], hand: tuple[str, ...] | None, set_aside: tuple[str, ...] | None
    ) -> None:
        """Write the viewer's ``hand`` (and, in the competitive game, ``set_aside``) counts."""
        k = len(self._card_index)
        at = self.planes.offset("hand")
        out[at : at + k] = self._count_cards(hand or ())
        if not self.rules.mad_cow:
            at = self.planes.offset("set_aside")
            out[at : at + k] = self._count_cards(set_aside or ())

    def _patch_cow(
        self, out: array.array[int], cow: Cow, checked: _Checked, was: Any, was_bits: int
    ) -> int:
        """Write ``cow`` (with the top task's ``checked``) over ``was`` (whose 0/1 fields
        are ``was_bits``, as :meth:`_cow_bits` gives them) in ``out``: the barns it
        spared, its 0/1 fields where they differ, its counts (the deck and the discard
        pile where they are not ``was``'s). Return its 0/1 fields' bits."""
        bits = self._cow_bits(cow, checked)
        start = self._at["cow"]
        _patch_bits(out, start, self.binary_size - start, bits >> start, was_bits >> start)
        if cow.blasted != was.blasted:
            barns = self.rules.barn_plots
            _patch_bits(out, self._at["barns"], PLOTS, barns & ~cow.blasted, barns & ~was.blasted)
        offset = self.planes.offset
        c = len(self._cow_index)
        if cow.deck is not was.deck:
            at = offset("cow_deck")
            out[at : at + c] = array.array("h", self._cow_deck(cow))
        if cow.discard is not was.discard:
            at = offset("cow_discard")
            out[at : at + c] = array.array("h", self._cow_discard(cow))
        at = offset("cow_pile")
        out[at : offset("cow_target") + 1] = array.array("h", self._cow_turn(cow, checked[1]))
        return bits

    def _small_bits(self, table: View | State, turn: int, viewer: int, flags: int) -> int:
        """The small 0/1 fields (``powered`` to ``ended``, and ``endgame_in_pile``) as the
        bits of an int, place ``i`` of the block at bit ``i``; ``flags`` are the seats'
        bits from :meth:`_patch_seat`, each shifted by its seat."""
        phase_at, to_move_at, chance_at, turn_at, viewer_at, flown_at, ended_at, endgame_at = (
            self._small_places
        )
        small = flags | 1 << phase_at + table.phase | 1 << turn_at + turn | 1 << viewer_at + viewer
        who = table.to_move
        if who is CHANCE:
            small |= 1 << chance_at
        elif who is not None:
            small |= 1 << to_move_at + who
        if table.flown:
            small |= 1 << flown_at
        if table.ended:
            small |= 1 << ended_at + ENDS.index(table.ended)
        if table.cow is None and table.endgame >= 0:
            small |= 1 << endgame_at
        return small

    def _small_block(self, small: int) -> array.array[int]:
        """The small block of :meth:`_small_bits` ``small``, packed (kept by its bits)."""
        block = self._small_blocks.get(small)
        if block is None:
            block = array.array("h", spread_bits(small, self._small_width))
            if len(self._small_blocks) >= _SMALL_BLOCKS:
                self._small_blocks.clear()
            self._small_blocks[small] = block
        return block

    def _count_cards(self, cards: Sequence[str]) -> array.array[int]:
        """How many of each card of the deck ``cards`` holds (``K`` int16s)."""
        counts = [0] * len(self._card_index)
        index = self._card_index
        for card in cards:
            counts[index[card]] += 1
        return array.array("h", counts)


_Checked = tuple[str, int, int, int]

_UNCHECKED: Final[_Checked] = ("", -1, -1, -1)


def _checked(table: View | State) -> _Checked:
    """The bonus card ``table``'s top task checks or carries through its Backlash effect
    (``""`` for none), what it was played on, and a Backlash Hay Bale's aim and first
    bale (-1 for none)."""
    task = table.decision
    if task is None:
        return _UNCHECKED
    return task.card, task.target, task.aim, task.first_bale


def _patch_bits(out: array.array[int], at: int, width: int, bits: int, was: int) -> None:
    """Make the ``width`` places of ``out`` from ``at``, which hold ``spread_bits(was,
    width)``, hold ``spread_bits(bits, width)``.

    A seat's fence changes by one path at a move, its fields by a plot or a
    few: then the places that differ are written one by one, which costs a
    fraction of spreading every place again.
    """
    diff = bits ^ was
    if not diff:
        return
    if diff.bit_count() > _PATCHES:
        out[at : at + width] = array.array("h", spread_bits(bits, width))
        return
    while diff:
        low = diff & -diff
        out[at + low.bit_length() - 1] = 1 if bits & low else 0
        diff ^= low


def _part(value: object) -> int:
    """A move's field as a part value: an int as it is, anything else -1, which
    :meth:`Numbering.index` refuses naming the part."""
    return value if type(value) is int else -1


def _card_number(numbers: dict[str, int], move: Any) -> int:
    """The number of a move whose one part is its card, from ``numbers`` (card -> number)."""
    card = move.card
    if type(card) is str:
        number = numbers.get(card)
        if number is not None:
            return number
    raise IllegalMoveError(f"{shorten(move)}: the cards of these rules hold no such card")


# -- facts ------------------------------------------------------------------------------


def _follow_ups(rules: Rules) -> int:
    """The most decisions one card of the deck leaves to the players once played."""
    return max(handlers(rules)[rules.kind(c)].follow_ups(rules, c) for c in _cards(rules))


def cards_per_turn(rules: Rules) -> int:
    """The most cards a player plays or discards in one turn: ``H + 2B``.

    ``H`` is the hand limit, ``B`` the barns. A turn starts with at most
    ``H`` cards in hand: a player's hand grows only in their own turn (the
    Cow's bonuses go to no hand) and a turn ends with at most ``H`` (setup
    leaves 1, ``H >= 1``). During the turn, cards come only from annexing
    barns, 1 for an empty plot's and 2 for an opponent's (the Cow's): a plot
    the player (in co-op, the players) annexes stays theirs to the end of
    the turn (nobody else moves, and a Backlash Bribe gives the Cow no
    barn), so each barn gives cards once, at most 2, in a turn.
    """
    return rules.hand_limit + 2 * rules.barn_plots.bit_count()


def turn_decisions(rules: Rules) -> int:
    """The most decisions in one turn of a player: ``2 + 5 + N(1 + F) + 1``.

    ``N`` is :func:`cards_per_turn`, ``F`` the most decisions a card's
    effect leaves (:meth:`~acreage.crazy_farmers.Handler.follow_ups`: 2 per
    hay bale, a bale taken from the board before each is placed, and the
    tractor a Backlash Hay Bale aims at; 1 for a landing, a Cow's flight
    or a plot given to the Cow). A turn has at most 2 start decisions (the
    plot, with ``start="choose"``, and the crossroad), 5 moves ("a maximum
    of 5 moves per turn": Nitros never raise the allowance past 5), a play
    or discard per card and its follow-ups, and one ``end turn``.
    """
    return START_MOVES + MAX_MOVES + cards_per_turn(rules) * (1 + _follow_ups(rules)) + 1


def cow_turns(rules: Rules) -> int:
    """The most turns of the Mad Cow in one game (0 in the competitive game): ``1 + T // c``.

    "The Cow plays 1st", then after every ``c`` turns of the players
    (``rules.cow_cadence``, 1 or 2), and the players play at most ``T``
    (``turn_limit``) turns.
    """
    return 1 + rules.turn_limit // rules.cow_cadence if rules.mad_cow else 0


def max_decisions(rules: Rules) -> int:
    """The most player decisions in one game: ``K + T * D + W * S * F``.

    ``T`` is the turn limit (ruling 51: the game ends when one more turn
    would start), ``D`` :func:`turn_decisions`, ``K`` the setup's keeps
    (one per seat, the competitive game only). In the Mad Cow mode each of
    the Cow's ``W`` turns (:func:`cow_turns`) draws at most ``S`` cards
    (``cow_card_limit``, ruling 52), each played card moves it at most once
    onto a barn, and each bonus it draws there leaves at most ``F`` Backlash
    decisions (as in :func:`turn_decisions`); the Cow decides nothing else.
    """
    keeps = 0 if rules.mad_cow else rules.players
    cow = cow_turns(rules) * rules.cow_card_limit * _follow_ups(rules)
    return keeps + rules.turn_limit * turn_decisions(rules) + cow


def max_chance_nodes(rules: Rules) -> int:
    """The most chance nodes in one game.

    The competitive game: ``3P + T * 2B``: the setup deals 3 cards to each
    of ``P`` seats, and in each of at most ``T`` turns a card is drawn per
    barn annexed, at most ``2B`` (:func:`cards_per_turn`; the Endgame card
    is one of those draws). The Mad Cow mode: ``1 + T(2B + X) + 2WS``: the
    Cow is turned once at setup; each player turn draws at most ``2B``
    bonus cards and checks each card played against a Mad Cow card (``X``
    is :func:`cards_per_turn` when bonuses are checked, solo or with
    ``coop_backlash``, else 0); each of the Cow's ``W`` turns draws at most
    ``S`` Mad Cow cards and a bonus for each card played, at most ``S``.
    """
    barns = 2 * rules.barn_plots.bit_count()
    if not rules.mad_cow:
        return 3 * rules.players + rules.turn_limit * barns
    checks = rules.players == 1 or rules.coop_backlash
    per_turn = barns + (cards_per_turn(rules) if checks else 0)
    return 1 + rules.turn_limit * per_turn + 2 * cow_turns(rules) * rules.cow_card_limit


def max_legal_moves(rules: Rules) -> int:
    """The most legal moves at one decision: the largest of

    * a turn: 3 drives (three paths leave a crossroad), each card of the
      deck on each target it may have at once
      (:meth:`~acreage.crazy_farmers.Handler.most_targets`: an opponent for
      a Rut, a bale on the board for a Dynamite...), and ``end turn`` or a
      discard of each card;
    * a keep of each of the 3 cards dealt; a start plot (37) or crossroad
      (96); a landing (the 95 crossroads the tractor does not stand on);
      a hay bale on or from a path between two plots (90);
    * the Mad Cow mode's choices: a tractor to aim at (a seat), the
      farthest plots of the Cow's field (at most 18 at one distance from a
      plot) and the plots next to the Cow (6).
    """
    turn = 3 + max(1, len(_cards(rules)))
    for kind, of_kind in _kinds(rules).items():
        turn += len(of_kind) * handlers(rules)[kind].most_targets(rules)
    bounds = [turn, 3, PLOTS, CROSSROADS, CROSSROADS - 1, len(BALE_PATHS)]
    if rules.mad_cow:
        ring = max(ring.bit_count() for rings in DISTANCE_RINGS for ring in rings[1:])
        bounds += [rules.players, ring, len(SIDES)]
    return max(bounds)


def max_chance_outcomes(rules: Rules) -> int:
    """The most outcomes at one chance node: the cards of the deck (a draw,
    with the Endgame card where the pile holds it), the Cow's 6 neighbours,
    the Mad Cow cards."""
    cards = len(_cards(rules)) + (1 if rules.endgame_card else 0)
    if not rules.mad_cow:
        return cards
    return max(cards, len(SIDES), len(rules.cow_cards))


def score_range(rules: Rules) -> tuple[int, int]:
    """The lowest and highest score of any seat, during the game or at the end.

    The competitive game: 0 to ``min(37, plot_tiles)``: a score is the
    plots of the main field that hold a tile, and the tiles placed never
    pass the pile (the annexation that would ends the game, and its plots
    beyond the pile do not count). The Mad Cow mode: the players' main
    fields minus the Cow's plots, ``-cow_tiles`` to 37: the Cow wins as soon
    as it has ``cow_tiles`` plots and gains at most one a move (a Backlash
    Bribe never gives it its last), and a lockdown may take all its plots.
    """
    if rules.mad_cow:
        return -rules.cow_tiles, PLOTS
    return 0, min(PLOTS, rules.plot_tiles)


# -- the encoding and the module's conveniences -------------------------------------------


@functools.lru_cache(maxsize=64)
def encoding(rules: Rules) -> FarmersEncoding:
    """The encoding of ``rules`` (built once per Rules and shared).

    The numbering of ``play`` moves follows the handlers of the card kinds
    of ``rules`` (:func:`~acreage.crazy_farmers.cards.handlers`), which its
    class fixes.
    """
    return FarmersEncoding(rules)


def action_space_size(rules: Rules) -> int:
    """How many action numbers the player moves of ``rules`` have."""
    return encoding(rules).actions.size


def observation_tensor(view: View) -> list[int]:
    """The observation of ``view`` (what ``observe(state, seat)`` returned), a flat list
    of ints laid out as :class:`FarmersEncoding` describes."""
    return encoding(view.rules).observation(view)
