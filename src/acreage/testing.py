"""Testing kit: hypothesis strategies for any game, and the conformance check.

``check_game(game)`` is the contract every acreage game passes, and a user's
variant can run it too::

    from acreage import fence_em_in as fei
    from acreage.testing import check_game
    check_game(fei.GAME, fei.Rules(players=3))

The strategies drive games through hypothesis (whole playouts, reachable
states, or positions a game builds directly), so a failing property shrinks
to a short game or a simple position::

    from hypothesis import given
    from acreage.testing import SETTINGS, playouts

    @SETTINGS
    @given(playouts(fei.GAME, fei.Rules(players=2)))
    def test_no_overlap(playout):
        for state in playout.states:
            ...

:data:`SETTINGS` is hypothesis settings made for whole games (see there).
This module imports hypothesis only when a strategy or :data:`SETTINGS` is
asked for, so ``check_game`` works without it.
"""

from __future__ import annotations

import array
import enum
import functools
import json
import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from acreage.core.chance import check_distribution
from acreage.core.encoding import Facts
from acreage.core.game import (
    CHANCE,
    Game,
    GameError,
    IllegalMoveError,
    MoveSyntaxError,
    SeatError,
)
from acreage.core.grid import Grid
from acreage.core.record import GameRecord, record_of, replay

if TYPE_CHECKING:
    from hypothesis import settings
    from hypothesis.strategies import SearchStrategy

    SETTINGS: settings
    """Hypothesis settings for properties of whole games (built when first used).

    A playout is a large example: hundreds to thousands of drawn choices,
    taking milliseconds to a second to play. Hypothesis's defaults refuse
    that (its ``large_base_example``, ``too_slow`` and ``data_too_large``
    health checks) and time each example against a 200 ms deadline. These
    settings suppress those three checks, drop the deadline and run 25
    examples (25 whole games, thousands of positions) per property.

    Use them as a decorator, or as the parent of your own; the first use
    also registers them as the hypothesis profile ``"acreage"``::

        @SETTINGS
        @given(playouts(fei.GAME, fei.Rules(players=3)))
        def test_scores_are_never_negative(playout): ...

        thorough = settings(SETTINGS, max_examples=500)
        settings.load_profile("acreage")      # for every test, in a conftest.py
    """

__all__ = [
    "SETTINGS",
    "ConformanceError",
    "Playout",
    "SoakReport",
    "check_game",
    "check_immutable",
    "check_state",
    "golden_playthrough",
    "move_counts",
    "playouts",
    "positions",
    "soak",
    "states",
]


def __getattr__(name: str) -> Any:
    # SETTINGS is built on first use, so that importing this module needs no hypothesis.
    if name == "SETTINGS":
        return _settings()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@functools.cache
def _settings() -> settings:
    from hypothesis import HealthCheck, settings

    made = settings(
        max_examples=25,
        deadline=None,
        suppress_health_check=[
            HealthCheck.large_base_example,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
        ],
    )
    settings.register_profile("acreage", made)
    return made


class ConformanceError(AssertionError):
    """A game broke the contract; the message says which part and where."""


@attrs.frozen
class Playout:
    """One line of play: ``states[i + 1] == apply_move(states[i], moves[i])``."""

    game: Game[Any, Any, Any] = attrs.field(repr=False)
    rules: Any = attrs.field(repr=False)
    moves: tuple[Any, ...]
    states: tuple[Any, ...] = attrs.field(repr=False)

    @property
    def final(self) -> Any:
        """The last state of the playout (the end, for a complete one)."""
        return self.states[-1]


def playouts(
    game: Game[Any, Any, Any],
    rules: Any = None,
    *,
    max_moves: int = 20_000,
    complete: bool = True,
) -> SearchStrategy[Playout]:
    """Strategy for playouts of ``game`` from its start.

    Every move, chance outcomes included, is drawn by hypothesis as an index
    into ``legal_moves``, so failures shrink towards first moves. With
    ``complete=True`` each playout runs to the end (and fails if it has not
    ended after ``max_moves``); otherwise it stops after a drawn number of
    moves, and failures shrink to short games. ``rules`` may itself be a
    strategy.
    """
    from hypothesis import strategies as st

    @st.composite
    def draw_playout(draw: Callable[..., Any]) -> Playout:
        r = draw(rules) if isinstance(rules, st.SearchStrategy) else rules
        r = game.rules_type() if r is None else r
        target = max_moves if complete else draw(st.integers(0, max_moves))
        state = game.new_game(r)
        states = [state]
        moves: list[Any] = []
        while game.to_move(state) is not None and len(moves) < target:
            legal = game.legal_moves(state)
            move = legal[draw(st.integers(0, len(legal) - 1))]
            state = game.apply_move(state, move)
            moves.append(move)
            states.append(state)
        if complete and game.to_move(state) is not None:
            raise ConformanceError(f"{game.name}: playout did not end within {max_moves} moves")
        return Playout(game, r, tuple(moves), tuple(states))

    strategy: SearchStrategy[Playout] = draw_playout()
    return strategy


def states(
    game: Game[Any, Any, Any], rules: Any = None, *, max_moves: int = 500
) -> SearchStrategy[Any]:
    """Strategy for states reachable from the start in up to ``max_moves`` moves."""
    return playouts(game, rules, max_moves=max_moves, complete=False).map(lambda p: p.final)


_WHERE_TRIES = 10
"""How many positions :func:`positions` builds for one example before ``where`` holds."""


def positions(
    game: Game[Any, Any, Any],
    rules: Any = None,
    *,
    where: Callable[[Any], bool] | None = None,
) -> SearchStrategy[Any]:
    """Strategy for valid states built directly by the game's ``build_position``.

    Not only states a random playout reaches: any round, any phase, farms and
    boards of any shape the rules allow. Each choice the builder makes is
    drawn by hypothesis as an integer, so a failing example shrinks towards
    choices of 0, that is towards simpler positions, and every shrunk example
    is still a valid position. ``where`` keeps only the states it holds true
    for (a rule test's precondition: "the player to move can place an
    enclosure", "a token is in hand"): up to 10 positions are built for one
    example until one meets it, so it should hold for one position in twenty
    or more, or hypothesis gives up for want of examples. ``rules`` may
    itself be a strategy.
    :class:`~acreage.GameError` for a game without ``build_position``.

    ::

        @SETTINGS
        @given(positions(fei.GAME, fei.Rules(players=3),
                         where=lambda s: s.phase is fei.Phase.TAKE))
        def test_a_token_can_be_taken(state): ...
    """
    from hypothesis import reject
    from hypothesis import strategies as st

    build = game.build_position
    if build is None:
        raise GameError(f"{game.name} has no build_position: it cannot build positions")

    @st.composite
    def draw_position(draw: Callable[..., Any]) -> Any:
        r = draw(rules) if isinstance(rules, st.SearchStrategy) else rules
        r = game.rules_type() if r is None else r

        def choose(n: int) -> int:
            if n < 1:
                raise ValueError(f"choose({n}): a choice needs at least one option")
            choice: int = draw(st.integers(0, n - 1))
            return choice

        # A precondition that holds for few positions is met by building again
        # from further choices, rather than by rejecting the example: hypothesis
        # gives up on a test whose examples it mostly has to throw away. Shrinking
        # then removes the failed attempts along with their choices.
        state = build(r, choose)
        tries = 1
        while where is not None and not where(state):
            if tries == _WHERE_TRIES:
                reject()
            state = build(r, choose)
            tries += 1
        return state

    strategy: SearchStrategy[Any] = draw_position()
    return strategy


# -- immutability ------------------------------------------------------------------

_IMMUTABLE_LEAVES = (int, str, bytes, bool, float, Fraction, type(None), enum.Enum, Grid, range)


class _Immutability:
    """Walks values for mutable parts, remembering every object it has verified.

    States along a game share most of their parts (the rules, untouched
    tuples), so a checker kept across states walks only what is new. Verified
    objects are kept alive here, so their ids cannot be reused meanwhile.
    """

    def __init__(self) -> None:
        self._verified: dict[int, Any] = {}

    def check(self, value: Any, where: str) -> None:
        verified = self._verified
        stack: list[tuple[Any, tuple[Any, ...]]] = [(value, (where,))]
        while stack:
            v, path = stack.pop()
            if isinstance(v, _IMMUTABLE_LEAVES) or id(v) in verified:
                continue
            verified[id(v)] = v
            if isinstance(v, tuple | frozenset):
                stack.extend((item, (path, i)) for i, item in enumerate(v))
                continue
            cls = type(v)
            if attrs.has(cls):
                if not _is_frozen(cls):
                    raise ConformanceError(
                        f"{_path(path)}: {cls.__name__} is not a frozen attrs class"
                    )
                stack.extend((getattr(v, f.name), (path, f.name)) for f in attrs.fields(cls))
                continue
            if callable(v) and not isinstance(v, type) and hasattr(v, "__module__"):
                continue  # functions and singletons of behaviour (handlers) are not data
            del verified[id(v)]
            raise ConformanceError(f"{_path(path)}: {cls.__name__} is mutable or not plain data")


def _path(path: tuple[Any, ...]) -> str:
    steps: list[str] = []
    while len(path) == 2:
        path, step = path
        steps.append(f"[{step}]" if isinstance(step, int) else f".{step}")
    return str(path[0]) + "".join(reversed(steps))


def check_immutable(value: Any, where: str = "state") -> None:
    """Raise :class:`ConformanceError` if ``value`` holds anything mutable.

    Allowed: ints, strings, bools, floats, Fractions, None, enums, grids,
    tuples, frozensets, and frozen attrs instances of those (functions too:
    behaviour such as card handlers is not data).
    """
    _Immutability().check(value, where)


def _is_frozen(cls: type) -> bool:
    setattr_ = getattr(cls, "__setattr__", None)
    return getattr(setattr_, "__name__", "") == "_frozen_setattrs" or bool(
        getattr(cls, "__attrs_frozen__", False)
    )


# -- the conformance check ---------------------------------------------------------


def _fail(game: Game[Any, Any, Any], where: str, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name}: {where}: {message}")


def check_game(
    game: Game[Any, Any, Any],
    rules: Any = None,
    *,
    playouts: int = 10,
    seed: int = 0,
    max_moves: int = 20_000,
    moves_per_state: int = 6,
    expect_hidden: bool | None = None,
    positions: int | None = None,
) -> None:
    """Check that ``game`` keeps the acreage contract; raise :class:`ConformanceError` if not.

    Random playouts (seeded, so the check is repeatable) visit states, and at
    each one the check verifies: ``to_move`` agrees with ``is_terminal``;
    ``legal_moves`` is a non-empty tuple, the same on every call; at chance
    nodes the outcomes are the legal moves with Fraction probabilities
    summing to 1, elsewhere there are none; a sample of legal moves apply,
    and their text parses back to the same move; moves legal elsewhere but
    not here raise :class:`IllegalMoveError`; garbage text raises
    :class:`MoveSyntaxError`; states hold only immutable data (so
    ``apply_move`` cannot change its input); ``observe(s, p)`` equals
    ``observe(s', p)`` for every ``s'`` that ``game.resample`` says ``p``
    cannot tell apart, and holds no link to the state; scores and winners
    have the right shape. After each playout the record replays to equal
    states with equal hashes, and the playout must have ended within
    ``max_moves``. Unless ``expect_hidden`` is False (rules with nothing
    hidden), a game with ``resample`` must show it redealing something at
    least once, so a resample that does nothing cannot pass for one.

    A game with an ``encoding`` is also held to it: its :class:`Facts` agree
    with the rules and the numberings, no playout exceeds a bound they
    declare (decisions, chance nodes, legal moves and chance outcomes at one
    node, scores), every legal move has a distinct number in range that
    decodes back to it, the legal-action mask agrees, and every seat's
    observation tensor is the declared number of ints. ``expect_hidden``
    then defaults to the facts' ``hidden_information``.

    A game with positions is held to them: every state of the playouts goes
    to position data (strict JSON) and back, and to text and back, to an
    equal state with an equal digest; a view turned back into a state
    (``from_view``) looks the same to its seat. ``positions`` positions (as
    many as ``playouts`` unless given) made by ``build_position`` (from seeded choices) round-trip the same way and
    play on with random moves to a legal end, every state on the way
    passing the checks above (its moves, immutability, scores...); a record
    starting from each replays to the same states.
    """
    rules = game.rules_type() if rules is None else rules
    n_players = game.players(rules)
    rng = random.Random(f"check:{seed}")
    # Positions draw from their own generator, so the playouts are the same with or without them.
    position_rng = random.Random(f"check:{seed}:positions")
    try:
        again = game.rules(rules.to_data())
    except GameError as e:
        raise _fail(game, "rules", f"to_data() does not load back: {e}") from None
    if again != rules:
        raise _fail(game, "rules", "rules differ after to_data() and back")
    first = game.new_game(rules)
    if game.new_game(rules) != first:
        raise _fail(game, "new_game", "two calls with the same rules give different states")
    facts = _check_facts(game, rules, n_players) if game.encoding is not None else None
    seen_moves: dict[str, Any] = {}
    resample_changed = False
    immutability = _Immutability()
    for run in range(playouts):
        state = first
        moves: list[Any] = []
        states = [state]
        while True:
            where = f"playout {run} move {len(moves)}"
            _check_state(game, state, n_players, where, immutability)
            if game.to_position is not None:
                _check_position(game, rules, state, len(moves) % n_players, position_rng, where)
            if game.to_move(state) is None:
                if facts is not None:
                    _check_numbers(game, facts, state, n_players, where)
                break
            if len(moves) >= max_moves:
                raise _fail(game, f"playout {run}", f"no end after {max_moves} moves")
            legal = game.legal_moves(state)
            resample_changed |= _check_observe(game, state, n_players, rng, where)
            _check_moves(game, state, legal, rng, moves_per_state, seen_moves, where)
            if facts is not None:
                _check_numbers(game, facts, state, n_players, where)
            move = legal[rng.randrange(len(legal))]
            state = game.apply_move(state, move)
            moves.append(move)
            states.append(state)
        if facts is not None:
            _check_length(game, facts, states, f"playout {run}")
        _check_replay(game, rules, moves, states, f"playout {run}")
    if game.build_position is not None:
        for i in range(playouts if positions is None else positions):
            _check_built_position(
                game, rules, position_rng, max_moves, moves_per_state, immutability, i
            )
    if facts is not None and resample_changed and not facts.hidden_information:
        raise _fail(game, "facts", "hidden_information is False but resample redeals something")
    if expect_hidden is None:
        expect_hidden = facts.hidden_information if facts is not None else game.resample is not None
    if expect_hidden and not resample_changed:
        raise _fail(
            game, "resample", "never produced a different state: hidden information is not hidden"
        )


def _check_position(
    game: Game[Any, Any, Any],
    rules: Any,
    state: Any,
    seat: int,
    rng: random.Random,
    where: str,
) -> None:
    """``state`` to a position and back (as JSON data, and as text), and seat ``seat``'s
    view of it back to a state."""
    assert game.to_position is not None
    assert game.from_position is not None
    data = game.to_position(state)
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise _fail(game, where, f"to_position is not plain JSON data: {e}") from None
    try:
        again = game.from_position(rules, json.loads(text))
    except GameError as e:
        raise _fail(game, where, f"to_position does not read back: {e}") from None
    if again != state or hash(again) != hash(state) or game.digest(again) != game.digest(state):
        raise _fail(game, where, "the state differs after to_position and from_position")
    if game.position_text is not None and game.parse_position is not None:
        written = game.position_text(state)
        try:
            again = game.parse_position(rules, written)
        except GameError as e:
            raise _fail(game, where, f"position_text does not parse back: {e}") from None
        if again != state:
            raise _fail(game, where, "the state differs after position_text and parse_position")
    if game.from_view is not None:
        view = game.observe(state, seat)
        try:
            seen = game.observe(game.from_view(view, rng), seat)
        except GameError as e:
            raise _fail(game, where, f"from_view(observe(state, {seat})) failed: {e}") from None
        if seen != view:
            raise _fail(
                game,
                where,
                f"seat {seat} sees a difference in the state from_view made of its view",
            )


def _check_built_position(
    game: Game[Any, Any, Any],
    rules: Any,
    rng: random.Random,
    max_moves: int,
    moves_per_state: int,
    immutability: _Immutability,
    index: int,
) -> None:
    """One position from ``build_position``: valid, round-tripping, and playable to the end."""
    assert game.build_position is not None
    n_players = game.players(rules)
    try:
        state = game.build_position(rules, rng.randrange)
    except GameError as e:
        raise _fail(game, f"built position {index}", f"build_position failed: {e}") from None
    states = [state]
    moves: list[Any] = []
    seen_moves: dict[str, Any] = {}
    _check_position(game, rules, state, index % n_players, rng, f"built position {index}")
    while True:
        where = f"built position {index} move {len(moves)}"
        _check_state(game, state, n_players, where, immutability)
        if game.to_move(state) is None:
            break
        if len(moves) >= max_moves:
            raise _fail(game, f"built position {index}", f"no end after {max_moves} moves")
        legal = game.legal_moves(state)
        _check_moves(game, state, legal, rng, moves_per_state, seen_moves, where)
        move = legal[rng.randrange(len(legal))]
        state = game.apply_move(state, move)
        moves.append(move)
        states.append(state)
    record = record_of(game, rules, moves, start=states[0])
    try:
        again = replay(GameRecord.from_json(record.to_json()), game)
    except GameError as e:
        raise _fail(game, f"built position {index}", f"its record does not replay: {e}") from None
    if list(again) != states:
        raise _fail(game, f"built position {index}", "its record replays to other states")


def _check_facts(game: Game[Any, Any, Any], rules: Any, n_players: int) -> Facts:
    facts = game.facts(rules)
    enc = game.encoding_of(rules)
    if facts.players != n_players:
        raise _fail(game, "facts", f"players is {facts.players}, the rules say {n_players}")
    if not facts.min_players <= n_players <= facts.max_players:
        raise _fail(game, "facts", f"{n_players} players is outside min/max_players")
    if (facts.num_actions, facts.num_chance_outcomes) != (enc.actions.size, enc.chance.size):
        raise _fail(game, "facts", "num_actions/num_chance_outcomes differ from the numberings")
    if facts.observation_shape != enc.planes.shape:
        raise _fail(game, "facts", "observation_shape differs from the planes")
    if facts.max_legal_moves > facts.num_actions:
        raise _fail(game, "facts", "max_legal_moves exceeds the action space")
    if facts.max_chance_outcomes > facts.num_chance_outcomes:
        raise _fail(game, "facts", "max_chance_outcomes exceeds the chance numbering")
    if facts.cooperative and not game.all_may_lose:
        # A cooperative game can be lost by everyone together; the Game must say so.
        raise _fail(game, "facts", "cooperative rules, but the game does not say all_may_lose")
    return facts


def _check_numbers(
    game: Game[Any, Any, Any], facts: Facts, state: Any, n_players: int, where: str
) -> None:
    """The state against the facts; every legal move against its fixed number."""
    for seat, score in enumerate(game.scores(state)):
        if not facts.min_score <= score <= facts.max_score:
            raise _fail(game, where, f"seat {seat} scores {score}, outside the facts' score range")
    size = math.prod(facts.observation_shape)
    enc = game.encoding_of(state.rules)
    for seat in range(n_players):
        tensor = game.observation_tensor(state, seat)
        if len(tensor) != size or not set(map(type, tensor)) <= {int}:
            raise _fail(game, where, f"observation of seat {seat} is not {size} ints")
        if tensor and not -32768 <= min(tensor) <= max(tensor) <= 32767:
            raise _fail(game, where, f"observation of seat {seat} has a value outside int16")
        packed = enc.observation_bytes(game.observe(state, seat))
        if packed != array.array("h", tensor).tobytes():
            raise _fail(game, where, f"observation_bytes of seat {seat} differs from observation")
        quick = enc.seat_observation_bytes(state, seat)
        if quick is not None and quick != packed:
            raise _fail(
                game, where, f"seat_observation_bytes of seat {seat} differs from its packed view"
            )
    who = game.to_move(state)
    if who is None:
        return
    legal = game.legal_moves(state)
    chance = who is CHANCE
    if chance and not facts.chance:
        raise _fail(game, where, "a chance node in a game whose facts say it has no chance")
    bound, size = (
        (facts.max_chance_outcomes, facts.num_chance_outcomes)
        if chance
        else (facts.max_legal_moves, facts.num_actions)
    )
    if len(legal) > bound:
        raise _fail(game, where, f"{len(legal)} legal moves, more than the facts' bound {bound}")
    numbers: dict[int, Any] = {}
    for move in legal:
        try:
            number = game.encode_move(state, move)
        except GameError as e:
            raise _fail(game, where, f"legal move {move} has no number: {e}") from None
        if not (type(number) is int and 0 <= number < size):
            raise _fail(
                game, where, f"legal move {move} is numbered {number!r}, not 0 to {size - 1}"
            )
        if number in numbers:
            raise _fail(game, where, f"moves {numbers[number]} and {move} share number {number}")
        numbers[number] = move
    if not chance and enc.encode_actions(state, legal) != list(numbers):
        raise _fail(game, where, "encode_actions differs from encode_action move by move")
    for number, move in numbers.items():
        if game.decode_move(state, number) != move:
            raise _fail(game, where, f"number {number} does not decode to {move}")
    mask = game.legal_action_mask(state)
    if len(mask) != size or sorted(numbers) != [a for a, ok in enumerate(mask) if ok]:
        raise _fail(game, where, "the legal-action mask disagrees with the legal moves")


def _check_length(
    game: Game[Any, Any, Any], facts: Facts, states: Sequence[Any], where: str
) -> None:
    chance = sum(game.to_move(s) is CHANCE for s in states)
    decisions = len(states) - 1 - chance
    if decisions > facts.max_decisions:
        raise _fail(game, where, f"{decisions} decisions, more than max_decisions")
    if chance > facts.max_chance_nodes:
        raise _fail(game, where, f"{chance} chance nodes, more than max_chance_nodes")


def check_state(game: Game[Any, Any, Any], state: Any, where: str = "state") -> None:
    """Check one state's invariants; raise :class:`ConformanceError` if one fails.

    ``to_move`` agrees with ``is_terminal``; the state is hashable and holds
    only immutable data; scores and winners have the right shape (winners
    only at the end, sorted seats; some winner unless the game lets all
    lose); no legal moves at the end. :func:`check_game` runs this at every
    state it visits; a property test can run it on any state it builds.
    """
    n_players = game.players(state.rules)
    _check_state(game, state, n_players, where, _Immutability())


def _check_state(
    game: Game[Any, Any, Any], state: Any, n_players: int, where: str, immutability: _Immutability
) -> None:
    who = game.to_move(state)
    terminal = game.is_terminal(state)
    if terminal != (who is None):
        raise _fail(game, where, f"is_terminal is {terminal} but to_move is {who!r}")
    if (
        who is not None
        and who is not CHANCE
        and not (isinstance(who, int) and 0 <= who < n_players)
    ):
        raise _fail(game, where, f"to_move {who!r} is not a seat, CHANCE or None")
    try:
        hash(state)
    except TypeError as e:
        raise _fail(game, where, f"state is not hashable: {e}") from None
    immutability.check(state, f"{game.name}: {where}: state")
    scores = game.scores(state)
    if not isinstance(scores, tuple) or len(scores) != n_players:
        raise _fail(game, where, f"scores {scores!r} is not a tuple of {n_players}")
    winners = game.winners(state)
    if not isinstance(winners, tuple):
        raise _fail(game, where, f"winners {winners!r} is not a tuple")
    if not terminal and winners:
        raise _fail(game, where, f"winners {winners!r} before the end")
    if terminal and not winners and not game.all_may_lose:
        raise _fail(game, where, "no winners at the end of a game that always has one")
    if terminal and not all(0 <= w < n_players for w in winners):
        raise _fail(game, where, f"winners {winners!r} at the end are not seats")
    if list(winners) != sorted(set(winners)):
        raise _fail(game, where, f"winners {winners!r} are not sorted and distinct")
    if terminal and game.legal_moves(state):
        raise _fail(game, where, "legal moves at a terminal state")


def _check_moves(
    game: Game[Any, Any, Any],
    state: Any,
    legal: tuple[Any, ...],
    rng: random.Random,
    k: int,
    seen_moves: dict[str, Any],
    where: str,
) -> None:
    if not isinstance(legal, tuple) or not legal:
        raise _fail(game, where, f"legal_moves is {legal!r}, not a non-empty tuple")
    if game.legal_moves(state) != legal:
        raise _fail(game, where, "legal_moves differs between two calls")
    if len(set(legal)) != len(legal):
        raise _fail(game, where, "legal_moves lists a move twice")
    outcomes = game.chance_outcomes(state)
    if game.to_move(state) is CHANCE:
        if tuple(m for m, _ in outcomes) != legal:
            raise _fail(game, where, "chance outcomes are not the legal moves, in order")
        try:
            check_distribution(outcomes)
        except ValueError as e:
            raise _fail(game, where, f"chance outcomes: {e}") from None
    elif outcomes:
        raise _fail(game, where, "chance outcomes at a player's decision")
    sample = legal if len(legal) <= k else rng.sample(legal, k)
    for move in sample:
        text = str(move)
        try:
            parsed = game.parse_move(state, text)
        except GameError as e:
            raise _fail(game, where, f"text {text!r} of a legal move does not parse: {e}") from None
        if parsed != move:
            raise _fail(game, where, f"parse_move(str(m)) != m for {text!r}: got {parsed!r}")
        try:
            game.apply_move(state, move)
        except GameError as e:
            raise _fail(game, where, f"legal move {text!r} does not apply: {e}") from None
        seen_moves.setdefault(text, move)
    legal_set = set(legal)
    strangers = [m for m in seen_moves.values() if m not in legal_set]
    for move in strangers if len(strangers) <= k else rng.sample(strangers, k):
        try:
            game.apply_move(state, move)
        except IllegalMoveError:
            pass
        except Exception as e:
            raise _fail(
                game, where, f"illegal move {move} raised {type(e).__name__}, not IllegalMoveError"
            ) from None
        else:
            raise _fail(game, where, f"move {move} is not legal here but applied")
    for garbage in ("", "no such move !!", "\x00", None, b"pass", 3, "x" * 100_000):
        try:
            game.parse_move(state, garbage)  # type: ignore[arg-type]
        except MoveSyntaxError:
            pass
        except Exception as e:
            raise _fail(
                game,
                where,
                f"text {garbage!r:.40} raised {type(e).__name__}, not MoveSyntaxError",
            ) from None
        else:
            raise _fail(game, where, f"text {garbage!r:.40} parsed as a move")


def _check_observe(
    game: Game[Any, Any, Any], state: Any, n_players: int, rng: random.Random, where: str
) -> bool:
    """Check every player's view; return whether resampling changed the state."""
    for seat in (-1, n_players, None, True):
        try:
            game.observe(state, seat)  # type: ignore[arg-type]
        except SeatError:
            pass
        except Exception as e:
            raise _fail(
                game, where, f"observe(state, {seat!r}) raised {type(e).__name__}, not SeatError"
            ) from None
        else:
            raise _fail(
                game, where, f"observe(state, {seat!r}) answered for a seat not at the table"
            )
    changed = False
    for p in range(n_players):
        view = game.observe(state, p)
        _check_detached(game, view, state, f"{where}: observe(state, {p})")
        if game.observe(state, p) != view:
            raise _fail(game, where, f"observe(state, {p}) differs between two calls")
        if game.resample is None:
            continue
        other = game.resample(state, p, rng)
        if game.observe(other, p) != view:
            raise _fail(
                game,
                where,
                f"player {p} sees a difference between two states resample "
                "says they cannot tell apart: observe leaks hidden information",
            )
        if game.to_move(state) == p and game.legal_moves(other) != game.legal_moves(state):
            raise _fail(game, where, f"player {p}'s legal moves depend on what they cannot see")
        changed |= other != state
    return changed


def _check_detached(game: Game[Any, Any, Any], view: Any, state: Any, where: str) -> None:
    # The state's rules are everyone's (a view may well show them): they are not
    # walked, which is most of the work on a game with large component data.
    seen: set[int] = {id(getattr(state, "rules", None))}

    def walk(v: Any) -> None:
        if v is state:
            raise _fail(game, where, "the view holds the full state")
        if id(v) in seen or isinstance(v, _IMMUTABLE_LEAVES):
            return
        seen.add(id(v))
        if isinstance(v, tuple | list | frozenset | set):
            for item in v:
                walk(item)
        elif isinstance(v, dict):
            for item in v.values():
                walk(item)
        elif attrs.has(type(v)):
            for f in attrs.fields(type(v)):
                walk(getattr(v, f.name))

    walk(view)


def _check_replay(
    game: Game[Any, Any, Any], rules: Any, moves: Sequence[Any], states: Sequence[Any], where: str
) -> None:
    record = record_of(game, rules, moves)
    again = replay(record, game)
    if len(again) != len(states):
        raise _fail(game, where, "replay gave a different number of states")
    for i, (a, b) in enumerate(zip(states, again, strict=True)):
        if a != b or hash(a) != hash(b):
            raise _fail(game, where, f"state {i} differs after replay from the record")


# -- golden files --------------------------------------------------------------------


def golden_playthrough(
    game: Game[Any, Any, Any], rules: Any, seed: int | str = 0, *, render: bool = True
) -> str:
    """A text record of one seeded random game: rules, then every move and the board after it.

    Kept under ``tests/golden/`` and diffed in CI, it turns any change of
    behaviour (a rule, a move order, a rendering) into a reviewed diff.
    """
    from acreage.play import play

    result = play(game, rules, seed=seed)
    lines = [
        f"game {game.name}",
        f"rules {json.dumps(result.record.rules, sort_keys=True)}",
        f"seed {seed}",
        "",
    ]
    state = game.new_game(rules)
    if render:
        lines += [game.render_text(state), ""]
    for i, text in enumerate(result.record.moves):
        who = game.to_move(state)
        actor = "chance" if who is CHANCE else f"player {who}"
        state = game.apply_move(state, game.parse_move(state, text))
        lines.append(f"{i + 1}. {actor}: {text}")
        if render and who is not CHANCE:
            lines += [game.render_text(state), ""]
    lines += [
        "",
        f"scores {' '.join(map(str, game.scores(state)))}",
        f"winners {' '.join(map(str, game.winners(state)))}",
    ]
    return "\n".join(lines) + "\n"


def move_counts(game: Game[Any, Any, Any], rules: Any, seed: int | str = 0) -> str:
    """The number of legal moves at each state along one seeded random game, one line each."""
    from acreage.play import play

    result = play(game, rules, seed=seed)
    state = game.new_game(rules)
    lines = [
        f"game {game.name}",
        f"rules {json.dumps(result.record.rules, sort_keys=True)}",
        f"seed {seed}",
    ]
    for i, text in enumerate(result.record.moves):
        who = game.to_move(state)
        actor = "chance" if who is CHANCE else f"p{who}"
        lines.append(f"{i + 1} {actor} {len(game.legal_moves(state))} {text}")
        state = game.apply_move(state, game.parse_move(state, text))
    return "\n".join(lines) + "\n"


# -- soak ------------------------------------------------------------------------------


@attrs.frozen
class SoakReport:
    """What :func:`soak` found.

    Attributes:
        games: playouts run to the end.
        decisions: player moves made (chance outcomes excluded).
        moves: moves made, chance outcomes included.
        failures: ``(seed, message, record)`` for every playout that broke an
            invariant: the record (JSON text) replays the game up to the
            failing move, so the failure can be reproduced without a seed.
        seconds: CPU-independent wall time of the run.
    """

    games: int
    decisions: int
    moves: int
    failures: tuple[tuple[str, str, str], ...]
    seconds: float


def soak(
    game: Game[Any, Any, Any],
    rules: Any = None,
    *,
    playouts: int = 100,
    seed: int | str = 0,
    max_moves: int = 20_000,
) -> SoakReport:
    """Run ``playouts`` seeded random games and check cheap invariants all the way.

    Cheaper than :func:`check_game` per state, so it can run millions of
    decisions: at every state :func:`check_state`'s invariants (shape of
    scores and winners, terminal agreement, hashability) and a non-empty
    tuple of legal moves; at chance nodes the outcomes are the legal moves
    with probabilities summing to 1; every move made round-trips through its
    text. At the end of each game its record replays to a final state with
    the same :meth:`~acreage.Game.digest`, and the game must have ended
    within ``max_moves``. A playout that breaks any of these (or raises
    anything) is a failure; the rest of the playouts still run.
    """
    import time

    from acreage.core.chance import sample

    rules = game.rules_type() if rules is None else rules
    n_players = game.players(rules)
    failures: list[tuple[str, str, str]] = []
    games = decisions = total_moves = 0
    start = time.perf_counter()
    first = game.new_game(rules)
    for i in range(playouts):
        game_seed = f"{seed}/{i}"
        chance_rng = random.Random(f"soak:{game_seed}:chance")
        agent_rng = random.Random(f"soak:{game_seed}:agents")
        state = first
        moves: list[Any] = []
        try:
            while True:
                where = f"seed {game_seed} move {len(moves)}"
                _check_cheap(game, state, n_players, where)
                who = game.to_move(state)
                if who is None:
                    break
                if len(moves) >= max_moves:
                    raise _fail(game, where, f"no end after {max_moves} moves")
                legal = game.legal_moves(state)
                if not isinstance(legal, tuple) or not legal:
                    raise _fail(game, where, f"legal_moves is {legal!r:.60}, not a non-empty tuple")
                if who is CHANCE:
                    outcomes = game.chance_outcomes(state)
                    if tuple(m for m, _ in outcomes) != legal:
                        raise _fail(game, where, "chance outcomes are not the legal moves")
                    check_distribution(outcomes)
                    move = sample(outcomes, chance_rng)
                else:
                    move = legal[agent_rng.randrange(len(legal))]
                    decisions += 1
                text = str(move)
                if game.parse_move(state, text) != move:
                    raise _fail(game, where, f"text {text!r} does not parse back to its move")
                state = game.apply_move(state, move)
                moves.append(move)
            again = replay(record_of(game, rules, moves), game)[-1]
            if game.digest(again) != game.digest(state):
                raise _fail(game, f"seed {game_seed}", "replay of the record ends elsewhere")
            games += 1
            total_moves += len(moves)
        except Exception as e:  # a soak reports every failure and goes on
            record = record_of(game, rules, moves, {"seed": game_seed, "soak": True}).to_json()
            failures.append((game_seed, f"{type(e).__name__}: {e}", record))
    return SoakReport(games, decisions, total_moves, tuple(failures), time.perf_counter() - start)


def _check_cheap(game: Game[Any, Any, Any], state: Any, n_players: int, where: str) -> None:
    """check_state's invariants without the immutability walk (soak checks it per game)."""
    who = game.to_move(state)
    terminal = game.is_terminal(state)
    if terminal != (who is None):
        raise _fail(game, where, f"is_terminal is {terminal} but to_move is {who!r}")
    if (
        who is not None
        and who is not CHANCE
        and not (isinstance(who, int) and 0 <= who < n_players)
    ):
        raise _fail(game, where, f"to_move {who!r} is not a seat, CHANCE or None")
    hash(state)
    scores = game.scores(state)
    if not isinstance(scores, tuple) or len(scores) != n_players:
        raise _fail(game, where, f"scores {scores!r} is not a tuple of {n_players}")
    winners = game.winners(state)
    if not isinstance(winners, tuple) or list(winners) != sorted(set(winners)):
        raise _fail(game, where, f"winners {winners!r} are not a sorted tuple of distinct seats")
    if not terminal and winners:
        raise _fail(game, where, f"winners {winners!r} before the end")
    if terminal:
        if not winners and not game.all_may_lose:
            raise _fail(game, where, "no winners at the end of a game that always has one")
        if not all(0 <= w < n_players for w in winners):
            raise _fail(game, where, f"winners {winners!r} at the end are not seats")
        check_immutable(state, f"{game.name}: {where}: state")
