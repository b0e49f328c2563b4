"""Charts of tournaments and balance studies (matplotlib: ``pip install acreage[plot]``).

Every function returns a :class:`Chart`: it shows itself in a notebook
(``_repr_svg_``, ``_repr_png_``), writes SVG or PNG (``chart.save("out.svg")``)
and holds the matplotlib ``figure`` for any further touch. Figures are made
without ``pyplot``, so nothing here touches a global figure manager or needs
a display, and charts may be drawn from several threads.

* :func:`win_rates`: win rate by agent or by seat, with 95% Wilson interval bars.
* :func:`scores`: score distributions by agent or by seat (box plots).
* :func:`lengths`: a histogram of game lengths.
* :func:`tournament_chart`, :func:`balance_chart`: all of the above on one figure.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from acreage.analysis import BalanceStudy, Standing, Tournament

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "FORMATS",
    "Chart",
    "balance_chart",
    "lengths",
    "scores",
    "tournament_chart",
    "win_rates",
]

FORMATS: Final = ("svg", "png")
"""The file formats :meth:`Chart.save` writes, chosen by the path's suffix."""

_COLOURS: Final = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860")


def _figure(width: float, height: float) -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("charts need matplotlib: pip install acreage[plot]") from None
    return Figure(figsize=(width, height), layout="constrained")


class Chart:
    """A matplotlib figure that shows itself in notebooks and saves as SVG or PNG."""

    def __init__(self, figure: Figure) -> None:
        self.figure = figure

    def to_bytes(self, fmt: str) -> bytes:
        """The chart drawn as ``"svg"`` or ``"png"``."""
        if fmt not in FORMATS:
            raise ValueError(f"a chart is drawn as {' or '.join(FORMATS)}, not {fmt!r}")
        buffer = io.BytesIO()
        metadata = {"Date": None} if fmt == "svg" else {"Software": None}
        self.figure.savefig(buffer, format=fmt, dpi=100, metadata=metadata)
        return buffer.getvalue()

    def save(self, path: str | Path) -> None:
        """Write the chart to ``path``; its suffix (``.svg`` or ``.png``) says the format."""
        Path(path).write_bytes(self.to_bytes(format_of(path)))

    def _repr_svg_(self) -> str:
        return self.to_bytes("svg").decode("utf-8")

    def _repr_png_(self) -> bytes:
        return self.to_bytes("png")


def format_of(path: str | Path) -> str:
    """The chart format a path's suffix names; ``ValueError`` for any other suffix."""
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise ValueError(f"a chart file ends in .svg or .png, not {Path(path).name!r}")
    return fmt


# -- panels -------------------------------------------------------------------------


def _win_panel(
    ax: Axes, groups: Sequence[tuple[str, Sequence[Standing]]], title: str, fair: float | None
) -> None:
    """Win rates with interval bars; several groups (rulesets) side by side."""
    names = [s.name for s in groups[0][1]]
    width = 0.8 / len(groups)
    for g, (label, rows) in enumerate(groups):
        xs = [i + (g - (len(groups) - 1) / 2) * width for i in range(len(rows))]
        rates = [100 * r.win_rate for r in rows]
        # max(): rounding may put a bound a hair past the rate it surrounds.
        below = [max(0.0, 100 * (r.win_rate - r.low)) for r in rows]
        above = [max(0.0, 100 * (r.high - r.win_rate)) for r in rows]
        ax.bar(
            xs,
            rates,
            width * 0.9,
            yerr=[below, above],
            capsize=4,
            color=_COLOURS[g % len(_COLOURS)],
            label=label or None,
        )
    if fair is not None:
        ax.axhline(100 * fair, color="grey", linestyle="--", linewidth=1, label="even share")
    ax.set_xticks(range(len(names)), names, rotation=20 if len(names) > 3 else 0)
    ax.set_ylabel("win rate % (95% interval)")
    ax.set_ylim(0, 100)
    ax.set_title(title)
    if len(groups) > 1 or fair is not None:
        ax.legend(fontsize="small")


def _score_panel(
    ax: Axes, groups: Sequence[tuple[str, dict[str, tuple[int, ...]]]], title: str
) -> None:
    """Box plots of scores per name; several groups (rulesets) side by side, coloured as
    in the win-rate panel (whose legend names them)."""
    names = list(groups[0][1])
    width = 0.8 / len(groups)
    for g, (_, by_name) in enumerate(groups):
        positions = [i + (g - (len(groups) - 1) / 2) * width for i in range(len(names))]
        data = [by_name[n] or (0,) for n in names]
        parts = ax.boxplot(
            data,
            positions=positions,
            widths=width * 0.8,
            patch_artist=True,
            showmeans=True,
            manage_ticks=False,
        )
        for box in parts["boxes"]:
            box.set_facecolor(_COLOURS[g % len(_COLOURS)])
            box.set_alpha(0.7)
    ax.set_xticks(range(len(names)), names, rotation=20 if len(names) > 3 else 0)
    ax.set_ylabel("final score")
    ax.set_title(title)


def _length_panel(ax: Axes, groups: Sequence[tuple[str, Sequence[int]]]) -> None:
    """Histograms of game lengths; several groups (rulesets) overlaid."""
    from matplotlib.ticker import MaxNLocator

    everything = [x for _, xs in groups for x in xs] or [0]
    low, high = min(everything), max(everything)
    bins = min(30, max(1, high - low + 1))
    for g, (label, xs) in enumerate(groups):
        ax.hist(
            xs,
            bins=bins,
            range=(low - 0.5, high + 0.5),
            alpha=0.6,
            color=_COLOURS[g % len(_COLOURS)],
            label=label or None,
        )
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title("game length")
    if len(groups) > 1:
        ax.legend(fontsize="small")


def _end_panel(ax: Axes, groups: Sequence[tuple[str, dict[str, int], int]]) -> None:
    """How often each end condition ended the games, as a share of each group's games."""
    reasons = sorted({why for _, counts, _ in groups for why in counts})
    width = 0.8 / len(groups)
    for g, (label, counts, games) in enumerate(groups):
        xs = [i + (g - (len(groups) - 1) / 2) * width for i in range(len(reasons))]
        ax.bar(
            xs,
            [100 * counts.get(why, 0) / max(1, games) for why in reasons],
            width * 0.9,
            color=_COLOURS[g % len(_COLOURS)],
            label=label or None,
        )
    ax.set_xticks(range(len(reasons)), reasons)
    ax.set_ylabel("% of games")
    ax.set_ylim(0, 100)
    ax.set_title("ended by")
    if len(groups) > 1:
        ax.legend(fontsize="small")


def _fair(t: Tournament) -> float | None:
    """The win rate of an even share, or ``None`` in a solo game (no one to share with)."""
    return 1.0 / t.players if t.players > 1 else None


# -- charts ----------------------------------------------------------------------------


def win_rates(t: Tournament, by: str = "agent") -> Chart:
    """Win rate by agent (``by="agent"``) or by seat (``by="seat"``) with 95% interval bars."""
    if by not in ("agent", "seat"):
        raise ValueError(f"by must be 'agent' or 'seat', not {by!r}")
    fig = _figure(6, 4)
    rows = t.by_agent() if by == "agent" else t.by_seat()
    _win_panel(fig.add_subplot(), [("", rows)], f"{t.game}: win rate by {by}", _fair(t))
    return Chart(fig)


def scores(t: Tournament, by: str = "agent") -> Chart:
    """Final score distributions by agent (``by="agent"``) or by seat (``by="seat"``)."""
    fig = _figure(6, 4)
    _score_panel(fig.add_subplot(), [("", t.scores_by(by))], f"{t.game}: scores by {by}")
    return Chart(fig)


def lengths(t: Tournament) -> Chart:
    """A histogram of the games' lengths in decisions."""
    fig = _figure(6, 4)
    _length_panel(fig.add_subplot(), [("", t.lengths())])
    return Chart(fig)


def tournament_chart(t: Tournament) -> Chart:
    """Win rate by agent and by seat, scores by agent and game lengths, on one figure."""
    fig = _figure(11, 8)
    axes = fig.subplots(2, 2)
    fair = _fair(t)
    _win_panel(axes[0][0], [("", t.by_agent())], "win rate by agent", fair)
    _win_panel(axes[0][1], [("", t.by_seat())], "win rate by seat", fair)
    _score_panel(axes[1][0], [("", t.scores_by("agent"))], "scores by agent")
    _length_panel(axes[1][1], [("", t.lengths())])
    fig.suptitle(f"{t.game}: {t.games} games, {t.players} players")
    return Chart(fig)


def _changed(study: BalanceStudy) -> str:
    """The fields the second ruleset sets differently, ``rounds=8``, cut to fit a legend."""
    assert study.other is not None
    a, b = dict(study.base.rules), dict(study.other.rules)
    parts = []
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            value = str(b.get(key, "default"))
            parts.append(f"{key}={value}" if len(value) <= 16 else f"{key} changed")
    text = ", ".join(parts) or "the same"
    return text if len(text) <= 40 else text[:37] + "..."


def balance_chart(study: BalanceStudy) -> Chart:
    """Win rate by seat, scores by seat, game lengths and end conditions, for both rulesets."""
    runs = [study.base] if study.other is None else [study.base, study.other]
    labels = [""] if study.other is None else ["rules A", f"rules B ({_changed(study)})"]
    fig = _figure(11, 8)
    axes = fig.subplots(2, 2)
    base = study.base
    _win_panel(
        axes[0][0],
        [(label, t.by_seat()) for label, t in zip(labels, runs, strict=True)],
        "win rate by seat",
        _fair(base),
    )
    _score_panel(
        axes[0][1],
        [(label, t.scores_by("seat")) for label, t in zip(labels, runs, strict=True)],
        "scores by seat",
    )
    _length_panel(axes[1][0], [(label, t.lengths()) for label, t in zip(labels, runs, strict=True)])
    _end_panel(
        axes[1][1],
        [(label, t.end_reasons(), t.games) for label, t in zip(labels, runs, strict=True)],
    )
    fig.suptitle(f"{base.game}: {study.agent} in every seat, {base.games} games per ruleset")
    return Chart(fig)
