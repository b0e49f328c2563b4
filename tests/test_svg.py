"""The shared picture pieces of acreage.core.svg: text that fits, seats, legends."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from acreage.core.svg import (
    PLAYER_COLOURS,
    Svg,
    fit,
    ink_on,
    seat_colour,
    seat_name,
    square,
    text_width,
    wrap,
)

NS = "{http://www.w3.org/2000/svg}"
words = st.lists(
    st.text("abcdefghijklmnopqrstuvwxyzMW0123456789,.'", min_size=1, max_size=18), max_size=30
)


@given(words, st.floats(40, 600), st.sampled_from([9.0, 12.0, 16.0]), st.booleans())
def test_wrapped_lines_fit_and_keep_every_word(
    ws: list[str], width: float, size: float, bold: bool
) -> None:
    text = " ".join(ws)
    lines = wrap(text, width, size, bold=bold)
    assert all(text_width(line, size, bold=bold) <= width or len(line) == 1 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    whole = wrap(text, width, size, bold=bold, cut=False)
    assert " ".join(whole) == text  # words never cut: joined back, the text itself
    assert all(text_width(line, size, bold=bold) <= width or " " not in line for line in whole)


def test_a_paragraph_wraps_to_its_width_and_returns_the_next_line() -> None:
    svg = Svg(200, 100)
    y = svg.paragraph(10, 5, "the Cow's turn: the next Mad Cow card is drawn", 150, size=12)
    root = ET.fromstring(str(svg))
    lines = [t.text for t in root.iter(f"{NS}text")]
    assert lines == ["the Cow's turn: the", "next Mad Cow card is", "drawn"]
    assert y == 5 + 3 * 12 * 1.3


@given(st.text(min_size=1, max_size=60), st.floats(20, 300), st.floats(6, 20))
def test_fit_shrinks_then_cuts(text: str, width: float, size: float) -> None:
    shown, pt = fit(text, width, size)
    assert pt <= size and pt >= min(size, 7.0)
    assert text_width(shown, pt) <= width or len(shown) <= 1
    assert shown == text or shown.endswith("…")


def test_the_canvas_takes_its_final_size_and_defines_a_pattern_once() -> None:
    svg = Svg(100, 10)
    fill = svg.stripes("fallow-0", "#d62728", "#f1e7c6")
    assert svg.stripes("fallow-0", "#d62728", "#f1e7c6") == fill == "url(#fallow-0)"
    with svg.group("legend"):
        svg.rect(0, 0, 10, 10, fill=fill)
    svg.height = 300
    root = ET.fromstring(str(svg))
    assert root.attrib["viewBox"] == "0 0 100 300"
    assert len(list(root.iter(f"{NS}pattern"))) == 1
    background = root.find(f"{NS}rect")
    assert background is not None and background.attrib["height"] == "300"
    legend = root.find(f"{NS}g")
    assert legend is not None and legend.attrib["id"] == "legend"


def test_seats_have_one_name_and_a_colour_with_legible_ink() -> None:
    assert [seat_name(s) for s in range(3)] == ["player 0", "player 1", "player 2"]
    assert [seat_colour(s) for s in range(7)] == [*PLAYER_COLOURS, PLAYER_COLOURS[0]]
    assert [ink_on(c) for c in PLAYER_COLOURS] == [
        "#ffffff",  # red
        "#000000",  # yellow
        "#ffffff",  # blue
        "#ffffff",  # purple
        "#000000",  # green
        "#000000",  # orange
    ]
    assert ink_on("#ffffff") == "#000000" and ink_on("#000000") == "#ffffff"


def test_a_halo_outlines_a_label_under_its_fill() -> None:
    svg = Svg(50, 50)
    svg.text(25, 25, "0,-2", size=10, halo="#ffffff")
    node = ET.fromstring(str(svg)).find(f"{NS}text")
    assert node is not None
    assert node.attrib["stroke"] == "#ffffff" and node.attrib["paint-order"] == "stroke"


def test_a_row_legend_starts_a_new_row_where_the_next_entry_would_not_fit() -> None:
    svg = Svg(300, 100)
    labels = ["grass", "light forest", "dark forest", "logged"]
    y = svg.key_row(10, 5, [(square("#b5dc98", "#8a8a8a"), label) for label in labels], 200)
    root = ET.fromstring(str(svg))
    shown = [(t.text, float(t.attrib["x"]), float(t.attrib["y"])) for t in root.iter(f"{NS}text")]
    assert [text for text, _, _ in shown] == labels
    rows = sorted({middle for _, _, middle in shown})
    assert rows == [15, 35] and y == 45
    for text, x, _ in shown:
        assert x + text_width(text or "", 11) <= 210
        assert (x == 32) == (text in ("grass", "dark forest"))  # each row starts at the left
    squares = [r for r in root.iter(f"{NS}rect") if r.attrib.get("rx") == "2"]
    assert [(r.attrib["x"], r.attrib["y"]) for r in squares[:1]] == [("11", "8")]


def test_a_heading_is_a_bold_name_and_its_notes_in_brackets_after_it() -> None:
    svg = Svg(300, 40)
    svg.heading(10, 20, "player 1", ["to move", "winner"])
    svg.heading(10, 30, "Players", size=14)
    shown = list(ET.fromstring(str(svg)).iter(f"{NS}text"))
    assert [t.text for t in shown] == ["player 1", "(to move, winner)", "Players"]
    assert [t.attrib.get("font-weight") for t in shown] == ["bold", None, "bold"]
    assert [t.attrib["font-size"] for t in shown] == ["13", "12", "14"]
    assert float(shown[1].attrib["x"]) == 10 + text_width("player 1 ", 13, bold=True)
