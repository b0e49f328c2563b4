"""Fence Em In as numbers: fixed integer actions, observation tensors and the game's facts.

``encoding(rules)`` is the game's :class:`~acreage.core.encoding.Encoding`
for those Rules, built once for equal Rules and kept on each Rules object
(``rules.encoding``); :data:`acreage.fence_em_in.GAME` uses it, and the
functions here are the same calls for this game alone.

Actions (player moves), a block per move family, each the product of its
parts, in this order (``docs/games/fence-em-in.md`` prints the table):

* ``reroll six`` (1), ``set six`` value 1-5 (5);
* ``reroll`` value 1-5 (5); ``adjust`` faces (4: 1-2, 2-3, 3-4, 4-5) x way
  (2: up, down), the 8 adjusts there are; ``refresh`` (1); ``move`` kind
  (8) x from column (5) x to column (4: the other columns, left to right);
  ``done`` (1);
* ``place WxH`` for each width and height 1-5 (25 blocks): row ``y`` x
  column ``x`` of the top-left cell, only where the enclosure lies on the
  board, so a block holds ``(size - H + 1) * (size - W + 1)`` numbers;
* ``pass`` (1); ``take`` kind (8);
* ``put in CATEGORY`` for each farm-board category: the kinds it can ever
  take (its ``kinds`` in :data:`~acreage.fence_em_in.KINDS` order, without
  the buildings for an ``alternating`` row); a category that takes no kind
  has no block;
* ``discard`` kind (8).

Chance outcomes: ``reveal`` card (the enclosure cards, then the support
cards usable with this player count, when any are revealed), ``draw`` kind
(8) x column (5), ``roll dice`` (the 56 sorted rolls of three dice, ``1 1
1`` to ``6 6 6`` in lexicographic order) and ``roll die`` (one die: a
re-roll 1-6 or the order die, faces ``1..max(6, order_die_faces)``: the same
``roll 4`` has one number in both).

Every number is arithmetic on the move's fields (a placement is
``offset[W][H] + y * (size - W + 1) + x``) or one dict lookup, so encoding
all the legal moves of a state costs a small part of listing them. A move
built by hand with a part off its range (a cell off the board, a kind that
is no kind, ``True`` for an int) gets :class:`~acreage.IllegalMoveError`.

The observation (:class:`FenceEncoding` lists the fields) is built from
``observe(state, seat)`` only. Fence Em In hides nothing, so it holds the
whole table: the board as two coded planes (``owner`` and ``miniature``, cell
``y * size + x``), each enclosure, the starting cells, the assets board, the
bag, the dice, every farm, the missions and where the game stands.
"""

from __future__ import annotations

import array
import functools
import itertools
import struct
import types
from typing import TYPE_CHECKING, Any, cast

from acreage.core.encoding import Encoding, Facts, Numbering, Planes
from acreage.core.game import CHANCE, IllegalMoveError, check_seat, shorten
from acreage.fence_em_in.engine import LONE_MOVES
from acreage.fence_em_in.moves import (
    Adjust,
    Discard,
    Done,
    Draw,
    Move,
    MoveToken,
    Pass,
    Place,
    Put,
    Refresh,
    Reroll,
    RerollSix,
    Reveal,
    Roll,
    SetSix,
    Take,
)
from acreage.fence_em_in.rules import (
    ANIMALS,
    COLUMNS,
    CROPS,
    DIE_FACES,
    KINDS,
    Rules,
)
from acreage.fence_em_in.state import Enclosure, Farm, Phase, State
from acreage.fence_em_in.tables import KIND_INDEX
from acreage.fence_em_in.view import View

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

__all__ = [
    "FenceEncoding",
    "action_space_size",
    "encoding",
    "max_chance_nodes",
    "max_chance_outcomes",
    "max_decisions",
    "max_legal_moves",
    "max_places",
    "max_score",
    "observation_tensor",
    "shared_encoding",
]

SIDES = range(1, DIE_FACES)
"""The values a die gives an enclosure's width or height (the choice face is set first)."""
PHASES = tuple(Phase)
PHASE_CODE = {p: i for i, p in enumerate(PHASES)}
ROUND_ROLLS = tuple(itertools.combinations_with_replacement(range(1, DIE_FACES + 1), 3))
"""The 56 sorted rolls of the round's three dice, in the order ``roll dice`` numbers them."""


def _put_kinds(rules: Rules) -> tuple[tuple[str, ...], ...]:
    """The kinds each farm-board category can ever take: an ``alternating`` row
    takes animals and crops only, whatever its ``kinds`` say (see ``scoring.accepts``)."""
    family = set(ANIMALS + CROPS)
    return tuple(
        tuple(k for k in KINDS if k in cat.kinds and (cat.rule != "alternating" or k in family))
        for cat in rules.farm_board
    )


def _revealable(rules: Rules) -> tuple[str, ...]:
    """The mission cards a ``reveal`` can show: the enclosure cards, then the support
    cards usable with this player count when any are revealed."""
    support = [c.name for c in rules.usable_support_cards] if rules.support_cards_drawn else []
    return (*(c.name for c in rules.enclosure_cards), *support)


class FenceEncoding(Encoding):
    """Fence Em In's facts, action numbering and observation layout for one Rules.

    The observation's fields, in order (``planes.table()`` gives their offsets);
    ``size`` is the board's side, cells are ``y * size + x``; a kind code is
    ``1 + `` its index in :data:`~acreage.fence_em_in.KINDS` (0: none):

    ========================  ===================  =======================================
    field                     shape                value
    ========================  ===================  =======================================
    ``owner``                 size x size          1 + the seat whose enclosure covers it
    ``miniature``             size x size          kind code of that enclosure's miniature
    ``enclosures``            players x rounds x 5 each seat's enclosures in building
                                                   order: x, y, width, height, kind code
                                                   (all 0 after the last)
    ``start``                 players x 2          each seat's starting cell x, y
    ``columns``               5 x 8                tokens of each kind in each column
    ``bag``                   8                    tokens of each kind in the bag
    ``dice``                  6                    dice showing each face 1-6
    ``token``                 8                    the token in hand (one-hot)
    ``placed``                players x 8          miniatures placed, per kind
    ``points``                players              the score track
    ``fertilizer``            players              fertilizer held
    ``rows``                  players x c x slots  each category's tokens as kind codes
    ``discards``              players x 8          tokens discarded, per kind
    ``cards``                 cards                1 for each revealed mission card,
                                                   numbered as the ``reveal`` outcomes
    ``round``                 1                    the round (0 in setup)
    ``phase``                 13                   the :class:`~acreage.fence_em_in.Phase`
                                                   (one-hot, in its order)
    ``to_move``               players + 1          the seat deciding, or chance last
                                                   (one-hot; all 0 at the end)
    ``viewer``                players              the observing seat (one-hot)
    ``order``                 players x players    [position][seat]: this round's order
    ``turn``                  1                    the position in ``order`` whose turn it is
    ``uses``                  1                    fertilizer uses this turn
    ``six_rerolls``           1                    choice faces re-rolled this turn
    ``passed``                players              1 for each seat that passed this round
    ``order_groups``          players              1 + the index of each seat's group
                                                   while the order is rolled (else 0)
    ``order_rolls``           players              each seat's order die in this roll
                                                   (0: not rolled yet)
    ``order_rerolls``         1                    ties re-rolled in this settling
    ========================  ===================  =======================================

    ``c`` is the number of farm-board categories, ``slots`` the most slots of
    one, ``cards`` the mission cards a ``reveal`` can show.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        size = rules.board_size
        players = rules.players
        self._size = size
        self._players = players
        # -- actions
        self._put_kinds = _put_kinds(rules)
        families: list[tuple[str, tuple[tuple[str, int], ...]]] = [
            ("reroll six", ()),
            ("set six", (("value", 5),)),
            ("reroll", (("value", 5),)),
            ("adjust", (("faces", 4), ("way", 2))),
            ("refresh", ()),
            ("move", (("kind", 8), ("from", COLUMNS), ("to", COLUMNS - 1))),
            ("done", ()),
        ]
        families += [
            (f"place {w}x{h}", (("y", size - h + 1), ("x", size - w + 1)))
            for w in SIDES
            for h in SIDES
        ]
        families += [("pass", ()), ("take", (("kind", 8),))]
        families += [
            (f"put in {cat.name}", (("kind", len(kinds)),))
            for cat, kinds in zip(rules.farm_board, self._put_kinds, strict=True)
            if kinds
        ]
        families.append(("discard", (("kind", 8),)))
        self.actions = actions = Numbering(families)
        self._place_offset = [
            [actions.family(f"place {w}x{h}").offset if w and h else -1 for h in range(DIE_FACES)]
            for w in range(DIE_FACES)
        ]
        self._put = {
            (cat.name, kind): actions.family(f"put in {cat.name}").offset + i
            for cat, kinds in zip(rules.farm_board, self._put_kinds, strict=True)
            for i, kind in enumerate(kinds)
        }
        self._encoders: dict[type, Callable[[Any], int]] = {
            RerollSix: self._reroll_six,
            SetSix: self._set_six,
            Reroll: self._reroll,
            Adjust: self._adjust,
            Refresh: self._refresh,
            MoveToken: self._move_token,
            Done: self._done,
            Place: self._place,
            Pass: self._pass,
            Take: self._take,
            Put: self._put_move,
            Discard: self._discard,
        }
        # Each width's count of top-left columns.
        self._spans = [size - w + 1 for w in range(DIE_FACES)]
        self._numbers, self._numbered = self._number_shared_moves(rules)
        # The tables' place objects by action number (None at the other numbers).
        self._places: list[Place | None] = [None] * actions.size
        for by_height in rules.tables.place_moves:
            for by_cell in by_height:
                for place in by_cell:
                    if place is not None:
                        self._places[self._place(place)] = place
        # -- chance
        cards = _revealable(rules)
        die_faces = max(DIE_FACES, rules.order_die_faces)
        self.chance = chance = Numbering(
            [
                ("reveal", (("card", len(cards)),)),
                ("draw", (("kind", 8), ("column", COLUMNS))),
                ("roll dice", (("roll", len(ROUND_ROLLS)),)),
                ("roll die", (("face", die_faces),)),
            ]
        )
        self._reveal = {name: chance.index("reveal", i) for i, name in enumerate(cards)}
        roll_dice, roll_die = chance.family("roll dice").offset, chance.family("roll die").offset
        self._rolls: dict[tuple[int, ...], int] = {
            values: roll_dice + i for i, values in enumerate(ROUND_ROLLS)
        }
        self._rolls.update({(v,): roll_die + v - 1 for v in range(1, die_faces + 1)})
        # -- observation
        self._observer = _Observer(rules, cards)
        self.planes = self._observer.planes
        self._packer = _Packer(self._observer, rules)
        self.facts = Facts(
            players=players,
            min_players=2,
            max_players=4,
            chance=True,
            hidden_information=False,
            simultaneous=False,
            cooperative=False,
            min_score=0,
            max_score=max_score(rules),
            max_decisions=max_decisions(rules),
            max_chance_nodes=max_chance_nodes(rules),
            max_legal_moves=max_legal_moves(rules),
            max_chance_outcomes=max_chance_outcomes(rules),
            num_actions=actions.size,
            num_chance_outcomes=chance.size,
            observation_shape=self.planes.shape,
        )

    # -- player moves -------------------------------------------------------------

    def encode_action(self, state: State, move: Move) -> int:
        """The fixed number of player move ``move`` (the same in every position)."""
        if type(move) is Place:  # the many moves of a PLACE decision: the quick way first
            return self._place(move)
        encode = self._encoders.get(type(move))
        if encode is None:
            raise IllegalMoveError(f"{shorten(move)} is no player move of Fence Em In")
        return encode(move)

    def encode_actions(self, state: State, moves: Sequence[Move]) -> list[int]:
        """The numbers of ``moves``, in order, without a call per move.

        ``legal_moves`` lists only the shared move objects of the Rules' tables
        (and the engine's :data:`~acreage.fence_em_in.engine.LONE_MOVES`). A
        list of places (most of the moves listed) is numbered by the number
        each holds (``Place.action``, set by the tables), once it is known to be
        the tables' own object with that number: the one this encoding put at
        that number in a list of them. Any other list is numbered by one dict
        lookup by identity per move. A list holding anything else (a move built
        by hand) is numbered move by move by :meth:`encode_action`.

        Why the number on the move: the moves were just listed, so reading them
        is cheap, while a table keyed by the move is large and goes cold
        between the steps of an environment (a lookup then cost three times
        the arithmetic on the parts, measured inside a PettingZoo step); the
        number and its check read one field and one list, a third of the cost
        of the arithmetic and its check that the move is the tables' own.
        """
        if moves and type(moves[0]) is Place:
            numbers = self._place_numbers(moves)
        else:
            by_id = self._numbers
            try:
                numbers = [by_id[id(move)] for move in moves]
            except KeyError:
                numbers = None
        if numbers is None:
            encode = self.encode_action
            return [encode(state, move) for move in moves]
        return numbers

    def _place_numbers(self, moves: Sequence[Move]) -> list[int] | None:
        """The numbers of ``moves`` if each is a place move object of the Rules' tables,
        else ``None``: the number each holds, where this encoding's list of those
        objects by number (numbered by :meth:`_place`) holds that very object."""
        places = self._places
        try:
            numbers = [n for p in cast("Sequence[Place]", moves) if places[(n := p.action)] is p]
        except (AttributeError, IndexError, TypeError):  # not a place; no number of the list
            return None
        return numbers if len(numbers) == len(moves) else None

    def _number_shared_moves(self, rules: Rules) -> tuple[dict[int, int], tuple[Move, ...]]:
        """The action number of every move object other than a place that the engine
        lists, by ``id``, and those objects (held so that no other object takes one of
        their ids while the numbers live). A ``put`` no category of these rules takes
        has no number."""
        t = rules.tables
        shared: list[Move] = [*LONE_MOVES, *t.six_moves, *t.takes.values(), *t.discards.values()]
        for by_dice in (t.rerolls, t.adjusts):
            for uses in by_dice.values():
                shared += uses
        for by_open in t.move_tokens.values():
            for tokens in by_open:
                shared += tokens
        for puts in t.puts:
            shared += [put for put in puts if (put.category, put.kind) in self._put]
        encoders = self._encoders
        return {id(move): encoders[type(move)](move) for move in shared}, tuple(shared)

    def _place(self, move: Place) -> int:
        x, y, w, h = move.x, move.y, move.width, move.height
        if type(w) is int and type(h) is int and 0 < w < DIE_FACES and 0 < h < DIE_FACES:
            span = self._spans[w]
            if type(x) is int and type(y) is int and 0 <= x < span and 0 <= y <= self._size - h:
                return self._place_offset[w][h] + y * span + x
            return self.actions.index(f"place {w}x{h}", y, x)  # raises, naming the part
        raise IllegalMoveError(
            f"place: width and height must be 1 to {DIE_FACES - 1}, not {shorten((w, h), 30)}"
        )

    def _reroll_six(self, move: RerollSix) -> int:
        return self.actions.index("reroll six")

    def _set_six(self, move: SetSix) -> int:
        return self.actions.index("set six", _minus_one(move.value))

    def _reroll(self, move: Reroll) -> int:
        return self.actions.index("reroll", _minus_one(move.value))

    def _adjust(self, move: Adjust) -> int:
        value, to = move.value, move.to
        if type(value) is int and type(to) is int and abs(to - value) == 1:
            return self.actions.index("adjust", min(value, to) - 1, int(to < value))
        raise IllegalMoveError(f"{shorten(move)}: an adjust turns a die one up or down")

    def _refresh(self, move: Refresh) -> int:
        return self.actions.index("refresh")

    def _move_token(self, move: MoveToken) -> int:
        a, b = move.source, move.target
        if type(a) is not int or type(b) is not int or a == b:
            raise IllegalMoveError(f"{shorten(move)}: a token moves from one column to another")
        # The target among the other four columns, left to right.
        return self.actions.index("move", _kind(move.kind), a - 1, b - 2 if b > a else b - 1)

    def _done(self, move: Done) -> int:
        return self.actions.index("done")

    def _pass(self, move: Pass) -> int:
        return self.actions.index("pass")

    def _take(self, move: Take) -> int:
        return self.actions.index("take", _kind(move.kind))

    def _put_move(self, move: Put) -> int:
        key = (move.category, move.kind)
        if type(move.category) is str and type(move.kind) is str and key in self._put:
            return self._put[key]
        raise IllegalMoveError(
            f"{shorten(move)}: no category of these rules has that name and takes that kind"
        )

    def _discard(self, move: Discard) -> int:
        return self.actions.index("discard", _kind(move.kind))

    # -- chance outcomes -----------------------------------------------------------

    def encode_chance(self, state: State, move: Move) -> int:
        """The fixed number of chance outcome ``move``."""
        if isinstance(move, Draw):
            return self.chance.index("draw", _kind(move.kind), _minus_one(move.column))
        if isinstance(move, Roll):
            values = move.values
            if type(values) is tuple and all(type(v) is int for v in values):
                number = self._rolls.get(values)
                if number is not None:
                    return number
            raise IllegalMoveError(f"{shorten(move)} is no sorted roll of these dice")
        if isinstance(move, Reveal):
            if type(move.card) is str and move.card in self._reveal:
                return self._reveal[move.card]
            raise IllegalMoveError(f"{shorten(move)}: these rules never reveal such a card")
        raise IllegalMoveError(f"{shorten(move)} is no chance outcome of Fence Em In")

    # -- observation ------------------------------------------------------------------

    def observation(self, view: View) -> list[int]:
        """The flat observation of ``view``, laid out as the class docstring says."""
        return self._observer.observation(view)

    def observation_bytes(self, view: View) -> bytes:
        """:meth:`observation` packed as int16 (for ``numpy.frombuffer``), joined from
        pieces packed once (see :class:`_Packer`) rather than packed int by int."""
        return self._packer.observation_bytes(view, view.player)

    def seat_observation_bytes(self, state: State, seat: int) -> bytes:
        """:meth:`observation_bytes` of ``observe(state, seat)``, packed from the state
        by the same :class:`_Packer`: a view is the whole table and the seat (Fence Em
        In hides nothing), under the state's own names, so the packer reads the one as
        it reads the other. :class:`~acreage.SeatError` for a seat not at the table."""
        if type(seat) is not int or not 0 <= seat < self._players:
            check_seat(seat, self._players)  # raises, saying why
        return self._packer.observation_bytes(state, seat)


class _Observer:
    """Builds the observations of one Rules: their layout, its tables and its memos.

    An observation is the board part (the fields ``owner``, ``miniature`` and
    ``enclosures``), kept from the last call and redrawn only where a place or
    a take changed it (:meth:`_board`), then the rest, written over a copy of
    a list that holds the constant ``start`` field and zeros. Small
    fields are whole tuples looked up in tables made here (every sorted roll,
    every turn order, every phase...), and a few parts are kept from the
    last call with the value they came from (the assets board, each farm's
    rows, the revealed cards): the engine passes unchanged parts of a state on
    as the same objects, so comparing them is mostly ``is``. Each memo is one
    tuple stored in one assignment, so threads read a whole one.
    """

    def __init__(self, rules: Rules, cards: tuple[str, ...]) -> None:
        self.rules = rules
        size, players = rules.board_size, rules.players
        self._size = size
        self._slots = slots = max(len(cat.points) for cat in rules.farm_board)
        self.planes = planes = Planes(
            [
                ("owner", (size, size)),
                ("miniature", (size, size)),
                ("enclosures", (players, rules.rounds, 5)),
                ("start", (players, 2)),
                ("columns", (COLUMNS, 8)),
                ("bag", (8,)),
                ("dice", (DIE_FACES,)),
                ("token", (8,)),
                ("placed", (players, 8)),
                ("points", (players,)),
                ("fertilizer", (players,)),
                ("rows", (players, len(rules.farm_board), slots)),
                ("discards", (players, 8)),
                ("cards", (len(cards),)),
                ("round", (1,)),
                ("phase", (len(PHASES),)),
                ("to_move", (players + 1,)),
                ("viewer", (players,)),
                ("order", (players, players)),
                ("turn", (1,)),
                ("uses", (1,)),
                ("six_rerolls", (1,)),
                ("passed", (players,)),
                ("order_groups", (players,)),
                ("order_rolls", (players,)),
                ("order_rerolls", (1,)),
            ]
        )
        at = planes.offset
        self._owners, self._miniatures = at("owner"), at("miniature")
        self._listed = at("enclosures")
        board_end = at("start")
        self._empty_board = [0] * board_end
        rest = [0] * (planes.size - board_end)
        rest[: 2 * players] = [v for cell in rules.start_cells for v in cell]
        self._rest = rest
        # Where each span written at once starts (and ends).
        self._table = (at("columns"), at("placed"))
        self._placed, self._points, self._fertilizer = at("placed"), at("points"), at("fertilizer")
        self._rows, self._discards = at("rows"), at("discards")
        self._cards = (at("cards"), at("round"))
        self._status = (at("round"), at("order_groups"))
        self._groups, self._order_rolls = at("order_groups"), at("order_rolls")
        self._rerolls = at("order_rerolls")
        self._card_number = {name: i for i, name in enumerate(cards)}
        # Small fields looked up whole.
        one_hot = _one_hot
        self._dice = {
            roll: tuple(roll.count(v) for v in range(1, DIE_FACES + 1))
            for n in range(4)
            for roll in itertools.combinations_with_replacement(range(1, DIE_FACES + 1), n)
        }
        self._token: dict[str | None, tuple[int, ...]] = {None: (0,) * 8}
        self._token.update({k: one_hot(8, i) for i, k in enumerate(KINDS)})
        self._phase = {p: one_hot(len(PHASES), i) for i, p in enumerate(PHASES)}
        self._to_move: dict[object, tuple[int, ...]] = {None: (0,) * (players + 1)}
        self._to_move.update({seat: one_hot(players + 1, seat) for seat in range(players + 1)})
        self._to_move[CHANCE] = one_hot(players + 1, players)
        self._viewer = tuple(one_hot(players, seat) for seat in range(players))
        self._orders: dict[tuple[int, ...], tuple[int, ...]] = {(): (0,) * players * players}
        self._orders.update(
            {
                order: tuple(v for seat in order for v in one_hot(players, seat))
                for order in itertools.permutations(range(players))
            }
        )
        self._passed = tuple(
            tuple(bits >> seat & 1 for seat in range(players)) for bits in range(1 << players)
        )
        self._board_memo: tuple[tuple[tuple[Enclosure, ...], ...], list[int]] = ((), [])
        self._columns_memo: tuple[tuple[tuple[str, ...], ...], list[int]] = ((), [])
        self._cards_memo: tuple[tuple[str, ...], list[int]] = ((), [0] * len(cards))
        self._rows_memo: list[tuple[tuple[tuple[str, ...], ...], list[int]]] = [((), [])] * players

    def observation(self, view: View) -> list[int]:
        """The flat observation of ``view``."""
        out = self._board(view) + self._rest
        start, end = self._table
        out[start:end] = (
            *self._column_counts(view.columns),
            *view.bag,
            *self._dice[view.dice],
            *self._token[view.token],
        )
        placed, points, fertilizer = self._placed, self._points, self._fertilizer
        rows, discards = self._rows, self._discards
        for seat, farm in enumerate(view.farms):
            out[placed : placed + 8] = farm.placed
            placed += 8
            out[points + seat] = farm.points
            out[fertilizer + seat] = farm.fertilizer
            codes = self._row_codes(seat, farm.rows)
            out[rows : rows + len(codes)] = codes
            rows += len(codes)
            for kind in farm.discards:
                out[discards + KIND_INDEX[kind]] += 1
            discards += 8
        start, end = self._cards
        out[start:end] = self._revealed(view.cards)
        start, end = self._status
        out[start:end] = (
            view.round,
            *self._phase[view.phase],
            *self._to_move[view.to_move],
            *self._viewer[view.player],
            *self._orders[view.order],
            view.turn,
            view.uses,
            view.six_rerolls,
            *self._passed[view.passed],
        )
        if view.groups:  # only while the turn order is rolled
            for i, group in enumerate(view.groups):
                for seat in group:
                    out[self._groups + seat] = 1 + i
            tied = next(g for g in view.groups if len(g) > 1)
            for seat, value in zip(tied, view.rolls, strict=False):
                out[self._order_rolls + seat] = value
        out[self._rerolls] = view.order_rerolls
        return out

    def _column_counts(self, columns: tuple[tuple[str, ...], ...]) -> list[int]:
        """The ``columns`` field: the tokens of each kind in each column."""
        before, counts = self._columns_memo
        if before == columns:
            return counts
        counts = [0] * (COLUMNS * 8)
        for i, column in enumerate(columns):
            for kind in column:
                counts[i * 8 + KIND_INDEX[kind]] += 1
        self._columns_memo = (columns, counts)
        return counts

    def _row_codes(self, seat: int, rows: tuple[tuple[str, ...], ...]) -> list[int]:
        """Seat ``seat``'s part of the ``rows`` field: each category's slots as kind codes."""
        before, codes = self._rows_memo[seat]
        if before == rows:
            return codes
        slots = self._slots
        codes = [0] * (len(rows) * slots)
        for r, row in enumerate(rows):
            for i, kind in enumerate(row):
                codes[r * slots + i] = 1 + KIND_INDEX[kind]
        self._rows_memo[seat] = (rows, codes)
        return codes

    def _revealed(self, cards: tuple[str, ...]) -> list[int]:
        """The ``cards`` field: 1 for each revealed mission card."""
        before, field = self._cards_memo
        if before == cards:
            return field
        field = [0] * len(self._card_number)
        for name in cards:
            field[self._card_number[name]] = 1
        self._cards_memo = (cards, field)
        return field

    def _board(self, view: View) -> list[int]:
        """The fields ``owner``, ``miniature`` and ``enclosures`` of ``view``'s observation.

        A farm's enclosures change only when it places (one more enclosure)
        or takes (its last enclosure gets its kind), and the engine builds
        the farm's new tuple from the old one's enclosure objects. So the
        board of the last observation is kept with the enclosure tuples it
        came from, and the next observation of the same game draws only what
        such a step changed; anything else (another game, an earlier
        position) is drawn afresh. The memo holds the tuples it compares with
        ``is``, so their ids are never another object's. The caller must not
        change the list returned.
        """
        now = tuple([farm.enclosures for farm in view.farms])
        before, board = self._board_memo
        if before == now:  # the same tuples: a tuple compares items by ``is`` first
            return board
        if len(before) == len(now):
            firsts = [_grown_from(old, new) for old, new in zip(before, now, strict=True)]
        else:
            firsts = [-1]
        if -1 in firsts:
            board = self._empty_board.copy()
            firsts = [0] * len(now)
        else:
            board = board.copy()
        size, owners, miniatures = self._size, self._owners, self._miniatures
        per_seat = self.rules.rounds * 5
        for seat, enclosures in enumerate(now):
            owner = 1 + seat
            for i in range(firsts[seat], len(enclosures)):
                e = enclosures[i]
                x, w = e.x, e.width
                kind = 0 if e.kind is None else 1 + KIND_INDEX[e.kind]
                for row in range(e.y, e.y + e.height):
                    a = row * size + x
                    board[owners + a : owners + a + w] = (owner,) * w
                    board[miniatures + a : miniatures + a + w] = (kind,) * w
                slot = self._listed + seat * per_seat + i * 5
                board[slot : slot + 5] = (x, e.y, w, e.height, kind)
        self._board_memo = (now, board)
        return board


class _Packer:
    """Builds :meth:`FenceEncoding.observation_bytes`: the observation of :class:`_Observer`
    packed as int16, without packing it int by int.

    Packing a list costs about 30 ns an int, so a thousand ints cost more than
    a decision. But one observation differs from the last in a few parts: the
    engine passes every unchanged part of a state on as the same object, and a
    view holds the state's parts. So the last state or view packed is kept
    with its seat and its bytes, and the next observation is those bytes with
    the fields whose parts are not the same objects packed again (compared
    with ``is``; ints by value). The small fields come whole from tables of
    every value they take (a sorted roll, a token, a phase, a turn order...);
    a farm's fields, a column of the assets board and a farm-board row are
    packed only where they changed; the board is redrawn only where a place or
    a take changed it (see :meth:`_patch_board`). The first call patches every
    field of a blank observation: its last view is one whose parts are like no
    view's.

    A state and its view are read alike (a view is the state's parts under
    the same names, and the seat), so the one packer serves
    :meth:`FenceEncoding.observation_bytes` and
    :meth:`FenceEncoding.seat_observation_bytes`, and one may follow the
    other. The kept triple is one tuple stored in one assignment, so threads
    read a whole one, and each call writes on a copy of the kept bytes.
    ``check_game`` and the tests hold the bytes equal to
    :meth:`_Observer.observation`, the reference.
    """

    def __init__(self, observer: _Observer, rules: Rules) -> None:
        o = observer
        players = rules.players
        # Where each field starts, in bytes.
        self._at = at = {name: 2 * o.planes.offset(name) for name, _ in o.planes.fields}
        # The starts of the fields set outside the farms and the columns, in the order
        # observation_bytes reads them (unpacked at once rather than looked up one by one).
        self._status_at = tuple(
            at[name]
            for name in (
                "bag",
                "dice",
                "token",
                "placed",
                "round",
                "phase",
                "to_move",
                "viewer",
                "order",
                "turn",
                "passed",
                "order_groups",
                "order_rerolls",
            )
        )
        self._size = rules.board_size
        self._slots = o._slots
        self._card_number = o._card_number
        self._seat_listed = 10 * rules.rounds  # the bytes of a seat's enclosures
        self._seat_rows = 2 * o._slots * len(rules.farm_board)  # the bytes of a seat's rows
        # w cells of one value, packed: _runs[value][w].
        self._runs = tuple(
            tuple(_pack([value] * w) for w in range(DIE_FACES))
            for value in range(1 + max(players, len(KINDS)))
        )
        self._dice = {roll: _pack(field) for roll, field in o._dice.items()}
        self._token = {kind: _pack(field) for kind, field in o._token.items()}
        self._phase = {phase: _pack(field) for phase, field in o._phase.items()}
        self._to_move = {who: _pack(field) for who, field in o._to_move.items()}
        self._viewer = tuple(_pack(field) for field in o._viewer)
        self._orders = {order: _pack(field) for order, field in o._orders.items()}
        self._passed = tuple(_pack(field) for field in o._passed)
        self._one = struct.Struct("=h")
        self._three = struct.Struct("=3h")
        self._five = struct.Struct("=5h")
        self._eight = struct.Struct("=8h")
        self._row = struct.Struct(f"={o._slots}h")
        self._blank_board = bytes(at["start"])  # owner, miniature and enclosures: all 0
        blank = bytearray(2 * o.planes.size)
        blank[at["start"] : at["columns"]] = _pack(o._rest[: 2 * players])  # constant
        unlike = object()  # no part of any view is this object
        farm = types.SimpleNamespace(
            placed=unlike,
            points=None,
            fertilizer=None,
            rows=(unlike,) * len(rules.farm_board),
            discards=unlike,
            enclosures=(),  # no enclosures: the blank board shows none
        )
        unseen = types.SimpleNamespace(
            farms=(farm,) * players,
            columns=(unlike,) * COLUMNS,
            bag=unlike,
            dice=unlike,
            token=unlike,
            cards=unlike,
            phase=unlike,
            to_move=unlike,
            order=unlike,
            passed=None,
            groups=unlike,
            rolls=unlike,
        )
        # (the last state or view packed, its seat, its bytes)
        self._last: tuple[Any, int | None, bytes] = (unseen, None, bytes(blank))

    def observation_bytes(self, table: State | View, player: int) -> bytes:
        """The observation of seat ``player`` at ``table`` (a state, or a view of it:
        the two hold the same parts under the same names) as native int16 bytes: the
        last one, patched."""
        last, last_player, packed = self._last
        out = bytearray(packed)
        (
            bag,
            dice,
            token,
            placed,
            round_,
            phase,
            to_move,
            viewer,
            order,
            turn,
            passed,
            order_groups,
            order_rerolls,
        ) = self._status_at
        if table.farms is not last.farms:
            self._patch_farms(out, table.farms, last.farms)
        if table.columns is not last.columns:
            self._patch_columns(out, table.columns, last.columns)
        if table.bag is not last.bag:
            self._eight.pack_into(out, bag, *table.bag)
        if table.dice is not last.dice:
            out[dice:token] = self._dice[table.dice]
        if table.token is not last.token:
            out[token:placed] = self._token[table.token]
        if table.cards is not last.cards:
            self._patch_cards(out, table.cards)
        self._one.pack_into(out, round_, table.round)
        if table.phase is not last.phase:
            out[phase:to_move] = self._phase[table.phase]
        if table.to_move != last.to_move:
            out[to_move:viewer] = self._to_move[table.to_move]
        if player != last_player:
            out[viewer:order] = self._viewer[player]
        if table.order is not last.order:
            out[order:turn] = self._orders[table.order]
        self._three.pack_into(out, turn, table.turn, table.uses, table.six_rerolls)
        if table.passed != last.passed:
            out[passed:order_groups] = self._passed[table.passed]
        if table.groups is not last.groups or table.rolls is not last.rolls:
            self._patch_ordering(out, table)
        self._one.pack_into(out, order_rerolls, table.order_rerolls)
        packed = bytes(out)
        self._last = (table, player, packed)
        return packed

    def _patch_farms(self, out: bytearray, farms: tuple[Farm, ...], before: Any) -> None:
        """The farms' fields (``placed`` to ``discards``, and the board) where a farm changed."""
        at, eight, one = self._at, self._eight, self._one
        board = []
        for seat, farm in enumerate(farms):
            old = before[seat]
            if farm is old:
                continue
            if farm.placed is not old.placed:
                eight.pack_into(out, at["placed"] + 16 * seat, *farm.placed)
            if farm.points != old.points:
                one.pack_into(out, at["points"] + 2 * seat, farm.points)
            if farm.fertilizer != old.fertilizer:
                one.pack_into(out, at["fertilizer"] + 2 * seat, farm.fertilizer)
            if farm.rows is not old.rows:
                self._patch_rows(out, seat, farm.rows, old.rows)
            if farm.discards is not old.discards:
                counts = [0] * 8
                for kind in farm.discards:
                    counts[KIND_INDEX[kind]] += 1
                eight.pack_into(out, at["discards"] + 16 * seat, *counts)
            if farm.enclosures is not old.enclosures:
                board.append((seat, farm.enclosures, old.enclosures))
        if board:
            self._patch_board(out, farms, board)

    def _patch_rows(
        self, out: bytearray, seat: int, rows: tuple[tuple[str, ...], ...], before: Any
    ) -> None:
        """Seat ``seat``'s part of the ``rows`` field, where a category's row changed."""
        slots, pack = self._slots, self._row.pack_into
        at = self._at["rows"] + seat * self._seat_rows
        for r, row in enumerate(rows):
            if row is not before[r]:
                codes = [0] * slots
                for i, kind in enumerate(row):
                    codes[i] = 1 + KIND_INDEX[kind]
                pack(out, at + 2 * slots * r, *codes)

    def _patch_columns(
        self, out: bytearray, columns: tuple[tuple[str, ...], ...], before: Any
    ) -> None:
        """The ``columns`` field, where a column changed: the tokens of each kind in it."""
        at, pack = self._at["columns"], self._eight.pack_into
        for i, column in enumerate(columns):
            if column is not before[i]:
                counts = [0] * 8
                for kind in column:
                    counts[KIND_INDEX[kind]] += 1
                pack(out, at + 16 * i, *counts)

    def _patch_cards(self, out: bytearray, cards: tuple[str, ...]) -> None:
        """The ``cards`` field: 1 for each revealed mission card."""
        field = [0] * len(self._card_number)
        for name in cards:
            field[self._card_number[name]] = 1
        out[self._at["cards"] : self._at["round"]] = _pack(field)

    def _patch_ordering(self, out: bytearray, table: State | View) -> None:
        """The fields ``order_groups`` and ``order_rolls`` (all 0 unless the order is rolled)."""
        players = len(table.farms)
        ordering = [0] * (2 * players)
        for i, group in enumerate(table.groups):
            for seat in group:
                ordering[seat] = 1 + i
        if table.groups:
            tied = next(g for g in table.groups if len(g) > 1)
            for seat, value in zip(tied, table.rolls, strict=False):
                ordering[players + seat] = value
        out[self._at["order_groups"] : self._at["order_rerolls"]] = _pack(ordering)

    def _patch_board(
        self,
        out: bytearray,
        farms: tuple[Farm, ...],
        changed: list[tuple[int, tuple[Enclosure, ...], tuple[Enclosure, ...]]],
    ) -> None:
        """The fields ``owner``, ``miniature`` and ``enclosures``, for the seats whose
        enclosures ``changed`` (seat, now, before).

        When each grew from before by places and takes (:func:`_grown_from`),
        only those are drawn: a place on the owner plane (its cells were empty,
        so their miniature is 0 already) and in the list, a take on the
        miniature plane (the rectangle and its owner stay). Otherwise every
        seat's enclosures are drawn afresh on a blank board.
        """
        # (seat, its enclosures, the first to draw, how many the board shows)
        todo: list[tuple[int, tuple[Enclosure, ...], int, int]] = []
        for seat, now, before in changed:
            first = _grown_from(before, now)
            if first < 0:  # not grown from before: all afresh
                out[: len(self._blank_board)] = self._blank_board
                todo = [(seat, farm.enclosures, 0, 0) for seat, farm in enumerate(farms)]
                break
            todo.append((seat, now, first, len(before)))
        at, size, runs = self._at, self._size, self._runs
        owners, miniatures, listed = at["owner"], at["miniature"], at["enclosures"]
        seat_listed, five = self._seat_listed, self._five
        for seat, enclosures, first, drawn in todo:
            owner = runs[1 + seat]
            for i in range(first, len(enclosures)):
                e = enclosures[i]
                x, w = e.x, e.width
                kind = _kind_code(e)
                if i >= drawn:  # new on the board
                    for row in range(e.y, e.y + e.height):
                        a = owners + 2 * (row * size + x)
                        out[a : a + 2 * w] = owner[w]
                if kind or i < drawn:
                    miniature = runs[kind]
                    for row in range(e.y, e.y + e.height):
                        a = miniatures + 2 * (row * size + x)
                        out[a : a + 2 * w] = miniature[w]
                five.pack_into(out, listed + seat * seat_listed + 10 * i, x, e.y, w, e.height, kind)


def _kind_code(e: Enclosure) -> int:
    """The kind code of ``e``'s miniature: 1 + its index in :data:`KINDS`, 0 for none."""
    return 0 if e.kind is None else 1 + KIND_INDEX[e.kind]


def _pack(values: Iterable[int]) -> bytes:
    """``values`` as native signed 16-bit ints."""
    return array.array("h", values).tobytes()


def _one_hot(n: int, i: int) -> tuple[int, ...]:
    return tuple(int(j == i) for j in range(n))


def _grown_from(old: tuple[Enclosure, ...], new: tuple[Enclosure, ...]) -> int:
    """The first enclosure of ``new`` to draw over a board drawn from ``old``, or -1
    when ``new`` is not ``old`` after a place or a take (draw it all afresh).

    A place appends an enclosure; a take replaces the last one by the same
    rectangle with its kind; the enclosures before stay the same (the engine
    passes them on as the same objects, so the tuple comparison, in C, finds
    each one ``is`` its old self and never calls ``Enclosure.__eq__``).
    """
    n = len(old)
    if new is old:
        return n
    if not n:
        return 0
    if len(new) < n or new[: n - 1] != old[:-1]:
        return -1
    a, b = old[-1], new[n - 1]
    if a is b:
        return n
    if (a.x, a.y, a.width, a.height) != (b.x, b.y, b.width, b.height):
        return -1
    return n - 1


def _minus_one(value: object) -> int:
    """A 1-based move field as a 0-based part value; anything but an int gets -1,
    which :meth:`Numbering.index` refuses with the part's name."""
    return value - 1 if type(value) is int else -1


def _kind(kind: object) -> int:
    """The index of ``kind`` in :data:`KINDS`, or -1 (refused by ``Numbering.index``)."""
    return KIND_INDEX.get(kind, -1) if type(kind) is str else -1


# -- facts ------------------------------------------------------------------------------


def max_decisions(rules: Rules) -> int:
    """The most player decisions in one game: ``R * (P * (K + 2U + 4) + 3)``.

    ``R`` rounds, ``P`` players, ``U`` fertilizer uses per turn, ``K``
    choice-face re-rolls per turn (``fertilizer.six_rerolls_per_turn``).
    Players decide only in their turns (phases SIX, FERTILIZE, PLACE, TAKE,
    FARM); every other node is chance. A round gives each seat one turn and
    there are at most ``R`` rounds. In one turn:

    * PLACE is met once (``place`` or ``pass``; a pass ends the turn), then
      at most one TAKE and one FARM: 3.
    * FERTILIZE is entered only while ``uses < U`` and each use adds one, so
      at most ``U`` uses, and one ``done`` (it leads to PLACE): ``U + 1``.
    * SIX: each ``take fertilizer and reroll six`` counts toward ``K``; each
      ``set six`` turns one die showing the choice face into 1-5, and such
      dice come only from the round's roll (3 dice, in the round's first
      turn) and from re-rolls: a choice-face re-roll replaces that die, and
      the other re-rolls are fertilizer uses, at most ``U``. So at most
      ``K + U`` SIX decisions, 3 more in a round's first turn.
    """
    fertilizer = rules.fertilizer
    per_turn = fertilizer.six_rerolls_per_turn + 2 * fertilizer.uses_per_turn + 4
    return rules.rounds * (rules.players * per_turn + 3)


def max_chance_nodes(rules: Rules) -> int:
    """The most chance nodes in one game:
    ``1 + D + 5SR + R * (1 + P(Q + 1) + P(K + 5SU))``.

    ``S`` column slots, ``D`` support cards drawn, ``Q`` the order re-roll
    limit, the rest as in :func:`max_decisions`. A draw fills a free slot
    of the assets board, so a fill or refill of the board is at most ``5S``
    draws (``S`` per column; a moved token never adds one). Then:

    * setup: ``1 + D`` reveals and one fill;
    * a settling of the turn order (in setup, and after each of rounds 1 to
      ``R - 1``; the last round ends the game without one): the groups tied
      on points (or everyone, in setup) roll once, at most ``P`` dice, and
      each of at most ``Q`` re-rolls rolls one tied group, at most ``P``
      dice: ``P(Q + 1)``;
    * each round: one roll of three dice, and one refill after rounds 1 to
      ``R - 1``;
    * each turn: a one-die re-roll for each choice-face re-roll (at most
      ``K``) and each fertilizer re-roll, and a refill of ``5S`` draws for
      each refresh; re-rolls and refreshes are uses, at most ``U``, so at
      most ``K + 5SU`` (``S >= 1``).
    """
    fertilizer = rules.fertilizer
    slots = COLUMNS * rules.column_slots
    players, rounds = rules.players, rules.rounds
    setup = 1 + rules.support_cards_drawn + slots
    order = players * (rules.order_reroll_limit + 1)
    turn = fertilizer.six_rerolls_per_turn + slots * fertilizer.uses_per_turn
    return setup + rounds * (1 + order + players * turn) + (rounds - 1) * slots


def max_places(rules: Rules) -> int:
    """The most ``place`` moves one decision can list: for the dice that allow
    the most, every top-left cell of every width x height they give that keeps
    the enclosure on the board."""
    size = rules.board_size
    best = 0
    for dice in itertools.combinations_with_replacement(SIDES, 3):
        shapes = {(w, h) for w, h, _ in itertools.permutations(dice)}
        best = max(best, sum((size - w + 1) * (size - h + 1) for w, h in shapes))
    return best


def max_legal_moves(rules: Rules) -> int:
    """The most legal moves at one decision: the largest of

    * SIX: ``reroll six`` and ``set six`` 1-5, 6;
    * FERTILIZE: ``done``, a re-roll and at most two adjusts for each of at
      most 3 distinct dice (9), ``refresh``, and a move to each of at most 4
      other columns for each distinct kind in a column: the board holds at
      most ``5S`` tokens and a column at most 8 kinds, so
      ``11 + 4 * min(40, 5S)``;
    * PLACE: :func:`max_places` (or the one ``pass``);
    * TAKE: the distinct kinds in one column, at most ``min(8, 5S)`` (with
      ``move_to_full_column`` every token on the board may end in one column);
    * FARM: one ``put`` per category, or the one ``discard``.
    """
    slots = rules.column_slots
    return max(
        1 + DIE_FACES - 1,
        11 + 4 * min(COLUMNS * len(KINDS), COLUMNS * slots),
        max_places(rules),
        min(len(KINDS), COLUMNS * slots),
        len(rules.farm_board),
    )


def max_chance_outcomes(rules: Rules) -> int:
    """The most outcomes at one chance node: the largest of the 56 rolls of
    three dice, a die (6 faces, the order die ``order_die_faces``), the
    enclosure cards (the first reveal), the usable support cards (the
    others, when any are drawn), and the kinds the bag starts with (a draw:
    the bag never holds a kind it did not start with)."""
    support = len(rules.usable_support_cards) if rules.support_cards_drawn else 0
    return max(
        len(ROUND_ROLLS),
        DIE_FACES,
        rules.order_die_faces,
        len(rules.enclosure_cards),
        support,
        sum(1 for n in rules.bag.counts() if n),
    )


def max_score(rules: Rules) -> int:
    """The highest score any seat can have, during the game or at the end.

    A seat builds at most one enclosure a round and each takes a token, so
    it places at most ``T = min(rounds, tokens in the bag)`` miniatures. A
    miniature of kind ``k`` scores at most its largest placement number,
    its largest animal bonus and the barn's and granary's bonus points when
    they name ``k``, and gives at most its fertilizer, pair fertilizer and
    the bonuses' fertilizer. During the game the score is those placement
    points; at the end it adds each category's largest slot, the revealed
    enclosure card (at most ``T`` enclosures at its points), the ``D``
    support cards worth the most, and fertilizer: what the miniatures and
    at most ``K`` choice-face re-rolls in each of ``rounds`` turns gave
    (spending only lowers it), divided by ``per_point``. Every part is at
    least 0, so the lowest score is 0.
    """
    placed = min(rules.rounds, sum(rules.bag.counts()))
    points = fertilizer = 0
    for kind, row in zip(KINDS, rules.placement.rows(), strict=True):
        bonuses = [b for b in (rules.barn_bonus, rules.granary_bonus) if kind in b.kinds]
        points = max(
            points,
            max(row.points) + max(row.animal_bonus, default=0) + sum(b.points for b in bonuses),
        )
        fertilizer = max(
            fertilizer,
            row.fertilizer + row.pair_fertilizer + sum(b.fertilizer for b in bonuses),
        )
    fert = rules.fertilizer
    gained = placed * fertilizer + rules.rounds * fert.six_rerolls_per_turn * fert.six_reroll_gain
    support = sorted((c.points for c in rules.usable_support_cards), reverse=True)[
        : rules.support_cards_drawn
    ]
    missions = max(c.points for c in rules.enclosure_cards) * placed + sum(support)
    board = sum(max(cat.points) for cat in rules.farm_board)
    return placed * points + board + missions + gained // fert.per_point


# -- the encoding and the module's conveniences -------------------------------------------


def encoding(rules: Rules) -> FenceEncoding:
    """The encoding of ``rules``: built once for equal Rules, and kept on each Rules
    object (``rules.encoding``), so looking it up again is one attribute read.

    (A cache keyed by the Rules alone would compare a Rules equal to its key,
    but not the same object, field by field on every move encoded.)
    """
    return rules.encoding


@functools.lru_cache(maxsize=64)
def shared_encoding(rules: Rules) -> FenceEncoding:
    """The one encoding of Rules equal to ``rules`` (what ``rules.encoding`` holds)."""
    return FenceEncoding(rules)


def action_space_size(rules: Rules) -> int:
    """How many action numbers the player moves of ``rules`` have."""
    return encoding(rules).actions.size


def observation_tensor(view: View) -> list[int]:
    """The observation of ``view`` (what ``observe(state, seat)`` returned), a flat list
    of ints laid out as :class:`FenceEncoding` describes."""
    return encoding(view.rules).observation(view)
