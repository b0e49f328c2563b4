"""Fence Em In: build enclosures with shared dice, fill them with your farm's assets.

The public API keeps the acreage contract (https://acreage.readthedocs.io/en/latest/contract/)::

    import random

    from acreage import CHANCE
    from acreage import fence_em_in as fei
    from acreage.core.chance import sample

    rng = random.Random(1)
    state = fei.new_game(fei.Rules(players=3))
    while not fei.is_terminal(state):
        if state.to_move is CHANCE:  # cards, draws and dice: sample their outcomes
            move = sample(fei.chance_outcomes(state), rng)
        else:  # a player's decision: here always the first legal move
            move = fei.legal_moves(state)[0]
        state = fei.apply_move(state, move)
    fei.scores(state), fei.winners(state)

See https://acreage.readthedocs.io/en/latest/games/fence-em-in/ for the moves, phases, Rules options and
numbers: integer actions, observation tensors and the game's facts for
learning agents and search frameworks (:mod:`acreage.fence_em_in.actions`:
``fei.encode_move``, ``fei.legal_action_mask``, ``fei.observation_tensor``...),
and positions: any state as checked JSON data or text, to start from anywhere
(:mod:`acreage.fence_em_in.position`: ``fei.to_position``, ``fei.from_position``,
``fei.position_text``, ``fei.parse_position``, ``fei.arrange``).
"""

from acreage.core.game import Game
from acreage.fence_em_in.actions import (
    FenceEncoding,
    action_space_size,
    encoding,
    observation_tensor,
)
from acreage.fence_em_in.build import build_position
from acreage.fence_em_in.engine import (
    apply_move,
    chance_outcomes,
    is_terminal,
    legal_moves,
    new_game,
)
from acreage.fence_em_in.evaluate import end_reason, evaluate
from acreage.fence_em_in.moves import (
    Adjust,
    Discard,
    Done,
    Draw,
    Move,
    MoveToken,
    Pass,
    Place,
    Put,
    Refresh,
    Reroll,
    RerollSix,
    Reveal,
    Roll,
    SetSix,
    Take,
)
from acreage.fence_em_in.notation import NOTATION, parse_move
from acreage.fence_em_in.position import (
    arrange,
    from_position,
    from_view,
    parse_position,
    position_text,
    to_position,
)
from acreage.fence_em_in.render import render_svg, render_text
from acreage.fence_em_in.rules import (
    ANIMALS,
    BUILDINGS,
    CROPS,
    KINDS,
    NO_HAY_BAG,
    Bag,
    Bonus,
    Category,
    EnclosureCard,
    FertilizerRules,
    Kind,
    Placement,
    PlacementTable,
    Rules,
    SupportCard,
)
from acreage.fence_em_in.scoring import ScoreSheet, score_sheets, scores, winners
from acreage.fence_em_in.state import (
    ChooseSix,
    Decision,
    Enclosure,
    Event,
    Farm,
    FarmToken,
    Fertilize,
    FillBoard,
    Phase,
    PlaceEnclosure,
    RefillBoard,
    RefreshBoard,
    RerollDie,
    RevealCard,
    RollDice,
    RollOrder,
    State,
    TakeToken,
)
from acreage.fence_em_in.view import View, observe

__all__ = [
    "ANIMALS",
    "BUILDINGS",
    "CROPS",
    "GAME",
    "KINDS",
    "NOTATION",
    "NO_HAY_BAG",
    "Adjust",
    "Bag",
    "Bonus",
    "Category",
    "ChooseSix",
    "Decision",
    "Discard",
    "Done",
    "Draw",
    "Enclosure",
    "EnclosureCard",
    "Event",
    "Farm",
    "FarmToken",
    "FenceEncoding",
    "Fertilize",
    "FertilizerRules",
    "FillBoard",
    "Kind",
    "Move",
    "MoveToken",
    "Pass",
    "Phase",
    "Place",
    "PlaceEnclosure",
    "Placement",
    "PlacementTable",
    "Put",
    "RefillBoard",
    "Refresh",
    "RefreshBoard",
    "Reroll",
    "RerollDie",
    "RerollSix",
    "Reveal",
    "RevealCard",
    "Roll",
    "RollDice",
    "RollOrder",
    "Rules",
    "ScoreSheet",
    "SetSix",
    "State",
    "SupportCard",
    "Take",
    "TakeToken",
    "View",
    "action_space_size",
    "apply_move",
    "arrange",
    "build_position",
    "chance_outcomes",
    "decode_move",
    "encode_move",
    "encoding",
    "end_reason",
    "evaluate",
    "from_position",
    "from_view",
    "is_terminal",
    "legal_action_mask",
    "legal_actions",
    "legal_moves",
    "new_game",
    "observation_tensor",
    "observe",
    "parse_move",
    "parse_position",
    "position_text",
    "render_svg",
    "render_text",
    "score_sheets",
    "scores",
    "to_position",
    "winners",
]


GAME: Game[State, Move, Rules] = Game(
    name="fence-em-in",
    title="Fence Em In",
    rules_type=Rules,
    new_game=new_game,
    legal_moves=legal_moves,
    chance_outcomes=chance_outcomes,
    apply_move=apply_move,
    is_terminal=is_terminal,
    scores=scores,
    winners=winners,
    observe=observe,
    parse_move=parse_move,
    render_text=render_text,
    render_svg=render_svg,
    encoding=encoding,
    evaluate=evaluate,
    end_reason=end_reason,
    to_position=to_position,
    from_position=from_position,
    position_text=position_text,
    parse_position=parse_position,
    arrange=arrange,
    build_position=build_position,
    from_view=from_view,
)
"""Fence Em In as one :class:`~acreage.Game` value, for generic tools
(agents, ``play``, ``check_game``, the adapters)."""

# The integer face of the game, bound to GAME so that there is one implementation
# (see acreage.fence_em_in.actions for the numbering and the observation layout).
encode_move = GAME.encode_move
"""``encode_move(state, move)``: the move's fixed number (a chance-outcome number at chance)."""
decode_move = GAME.decode_move
"""``decode_move(state, action)``: the legal move numbered ``action``, or IllegalMoveError."""
legal_actions = GAME.legal_actions
"""``legal_actions(state)``: the legal moves' numbers, ascending (chance outcomes at chance)."""
legal_action_mask = GAME.legal_action_mask
"""``legal_action_mask(state)``: one bool per action number, true for the legal ones."""
