"""The rules in motion: setup, turns, moves, cutting and drawing.

A turn is a sequence of decisions by the player whose turn it is: ``move``
(one path at a time), ``play`` a bonus card (any time), then ``end turn``
once no move is left or possible ("You must use all your moves whenever
possible"). Annexing draws bonus cards for barns: each draw is a chance node
and the turn resumes after it. The Mad Cow mode's own steps (the Cow's
turns, bonus checks, Backlash choices) are in :mod:`acreage.crazy_farmers.madcow`;
what a closed fence annexes is in :mod:`acreage.crazy_farmers.annexing`.

A move is applied to a draft of the state
(:class:`~acreage.crazy_farmers.state.Work`): its steps, here and in those
modules, set the fields that change, and the draft is frozen once into the
next state. A bonus card's :class:`~acreage.crazy_farmers.handler.Handler`
maps a state to a state (rules of your own hold handlers): the draft is
frozen for it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final

import attrs

from acreage.core.bitset import bits
from acreage.core.chance import Deck, Pile, counted
from acreage.core.game import IllegalMoveError, shorten
from acreage.core.memo import IdentityMemo
from acreage.crazy_farmers import board, madcow
from acreage.crazy_farmers.annexing import annex, enclosed, guarded_plots, team_annex
from acreage.crazy_farmers.bales import bale_refusal, bale_spots, bales_to_take, take_refusal
from acreage.crazy_farmers.board import (
    EDGE_CELLS,
    GRID,
    ROUTES,
    STEPS,
    VERTEX_CELLS,
    component,
    crossroads_of,
)
from acreage.crazy_farmers.cards import handler, landing_spots, take_effect
from acreage.crazy_farmers.moves import (
    DRIVES,
    END_TURN,
    LANDINGS,
    MOVE_TYPES,
    NO_TARGET,
    PLACE_BALES,
    TAKE_BALES,
    THE_COW,
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
    aim_text,
)
from acreage.crazy_farmers.pieces import (
    cut,
    discarded,
    fence_marks,
    replace,
    reshuffled,
    share,
)
from acreage.crazy_farmers.rules import ENDGAME, Rules
from acreage.crazy_farmers.state import (
    Farmer,
    Phase,
    State,
    Work,
)
from acreage.crazy_farmers.turns import ACCELERATION_FENCES, BASE_MOVES, begin_turn, end_turn

__all__ = [
    "ACCELERATION_FENCES",
    "BASE_MOVES",
    "apply_move",
    "chance_outcomes",
    "legal_moves",
    "malformed",
    "new_game",
]

SETUP_CARDS: Final = 3
"""'Each player draws 3 bonus cards, chooses one.'"""

# Moves made once and shared. Each entry is stored in one assignment of a
# complete move, so threads filling them at once at worst make a move twice
# (equal moves); none ever reads half an entry.
_DRAWS: dict[str, Draw] = {}
_PLAYS: dict[tuple[str, int, str], Play] = {}
_KEEPS: dict[str, Keep] = {}
_DISCARDS: dict[str, Discard] = {}


def _draw(card: str) -> Draw:
    move = _DRAWS.get(card)
    if move is None:
        move = _DRAWS[card] = Draw(card)
    return move


def _play(card: str, target: int, kind: str) -> Play:
    key = (card, target, kind)
    move = _PLAYS.get(key)
    if move is None:
        aim = "" if target == NO_TARGET else aim_text(kind, target)
        move = _PLAYS[key] = Play(card, target, aim)
    return move


# -- setup ------------------------------------------------------------------------


def new_game(rules: Rules) -> State:
    """The state before setup: the bonus deck shuffled, 3 cards about to be dealt to seat 0.

    With fixed start plots each seat's start plot holds its tile from the start.
    The Mad Cow mode starts with the Cow (:func:`acreage.crazy_farmers.madcow.new_game`).
    """
    if rules.mad_cow:
        return madcow.new_game(rules)
    farmers = []
    for seat in range(rules.players):
        if rules.start == "fixed":
            cell = 1 << rules.start_cells[seat]
            farmers.append(Farmer(plots=cell, main=cell))
        else:
            farmers.append(Farmer())
    deck: Deck[str] = Deck.of(rules.deck_counts())
    return State(rules, Phase.DEAL, 0, tuple(farmers), deck=deck)


def _deal(state: State, move: Draw) -> State:
    card = move.card
    if not state.deck.can_draw(card):
        raise IllegalMoveError(f"draw {card}: no such card can be dealt now")
    f = state.farmers[state.player]
    hand = tuple(sorted((*f.hand, card)))
    farmers = replace(
        state.farmers, state.player, Farmer(f.tractor, plots=f.plots, main=f.main, hand=hand)
    )
    phase = Phase.KEEP if len(hand) == SETUP_CARDS else Phase.DEAL
    return State(state.rules, phase, state.player, farmers, deck=state.deck.draw(card))


def _keep(state: State, move: Keep) -> State:
    f = state.farmers[state.player]
    if move.card not in f.hand:
        raise IllegalMoveError(f"{move}: keep one of the cards drawn ({', '.join(f.hand)})")
    rest = list(f.hand)
    rest.remove(move.card)
    kept = Farmer(f.tractor, plots=f.plots, main=f.main, hand=(move.card,), set_aside=tuple(rest))
    farmers = replace(state.farmers, state.player, kept)
    rules = state.rules
    if state.player + 1 < rules.players:
        return State(rules, Phase.DEAL, state.player + 1, farmers, deck=state.deck)
    # "shuffles the remaining cards adding the Endgame card, then places them
    # at the bottom of the draw pile."
    set_aside = tuple(c for g in farmers for c in g.set_aside)
    deck = state.deck.put_bottom(set_aside, known_order=False)
    if not rules.endgame_card:
        endgame = -1
    elif rules.endgame_window is None:
        endgame = len(set_aside)
    else:
        endgame = rules.endgame_window
    w = Work.copy(State(rules, Phase.TURN, 0, farmers, deck=deck, endgame=endgame))
    begin_turn(w, 0)
    return w.freeze()


# -- the tractor ------------------------------------------------------------------


def _blocked(state: State, seat: int) -> int:
    """The crossroads ``seat``'s tractor may not enter (bitset)."""
    out = 0
    for s, g in enumerate(state.farmers):
        if s != seat and g.tractor >= 0:
            out |= g.protected
            if state.flown:
                out |= g.fence_crossroads
    return out


def _powered(f: Farmer) -> bool:
    return bool(f.fence) or bool(VERTEX_CELLS[f.tractor] & f.main)


def _lays_fence(f: Farmer, edge: int, to: int) -> bool:
    """Whether a powered tractor going along ``edge`` to ``to`` pulls a new fence piece."""
    fence = f.fence
    if fence:
        return to != fence[-2] and not f.fence_crossroads >> to & 1
    # "There is no need to place fences INSIDE your field."
    return not EDGE_CELLS[edge] & f.main


def _headings(state: State) -> tuple[int, ...]:
    if state.allowance <= state.moves_made:
        return ()
    seat = state.player
    farmers = state.farmers
    f = farmers[seat]
    tractor = f.tractor
    rules = state.rules
    powered = bool(f.fence) or bool(VERTEX_CELLS[tractor] & f.main)
    if not powered:
        limit = rules.powerless_move_limit
        if limit is not None and state.moves_made >= limit:
            return ()
    blocked = 1 << tractor
    if len(farmers) > 1:
        flown = state.flown
        for s, g in enumerate(farmers):
            if s != seat and g.tractor >= 0:
                blocked |= g.protected
                if flown:
                    blocked |= g.fence_crossroads
    bales = state.bales
    no_piece = powered and max(0, len(f.fence) - 1) >= rules.fences
    out = []
    for heading, edge, to in STEPS[tractor]:
        if bales >> edge & 1 or blocked >> to & 1:
            continue
        if no_piece and _lays_fence(f, edge, to):
            continue
        out.append(heading)
    return tuple(out)


_drives: Final = IdentityMemo(_headings)
"""The headings the tractor of the player to move can take now (:func:`_headings`),
kept for the last state asked: ``legal_moves`` and ``apply_move`` on one state both ask."""


def _drive_refusal(state: State, move: Drive) -> str:
    seat = state.player
    f = state.farmers[seat]
    if state.allowance <= state.moves_made:
        return f"{move}: no move is left this turn"
    step = next((s for s in STEPS[f.tractor] if s[0] == move.heading), None)
    if step is None:
        return f"{move}: no path leads {board.HEADINGS[move.heading]} from {board.crossroad_name(f.tractor)}"
    _, edge, to = step
    if state.bales >> edge & 1:
        return f"{move}: a hay bale blocks the path"
    limit = state.rules.powerless_move_limit
    if not _powered(f) and limit is not None and state.moves_made >= limit:
        return f"{move}: a powerless tractor makes at most {limit} moves a turn"
    for s, g in enumerate(state.farmers):
        if s == seat or g.tractor < 0:
            continue
        if g.tractor == to:
            return f"{move}: player {s}'s tractor stands there"
        if g.protected >> to & 1:
            if g.fence_crossroads >> to & 1 and to not in g.fence[-3:]:
                return f"{move}: player {s}'s High Voltage protects the whole fence"
            return f"{move}: the 2 fences behind player {s}'s tractor are protected"
        if state.flown and g.fence_crossroads >> to & 1:
            return f"{move}: after a Helicopter flight your tractor cannot cut fences this turn"
    return f"{move}: all {state.rules.fences} of your fences are down"


def _drive(state: State, move: Drive) -> State:
    heading = move.heading
    # ``True in (1,)`` holds: a bool heading is refused (as malformed) on the way out.
    if heading not in _drives(state) or type(heading) is not int:
        raise IllegalMoveError(_drive_refusal(state, move))
    seat = state.player
    f = state.farmers[seat]
    here = f.tractor
    route = ROUTES[here][heading]
    assert route is not None, "a listed heading has a path"
    edge, to = route
    fence = f.fence
    paths, crossroads, main = f.fence_paths, f.fence_crossroads, f.main
    contact = False
    powered = bool(fence) or bool(VERTEX_CELLS[here] & main)
    if not powered:
        # "You can no longer pull fences when moving your tractor nor cut your
        # opponents' fences [...] You will no longer be Powerless once connected
        # back to your field."
        if VERTEX_CELLS[to] & f.plots:
            main = component(f.plots, VERTEX_CELLS[to])
            powered = True
    elif fence:
        if to == fence[-2]:
            # "take a path from where you came in the opposite direction,
            # removing the fence placed on it"
            fence = fence[:-1] if len(fence) > 2 else ()
            paths &= ~(1 << edge)
            crossroads = crossroads & ~(1 << here) if fence else 0
        elif crossroads >> to & 1:
            # A loop: the fence goes back to where it first passed this crossroad.
            fence = fence[: fence.index(to) + 1]
            if len(fence) < 2:
                fence = ()
            paths, crossroads = fence_marks(fence)
        else:
            fence = (*fence, to)
            paths |= 1 << edge
            crossroads |= 1 << to
            contact = bool(VERTEX_CELLS[to] & main)
    elif not EDGE_CELLS[edge] & main:
        fence = (here, to)
        paths = 1 << edge
        crossroads = (1 << here) | (1 << to)
        contact = bool(VERTEX_CELLS[to] & main)
    moved = Farmer(
        to,
        fence,
        paths,
        crossroads,
        f.plots,
        main,
        f.hand,
        f.set_aside,
        f.in_play,
        f.slowdown,
        f.guards,
        False,
    )
    w = Work.copy(state)  # in the turn, with nothing pending: only the pieces and moves change
    w.farmers = replace(state.farmers, seat, moved)
    w.moves_made += 1
    partner = -1
    if powered and len(w.farmers) > 1:
        # "By touching an opponent's fence, including the starting point, you cut it off."
        for s, g in enumerate(w.farmers):
            if s != seat and g.fence_crossroads >> to & 1:
                if state.cow is None:
                    w.farmers = replace(w.farmers, s, cut(g))
                else:
                    partner = s
    if partner >= 0 and madcow.touch(w, seat, partner, to):
        return w.freeze()
    if contact:
        _close(w)
    return w.freeze()


# -- annexing ---------------------------------------------------------------------


def _close(w: Work) -> None:
    """The fence of the player to move touched its main field again: annex what it closes off.

    "Remove unnecessary fences": back on its field, the tractor needs none.
    """
    seat = w.player
    f = w.farmers[seat]
    unfenced = attrs.evolve(f, fence=(), fence_paths=0, fence_crossroads=0)
    w.farmers = replace(w.farmers, seat, unfenced)
    if w.cow is not None:
        team_annex(w, seat, enclosed(f))
    else:
        annex(w, seat, enclosed(f) & ~guarded_plots(w.farmers, seat))


# -- drawing bonus cards ----------------------------------------------------------


def _draw_pile(state: State) -> tuple[Deck[str], tuple[str, ...], int]:
    """The draw pile a card comes from now: the discard pile is reshuffled when it is empty."""
    if state.deck or state.endgame >= 0 or not state.discard:
        return state.deck, state.discard, state.reshuffles
    return reshuffled(state.discard), (), state.reshuffles + 1


def _draw_outcomes(state: State) -> tuple[tuple[Draw, Fraction], ...]:
    deck, _, _ = _draw_pile(state)
    n = len(deck)
    if 0 <= n <= state.endgame:
        # The Endgame card lies anywhere among the last `endgame` cards, so it
        # is equally likely to be any of the n + 1 cards left.
        endgame = Fraction(1, n + 1)
        rest = 1 - endgame
        out = [(_draw(c), p * rest) for c, p in deck.draw_outcomes()]
        out.append((_draw(ENDGAME), endgame))
        return tuple(out)
    segments = deck.segments
    if segments and isinstance(segments[0], Pile):
        return _pile_draws(segments[0].counts)
    return tuple((_draw(c), p) for c, p in deck.draw_outcomes())


@functools.lru_cache(maxsize=4096)
def _pile_draws(counts: tuple[tuple[str, int], ...]) -> tuple[tuple[Draw, Fraction], ...]:
    # The same object for the same pile, drawn by ``sample`` without Fraction arithmetic.
    return counted([(_draw(c), k) for c, k in counts])


def _draw_card(state: State, move: Draw) -> State:
    if not any(m == move for m, _ in _draw_outcomes(state)):
        raise IllegalMoveError(f"{move}: that card cannot be the next one drawn")
    w = Work.copy(state)
    if move.card == ENDGAME:
        # "Endgame: The game ends. It's time to count you plots."
        w.phase = Phase.OVER
        w.endgame = -1
        w.pending = 0
        w.ended = "endgame"
        return w.freeze()
    seat = state.player
    deck, discard, reshuffles = _draw_pile(state)
    f = state.farmers[seat]
    hand = tuple(sorted((*f.hand, move.card)))
    pending = state.pending - 1
    deck = deck.draw(move.card)
    if pending and not deck and not discard and state.endgame < 0:
        pending = 0
    w.phase = Phase.DRAW if pending else Phase.TURN
    w.farmers = replace(state.farmers, seat, attrs.evolve(f, hand=hand))
    w.deck = deck
    w.discard = discard
    w.pending = pending
    w.reshuffles = reshuffles
    return w.freeze()


# -- the first turn ---------------------------------------------------------------


def _start_spots(state: State) -> int:
    """The crossroads of the start plot a tractor may be placed on (bitset)."""
    seat = state.player
    taken = 0
    for s, g in enumerate(state.farmers):
        if s != seat and g.tractor >= 0:
            taken |= (1 << g.tractor) | g.fence_crossroads
    return crossroads_of(state.farmers[seat].plots) & ~taken


def _start_plots(state: State) -> list[int]:
    owned = taken = 0
    if state.cow is not None:
        owned = state.cow.plots
    for g in state.farmers:
        owned |= g.plots
        if g.tractor >= 0:
            taken |= (1 << g.tractor) | g.fence_crossroads
    return [c for c in bits(GRID.all_cells & ~owned) if board.CELL_VERTICES[c] & ~taken]


def _start_moves(state: State) -> tuple[Move, ...]:
    if not state.farmers[state.player].plots:
        plots = _start_plots(state)
        return tuple(ChoosePlot(c) for c in plots) if plots else (END_TURN,)
    spots = _start_spots(state)
    return tuple(StartAt(v) for v in bits(spots)) if spots else (END_TURN,)


def _choose_plot(state: State, move: ChoosePlot) -> State:
    if state.farmers[state.player].plots or move.plot not in _start_plots(state):
        raise IllegalMoveError(
            f"{move}: choose an empty plot with a free crossroad, once, on your first turn"
        )
    f = state.farmers[state.player]
    bit = 1 << move.plot
    w = Work.copy(state)
    if state.cow is not None:
        # "all start from the same plot": the first to choose chooses for all.
        w.farmers = share(state.farmers, bit)
    else:
        w.farmers = replace(state.farmers, state.player, attrs.evolve(f, plots=bit, main=bit))
    return w.freeze()


def _start_at(state: State, move: StartAt) -> State:
    f = state.farmers[state.player]
    if not f.plots or not _start_spots(state) >> move.crossroad & 1:
        raise IllegalMoveError(
            f"{move}: 'place your tractor on one of the crossroads around your plot' "
            "(free of tractors and fences)"
        )
    placed = Farmer(
        move.crossroad,
        f.fence,
        f.fence_paths,
        f.fence_crossroads,
        f.plots,
        f.plots,
        f.hand,
        f.set_aside,
        f.in_play,
        f.slowdown,
        f.guards,
        f.out,
    )
    w = Work.copy(state)
    w.phase = Phase.TURN
    w.farmers = replace(state.farmers, state.player, placed)
    return w.freeze()


# -- bonus cards ------------------------------------------------------------------


def _distinct(cards: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for c in cards:
        if not out or out[-1] != c:
            out.append(c)
    return out


def _card_plays(state: State) -> list[Play]:
    seat = state.player
    rules = state.rules
    out: list[Play] = []
    for card in _distinct(state.farmers[seat].hand):
        effect = handler(rules, card)
        out.extend(_play(card, t, effect.target) for t in effect.targets(state, seat, card))
    return out


def _play_card(state: State, move: Play) -> State:
    seat = state.player
    f = state.farmers[seat]
    if move.card not in f.hand:
        raise IllegalMoveError(f"{move}: you hold no {move.card}")
    effect = handler(state.rules, move.card)
    if move.target not in effect.targets(state, seat, move.card):
        raise IllegalMoveError(effect.refusal(state, seat, move.card, move.target))
    w = Work.copy(state)
    w.farmers = replace(state.farmers, seat, attrs.evolve(f, hand=_without(f.hand, move.card)))
    if madcow.checks(state):
        # "When playing the bonus, draw a Mad Cow card [...] and check the number"
        madcow.to_check(w, move.card, move.target)
        return w.freeze()
    return take_effect(w, seat, move.card, move.target)


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _bale_moves(state: State) -> tuple[Move, ...]:
    if state.hay_bales_left:
        return tuple(PLACE_BALES[e] for e in bits(bale_spots(state)))
    return tuple(TAKE_BALES[e] for e in bits(bales_to_take(state)))


def _take_bale(state: State, move: TakeBale) -> State:
    if state.hay_bales_left or not bales_to_take(state) >> move.path & 1:
        raise IllegalMoveError(f"{move}: {take_refusal(state, move.path)}")
    w = Work.copy(state)
    w.bales &= ~(1 << move.path)
    return w.freeze()


def _place_bale(state: State, move: PlaceBale) -> State:
    if not state.hay_bales_left or not bale_spots(state) >> move.path & 1:
        raise IllegalMoveError(f"{move}: {bale_refusal(state, move.path)}")
    w = Work.copy(state)
    w.bales |= 1 << move.path
    w.pending -= 1
    after = w.freeze()
    if after.pending and (bale_spots(after) if after.hay_bales_left else bales_to_take(after)):
        return after
    w.phase = Phase.TURN
    w.pending = 0
    return w.freeze()


def _land(state: State, move: Land) -> State:
    seat = state.player
    if not landing_spots(state, seat) >> move.crossroad & 1:
        raise IllegalMoveError(
            f"{move}: the helicopter lands on a crossroad of your field without a tractor "
            "or an opponent's fence"
        )
    f = state.farmers[seat]
    # Flying leaves no fence (the card needs none) and lands on the field, which
    # becomes the main field: "Move to Fallow Land using a Helicopter bonus card
    # to change it into your Main Field."
    main = component(f.plots, VERTEX_CELLS[move.crossroad])
    w = Work.copy(state)
    w.phase = Phase.TURN
    w.farmers = replace(state.farmers, seat, attrs.evolve(f, tractor=move.crossroad, main=main))
    w.flown = True
    return w.freeze()


def _discard(state: State, move: Discard) -> State:
    seat = state.player
    f = state.farmers[seat]
    if _drives(state) or len(f.hand) <= state.rules.hand_limit or move.card not in f.hand:
        raise IllegalMoveError(
            f"{move}: discard only cards in hand, in excess of {state.rules.hand_limit}, "
            "once no move is left"
        )
    w = Work.copy(state)
    w.farmers = replace(state.farmers, seat, attrs.evolve(f, hand=_without(f.hand, move.card)))
    w.discard = discarded(state.discard, (move.card,))
    return w.freeze()


# -- the contract -----------------------------------------------------------------


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """The cards that may be drawn next with their probabilities; ``()`` at a decision."""
    outcomes = _OUTCOMES.get(state.phase)
    return () if outcomes is None else outcomes(state)


def _deal_outcomes(state: State) -> tuple[tuple[Draw, Fraction], ...]:
    return tuple((_draw(c), p) for c, p in state.deck.draw_outcomes())


def _face_outcomes(state: State) -> tuple[tuple[Face, Fraction], ...]:
    return madcow.face_outcomes()


_OUTCOMES: Final[dict[Phase, Callable[[State], tuple[tuple[Move, Fraction], ...]]]] = {
    Phase.DEAL: _deal_outcomes,
    Phase.DRAW: _draw_outcomes,
    Phase.FACE: _face_outcomes,
    Phase.COW: madcow.cow_card_outcomes,
    Phase.CHECK: madcow.cow_card_outcomes,
    Phase.COW_BONUS: madcow.cow_bonus_outcomes,
}
"""The chance outcomes in each chance phase, by phase."""


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move allowed now, in a fixed order (the outcomes at a chance node)."""
    return _LEGAL[state.phase](state)


def _turn_moves(state: State) -> tuple[Move, ...]:
    headings = _drives(state)
    f = state.farmers[state.player]
    if headings:
        drives = _DRIVE_MOVES.get(headings)
        if drives is None:
            drives = _DRIVE_MOVES[headings] = tuple(DRIVES[h] for h in headings)
        if not f.hand:
            return drives
        return (*drives, *_card_plays(state))
    moves: list[Move] = []
    if f.hand:
        moves.extend(_card_plays(state))
    if len(f.hand) > state.rules.hand_limit:
        moves.extend(_discards(c) for c in _distinct(f.hand))
    else:
        moves.append(END_TURN)
    return tuple(moves)


def _chance_moves(state: State) -> tuple[Move, ...]:
    return tuple(m for m, _ in chance_outcomes(state))


def _keep_moves(state: State) -> tuple[Move, ...]:
    return tuple(_keeps(c) for c in _distinct(state.farmers[state.player].hand))


def _landing_moves(state: State) -> tuple[Move, ...]:
    return tuple(LANDINGS[v] for v in bits(landing_spots(state, state.player)))


def _no_moves(state: State) -> tuple[Move, ...]:
    return ()


_DRIVE_MOVES: dict[tuple[int, ...], tuple[Move, ...]] = {}
"""The drives along each tuple of headings (at most 64 of them), made once (one store each)."""


def _keeps(card: str) -> Keep:
    move = _KEEPS.get(card)
    if move is None:
        move = _KEEPS[card] = Keep(card)
    return move


def _discards(card: str) -> Discard:
    move = _DISCARDS.get(card)
    if move is None:
        move = _DISCARDS[card] = Discard(card)
    return move


_ACCEPTED: Final = {
    Phase.DEAL: (Draw,),
    Phase.KEEP: (Keep,),
    Phase.START: (ChoosePlot, StartAt, EndTurn),
    Phase.TURN: (Drive, Play, Discard, EndTurn),
    Phase.HAY_BALE: (TakeBale, PlaceBale),
    Phase.HELICOPTER: (Land,),
    Phase.DRAW: (Draw,),
    Phase.OVER: (),
    Phase.FACE: (Face,),
    Phase.COW: (CowCard,),
    Phase.CHECK: (CowCard,),
    Phase.COW_BONUS: (Draw,),
    Phase.AIM: (Aim,),
    Phase.BACKLASH_BALE: (PlaceBale, TakeBale),
    Phase.FLY: (Fly,),
    Phase.SURRENDER: (Surrender,),
}

_DECIDING: Final = {
    Phase.DEAL: "cards are being dealt (chance)",
    Phase.KEEP: "player {p} is choosing the card to keep",
    Phase.START: "player {p} is placing their tractor",
    Phase.TURN: "it is player {p}'s turn",
    Phase.HAY_BALE: "player {p} is placing hay bales",
    Phase.HELICOPTER: "player {p}'s helicopter is landing",
    Phase.DRAW: "player {p} is drawing bonus cards (chance)",
    Phase.OVER: "the game is over",
    Phase.FACE: "the Cow is being turned to face a neighbour (chance)",
    Phase.COW: "the Cow is drawing its Mad Cow cards (chance)",
    Phase.CHECK: "a Mad Cow card is drawn to check the bonus played (chance)",
    Phase.COW_BONUS: "the Cow is drawing a bonus on a barn (chance)",
    Phase.AIM: "player {p} is choosing the tractor a Backlash Hay Bale goes around",
    Phase.BACKLASH_BALE: "player {p} is placing Backlash hay bales",
    Phase.FLY: "player {p} is choosing where the Cow flies",
    Phase.SURRENDER: "player {p} is choosing the plot to lose to the Cow",
}


_LEGAL: Final[dict[Phase, Callable[[State], tuple[Move, ...]]]] = {
    Phase.DEAL: _chance_moves,
    Phase.KEEP: _keep_moves,
    Phase.START: _start_moves,
    Phase.TURN: _turn_moves,
    Phase.HAY_BALE: _bale_moves,
    Phase.HELICOPTER: _landing_moves,
    Phase.DRAW: _chance_moves,
    Phase.OVER: _no_moves,
    Phase.FACE: _chance_moves,
    Phase.COW: _chance_moves,
    Phase.CHECK: _chance_moves,
    Phase.COW_BONUS: _chance_moves,
    Phase.AIM: madcow.backlash_moves,
    Phase.BACKLASH_BALE: madcow.backlash_moves,
    Phase.FLY: madcow.backlash_moves,
    Phase.SURRENDER: madcow.backlash_moves,
}
"""The legal moves in each phase, by phase (a phase's hash is its number's: quick)."""


_CARDS: Final = (CowCard, Draw)
"""The moves that draw a card: what the card does depends on the phase (:data:`_DRAWN`)."""

_DRAWN: Final[dict[Phase, Callable[[State, Any], State]]] = {
    Phase.DEAL: _deal,
    Phase.DRAW: _draw_card,
    Phase.COW_BONUS: madcow.cow_bonus,
    Phase.COW: madcow.cow_draw,
    Phase.CHECK: madcow.check,
}
"""What drawing a card does in each phase that draws one (a :class:`Draw` or a
:class:`CowCard`, as :data:`_ACCEPTED` admits in the phase), by phase."""


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~acreage.IllegalMoveError` says which rule forbids it.

    ``move`` is a move object (:data:`~acreage.crazy_farmers.moves.Move`);
    one built by hand with a field of the wrong type or out of range, or
    anything else (a text: read it with :func:`parse_move`), is an
    :class:`~acreage.IllegalMoveError` too.
    """
    phase = state.phase
    if not isinstance(move, _ACCEPTED[phase]):
        raise IllegalMoveError(_not_now(state, move))
    try:
        if isinstance(move, Drive):
            return _drive(state, move)
        if isinstance(move, _CARDS):
            return _DRAWN[phase](state, move)
        if isinstance(move, EndTurn):
            return _end_turn(state, move)
        # The moves above are checked by what they do (a heading listed, a card
        # that can be drawn); the rarer ones are checked for their fields first.
        problem = malformed(state.rules, move)
        if problem is not None:
            raise IllegalMoveError(problem)
        return _decide(state, move)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError):
        # A hand-built move with a field of the wrong type or out of range may
        # fail anywhere on the way; say what is wrong with it instead.
        problem = malformed(state.rules, move)
        if problem is None:
            raise
        raise IllegalMoveError(problem) from None


def _end_turn(state: State, move: EndTurn) -> State:
    if state.phase is Phase.START:
        if _start_moves(state) != (END_TURN,):
            raise IllegalMoveError(f"{move}: place your tractor first")
    elif _drives(state):
        raise IllegalMoveError(f"{move}: 'You must use all your moves whenever possible.'")
    elif len(state.farmers[state.player].hand) > state.rules.hand_limit:
        raise IllegalMoveError(
            f"{move}: 'you are limited to a maximum of {state.rules.hand_limit} cards in "
            "hand at the end of your turn': play or discard first"
        )
    w = Work.copy(state)
    end_turn(w)
    return w.freeze()


def _decide(state: State, move: Move) -> State:
    """Apply a well-formed move that is neither a drive, a draw nor the end of a turn."""
    if isinstance(move, Play):
        return _play_card(state, move)
    if state.phase >= Phase.AIM:  # the players' choices in Backlash effects
        return madcow.choose(state, move)  # type: ignore[arg-type]
    if isinstance(move, Face):
        return madcow.face(state, move)
    if isinstance(move, Keep):
        return _keep(state, move)
    if isinstance(move, Discard):
        return _discard(state, move)
    if isinstance(move, PlaceBale):
        return _place_bale(state, move)
    if isinstance(move, TakeBale):
        return _take_bale(state, move)
    if isinstance(move, Land):
        return _land(state, move)
    if isinstance(move, StartAt):
        return _start_at(state, move)
    assert isinstance(move, ChoosePlot)
    return _choose_plot(state, move)


def _not_now(state: State, move: object) -> str:
    """Why ``move``, of a kind not decided now (or no move at all), cannot be applied."""
    if not isinstance(move, MOVE_TYPES):
        hint = ""
        if isinstance(move, str):
            hint = f"; read a move's text with parse_move(state, {shorten(move)})"
        return f"apply_move takes a move object (Drive, Play, EndTurn...), not {type(move).__name__}{hint}"
    problem = malformed(state.rules, move)
    if problem is not None:
        return problem
    return f"{move}: not now, {_DECIDING[state.phase].format(p=state.player)}"


def _index(value: object, size: int) -> bool:
    return type(value) is int and 0 <= value < size


def malformed(rules: Rules, move: Move) -> str | None:
    """What is wrong with the fields of ``move`` for a game with ``rules``, or ``None``.

    A move made by :func:`legal_moves` or :func:`parse_move` is well formed;
    one built by hand may hold a field of the wrong type (``Drive("E")``), a
    number out of range (``Land(500)``), a card that is not in the game or a
    ``Play`` whose target text (``aim``) is not its target's: such a move's
    text would not read back as the same move, so it is never legal.
    """
    name = type(move).__name__
    if isinstance(move, Drive):
        if not _index(move.heading, len(board.HEADINGS)):
            return f"Drive.heading: expected a heading 0 to 5, got {shorten(move.heading)}"
        return None
    if isinstance(move, Draw | Keep | Discard):
        cards = (*rules.card_names, ENDGAME) if isinstance(move, Draw) else rules.card_names
        if type(move.card) is not str or move.card not in cards:
            return f"{name}.card: {shorten(move.card)} is not a bonus card of this game"
        return None
    if isinstance(move, CowCard):
        if type(move.card) is not str or move.card not in rules.cow_cards:
            return f"CowCard.card: {shorten(move.card)} is not a Mad Cow card of this game"
        return None
    if isinstance(move, Play):
        return _malformed_play(rules, move)
    if isinstance(move, EndTurn):
        return None
    if isinstance(move, ChoosePlot | Fly | Surrender):
        field, value, size = "plot", move.plot, GRID.n_cells
    elif isinstance(move, StartAt | Land):
        field, value, size = "crossroad", move.crossroad, GRID.n_vertices
    elif isinstance(move, TakeBale | PlaceBale):
        field, value, size = "path", move.path, GRID.n_edges
    elif isinstance(move, Face):
        field, value, size = "direction", move.direction, len(board.SIDES)
    else:
        field, value, size = "seat", move.seat, rules.players
    if not _index(value, size):
        return f"{name}.{field}: expected an int from 0 to {size - 1}, got {shorten(value)}"
    return None


def _malformed_play(rules: Rules, move: Play) -> str | None:
    card, target, aim = move.card, move.target, move.aim
    if type(card) is not str or card not in rules.card_names:
        return f"Play.card: {shorten(card)} is not a bonus card of this game"
    if type(target) is not int:
        return f"Play.target: expected an int, got {shorten(target)}"
    kind = handler(rules, card).target
    if kind == "none":
        if target != NO_TARGET:
            return f"Play.target: {card} is played on nothing (target {NO_TARGET}), not {target}"
    elif kind == "player":
        if target != THE_COW and not 0 <= target < rules.players:
            return f"Play.target: {card} is played on a seat or the Cow ({THE_COW}), not {target}"
    elif not 0 <= target < (GRID.n_edges if kind == "path" else GRID.n_cells):
        return f"Play.target: {card} is played on a {kind}, and {target} is none"
    expected = "" if target == NO_TARGET else aim_text(kind, target)
    if aim != expected:
        return f"Play.aim: the text of target {target} is {expected!r}, not {shorten(aim)}"
    return None
