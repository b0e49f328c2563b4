"""Short text forms of states and moves, for the REPL, notebooks and logs.

A game's ``Rules`` run to kilobytes, so a state's attrs ``repr`` (which
prints them, and every field after them) is no use at a prompt. Every game
writes its states and moves through this module instead:

- ``repr(state)`` says which game, where in it, who decides what, the scores
  so far and a short digest that tells two states apart
  (:func:`state_repr`)::

      <fence-em-in State: round 5 of 10, player 0: take an asset token; scores 6 10; digest 8d880353>

- ``repr(view)``, what one seat sees, says the same without the scores
  (a view may hide what they are made of) (:func:`view_repr`)::

      <fence-em-in View of player 1: round 5 of 10, player 0 to move; digest 0c5e18aa>

- ``repr(move)`` shows the move's text, the same text ``str(move)`` gives and
  ``parse_move`` reads (:class:`TextMove`)::

      <Place 'place 3,5 4x2'>
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from acreage.core.digest import digest
from acreage.core.game import CHANCE

if TYPE_CHECKING:
    from acreage.core.game import Game

__all__ = ["DIGEST_CHARS", "TextMove", "state_repr", "view_repr"]

DIGEST_CHARS: Final = 8
"""Hex digits of :func:`~acreage.core.digest.digest` a state's repr shows."""


class TextMove:
    """The base of every game's move classes: ``repr(move)`` shows the move's text.

    ``str(move)`` is the text (each move class defines ``__str__``);
    ``repr(move)`` wraps it with the class name, ``<Place 'place 3,5 4x2'>``,
    so a tuple of legal moves reads in a notebook as the moves a player would
    type. The angle brackets say it is no constructor call: a move is made
    from its text with the game's ``parse_move``.

    A move built by hand with fields of the wrong types may have no text
    (``Roll(None)``: its ``__str__`` fails); its repr then shows the fields,
    ``<Roll with no text: values=None>``, so that error messages, test ids and
    debuggers can still print it.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        try:
            text = str(self)
        except Exception:  # whatever a hand-built move's odd fields make str() raise
            fields = getattr(type(self), "__attrs_attrs__", ())
            shown = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in fields)
            return f"<{type(self).__name__} with no text: {shown}>"
        return f"<{type(self).__name__} {text!r}>"


def state_repr(game: Game[Any, Any, Any], state: Any, where: str, what: str) -> str:
    """A state's one-line ``repr``: the game, ``where`` in it, who decides ``what``, the
    scores (and at the end the winners), and the first :data:`DIGEST_CHARS` hex digits of
    the state's :func:`~acreage.core.digest.digest`.

    ``where`` is the game's own clock (``"round 5 of 10"``, ``"May"``); ``what``
    says what is being decided, in the game's words (``"place an enclosure"``),
    and is left out once the game is over, where the winners follow the scores::

        <fence-em-in State: round 10 of 10, game over; scores 41 37; winners 0; digest 5be0c2d1>
    """
    who = game.to_move(state)
    if who is None:
        winners = game.winners(state)
        doing = "game over"
        result = f"; winners {' '.join(map(str, winners))}" if winners else "; no winner"
    else:
        doing = f"{'chance' if who is CHANCE else f'player {who}'}: {what}"
        result = ""
    scores = " ".join(map(str, game.scores(state)))
    return (
        f"<{game.name} State: {where}, {doing}; scores {scores}{result};"
        f" digest {digest(state)[:DIGEST_CHARS]}>"
    )


def view_repr(name: str, view: Any, where: str) -> str:
    """A view's one-line ``repr``: the game's ``name``, the seat it is for, ``where``
    in the game, who is to move, and the first :data:`DIGEST_CHARS` hex digits of the
    view's :func:`~acreage.core.digest.digest` (two views differ in it when they differ).

    ``view`` has the ``player`` it is for and the ``to_move`` of its state, as
    every game's view does::

        <get-off-my-land View of player 1: February, player 0 to move; digest 5be0c2d1>
    """
    who = view.to_move
    if who is None:
        doing = "game over"
    else:
        doing = f"{'chance' if who is CHANCE else f'player {who}'} to move"
    return (
        f"<{name} View of player {view.player}: {where}, {doing};"
        f" digest {digest(view)[:DIGEST_CHARS]}>"
    )
