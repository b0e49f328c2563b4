"""Crazy Farmers and the Clôtures Électriques: the competitive game for 2 to 4 players,
and the solo/co-op game against the Mad Cow for 1 to 4.

Tractors drive along the paths of a hexagonal board pulling electric fences;
a fence that comes back to its main field annexes the plots it closes off,
and touching an opponent's fence cuts it. Bonus cards are data (kinds and
counts) handled by :mod:`acreage.crazy_farmers.cards`. In the Mad Cow mode
(``Rules(mode="mad-cow")``) the players share their field against a Cow that
moves by the Mad Cow cards (:mod:`acreage.crazy_farmers.madcow`).

>>> from acreage import crazy_farmers as cf
>>> state = cf.new_game(cf.Rules(players=3))
>>> state.to_move
CHANCE
>>> solo = cf.new_game(cf.Rules(players=1, mode="mad-cow"))
>>> [str(m) for m in cf.legal_moves(solo)][:2]
['the Cow faces N', 'the Cow faces NE']

For learning agents and search frameworks the game is also numbers:
fixed integer actions, observation tensors and the game's facts
(``cf.encoding(rules)``, ``cf.encode_move``, ``cf.legal_action_mask``,
``cf.observation_tensor``...; :mod:`acreage.crazy_farmers.actions`).

See https://acreage.readthedocs.io/en/latest/games/crazy-farmers/ for the move texts, the options
and the numbers, and https://acreage.readthedocs.io/en/latest/rulings/crazy-farmers/ for the
readings of the rulebook made here.
"""

from __future__ import annotations

from acreage.core.game import Game
from acreage.crazy_farmers.actions import (
    FarmersEncoding,
    action_space_size,
    encoding,
    observation_tensor,
)
from acreage.crazy_farmers.annexing import enclosed
from acreage.crazy_farmers.board import crossroad, crossroad_name, path, path_name, plot, plot_name
from acreage.crazy_farmers.build import build_position
from acreage.crazy_farmers.cards import HANDLERS
from acreage.crazy_farmers.engine import (
    apply_move,
    chance_outcomes,
    legal_moves,
    new_game,
)
from acreage.crazy_farmers.evaluate import end_reason, evaluate
from acreage.crazy_farmers.handler import Handler, backlash_target
from acreage.crazy_farmers.moves import (
    THE_COW,
    Aim,
    ChoosePlot,
    CowCard,
    Discard,
    Draw,
    Drive,
    EndTurn,
    Face,
    Fly,
    Keep,
    Land,
    Move,
    PlaceBale,
    Play,
    StartAt,
    Surrender,
    TakeBale,
)
from acreage.crazy_farmers.notation import NOTATION, parse_move
from acreage.crazy_farmers.position import (
    arrange,
    from_position,
    from_view,
    parse_position,
    position_text,
    scenario,
    to_position,
)
from acreage.crazy_farmers.render import render_svg, render_text
from acreage.crazy_farmers.rules import ENDGAME, BonusCard, MadCowCard, Rules
from acreage.crazy_farmers.scoring import (
    SCORE_BOARD,
    fields,
    is_terminal,
    scoreboard,
    scores,
    tiles_left,
    winners,
)
from acreage.crazy_farmers.state import Cow, Farmer, Phase, State
from acreage.crazy_farmers.tasks import (
    AimBales,
    BacklashBales,
    CheckBonus,
    CowBonus,
    CowDraw,
    DealCard,
    DrawCards,
    FaceCow,
    FlyCow,
    KeepCard,
    LandHelicopter,
    LoseToCow,
    PlaceBales,
    StartTractor,
    Turn,
)
from acreage.crazy_farmers.view import FarmerView, View, hides_information, observe, resample

__all__ = [
    "ENDGAME",
    "GAME",
    "HANDLERS",
    "NOTATION",
    "SCORE_BOARD",
    "THE_COW",
    "Aim",
    "AimBales",
    "BacklashBales",
    "BonusCard",
    "CheckBonus",
    "ChoosePlot",
    "Cow",
    "CowBonus",
    "CowCard",
    "CowDraw",
    "DealCard",
    "Discard",
    "Draw",
    "DrawCards",
    "Drive",
    "EndTurn",
    "Face",
    "FaceCow",
    "Farmer",
    "FarmerView",
    "FarmersEncoding",
    "Fly",
    "FlyCow",
    "Handler",
    "Keep",
    "KeepCard",
    "Land",
    "LandHelicopter",
    "LoseToCow",
    "MadCowCard",
    "Move",
    "Phase",
    "PlaceBale",
    "PlaceBales",
    "Play",
    "Rules",
    "StartAt",
    "StartTractor",
    "State",
    "Surrender",
    "TakeBale",
    "Turn",
    "View",
    "action_space_size",
    "apply_move",
    "arrange",
    "backlash_target",
    "build_position",
    "chance_outcomes",
    "crossroad",
    "crossroad_name",
    "decode_move",
    "enclosed",
    "encode_move",
    "encoding",
    "end_reason",
    "evaluate",
    "fields",
    "from_position",
    "from_view",
    "hides_information",
    "is_terminal",
    "legal_action_mask",
    "legal_actions",
    "legal_moves",
    "new_game",
    "observation_tensor",
    "observe",
    "parse_move",
    "parse_position",
    "path",
    "path_name",
    "plot",
    "plot_name",
    "position_text",
    "render_svg",
    "render_text",
    "resample",
    "scenario",
    "scoreboard",
    "scores",
    "tiles_left",
    "to_position",
    "winners",
]

GAME: Game[State, Move, Rules] = Game(
    name="crazy-farmers",
    title="Crazy Farmers and the Clôtures Électriques",
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
    all_may_lose=True,
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
"""Crazy Farmers as one :class:`~acreage.Game` value, for generic tools
(agents, ``play``, ``check_game``, the adapters)."""

# The integer face of the game, bound to GAME so that there is one implementation
# (see acreage.crazy_farmers.actions for the numbering and the observation layout).
encode_move = GAME.encode_move
"""``encode_move(state, move)``: the move's fixed number (a chance-outcome number at chance)."""
decode_move = GAME.decode_move
"""``decode_move(state, action)``: the legal move numbered ``action``, or IllegalMoveError."""
legal_actions = GAME.legal_actions
"""``legal_actions(state)``: the legal moves' numbers, ascending (chance outcomes at chance)."""
legal_action_mask = GAME.legal_action_mask
"""``legal_action_mask(state)``: one bool per action number, true for the legal ones."""
