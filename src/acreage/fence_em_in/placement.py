"""Where an enclosure may go: bit-parallel over the whole board.

"Place your enclosure as a rectangle of Width x Height cells on the
enclosure board. It must lie fully on the board, must not overlap any other
enclosure, and must share at least one cell edge (not only a corner) with one
of your own existing enclosures. On your very first turn it must instead
cover your starting cell."

Cells are bits ``y * size + x``. The top-left cells whose ``w`` x ``h``
rectangle contains a cell of a set ``m`` are ``m`` smeared ``w - 1`` cells
left, then ``h - 1`` rows up (rectangles that stay on the board never wrap a
row, so the smear needs no masks). A placement is legal where the rectangle
is on the board (``valid``), meets no blocked cell, and meets the cells next
to the player's land (or covers the starting cell). The blocked cells and the
cells next to the land ride in one int, far enough apart that a smear of at
most 4 cells and 4 rows never mixes them.
"""

from __future__ import annotations

from acreage.core.game import check_seat
from acreage.fence_em_in.moves import Place
from acreage.fence_em_in.tables import Tables

__all__ = ["beside", "legal_places", "place_ok"]


def beside(tables: Tables, land: int) -> int:
    """The cells sharing an edge with a cell of ``land`` (``land`` itself included)."""
    size = tables.size
    return (
        land
        | ((land << 1) & tables.not_first_col)
        | ((land >> 1) & tables.not_last_col)
        | ((land << size) & tables.full)
        | (land >> size)
    )


def legal_places(
    tables: Tables,
    seat: int,
    land: int,
    occupied: int,
    dice: tuple[int, ...],
    columns: tuple[tuple[str, ...], ...],
) -> list[Place]:
    """Every legal ``place`` move for ``seat``, by (width, height) then top-left cell.

    Only dice assignments whose third die names a column holding a token count:
    the player must be able to take a token after building.
    :class:`~acreage.SeatError` if ``seat`` is not at the table.
    """
    players = len(tables.start_bits)
    if type(seat) is not int or not 0 <= seat < players:  # a negative seat would index another's
        check_seat(seat, players)
    size = tables.size
    valid, cover, place_moves = tables.valid, tables.cover[seat], tables.place_moves
    # The blocked cells in the low bits and the cells beside the player's land
    # above them, ``near_offset`` bits up: one smear serves both.
    shift = tables.near_offset
    both = occupied | tables.reserved[seat]
    if land:
        both |= beside(tables, land) << shift
    out: list[Place] = []
    append = out.append
    for w, readings in tables.assignments[dice]:
        # Smear across once per width; the heights come in increasing order, so
        # each smear down extends the previous one.
        depth = across = down = 0
        for h, third in readings:
            if not columns[third - 1]:
                continue
            if not depth:
                across = both
                for dx in range(1, w):
                    across |= both >> dx
                down, depth = across, 1
            while depth < h:
                down |= across >> (depth * size)
                depth += 1
            m = (valid[w][h] & (down >> shift) if land else cover[w][h]) & ~down
            if not m:
                continue
            # A byte at a time through a table of set bits, over the bytes from
            # the lowest set bit to the highest only: the legal cells lie along
            # one farm's border, a few rows of a board-sized int.
            moves = place_moves[w][h]
            base = ((m & -m).bit_length() - 1) & ~7
            m >>= base
            for byte in m.to_bytes((m.bit_length() + 7) >> 3, "little"):
                if byte:
                    for i in _BYTE_BITS[byte]:
                        append(moves[base + i])  # type: ignore[arg-type]
                base += 8
    return out


_BYTE_BITS = tuple(tuple(i for i in range(8) if value >> i & 1) for value in range(256))


def place_ok(tables: Tables, seat: int, land: int, occupied: int, move: Place) -> str | None:
    """Why ``move`` breaks the placement rule for ``seat``, or ``None`` when it is legal.

    :class:`~acreage.SeatError` if ``seat`` is not at the table.
    """
    check_seat(seat, len(tables.start_bits))
    size = tables.size
    w, h, x, y = move.width, move.height, move.x, move.y
    if x < 0 or y < 0 or x + w > size or y + h > size:
        return "an enclosure must lie fully on the board"
    cells = tables.rect[w][h] << (y * size + x)
    if cells & occupied:
        return "an enclosure must not overlap any other enclosure"
    if cells & tables.reserved[seat]:
        return "an enclosure must not cover another player's starting cell"
    if land:
        if not cells & beside(tables, land):
            return "an enclosure must share a cell edge with one of your own enclosures"
    elif not cells & tables.start_bits[seat]:
        return "your first enclosure must cover your starting cell"
    return None
