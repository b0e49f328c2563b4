"""The moves of Get Off My Land!: one decision each, with a text in the game's words.

Every move is a small frozen value; ``str(move)`` is its text and
``parse_move(state, str(move)) == move``. Each class says its text once, as
templates over its fields (its ``TEXT``; see :mod:`acreage.core.notation`),
and :data:`~acreage.get_off_my_land.notation.NOTATION` both writes and reads
it. Tiles are named like a chess board (``a1`` is the top-left tile, letters
run left to right, numbers top to bottom) and a tile's side by its compass
point (``b2 N``); cards and tiles by the labels of these Rules. The move
objects a game uses are built once per :class:`~acreage.get_off_my_land.Rules`
and shared, each holding the text the notation writes for those Rules, so
listing legal moves allocates little and ``str(move)`` only reads a field.

Player decisions: :class:`Keep`, :class:`EndTurn`, :class:`Log`,
:class:`PlayCard`, :class:`Buy`, :class:`Lumber`, :class:`Harvest`,
:class:`Fence`, :class:`Lift`, :class:`Done`, :class:`Defend`,
:class:`Yield`, :class:`Discard`, :class:`SendHome`, :class:`PlaceFarmer`,
:class:`Raid`, :class:`SlashOption`, :class:`Flip`, :class:`Break`,
:class:`RemoveCard`, :class:`Mature`, :class:`Scrap`. Chance outcomes:
:class:`DealFarmhouse`, :class:`Draw`, :class:`Reveal`, :class:`Uncover`.
"""

from __future__ import annotations

import attrs

from acreage.core.notation import Described

__all__ = [
    "Break",
    "Buy",
    "DealFarmhouse",
    "Defend",
    "Discard",
    "Done",
    "Draw",
    "EndTurn",
    "Fence",
    "Flip",
    "Harvest",
    "Keep",
    "Lift",
    "Log",
    "Lumber",
    "Mature",
    "Move",
    "PlaceFarmer",
    "PlayCard",
    "Raid",
    "RemoveCard",
    "Reveal",
    "Scrap",
    "SendHome",
    "SlashOption",
    "Uncover",
    "Yield",
]


class _Text(Described):
    """A move's text is its ``str``, written once per Rules by the notation from the class's
    ``TEXT``; two moves are equal when their fields are."""

    __slots__ = ()
    text: str

    def __str__(self) -> str:
        return self.text


def _text() -> str:
    return attrs.field(eq=False, repr=False)  # type: ignore[no-any-return]


@attrs.frozen(repr=False, cache_hash=True)
class Keep(_Text):
    """Keep one of the farmhouse tiles you were dealt: ``keep Hoarder``."""

    TEXT = ("keep {farmhouse:farmhouse}",)

    farmhouse: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class EndTurn(_Text):
    """End your turn without using your remaining actions: ``end turn``."""

    TEXT = ("end turn",)

    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Log(_Text):
    """The logging action on a forest tile: ``log b2``."""

    TEXT = ("log {cell:cell}",)

    cell: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class PlayCard(_Text):
    """Play a fence card for its fences or for its action.

    ``play Fertilizer! (2 fences, 0 holes) for fences`` /
    ``play Fertilizer! (2 fences, 0 holes) for its action``.
    """

    TEXT = (
        ("play {card:fence} for fences", {"for_fences": True}),
        ("play {card:fence} for its action", {"for_fences": False}),
    )

    card: int
    for_fences: bool
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Buy(_Text):
    """Buy the card in a market slot and place it: ``buy Cows (B) from the $4 slot onto b2``."""

    TEXT = ("buy {card:market} from the ${slot:slot} slot onto {cell:cell}",)

    slot: int
    card: int
    cell: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Lumber(_Text):
    """Go to market for lumber: ``buy lumber``."""

    TEXT = ("buy lumber",)

    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Harvest(_Text):
    """Harvest a mature card or an active equipment card you control: ``harvest b2``."""

    TEXT = ("harvest {cell:cell}",)

    cell: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Fence(_Text):
    """Place a fence piece on an edge.

    ``inside`` is -1 for an empty edge (the fence serves both tiles:
    ``fence b2 N``); otherwise the tile the new fence faces, on the inside of
    an opponent's fence already there (``fence b2 N inside``).
    """

    TEXT = (("fence {edge:edge}", {"inside": -1}), "fence {side:side} inside")

    edge: int
    inside: int
    text: str = _text()

    @property
    def side(self) -> tuple[int, int]:
        """``(inside, edge)``: the tile side the fence faces, as the inside form names it
        (``b2 N``)."""
        return (self.inside, self.edge)


@attrs.frozen(repr=False, cache_hash=True)
class Lift(_Text):
    """Pick up one of your fences to move it (its new place is the next move).

    ``move the fence at b2 N``.
    """

    TEXT = ("move the fence at {edge:edge}",)

    edge: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Done(_Text):
    """Stop: no more fences, options or choices for this card: ``done``."""

    TEXT = ("done",)

    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Defend(_Text):
    """Discard fence cards with enough bullet holes to cancel an attack.

    ``defend with Steroids! (1 fence, 2 holes) + Fertilizer! (1 fence, 1 hole)``;
    ``cards`` are fence card kinds, sorted.
    """

    TEXT = ("defend with {cards:cards}",)

    cards: tuple[int, ...]
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Yield(_Text):
    """Let an attack happen: ``no defence``."""

    TEXT = ("no defence",)

    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Discard(_Text):
    """Discard a fence card down to the hand limit: ``discard Steroids! (2 fences, 0 holes)``."""

    TEXT = ("discard {card:fence}",)

    card: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class SendHome(_Text):
    """Remove a player's farmer from its tile: ``send player 2's farmer home``."""

    TEXT = ("send player {player:seat}'s farmer home",)

    player: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class PlaceFarmer(_Text):
    """Put your farmer on a tile you control (Get Off My Land!): ``farmer to b2``."""

    TEXT = ("farmer to {cell:cell}",)

    cell: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Raid(_Text):
    """Put your farmer on an opponent's market card (Midnight Raid!): ``raid b2``."""

    TEXT = ("raid {cell:cell}",)

    cell: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class SlashOption(_Text):
    """Slash and Burn!'s choice: ``log and draw`` or ``break and fence``."""

    TEXT = (("log and draw", {"log": True}), ("break and fence", {"log": False}))

    log: bool
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Flip(_Text):
    """Flip a forest tile to its logged side without its rewards: ``flip b2``."""

    TEXT = ("flip {cell:cell}",)

    cell: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Break(_Text):
    """Break an opponent's fence piece: ``break player 1's fence at b2 N``."""

    TEXT = ("break player {owner:seat}'s fence at {edge:edge}",)

    edge: int
    owner: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class RemoveCard(_Text):
    """Remove a card from the market track: ``remove Cows (B) from the $4 slot``."""

    TEXT = ("remove {card:market} from the ${slot:slot} slot",)

    slot: int
    card: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Mature(_Text):
    """Flip a crop or livestock card you control to its mature side: ``mature b2``."""

    TEXT = ("mature {cell:cell}",)

    cell: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Scrap(_Text):
    """Discard a card harvested with Combine Harvester!: ``discard the card on b2``."""

    TEXT = ("discard the card on {cell:cell}",)

    cell: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class DealFarmhouse(_Text):
    """Chance: the farmhouse tile dealt next: ``deal Hoarder``."""

    TEXT = ("deal {farmhouse:farmhouse}",)

    farmhouse: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Draw(_Text):
    """Chance: the fence card drawn: ``draw Steroids! (2 fences, 0 holes)``."""

    TEXT = ("draw {card:fence}",)

    card: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Reveal(_Text):
    """Chance: the market card that comes up in the last slot: ``reveal Cows (B)``."""

    TEXT = ("reveal {card:market}",)

    card: int
    text: str = _text()


@attrs.frozen(repr=False, cache_hash=True)
class Uncover(_Text):
    """Chance: the logged side of the forest tile being logged: ``logged side: oil strike``."""

    TEXT = ("logged side: {tile:forest}",)

    tile: int
    text: str = _text()


Move = (
    Keep
    | EndTurn
    | Log
    | PlayCard
    | Buy
    | Lumber
    | Harvest
    | Fence
    | Lift
    | Done
    | Defend
    | Yield
    | Discard
    | SendHome
    | PlaceFarmer
    | Raid
    | SlashOption
    | Flip
    | Break
    | RemoveCard
    | Mature
    | Scrap
    | DealFarmhouse
    | Draw
    | Reveal
    | Uncover
)
"""Any move of Get Off My Land!, chance outcomes included; ``str(move)`` is its text."""
