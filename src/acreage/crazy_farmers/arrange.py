"""Positions set up by hand: puzzles, lessons and scenario tests.

``arrange`` builds the state at the start of one player's turn from a
description in the game's own words (plots ``"q,r"``, crossroads
``"q,r CORNER"``, paths ``"q,r SIDE"``, card names), checking that the
position could occur: fences are loop-free lines from their main field to
their tractor, no longer than a player's fence pieces; tractors stand apart
and a powered one never on an opponent's fence; plots have one owner;
hay bales lie between plots, off the fences, and lock nobody in.

>>> from acreage import crazy_farmers as cf
>>> s = cf.arrange(cf.Rules(players=2), fields={0: ["0,-2"], 1: ["0,2"]},
...                tractors={0: "0,-2 E", 1: "0,2 W"})
>>> [str(m) for m in cf.legal_moves(s)][:3]
['move E', 'move NW', 'move SW']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

import attrs

from acreage.core.bitset import bits
from acreage.core.chance import Deck
from acreage.core.game import RulesError, check_seat, shorten
from acreage.crazy_farmers import board
from acreage.crazy_farmers.bales import bridges, pens
from acreage.crazy_farmers.board import STEPS, VERTEX_CELLS, component
from acreage.crazy_farmers.cards import HANDLERS
from acreage.crazy_farmers.pieces import fence_marks, in_play_effects
from acreage.crazy_farmers.rules import Rules
from acreage.crazy_farmers.state import Cow, Farmer, Phase, State
from acreage.crazy_farmers.turns import begin_turn

__all__ = ["arrange"]


def _named(name: object, read: Callable[[str], int], where: str) -> int:
    """The id ``read`` gives for ``name``; :class:`RulesError` naming ``where`` if none."""
    try:
        return read(name)  # type: ignore[arg-type]
    except (ValueError, TypeError, AttributeError):
        raise RulesError(f"{where}: {shorten(name)} is not on the board") from None


def _plots(names: Iterable[str | tuple[int, int]], where: str) -> int:
    if isinstance(names, str):
        raise RulesError(f"{where}: expected a list of plots, got {shorten(names)}")
    out = 0
    for name in names:
        out |= 1 << _named(name, board.plot, where)
    return out


def _fence(seat: int, names: Sequence[str], plots: int, rules: Rules) -> tuple[int, ...]:
    where = f"fences[{seat}]"
    if isinstance(names, str):
        raise RulesError(f"{where}: expected a list of crossroads, got {shorten(names)}")
    fence = tuple(_named(n, board.crossroad, where) for n in names)
    if len(fence) == 1:
        raise RulesError(f"{where}: give at least 2 crossroads, start to tractor")
    if len(set(fence)) != len(fence):
        raise RulesError(f"{where}: the fence passes a crossroad twice: fences have no loops")
    if len(fence) - 1 > rules.fences:
        raise RulesError(f"{where}: {len(fence) - 1} fence pieces, and a player has {rules.fences}")
    for a, b in itertools.pairwise(fence):
        if all(w != b for _, _, w in STEPS[a]):
            raise RulesError(
                f"{where}: {board.crossroad_name(a)} and "
                f"{board.crossroad_name(b)} are not joined by a path"
            )
    if fence and not VERTEX_CELLS[fence[0]] & plots:
        raise RulesError(f"{where}: player {seat}'s fence must start on a crossroad of their field")
    main = component(plots, VERTEX_CELLS[fence[0]]) if fence else 0
    for v in fence[1:]:
        if VERTEX_CELLS[v] & main:
            raise RulesError(
                f"{where}: the fence touches its main field again at "
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
        SeatError: a seat not at the table (as a key, ``turn`` or in ``eliminated``).
        RulesError: a name that is not on the board, or a position the
            rules cannot make, with the reason.
    """
    fields, tractors, fences = fields or {}, tractors or {}, fences or {}
    hands, in_play = hands or {}, in_play or {}
    players = rules.players
    out = {check_seat(seat, players) for seat in eliminated}
    described = {
        "fields": fields,
        "tractors": tractors,
        "fences": fences,
        "hands": hands,
        "in_play": in_play,
    }
    for name, given in described.items():
        for seat in given:
            check_seat(seat, players)
            if seat in out:
                raise RulesError(
                    f"{name}[{seat}]: player {seat} is eliminated: nothing of theirs is left"
                )
    check_seat(turn, players)
    if turn in out:
        raise RulesError(f"turn: player {turn} is eliminated and cannot play")
    if out and rules.mad_cow:
        raise RulesError(
            "eliminated: in the Mad Cow mode the players share their field and "
            "lose their last plot together, which ends the game"
        )
    if not rules.mad_cow and len(out) >= players - 1:
        raise RulesError("eliminated: with one player left the game is over")
    cards: Counter[str] = Counter()
    farmers = []
    owned = 0
    shared = None
    herd = None
    if rules.mad_cow:
        layouts = sorted({_plots(plots, "fields") for plots in fields.values()})
        if len(layouts) > 1:
            raise RulesError("fields: in the Mad Cow mode the players share one field")
        if layouts:
            shared = layouts[0]
        elif rules.start == "fixed":
            shared = 1 << rules.start_cells[0]
        herd = _mad_cow(rules, cow, facing, cow_field)
        if shared is not None and shared & herd.plots:
            raise RulesError("fields: the players' field overlaps the Cow's")
    spots: set[int] = set()
    probe = State(rules, Phase.TURN, turn, ())
    for seat in range(players):
        if seat in out:
            farmers.append(Farmer(out=True))
            continue
        if shared is not None:
            plots = shared
        elif seat in fields:
            plots = _plots(fields[seat], f"fields[{seat}]")
        elif rules.start == "fixed" and not rules.mad_cow:
            plots = 1 << rules.start_cells[seat]
        else:
            plots = 0
        if not rules.mad_cow:
            if plots & owned:
                raise RulesError(f"fields[{seat}]: player {seat}'s plots overlap another player's")
            owned |= plots
        fence = _fence(seat, fences.get(seat, ()), plots, rules)
        if seat in tractors:
            tractor = _named(tractors[seat], board.crossroad, f"tractors[{seat}]")
            if fence and fence[-1] != tractor:
                raise RulesError(
                    f"tractors[{seat}]: player {seat}'s fence must end at their tractor"
                )
        else:
            tractor = fence[-1] if fence else -1
        if tractor >= 0:
            if not plots:
                raise RulesError(
                    f"tractors[{seat}]: player {seat} has no plot: a tractor starts from one"
                )
            if tractor in spots:
                raise RulesError(
                    f"tractors[{seat}]: two tractors stand on {board.crossroad_name(tractor)}"
                )
            spots.add(tractor)
        anchor = fence[0] if fence else tractor
        main = plots if anchor < 0 else component(plots, VERTEX_CELLS[anchor])
        paths, crossroads = fence_marks(fence)
        hand = _cards(rules, hands.get(seat, ()), f"hands[{seat}]")
        if len(hand) > rules.hand_limit:
            raise RulesError(
                f"hands[{seat}]: {len(hand)} cards, and every turn ends with at most "
                f"{rules.hand_limit} in hand"
            )
        lying = _cards(rules, in_play.get(seat, ()), f"in_play[{seat}]")
        for card in lying:
            if HANDLERS[rules.kind(card)].lies_with is None:
                raise RulesError(f"in_play[{seat}]: a {card} is discarded once played")
        cards.update(hand + lying)
        guards, slowdown = in_play_effects(probe, lying)
        farmer = Farmer(tractor, fence, paths, crossroads, plots, main, hand)
        farmers.append(attrs.evolve(farmer, in_play=lying, slowdown=slowdown, guards=guards))
    _check_fences(farmers, rules.mad_cow)
    bale_mask = _bales(rules, bales, farmers)
    deck_counts = rules.deck_counts()
    for card, k in cards.items():
        if k > deck_counts.get(card, 0):
            raise RulesError(f"hands: the deck holds only {deck_counts.get(card, 0)} {card}")
        deck_counts[card] -= k
    if not rules.endgame_card:
        endgame = -1
    elif rules.endgame_window is None:
        endgame = 2 * rules.players
    else:
        endgame = rules.endgame_window
    table = tuple(farmers)
    before = State(rules, Phase.TURN, turn, table, bale_mask, Deck.of(deck_counts), endgame)
    return begin_turn(before, turn, table, (), herd)


def _cards(rules: Rules, names: Iterable[str], where: str) -> tuple[str, ...]:
    if isinstance(names, str):
        raise RulesError(f"{where}: expected a list of cards, got {shorten(names)}")
    cards = tuple(names)
    for card in cards:
        if card not in rules.card_names:
            raise RulesError(f"{where}: {shorten(card)} is not a card of this game")
    return tuple(sorted(cards))


def _check_fences(farmers: list[Farmer], partners: bool) -> None:
    """Refuse fences that share a crossroad, and powered tractors on an opponent's fence.

    In the competitive game a powered tractor that reached a crossroad of an
    opponent's fence cut it, no fence is pulled through a crossroad where a
    tractor stands, and no Bribe powers a tractor standing on a fence (ruling
    26). A powerless tractor may stand on an opponent's fence, even on its
    protected crossroads: it drove on without cutting, and the fence's owner
    may back its fence up towards it afterwards. Partners in the Mad Cow mode
    share one field, which a partner's annexation may bring under a tractor
    standing on another partner's fence: there it is not refused.
    """
    for s, f in enumerate(farmers):
        for t, g in enumerate(farmers):
            if s == t:
                continue
            if s < t and f.fence_crossroads & g.fence_crossroads:
                raise RulesError(
                    f"fences: the fences of players {s} and {t} cross: one would be cut"
                )
            if (
                not partners
                and f.tractor >= 0
                and g.fence_crossroads >> f.tractor & 1
                and f.powered
            ):
                raise RulesError(
                    f"tractors[{s}]: player {s}'s powered tractor stands on player {t}'s "
                    "fence, which it would have cut"
                )


def _bales(rules: Rules, names: Iterable[str], farmers: list[Farmer]) -> int:
    if isinstance(names, str):
        raise RulesError(f"bales: expected a list of paths, got {shorten(names)}")
    bale_mask = 0
    for name in names:
        e = _named(name, board.path, "bales")
        if not board.INNER_PATHS >> e & 1:
            raise RulesError(f"bales: {shorten(name)} is on the edge of the board")
        bale_mask |= 1 << e
    if bale_mask.bit_count() > rules.hay_bales:
        raise RulesError(f"bales: the box holds only {rules.hay_bales} hay bales")
    for s, f in enumerate(farmers):
        if f.fence_paths & bale_mask:
            raise RulesError(f"bales: a hay bale lies on player {s}'s fence")
    # The bales lock someone in exactly when one of them, taken off, lies on a
    # bridge of the rest: the last of them placed would have been refused.
    for e in bits(bale_mask):
        rest = bale_mask & ~(1 << e)
        if bridges(rest) >> e & 1:
            raise RulesError("bales: they cut the crossroads in two ('It is forbidden to lock in')")
        if rules.mad_cow and not rules.lock_in_cow and pens(rest) >> e & 1:
            raise RulesError("bales: they lock the Cow in (Rules.lock_in_cow is off)")
    return bale_mask


def _mad_cow(
    rules: Rules, plot: str | None, facing: str, field: Iterable[str | tuple[int, int]]
) -> Cow:
    where = board.CENTRE if plot is None else _named(plot, board.plot, "cow")
    if facing not in board.SIDES:
        raise RulesError(f"facing: {shorten(facing)} is not a side {' '.join(board.SIDES)}")
    plots = _plots(field, "cow_field") | (1 << where)
    if plots.bit_count() >= rules.cow_tiles:
        raise RulesError(f"cow_field: the Cow would have won with {plots.bit_count()} plots")
    turns = rules.cow_cadence - 1
    deck: Deck[str] = Deck.of(rules.cow_deck_counts())
    return Cow(where, board.SIDES.index(facing), plots, deck, turns=turns)
