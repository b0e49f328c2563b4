"""The generic agents: the protocol, determinism, pickling, budgets, tree reuse, agent texts."""

from __future__ import annotations

import importlib
import math
import pickle
import random
from fractions import Fraction
from typing import Any

import attrs
import pytest

import acreage
import dots_and_boxes as dab
from acreage import GameError
from acreage.agents import (
    Agent,
    AgentSpecError,
    FirstMoveAgent,
    GreedyAgent,
    ISMCTSAgent,
    MCTSAgent,
    RandomAgent,
    game_of,
    make_agent,
)
from acreage.agents._search import Clock
from acreage.core.chance import sample


def toy_evaluate(state: dab.State, seat: int) -> float:
    """Dots and boxes: the seat's lead in boxes, squashed."""
    s = dab.scores(state)
    lead = s[seat] - max(v for p, v in enumerate(s) if p != seat)
    return 1 / (1 + math.exp(-lead))


TOY = dab.Rules(width=3, height=2)


def test_the_simple_agents_moved_but_stay_importable() -> None:
    play_module = importlib.import_module("acreage.play")
    assert acreage.RandomAgent is RandomAgent is play_module.RandomAgent
    assert acreage.FirstMoveAgent is FirstMoveAgent is play_module.FirstMoveAgent
    assert acreage.Agent is Agent
    for agent in (RandomAgent(), FirstMoveAgent(), GreedyAgent(), MCTSAgent(), ISMCTSAgent()):
        assert isinstance(agent, Agent)

    def plain(state: Any, moves: Any, rng: random.Random) -> Any:
        return moves[-1]

    assert isinstance(plain, Agent)


def test_a_game_without_evaluate_says_what_to_do() -> None:
    with pytest.raises(GameError, match="no evaluate function"):
        dab.GAME.evaluator()
    with pytest.raises(GameError, match="no evaluate function"):
        acreage.play(dab.GAME, TOY, GreedyAgent(), seed=1)
    # A search to the end needs none.
    result = acreage.play(dab.GAME, TOY, MCTSAgent(iterations=20, rollout_depth=None), seed=1)
    assert result.winners
    for name in ("fence-em-in", "get-off-my-land", "fields-of-green", "crazy-farmers"):
        assert acreage.get_game(name).evaluator() is acreage.get_game(name).evaluate


def test_agents_find_their_game_from_the_rules() -> None:
    state = acreage.get_game("fence-em-in").new_game(acreage.get_game("fence-em-in").rules())
    assert game_of(state).name == "fence-em-in"
    with pytest.raises(GameError, match="pass the game"):
        game_of(object())


@pytest.mark.parametrize(
    "make",
    [
        lambda: GreedyAgent(evaluate=toy_evaluate),
        lambda: MCTSAgent(iterations=30, evaluate=toy_evaluate),
        lambda: MCTSAgent(iterations=30, evaluate=toy_evaluate, chance="sample"),
        lambda: MCTSAgent(iterations=30, evaluate=toy_evaluate, rollout="heuristic"),
        lambda: MCTSAgent(iterations=30, evaluate=toy_evaluate, reuse_tree=False),
        lambda: MCTSAgent(iterations=30, evaluate=toy_evaluate, transpositions=True),
        lambda: ISMCTSAgent(iterations=30, evaluate=toy_evaluate),
    ],
)
def test_same_seed_same_moves(make: Any) -> None:
    a = acreage.play(dab.GAME, TOY, [make(), RandomAgent()], seed=5)
    b = acreage.play(dab.GAME, TOY, [make(), RandomAgent()], seed=5)
    assert a.record.moves == b.record.moves
    # The same agent object plays a second game as a fresh one would (restart()).
    agent = make()
    first = acreage.play(dab.GAME, TOY, [agent, RandomAgent()], seed=6)
    again = acreage.play(dab.GAME, TOY, [agent, RandomAgent()], seed=5)
    assert again.record.moves == a.record.moves
    assert first.record.moves != a.record.moves


def test_an_agent_draws_one_number_per_move() -> None:
    state = dab.new_game(TOY)
    while state.to_move is acreage.CHANCE:
        state = dab.apply_move(state, dab.legal_moves(state)[0])
    for agent in (
        MCTSAgent(dab.GAME, iterations=5, evaluate=toy_evaluate),
        MCTSAgent(dab.GAME, iterations=50, evaluate=toy_evaluate),
        ISMCTSAgent(dab.GAME, iterations=7, evaluate=toy_evaluate),
    ):
        rng, reference = random.Random(1), random.Random(1)
        agent(state, dab.legal_moves(state), rng)
        reference.getrandbits(64)
        assert rng.random() == reference.random()


def test_agents_pickle_without_their_tree() -> None:
    game = acreage.get_game("fence-em-in")
    mcts = MCTSAgent(game, iterations=10)
    state = game.new_game(game.rules())
    rng = random.Random(0)
    while not isinstance(state.to_move, int):
        state = game.apply_move(state, sample(game.chance_outcomes(state), rng))
    mcts(state, game.legal_moves(state), random.Random(1))
    assert mcts._table
    copy = pickle.loads(pickle.dumps(mcts))
    assert copy._table == {} and copy.game == "fence-em-in"  # a registered game by name
    assert copy.iterations == 10
    for agent in (GreedyAgent(game), ISMCTSAgent("fence-em-in"), RandomAgent(), FirstMoveAgent()):
        assert repr(pickle.loads(pickle.dumps(agent))) == repr(agent)


def test_the_tree_below_the_next_position_is_kept() -> None:
    game = acreage.get_game("fence-em-in")
    agent = MCTSAgent(game, iterations=200, rollout_depth=0)
    rng = random.Random(3)
    state = game.new_game(game.rules())
    while not isinstance(state.to_move, int):
        state = game.apply_move(state, sample(game.chance_outcomes(state), rng))
    move = agent(state, game.legal_moves(state), random.Random(1))
    after = game.apply_move(state, move)
    while not isinstance(after.to_move, int):
        after = game.apply_move(after, sample(game.chance_outcomes(after), rng))
    old = agent._table.get(after)
    assert old is not None and old.visits > 0
    visits = old.visits
    agent(after, game.legal_moves(after), random.Random(2))
    assert agent._table[after] is old and old.visits == visits + 200
    assert state not in agent._table  # what cannot be reached any more is dropped
    agent.restart()
    assert agent._table == {}


@attrs.frozen
class _BagRules:
    players: int = 1

    def to_data(self) -> dict[str, Any]:
        return {}


@attrs.frozen
class _Bag:
    """A toy: pick four of the tokens 0 to 5, in any order; holding token 5 is worth a little."""

    rules: _BagRules
    picked: frozenset[int] = frozenset()

    @property
    def to_move(self) -> Any:
        return 0 if len(self.picked) < 4 else None


def _bag_evaluate(state: _Bag, seat: int) -> float:
    # Drifts down with every pick, as a heuristic may drift as the moves go by; token 5
    # is worth 0.05 wherever it is picked.
    return 0.9 - 0.2 * len(state.picked) + (0.05 if 5 in state.picked else 0.0)


BAG: acreage.Game[Any, Any, Any] = acreage.Game(
    name="bag",
    title="bag",
    rules_type=_BagRules,
    new_game=lambda rules: _Bag(rules),
    legal_moves=lambda s: tuple(sorted(set(range(6)) - s.picked)) if len(s.picked) < 4 else (),
    chance_outcomes=lambda s: (),
    apply_move=lambda s, m: _Bag(s.rules, s.picked | {m}),
    is_terminal=lambda s: len(s.picked) == 4,
    scores=lambda s: (0,),
    winners=lambda s: (0,) if 5 in s.picked else (),
    observe=lambda s, seat: s,
    parse_move=lambda s, text: int(text),
    render_text=str,
    render_svg=str,
    evaluate=_bag_evaluate,
)


def test_every_move_is_searched_like_its_siblings() -> None:
    # Every order of picks reaches one position. Shared (transpositions=True), the
    # positions below the move tried first are already there when its siblings come:
    # their walks go on below them, so they are scored by deeper positions, which this
    # heuristic rates lower whatever was picked, and token 5 is often not picked first.
    # As a tree, every move's subtree grows alike and token 5 is picked for every seed.
    state = BAG.new_game(_BagRules())
    for seed in range(20):
        agent = MCTSAgent(BAG, iterations=30)
        assert agent(state, BAG.legal_moves(state), random.Random(seed)) == 5


def test_transpositions_share_a_node_only_when_asked() -> None:
    state = BAG.new_game(_BagRules())
    for shared in (False, True):
        agent = MCTSAgent(BAG, iterations=300, transpositions=shared)
        agent(state, BAG.legal_moves(state), random.Random(0))
        root = agent._table[state]
        # Picking 0 then 1 and picking 1 then 0 reach one position.
        first, second = root.nodes[0], root.nodes[1]
        assert first is not None and second is not None
        assert first.expanded and second.expanded
        a, b = first.nodes[0], second.nodes[0]  # 0 then 1, 1 then 0
        assert first.children[0] == second.children[0] == _Bag(state.rules, frozenset({0, 1}))
        assert a is not None and b is not None
        assert (a is b) is shared


@attrs.frozen
class _CircleRules:
    players: int = 1

    def to_data(self) -> dict[str, Any]:
        return {}


@attrs.frozen
class _Circle:
    """A toy: choose a or b, then a coin is tossed until heads; a tail comes back round."""

    rules: _CircleRules
    phase: str = "choose"
    choice: str = ""

    @property
    def to_move(self) -> Any:
        return {"choose": 0, "toss": acreage.CHANCE}.get(self.phase)


def _circle_apply(state: _Circle, move: str) -> _Circle:
    if state.phase == "choose":
        return _Circle(state.rules, "toss", move)
    return state if move == "tails" else _Circle(state.rules, "over", state.choice)


CIRCLE: acreage.Game[Any, Any, Any] = acreage.Game(
    name="circle",
    title="circle",
    rules_type=_CircleRules,
    new_game=lambda rules: _Circle(rules),
    legal_moves=lambda s: {"choose": ("a", "b"), "toss": ("heads", "tails")}.get(s.phase, ()),
    chance_outcomes=lambda s: (
        (("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))) if s.phase == "toss" else ()
    ),
    apply_move=_circle_apply,
    is_terminal=lambda s: s.phase == "over",
    scores=lambda s: (int(s.choice == "b"),) if s.phase == "over" else (0,),
    winners=lambda s: (0,) if s.phase == "over" and s.choice == "b" else (),
    observe=lambda s, seat: s,
    parse_move=lambda s, text: text,
    render_text=str,
    render_svg=str,
    evaluate=lambda s, seat: 0.5,
)


def test_a_chance_node_that_comes_back_round_ends_the_walk() -> None:
    # A tied roll rolled again comes back to the very same chance node (Fence Em In's
    # order die); a search that walks the outcomes in proportion must not go round for ever.
    state = CIRCLE.new_game(_CircleRules())
    for agent in (
        MCTSAgent(CIRCLE, iterations=50, rollout_depth=0),
        MCTSAgent(CIRCLE, iterations=50, rollout_depth=3, chance="sample"),
        ISMCTSAgent(CIRCLE, iterations=50, rollout_depth=0),
        GreedyAgent(CIRCLE),
    ):
        assert agent(state, ("a", "b"), random.Random(0)) == "b"


def test_budgets() -> None:
    with pytest.raises(ValueError, match="give a budget"):
        MCTSAgent(iterations=None)
    with pytest.raises(ValueError, match="iterations"):
        MCTSAgent(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        ISMCTSAgent(seconds=-1)
    with pytest.raises(ValueError, match="rollout must be"):
        MCTSAgent(rollout="smart")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rollout_depth"):
        MCTSAgent(rollout_depth=-1)
    with pytest.raises(ValueError, match="chance must be"):
        MCTSAgent(chance="average")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="chance_leaves"):
        GreedyAgent(chance_leaves=0)
    clock = Clock(None, 0.001)
    assert clock.more(0)  # the first iteration always runs
    result = acreage.play(
        dab.GAME, TOY, MCTSAgent(iterations=None, seconds=0.002, evaluate=toy_evaluate), seed=2
    )
    assert result.winners


def test_greedy_averages_chance_exactly() -> None:
    game = acreage.get_game("fence-em-in")
    state = game.new_game(game.rules())
    rng = random.Random(0)
    while not (state.to_move is acreage.CHANCE and len(game.chance_outcomes(state)) == 56):
        moves = game.legal_moves(state)
        if state.to_move is acreage.CHANCE:
            state = game.apply_move(state, sample(game.chance_outcomes(state), rng))
        else:
            state = game.apply_move(state, moves[0])
    # The round's roll of three dice: 56 sorted outcomes. Rate a position by its lowest die.
    greedy = GreedyAgent(game, evaluate=lambda s, seat: float(s.dice[0]) if s.dice else -1.0)
    greedy._evaluate = greedy.evaluate
    exact = sum(p * move.values[0] for move, p in game.chance_outcomes(state))
    assert greedy.value(game, state, 0, 56) == pytest.approx(float(exact))
    # With fewer leaves allowed, the chance node is rated as it stands.
    assert greedy.value(game, state, 0, 55) == -1.0


def test_agent_texts() -> None:
    agent = make_agent("mcts:iterations=50,rollout_depth=0,chance=sample", "fence-em-in")
    assert isinstance(agent, MCTSAgent)
    assert (agent.iterations, agent.rollout_depth, agent.chance) == (50, 0, "sample")
    assert isinstance(make_agent(" random "), RandomAgent)
    assert isinstance(make_agent("greedy:chance_leaves=8"), GreedyAgent)
    assert make_agent("ismcts:seconds=0.5,iterations=null").seconds == 0.5  # type: ignore[attr-defined]
    for bad, message in [
        ("", "named by text"),
        ("alphazero", "no agent kind"),
        ("random:iterations=3", "takes no options"),
        ("mcts:iterations", "not KEY=VALUE"),
        ("mcts:budget=3", "no option 'budget'"),
        ("mcts:iterations=-3", "iterations must be"),
        ("x" * 600, "too long"),
    ]:
        with pytest.raises(AgentSpecError, match=message):
            make_agent(bad)


@pytest.mark.parametrize(
    "name", ["fence-em-in", "get-off-my-land", "fields-of-green", "crazy-farmers"]
)
def test_evaluate_is_the_same_from_many_threads(name: str) -> None:
    # Each game's evaluate remembers standings (the last state's, and farms'): threads
    # rating positions that share farms at once must get what one thread gets.
    from concurrent.futures import ThreadPoolExecutor

    game = acreage.get_game(name)
    rules = game.rules(players=3)
    rng = random.Random(f"threads:{name}")
    states = []
    state = game.new_game(rules)
    while state.to_move is not None:
        if state.to_move is acreage.CHANCE:
            move = sample(game.chance_outcomes(state), rng)
        else:
            moves = game.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        state = game.apply_move(state, move)
        states.append(state)

    def rate(offset: int) -> list[tuple[float, ...]]:
        order = states[offset:] + states[:offset]
        rated = [tuple(game.evaluate(s, seat) for seat in range(3)) for s in order]
        return rated[len(states) - offset :] + rated[: len(states) - offset]

    with ThreadPoolExecutor(4) as pool:
        seen = list(pool.map(rate, [0, 1, len(states) // 2, len(states) - 1] * 2))
    alone = [tuple(game.evaluate(s, seat) for seat in range(3)) for s in states]
    assert all(rated == alone for rated in seen)


@attrs.frozen
class _EndRules:
    players: int = 2
    can_win: bool = True

    def to_data(self) -> dict[str, Any]:
        return {"can_win": self.can_win}


@attrs.frozen
class _End:
    """A toy: seat 0 may end the game lost or won at once, or wait; after a wait
    seat 1 moves and wins whatever it does."""

    rules: _EndRules
    phase: str = "choose"
    winner: int = -1

    @property
    def to_move(self) -> Any:
        return {"choose": 0, "reply": 1}.get(self.phase)


def _end_moves(state: _End) -> tuple[str, ...]:
    if state.phase == "choose":
        return ("lose", "wait", "win") if state.rules.can_win else ("lose", "wait")
    return ("x", "y") if state.phase == "reply" else ()


def _end_apply(state: _End, move: str) -> _End:
    if move == "wait":
        return _End(state.rules, "reply")
    return _End(state.rules, "over", 0 if move == "win" else 1)


def _ending(evaluate: Any) -> acreage.Game[Any, Any, Any]:
    return acreage.Game(
        name="ending",
        title="ending",
        rules_type=_EndRules,
        new_game=lambda rules: _End(rules),
        legal_moves=_end_moves,
        chance_outcomes=lambda s: (),
        apply_move=_end_apply,
        is_terminal=lambda s: s.phase == "over",
        scores=lambda s: (0, 0),
        winners=lambda s: (s.winner,) if s.phase == "over" else (),
        observe=lambda s, seat: s,
        parse_move=lambda s, text: text,
        render_text=str,
        render_svg=str,
        evaluate=evaluate,
    )


def test_mcts_knows_the_moves_that_end_the_game() -> None:
    # The heuristic is wrong on purpose: it rates the wait as well as the win (or as
    # badly as the loss). Known results beat estimates, whatever the visits say.
    hopeful = _ending(lambda s, seat: 1.0 - seat)
    state = hopeful.new_game(_EndRules())
    assert MCTSAgent(hopeful, iterations=3)(state, _end_moves(state), random.Random(0)) == "win"
    gloomy = _ending(lambda s, seat: float(seat))
    state = gloomy.new_game(_EndRules(can_win=False))
    assert MCTSAgent(gloomy, iterations=2)(state, _end_moves(state), random.Random(0)) == "wait"
    # A lost ending is tried once: there is nothing more to learn below it.
    agent = MCTSAgent(hopeful, iterations=40)
    state = hopeful.new_game(_EndRules(can_win=False))
    assert agent(state, _end_moves(state), random.Random(0)) == "wait"
    assert agent._table[state].n == [1, 39]
