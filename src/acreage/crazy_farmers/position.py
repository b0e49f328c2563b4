"""Positions of Crazy Farmers: the state as plain data and as text, checked; arrange.

:func:`to_position` writes a state as JSON data and :func:`from_position`
reads it back under given rules, refusing with a
:class:`~acreage.core.position.PositionError` any position that cannot
occur: more fence pieces than a player has, more cards of a kind than the
deck holds, more hay bales than the box holds, a fence that is not a
loop-free line from its field to its tractor, two tractors on one crossroad,
a powered tractor on an opponent's fence, a seat that is not at the table,
the Cow off its own field or facing nowhere after setup... What the rest
determines is never written and always recomputed: each farmer's main field
(the part of its field its fence starts from or its tractor stands on), the
paths and crossroads of its fence, what the cards lying in front of it do,
where the Endgame card lies and the Mad Cow draw pile.

:func:`position_text` and :func:`parse_position` do the same with a compact
text: the hexagonal board as rows of plots, then one named field a line.
:func:`arrange` changes some fields of a state's position, with the same
checks; :func:`scenario` sets up the start of a turn from a few words (the
plots, tractors, fences and cards that matter), for puzzles and tests. The
format is documented field by field in
https://acreage.readthedocs.io/en/latest/games/crazy-farmers/#positions.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from acreage.core.bitset import bits
from acreage.core.chance import Deck, Pile
from acreage.core.game import check_seat, shorten
from acreage.core.position import (
    POSITION_FORMAT,
    Fields,
    Node,
    PositionError,
    PositionText,
    close_names,
    position_fields,
)
from acreage.crazy_farmers import board
from acreage.crazy_farmers.bales import bridges, pens
from acreage.crazy_farmers.board import GRID, STEPS, VERTEX_CELLS, component
from acreage.crazy_farmers.cards import MAX_MOVES, handler, in_play_effects
from acreage.crazy_farmers.engine import legal_moves
from acreage.crazy_farmers.moves import THE_COW
from acreage.crazy_farmers.pieces import fence_marks
from acreage.crazy_farmers.rules import MAX_COUNT, MAX_KINDS, Rules
from acreage.crazy_farmers.state import COW_TURN, NO_GUARD, Cow, Farmer, Phase, State, Work
from acreage.crazy_farmers.tasks import agenda_of
from acreage.crazy_farmers.turns import begin_turn
from acreage.crazy_farmers.view import View, resample

__all__ = [
    "arrange",
    "from_position",
    "from_view",
    "parse_position",
    "position_text",
    "scenario",
    "to_position",
]

GAME_NAME: Final = "crazy-farmers"

PHASES: Final[dict[str, Phase]] = {phase.name.lower(): phase for phase in Phase}
"""The phases by their name in a position (``"turn"``, ``"hay_bale"``...)."""

SETUP_CARDS: Final = 3
"""'Each player draws 3 bonus cards' at setup, keeps one and sets the others aside."""

_SETUP = frozenset((Phase.DEAL, Phase.KEEP))
_MAD_COW_PHASES = frozenset(p for p in Phase if p >= Phase.FACE)
_BACKLASH = frozenset((Phase.AIM, Phase.BACKLASH_BALE, Phase.FLY, Phase.SURRENDER))
_CARD_PHASES = frozenset((Phase.CHECK, *_BACKLASH))
"""The phases in which a bonus card is being checked or takes its Backlash effect."""
_Checked = tuple[str, int, int, int]
"""The bonus card being checked or taking its Backlash effect (``""`` for none), its
target, and a Backlash Hay Bale's aim and first bale (-1 for none): the top task's data."""
_NONE: Final[_Checked] = ("", -1, -1, -1)
_ON_BOARD = frozenset((Phase.TURN, Phase.HAY_BALE, Phase.HELICOPTER))
"""The phases of a player's turn once their tractor is on the board."""
_FLOWN_PHASES = _ON_BOARD | _CARD_PHASES | {Phase.DRAW, Phase.COW_BONUS, Phase.OVER}
"""The phases during which a tractor may have flown this turn."""
_ENDINGS: Final = ("", "tiles", "endgame", "elimination", "repetition", "turns")
_COW_ENDINGS: Final = ("", "lockdown", "cow", "elimination", "repetition", "turns")

_KEYS = (
    "player",
    "turn_number",
    "farmers",
    "bales",
    "deck",
    "discard",
    "allowance",
    "moves_made",
    "pending",
    "flown",
    "history",
    "reshuffles",
    "ended",
    "cow",
)
_DERIVED = {
    "to_move": "derived, not given: the seat deciding is player, but in the phases "
    "chance decides (deal, draw, face, cow, check, cow_bonus) and at the end",
    "endgame": "derived, not given: once setup is over the Endgame card lies among the "
    "last cards of the draw pile the rules say, until it is drawn",
    "barns": "derived, not given: the rules' barns, less those a Backlash Dynamite blew up "
    "(cow.blasted)",
    "hay_bales_left": "derived, not given: the rules' hay bales less those on the board",
}
_FARMER_KEYS = ("plots", "tractor", "fence", "hand", "set_aside", "in_play", "out")
_FARMER_DERIVED = {
    "main": "derived, not given: the part of the plots the fence starts from, or the "
    "tractor stands on",
    "fallow": "derived, not given: the plots outside the main field",
    "fence_paths": "derived, not given: the paths between the fence's crossroads",
    "fence_crossroads": "derived, not given: the crossroads of the fence",
    "guards": "derived, not given: what the cards in play (High Voltage, Watchdog) give",
    "slowdown": "derived, not given: the moves the Ruts in play take",
    "powered": "derived, not given: a fence, or a tractor on the main field",
}
_COW_KEYS = (
    "plot",
    "facing",
    "plots",
    "discard",
    "pile",
    "draws",
    "active",
    "played",
    "turns",
    "rests",
    "ruts",
    "guard",
    "blasted",
    "card",
    "target",
    "aim",
    "first_bale",
)
_COW_DERIVED = {
    "deck": "derived, not given: the Mad Cow draw pile holds every Mad Cow card not in "
    "cow.discard or cow.pile, in no known order",
}
_LEAST_ALLOWANCE: Final = 3 - 2 * MAX_COUNT * MAX_KINDS
"""The fewest moves a turn can allow: 3, less 2 for every card of the largest deck
were each a Rut (an allowance below 0 is a turn with no move)."""
_LIST_LIMIT = 2000  # far above any list of a real position (the largest deck); bounds reading
_HISTORY_BITS = 4096  # far above any packed position (a few hundred bits)


# -- to data -------------------------------------------------------------------------


def _plot_names(cells: int) -> list[str]:
    return [board.plot_name(c) for c in bits(cells)]


def _path_names(paths: int) -> list[str]:
    return [board.path_name(e) for e in bits(paths)]


def _target_data(rules: Rules, card: str, target: int) -> int | str | None:
    if not card or target < 0:
        return None
    kind = handler(rules, card).target
    if kind == "path":
        return board.path_name(target)
    if kind == "plot":
        return board.plot_name(target)
    return "cow" if target == THE_COW else target


def to_position(state: State) -> dict[str, Any]:
    """``state`` as plain JSON data; :func:`from_position` reads it back to an equal state.

    Every field is written; what is derived (main fields, the marks of the
    fences, the Endgame card's place, the Mad Cow draw pile) is left out.
    """
    rules = state.rules
    data: dict[str, Any] = {
        "game": GAME_NAME,
        "format": POSITION_FORMAT,
        "phase": state.phase.name.lower(),
        "player": state.player,
        "turn_number": state.turn_number,
        "farmers": [_farmer_data(f) for f in state.farmers],
        "bales": _path_names(state.bales),
        "deck": [list(segment.cards()) for segment in state.deck.segments],
        "discard": list(state.discard),
        "allowance": state.allowance,
        "moves_made": state.moves_made,
        "pending": state.pending,
        "flown": state.flown,
        "history": [f"{key:x}" for key in state.history],
        "reshuffles": state.reshuffles,
        "ended": state.ended,
    }
    cow = state.cow
    if cow is not None:
        # What the top task decides about a bonus card, written with the Cow as ever.
        task = state.decision
        card, target, aim, first = (
            (task.card, task.target, task.aim, task.first_bale) if task is not None else _NONE
        )
        data["cow"] = {
            "plot": board.plot_name(cow.plot),
            "facing": board.SIDES[cow.facing] if cow.facing >= 0 else None,
            "plots": _plot_names(cow.plots),
            "discard": list(cow.discard),
            "pile": list(cow.pile),
            "draws": cow.draws,
            "active": cow.active,
            "played": cow.played,
            "turns": cow.turns,
            "rests": cow.rests,
            "ruts": list(cow.ruts),
            "guard": "none"
            if cow.guard == NO_GUARD
            else "cow"
            if cow.guard == COW_TURN
            else cow.guard,
            "blasted": _plot_names(cow.blasted),
            "card": card or None,
            "target": _target_data(rules, card, target),
            "aim": board.crossroad_name(aim) if aim >= 0 else None,
            "first_bale": board.path_name(first) if first >= 0 else None,
        }
    return data


def _farmer_data(f: Farmer) -> dict[str, Any]:
    return {
        "plots": _plot_names(f.plots),
        "tractor": board.crossroad_name(f.tractor) if f.tractor >= 0 else None,
        "fence": [board.crossroad_name(v) for v in f.fence],
        "hand": list(f.hand),
        "set_aside": list(f.set_aside),
        "in_play": list(f.in_play),
        "out": f.out,
    }


# -- from data -----------------------------------------------------------------------


def from_position(rules: Rules, data: Mapping[str, Any]) -> State:
    """The state the position ``data`` describes under ``rules``.

    ``data`` is what :func:`to_position` writes; only ``phase`` is required,
    every other key defaults to empty or 0 (no plots, no cards, player 0...),
    and the farmers left out are empty ones. The draw pile (``deck``) must
    hold every bonus card that is nowhere else; left out, it is those cards,
    shuffled.
    :class:`~acreage.core.position.PositionError` names the first thing that
    cannot be (``farmers[1].fence: ...``); nothing else is raised, whatever
    ``data`` holds.
    """
    if not isinstance(rules, Rules):
        raise PositionError(f"rules: expected crazy_farmers.Rules, got {type(rules).__name__}")
    fields = position_fields(data, GAME_NAME, required=("phase",), optional=_KEYS, derived=_DERIVED)
    return _Reader(rules, fields).state()


def _named(node: Node, read: Any, what: str) -> int:
    """The board id ``read`` gives for the name in ``node``; its error if none."""
    name = node.text(what=what)
    try:
        return int(read(name))
    except ValueError as e:
        node.fail(str(e))


def _flag(node: Node | None) -> bool:
    """The value of ``node`` as true or false (``False`` when absent)."""
    if node is None:
        return False
    if not isinstance(node.value, bool):
        node.fail(f"expected true or false, got {shorten(node.value, 40)}")
    return bool(node.value)


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


class _Reader:
    """Reads one position's data under the rules, checking as it goes."""

    def __init__(self, rules: Rules, fields: Fields) -> None:
        self.rules = rules
        self.fields = fields
        self.players = rules.players

    # -- small readers

    def plots(self, node: Node | None) -> int:
        out = 0
        if node is None:
            return 0
        for item in node.items(GRID.n_cells + 1):
            bit = 1 << _named(item, board.plot, "a plot 'q,r'")
            if out & bit:
                item.fail(f"{board.plot_name(bit.bit_length() - 1)} is listed twice")
            out |= bit
        return out

    def cards(self, node: Node | None, limit: int = _LIST_LIMIT) -> tuple[str, ...]:
        if node is None:
            return ()
        names = self.rules.card_names
        return tuple(
            sorted(item.text(names, "a bonus card of this game") for item in node.items(limit))
        )

    def crossroad(self, node: Node) -> int:
        return _named(node, board.crossroad, "a crossroad 'q,r CORNER'")

    def seat(self, node: Node) -> int:
        seat = node.integer()
        if not 0 <= seat < self.players:
            node.fail(f"seat {seat} is not at this {self.table()}")
        return seat

    def table(self) -> str:
        return "solo game" if self.players == 1 else f"{self.players}-player table"

    # -- the whole

    def state(self) -> State:
        rules, fields = self.rules, self.fields
        phase_node = fields.at("phase")
        phase = PHASES[phase_node.text(tuple(PHASES), "a phase")]
        mad_cow = rules.mad_cow
        if phase in _MAD_COW_PHASES and not mad_cow:
            phase_node.fail(f"the {phase.name.lower()} phase is the Mad Cow mode's")
        player = self.seat(fields.at("player")) if "player" in fields else 0
        turn_number = fields.integer("turn_number", 0, rules.turn_limit)
        ended = fields.text(
            "ended", _COW_ENDINGS if mad_cow else _ENDINGS, "a reason the game ended"
        )
        if (phase is Phase.OVER) != bool(ended):
            fields.at("ended").fail(
                "the game is over, so it ended for a reason"
                if ended == ""
                else f"the game ended ({ended}), so its phase is over"
            )
        farmers = self.farmers()
        cow_node = fields.get("cow")
        if mad_cow and cow_node is None:
            fields.at("cow").fail("missing: the Mad Cow mode has a Cow")
        if not mad_cow and cow_node is not None:
            cow_node.fail("the competitive game has no Cow (Rules(mode='mad-cow') has)")
        cow, checked = (
            self.cow(cow_node, phase, farmers, ended) if cow_node is not None else (None, _NONE)
        )
        self.check_table(farmers, phase, player, ended)
        bales = self.bales(farmers)
        deck, discard, reshuffles = self.deck(farmers, checked[0], phase)
        allowance = fields.integer("allowance", _LEAST_ALLOWANCE, MAX_MOVES)
        moves_made = fields.integer("moves_made", 0, MAX_MOVES)
        if moves_made > max(allowance, 0):
            fields.at("moves_made").fail(
                f"{_count(moves_made, 'move')} made, and the turn allows {max(allowance, 0)}"
            )
        pending = self.pending(phase, deck, discard)
        flown = self.flag("flown")
        # The Helicopter's flight lasts to the end of its turn: the draws and the
        # Backlash effects that may follow within the turn keep it.
        if flown and phase not in _FLOWN_PHASES:
            fields.at("flown").fail(f"no tractor flies during the {phase.name.lower()} phase")
        history = self.history()
        endgame = -1
        if rules.endgame_card and phase not in _SETUP and ended != "endgame":
            window = rules.endgame_window
            endgame = 2 * self.players if window is None else window
        if phase in _SETUP or phase is Phase.FACE:
            self.check_setup(phase, player, turn_number, farmers, discard, bales)
        state = State(
            rules,
            agenda_of(phase, player, pending, *checked),
            player,
            farmers,
            bales,
            deck,
            endgame,
            discard,
            allowance,
            moves_made,
            flown,
            history,
            reshuffles,
            ended,
            cow,
            turn_number,
        )
        # Until the end someone always has a move (a draw, a choice, ending the turn).
        if phase is not Phase.OVER and not legal_moves(state):
            fields.at("phase").fail(
                f"nothing can be done in the {phase.name.lower()} phase of this position"
            )
        return state

    def flag(self, name: str) -> bool:
        return _flag(self.fields.get(name))

    # -- farmers

    def farmer_nodes(self) -> list[Node]:
        """The nodes of the farmers; empty ones when the position gives none."""
        if "farmers" not in self.fields:
            farmers = self.fields.node.key("farmers")
            return [Node({}, parent=farmers, step=seat) for seat in range(self.players)]
        return self.fields.items("farmers", self.players, length=self.players)

    def farmers(self) -> tuple[Farmer, ...]:
        rules = self.rules
        nodes = self.farmer_nodes()
        farmers = [self.farmer(seat, node) for seat, node in enumerate(nodes)]
        owned = 0
        for f, node in zip(farmers, nodes, strict=True):
            where = node.key("plots")
            if rules.mad_cow:
                shared = next((g.plots for g in farmers if not g.out), 0)
                if not f.out and f.plots != shared:
                    where.fail("in the Mad Cow mode the players share one field")
            elif f.plots & owned:
                clash = (f.plots & owned).bit_length() - 1
                where.fail(f"{board.plot_name(clash)} is another player's plot")
            owned |= f.plots
        for s, t in itertools.permutations(range(self.players), 2):
            f, g = farmers[s], farmers[t]
            if s < t and f.fence_crossroads & g.fence_crossroads:
                nodes[t].key("fence").fail(
                    f"the fences of players {s} and {t} cross: one would be cut"
                )
            if f.tractor >= 0 and f.tractor == g.tractor:
                nodes[t].key("tractor").fail(
                    f"two tractors stand on {board.crossroad_name(f.tractor)}"
                )
            if (
                not rules.mad_cow
                and f.tractor >= 0
                and g.fence_crossroads >> f.tractor & 1
                and f.powered
            ):
                nodes[s].key("tractor").fail(
                    f"player {s}'s powered tractor stands on player {t}'s fence, "
                    "which it would have cut"
                )
        return tuple(farmers)

    def farmer(self, seat: int, node: Node) -> Farmer:
        rules = self.rules
        f = node.fields(optional=_FARMER_KEYS, derived=_FARMER_DERIVED)
        out = _flag(f.get("out"))
        set_aside = self.cards(f.get("set_aside"), SETUP_CARDS - 1)
        if set_aside and rules.mad_cow:
            f.at("set_aside").fail("nothing is set aside in the Mad Cow mode")
        if len(set_aside) not in (0, SETUP_CARDS - 1):
            f.at("set_aside").fail(
                f"a player sets aside {SETUP_CARDS - 1} of the {SETUP_CARDS} cards drawn at setup"
            )
        if out:
            for key in ("plots", "tractor", "fence", "hand", "in_play"):
                value = f.at(key).value
                if value not in (None, [], ()):
                    f.at(key).fail(
                        f"player {seat} is eliminated: their tractor, fences and cards left the game"
                    )
            return Farmer(set_aside=set_aside, out=True)
        plots = self.plots(f.get("plots"))
        fence = self.fence(seat, f, plots)
        tractor_node = f.at("tractor")
        tractor = -1 if tractor_node.is_null() else self.crossroad(tractor_node)
        if fence and tractor != fence[-1]:
            tractor_node.fail(f"player {seat}'s fence ends at their tractor")
        if tractor >= 0 and not plots:
            tractor_node.fail(f"player {seat} has no plot: a tractor starts from one")
        anchor = fence[0] if fence else tractor
        main = plots if anchor < 0 else component(plots, VERTEX_CELLS[anchor])
        paths, crossroads = fence_marks(fence)
        hand = self.cards(f.get("hand"))
        in_play = self.cards(f.get("in_play"))
        for card in in_play:
            if handler(rules, card).lies_with is None:
                f.at("in_play").fail(f"a {card} is discarded once played")
        guards, slowdown = in_play_effects(rules, in_play)
        return Farmer(
            tractor,
            fence,
            paths,
            crossroads,
            plots,
            main,
            hand,
            set_aside,
            in_play,
            slowdown,
            guards,
        )

    def fence(self, seat: int, f: Fields, plots: int) -> tuple[int, ...]:
        rules = self.rules
        node = f.get("fence")
        if node is None:
            return ()
        items = node.items(GRID.n_vertices + 1)
        fence = tuple(self.crossroad(item) for item in items)
        if len(fence) == 1:
            node.fail("give at least 2 crossroads, start to tractor")
        for i, v in enumerate(fence):
            if v in fence[:i]:
                items[i].fail("the fence passes a crossroad twice: fences have no loops")
        if len(fence) - 1 > rules.fences:
            node.fail(f"{len(fence) - 1} fence pieces, and a player has {rules.fences}")
        for i, (a, b) in enumerate(itertools.pairwise(fence)):
            if all(w != b for _, _, w in STEPS[a]):
                items[i + 1].fail(
                    f"{board.crossroad_name(a)} and {board.crossroad_name(b)} are not "
                    "joined by a path"
                )
        if fence and not VERTEX_CELLS[fence[0]] & plots:
            items[0].fail(f"player {seat}'s fence must start on a crossroad of their field")
        main = component(plots, VERTEX_CELLS[fence[0]]) if fence else 0
        for i, v in enumerate(fence[1:], 1):
            if VERTEX_CELLS[v] & main:
                items[i].fail(
                    f"the fence touches its main field again at {board.crossroad_name(v)}: "
                    "it would have annexed"
                )
        return fence

    # -- the table

    def check_table(
        self, farmers: tuple[Farmer, ...], phase: Phase, player: int, ended: str
    ) -> None:
        rules, fields = self.rules, self.fields
        nodes = self.farmer_nodes()
        left = [s for s, f in enumerate(farmers) if not f.out]
        # At the end another reason may come with the last plots ("tiles", "cow").
        if phase is not Phase.OVER and len(left) < (self.players if rules.mad_cow else 2):
            if rules.mad_cow:
                nodes[next(s for s, f in enumerate(farmers) if f.out)].key("out").fail(
                    "in the Mad Cow mode the players share their field and lose their "
                    "last plot together, which ends the game (ended: elimination)"
                )
            fields.at("farmers").fail("with one player left the game is over (ended: elimination)")
        if farmers[player].out and phase is not Phase.OVER:
            fields.at("player").fail(f"player {player} is eliminated and cannot play")
        me = farmers[player]
        if phase in _ON_BOARD and me.tractor < 0:
            fields.at("player").fail(
                f"player {player}'s tractor is not on the board: their turn starts by placing it "
                "(phase start)"
            )
        if phase is Phase.HELICOPTER and me.fence:
            fields.at("phase").fail(
                f"player {player} has a fence: 'Helicopter can only be used if you have no fences'"
            )
        if phase is Phase.START and me.tractor >= 0:
            fields.at("phase").fail(f"player {player}'s tractor is on the board already")
        if not rules.mad_cow and rules.start == "fixed":
            for s, f in enumerate(farmers):
                if not f.out and phase is not Phase.OVER and not f.plots:
                    nodes[s].key("plots").fail(
                        f"player {s} has no plot: a player with none is eliminated (out: true)"
                    )
        if ended == "" and not rules.mad_cow:
            self.check_hands(farmers, nodes, phase, player)
            self.check_tiles(farmers, nodes)

    def check_tiles(self, farmers: tuple[Farmer, ...], nodes: list[Node]) -> None:
        """The game ends as soon as a pile of plot tiles runs out: until then one is left."""
        tiles = self.rules.plot_tiles
        if self.rules.common_pile:
            placed = sum(f.plots.bit_count() for f in farmers)
            if placed >= tiles:
                self.fields.at("farmers").fail(
                    f"{placed} plots, and the common pile of {tiles} tiles ran out, which "
                    "ended the game (ended: tiles)"
                )
            return
        for s, f in enumerate(farmers):
            if f.plots.bit_count() >= tiles:
                nodes[s].key("plots").fail(
                    f"{f.plots.bit_count()} plots, and player {s}'s pile of {tiles} tiles ran "
                    "out, which ended the game (ended: tiles)"
                )

    def check_hands(
        self, farmers: tuple[Farmer, ...], nodes: list[Node], phase: Phase, player: int
    ) -> None:
        limit = self.rules.hand_limit
        for s, f in enumerate(farmers):
            if s != player and len(f.hand) > limit and phase not in _SETUP:
                nodes[s].key("hand").fail(
                    f"{_count(len(f.hand), 'card')}, and every turn ends with at most {limit} in hand"
                )

    def check_setup(
        self,
        phase: Phase,
        player: int,
        turn_number: int,
        farmers: tuple[Farmer, ...],
        discard: tuple[str, ...],
        bales: int,
    ) -> None:
        fields = self.fields
        if turn_number:
            fields.at("turn_number").fail("no turn has started during setup")
        if discard or bales:
            fields.at("discard" if discard else "bales").fail("nothing is played during setup")
        nodes = self.farmer_nodes()
        for s, f in enumerate(farmers):
            if f.tractor >= 0 or f.in_play:
                nodes[s].key("tractor" if f.tractor >= 0 else "in_play").fail(
                    "nothing is played during setup"
                )
            if phase is Phase.FACE:
                continue
            if s < player:
                want = (1, SETUP_CARDS - 1)
            elif s == player:
                want = (len(f.hand), 0)
            else:
                want = (0, 0)
            if (len(f.hand), len(f.set_aside)) != want:
                nodes[s].key("hand").fail(
                    f"at setup the players before the one dealt to ({player}) hold 1 card and "
                    f"set {SETUP_CARDS - 1} aside, the others none yet"
                )
            if s == player:
                full = len(f.hand) == SETUP_CARDS
                if full != (phase is Phase.KEEP) or len(f.hand) > SETUP_CARDS:
                    nodes[s].key("hand").fail(
                        f"player {player} keeps one of {SETUP_CARDS} cards (phase keep) once "
                        f"dealt all {SETUP_CARDS} (phase deal)"
                    )

    def bales(self, farmers: tuple[Farmer, ...]) -> int:
        rules = self.rules
        node = self.fields.get("bales")
        if node is None:
            return 0
        mask = 0
        items = node.items(GRID.n_edges + 1)
        for item in items:
            e = _named(item, board.path, "a path 'q,r SIDE'")
            if not board.INNER_PATHS >> e & 1:
                item.fail(f"{board.path_name(e)} is on the edge of the board")
            if mask >> e & 1:
                item.fail(f"{board.path_name(e)} is listed twice")
            mask |= 1 << e
        if mask.bit_count() > rules.hay_bales:
            node.fail(
                f"{_count(mask.bit_count(), 'hay bale')}, and the box holds {rules.hay_bales}"
            )
        for s, f in enumerate(farmers):
            if f.fence_paths & mask:
                node.fail(f"a hay bale lies on player {s}'s fence")
        # The bales lock someone in exactly when one of them, taken off, lies on a
        # bridge of the rest: the last of them placed would have been refused.
        for e in bits(mask):
            rest = mask & ~(1 << e)
            if bridges(rest) >> e & 1:
                node.fail("they cut the crossroads in two ('It is forbidden to lock in')")
            if rules.mad_cow and not rules.lock_in_cow and pens(rest) >> e & 1:
                node.fail("they lock the Cow in (Rules.lock_in_cow is off)")
        return mask

    def deck(
        self, farmers: tuple[Farmer, ...], in_effect: str, phase: Phase
    ) -> tuple[Deck[str], tuple[str, ...], int]:
        rules, fields = self.rules, self.fields
        discard = self.cards(fields.get("discard"))
        reshuffles = fields.integer("reshuffles", 0, 1_000_000)
        if reshuffles and rules.endgame_card:
            fields.at("reshuffles").fail(
                "with the Endgame card in the draw pile the discard pile is never reshuffled"
            )
        held = _held(farmers, discard, in_effect, phase)
        counts = rules.deck_counts()
        node = fields.at("deck")
        for card in sorted(held):
            if held[card] > counts.get(card, 0):
                self.where_held(farmers, card).fail(
                    f"{held[card]} {card} cards in hands, in play and discarded, and the deck "
                    f"holds {counts.get(card, 0)}"
                )
        if "deck" not in fields:
            deck = _default_deck(counts, held, farmers, phase, reshuffles)
            if not _bottom_is_set_aside(deck, farmers, phase, reshuffles):
                node.fail(
                    "missing: the cards set aside at setup are not all in the draw pile, so "
                    "its parts must be given"
                )
            return deck, discard, reshuffles
        segments: list[Pile[str]] = []
        seg_nodes = fields.items("deck", 2)
        for seg_node in seg_nodes:
            cards = self.cards(seg_node)
            if not cards:
                seg_node.fail("an empty part of the draw pile: leave it out")
            segments.append(Pile.of(cards))
        if len(segments) == 2 and (phase in _SETUP or rules.mad_cow):
            seg_nodes[1].fail(
                "the draw pile is in two parts only once the cards set aside at setup went under it"
            )
        deck = Deck(tuple(segments))
        for segment in segments:
            held.update(segment.cards())
        for card in sorted(set(held) | set(counts)):
            have, want = held[card], counts.get(card, 0)
            if have > want:
                node.fail(
                    f"{have} {card} cards in the game (hands, in play, discard, draw pile), "
                    f"and the deck holds {want}"
                )
            if have < want:
                node.fail(
                    f"{want - have} of the deck's {want} {card} cards are nowhere: every card "
                    "not in a hand, in play or discarded is in the draw pile"
                )
        if not _bottom_is_set_aside(deck, farmers, phase, reshuffles):
            node.fail(
                "while nobody has drawn the cards set aside at setup, they are the bottom "
                "of the draw pile"
            )
        return deck, discard, reshuffles

    def where_held(self, farmers: tuple[Farmer, ...], card: str) -> Node:
        """The first place of the position holding ``card`` out of the draw pile."""
        nodes = self.farmer_nodes()
        for seat, f in enumerate(farmers):
            for key, cards in (
                ("hand", f.hand),
                ("in_play", f.in_play),
                ("set_aside", f.set_aside),
            ):
                if card in cards:
                    return nodes[seat].key(key)
        return self.fields.at("discard")

    def pending(self, phase: Phase, deck: Deck[str], discard: tuple[str, ...]) -> int:
        rules, fields = self.rules, self.fields
        pending = fields.integer("pending", 0, 100)
        node = fields.at("pending")
        if phase is Phase.DRAW:
            endgame = 1 if rules.endgame_card else 0
            if not 1 <= pending <= len(deck) + len(discard) + endgame:
                node.fail("a draw is for 1 card or more, no more than the piles hold")
        elif phase in (Phase.HAY_BALE, Phase.AIM, Phase.BACKLASH_BALE):
            if not 1 <= pending <= 10:
                node.fail(f"the {phase.name.lower()} phase places 1 hay bale or more")
        elif pending:
            node.fail(f"nothing is pending in the {phase.name.lower()} phase")
        return pending

    def history(self) -> tuple[int, ...]:
        keys = []
        limit = self.rules.turn_limit + 1
        for item in self.fields.items("history", min(limit, 100_000)):
            text = item.text(what="a packed position in hexadecimal")
            if not re.fullmatch(r"[0-9a-f]{1,1024}", text):
                item.fail(f"expected a packed position in hexadecimal, got {text[:40]!r}")
            keys.append(int(text, 16))
        return tuple(keys)

    # -- the Cow

    def cow(
        self, node: Node, phase: Phase, farmers: tuple[Farmer, ...], ended: str
    ) -> tuple[Cow, _Checked]:
        """The Cow, and the bonus card being checked or taking its Backlash effect with
        its target, aim and first bale (the top task's data)."""
        f = node.fields(optional=_COW_KEYS, derived=_COW_DERIVED)
        plot, facing, plots = self.cow_field(f, phase, farmers, ended)
        blasted = self.blasted(f)
        deck, discard, pile = self.cow_cards(f)
        active, draws, played, turns, rests, ruts = self.cow_turn(f, phase, pile)
        guard = self.cow_guard(f)
        card = self.checked_card(f, phase)
        target = self.target(f, card)
        aim, first = self.backlash_bales(f, phase)
        cow = Cow(
            plot,
            facing,
            plots,
            deck,
            discard,
            pile,
            draws,
            active,
            played,
            turns,
            rests,
            ruts,
            guard,
            blasted,
        )
        return cow, (card, target, aim, first)

    def cow_field(
        self, f: Fields, phase: Phase, farmers: tuple[Farmer, ...], ended: str
    ) -> tuple[int, int, int]:
        """The Cow's plot, facing and field, checked against the players' field and the end."""
        rules = self.rules
        plot_node = f.at("plot")
        plot = (
            board.CENTRE if plot_node.is_null() else _named(plot_node, board.plot, "a plot 'q,r'")
        )
        facing_node = f.at("facing")
        facing = (
            -1
            if facing_node.is_null()
            else board.SIDES.index(facing_node.text(board.SIDES, "a side N NE SE S SW NW"))
        )
        if (facing < 0) != (phase is Phase.FACE):
            facing_node.fail(
                "the Cow faces a neighbour from setup on"
                if facing < 0
                else "the Cow is turned to face a neighbour at setup (phase face)"
            )
        plots = self.plots(f.get("plots")) | (1 << plot if "plots" not in f else 0)
        team = next((g.plots for g in farmers if not g.out), 0)
        locked = ended == "lockdown" and team >> plot & 1
        if not plots >> plot & 1 and not locked:
            plot_node.fail(
                f"the Cow stands on its own field, and {board.plot_name(plot)} is not in cow.plots"
            )
        if plots.bit_count() >= rules.cow_tiles and ended != "cow":
            f.at("plots").fail(
                f"the Cow wins as soon as it has {rules.cow_tiles} plots (ended: cow)"
            )
        if team & plots:
            f.at("plots").fail(
                f"{board.plot_name((team & plots).bit_length() - 1)} is the players' plot"
            )
        return plot, facing, plots

    def blasted(self, f: Fields) -> int:
        """The barns a Backlash Dynamite blew up."""
        blasted = self.plots(f.get("blasted"))
        if blasted & ~self.rules.barn_plots:
            f.at("blasted").fail(
                f"{board.plot_name((blasted & ~self.rules.barn_plots).bit_length() - 1)} "
                "holds no barn"
            )
        return blasted

    def cow_cards(self, f: Fields) -> tuple[Deck[str], tuple[str, ...], tuple[str, ...]]:
        """The Mad Cow cards: the deck (every card not discarded or in the pile), the
        discard pile and the pile being played."""
        rules = self.rules
        names = rules.cow_cards
        discard = tuple(
            sorted(i.text(names, "a Mad Cow card of this game") for i in f.items("discard", 200))
        )
        pile = tuple(i.text(names, "a Mad Cow card of this game") for i in f.items("pile", 200))
        left = dict(rules.cow_deck_counts())
        for card in (*discard, *pile):
            left[card] -= 1
            if left[card] < 0:
                f.at("discard").fail(
                    f"more {card} cards than the Mad Cow deck's {rules.cow_deck_counts()[card]}"
                )
        deck: Deck[str] = Deck.of({c: k for c, k in left.items() if k})
        return deck, discard, pile

    def cow_turn(
        self, f: Fields, phase: Phase, pile: tuple[str, ...]
    ) -> tuple[bool, int, int, int, int, tuple[int, ...]]:
        """Where the Cow is in its turns: active, draws owed, cards played, player
        turns since its last, turns it rests, and the seats a Backlash Rut slows."""
        rules = self.rules
        active = _flag(f.get("active"))
        if pile and not active:
            f.at("pile").fail("the Cow's pile is played in its turn (active: true)")
        if phase is Phase.COW and not active:
            f.at("active").fail("the Cow draws its cards in its turn (active: true)")
        draws = f.integer("draws", 0, 100)
        played = f.integer("played", 0, rules.cow_card_limit)
        turns = f.integer("turns", 0, rules.cow_cadence - 1)
        rests = f.integer("rests", 0, 100)
        ruts = tuple(sorted(self.seat(i) for i in f.items("ruts", 100)))
        return active, draws, played, turns, rests, ruts

    def cow_guard(self, f: Fields) -> int:
        """Whose turn a Backlash Watchdog protects the Cow's plots until."""
        node = f.at("guard")
        if node.is_null() or node.value == "none":
            return NO_GUARD
        if node.value == "cow":
            return COW_TURN
        return self.seat(node)

    def checked_card(self, f: Fields, phase: Phase) -> str:
        """The bonus card being checked or taking its Backlash effect, ``""`` for none."""
        node = f.at("card")
        card = "" if node.is_null() else node.text(self.rules.card_names, "a bonus card")
        if bool(card) != (phase in _CARD_PHASES):
            node.fail(
                f"a bonus card is checked or takes its Backlash effect in the "
                f"{', '.join(p.name.lower() for p in sorted(_CARD_PHASES))} phases, and only there"
            )
        return card

    def backlash_bales(self, f: Fields, phase: Phase) -> tuple[int, int]:
        """The tractor a Backlash Hay Bale aims at and its first bale's path (-1 for none)."""
        aim = -1 if f.at("aim").is_null() else self.crossroad(f.at("aim"))
        if (aim >= 0) != (phase is Phase.BACKLASH_BALE):
            f.at("aim").fail("a Backlash Hay Bale aims at a tractor while its bales are placed")
        node = f.at("first_bale")
        first = -1 if node.is_null() else _named(node, board.path, "a path 'q,r SIDE'")
        if first >= 0 and phase is not Phase.BACKLASH_BALE:
            node.fail("the first Backlash hay bale is remembered while the others are placed")
        return aim, first

    def target(self, f: Fields, card: str) -> int:
        node = f.at("target")
        if node.is_null():
            return -1
        if not card:
            node.fail("a target belongs to the card being checked (cow.card)")
        kind = handler(self.rules, card).target
        if kind == "path":
            return _named(node, board.path, "a path 'q,r SIDE'")
        if kind == "plot":
            return _named(node, board.plot, "a plot 'q,r'")
        if kind == "player":
            return THE_COW if node.value == "cow" else self.seat(node)
        return node.fail(f"a {card} is played on nothing")


def _held(
    farmers: tuple[Farmer, ...], discard: tuple[str, ...], card: str, phase: Phase
) -> Counter[str]:
    """The bonus cards out of the draw pile: in hands, in play, discarded, taking effect
    (``card``, ``""`` for none) and (during setup) set aside."""
    held: Counter[str] = Counter(discard)
    for f in farmers:
        held.update(f.hand)
        held.update(f.in_play)
        if phase in _SETUP:
            held.update(f.set_aside)
    if card:
        held[card] += 1
    return held


def _default_deck(
    counts: Mapping[str, int],
    held: Counter[str],
    farmers: tuple[Farmer, ...],
    phase: Phase,
    reshuffles: int,
) -> Deck[str]:
    """The draw pile of every card not ``held``, in no known order: the cards set aside
    at setup under the rest while they are all there (none drawn, no reshuffle)."""
    rest = Counter({card: k - held[card] for card, k in counts.items() if k > held[card]})
    aside = Counter(c for f in farmers for c in f.set_aside)
    if phase in _SETUP or reshuffles or not aside or aside - rest:
        return Deck.of(rest)
    return Deck((Pile.of(rest - aside), Pile.of(aside))) if rest - aside else Deck.of(aside)


def _bottom_is_set_aside(
    deck: Deck[str], farmers: tuple[Farmer, ...], phase: Phase, reshuffles: int
) -> bool:
    """Whether the cards set aside at setup are the bottom of ``deck`` while nobody can
    have drawn one (the pile is at least as long as they are and was never reshuffled);
    :func:`~acreage.crazy_farmers.resample` keeps a player's own ones there."""
    aside = Counter(c for f in farmers for c in f.set_aside)
    if phase in _SETUP or reshuffles or not aside or len(deck) < sum(aside.values()):
        return True
    return Counter(deck.segments[-1].cards()) == aside


def _is_default_deck(state: State) -> bool:
    """Whether ``state``'s draw pile is what a position that leaves it out gets."""
    task = state.decision
    held = _held(state.farmers, state.discard, task.card if task is not None else "", state.phase)
    default = _default_deck(
        state.rules.deck_counts(), held, state.farmers, state.phase, state.reshuffles
    )
    return state.deck == default


# -- arrange, scenarios, views -------------------------------------------------------


def arrange(state: State, **changes: Any) -> State:
    """``state`` with some position fields replaced: a puzzle, a lesson, a test scenario.

    The keys are those of :func:`to_position` (``phase``, ``player``,
    ``farmers``, ``bales``, ``deck``, ``cow``...), with plain data as values;
    the result is checked as :func:`from_position` checks any position, and
    what is derived (main fields, fence marks, the Mad Cow draw pile) is
    recomputed.

    >>> from acreage import crazy_farmers as cf
    >>> s = cf.scenario(cf.Rules(players=2), tractors={0: "0,-2 E", 1: "0,2 W"})
    >>> cf.arrange(s, bales=["0,0 N"]).bales == 1 << cf.path("0,0 N")
    True
    """
    data = to_position(state)
    data.update(changes)
    return from_position(state.rules, data)


def scenario(
    rules: Rules,
    *,
    fields: Mapping[int, Iterable[str | tuple[int, int]]] | None = None,
    tractors: Mapping[int, str] | None = None,
    fences: Mapping[int, Sequence[str]] | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    in_play: Mapping[int, Iterable[str]] | None = None,
    bales: Iterable[str] = (),
    eliminated: Iterable[int] = (),
    turn: int = 0,
    cow: str | None = None,
    facing: str = "N",
    cow_field: Iterable[str | tuple[int, int]] = (),
) -> State:
    """The state at the start of seat ``turn``'s turn in the position described.

    A position from a few words, for puzzles, lessons and scenario tests:
    the parts left out are the simplest (no fence, no cards, fixed start
    plots). The description becomes position data, read by
    :func:`from_position` with all its checks, then ``turn``'s turn starts
    (its allowance of moves, the cards that expire then).

    Args:
        rules: the rules.
        fields: each seat's plots (main field and fallow land); a seat not
            given keeps its start plot (``start="fixed"``) or has none.
        tractors: each seat's crossroad; a seat with a fence may leave it
            out (its tractor is at the fence's end). A seat with neither has
            not placed its tractor yet.
        fences: each seat's fence, as crossroads from its starting point on
            the main field to the tractor.
        hands: each seat's cards. The draw pile holds every other bonus card
            (and the Endgame card, among the last cards as in a real game).
        in_play: cards lying in front of a seat (a Rut it suffers; its High
            Voltage or Watchdog, which end when its own turn starts).
        bales: the paths holding a hay bale.
        eliminated: seats already out of the game.
        turn: whose turn starts.
        cow: Mad Cow mode: the plot the Cow stands on (the centre by default).
        facing: the side of its plot the Cow faces (``N NE SE S SW NW``).
        cow_field: the Cow's other plots. In the Mad Cow mode the players
            share one field: give it for one seat (or the same for several).
            The Cow plays right after this turn.

    Raises:
        SeatError: a seat not at the table (as a key, ``turn`` or in ``eliminated``).
        PositionError: a position the rules cannot make, naming the part of
            the position data that is wrong (``farmers[1].fence``) and why.

    >>> from acreage import crazy_farmers as cf
    >>> s = cf.scenario(cf.Rules(players=2), fields={0: ["0,-2"], 1: ["0,2"]},
    ...                 tractors={0: "0,-2 E", 1: "0,2 W"})
    >>> [str(m) for m in cf.legal_moves(s)][:3]
    ['move E', 'move NW', 'move SW']
    """
    fields, tractors, fences = fields or {}, tractors or {}, fences or {}
    hands, in_play = hands or {}, in_play or {}
    players = rules.players
    out = {check_seat(seat, players) for seat in eliminated}
    for given in (fields, tractors, fences, hands, in_play):
        for seat in given:
            check_seat(seat, players)
    check_seat(turn, players)
    if rules.mad_cow:
        layouts = {json.dumps(_listed(plots)) for plots in fields.values()}
        if len(layouts) > 1:
            raise PositionError("in the Mad Cow mode the players share one field", "farmers")
    farmers: list[dict[str, Any]] = []
    for seat in range(players):
        if seat in out:
            farmers.append({"out": True})
            continue
        if seat in fields:
            plots: Any = _listed(fields[seat])
        elif rules.mad_cow and fields:
            plots = _listed(next(iter(fields.values())))
        elif rules.start == "fixed":
            plots = [board.plot_name(rules.start_cells[0 if rules.mad_cow else seat])]
        else:
            plots = []
        fence = fences.get(seat, [])
        farmer: dict[str, Any] = {
            "plots": plots,
            "tractor": tractors.get(seat, fence[-1] if _is_list(fence) and fence else None),
            "fence": fence,
            "hand": _listed(hands.get(seat, [])),
            "in_play": _listed(in_play.get(seat, [])),
        }
        farmers.append(farmer)
    for seat, farmer in enumerate(farmers):
        hand = farmer.get("hand")
        if isinstance(hand, list) and len(hand) > rules.hand_limit:
            raise PositionError(
                f"{len(hand)} cards, and every turn ends with at most {rules.hand_limit} in hand",
                f"farmers[{seat}].hand",
            )
    me = farmers[turn]
    placed = me.get("tractor") is not None
    data: dict[str, Any] = {
        "phase": "turn" if placed else "start",
        "player": turn,
        "farmers": farmers,
        "bales": _listed(bales),
    }
    if rules.mad_cow:
        data["cow"] = {
            "plot": cow if cow is not None else board.plot_name(board.CENTRE),
            "facing": facing,
            "plots": _cow_plots(cow, cow_field),
            "turns": rules.cow_cadence - 1,
        }
    w = Work.copy(from_position(rules, data))
    w.discard = ()
    begin_turn(w, turn)
    return w.freeze()


def _cow_plots(cow: str | None, field: Iterable[str | tuple[int, int]]) -> Any:
    """The Cow's field as position data: its plot and ``field`` (which may name it again)."""
    here = board.plot_name(board.CENTRE) if cow is None else cow
    rest = _listed(field)
    if not _is_list(rest):
        return rest
    return [here, *(p for p in rest if p != here)]


def _is_list(value: object) -> bool:
    return isinstance(value, list | tuple)


def _listed(values: Any) -> Any:
    """``values`` as a list of names (plots as ``(q, r)`` named ``"q,r"``), or as given
    when it is no list, for :func:`from_position` to name what is wrong with it."""
    if isinstance(values, str) or not isinstance(values, Iterable):
        return values
    return [f"{v[0]},{v[1]}" if isinstance(v, tuple) and len(v) == 2 else v for v in values]


def from_view(view: View, rng: random.Random) -> State:
    """A state the seat whose ``view`` this is (:func:`~acreage.crazy_farmers.observe`)
    cannot tell from the one it observed: the cards it has not seen (the other
    hands, the draw pile, the others' cards set aside at setup) dealt at
    random with ``rng``, as :func:`~acreage.crazy_farmers.resample` deals them."""
    if not isinstance(view, View):
        raise PositionError(f"expected a crazy_farmers.View, got {type(view).__name__}")
    rules, seat = view.rules, view.player
    setup = view.phase in _SETUP
    unseen = Counter(rules.deck_counts())
    mine = view.farmers[seat]
    assert mine.hand is not None, "a seat sees its own hand"
    assert mine.set_aside is not None, "a seat sees its own cards set aside"
    seen: list[str] = [*mine.hand, *view.discard]
    if setup:
        seen.extend(mine.set_aside)
    for f in view.farmers:
        seen.extend(f.in_play)
    task = view.decision
    if task is not None and task.card:
        seen.append(task.card)
    unseen.subtract(seen)
    pool = sorted(unseen.elements())
    asides = [_aside_size(view, s) for s in range(len(view.farmers))]
    total_aside = sum(asides)
    intact = (
        not setup and not view.reshuffles and total_aside and sum(view.draw_pile) >= total_aside
    )
    if intact:
        for card in mine.set_aside:
            pool.remove(card)

    def take(n: int) -> tuple[str, ...]:
        if n > len(pool):
            raise PositionError("the view shows more hidden cards than the deck holds")
        taken = pool[:n]
        del pool[:n]
        return tuple(sorted(taken))

    others_aside = {
        s: take(asides[s]) if setup or intact else () for s in range(len(view.farmers)) if s != seat
    }
    segments: list[Pile[str]] = []
    for i, size in enumerate(view.draw_pile):
        if intact and i == len(view.draw_pile) - 1:
            bottom = [*mine.set_aside, *(c for cs in others_aside.values() for c in cs)]
            segments.append(Pile.of((*bottom, *take(size - len(bottom)))))
        else:
            segments.append(Pile.of(take(size)))
    farmers = []
    for s, f in enumerate(view.farmers):
        if s == seat:
            hand, aside = mine.hand, mine.set_aside
        else:
            hand = take(f.hand_size)
            aside = others_aside[s] if setup or intact else _spent_aside(rules, asides[s])
        farmers.append(
            Farmer(
                f.tractor,
                f.fence,
                f.fence_paths,
                f.fence_crossroads,
                f.plots,
                f.main,
                hand,
                aside,
                f.in_play,
                f.slowdown,
                f.guards,
                f.out,
            )
        )
    if pool:
        raise PositionError("the view hides fewer cards than the deck holds")
    state = State(
        rules,
        view.agenda,
        view.turn,
        tuple(farmers),
        view.bales,
        Deck(tuple(segments)),
        view.endgame,
        view.discard,
        view.allowance,
        view.moves_made,
        view.flown,
        (),
        view.reshuffles,
        view.ended,
        view.cow,
        view.turn_number,
    )
    return resample(state, seat, rng)


def _aside_size(view: View, seat: int) -> int:
    """How many cards seat ``seat`` set aside at setup (a view shows only its own)."""
    if view.rules.mad_cow or view.farmers[seat].set_aside is not None:
        own = view.farmers[seat].set_aside
        return len(own) if own is not None else 0
    if view.phase in _SETUP and seat >= view.turn:
        return 0
    return SETUP_CARDS - 1


def _spent_aside(rules: Rules, n: int) -> tuple[str, ...]:
    """Cards set aside at setup that have since left the bottom of the draw pile: a
    record nobody else can check, filled with the deck's first card names."""
    return tuple(sorted(itertools.islice(itertools.cycle(rules.card_names), n)))


# -- text ------------------------------------------------------------------------------

_ROWS: Final = tuple(
    tuple(
        GRID.cell_id((q, r))
        for q in range(max(-GRID.radius, -GRID.radius - r), min(GRID.radius, GRID.radius - r) + 1)
    )
    for r in range(-GRID.radius, GRID.radius + 1)
)
"""The plots of each row of the board, top row first, west to east."""

_SEPARATOR = re.compile(
    r'\s*(?:"(?P<quoted>(?:[^"\\]|\\.)*)"(?: x(?P<times>\d{1,4}))?|(?P<plain>[^/|"]*[^/|"\s])|)'
    r"\s*(?P<sep>/|\||$)"
)
"""One item of a text list and the separator after it: a name (``"quoted"`` when it
holds a separator), ``x3`` when it is repeated, then ``/``, ``|`` or the end."""


_REPEAT = re.compile(r"(.*\S) x(\d{1,4})")
"""``Nitro +1 x3``: a name repeated, in a text list."""


def _item(name: str) -> str:
    """A name in a text list: as it is, or quoted when it holds ``/``, ``|`` or ``"``
    or reads as a repeated name."""
    if re.search(r'[/|"]', name) or name != name.strip() or _REPEAT.fullmatch(name) or name == "-":
        return json.dumps(name)
    return name


def _list(names: Iterable[Any]) -> str:
    """A list for the text: names separated by ``/``, runs of one name as ``name xN``."""
    words = []
    for name, run in itertools.groupby(map(str, names)):
        k = len(list(run))
        words.append(_item(name) + (f" x{k}" if k > 1 else ""))
    return " / ".join(words) or "-"


_TEXT_SCALARS: Final = {
    "phase": "phase",
    "player": "player",
    "turn": "turn_number",
    "allowance": "allowance",
    "moves-made": "moves_made",
    "pending": "pending",
    "flown": "flown",
    "reshuffles": "reshuffles",
    "ended": "ended",
}
_TEXT_LISTS: Final = {"bales": "bales", "discard": "discard", "history": "history"}
_TEXT_FARMER: Final = {
    "tractor": "tractor",
    "fence": "fence",
    "hand": "hand",
    "set-aside": "set_aside",
    "in-play": "in_play",
}
_TEXT_COW: Final = {
    "facing": "facing",
    "discard": "discard",
    "pile": "pile",
    "draws": "draws",
    "active": "active",
    "played": "played",
    "turns": "turns",
    "rests": "rests",
    "ruts": "ruts",
    "guard": "guard",
    "blasted": "blasted",
    "card": "card",
    "target": "target",
    "aim": "aim",
    "first-bale": "first_bale",
}
_INTEGERS: Final = frozenset(
    (
        "player",
        "turn_number",
        "allowance",
        "moves_made",
        "pending",
        "reshuffles",
        "draws",
        "played",
        "turns",
        "rests",
    )
)
_FLAGS: Final = frozenset(("flown", "active", "out"))


def _word(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _item(str(value))


def position_text(state: State) -> str:
    """``state`` as text: the header, the board's plots as rows, then one field a line.

    ``parse_position(state.rules, position_text(state)) == state``. On the
    board ``.`` is an empty plot, a digit a seat's plot; in the Mad Cow mode
    ``p`` is the players' field, ``c`` the Cow's and ``C`` the plot it stands
    on (``P`` once the players locked it down there). Fields that hold nothing are left out.
    """
    data = to_position(state)
    owner: dict[int, str] = {}
    for seat, f in enumerate(state.farmers):
        for c in bits(f.plots):
            owner[c] = "p" if state.cow is not None else str(seat)
    if state.cow is not None:
        for c in bits(state.cow.plots):
            owner[c] = "c"
        # Locked down, the Cow stands on a plot the players annexed.
        owner[state.cow.plot] = "C" if state.cow.plots >> state.cow.plot & 1 else "P"
    lines = [f"{GAME_NAME} position {POSITION_FORMAT}"]
    lines.extend(
        " " * (2 * GRID.radius + 1 - len(row)) + " ".join(owner.get(c, ".") for c in row)
        for row in _ROWS
    )
    lines.append(f"phase: {data['phase']}")
    lines.append(f"player: {data['player']}")
    for key, name in _TEXT_SCALARS.items():
        value = data[name]
        if key not in ("phase", "player") and value not in (0, False, ""):
            lines.append(f"{key}: {_word(value)}")
    for key, name in _TEXT_LISTS.items():
        if data[name]:
            lines.append(f"{key}: {_list(data[name])}")
    if data["deck"] and not _is_default_deck(state):
        lines.append("deck: " + " | ".join(_list(segment) for segment in data["deck"]))
    for seat, f in enumerate(data["farmers"]):
        if f["out"]:
            lines.append(f"farmer {seat}: out")
        for key, name in _TEXT_FARMER.items():
            value = f[name]
            if value not in (None, []):
                shown = _list(value) if isinstance(value, list) else _word(value)
                lines.append(f"farmer {seat} {key}: {shown}")
    cow = data.get("cow")
    if cow is not None:
        for key, name in _TEXT_COW.items():
            value = cow[name]
            if name == "facing" or value not in (None, [], 0, False, "none"):
                shown = _list(value) if isinstance(value, list) else _word(value)
                lines.append(f"cow {key}: {shown}")
    return "\n".join(lines) + "\n"


class _Text(PositionText[tuple[int, int]]):
    """Reads a position text into position data, remembering where each part came from."""

    def __init__(self, rules: Rules, text: object) -> None:
        super().__init__(GAME_NAME, text)
        self.rules = rules
        self.columns: list[int] = []  # the columns of the items of the value read last

    def data(self) -> dict[str, Any]:
        rules = self.rules
        self.header()
        rows = self.lines[1 : 1 + len(_ROWS)]
        for i, (number, line) in enumerate(rows):
            if ":" in line:
                self.fail(
                    number,
                    line.index(":") + 1,
                    f"expected {len(_ROWS)} board rows, found {i} before this field",
                )
        if len(rows) < len(_ROWS):
            self.fail(self.lines[-1][0], 1, f"expected {len(_ROWS)} board rows, found {len(rows)}")
        data: dict[str, Any] = {"game": GAME_NAME, "format": POSITION_FORMAT}
        farmers: list[dict[str, Any]] = [{} for _ in range(rules.players)]
        cow: dict[str, Any] = {}
        marks = self.board(rows)
        self.fields(self.lines[1 + len(_ROWS) :], data, farmers, cow)
        if rules.mad_cow:
            own, locked = marks.pop("C", []), marks.pop("P", [])
            team = sorted([*marks.pop("p", []), *locked], key=board.plot)
            for f in farmers:
                if not f.get("out"):
                    f["plots"] = team
            here = own + locked
            if len(here) != 1:
                where = self.where.get("board", (self.lines[1][0], 1))
                self.fail(
                    *where,
                    f"the board shows the Cow ('C', or 'P' locked down) on {len(here)} plots, "
                    "and it stands on one",
                )
            cow["plot"] = here[0]
            cow["plots"] = sorted([*own, *marks.pop("c", [])], key=board.plot)
            data["cow"] = cow
        else:
            for seat in range(rules.players):
                plots = marks.pop(str(seat), [])
                if plots:
                    farmers[seat]["plots"] = plots
        for mark in marks:
            at_line, at_column = self.where[f"mark {mark}"]
            allowed = (
                "'.', 'p', 'c', 'C' or 'P'"
                if rules.mad_cow
                else f"'.' or a seat 0 to {rules.players - 1}"
            )
            self.fail(at_line, at_column, f"{mark[:10]!r} is no plot mark here: expected {allowed}")
        data["farmers"] = farmers
        return data

    def board(self, rows: list[tuple[int, str]]) -> dict[str, list[str]]:
        marks: dict[str, list[str]] = {}
        for cells, (number, line) in zip(_ROWS, rows, strict=True):
            tokens = list(re.finditer(r"\S+", line))
            if len(tokens) != len(cells):
                at = tokens[len(cells)].start() + 1 if len(tokens) > len(cells) else len(line) + 1
                self.fail(
                    number, at, f"this row of the board has {len(cells)} plots, not {len(tokens)}"
                )
            for cell, token in zip(cells, tokens, strict=True):
                mark = token.group()
                self.where.setdefault("board", (number, token.start() + 1))
                if mark != ".":
                    self.where.setdefault(f"mark {mark}", (number, token.start() + 1))
                    marks.setdefault(mark, []).append(board.plot_name(cell))
        return marks

    def fields(
        self,
        lines: list[tuple[int, str]],
        data: dict[str, Any],
        farmers: list[dict[str, Any]],
        cow: dict[str, Any],
    ) -> None:
        seen: set[str] = set()
        for number, line in lines:
            key, colon, rest = line.partition(":")
            key = " ".join(key.split())
            if not colon:
                self.fail(number, 1, f"expected a field 'name: value', got {line.strip()[:40]!r}")
            if not key:
                self.fail(number, 1, "expected a field name before ':'")
            if key in seen:
                self.fail(number, 1, f"{key[:40]} is given twice")
            seen.add(key)
            start = line.index(":") + 1
            value_column = start + len(rest) - len(rest.lstrip()) + 1
            words = key.split()
            if words[0] == "farmer" and len(words) in (2, 3):
                seat = self.seat(number, line, words[1])
                path = f"farmers[{seat}]"
                if len(words) == 2:
                    if rest.strip() != "out":
                        self.fail(
                            number, value_column, f"expected 'out', got {rest.strip()[:40]!r}"
                        )
                    farmers[seat]["out"] = True
                    self.where[f"{path}.out"] = (number, value_column)
                    continue
                name = _TEXT_FARMER.get(words[2])
                if name is None:
                    self.fail(
                        number,
                        1,
                        f"unknown farmer field {words[2][:40]!r}{close_names(words[2], _TEXT_FARMER)}",
                    )
                farmers[seat][name] = self.value(
                    number, line, start, name, listed=name != "tractor"
                )
                self.locate_items(f"{path}.{name}", number, value_column)
                continue
            if words[0] == "cow" and len(words) == 2:
                if not self.rules.mad_cow:
                    self.fail(number, 1, "the competitive game has no Cow")
                name = _TEXT_COW.get(words[1])
                if name is None:
                    self.fail(
                        number,
                        1,
                        f"unknown Cow field {words[1][:40]!r}{close_names(words[1], _TEXT_COW)}",
                    )
                listed = name in ("discard", "pile", "ruts", "blasted")
                cow[name] = self.value(number, line, start, name, listed=listed)
                self.locate_items(f"cow.{name}", number, value_column)
                continue
            if key == "deck":
                segments = self.segments(number, line, start)
                data["deck"] = segments
                self.where["deck"] = (number, value_column)
                continue
            name = _TEXT_SCALARS.get(key) or _TEXT_LISTS.get(key)
            if name is None:
                names = (*_TEXT_SCALARS, *_TEXT_LISTS, "deck", "farmer N ...", "cow ...")
                self.fail(number, 1, f"unknown field {key[:40]!r}{close_names(key, names)}")
            data[name] = self.value(number, line, start, name, listed=key in _TEXT_LISTS)
            self.locate_items(name, number, value_column)

    def locate_items(self, path: str, number: int, column: int) -> None:
        """Remember where the value at ``path`` and each of its items were read."""
        self.where[path] = (number, column)
        for i, at in enumerate(self.columns):
            self.where[f"{path}[{i}]"] = (number, at)

    def seat(self, number: int, line: str, word: str) -> int:
        column = line.index(word) + 1
        if not (word.isascii() and word.isdigit()) or len(word) > 2:
            self.fail(number, column, f"expected a seat number, got {word[:20]!r}")
        seat = int(word)
        if seat >= self.rules.players:
            self.fail(
                number, column, f"seat {seat} is not at this {self.rules.players}-player table"
            )
        return seat

    def items(self, number: int, line: str, start: int) -> list[list[tuple[str, int]]]:
        """The items of a value from column ``start`` on (each with its 1-based column),
        in the groups ``|`` separates."""
        groups: list[list[tuple[str, int]]] = [[]]
        at = start
        while at <= len(line):
            match = _SEPARATOR.match(line, at)
            if match is None or (match.end() == at and at < len(line)):
                gap = len(line[at:]) - len(line[at:].lstrip())
                self.fail(number, at + gap + 1, "expected a name, '/' or '|'")
            quoted, plain = match.group("quoted"), match.group("plain")
            if quoted is not None:
                column = match.start("quoted")  # the opening quote
                try:
                    name = json.loads(f'"{quoted}"')
                except json.JSONDecodeError:
                    self.fail(number, column, "a quoted name that is not a JSON string")
                times = match.group("times")
                groups[-1].extend([(name, column)] * (int(times) if times else 1))
            elif plain is not None:
                column = match.start("plain") + 1
                repeat = _REPEAT.fullmatch(plain)
                if repeat:
                    groups[-1].extend([(repeat.group(1), column)] * int(repeat.group(2)))
                else:
                    groups[-1].append((plain, column))
            elif match.group("sep") or groups[-1]:
                self.fail(number, match.start("sep") + 1, "an empty item")
            sep = match.group("sep")
            if sep == "|":
                groups.append([])
            if not sep:
                break
            at = match.end()
        self.columns = [column for group in groups for _, column in group]
        return groups

    def value(self, number: int, line: str, start: int, name: str, *, listed: bool) -> Any:
        groups = self.items(number, line, start)
        if len(groups) > 1:
            self.fail(number, groups[1][0][1] - 2 if groups[1] else len(line), "unexpected '|'")
        words = groups[0]
        if listed:
            if [w for w, _ in words] == ["-"]:
                return []
            if name == "ruts":
                return [self.number(number, c, w) for w, c in words]
            return [w for w, _ in words]
        if len(words) != 1:
            self.fail(
                number,
                words[1][1] if len(words) > 1 else start + 1,
                f"expected one value, got {len(words)}",
            )
        word, column = words[0]
        if word == "-":
            return None
        if name in _INTEGERS:
            return self.number(number, column, word)
        if name in _FLAGS:
            if word not in ("yes", "no"):
                self.fail(number, column, f"expected yes or no, got {word[:20]!r}")
            return word == "yes"
        if name in ("guard", "target") and word.isascii() and word.isdigit():
            return self.number(number, column, word)
        return word

    def segments(self, number: int, line: str, start: int) -> list[list[str]]:
        out = []
        for group in self.items(number, line, start):
            names = [w for w, _ in group]
            out.append([] if names == ["-"] else names)
        return out

    def number(self, line: int, column: int, word: str) -> int:
        text = word[1:] if word.startswith("-") else word
        if not (text.isascii() and text.isdigit()) or len(word) > 7:
            self.fail(line, column, f"expected a number, got {word[:20]!r}")
        return int(word)

    def locate(self, error: PositionError) -> PositionError:
        """``error`` with the line (and column) of the text its path was read from; the
        plots of a field are read from the board."""
        located = super().locate(error)
        if located is error and error.path.endswith("plots") and "board" in self.where:
            line, column = self.where["board"]
            return PositionError(error.reason, error.path, line=line, column=column)
        return located


def parse_position(rules: Rules, text: str) -> State:
    """The state a :func:`position_text` describes, checked as :func:`from_position` checks data.

    Blank lines and lines starting with ``#`` are ignored. Text that is not
    a position raises :class:`~acreage.core.position.PositionError` naming
    the line and column; a position that cannot exist names the line of the
    field that is wrong, and its path in the position data.
    """
    if not isinstance(rules, Rules):
        raise PositionError(f"rules: expected crazy_farmers.Rules, got {type(rules).__name__}")
    return _Text(rules, text).state(rules, from_position)
