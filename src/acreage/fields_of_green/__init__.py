"""Fields of Green, the silo and water-tower card-drafting game, as pure functions.

Four years of drafting location cards and building a farm that grows card by
card from a water tower and a silo; water reaches only cards within a tower's
range, grain comes from any silo, and at each harvest the green sites are
supplied in the order their owner chooses, or shut down. See
https://acreage.readthedocs.io/en/latest/games/fields-of-green/ and the rulings,
https://acreage.readthedocs.io/en/latest/rulings/fields-of-green/.
For learning agents the game is also numbers (``encoding``, ``encode_move``,
``decode_move``, ``legal_actions``, ``legal_action_mask``,
``observation_tensor``): see :mod:`acreage.fields_of_green.actions`.
Any state can be written down and read back, checked, as JSON data or text
(:mod:`acreage.fields_of_green.position`: ``fog.to_position``,
``fog.from_position``, ``fog.position_text``, ``fog.parse_position``,
``fog.arrange``), to start a test, a lesson or a game anywhere.

>>> from acreage import fields_of_green as fog
>>> state = fog.new_game(fog.Rules(players=3, start_player=0))
>>> fog.legal_moves(state)[:2]
(DrawFrom(deck='fields'), DrawFrom(deck='livestock'))
"""

from __future__ import annotations

from acreage.core.game import Game
from acreage.fields_of_green.actions import (
    FieldsOfGreenEncoding,
    action_space_size,
    encoding,
    observation_tensor,
)
from acreage.fields_of_green.build import build_position
from acreage.fields_of_green.components import Card, Effect, Resources, Tool
from acreage.fields_of_green.engine import apply_move, chance_outcomes, legal_moves, new_game
from acreage.fields_of_green.evaluate import end_reason, evaluate
from acreage.fields_of_green.moves import (
    AttachTool,
    Build,
    BuildSilo,
    BuildTower,
    ChooseTool,
    Convert,
    Deal,
    DealTool,
    Done,
    DrawFrom,
    KeepTool,
    Market,
    Move,
    PayWater,
    Pick,
    Restore,
    ShutDown,
    StartPlayer,
    StoreWater,
    Supply,
)
from acreage.fields_of_green.notation import NOTATION, parse_move
from acreage.fields_of_green.position import (
    arrange,
    from_position,
    from_view,
    parse_position,
    position_text,
    to_position,
)
from acreage.fields_of_green.render import render_svg, render_text
from acreage.fields_of_green.rules import REFERENCE, Rules
from acreage.fields_of_green.scoring import ScoreSheet, farm_sheet, score_sheet, scores, winners
from acreage.fields_of_green.state import (
    PHASES,
    Act,
    Asked,
    AttachKept,
    ChooseDeck,
    ChooseSupply,
    ChooseTile,
    ConvertAt,
    DealCard,
    DealStart,
    DealTools,
    Farm,
    PayWaterDue,
    PickCard,
    PlaceTool,
    Question,
    State,
    StoreWaterTokens,
    question,
)
from acreage.fields_of_green.view import SeatView, SiteView, View, farm_sites, observe, resample

__all__ = [
    "GAME",
    "NOTATION",
    "PHASES",
    "REFERENCE",
    "Act",
    "Asked",
    "AttachKept",
    "AttachTool",
    "Build",
    "BuildSilo",
    "BuildTower",
    "Card",
    "ChooseDeck",
    "ChooseSupply",
    "ChooseTile",
    "ChooseTool",
    "Convert",
    "ConvertAt",
    "Deal",
    "DealCard",
    "DealStart",
    "DealTool",
    "DealTools",
    "Done",
    "DrawFrom",
    "Effect",
    "Farm",
    "FieldsOfGreenEncoding",
    "KeepTool",
    "Market",
    "Move",
    "PayWater",
    "PayWaterDue",
    "Pick",
    "PickCard",
    "PlaceTool",
    "Question",
    "Resources",
    "Restore",
    "Rules",
    "ScoreSheet",
    "SeatView",
    "ShutDown",
    "SiteView",
    "StartPlayer",
    "State",
    "StoreWater",
    "StoreWaterTokens",
    "Supply",
    "Tool",
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
    "farm_sheet",
    "farm_sites",
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
    "question",
    "render_svg",
    "render_text",
    "resample",
    "score_sheet",
    "scores",
    "to_position",
    "winners",
]


def is_terminal(state: State) -> bool:
    """Whether the game is over (after the harvest of the last year)."""
    return state.to_move is None


GAME: Game[State, Move, Rules] = Game(
    name="fields-of-green",
    title="Fields of Green",
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
    resample=resample,
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
"""Fields of Green as one :class:`~acreage.Game` value, for generic tools
(agents, ``play``, ``check_game``, the adapters)."""

# The integer face of the game, bound to GAME so that there is one implementation
# (see acreage.fields_of_green.actions for the numbering and the observation layout).
encode_move = GAME.encode_move
"""``encode_move(state, move)``: the move's fixed number (a chance-outcome number at chance)."""
decode_move = GAME.decode_move
"""``decode_move(state, action)``: the legal move numbered ``action``, or IllegalMoveError."""
legal_actions = GAME.legal_actions
"""``legal_actions(state)``: the legal moves' numbers, ascending (chance outcomes at chance)."""
legal_action_mask = GAME.legal_action_mask
"""``legal_action_mask(state)``: one bool per action number, true for the legal ones."""
