"""The rules in motion: new_game, and the steps the engine takes between decisions.

A year runs as the rule text orders it:

1. Maintenance: the tractor moves on; from year 2 each farmer gets 3 coins,
   2 water and 1 grain, stored at once (surplus lost); then each player in
   turn from the start player draws 6 cards blind from at least 3 decks.
2. Action phase, 6 rounds: every player picks a card face down (in seat order
   from the start player, hidden from the others), the rest of each hand is
   passed on (to the left in years 1 and 3, to the right in years 2 and 4),
   all picks are revealed, and each player in seat order from the start
   player resolves one action A-E with the revealed card.
3. Harvest: each player in turn supplies their green sites in the order they
   choose; a site whose needs cannot be met is shut down (turned face down)
   and loses its tools. The start player token passes to the left.

Each step the engine takes by itself sits on ``state.agenda`` as a typed task
(:mod:`acreage.fields_of_green.state`: ``NewYear``, ``SupplyNext``, ``Gain``,
..., each taken by its function in ``_STEPS``); the engine runs steps until
one needs a decision (or a chance outcome), and a decision that has only one
possible outcome (the last card of a hand, the only tower with room) is taken
without asking.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from functools import cache
from typing import Any

from acreage.core.agenda import Task
from acreage.core.bitset import bits
from acreage.core.chance import Deck
from acreage.core.draft import Draft
from acreage.fields_of_green.effects import multiplier
from acreage.fields_of_green.geometry import cell, frontier
from acreage.fields_of_green.queries import (
    can_convert,
    kept_for,
    legal_decks,
    matching_sites,
    pay_options,
    ready_sites,
)
from acreage.fields_of_green.rules import (
    ALWAYS,
    CAPACITY,
    CONVERT,
    GREEN,
    GREY,
    RANGE,
    TOOL,
    Compiled,
    Rules,
)
from acreage.fields_of_green.state import (
    ACTION,
    ATTACH,
    CONVERTING,
    DEAL,
    DRAW,
    END,
    PAY,
    PICK,
    START,
    STORE,
    SUPPLY,
    TOOL_DEAL,
    TOOL_PLACE,
    Act,
    AttachKept,
    ConvertAt,
    DrawCards,
    DrawTools,
    Farm,
    Gain,
    Harvest,
    Income,
    NewRound,
    NewYear,
    PayWaterDue,
    PickCard,
    PlaceSite,
    ProduceAt,
    Reveal,
    State,
    StoreWaterTokens,
    SupplyNext,
    YearEnd,
)

__all__ = ["Work", "new_game", "place", "run"]

RUNNING = -1  # no decision pending: the engine takes the next agenda step


class Work(Draft[State], of=State, lists=("farms", "hands", "picks", "agenda")):
    """A state being changed by one move, frozen back into one new State at the end.

    Its fields are the state's own (generated from State's, see
    :mod:`acreage.core.draft`): the farms, hands, picks and agenda as lists to
    change in place, the rest shared with the state and replaced, never
    changed. A draft starts running (``phase`` is ``RUNNING``) until a step
    stops at a decision.
    """

    __slots__ = ()
    # The fields' types, for the type checker (checked against State's when the class is made).
    rules: Rules
    year: int
    phase: int
    actor: int
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
    pending: tuple[int, ...]

    @classmethod
    def copy(cls, state: State) -> Work:
        """A draft of ``state``, running: no decision pending until a step stops at one."""
        w: Work = super().copy(state)
        w.phase = RUNNING
        return w

    def finish(self) -> State:
        """Take the agenda's steps until a decision is pending; the new state."""
        if self.phase == RUNNING:
            run(self)
        return self.freeze()

    def then(self, *steps: Task) -> None:
        """Take ``steps``, in this order, before the rest of the agenda."""
        self.agenda.extend(reversed(steps))

    def decide(self, phase: int, actor: int, pending: tuple[int, ...] = ()) -> None:
        """Stop at a decision (or chance node) ``phase`` for ``actor``."""
        self.phase = phase
        self.actor = actor
        self.pending = pending

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


def new_game(rules: Rules) -> State:
    """The table after setup: each farm a water tower (full) at 0,0 beside a silo at 1,0.

    "Jeder Landwirtanwärter bekommt einen Wasserturm und ein Silo ..., die er
    gleich aneinander und offen vor sich ablegt. Ebenso erhält jeder Spieler
    ein Startkapital in der Höhe von 15 Münzen. Die Wassertürme aller Spieler
    werden randvoll (3 Wassertoken) gefüllt und auch das Silo wird mit 1
    Getreidetoken beladen." If ``rules.start_player`` is ``None`` the first
    decision is chance's: who starts.
    """
    t = rules.tables
    tower, silo = cell(rules, 0, 0), cell(rules, 1, 0)
    farm = Farm(
        cells=(tower, silo),
        kinds=(t.tower, t.silo),
        occupied=(1 << tower) | (1 << silo),
        frontier=tuple(bits(frontier((1 << tower) | (1 << silo), t.width))),
        down=0,
        towers=((tower, rules.tower_capacity, rules.tower_capacity, rules.water_range),),
        grain=rules.start_grain,
        grain_capacity=rules.silo_capacity,
        coins=rules.start_coins,
        tokens=0,
    )
    n = rules.players
    state = State(
        rules,
        year=0,
        phase=START,
        actor=0,
        start=0,
        farms=(farm,) * n,
        hands=((),) * n,
        picks=(-1,) * n,
        passes=0,
        decks=t.decks,
        tool_pile=t.tool_pile,
        silo_stack=rules.silos - n,
        tower_stack=rules.water_towers - n,
        discard=(),
        agenda=(NewYear(),),
        pending=(),
    )
    if rules.start_player is None:
        return state
    w = Work.copy(state)
    w.start = rules.start_player
    run(w)
    return w.freeze()


def run(w: Work) -> None:
    """Take agenda steps until one stops at a decision."""
    agenda = w.agenda
    while w.phase == RUNNING:
        step = agenda.pop()
        _STEPS[type(step)](w, step)


def _year(w: Work, step: NewYear) -> None:
    """Maintenance: "Zu Beginn des neuen Jahres/Runde, fährt das Traktorplättchen auf das aktuelle Jahr."""
    w.year += 1
    w.passes = 0
    order = w.order()
    income = [Income(p) for p in order] if w.year > 1 else []
    w.then(*income, *(DrawCards(p) for p in order), NewRound())


def _income(w: Work, step: Income) -> None:
    """ "Ausgenommen von der ersten Runde, erhält jeder Bauer zu Jahresbeginn neue Ressourcen
    (3 Münzen, 2 Wassertoken, 1 Getreidetoken)": grain beyond the silos' capacity is lost."""
    p, r = step.player, w.rules
    f = w.farms[p]
    w.farms[p] = replace_farm(
        f,
        coins=f.coins + r.income_coins,
        grain=min(f.grain_capacity, f.grain + r.income_grain),
    )
    w.then(StoreWaterTokens(p, r.income_water))


def _store_water(w: Work, step: StoreWaterTokens) -> None:
    """Water goes into towers with room, the owner choosing which; what finds no room is lost."""
    p, n = step.player, step.water
    f = w.farms[p]
    room = [(i, cap - water) for i, (_, water, cap, _) in enumerate(f.towers) if water < cap]
    if n <= 0 or not room:
        return
    if len(room) > 1 and sum(r for _, r in room) > n:
        w.decide(STORE, p, (n,))
        return
    towers = list(f.towers)
    for i, r in room:
        c, water, cap, reach = towers[i]
        put = min(r, n)
        towers[i] = (c, water + put, cap, reach)
        n -= put
    w.farms[p] = replace_farm(f, towers=tuple(towers))


def _draw_cards(w: Work, step: DrawCards) -> None:
    phase, pending = deck_question(w.rules, w.decks, 0, 0)
    w.decide(phase, step.player, pending)


def deck_question(
    rules: Rules, decks: tuple[Deck[int], ...], drawn: int, used: int
) -> tuple[int, tuple[int, ...]]:
    """The decision about the next blind card: (DRAW, (drawn, used, allowed decks)),
    or straight to the chance deal (DEAL, (drawn, used, deck)) when only one deck is allowed."""
    allowed = legal_decks(rules, decks, drawn, used)
    if allowed & (allowed - 1):
        return DRAW, (drawn, used, allowed)
    return DEAL, (drawn, used | allowed, allowed.bit_length() - 1)


def _round(w: Work, step: NewRound) -> None:
    w.agenda.extend(_round_steps(w.start, w.rules.players, any(w.hands)))


# Keys are (seat, player count, bool): a few dozen at most. functools caches are safe
# under threads (a race at worst computes an equal tuple twice).
@cache
def _round_steps(start: int, players: int, cards: bool) -> tuple[Task, ...]:
    """A round's steps as ``Work.then`` pushes them (top last), by start seat and player
    count: the picks, the reveal, the actions and the next round; or, once the hands are
    empty, the harvests and the year's end."""
    order = [(start + i) % players for i in range(players)]
    if not cards:
        steps: list[Task] = [*(Harvest(p) for p in order), YearEnd()]
    else:
        steps = [*(PickCard(p) for p in order), Reveal(), *(Act(p) for p in order), NewRound()]
    return tuple(reversed(steps))


def _pick_card(w: Work, step: PickCard) -> None:
    """Take the last card of a hand without asking; any other pick is asked, even from a
    hand of one kind: the picks are simultaneous, and skipping that seat's turn would
    tell the others what its hand holds."""
    p = step.player
    hand = w.hands[p]
    if len(hand) == 1:
        w.picks[p] = hand[0]
        w.hands[p] = hand[1:]
    else:
        w.decide(PICK, p)


def _reveal(w: Work, step: Reveal) -> None:
    """ "Die verbleibenden Karten werden ... an den Nachbarn weitergegeben (1. und 3. Jahr im
    Uhrzeigersinn, 2. und 4. Jahr gegen den Uhrzeigersinn) ... decken alle Spieler
    gleichzeitig ihre Karte auf." Clockwise is to the left: seat p passes to p + 1."""
    if not any(w.hands):
        return
    n = w.rules.players
    step_ = 1 if w.year % 2 else -1
    hands = w.hands
    w.hands = [hands[(p - step_) % n] for p in range(n)]
    w.passes += 1


def _act(w: Work, step: Act) -> None:
    w.decide(ACTION, step.player)


def _pay_water(w: Work, step: PayWaterDue) -> None:
    """ "Das benötigte Wasser muss von diesem Wasserturm zur Verfügung gestellt werden."""
    p, target, due = step.player, step.cell, step.water
    f = w.farms[p]
    options = pay_options(w.rules, f, target, due)
    if len(options) == 1 or (
        w.rules.split_payments and sum(f.towers[i][1] for i, _ in options) == due
    ):
        towers = list(f.towers)
        for i, _ in options:
            c, water, cap, reach = towers[i]
            take = min(water, due)
            towers[i] = (c, water - take, cap, reach)
            due -= take
        w.farms[p] = replace_farm(f, towers=tuple(towers))
        return
    w.decide(PAY, p, (target, due))


def _grow_frontier(old: tuple[int, ...], c: int, occupied: int, width: int) -> tuple[int, ...]:
    """The frontier after a card is laid at ``c``: ``c`` leaves it, its empty neighbours join."""
    cells = list(old)
    if c in cells:  # always, for a card is laid on the frontier; list.remove runs in C
        cells.remove(c)
    for n in (c - width, c - 1, c + 1, c + width):
        if not occupied >> n & 1 and n not in cells:
            insort(cells, n)
    return tuple(cells)


def _place(w: Work, step: PlaceSite) -> None:
    """Lay the new site in the farm, then its grey ability, then tools kept for it.

    "Anschließend muss kontrolliert werden, ob der Standort seine Fähigkeit sofort
    (grau), bei der Ernte (grün) oder erst am Spielende (gelb) eingesetzt wird."
    """
    place(w, step.player, step.cell, step.kind)


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


def _gain(w: Work, step: Gain) -> None:
    """Coins and star tokens to the player, grain to the silos (surplus lost), water to store."""
    p, coins, water, grain, stars = step.player, step.coins, step.water, step.grain, step.stars
    f = w.farms[p]
    w.farms[p] = Farm(
        f.cells,
        f.kinds,
        f.occupied,
        f.frontier,
        f.down,
        f.towers,
        min(f.grain_capacity, f.grain + grain),
        f.grain_capacity,
        f.coins + coins,
        f.tokens + stars,
        f.tools,
        f.kept,
    )
    if water:
        w.agenda.append(StoreWaterTokens(p, water))


def _tools(w: Work, step: DrawTools) -> None:
    """ "Ziehe drei der verdeckten Arbeitsgeräteplättchen, wähle eines": fewer if the pile is short."""
    n = min(w.rules.tool_draw, len(w.tool_pile))
    if n:
        w.decide(TOOL_DEAL, step.player, (n,))


def offer_tool(w: Work, p: int, tool: int) -> None:
    """ "... lege es, wenn möglich, direkt in deine Farm, oder erstmal vor dir ab." """
    if matching_sites(w.rules, w.farms[p], tool):
        w.decide(TOOL_PLACE, p, (tool,))
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


def _attach_kept(w: Work, step: AttachKept) -> None:
    """ "... kannst du es noch auf der Seite aufbewahren, und es beim Bau einer passenden
    Betriebsstätte einsetzen." """
    p, c = step.player, step.cell
    if kept_for(w.rules, w.farms[p], c):
        w.decide(ATTACH, p, (c,))


def _harvest(w: Work, step: Harvest) -> None:
    """ "Während der Ernte treten alle Produktionseffekte der grünen Standorte in Kraft." """
    p = step.player
    f = w.farms[p]
    green = w.rules.tables.ability
    remaining = 0
    for c, k in zip(f.cells, f.kinds, strict=True):
        if green[k] == GREEN and not f.down >> c & 1:
            remaining |= 1 << c
    w.then(SupplyNext(p, remaining))


def _supply_next(w: Work, step: SupplyNext) -> None:
    """Let the owner choose the next site, or shut down every site left when none can be supplied.

    "Die Reihenfolge, in der die Betriebstätten mit Rohstoffen versorgt werden,
    muss sich jeder Landwirt selbst überlegen." "Kann der Bedarf gedeckt werden,
    produziert die Betriebsstätte. Können jedoch nicht ausreichende Mittel
    bereitgestellt werden, müssen alle betroffenen Standorte ihre Produktion
    einstellen und werden umgedreht." A site whose needs cannot be met when
    its turn comes is shut down; once no site left can be supplied, all of
    them are.
    """
    p, remaining = step.player, step.remaining
    if not remaining:
        return
    f = w.farms[p]
    ready = ready_sites(w.rules, f, remaining)
    if not ready:
        shut_down(w, p, remaining)
    elif remaining & (remaining - 1):
        w.decide(SUPPLY, p, (remaining, ready))
    else:
        supply(w, p, remaining.bit_length() - 1, remaining)


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


def _produce_at(w: Work, step: ProduceAt) -> None:
    """The site's green effects, then those of its green tools."""
    p, c = step.player, step.cell
    r, t = w.rules, w.rules.tables
    f = w.farms[p]
    steps: list[Task] = []
    for e in t.effects[f.kind_at(c)]:
        if e[0] == CONVERT:
            steps.append(ConvertAt(p, c, e[9]))
        else:
            steps.append(gain_step(r, f, p, c, e))
    for x in f.tools_at(c):
        if t.tool_ability[x] == GREEN:
            steps.extend(gain_step(r, f, p, c, e) for e in t.tool_effects[x])
    w.then(*steps)


def _convert_at(w: Work, step: ConvertAt) -> None:
    p, c, left = step.player, step.cell, step.left
    if left and can_convert(w.rules, w.farms[p], c):
        w.decide(CONVERTING, p, (c, left))


def choose(w: Work, p: int, drawn: tuple[int, ...], x: int) -> None:
    """Keep tile ``x``: "Die restlichen Karten werden zurück unter den Stoß gelegt" (in the order drawn)."""
    rest = list(drawn)
    rest.remove(x)
    if rest:
        w.tool_pile = w.tool_pile.put_bottom(rest)
    offer_tool(w, p, x)


def _year_end(w: Work, step: YearEnd) -> None:
    """ "Der Startspielertoken wird an den linken Spieler weitergegeben und das nächste Jahr startet."
    After the 4th harvest the game ends."""
    w.start = (w.start + 1) % w.rules.players
    if w.year >= w.rules.years:
        w.decide(END, -1)
    else:
        w.then(NewYear())


# The step each task class on the agenda is taken by.
_STEPS: dict[type[Task], Callable[[Work, Any], None]] = {
    NewYear: _year,
    Income: _income,
    StoreWaterTokens: _store_water,
    DrawCards: _draw_cards,
    NewRound: _round,
    PickCard: _pick_card,
    Reveal: _reveal,
    Act: _act,
    PayWaterDue: _pay_water,
    PlaceSite: _place,
    Gain: _gain,
    DrawTools: _tools,
    AttachKept: _attach_kept,
    Harvest: _harvest,
    SupplyNext: _supply_next,
    ProduceAt: _produce_at,
    ConvertAt: _convert_at,
    YearEnd: _year_end,
}
