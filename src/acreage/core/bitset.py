"""Sets of small non-negative integers held as Python ints.

Bit ``i`` of the int is set when ``i`` is in the set. Cell and edge sets are
held this way where speed counts: union, intersection and difference are one
machine operation for the board sizes these games use, and an int is hashable
and immutable, so states can hold it directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = ["BitMap", "XorMap", "bits", "count", "mask"]


def bits(m: int) -> Iterator[int]:
    """The members of bitset ``m`` in increasing order."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def mask(members: Iterable[int]) -> int:
    """The bitset holding ``members``."""
    m = 0
    for i in members:
        m |= 1 << i
    return m


def count(m: int) -> int:
    """The number of members of bitset ``m``."""
    return m.bit_count()


class BitMap:
    """A partial one-to-one map between bit positions, applied to whole bitsets.

    The map is compiled to a few ``(shift, source mask)`` segments, one per
    distinct distance between source and target, so mapping a set costs one
    shift per segment instead of one step per member. Positions outside the
    map's domain are dropped.
    """

    __slots__ = ("_identity_mask", "segments")

    segments: tuple[tuple[int, int], ...]

    def __init__(self, pairs: Iterable[tuple[int, int]]) -> None:
        by_shift: dict[int, int] = {}
        for src, dst in pairs:
            by_shift[dst - src] = by_shift.get(dst - src, 0) | (1 << src)
        self.segments = tuple(sorted(by_shift.items()))
        only = self.segments[0] if len(self.segments) == 1 else None
        self._identity_mask = only[1] if only is not None and only[0] == 0 else -1

    def __call__(self, m: int) -> int:
        if self._identity_mask >= 0:
            return m & self._identity_mask
        out = 0
        for shift, src in self.segments:
            if shift >= 0:
                out |= (m & src) << shift
            else:
                out |= (m & src) >> -shift
        return out

    def __repr__(self) -> str:
        return f"BitMap({len(self.segments)} segments)"


class XorMap:
    """A map from bitsets to bitsets that XORs together one image per member.

    ``XorMap(images)(m)`` is the XOR of ``images[i]`` over the members ``i`` of
    ``m`` (members past the end of ``images`` are ignored). Tables of every
    byte's combined image make it one lookup per 8 bits of ``m``, whatever the
    number of members. Build it for small domains only: it keeps 256 ints per
    8 positions.

    The boundary of a cell set is one such map: XOR the sides of every cell
    and the sides two member cells share cancel out.

    >>> XorMap([0b011, 0b110])(0b11)
    5
    """

    __slots__ = ("tables",)

    tables: tuple[tuple[int, ...], ...]

    def __init__(self, images: Iterable[int]) -> None:
        listed = list(images)
        tables = []
        for base in range(0, len(listed), 8):
            chunk = listed[base : base + 8]
            table = [0] * (1 << len(chunk))
            for v in range(1, len(table)):
                low = v & -v
                table[v] = table[v ^ low] ^ chunk[low.bit_length() - 1]
            tables.append(
                tuple(table + [table[v & (len(table) - 1)] for v in range(len(table), 256)])
            )
        self.tables = tuple(tables)

    def __call__(self, m: int) -> int:
        out = 0
        for table in self.tables:
            if not m:
                break
            out ^= table[m & 255]
            m >>= 8
        return out

    def __repr__(self) -> str:
        return f"XorMap({len(self.tables)} tables)"
