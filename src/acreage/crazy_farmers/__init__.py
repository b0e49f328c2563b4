"""Crazy Farmers and the Clôtures Électriques: the competitive game for 2 to 4 players.

Tractors drive along the paths of a hexagonal board pulling electric fences;
a fence that comes back to its main field annexes the plots it closes off,
and touching an opponent's fence cuts it. Bonus cards are data (kinds and
counts) handled by :mod:`acreage.crazy_farmers.cards`.

>>> from acreage import crazy_farmers as cf
>>> state = cf.new_game(cf.Rules(players=3))
>>> state.to_move
CHANCE

See ``docs/games/crazy-farmers.md`` for the move texts and the options, and
``docs/rulings/crazy-farmers.md`` for the readings of the rulebook made here.
"""

from __future__ import annotations

from acreage.core.game import Game
from acreage.crazy_farmers.arrange import arrange
from acreage.crazy_farmers.board import crossroad, crossroad_name, path, path_name, plot, plot_name
from acreage.crazy_farmers.cards import HANDLERS, Handler, register
from acreage.crazy_farmers.engine import (
    apply_move,
    chance_outcomes,
    enclosed,
    legal_moves,
    new_game,
    parse_move,
)
from acreage.crazy_farmers.moves import (
    ChoosePlot,
    Discard,
    Draw,
    Drive,
    EndTurn,
    Keep,
    Land,
    Move,
    PlaceBale,
    Play,
    StartAt,
    TakeBale,
)
from acreage.crazy_farmers.render import render_svg, render_text
from acreage.crazy_farmers.rules import ENDGAME, BonusCard, Rules
from acreage.crazy_farmers.scoring import fields, is_terminal, scores, tiles_left, winners
from acreage.crazy_farmers.state import Farmer, Phase, State
from acreage.crazy_farmers.view import FarmerView, View, observe, resample

__all__ = [
    "ENDGAME",
    "GAME",
    "HANDLERS",
    "BonusCard",
    "ChoosePlot",
    "Discard",
    "Draw",
    "Drive",
    "EndTurn",
    "Farmer",
    "FarmerView",
    "Handler",
    "Keep",
    "Land",
    "Move",
    "Phase",
    "PlaceBale",
    "Play",
    "Rules",
    "StartAt",
    "State",
    "TakeBale",
    "View",
    "apply_move",
    "arrange",
    "chance_outcomes",
    "crossroad",
    "crossroad_name",
    "enclosed",
    "fields",
    "is_terminal",
    "legal_moves",
    "new_game",
    "observe",
    "parse_move",
    "path",
    "path_name",
    "plot",
    "plot_name",
    "register",
    "render_svg",
    "render_text",
    "resample",
    "scores",
    "tiles_left",
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
)
