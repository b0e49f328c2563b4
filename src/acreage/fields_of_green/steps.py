"""The year in motion: the automatic steps of the agenda, and the decisions that may take
themselves.

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

Each ``step_*`` function here carries out one automatic task (already popped
off the agenda); each ``ready_*`` function is the ``ready`` hook of a decision
that has only one possible outcome at times (the last card of a hand, the only
tower with room): it takes that outcome itself, pops the task and says False,
or says True, the task on top waiting for a move.
"""

from __future__ import annotations

from functools import cache

from acreage.core.agenda import Task
from acreage.fields_of_green.queries import can_convert, kept_for, pay_options, ready_sites
from acreage.fields_of_green.rules import CONVERT, GREEN
from acreage.fields_of_green.state import (
    Act,
    AttachKept,
    ChooseSupply,
    ConvertAt,
    DealTools,
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
    StoreWaterTokens,
    SupplyNext,
    YearEnd,
)
from acreage.fields_of_green.work import (
    Work,
    deck_question,
    gain_step,
    place,
    replace_farm,
    shut_down,
    supply,
)

__all__ = [
    "ready_attach",
    "ready_convert",
    "ready_pay",
    "ready_pick",
    "ready_store",
    "step_draw_cards",
    "step_draw_tools",
    "step_gain",
    "step_harvest",
    "step_income",
    "step_place",
    "step_produce",
    "step_reveal",
    "step_round",
    "step_supply_next",
    "step_year",
    "step_year_end",
]


# -- the year's frame ------------------------------------------------------------------


def step_year(w: Work, step: NewYear) -> None:
    """Maintenance: "Zu Beginn des neuen Jahres/Runde, fährt das Traktorplättchen auf das aktuelle Jahr."""
    w.year += 1
    w.passes = 0
    order = w.order()
    income = [Income(p) for p in order] if w.year > 1 else []
    w.then(*income, *(DrawCards(p) for p in order), NewRound())


def step_income(w: Work, step: Income) -> None:
    """ "Ausgenommen von der ersten Runde, erhält jeder Bauer zu Jahresbeginn neue Ressourcen
    (3 Münzen, 2 Wassertoken, 1 Getreidetoken)": grain beyond the silos' capacity is lost."""
    p, r = step.seat, w.rules
    f = w.farms[p]
    w.farms[p] = replace_farm(
        f,
        coins=f.coins + r.income_coins,
        grain=min(f.grain_capacity, f.grain + r.income_grain),
    )
    w.then(StoreWaterTokens(p, r.income_water))


def step_draw_cards(w: Work, step: DrawCards) -> None:
    """The first blind card of a hand: its deck is chosen, or dealt when only one is allowed."""
    w.agenda.append(deck_question(w.rules, w.decks, step.seat, 0, 0))


def step_round(w: Work, step: NewRound) -> None:
    """The next action round, or the harvests once the hands are played out."""
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


def ready_pick(w: Work, task: PickCard) -> bool:
    """Take the last card of a hand without asking; any other pick is asked, even from a
    hand of one kind: the picks are simultaneous, and skipping that seat's turn would
    tell the others what its hand holds."""
    p = task.seat
    hand = w.hands[p]
    if len(hand) != 1:
        return True
    w.agenda.pop()
    w.picks[p] = hand[0]
    w.hands[p] = hand[1:]
    return False


def step_reveal(w: Work, step: Reveal) -> None:
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


def step_year_end(w: Work, step: YearEnd) -> None:
    """ "Der Startspielertoken wird an den linken Spieler weitergegeben und das nächste Jahr startet."
    After the 4th harvest the game ends: the agenda is left empty."""
    w.start = (w.start + 1) % w.rules.players
    if w.year < w.rules.years:
        w.then(NewYear())


# -- water, sites, gains and tools ------------------------------------------------------


def ready_store(w: Work, task: StoreWaterTokens) -> bool:
    """Water goes into towers with room, the owner choosing which only when they cannot
    take it all; what finds no room is lost."""
    p, n = task.seat, task.water
    f = w.farms[p]
    room = [(i, cap - water) for i, (_, water, cap, _) in enumerate(f.towers) if water < cap]
    if n > 0 and len(room) > 1 and sum(r for _, r in room) > n:
        return True
    w.agenda.pop()
    if n <= 0 or not room:
        return False
    towers = list(f.towers)
    for i, r in room:
        c, water, cap, reach = towers[i]
        put = min(r, n)
        towers[i] = (c, water + put, cap, reach)
        n -= put
    w.farms[p] = replace_farm(f, towers=tuple(towers))
    return False


def ready_pay(w: Work, task: PayWaterDue) -> bool:
    """ "Das benötigte Wasser muss von diesem Wasserturm zur Verfügung gestellt werden."
    The owner chooses the tower only when there is a choice that matters."""
    p, target, due = task.seat, task.cell, task.water
    f = w.farms[p]
    options = pay_options(w.rules, f, target, due)
    if len(options) != 1 and not (
        w.rules.split_payments and sum(f.towers[i][1] for i, _ in options) == due
    ):
        return True
    w.agenda.pop()
    towers = list(f.towers)
    for i, _ in options:
        c, water, cap, reach = towers[i]
        take = min(water, due)
        towers[i] = (c, water - take, cap, reach)
        due -= take
    w.farms[p] = replace_farm(f, towers=tuple(towers))
    return False


def step_place(w: Work, step: PlaceSite) -> None:
    """Lay the new site in the farm, then its grey ability, then tools kept for it.

    "Anschließend muss kontrolliert werden, ob der Standort seine Fähigkeit sofort
    (grau), bei der Ernte (grün) oder erst am Spielende (gelb) eingesetzt wird."
    """
    place(w, step.seat, step.cell, step.kind)


def step_gain(w: Work, step: Gain) -> None:
    """Coins and star tokens to the player, grain to the silos (surplus lost), water to store."""
    p, coins, water, grain, stars = step.seat, step.coins, step.water, step.grain, step.stars
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


def step_draw_tools(w: Work, step: DrawTools) -> None:
    """ "Ziehe drei der verdeckten Arbeitsgeräteplättchen, wähle eines": fewer if the pile is short."""
    n = min(w.rules.tool_draw, len(w.tool_pile))
    if n:
        w.agenda.append(DealTools(step.seat, n))


def ready_attach(w: Work, task: AttachKept) -> bool:
    """ "... kannst du es noch auf der Seite aufbewahren, und es beim Bau einer passenden
    Betriebsstätte einsetzen." Asked only when a tool kept aside fits the new site."""
    if kept_for(w.rules, w.farms[task.seat], task.cell):
        return True
    w.agenda.pop()
    return False


# -- the harvest ------------------------------------------------------------------------


def step_harvest(w: Work, step: Harvest) -> None:
    """ "Während der Ernte treten alle Produktionseffekte der grünen Standorte in Kraft." """
    p = step.seat
    f = w.farms[p]
    green = w.rules.tables.ability
    remaining = 0
    for c, k in zip(f.cells, f.kinds, strict=True):
        if green[k] == GREEN and not f.down >> c & 1:
            remaining |= 1 << c
    w.then(SupplyNext(p, remaining))


def step_supply_next(w: Work, step: SupplyNext) -> None:
    """Let the owner choose the next site, or shut down every site left when none can be supplied.

    "Die Reihenfolge, in der die Betriebstätten mit Rohstoffen versorgt werden,
    muss sich jeder Landwirt selbst überlegen." "Kann der Bedarf gedeckt werden,
    produziert die Betriebsstätte. Können jedoch nicht ausreichende Mittel
    bereitgestellt werden, müssen alle betroffenen Standorte ihre Produktion
    einstellen und werden umgedreht." A site whose needs cannot be met when
    its turn comes is shut down; once no site left can be supplied, all of
    them are.
    """
    p, remaining = step.seat, step.remaining
    if not remaining:
        return
    f = w.farms[p]
    ready = ready_sites(w.rules, f, remaining)
    if not ready:
        shut_down(w, p, remaining)
    elif remaining & (remaining - 1):
        w.agenda.append(ChooseSupply(p, remaining, ready))
    else:
        supply(w, p, remaining.bit_length() - 1, remaining)


def step_produce(w: Work, step: ProduceAt) -> None:
    """The site's green effects, then those of its green tools."""
    p, c = step.seat, step.cell
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


def ready_convert(w: Work, task: ConvertAt) -> bool:
    """A conversion is offered while uses are left and it can be paid."""
    if task.left and can_convert(w.rules, w.farms[task.seat], task.cell):
        return True
    w.agenda.pop()
    return False
