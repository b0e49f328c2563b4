"""What the adapters share, free of any framework: rewards, legal tables, chance, information states.

PettingZoo, Gymnasium and OpenSpiel all want the same few things of a game,
and this module gives them in plain Python (no numpy), so each adapter is a
thin translation and all three agree.

Rewards
-------
A game pays out once, at its end (:func:`returns`). Two conventions:

``"result"`` (the default): win, loss or draw, from ``winners`` (which
applies the rulebook's tie-breaks).

* A competitive game: a sole winner gets +1 and every other seat -1;
  winners who share the win get 0 (a draw among them) and the others -1; a
  game that ends with no winner at all is a draw for every seat (0).
* A cooperative game (``facts.cooperative``: the players win or lose
  together against the game, as in the Mad Cow game, solo included):
  every seat gets +1 when they win and -1 when they lose.

``"score"``: the raw score difference. In a competitive game, a seat's score
minus the best score among the other seats (so a winner on points gets a
positive margin and everyone else a negative one or zero); in a cooperative
or one-seat game, where there is no one to beat, the seat's own score.

With two competitive seats both conventions are zero-sum; ``"result"`` in a
cooperative game gives every seat the same return (:func:`utility_kind`).

Information states
------------------
OpenSpiel tells apart what a seat sees now (its *observation*) from
everything it has seen and done so far (its *information state*, with
perfect recall). A :class:`Trail` is a line of play (each state with the
trail and move that led to it); a seat's information state on it is built
from ``observe`` alone, so it can never hold what the seat did not see:

* as a string (:meth:`Trail.information_state_string`): one line per
  event, in order: ``saw ...`` when the seat's view changes (consecutive
  equal views are one event), listing the entries of its observation tensor
  that changed (``field[i,j]=v``; the first ``saw`` line lists every
  nonzero entry), and ``did <move text>`` for each of its own moves. This is
  perfect recall as far as the game's observation tensor shows a view: a
  view that changed in a way the tensor does not show is a bare ``saw``.
* as a tensor of fixed size (:meth:`Trail.information_state_tensor`): the
  seat's current observation tensor, then for every action number how many
  times the seat took that action. A fixed shape cannot hold a history of
  any length, so the tensor keeps what the seat sees now and the multiset
  of its own moves; it drops the order of its moves and anything it saw
  earlier but sees no longer (a card shown once and put away). Where such
  things matter, key on the string.
"""

from __future__ import annotations

import functools
import itertools
import operator
import random
import types
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Literal

from acreage.core.chance import sample
from acreage.core.encoding import Encoding, Facts, Planes
from acreage.core.game import CHANCE, Game, ToMove, UnknownGameError, check_seat, get_game

__all__ = [
    "REWARDS",
    "Reward",
    "Trail",
    "UtilityKind",
    "action_numbers",
    "check_reward",
    "game_reference",
    "information_state_size",
    "legal_table",
    "observation_text",
    "returns",
    "settle",
    "utility_bounds",
    "utility_kind",
]

Reward = Literal["result", "score"]
"""How a game's end becomes rewards: ``"result"`` (win/loss/draw) or ``"score"`` (score difference)."""

REWARDS: Final = ("result", "score")
"""The reward conventions, as :data:`Reward` allows them."""

UtilityKind = Literal["zero-sum", "identical", "general-sum"]
"""What the returns of a game add up to, as OpenSpiel's ``GameType.Utility`` asks."""


def check_reward(reward: object) -> Reward:
    """``reward`` if it names a convention; ValueError otherwise."""
    if reward == "result":
        return "result"
    if reward == "score":
        return "score"
    raise ValueError(f"reward is 'result' or 'score', not {reward!r:.40}")


def returns(
    game: Game[Any, Any, Any], state: Any, reward: Reward = "result", facts: Facts | None = None
) -> tuple[float, ...]:
    """Every seat's return at the end of the game (see the module docstring); zeros before it.

    ``facts`` are the game's facts for the state's Rules, when the caller has them at hand.
    """
    if not game.is_terminal(state):
        return (0.0,) * game.players(state.rules)
    facts = game.facts(state.rules) if facts is None else facts
    n = facts.players
    if reward == "score":
        scores = game.scores(state)
        if facts.cooperative or n == 1:
            return tuple(float(s) for s in scores)
        return tuple(
            float(s - max(scores[o] for o in range(n) if o != seat))
            for seat, s in enumerate(scores)
        )
    winners = game.winners(state)
    if facts.cooperative:
        return (1.0 if winners else -1.0,) * n
    if not winners:
        return (0.0,) * n
    top = 1.0 if len(winners) == 1 else 0.0
    return tuple(top if seat in winners else -1.0 for seat in range(n))


def utility_bounds(facts: Facts, reward: Reward = "result") -> tuple[float, float]:
    """The least and the greatest return any seat can get under ``reward``."""
    if reward == "result":
        return -1.0, 1.0
    if facts.cooperative or facts.players == 1:
        return float(facts.min_score), float(facts.max_score)
    spread = facts.max_score - facts.min_score
    return float(-spread), float(spread)


def utility_kind(facts: Facts, reward: Reward = "result") -> UtilityKind:
    """What the returns provably add up to: ``"zero-sum"`` (two competitive seats),
    ``"identical"`` (a cooperative game's result: one return for all) or ``"general-sum"``."""
    if facts.players == 2 and not facts.cooperative:
        return "zero-sum"
    if facts.cooperative and reward == "result":
        return "identical"
    return "general-sum"


def legal_table(
    encoding: Encoding, state: Any, moves: Iterable[Any], *, chance: bool = False
) -> dict[int, Any]:
    """The legal ``moves`` of ``state`` keyed by their fixed numbers (chance outcome numbers
    with ``chance``, for a chance node).

    One pass encodes every move once; the table then serves the mask, the
    sorted legal actions and decoding an action back to its move.
    """
    if chance:
        encode = encoding.encode_chance
        return {encode(state, move): move for move in moves}
    moves = tuple(moves)  # no copy of the tuple that legal_moves gives
    return dict(zip(action_numbers(encoding, state, moves), moves))  # noqa: B905  (as long)


def action_numbers(encoding: Encoding, state: Any, moves: Sequence[Any]) -> list[int]:
    """The fixed numbers of the player ``moves`` of ``state``, in their order
    (``encoding.encode_actions``, held to give one number a move).

    The environments keep these beside the moves and pair them into a table (as
    :func:`legal_table` gives) only when one is asked for: building a dict at every
    step costs more than the list.
    """
    numbers = encoding.encode_actions(state, moves)
    # Checked here rather than by zip(strict=...) at each use: a keyword makes zip dearer.
    if len(numbers) != len(moves):
        raise ValueError(f"encode_actions gave {len(numbers)} numbers for {len(moves)} moves")
    return numbers


def settle(game: Game[Any, Any, Any], state: Any, rng: random.Random) -> tuple[Any, int | None]:
    """Play out chance from ``state`` with ``rng`` (exact probabilities) until a seat decides
    or the game ends; return that state and who is to move there (``None`` at the end)."""
    while True:
        who: ToMove = state.to_move
        if who is not CHANCE:
            return state, who
        state = game.apply_move(state, sample(game.chance_outcomes(state), rng))


@functools.lru_cache(maxsize=64)
def _labels(planes: Planes) -> tuple[str, ...]:
    """The name of every entry of a flat observation: ``field[i,j]``, or ``field`` for a scalar."""
    return tuple(
        f"{name}[{','.join(map(str, index))}]" if index else name
        for name, shape in planes.fields
        for index in itertools.product(*(range(n) for n in shape))
    )


def observation_text(planes: Planes, tensor: list[int], before: list[int] | None = None) -> str:
    """An observation tensor as text: ``field[i,j]=v`` for each nonzero entry, in layout order.

    With ``before``, only the entries whose value differs from it (a change
    back to zero shows as ``=0``).
    """
    labels = _labels(planes)
    if before is None:
        return " ".join(f"{labels[i]}={v}" for i, v in enumerate(tensor) if v)
    return " ".join(
        f"{labels[i]}={v}" for i, (v, b) in enumerate(zip(tensor, before, strict=True)) if v != b
    )


def information_state_size(encoding: Encoding) -> int:
    """The length of :meth:`Trail.information_state_tensor`: the observation, then one count per action."""
    return encoding.planes.size + encoding.actions.size


_first: Final = operator.itemgetter(0)

_NUMBERED_KEPT: Final = 256
"""Chance nodes' numberings kept per line of play (see :meth:`_Line.number_chance`): the
few per-Rules tables a game hands out again and again, among the outcomes of a few
games' other chance nodes (made afresh at each, and kept until the whole is emptied)."""


class _Line:
    """What every trail of one game under one Rules shares."""

    __slots__ = ("encoding", "game", "numbered", "players", "rules")

    def __init__(self, game: Game[Any, Any, Any], rules: Any) -> None:
        self.game = game
        self.rules = rules
        self.encoding = game.encoding_of(rules)
        self.players = game.players(rules)
        # Chance nodes numbered, by the identity of the outcomes the game gave (see
        # Trail.chance_outcomes): id -> (outcomes, table by number, numbers with floats).
        self.numbered: dict[int, tuple[Any, dict[int, Any], tuple[tuple[int, float], ...]]] = {}

    def number_chance(self, state: Any) -> tuple[dict[int, Any], tuple[tuple[int, float], ...]]:
        """The chance outcomes of ``state`` by their numbers, ascending: as a table of moves
        and as ``(number, probability)`` pairs.

        A game may give the same outcomes object at many nodes (a per-Rules table of
        dice rolls): its numbering is kept by that object's identity, for a move's
        number depends on the Rules alone, never on the state. The entry holds the
        object, so its id is not reused while the entry stands; one dict store of one
        tuple, so a thread sees an entry whole or not at all.
        """
        outcomes = self.game.chance_outcomes(state)
        hit = self.numbered.get(id(outcomes))
        if hit is not None and hit[0] is outcomes:
            return hit[1], hit[2]
        encode = self.encoding.encode_chance
        numbered = sorted(((encode(state, move), move, p) for move, p in outcomes), key=_first)
        table = {number: move for number, move, _ in numbered}
        pairs = tuple((number, float(p)) for number, _, p in numbered)
        if len(self.numbered) >= _NUMBERED_KEPT:
            self.numbered.clear()
        self.numbered[id(outcomes)] = (outcomes, table, pairs)
        return table, pairs


def game_reference(game: Game[Any, Any, Any]) -> Game[Any, Any, Any] | str:
    """What to pickle for ``game``: its registry name when that names this very game, else the game."""
    try:
        return game.name if get_game(game.name) is game else game
    except UnknownGameError:
        return game


def _replay(game: Game[Any, Any, Any] | str, rules: Any, moves: list[Any]) -> Trail:
    """The trail of ``moves`` from the start (how a pickled trail comes back)."""
    trail = Trail.start(get_game(game) if isinstance(game, str) else game, rules)
    for move in moves:
        trail = trail.then(move)
    return trail


class _Seen:
    """One seat's information state at one trail node: what the node adds, and links to earlier ones.

    The text of a node's lines is worked out only when a string is asked for:
    the tensor needs the views and the seat's actions alone.
    """

    __slots__ = ("_lines", "action", "before", "did", "earlier", "mine", "view")

    def __init__(
        self,
        view: Any,
        before: Any,
        did: Any,
        action: int | None,
        earlier: _Seen | None,
        mine: _Seen | None,
    ) -> None:
        self.view = view  # the seat's view at this node
        self.before = before  # the view it replaced (_NOTHING at the start, None if unchanged)
        self.did = did  # the seat's own move into this node, or None
        self.action = action  # that move's action number, or None
        self.earlier = earlier  # the nearest earlier record that adds lines
        self.mine = mine  # the nearest earlier record where the seat moved
        self._lines: tuple[str, ...] | None = None

    @property
    def adds(self) -> bool:
        """Whether this node adds lines: the seat moved into it, or its view changed."""
        return self.action is not None or self.before is not None

    def lines(self, encoding: Encoding) -> tuple[str, ...]:
        """``did <move>`` for the seat's move into this node, ``saw ...`` for a changed view."""
        if self._lines is None:
            lines = []
            if self.action is not None:
                lines.append(f"did {self.did}")
            if self.before is _NOTHING:
                text = observation_text(encoding.planes, encoding.observation(self.view))
                lines.append(f"saw {text}".rstrip())
            elif self.before is not None:
                now, then = encoding.observation(self.view), encoding.observation(self.before)
                lines.append(f"saw {observation_text(encoding.planes, now, then)}".rstrip())
            self._lines = tuple(lines)
        return self._lines


_NOTHING: Final = object()
"""What a seat saw before the first state: nothing (every entry of its first view is news)."""


class Trail:
    """A line of play: a state, with the trail and move it came from.

    Trails are immutable and share their past, so a search that branches
    keeps one copy of the common prefix, and a seat's information state is
    worked out once per node and seat (on first asking) and reused by every
    trail that passes there.

    >>> trail = Trail.start(game, rules)                # doctest: +SKIP
    >>> trail = trail.then(game.legal_moves(trail.state)[0])    # doctest: +SKIP
    >>> trail.information_state_string(0)               # doctest: +SKIP
    """

    __slots__ = ("_chance", "_legal", "_line", "_seen", "_text", "move", "parent", "state")

    def __init__(self, line: _Line, state: Any, parent: Trail | None, move: Any) -> None:
        self._line = line
        self.state = state
        self.parent = parent
        self.move = move
        self._seen: dict[int, _Seen] = {}
        self._legal: dict[int, Any] | None = None
        self._chance: tuple[tuple[int, float], ...] | None = None
        self._text: str | None = None

    def __copy__(self) -> Trail:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Trail:
        # Immutable (the memos only cache what the trail determines): a copy is the trail itself.
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # The game, its Rules and the moves: the encoding (which may hold closures) and the
        # memos are worked out again, and the states by replaying the moves.
        line = self._line
        return (_replay, (game_reference(line.game), line.rules, self.moves()))

    @classmethod
    def start(cls, game: Game[Any, Any, Any], rules: Any = None) -> Trail:
        """The trail of a new game (``game.new_game(rules)``; the game's default Rules when ``None``)."""
        rules = game.rules_type() if rules is None else rules
        return cls(_Line(game, rules), game.new_game(rules), None, None)

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The game being played."""
        return self._line.game

    @property
    def encoding(self) -> Encoding:
        """The game's encoding for the Rules of this trail."""
        return self._line.encoding

    def then(self, move: Any) -> Trail:
        """The trail after ``move`` (``IllegalMoveError`` if it is not legal here)."""
        return Trail(self._line, self._line.game.apply_move(self.state, move), self, move)

    def text(self) -> str:
        """The board as text (``game.render_text``; worked out once, as test harnesses ask often)."""
        if self._text is None:
            self._text = self._line.game.render_text(self.state)
        return self._text

    def legal(self) -> Mapping[int, Any]:
        """The legal moves here by their fixed numbers, ascending (chance outcomes by theirs at a
        chance node, as :meth:`chance_outcomes` numbers them); worked out once."""
        table = self._legal
        if table is None:
            state = self.state
            if state.to_move is CHANCE:
                self.chance_outcomes()  # numbers the outcomes once, for both
                table = self._legal
                assert table is not None
            else:
                moves = self._line.game.legal_moves(state)
                numbers = action_numbers(self._line.encoding, state, moves)  # as many as moves
                table = self._legal = dict(sorted(zip(numbers, moves), key=_first))  # noqa: B905
        return types.MappingProxyType(table)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, its outcomes by their chance numbers, ascending, with their
        probabilities as floats (OpenSpiel's ``chance_outcomes``); empty elsewhere.

        Worked out once, with :meth:`legal`'s table: a chance node is asked for
        both, and numbering every outcome twice cost a tenth of a random game."""
        outcomes = self._chance
        if outcomes is None:
            state = self.state
            if state.to_move is not CHANCE:
                outcomes = ()
            else:
                self._legal, outcomes = self._line.number_chance(state)
            self._chance = outcomes
        return list(outcomes)

    def moves(self) -> list[Any]:
        """Every move from the start to here, chance outcomes included."""
        out = []
        node: Trail | None = self
        while node is not None and node.parent is not None:
            out.append(node.move)
            node = node.parent
        out.reverse()
        return out

    def _record(self, seat: int) -> _Seen:
        """The seat's record here, working out the records of any nodes above that lack one."""
        known = self._seen.get(seat)
        if known is not None:
            return known
        path = []
        node: Trail | None = self
        while node is not None and seat not in node._seen:
            path.append(node)
            node = node.parent
        line = self._line
        game, encoding = line.game, line.encoding
        for node in reversed(path):
            view = game.observe(node.state, seat)
            parent = node.parent
            if parent is None:
                node._seen[seat] = _Seen(view, _NOTHING, None, None, None, None)
                continue
            above = parent._seen[seat]
            did = action = None
            if parent.state.to_move == seat:
                did = node.move
                action = encoding.encode_action(parent.state, did)
            before = above.view if view != above.view else None
            earlier = above if above.adds else above.earlier
            mine = above if above.action is not None else above.mine
            node._seen[seat] = _Seen(view, before, did, action, earlier, mine)
        return self._seen[seat]

    def information_state_string(self, seat: int) -> str:
        """Seat ``seat``'s history of what it saw and did, one event a line (see the module docstring)."""
        check_seat(seat, self._line.players)
        encoding = self._line.encoding
        record: _Seen | None = self._record(seat)
        chunks = []
        while record is not None:
            if record.adds:
                chunks.append(record.lines(encoding))
            record = record.earlier
        return "\n".join(line for lines in reversed(chunks) for line in lines)

    def information_state_tensor(self, seat: int) -> list[int]:
        """Seat ``seat``'s observation tensor now, then how often it took each action number."""
        observation, taken = self.information_state_parts(seat)
        counts = [0] * self._line.encoding.actions.size
        for action, count in taken.items():
            counts[action] = count
        return observation + counts

    def information_state_parts(self, seat: int) -> tuple[list[int], dict[int, int]]:
        """:meth:`information_state_tensor` in two parts: the observation tensor, and the
        counts of the seat's own actions as ``{action: times}`` (the rest of the tensor is
        zeros, and action spaces run to tens of thousands)."""
        check_seat(seat, self._line.players)
        record: _Seen | None = self._record(seat)
        assert record is not None
        observation = self._line.encoding.observation(record.view)
        taken: dict[int, int] = {}
        while record is not None:
            if record.action is not None:
                taken[record.action] = taken.get(record.action, 0) + 1
            record = record.mine
        return observation, taken
