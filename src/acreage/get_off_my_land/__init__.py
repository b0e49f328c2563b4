"""Get Off My Land!: the complete game, for 2 to 4 players.

>>> from acreage import get_off_my_land as goml
>>> state = goml.new_game(goml.Rules(players=3))
>>> state.to_move
CHANCE

The rules (``Rules``), the state (``State``, whose ``decision`` says what is
being decided), the moves (one decision each, with texts such as ``log b2``,
``play Fertilizer! (2 fences, 0 holes) for fences``, ``fence b2 N``) and the
contract functions; fixed integer actions and observation tensors
(``encoding(rules)``, ``encode_move``, ``legal_action_mask``,
``observation_tensor``...); positions (:mod:`acreage.get_off_my_land.position`:
``goml.to_position``, ``goml.from_position``, ``goml.position_text``,
``goml.parse_position``, ``goml.arrange``, ``goml.build_position``).
See https://acreage.readthedocs.io/en/latest/games/get-off-my-land/.
"""

from __future__ import annotations

from acreage.core.game import Game
from acreage.get_off_my_land.actions import (
    GetOffMyLandEncoding,
    action_space_size,
    encoding,
    observation_tensor,
)
from acreage.get_off_my_land.build import build_position
from acreage.get_off_my_land.engine import (
    apply_move,
    chance_outcomes,
    legal_moves,
    new_game,
)
from acreage.get_off_my_land.evaluate import end_reason, evaluate
from acreage.get_off_my_land.moves import (
    Break,
    Buy,
    DealFarmhouse,
    Defend,
    Discard,
    Done,
    Draw,
    EndTurn,
    Fence,
    Flip,
    Harvest,
    Keep,
    Lift,
    Log,
    Lumber,
    Mature,
    Move,
    PlaceFarmer,
    PlayCard,
    Raid,
    RemoveCard,
    Reveal,
    Scrap,
    SendHome,
    SlashOption,
    Uncover,
    Yield,
)
from acreage.get_off_my_land.notation import NOTATION, parse_move
from acreage.get_off_my_land.position import (
    arrange,
    from_position,
    from_view,
    parse_position,
    position_text,
    to_position,
)
from acreage.get_off_my_land.queries import (
    controller,
    fence_layout,
    fully_fenced,
    monthly_income,
    sides_around,
    tile_id,
    tile_name,
)
from acreage.get_off_my_land.render import render_svg, render_text
from acreage.get_off_my_land.rules import (
    Board,
    FarmhouseTile,
    FenceCard,
    ForestTile,
    GrassTile,
    MarketCard,
    Month,
    Rules,
)
from acreage.get_off_my_land.scoring import EndBonus, end_bonuses, is_terminal, scores, winners
from acreage.get_off_my_land.state import Batch, State, Task
from acreage.get_off_my_land.view import View, observe, resample

__all__ = [
    "GAME",
    "NOTATION",
    "Batch",
    "Board",
    "Break",
    "Buy",
    "DealFarmhouse",
    "Defend",
    "Discard",
    "Done",
    "Draw",
    "EndBonus",
    "EndTurn",
    "FarmhouseTile",
    "Fence",
    "FenceCard",
    "Flip",
    "ForestTile",
    "GetOffMyLandEncoding",
    "GrassTile",
    "Harvest",
    "Keep",
    "Lift",
    "Log",
    "Lumber",
    "MarketCard",
    "Mature",
    "Month",
    "Move",
    "PlaceFarmer",
    "PlayCard",
    "Raid",
    "RemoveCard",
    "Reveal",
    "Rules",
    "Scrap",
    "SendHome",
    "SlashOption",
    "State",
    "Task",
    "Uncover",
    "View",
    "Yield",
    "action_space_size",
    "apply_move",
    "arrange",
    "build_position",
    "chance_outcomes",
    "controller",
    "decode_move",
    "encode_move",
    "encoding",
    "end_bonuses",
    "end_reason",
    "evaluate",
    "fence_layout",
    "from_position",
    "from_view",
    "fully_fenced",
    "is_terminal",
    "legal_action_mask",
    "legal_actions",
    "legal_moves",
    "monthly_income",
    "new_game",
    "observation_tensor",
    "observe",
    "parse_move",
    "parse_position",
    "position_text",
    "render_svg",
    "render_text",
    "resample",
    "scores",
    "sides_around",
    "tile_id",
    "tile_name",
    "to_position",
    "winners",
]

GAME: Game[State, Move, Rules] = Game(
    name="get-off-my-land",
    title="Get Off My Land!",
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
"""Get Off My Land! as one :class:`~acreage.Game` value, for generic tools
(agents, ``play``, ``check_game``, the adapters)."""

# The integer face of the game, bound to GAME so that there is one implementation
# (see acreage.get_off_my_land.actions for the numbering and the observation layout).
encode_move = GAME.encode_move
"""``encode_move(state, move)``: the move's fixed number (a chance-outcome number at chance)."""
decode_move = GAME.decode_move
"""``decode_move(state, action)``: the legal move numbered ``action``, or IllegalMoveError."""
legal_actions = GAME.legal_actions
"""``legal_actions(state)``: the legal moves' numbers, ascending (chance outcomes at chance)."""
legal_action_mask = GAME.legal_action_mask
"""``legal_action_mask(state)``: one bool per action number, true for the legal ones."""
