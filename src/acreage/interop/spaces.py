"""What the PettingZoo and Gymnasium adapters share: spaces, observations, action numbers.

Needs numpy and Gymnasium (``pip install acreage[rl]``).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable
from typing import Any, Final

from acreage.core.encoding import Encoding
from acreage.core.game import IllegalMoveError, shorten
from acreage.interop import missing

try:
    import gymnasium
    import numpy as np
except ImportError as e:
    raise ImportError(missing(__name__, e.name, "rl")) from None

__all__ = [
    "RENDER_MODES",
    "Observer",
    "action_number",
    "check_render_mode",
    "converter",
    "observation",
    "observation_space",
    "to_array",
]

RENDER_MODES: Final = ("ansi", "svg")
"""The render modes every environment offers: the board as text, or as an SVG document.

There is no ``"rgb_array"``: rasterising the SVG would need a heavy
dependency (cairo) that the extra does not pull in."""


def check_render_mode(render_mode: object) -> str | None:
    """``render_mode`` if it is ``None`` or one of :data:`RENDER_MODES`; ValueError otherwise."""
    if render_mode is None:
        return None
    if isinstance(render_mode, str) and render_mode in RENDER_MODES:
        return render_mode
    raise ValueError(f"render_mode is one of {RENDER_MODES} or None, not {render_mode!r:.40}")


def observation_space(encoding: Encoding, dtype: Any) -> gymnasium.spaces.Dict:
    """``{"observation": Box, "action_mask": Box}`` for one seat of ``encoding``'s game.

    The observation Box has the encoding's shape and is bounded by
    ``dtype``'s range only: the planes declare no bounds per field. An
    observation value that does not fit ``dtype`` (an int8 too small for a
    score) raises OverflowError rather than wrapping round.
    """
    dt = np.dtype(dtype)
    if dt.kind not in "iuf":
        raise ValueError(f"dtype is a numeric numpy dtype, not {dt}")
    info = np.finfo(dt) if dt.kind == "f" else np.iinfo(dt)
    n = encoding.actions.size
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(
                low=info.min, high=info.max, shape=encoding.planes.shape, dtype=dt
            ),
            "action_mask": gymnasium.spaces.Box(0, 1, shape=(n,), dtype=np.int8),
        }
    )


def observation(
    encoding: Encoding, view: Any, legal: Iterable[int], dtype: np.dtype[Any]
) -> dict[str, Any]:
    """The observation of ``view`` (what ``observe`` returned) with the mask of the ``legal`` actions.

    An environment makes one :class:`Observer` and calls it at every step instead.
    """
    return Observer(encoding, dtype)(encoding.observation_bytes(view), legal)


class Observer:
    """Makes the ``{"observation", "action_mask"}`` dicts of one encoding and dtype.

    An environment makes one and calls it at every step: what depends only on
    the encoding and the dtype (the action count, how to turn packed int16s
    into the dtype) is settled once, not per observation. It converts from an
    int16 array of its own that each observation is copied into (a memcpy):
    cheaper than wrapping every packed observation in a new array, and the
    reason one Observer serves one thread at a time, as an environment does.
    """

    __slots__ = ("_actions", "_checked", "_dtype", "_fill", "_scratch")

    def __init__(self, encoding: Encoding, dtype: Any) -> None:
        self._setup(encoding.actions.size, encoding.planes.size, np.dtype(dtype))

    def _setup(self, actions: int, size: int, dtype: np.dtype[Any]) -> None:
        self._actions = actions
        self._dtype = dtype
        # A narrower dtype than int16 (int8, uint8) is range-checked before converting.
        self._checked = not (dtype.kind == "f" or np.can_cast(_INT16, dtype))
        self._scratch: np.ndarray[Any, np.dtype[Any]] = np.zeros(size, _INT16)
        self._fill = self._scratch.data.cast("B")

    def __getstate__(self) -> tuple[int, int, np.dtype[Any]]:
        # The scratch array's memoryview cannot be pickled or copied: make them anew.
        return self._actions, self._scratch.size, self._dtype

    def __setstate__(self, state: tuple[int, int, np.dtype[Any]]) -> None:
        self._setup(*state)

    def __call__(self, packed: bytes, legal: Iterable[int]) -> dict[str, Any]:
        """The observation packed as ``packed`` (``Encoding.observation_bytes`` of a view)
        and the mask of the ``legal`` action numbers."""
        # Set in a bytearray (a byte store each) and handed to numpy without a copy.
        mask = bytearray(self._actions)
        for action in legal:
            mask[action] = 1
        self._fill[:] = packed
        if self._checked:
            _check_fits(self._scratch, self._dtype)
        # astype copies: the array is the caller's own, whatever the dtype (int16 too).
        return {
            "observation": self._scratch.astype(self._dtype),
            "action_mask": np.frombuffer(mask, _INT8),
        }


_INT16: Final = np.dtype(np.int16)
_INT8: Final = np.dtype(np.int8)


def converter(dtype: np.dtype[Any]) -> Callable[[bytes], np.ndarray[Any, np.dtype[Any]]]:
    """:func:`to_array` for one ``dtype``, with what depends on the dtype alone decided once."""
    if dtype == _INT16:
        return _copy_int16
    if dtype.kind == "f" or np.can_cast(_INT16, dtype):
        return functools.partial(_cast, dtype)
    return functools.partial(_checked, dtype)


def to_array(packed: bytes, dtype: np.dtype[Any]) -> np.ndarray[Any, np.dtype[Any]]:
    """An observation packed as int16 bytes (``Encoding.observation_bytes``) as an array of
    ``dtype``; OverflowError for a value ``dtype`` cannot hold.

    Reading the packed bytes is one ``frombuffer``; converting a list of a
    thousand Python ints would cost more than a decision. A narrower dtype
    than int16 (int8, uint8) is range-checked first, so a value never wraps
    round.
    """
    return converter(dtype)(packed)


def _copy_int16(packed: bytes) -> np.ndarray[Any, np.dtype[Any]]:
    # A writable array of its own, like every other dtype gives.
    return np.frombuffer(packed, _INT16).copy()


def _cast(dtype: np.dtype[Any], packed: bytes) -> np.ndarray[Any, np.dtype[Any]]:
    # Every int16 fits ``dtype`` (a float, or an integer as wide or wider).
    return np.frombuffer(packed, _INT16).astype(dtype)


def _checked(dtype: np.dtype[Any], packed: bytes) -> np.ndarray[Any, np.dtype[Any]]:
    values = np.frombuffer(packed, _INT16)
    _check_fits(values, dtype)
    return values.astype(dtype)


def _check_fits(values: np.ndarray[Any, np.dtype[Any]], dtype: np.dtype[Any]) -> None:
    """OverflowError if one of the int16 ``values`` does not fit the integer ``dtype``."""
    if values.size:
        info = np.iinfo(dtype)
        if values.min() < info.min or values.max() > info.max:
            raise OverflowError(f"an observation value does not fit {dtype}")


def action_number(action: Any) -> int:
    """``action`` as a Python int (numpy integers welcome); IllegalMoveError if it is no integer."""
    if type(action) is int:  # the common case, first
        return action
    if isinstance(action, bool | np.bool_):
        raise IllegalMoveError(f"an action is an integer, not {action!r}")
    try:
        return operator.index(action)
    except TypeError:
        raise IllegalMoveError(f"an action is an integer, not {shorten(action)}") from None
