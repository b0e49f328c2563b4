"""What each player may see (:func:`observe`) and worlds they cannot tell apart (:func:`resample`).

Hidden are: the order and contents of the location decks; the cards in other
players' hands, except those the viewer has held and passed on (the draft
passes whole hands, and every pick is revealed, so a player knows each hand
they held since); a pick while it lies face down; and a player's own cards
while they draw them blind ("ohne sie währenddessen zu begutachten"). Card
backs show their deck, and which deck each card was drawn from is seen by all,
so the deck of every hidden card is public. Farms, coins, tokens, tools, the
discard pile, the silo and tower stacks and the tool pile are open.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any

import attrs

from acreage.core.agenda import Task
from acreage.core.chance import Deck, Pile, Stack
from acreage.core.display import view_repr
from acreage.core.game import Chance, check_seat
from acreage.fields_of_green.components import DECKS, SILO, WATER_TOWER
from acreage.fields_of_green.geometry import coords
from acreage.fields_of_green.rules import Rules
from acreage.fields_of_green.state import (
    PHASES,
    ChooseDeck,
    DealCard,
    Farm,
    PickCard,
    State,
    question,
)

__all__ = ["SeatView", "SiteView", "View", "farm_sites", "observe", "resample", "seat_views"]


@attrs.frozen
class SiteView:
    """One card of a farm in the game's own words.

    Attributes:
        x, y: its cell (the first water tower is at 0,0, the first silo at 1,0).
        name: the card's name, ``"silo"`` or ``"water tower"``.
        deck: its deck, or ``"silo"`` / ``"water tower"``.
        face_up: False once the site is shut down.
        tools: the names of the tools attached to it.
        water: the water in it (water towers), else 0.
        capacity: the water it holds at most (water towers), else 0.
    """

    x: int
    y: int
    name: str
    deck: str
    face_up: bool
    tools: tuple[str, ...]
    water: int = 0
    capacity: int = 0


def farm_sites(rules: Rules, farm: Farm) -> tuple[SiteView, ...]:
    """Every card of ``farm``, in the order built."""
    t = rules.tables
    towers = {c: (water, cap) for c, water, cap, _ in farm.towers}
    out = []
    for c, k in zip(farm.cells, farm.kinds, strict=True):
        x, y = coords(rules, c)
        water, cap = towers.get(c, (0, 0))
        out.append(
            SiteView(
                x,
                y,
                t.names[k],
                (*DECKS, SILO, WATER_TOWER)[t.deck[k]],
                not farm.down >> c & 1,
                tuple(t.tool_names[tool] for tool in farm.tools_at(c)),
                water,
                cap,
            )
        )
    return tuple(out)


@attrs.frozen
class SeatView:
    """One seat's hand and pick as the viewer sees them.

    Attributes:
        backs: the deck of each hand card, as the card backs show.
        hand: the hand's card names when the viewer knows them, else ``None``.
        pick_back: the deck of the card picked this round, ``None`` if there is none.
        pick: the picked card's name once the viewer may see it, else ``None``.
        among: while a pick lies face down in a hand the viewer knew, the
            names of the hand and the pick together (which one is picked is
            hidden); ``None`` otherwise.
    """

    backs: tuple[str, ...]
    hand: tuple[str, ...] | None
    pick_back: str | None
    pick: str | None
    among: tuple[str, ...] | None


@attrs.frozen
class View:
    """What ``player`` may see of a state: a plain value with no link to it.

    Attributes:
        rules: the game's :class:`Rules` (public data: the cards, tools and
            options), so that a view alone can be turned into numbers
            (:func:`~acreage.fields_of_green.actions.observation_tensor`).
        player: the viewer's seat.
        year, phase (its name), to_move, actor, start: as in the state.
        farms: every farm (all open).
        seats: every seat's hand and pick as :class:`SeatView`.
        deck_sizes: cards left in the Fields, Livestock, Facilities and Buildings decks.
        tool_pile: the tool tiles by name (their order only where it is known).
        silo_stack, tower_stack: silo and tower cards left.
        discard: the discard pile by name.
        pending: the details of the decision being taken (all public).
        passes: how often the hands have been passed this year.
        agenda: the rest of the turn as the engine will take it (public: it
            follows from the rules and what all have seen).
    """

    rules: Rules
    player: int
    year: int
    phase: str
    to_move: int | Chance | None
    actor: int
    start: int
    farms: tuple[Farm, ...]
    seats: tuple[SeatView, ...]
    deck_sizes: tuple[int, ...]
    tool_pile: Deck[str]
    silo_stack: int
    tower_stack: int
    discard: tuple[str, ...]
    pending: tuple[int, ...]
    passes: int = 0
    agenda: tuple[Task, ...] = ()

    def __repr__(self) -> str:
        where = f"year {self.year} of {self.rules.years}" if self.year else "setup"
        return view_repr("fields-of-green", self, where)

    def _repr_svg_(self) -> str:
        from acreage.fields_of_green.render import render_svg

        return render_svg(self)


def _drawing_blind(state: State, player: int) -> bool:
    """Whether ``player`` is drawing cards blind right now (and so cannot see their hand)."""
    task = state.agenda[-1] if state.agenda else None
    return isinstance(task, (ChooseDeck, DealCard)) and task.seat == player


def _knows_hand(state: State, viewer: int, seat: int) -> bool:
    """Whether ``viewer`` knows the cards of the hand ``seat`` holds (picks aside).

    Hands travel around the table and every pick is revealed, so a player
    knows each hand they held before: the hand at ``seat`` began the year at
    ``origin`` and has passed through the next ``passes`` seats since.
    """
    if seat == viewer:
        return not _drawing_blind(state, viewer)
    n = state.rules.players
    step = state.pass_direction
    origin = (seat - state.passes * step) % n
    return (viewer - origin) * step % n < state.passes


def _pick_hidden(state: State, viewer: int, seat: int) -> bool:
    picking = bool(state.agenda) and isinstance(state.agenda[-1], PickCard)
    return picking and seat != viewer and state.picks[seat] >= 0


def seat_views(state: State, viewer: int | None) -> tuple[SeatView, ...]:
    """Every seat's hand and pick as ``viewer`` sees them (everything when ``viewer`` is None).

    :class:`~acreage.SeatError` if ``viewer`` is not a seat at this table.
    """
    if viewer is not None:
        check_seat(viewer, state.rules.players)
    rules = state.rules
    picks = state.picks
    return tuple(
        _seat_view(
            rules,
            hand,
            picks[q],
            viewer is None or _knows_hand(state, viewer, q),
            viewer is not None and _pick_hidden(state, viewer, q),
        )
        for q, hand in enumerate(state.hands)
    )


# Observing is an RL adapter's per-step cost, and most seats look the same from one
# observation to the next: make each seat's view once (one SeatView shared by every
# observation that shows it), and name each hand once. Bounded; lru_cache is safe
# under threads.
@lru_cache(maxsize=4096)
def _seat_view(
    rules: Rules, hand: tuple[int, ...], pick: int, known: bool, hidden_pick: bool
) -> SeatView:
    """The view of a seat holding ``hand`` with ``pick`` (-1: none) chosen, for a viewer
    who knows the hand's cards or not, and from whom the pick is hidden or not."""
    t = rules.tables
    backs, faces = _hand_faces(rules, hand)
    return SeatView(
        backs=backs,
        hand=faces if known and not hidden_pick else None,
        pick_back=DECKS[t.deck[pick]] if pick >= 0 else None,
        pick=t.names[pick] if pick >= 0 and not hidden_pick else None,
        among=tuple(sorted((*faces, t.names[pick]))) if known and hidden_pick else None,
    )


@lru_cache(maxsize=1024)
def _hand_faces(rules: Rules, hand: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The backs of a hand's cards (their decks, in deck order) and their names."""
    t = rules.tables
    backs = tuple(map(DECKS.__getitem__, sorted(map(t.deck.__getitem__, hand))))
    return backs, tuple(map(t.names.__getitem__, hand))


# What observe() counts or names from the state's immutable parts, kept by the identity
# of the part (an entry holds the part, so its id is not reused while the entry lives):
# most moves pass the decks, the discard pile and the tool pile on unchanged. One dict
# store of one complete tuple per entry, so a thread sees an entry whole or not at all.
_Parts = dict[int, tuple[Any, Rules, Any]]
_SIZES: _Parts = {}
_DISCARDS: _Parts = {}
_TOOL_PILES: _Parts = {}
_PARTS_KEPT = 512
"""Entries per cache: the parts of many more states than a playout or a search step
touches in a row, and little memory."""


def _deck_sizes(rules: Rules, decks: tuple[Deck[int], ...]) -> tuple[int, ...]:
    """The cards left in each deck (``len`` of a deck adds up its piles: count once)."""
    hit = _SIZES.get(id(decks))
    if hit is not None and hit[0] is decks:
        return hit[2]  # type: ignore[no-any-return]
    sizes = tuple(map(len, decks))
    _keep(_SIZES, decks, rules, sizes)
    return sizes


def _named_discard(rules: Rules, discard: tuple[int, ...]) -> tuple[str, ...]:
    """The discard pile by name."""
    hit = _DISCARDS.get(id(discard))
    if hit is not None and hit[0] is discard and hit[1] is rules:
        return hit[2]  # type: ignore[no-any-return]
    named = tuple(map(rules.tables.names.__getitem__, discard))
    _keep(_DISCARDS, discard, rules, named)
    return named


def _named_tools(rules: Rules, pile: Deck[int]) -> Deck[str]:
    """The tool pile with each tile by name (a pile's order stays unknown, a stack's known)."""
    hit = _TOOL_PILES.get(id(pile))
    if hit is not None and hit[0] is pile and hit[1] is rules:
        return hit[2]  # type: ignore[no-any-return]
    names = rules.tables.tool_names
    named = Deck(
        tuple(
            Pile(tuple((names[k], n) for k, n in seg.counts))
            if isinstance(seg, Pile)
            else Stack(tuple(map(names.__getitem__, seg.order)))
            for seg in pile.segments
        )
    )
    _keep(_TOOL_PILES, pile, rules, named)
    return named


def _keep(cache: _Parts, part: object, rules: Rules, value: object) -> None:
    """Store ``value``, made of ``part`` under ``rules``, in ``cache`` (emptied when full)."""
    if len(cache) >= _PARTS_KEPT:
        cache.clear()
    cache[id(part)] = (part, rules, value)


def observe(state: State, seat: int) -> View:
    """What ``seat`` may see now; :class:`~acreage.SeatError` if ``seat`` is not at the table."""
    rules = state.rules
    check_seat(seat, rules.players)
    phase, actor, pending = question(state)
    return View(
        rules=rules,
        player=seat,
        year=state.year,
        phase=PHASES[phase],
        to_move=state.to_move,
        actor=actor,
        start=state.start,
        farms=state.farms,
        seats=seat_views(state, seat),
        deck_sizes=_deck_sizes(rules, state.decks),
        tool_pile=_named_tools(rules, state.tool_pile),
        silo_stack=state.silo_stack,
        tower_stack=state.tower_stack,
        discard=_named_discard(rules, state.discard),
        pending=pending,
        passes=state.passes,
        agenda=state.rest,
    )


def resample(state: State, seat: int, rng: random.Random) -> State:
    """A state ``seat`` cannot tell from ``state``: hidden cards redealt.

    Every card whose place ``seat`` does not know (in the decks, in hands
    they never held, face-down picks, their own blind draws) is shuffled with
    the others of its deck and dealt back into the same places, since the
    backs show the deck. A face-down pick from a hand ``seat`` knew is
    swapped with a card of that hand of the same deck, at random.
    :class:`~acreage.SeatError` if ``seat`` is not at the table.
    """
    check_seat(seat, state.rules.players)
    t = state.rules.tables
    deck_of = t.deck
    hands = [list(h) for h in state.hands]
    picks = list(state.picks)
    # Places of unknown cards: ("hand", seat, index) or ("pick", seat, -1), and each deck's pile.
    unknown: list[tuple[str, int, int]] = []
    for q in range(state.rules.players):
        known = _knows_hand(state, seat, q)
        hidden_pick = _pick_hidden(state, seat, q)
        if not known:
            unknown.extend(("hand", q, i) for i in range(len(hands[q])))
            if hidden_pick:
                unknown.append(("pick", q, -1))
        elif hidden_pick:
            same = sorted([picks[q], *(k for k in hands[q] if deck_of[k] == deck_of[picks[q]])])
            chosen = same[rng.randrange(len(same))]
            if chosen != picks[q]:
                hands[q][hands[q].index(chosen)] = picks[q]
                picks[q] = chosen
    pools: list[list[int]] = [list(d.cards()) for d in state.decks]
    slots: list[list[tuple[str, int, int]]] = [[] for _ in state.decks]
    for place in unknown:
        kind, q, i = place
        card = picks[q] if kind == "pick" else hands[q][i]
        pools[deck_of[card]].append(card)
        slots[deck_of[card]].append(place)
    decks = []
    for d, pool in enumerate(pools):
        pool.sort()
        rng.shuffle(pool)
        for kind, q, i in slots[d]:
            card = pool.pop()
            if kind == "pick":
                picks[q] = card
            else:
                hands[q][i] = card
        decks.append(Deck.of(Counter(pool)) if pool else Deck())
    return attrs.evolve(
        state,
        hands=tuple(tuple(sorted(h)) for h in hands),
        picks=tuple(picks),
        decks=tuple(decks),
    )
