"""Rules: the rulebook's numbers, the reference components, options and broken data."""

from __future__ import annotations

from pathlib import Path

import pytest

from acreage import RulesError
from acreage import crazy_farmers as cf
from acreage.crazy_farmers import board


def test_board_has_37_plots_96_crossroads_132_paths() -> None:
    g = board.GRID
    assert (g.n_cells, g.n_vertices, g.n_edges) == (37, 96, 132)
    assert g.border_edges.bit_count() == 42
    assert board.INNER_PATHS.bit_count() == 90
    for v in range(g.n_vertices):
        assert board.crossroad(board.crossroad_name(v)) == v
        assert len(board.STEPS[v]) == len(g.vertex_edges[v])
        for k, cell in enumerate(g.vertex_cells[v]):
            corner = board.CORNERS[g.cell_vertices[cell].index(v)]
            assert board.crossroad(f"{board.plot_name(cell)} {corner}") == v, k
    for e in range(g.n_edges):
        assert board.path(board.path_name(e)) == e


@pytest.mark.parametrize(
    ("players", "fences", "tiles", "barns"),
    [(2, 30, (23, 27, 31), 13), (3, 20, (9, 11, 13), 13), (4, 20, (8, 9, 11), 9)],
)
def test_rulebook_numbers(players: int, fences: int, tiles: tuple[int, ...], barns: int) -> None:
    for length, count in zip(("fast", "regular", "long"), tiles, strict=True):
        rules = cf.Rules(players=players, length=length)  # type: ignore[arg-type]
        assert rules.plot_tiles == count and rules.fences == fences
        assert rules.barn_plots.bit_count() == barns
        assert len(rules.start_cells) == players
    rules = cf.Rules(players=players)
    assert sum(c.count for c in rules.bonus_cards) == 36
    assert rules.hay_bales == 8 and rules.hand_limit == 6
    assert rules.common_pile == (players == 2)


def test_the_start_plot_holds_a_tile() -> None:
    two = cf.new_game(cf.Rules(players=2))
    assert cf.tiles_left(two, 0) == cf.tiles_left(two, 1) == 27 - 2  # the common pile
    three = cf.new_game(cf.Rules(players=3, length="long"))
    assert [cf.tiles_left(three, s) for s in range(3)] == [12, 12, 12]


def test_reference_layouts() -> None:
    assert cf.Rules(players=2).start_plots == ((0, -2), (0, 2))
    assert cf.Rules(players=3).start_plots == ((0, -2), (-2, 2), (2, 0))
    assert cf.Rules(players=4).start_plots == ((1, -2), (-2, 0), (-1, 2), (2, 0))
    assert cf.Rules(players=4).barns[:3] == ((0, 0), (-1, -1), (1, 1))
    deck = {c.name: (c.kind, c.amount, c.count) for c in cf.Rules().bonus_cards}
    assert deck == {
        "Nitro +1": ("nitro", 1, 6),
        "Nitro +2": ("nitro", 2, 3),
        "Rut": ("rut", 1, 2),
        "Hay Bale": ("hay-bale", 1, 4),
        "2 Hay Bales": ("hay-bale", 2, 3),
        "Dynamite": ("dynamite", 1, 4),
        "High Voltage": ("high-voltage", 1, 3),
        "Watchdog": ("watchdog", 1, 2),
        "Helicopter": ("helicopter", 1, 6),
        "Bribe": ("bribe", 1, 3),
    }


def test_rules_travel_as_plain_data() -> None:
    rules = cf.Rules(players=3, length="long", powerless_move_limit=3, barns=((0, 0),))
    data = rules.to_data()
    assert data == {
        "players": 3,
        "mode": "competitive",
        "length": "long",
        "barns": [[0, 0]],
        "powerless_move_limit": 3,
    }
    assert cf.Rules.from_data(data) == rules
    assert hash(cf.Rules.from_data(data)) == hash(rules)
    assert cf.Rules(players=4).to_data() == {
        "players": 4,
        "mode": "competitive",
        "length": "regular",
    }


def test_rules_from_a_toml_file(tmp_path: Path) -> None:
    path = tmp_path / "variant.toml"
    path.write_text(
        "players = 3\nbarns = [[0, 0], [1, 1]]\nendgame_window = 8\n\n"
        '[[bonus_cards]]\nname = "Nitro +1"\nkind = "nitro"\ncount = 12\n'
    )
    rules = cf.Rules.from_toml(path)
    assert rules.players == 3 and rules.barn_plots == (1 << cf.plot("0,0")) | (1 << cf.plot("1,1"))
    assert rules.card_names == ("Nitro +1",) and rules.endgame_window == 8
    state = cf.new_game(rules)
    assert [str(m) for m in cf.legal_moves(state)] == ["draw Nitro +1"]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 5}, "players: expected 1 to 4, got 5"),
        ({"players": 1}, "players: expected 2 to 4"),
        ({"mode": "duel"}, "mode: expected one of 'competitive', 'mad-cow'"),
        ({"length": "endless"}, "length: expected one of 'fast', 'regular', 'long'"),
        ({"fences": 0}, "fences: expected 1 to 132, got 0"),
        ({"plot_tiles": 2}, "plot_tiles: expected an integer of at least 3"),
        ({"hay_bales": -1}, "hay_bales: expected 0 to 90, got -1"),
        ({"repetition_limit": 1}, "repetition_limit: expected 2 to 20, got 1"),
        ({"start": "random"}, "start: expected one of 'fixed', 'choose'"),
        ({"start_plots": [[0, -2]]}, "start_plots: expected 2 plots"),
        ({"start_plots": [[0, -2], [9, 9]]}, r"start_plots\[1\]: \(9, 9\) is not a plot"),
        ({"barns": [[0, 0], [0, 0]]}, r"barns\[1\]: \(0, 0\) is listed twice"),
        ({"barns": [[0, "x"]]}, r"barns\[0\]\[1\]: expected an integer"),
        (
            {"bonus_cards": [{"name": "Tractor Beam", "kind": "ufo", "count": 9}]},
            r"bonus_cards\[0\]\.kind: expected one of bribe, dynamite",
        ),
        (
            {"bonus_cards": [{"name": "Rut", "kind": "rut", "count": 9}] * 2},
            r"bonus_cards\[1\]\.name: 'Rut' is taken",
        ),
        (
            {"bonus_cards": [{"name": "Endgame", "kind": "rut", "count": 9}]},
            r"bonus_cards\[0\]\.name: 'Endgame' is taken",
        ),
        (
            {"bonus_cards": [{"name": "Rut", "kind": "rut", "count": -1}]},
            r"bonus_cards\[0\]\.count: expected 0 to 50, got -1",
        ),
        (
            {"bonus_cards": [{"name": "Rut", "kind": "rut", "count": 5}]},
            "bonus_cards: each player draws 3 at setup, so 2 players need at least 6 cards, got 5",
        ),
        ({"bonus_cards": [{"name": "Rut", "count": 9}]}, r"bonus_cards\[0\]: .*kind"),
        ({"hand_limit": "six"}, "hand_limit: expected an integer, got 'six'"),
        ({"colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_bad_rules_name_the_field(fields: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        cf.Rules.from_data({"players": 2, **fields})


def test_bad_rules_built_directly() -> None:
    with pytest.raises(RulesError, match="players: expected 1 to 4, got 7"):
        cf.Rules(players=7)
    with pytest.raises(RulesError, match=r"BonusCard\.name: expected a card title"):
        cf.Rules(bonus_cards=(cf.BonusCard("play on me", "rut", 9),))


def test_broken_data_files(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("players = [")
    with pytest.raises(RulesError, match="not valid TOML"):
        cf.Rules.from_toml(broken)
    with pytest.raises(RulesError, match="cannot read"):
        cf.Rules.from_toml(tmp_path / "missing.toml")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(
        'players = 3\n[[bonus_cards]]\nname = "Nitro"\nkind = "nitro"\ncount = "many"\n'
    )
    with pytest.raises(RulesError, match=r"bonus_cards\[0\]\.count: expected an integer"):
        cf.Rules.from_toml(wrong)
