"""A person plays at the terminal: ``acreage play GAME --human 0``.

:func:`play_human` runs one game in which people play some seats, typing
their moves, and agents play the others. At each of a person's decisions it
shows the position as that seat sees it and the legal moves, numbered; the
person types a number, a move's text, or the start of one (a start that fits
one move picks it; one that fits several lists them). A move the game refuses
is answered with the game's own error message, and the question is asked
again. ``hint`` asks a searching agent, ``undo`` takes a decision back,
``quit`` (or the end of input) stops the game.

What a person is shown comes from :func:`observe <acreage.Game.observe>` for
their seat: the board is drawn from their view, and another seat's move or a
chance outcome is named only when their view after it tells it apart from
every other move, there and in worlds they cannot tell from the position (a
card drawn into an opponent's hand, or an opponent's face-down pick, is
"hidden from you").

Chance and the agents draw from generators seeded by the seed and the number
of moves made, so the game is a function of the seed and the people's moves:
the same seed and the same moves give the same game, and ``undo`` cannot
re-roll the dice. Each agent searches afresh at every move for the same reason.
"""

from __future__ import annotations

import random
import shutil
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from acreage.agents.base import Agent, RandomAgent
from acreage.agents.ismcts import ISMCTSAgent
from acreage.agents.mcts import MCTSAgent
from acreage.core.chance import sample
from acreage.core.game import (
    CHANCE,
    Game,
    GameError,
    IllegalMoveError,
    MoveSyntaxError,
    check_seat,
    get_game,
)
from acreage.core.record import MOVES_LIMIT, GameRecord, record_of, replay
from acreage.play import agent_name, start_state

__all__ = [
    "COMMANDS",
    "HINT_ITERATIONS",
    "LIST_LIMIT",
    "WORLDS",
    "HumanGame",
    "hint_agent",
    "play_human",
]

LIST_LIMIT: Final = 24
"""The most moves listed at a decision; past it the rest are counted by their first
word, and typing the start of a move narrows the list (``list`` shows every one)."""

HINT_ITERATIONS: Final = 1000
"""The search budget of the default hint agent (about a second at most)."""

WORLDS: Final = 16
"""Worlds (hidden cards redealt by the game's ``resample``) in which another seat's move
or a chance outcome must look different from every other for it to be named."""

COMMANDS: Final = ("list", "board", "hint", "undo", "help", "quit")
"""The words a person may type besides a move (``exit`` and ``?`` work too)."""

_HELP: Final = """\
Type a move:
  {number:<{width}}the move numbered {number} in the list
  {text:<{width}}the move itself, as the list writes it (in any case)
  {start:<{width}}the start of a move: picks the one move it fits, or lists them
Commands:
  list    every legal move, numbered
  board   the position again
  hint    what {hint} would play here (it is not played)
  undo    take back your last move and the moves made after it
  help    this text
  quit    stop the game here (exit works too; so does the end of input, Ctrl-D)"""


@attrs.frozen
class HumanGame:
    """How a game played by :func:`play_human` went.

    Attributes:
        record: the rules and every move, chance outcomes included (an
            unfinished game's record replays to where it stopped).
        state: the last state.
        ended: ``"over"`` (the game ended), ``"quit"`` (a person typed
            ``quit``) or ``"end of input"``.
    """

    record: GameRecord
    state: Any = attrs.field(eq=False, repr=False)
    ended: str


def hint_agent(game: Game[Any, Any, Any], iterations: int = HINT_ITERATIONS) -> Agent:
    """The agent ``hint`` asks by default: MCTS, or in a game with hidden cards ISMCTS,
    which searches worlds the seat cannot tell apart, so a hint never uses what the
    seat cannot see."""
    if game.resample is None:
        return MCTSAgent(game, iterations=iterations)
    return ISMCTSAgent(game, iterations=iterations)


class _Stop(Exception):
    """A person stopped the game (``quit``, or the end of input)."""

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


class _Undo(Exception):
    """A person took a decision back."""


def play_human(
    game: Game[Any, Any, Any] | str,
    rules: Any = None,
    humans: Sequence[int] = (0,),
    agents: Mapping[int, Agent] | None = None,
    seed: int | str = 0,
    *,
    hint: Agent | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    show: bool = False,
    width: int | None = None,
    start: Any = None,
) -> HumanGame:
    """Play one game in which people play the seats ``humans``, at a terminal.

    Args:
        game: a :class:`~acreage.Game` or its registry name.
        rules: the game's ``Rules``; its defaults when ``None``.
        humans: the seats people play (several: they take turns at one keyboard).
        agents: the agent of each other seat; :class:`~acreage.agents.RandomAgent`
            for a seat not given.
        seed: fixes chance and the agents' choices (with the people's moves, the game).
        hint: the agent ``hint`` asks; by default :func:`hint_agent`.
        read: asks for a line (``input``); raises :class:`EOFError` at the end of input.
        write: shows text (``print``).
        show: also show the position after every move of an agent or of chance.
        width: the width the move list is laid out to; by default the terminal's.
        start: where the game starts when not at its beginning: a state or
            position data (as :func:`acreage.play`'s ``start``).

    :class:`~acreage.SeatError` for a seat in ``humans`` or ``agents`` that is
    not at the table; :class:`ValueError` for an agent given for a person's seat.
    Ctrl-C (:class:`KeyboardInterrupt`) is not caught: the caller decides what
    an interrupted game leaves behind.
    """
    g = get_game(game) if isinstance(game, str) else game
    rules = g.rules_type() if rules is None else rules
    session = _Session(
        g,
        rules,
        start_state(g, rules, start),
        start is not None,
        humans,
        agents or {},
        seed,
        hint if hint is not None else hint_agent(g),
        read,
        write,
        show,
        width if width is not None else min(shutil.get_terminal_size().columns, 120),
    )
    return session.run()


class _Session:
    """One game at the terminal: the moves so far, and the states they lead through."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        rules: Any,
        first: Any,
        positioned: bool,
        humans: Sequence[int],
        agents: Mapping[int, Agent],
        seed: int | str,
        hint: Agent,
        read: Callable[[str], str],
        write: Callable[[str], None],
        show: bool,
        width: int,
    ) -> None:
        players = game.players(rules)
        self.humans = frozenset(check_seat(s, players) for s in humans)
        if not self.humans:
            raise ValueError("no seat is played by a person: give at least one")
        for seat in agents:
            check_seat(seat, players)
            if seat in self.humans:
                raise ValueError(f"seat {seat} is played by a person, not by an agent")
        self.game = game
        self.rules = rules
        self.agents: dict[int, Agent] = {
            seat: agents.get(seat, RandomAgent())
            for seat in range(players)
            if seat not in self.humans
        }
        self.seed = seed
        self.hint = hint
        self.read = read
        self.write = write
        self.show = show
        self.width = width
        self.moves: list[Any] = []
        self.states: list[Any] = [first]
        self.positioned = positioned  # whether the record names its start
        # The seat whose view the board is drawn from: the person who decides next.
        self.viewer = min(self.humans)

    # -- the game -------------------------------------------------------------------

    def run(self) -> HumanGame:
        g = self.game
        self._introduce()
        ended = "over"
        shown = -1  # the number of moves when the position was last shown
        try:
            while (who := g.to_move(self.states[-1])) is not None:
                if len(self.moves) >= MOVES_LIMIT:
                    raise GameError(f"{g.name}: no end after {MOVES_LIMIT} moves")
                if who is CHANCE or who not in self.humans:
                    self._play_for(who)
                    continue
                self.viewer = who
                if shown != len(self.moves):
                    shown = len(self.moves)
                    self._show_position()
                    legal = len(g.legal_moves(self.states[-1]))
                    self.write(f"player {who}, your move ({legal} legal):")
                    self._list(range(legal), limited=True)
                try:
                    move = self._ask(who)
                except _Undo:
                    shown = -1
                    continue
                self.write(f"player {who} (you): {move}")
                self._apply(move)
        except _Stop as stop:
            ended = stop.how
        state = self.states[-1]
        if ended == "over":
            self._show_position()
            winners = " ".join(map(str, g.winners(state))) or "none"
            self.write(
                f"game over after {len(self.moves)} moves:"
                f" scores {' '.join(map(str, g.scores(state)))}; winners {winners}"
            )
        else:
            self.write(f"stopped ({ended}) after {len(self.moves)} moves: the game is unfinished")
        return HumanGame(self._record(), state, ended)

    def _introduce(self) -> None:
        seats = [
            f"player {s}: {'you' if s in self.humans else agent_name(self.agents[s])}"
            for s in range(self.game.players(self.rules))
        ]
        self.write(f"{self.game.title}; {', '.join(seats)}")
        self.write("type a move's number, its text or its start; 'help' lists the commands")

    def _record(self) -> GameRecord:
        return record_of(
            self.game,
            self.rules,
            self.moves,
            {"seed": self.seed, "humans": sorted(self.humans)},
            start=self.states[0] if self.positioned else None,
        )

    def _apply(self, move: Any) -> None:
        self.states.append(self.game.apply_move(self.states[-1], move))
        self.moves.append(move)

    def _rng(self, purpose: str) -> random.Random:
        """A generator for ``purpose`` at this move: a function of the seed and the move number."""
        return random.Random(f"acreage:{self.seed}:{purpose}:{len(self.moves)}")

    def _play_for(self, who: Any) -> None:
        """Chance's or an agent's move, told as the viewer may see it."""
        g = self.game
        state = self.states[-1]
        if who is CHANCE:
            move = sample(g.chance_outcomes(state), self._rng("chance"))
        else:
            agent = self.agents[who]
            restart = getattr(agent, "restart", None)
            if callable(restart):
                restart()
            move = agent(state, g.legal_moves(state), self._rng("agents"))
        self._apply(move)
        actor = "chance" if who is CHANCE else f"player {who}"
        told = str(move) if self._seen(state, move) else "(hidden from you)"
        self.write(f"{actor}: {told}")
        if self.show:
            self._show_position()

    def _seen(self, state: Any, move: Any) -> bool:
        """Whether the viewer can name ``move`` from what they see: no other move leaves
        them the same view, at ``state`` or in any of :data:`WORLDS` worlds they cannot
        tell from it (an opponent's face-down pick of their only livestock card is seen
        as "a livestock card", not as the card, unless every unseen livestock card is it).
        """
        g = self.game
        if g.resample is None:  # a game that hides nothing
            return True
        viewer = self.viewer
        after = g.observe(self.states[-1], viewer)
        text = str(move)

        def confused(world: Any) -> bool:
            return any(
                str(other) != text and g.observe(g.apply_move(world, other), viewer) == after
                for other in g.legal_moves(world)
            )

        rng = self._rng("worlds")
        return not confused(state) and not any(
            confused(g.resample(state, viewer, rng)) for _ in range(WORLDS)
        )

    def _show_position(self) -> None:
        g = self.game
        state = self.states[-1]
        shown = state if g.resample is None else g.observe(state, self.viewer)
        self.write("")
        self.write(g.render_text(shown))
        self.write("")

    # -- a person's decision ------------------------------------------------------------

    def _ask(self, who: int) -> Any:
        """The move the person at seat ``who`` chooses (or :class:`_Undo`, :class:`_Stop`)."""
        g = self.game
        state = self.states[-1]
        moves = g.legal_moves(state)
        texts = [str(m) for m in moves]
        while True:
            try:
                line = self.read(f"player {who}> ")
            except EOFError:
                raise _Stop("end of input") from None
            entry = " ".join(line.split())
            word = entry.casefold()
            if not entry:
                continue
            if word in ("quit", "exit"):
                raise _Stop("quit")
            if word in ("help", "?"):
                self._help(texts)
            elif word == "list":
                self._list(range(len(moves)), limited=False)
            elif word == "board":
                self._show_position()
            elif word == "hint":
                self._give_hint(moves, texts)
            elif word == "undo":
                self._undo()
            else:
                move = self._choose(entry, moves, texts)
                if move is not None:
                    return move

    def _help(self, texts: Sequence[str]) -> None:
        """The commands, with this decision's own moves for examples."""
        number = str(len(texts))
        text = texts[-1]
        start = text[: max(1, len(text) // 2)].rstrip()
        width = max(len(text), 14) + 2
        hint = agent_name(self.hint)
        self.write(_HELP.format(number=number, text=text, start=start, width=width, hint=hint))

    def _choose(self, entry: str, moves: Sequence[Any], texts: Sequence[str]) -> Any:
        """The move ``entry`` names, or ``None`` after saying why there is none."""
        if entry.isascii() and entry.isdigit():
            # Past 9 digits no list is that long (and int() refuses thousands of digits).
            number = int(entry) if len(entry) <= 9 else 0
            if 1 <= number <= len(moves):
                return moves[number - 1]
            shown = entry if len(entry) <= 9 else f"{entry[:9]}..."
            self.write(f"no move numbered {shown}: the moves are numbered 1 to {len(moves)}")
            return None
        if entry in texts:
            return moves[texts.index(entry)]
        key = entry.casefold()
        fits = [i for i, t in enumerate(texts) if t.casefold().startswith(key)]
        exact = [i for i in fits if texts[i].casefold() == key]
        if len(fits) == 1 or len(exact) == 1:
            return moves[(exact or fits)[0]]
        if fits:
            self.write(f"{len(fits)} moves start with {entry!r}:")
            self._list(fits, limited=True)
            return None
        state = self.states[-1]
        try:
            move = self.game.parse_move(state, entry)
            self.game.apply_move(state, move)
        except (MoveSyntaxError, IllegalMoveError) as e:
            self.write(str(e))
            return None
        # A legal move that the game reads from a text the list writes otherwise.
        return moves[[m == move for m in moves].index(True)]

    def _list(self, numbers: Sequence[int] | range, limited: bool) -> None:
        """The moves of these indices, numbered from 1 in columns (at most
        :data:`LIST_LIMIT` of them when ``limited``, the rest counted by first word)."""
        texts = [str(m) for m in self.game.legal_moves(self.states[-1])]
        shown = list(numbers[:LIST_LIMIT] if limited else numbers)
        digits = len(str(len(texts)))
        cells = [f"{i + 1:>{digits}} {texts[i]}" for i in shown]
        cell = max(map(len, cells)) + 3
        columns = max(1, self.width // cell)
        rows = -(-len(cells) // columns)
        for r in range(rows):
            line = "".join(
                cells[c * rows + r].ljust(cell) for c in range(columns) if c * rows + r < len(cells)
            )
            self.write(f"  {line.rstrip()}")
        rest = [texts[i] for i in numbers[len(shown) :]]
        if rest:
            words = Counter(t.split()[0] for t in rest)
            counted = ", ".join(f"{w} {n}" for w, n in words.items())
            self.write(
                f"  ... and {len(rest)} more ({counted}):"
                " type the start of a move to narrow the list, 'list' for every move"
            )

    def _give_hint(self, moves: Sequence[Any], texts: Sequence[str]) -> None:
        agent = self.hint
        restart = getattr(agent, "restart", None)
        if callable(restart):
            restart()
        move = agent(self.states[-1], moves, self._rng("hint"))
        number = [m == move for m in moves].index(True) + 1
        self.write(f"hint from {agent_name(agent)}: {number} {texts[number - 1]}")

    def _undo(self) -> None:
        """Back to the people's previous decision, replaying the moves before it."""
        g = self.game
        decided = [i for i in range(len(self.moves)) if g.to_move(self.states[i]) in self.humans]
        if not decided:
            self.write("nothing to undo: no move of yours has been made yet")
            return
        keep = decided[-1]
        taken = len(self.moves) - keep
        self.moves = self.moves[:keep]
        self.states = list(replay(self._record(), g))
        self.write(f"took back {taken} move{'' if taken == 1 else 's'}")
        raise _Undo
