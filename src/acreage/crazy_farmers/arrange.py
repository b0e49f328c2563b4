"""Positions set up by hand: puzzles, lessons and scenario tests.

``arrange`` builds the state at the start of one player's turn from a
description in the game's own words (plots ``"q,r"``, crossroads
``"q,r CORNER"``, paths ``"q,r SIDE"``, card names), checking that the
position could occur: fences are loop-free lines from their main field to
their tractor, tractors stand apart, plots have one owner.

>>> from acreage import crazy_farmers as cf
>>> s = cf.arrange(cf.Rules(players=2), fields={0: ["0,-2"], 1: ["0,2"]},
...                tractors={0: "0,-2 E", 1: "0,2 W"})
>>> [str(m) for m in cf.legal_moves(s)][:3]
['move E', 'move NW', 'move SW']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import attrs

from acreage.core.chance import Deck
from acreage.crazy_farmers import board
from acreage.crazy_farmers.board import STEPS, VERTEX_CELLS, component
from acreage.crazy_farmers.pieces import fence_marks, in_play_effects
from acreage.crazy_farmers.rules import Rules
from acreage.crazy_farmers.state import Cow, Farmer, Phase, State
from acreage.crazy_farmers.turns import begin_turn

__all__ = ["arrange"]


def _plots(names: Iterable[str | tuple[int, int]]) -> int:
    out = 0
    for name in names:
        out |= 1 << board.plot(name)
    return out


def _fence(seat: int, names: Sequence[str], plots: int) -> tuple[int, ...]:
    fence = tuple(board.crossroad(n) for n in names)
    if len(fence) == 1:
        raise ValueError(f"player {seat}'s fence: give at least 2 crossroads, start to tractor")
    if len(set(fence)) != len(fence):
        raise ValueError(f"player {seat}'s fence passes a crossroad twice: fences have no loops")
    for a, b in itertools.pairwise(fence):
        if all(w != b for _, _, w in STEPS[a]):
            raise ValueError(
                f"player {seat}'s fence: {board.crossroad_name(a)} and "
                f"{board.crossroad_name(b)} are not joined by a path"
            )
    if fence and not VERTEX_CELLS[fence[0]] & plots:
        raise ValueError(f"player {seat}'s fence must start on a crossroad of their field")
    main = component(plots, VERTEX_CELLS[fence[0]]) if fence else 0
    for v in fence[1:]:
        if VERTEX_CELLS[v] & main:
            raise ValueError(
                f"player {seat}'s fence touches its main field again at "
                f"{board.crossroad_name(v)}: it would have annexed"
            )
    return fence


def arrange(
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
        ValueError: a name that is not on the board or a position that
            cannot occur, with the reason.
    """
    fields, tractors, fences = fields or {}, tractors or {}, fences or {}
    hands, in_play = hands or {}, in_play or {}
    out = set(eliminated)
    seats = range(rules.players)
    described = {"fields": fields, "tractors": tractors, "fences": fences, "hands": hands}
    for name, given in (*described.items(), ("in_play", in_play)):
        for seat in given:
            if seat not in seats:
                raise ValueError(f"{name}: {seat!r} is not a seat of a {rules.players}-player game")
    if turn not in seats or turn in out:
        raise ValueError(f"turn: seat {turn!r} cannot play")
    cards: Counter[str] = Counter()
    farmers = []
    owned = 0
    shared = None
    if rules.mad_cow:
        layouts = sorted({_plots(plots) for plots in fields.values()})
        if len(layouts) > 1:
            raise ValueError("fields: in the Mad Cow mode the players share one field")
        if layouts:
            shared = layouts[0]
        elif rules.start == "fixed":
            shared = 1 << rules.start_cells[0]
        herd = _mad_cow(rules, cow, facing, cow_field)
        owned = herd.plots
    spots: set[int] = set()
    probe = State(rules, Phase.TURN, turn, ())
    for seat in seats:
        if seat in out:
            farmers.append(Farmer(out=True))
            continue
        if shared is not None:
            plots = shared
        elif seat in fields:
            plots = _plots(fields[seat])
        elif rules.start == "fixed":
            plots = 1 << rules.start_cells[seat]
        else:
            plots = 0
        if plots & owned and not (shared is not None and plots == shared):
            raise ValueError(f"player {seat}'s plots overlap another player's or the Cow's")
        if not rules.mad_cow:
            owned |= plots
        fence = _fence(seat, fences.get(seat, ()), plots)
        if seat in tractors:
            tractor = board.crossroad(tractors[seat])
            if fence and fence[-1] != tractor:
                raise ValueError(f"player {seat}'s fence must end at their tractor")
        else:
            tractor = fence[-1] if fence else -1
        if tractor >= 0:
            if tractor in spots:
                raise ValueError(f"two tractors stand on {board.crossroad_name(tractor)}")
            spots.add(tractor)
        anchor = fence[0] if fence else tractor
        main = plots if anchor < 0 else component(plots, VERTEX_CELLS[anchor])
        paths, crossroads = fence_marks(fence)
        hand = tuple(sorted(hands.get(seat, ())))
        lying = tuple(sorted(in_play.get(seat, ())))
        for card in hand + lying:
            if card not in rules.card_names:
                raise ValueError(f"player {seat}: {card!r} is not a card of this game")
        cards.update(hand + lying)
        guards, slowdown = in_play_effects(probe, lying)
        farmer = Farmer(tractor, fence, paths, crossroads, plots, main, hand)
        farmers.append(attrs.evolve(farmer, in_play=lying, slowdown=slowdown, guards=guards))
    for s, f in enumerate(farmers):
        for t, g in enumerate(farmers):
            if s < t and f.fence_crossroads & g.fence_crossroads:
                raise ValueError(f"the fences of players {s} and {t} cross: one would be cut")
    bale_mask = 0
    for name in bales:
        e = board.path(name)
        if not board.INNER_PATHS >> e & 1:
            raise ValueError(f"hay bale on {name}: not on the edge of the board")
        bale_mask |= 1 << e
    if bale_mask.bit_count() > rules.hay_bales:
        raise ValueError(f"bales: the box holds only {rules.hay_bales} hay bales")
    deck_counts = rules.deck_counts()
    for card, k in cards.items():
        if k > deck_counts.get(card, 0):
            raise ValueError(f"the deck holds only {deck_counts.get(card, 0)} {card}")
        deck_counts[card] -= k
    if not rules.endgame_card:
        endgame = -1
    elif rules.endgame_window is None:
        endgame = 2 * rules.players
    else:
        endgame = rules.endgame_window
    table = tuple(farmers)
    before = State(rules, Phase.TURN, turn, table, bale_mask, Deck.of(deck_counts), endgame)
    return begin_turn(before, turn, table, (), herd if rules.mad_cow else None)


def _mad_cow(
    rules: Rules, plot: str | None, facing: str, field: Iterable[str | tuple[int, int]]
) -> Cow:
    where = board.CENTRE if plot is None else board.plot(plot)
    if facing not in board.SIDES:
        raise ValueError(f"facing: {facing!r} is not a side {' '.join(board.SIDES)}")
    plots = _plots(field) | (1 << where)
    if plots.bit_count() >= rules.cow_tiles:
        raise ValueError(f"cow_field: the Cow would have won with {plots.bit_count()} plots")
    turns = rules.cow_cadence - 1
    deck: Deck[str] = Deck.of(rules.cow_deck_counts())
    return Cow(where, board.SIDES.index(facing), plots, deck, turns=turns)
