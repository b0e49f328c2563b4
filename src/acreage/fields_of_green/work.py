"""The draft a move changes, and the steps of the rules that moves and automatic tasks share.

:class:`Work` is Fields of Green's :class:`~acreage.core.draft.Draft` of a
:class:`~acreage.fields_of_green.state.State`; the functions here change one
(a card laid, a tool attached, a site supplied or shut down) and say what
comes next by pushing tasks on its agenda.
"""

from __future__ import annotations

from bisect import insort
from functools import cache

from acreage.core.agenda import Task
from acreage.core.chance import Deck
from acreage.core.draft import Draft
from acreage.fields_of_green.effects import multiplier
from acreage.fields_of_green.queries import legal_decks, matching_sites
from acreage.fields_of_green.rules import ALWAYS, CAPACITY, GREY, RANGE, TOOL, Compiled, Rules
from acreage.fields_of_green.state import (
    AttachKept,
    ChooseDeck,
    DealCard,
    DrawTools,
    Farm,
    Gain,
    PayWaterDue,
    PlaceTool,
    ProduceAt,
    State,
    SupplyNext,
)

__all__ = [
    "Work",
    "attach",
    "choose",
    "choose_deck",
    "deal_card",
    "deck_question",
    "gain_step",
    "offer_tool",
    "place",
    "replace_farm",
    "shut_down",
    "supply",
]


class Work(Draft[State], of=State, lists=("farms", "hands", "picks", "agenda")):
    """A state being changed by one move, frozen back into one new State at the end.

    Its fields are the state's own (generated from State's, see
    :mod:`acreage.core.draft`): the farms, hands, picks and agenda as lists to
    change in place, the rest shared with the state and replaced, never
    changed. A decision (or chance event) to wait on is a task pushed on the
    agenda; the engine stops at it.
    """

    __slots__ = ()
    # The fields' types, for the type checker (checked against State's when the class is made).
    rules: Rules
    year: int
    start: int
    farms: list[Farm]
    hands: list[tuple[int, ...]]
    picks: list[int]
    passes: int
    decks: tuple[Deck[int], ...]
    tool_pile: Deck[int]
    silo_stack: int
    tower_stack: int
    discard: tuple[int, ...]
    agenda: list[Task]

    def then(self, *steps: Task) -> None:
        """Take ``steps``, in this order, before the rest of the agenda."""
        self.agenda.extend(reversed(steps))

    def order(self) -> list[int]:
        """The seats in turn from the start player."""
        n = self.rules.players
        return [(self.start + i) % n for i in range(n)]

    def discard_pick(self, p: int) -> None:
        """Actions B-E: "muss die verdeckte Karte auf den Ablagestapel gelegt werden"."""
        discard = list(self.discard)
        insort(discard, self.picks[p])
        self.discard = tuple(discard)
        self.picks[p] = -1


def replace_farm(
    f: Farm,
    *,
    cells: tuple[int, ...] | None = None,
    kinds: tuple[int, ...] | None = None,
    occupied: int | None = None,
    frontier: tuple[int, ...] | None = None,
    down: int | None = None,
    towers: tuple[tuple[int, int, int, int], ...] | None = None,
    grain: int | None = None,
    grain_capacity: int | None = None,
    coins: int | None = None,
    tokens: int | None = None,
    tools: tuple[tuple[int, int], ...] | None = None,
    kept: tuple[int, ...] | None = None,
) -> Farm:
    """``f`` with some fields replaced (one constructor call, cheaper than attrs.evolve)."""
    return Farm(
        f.cells if cells is None else cells,
        f.kinds if kinds is None else kinds,
        f.occupied if occupied is None else occupied,
        f.frontier if frontier is None else frontier,
        f.down if down is None else down,
        f.towers if towers is None else towers,
        f.grain if grain is None else grain,
        f.grain_capacity if grain_capacity is None else grain_capacity,
        f.coins if coins is None else coins,
        f.tokens if tokens is None else tokens,
        f.tools if tools is None else tools,
        f.kept if kept is None else kept,
    )


# The tasks of a blind draw are shared values, as the moves are: a quarter of all moves
# are deals, and building a frozen task costs several times a cache look-up. Keys are
# small ints (seat, cards drawn, bitsets of four decks): a few thousand at most.
# functools caches are safe under threads (a race at worst builds an equal task twice).
choose_deck = cache(ChooseDeck)
"""``ChooseDeck(seat, drawn, used, allowed)``, the one shared task for those values."""
deal_card = cache(DealCard)
"""``DealCard(seat, drawn, used, deck)``, the one shared task for those values."""


def deck_question(
    rules: Rules, decks: tuple[Deck[int], ...], p: int, drawn: int, used: int
) -> ChooseDeck | DealCard:
    """The question about seat ``p``'s next blind card: which deck (``ChooseDeck``), or
    straight to chance's deal (``DealCard``) when only one deck is allowed."""
    allowed = legal_decks(rules, decks, drawn, used)
    if allowed & (allowed - 1):
        return choose_deck(p, drawn, used, allowed)
    return deal_card(p, drawn, used | allowed, allowed.bit_length() - 1)


def _grow_frontier(old: tuple[int, ...], c: int, occupied: int, width: int) -> tuple[int, ...]:
    """The frontier after a card is laid at ``c``: ``c`` leaves it, its empty neighbours join."""
    cells = list(old)
    if c in cells:  # always, for a card is laid on the frontier; list.remove runs in C
        cells.remove(c)
    for n in (c - width, c - 1, c + 1, c + width):
        if not occupied >> n & 1 and n not in cells:
            insort(cells, n)
    return tuple(cells)


def place(w: Work, p: int, c: int, kind: int, coins: int = 0, grain: int = 0) -> None:
    """The PLACE step for site ``kind`` at ``c``, first paying ``coins`` and ``grain``
    (so that a build with nothing to decide in between makes one new Farm, not two)."""
    r = w.rules
    t = r.tables
    f = w.farms[p]
    occupied = f.occupied | 1 << c
    towers, grain_capacity = f.towers, f.grain_capacity
    silo = len(t.names) - 2  # the silo, then the water tower, end the kinds
    if kind < silo:
        w.picks[p] = -1
    elif kind == silo:
        grain_capacity += r.silo_capacity
    else:
        towers = (*towers, (c, r.tower_capacity, r.tower_capacity, r.water_range))
    f = Farm(
        (*f.cells, c),
        (*f.kinds, kind),
        occupied,
        _grow_frontier(f.frontier, c, occupied, t.width),
        f.down,
        towers,
        f.grain - grain,
        grain_capacity,
        f.coins - coins,
        f.tokens,
        f.tools,
        f.kept,
    )
    w.farms[p] = f
    if t.ability[kind] == GREY:
        steps: list[Task] = []
        for e in t.effects[kind]:
            if e[0] == TOOL:
                steps.append(DrawTools(p))
            else:
                steps.append(gain_step(r, f, p, c, e))
        if f.kept:
            steps.append(AttachKept(p, c))
        w.then(*steps)
    elif f.kept:
        w.agenda.append(AttachKept(p, c))


def gain_step(rules: Rules, f: Farm, p: int, around: int, e: Compiled) -> Gain:
    """The gain of effect ``e`` of player ``p``'s site at ``around``, multiplied as it says."""
    m = multiplier(rules, f, around, e)
    return Gain(p, e[1] * m, e[2] * m, e[3] * m, e[4] * m)


def offer_tool(w: Work, p: int, tool: int) -> None:
    """ "... lege es, wenn möglich, direkt in deine Farm, oder erstmal vor dir ab." """
    if matching_sites(w.rules, w.farms[p], tool):
        w.agenda.append(PlaceTool(p, tool))
    else:
        f = w.farms[p]
        w.farms[p] = replace_farm(f, kept=tuple(sorted((*f.kept, tool))))


def attach(w: Work, p: int, tool: int, c: int) -> None:
    """Attach ``tool`` to the site at ``c``: standing effects apply now, a grey one once."""
    r, t = w.rules, w.rules.tables
    f = w.farms[p]
    towers, grain_capacity = f.towers, f.grain_capacity
    kind = f.kind_at(c)
    ability = t.tool_ability[tool]
    if ability == ALWAYS:
        capacity = sum(e[10] for e in t.tool_effects[tool] if e[0] == CAPACITY)
        reach = sum(e[10] for e in t.tool_effects[tool] if e[0] == RANGE)
        if kind == t.tower:
            towers = tuple(
                (tc, water, cap + capacity, tr + reach) if tc == c else (tc, water, cap, tr)
                for tc, water, cap, tr in towers
            )
        else:
            grain_capacity += capacity
    f = replace_farm(
        f,
        tools=tuple(sorted((*f.tools, (c, tool)))),
        towers=towers,
        grain_capacity=grain_capacity,
    )
    w.farms[p] = f
    if ability == GREY:
        w.then(*(gain_step(r, f, p, c, e) for e in t.tool_effects[tool]))


def shut_down(w: Work, p: int, cells: int) -> None:
    """Turn the sites in ``cells`` face down; their tools are lost.

    "Sollte eine Betriebsstätte ... ihren Betrieb einstellen, und umgedreht
    werden müssen, gehen zugewiesene Arbeitsgeräte verloren."
    """
    f = w.farms[p]
    w.farms[p] = replace_farm(
        f,
        down=f.down | cells,
        tools=tuple((c, x) for c, x in f.tools if not cells >> c & 1),
    )


def supply(w: Work, p: int, c: int, remaining: int) -> None:
    """Pay the site's needs, then it produces; then the next site."""
    f = w.farms[p]
    water, grain = w.rules.tables.needs[f.kind_at(c)]
    if grain:
        w.farms[p] = replace_farm(f, grain=f.grain - grain)
    steps: list[Task] = []
    if water:
        steps.append(PayWaterDue(p, c, water))
    w.then(*steps, ProduceAt(p, c), SupplyNext(p, remaining & ~(1 << c)))


def choose(w: Work, p: int, drawn: tuple[int, ...], x: int) -> None:
    """Keep tile ``x``: "Die restlichen Karten werden zurück unter den Stoß gelegt" (in the order drawn)."""
    rest = list(drawn)
    rest.remove(x)
    if rest:
        w.tool_pile = w.tool_pile.put_bottom(rest)
    offer_tool(w, p, x)
