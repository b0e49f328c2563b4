"""Charts: valid SVG and PNG, shown inline in notebooks, a one-line error without matplotlib."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import acreage
import dots_and_boxes as dab

pytest.importorskip("matplotlib")

from acreage import plots

TOY = dab.Rules(width=2, height=2)


@pytest.fixture(scope="module")
def tournament() -> acreage.Tournament:
    return acreage.tournament(dab.GAME, ["first", "random"], 6, rules=TOY, seed=2)


def _valid_svg(text: str) -> None:
    assert text.lstrip().startswith("<?xml") and "<svg" in text and text.rstrip().endswith("</svg>")


def _valid_png(data: bytes) -> None:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[-8:-4] == b"IEND"


def test_every_chart_draws(tournament: acreage.Tournament, tmp_path: Path) -> None:
    for chart in (
        plots.win_rates(tournament),
        plots.win_rates(tournament, by="seat"),
        plots.scores(tournament, by="seat"),
        plots.lengths(tournament),
    ):
        _valid_svg(chart._repr_svg_())
    _valid_png(plots.scores(tournament)._repr_png_())
    chart = tournament.chart()
    chart.save(tmp_path / "t.svg")
    chart.save(tmp_path / "t.PNG")
    svg = (tmp_path / "t.svg").read_text()
    _valid_svg(svg)
    _valid_png((tmp_path / "t.PNG").read_bytes())
    with pytest.raises(ValueError, match=r"\.svg or \.png"):
        chart.save(tmp_path / "t.pdf")
    with pytest.raises(ValueError, match="by must be"):
        plots.win_rates(tournament, by="colour")


def test_balance_chart_with_and_without_a_house_rule() -> None:
    game = acreage.get_game("fence-em-in")
    two = acreage.balance(game, "random", 4, against=game.rules(rounds=5), seed=1)
    svg = two.chart()._repr_svg_()
    _valid_svg(svg)
    assert "rounds=5" in svg
    cf = acreage.get_game("crazy-farmers")
    solo = acreage.balance(cf, "random", 3, rules=cf.rules(players=1, mode="mad-cow"))
    _valid_png(solo.chart().to_bytes("png"))


def test_without_matplotlib_the_error_names_the_extra(
    tournament: acreage.Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(ImportError, match=r"pip install acreage\[plot\]"):
        tournament.chart()
