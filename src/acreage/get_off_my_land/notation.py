"""Reading move texts: ``parse_move(state, text)``.

Tiles are named ``a1`` (top-left) to, say, ``e5``; sides by compass point
(``b2 N``); cards and tiles by the labels the moves print. Text that is no
move raises :class:`~acreage.MoveSyntaxError`; a move that is well formed but
not legal now parses, and :func:`~acreage.get_off_my_land.apply_move` then
raises :class:`~acreage.IllegalMoveError` saying why.
"""

from __future__ import annotations

import re

from acreage.core.game import MoveSyntaxError, move_text, shorten
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.state import RevealTile, State

__all__ = ["parse_move"]

_CELL = r"([a-z])(\d+)"
_SIDE = _CELL + r" ([NESW])"


def _cell(rules: Rules, letter: str, number: str) -> int:
    grid = rules.tables.grid
    x, y = ord(letter) - ord("a"), int(number) - 1
    if not (0 <= x < grid.width and 0 <= y < grid.height):
        raise MoveSyntaxError(f"{shorten(letter + number)} is not a tile of this board")
    return y * grid.width + x


def _edge(rules: Rules, letter: str, number: str, direction: str) -> tuple[int, int]:
    cell = _cell(rules, letter, number)
    grid = rules.tables.grid
    return grid.cell_edges[cell][grid.direction(direction)], cell


def _lookup(table: dict[str, int], label: str, what: str) -> int:
    try:
        return table[label]
    except KeyError:
        raise MoveSyntaxError(f"{shorten(label)} is not a {what} in this game") from None


_FIXED = {
    "end turn": "end_turn",
    "buy lumber": "lumber",
    "done": "done",
    "no defence": "yield_",
    "log and draw": "slash_log",
    "break and fence": "slash_break",
}
_CELL_MOVES = {
    "log": "log_moves",
    "harvest": "harvest_moves",
    "mature": "mature_moves",
    "raid": "raid_moves",
    "flip": "flip_moves",
    "farmer to": "farmer_moves",
    "discard the card on": "scrap_moves",
}


def parse_move(state: State, text: str) -> mv.Move:
    """The move whose text is ``text`` (``str(move)`` of a move parses back to it).

    :class:`~acreage.MoveSyntaxError` for anything else: text that names no
    move, and anything that is not text (``None``, bytes, a number) or is
    longer than any move.
    """
    rules = state.rules
    t = rules.tables
    text = " ".join(move_text(text).split())
    if text in _FIXED:
        move: mv.Move = getattr(t, _FIXED[text])
        return move
    fence_cards, market_cards, farmhouses = t.fence_names, t.market_names, t.farmhouse_names
    for prefix, table in _CELL_MOVES.items():
        m = re.fullmatch(prefix + " " + _CELL, text)
        if m:
            cell_move: mv.Move = getattr(t, table)[_cell(rules, *m.groups())]
            return cell_move
    if m := re.fullmatch(r"fence " + _SIDE + r"( inside)?", text):
        edge, cell = _edge(rules, *m.groups()[:3])
        if not m.group(4):
            return t.fence_moves[edge]
        return t.inside_moves[edge][t.edge_cells[edge].index(cell)]
    if m := re.fullmatch(r"move the fence at " + _SIDE, text):
        return t.lift_moves[_edge(rules, *m.groups())[0]]
    if m := re.fullmatch(r"break player (\d+)'s fence at " + _SIDE, text):
        owner = int(m.group(1))
        if owner >= rules.players:
            raise MoveSyntaxError(f"there is no player {shorten(owner)}")
        return t.break_moves[_edge(rules, *m.groups()[1:])[0]][owner]
    if m := re.fullmatch(r"send player (\d+)'s farmer home", text):
        player = int(m.group(1))
        if player >= rules.players:
            raise MoveSyntaxError(f"there is no player {shorten(player)}")
        return t.send_home[player]
    if m := re.fullmatch(r"play (.+) for (fences|its action)", text):
        k = _lookup(fence_cards, m.group(1), "fence card")
        return t.play_moves[k][0 if m.group(2) == "fences" else 1]
    if m := re.fullmatch(r"buy (.+) from the \$(\d+) slot onto " + _CELL, text):
        k = _lookup(market_cards, m.group(1), "market card")
        slot = _slot(rules, int(m.group(2)))
        cell = _cell(rules, m.group(3), m.group(4))
        return t.buy(slot, k, cell, rules.market_costs[slot])
    if m := re.fullmatch(r"remove (.+) from the \$(\d+) slot", text):
        k = _lookup(market_cards, m.group(1), "market card")
        slot = _slot(rules, int(m.group(2)))
        return t.remove_card(slot, k, rules.market_costs[slot])
    if m := re.fullmatch(r"defend with (.+)", text):
        cards = tuple(
            sorted(_lookup(fence_cards, x, "fence card") for x in m.group(1).split(" + "))
        )
        return mv.Defend(cards, "defend with " + " + ".join(t.fence[k].label for k in cards))
    if m := re.fullmatch(r"(discard|draw) (.+)", text):
        k = _lookup(fence_cards, m.group(2), "fence card")
        return (t.discard_moves if m.group(1) == "discard" else t.draw_moves)[k]
    if m := re.fullmatch(r"(keep|deal) (.+)", text):
        f = _lookup(farmhouses, m.group(2), "farmhouse tile")
        return (t.keep_moves if m.group(1) == "keep" else t.deal_moves)[f]
    if m := re.fullmatch(r"reveal (.+)", text):
        return t.reveal_moves[_lookup(market_cards, m.group(1), "market card")]
    if m := re.fullmatch(r"logged side: (.+)", text):
        return t.uncover_moves[_forest_tile(state, m.group(1))]
    raise MoveSyntaxError(f"{shorten(text)} is not a move of Get Off My Land!")


def _slot(rules: Rules, cost: int) -> int:
    try:
        return rules.market_costs.index(cost)
    except ValueError:
        raise MoveSyntaxError(f"there is no ${shorten(cost)} slot on the market track") from None


def _forest_tile(state: State, label: str) -> int:
    t = state.rules.tables
    task = state.decision
    kind = t.forest_kind[task.cell] if isinstance(task, RevealTile) else -1
    for i, tile in enumerate(t.forest):
        if tile.label == label and (kind < 0 or tile.kind == ("light", "dark")[kind]):
            return i
    raise MoveSyntaxError(f"{shorten(label)} is not a logged side of a forest tile here")
