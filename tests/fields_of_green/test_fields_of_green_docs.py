"""The game's docs page: its Python runs and its card file loads and plays to the end."""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
import pytest

from acreage import fields_of_green as fog
from acreage.core.chance import sample
from acreage.core.data import field_limits

PAGE = Path(__file__).parents[2] / "docs" / "games" / "fields-of-green.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", PAGE.read_text(), re.DOTALL)


def test_the_python_on_the_page_runs(capsys: pytest.CaptureFixture[str]) -> None:
    first, market, market_data, harvest, pictures, numbers = blocks("python")
    exec(compile(first, str(PAGE), "exec"), {})
    assert "Year >1<" in capsys.readouterr().out
    positions: dict[str, object] = {}  # the Positions section's blocks share their names
    exec(compile(market, str(PAGE), "exec"), positions)
    assert capsys.readouterr().out == "at the market at most 2 grain can be sold, not 3\n"
    exec(compile(market_data, str(PAGE), "exec"), positions)
    assert capsys.readouterr().out == (
        "farms[1].grain: 17 grain, but the silos hold 16 together\n"
        "actor: seat 2 is not at this 2-player table\n"
    )
    exec(compile(harvest, str(PAGE), "exec"), positions)
    exec(compile(pictures, str(PAGE), "exec"), {})
    assert capsys.readouterr().out.startswith("as seen by player 2\n")
    exec(compile(numbers, str(PAGE), "exec"), {})
    assert capsys.readouterr().out == "1251 True 1161 182\n"


def sizes_table() -> str:
    """The page's table of sizes per player count, as the encodings give them."""
    lines = ["| players | actions | chance outcomes | observation |", "|---|---|---|---|"]
    for n in (2, 3, 4):
        enc = fog.encoding(fog.Rules(players=n))
        fixed = fog.encoding(fog.Rules(players=n, start_player=0)).chance.size
        lines.append(
            f"| {n} | {enc.actions.size} | {enc.chance.size} ({fixed} with a fixed start player) "
            f"| {enc.planes.size} |"
        )
    return "\n".join(lines)


FACTS = (
    "max_decisions",
    "max_chance_nodes",
    "max_legal_moves",
    "max_chance_outcomes",
    "min_score",
    "max_score",
    "chance",
    "hidden_information",
    "simultaneous",
    "cooperative",
)


def facts_table() -> str:
    """The page's table of facts per player count, as the encodings give them."""
    lines = ["| fact | 2 players | 3 players | 4 players |", "|---|---|---|---|"]
    for name in FACTS:
        values = [str(getattr(fog.GAME.facts(fog.Rules(players=n)), name)) for n in (2, 3, 4)]
        lines.append(f"| `{name}` | " + " | ".join(values) + " |")
    return "\n".join(lines)


def test_the_number_tables_are_the_generated_ones() -> None:
    """Actions, chance outcomes, observation layout, sizes and facts: the page's tables are
    exactly what the code generates (regenerate them when the numbering changes)."""
    text = PAGE.read_text()
    section = text[text.index("## Numbers") : text.index("## Speed")]
    enc = fog.encoding(fog.Rules())
    for table in (enc.actions.table(), enc.chance.table(), enc.planes.table()):
        assert table in section
    assert sizes_table() in section
    assert facts_table() in section
    # Every observation field is explained, in the layout's order.
    meanings = section[section.index("| field | holds |") :].split("\n\n")[0].splitlines()[2:]
    assert [line.split(" | ")[0].strip("| ") for line in meanings] == [
        name for name, _ in enc.planes.fields
    ]


def test_the_card_file_on_the_page_loads_and_plays(tmp_path: Path) -> None:
    (toml,) = blocks("toml")
    path = tmp_path / "my-cards.toml"
    path.write_text(toml)
    rules = fog.Rules.from_toml(path)
    assert rules.players == 3
    assert [c.name for c in rules.cards] == ["grain field", "pigs", "tool shed", "mill", "stable"]
    # Every effect kind of the vocabulary is in use.
    kinds = {e.kind for c in rules.cards for e in c.effects}
    kinds |= {e.kind for t in rules.tools for e in t.effects}
    assert kinds == {"produce", "convert", "tool", "range", "capacity"}
    rng = random.Random(0)
    state = fog.new_game(rules)
    while not fog.is_terminal(state):
        if isinstance(state.to_move, int):
            state = fog.apply_move(state, rng.choice(fog.legal_moves(state)))
        else:
            state = fog.apply_move(state, sample(fog.chance_outcomes(state), rng))
    assert state.year == 4 and fog.winners(state)


def test_the_rules_table_gives_every_bound() -> None:
    """Each row of the Rules table names its fields and, in the same order, their bounds."""
    text = PAGE.read_text()
    table = text[text.index("| field | default | bounds | meaning |") :].split("\n\n")[0]
    rows = {}
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0].startswith("`"):
            names = re.findall(r"`(\w+)`", cells[0])
            parts = cells[2].split(", ") if cells[2] else []
            for i, name in enumerate(names):
                rows[name] = parts[i] if len(parts) == len(names) else cells[2]
    assert set(rows) == {f.name for f in attrs.fields(fog.Rules) if f.init}
    for name, bounds in field_limits(fog.Rules).items():
        if bounds.low is not None:
            assert rows[name].startswith(f"{bounds.low} to {bounds.high}"), name
        if bounds.items is not None:
            assert rows[name].startswith(f"at most {bounds.items} kinds"), name
