"""The card text helpers never set type under 6 pt: they raise a small size and overflow instead."""

from __future__ import annotations

import re

import pytest

from pnpkit.render import fonts
from pnpkit.render.faces.typesetter import TextOverflow, line, wrap


def _sizes(markup: str) -> list[float]:
    return [float(s) for s in re.findall(r'font-size="([0-9.]+)"', markup)]


def test_a_size_under_six_points_is_raised_to_six() -> None:
    # a token's label at a tenth of a 0.75 in counter asks for 5.4 pt
    assert _sizes(line("Crew", 27, 40, 30, 5.4, field="label", min_size=4)) == [6.0]
    assert _sizes(wrap("Crew", 0, 0, 30, 20, 5.4, field="label", min_size=4)) == [6.0]


def test_text_too_long_at_six_points_overflows_whatever_min_size_says() -> None:
    fonts.register()
    text = "Mark of Victory"
    width = fonts.text_width(text, fonts.SEMIBOLD, 6)
    with pytest.raises(TextOverflow, match="at 6 pt"):
        line(text, 0, 0, width - 1, 8, field="label", weight="600", min_size=4)
    assert _sizes(line(text, 0, 0, width + 0.5, 8, field="label", weight="600", min_size=4)) == [
        6.0
    ]


def test_wrap_sets_its_last_line_against_the_bottom_of_the_box() -> None:
    fonts.register()
    one = wrap("Crew", 0, 10, 40, 20, 6, field="label", valign="bottom")
    two = wrap("Mark of Victory", 0, 10, 30, 20, 6, field="label", valign="bottom")
    baselines = [float(y) for y in re.findall(r' y="([0-9.]+)"', one + two)]
    # one line: its baseline a fifth of the size above the box's bottom (30); two: the same
    assert baselines == [pytest.approx(28.8), pytest.approx(28.8 - 6 * 1.18), pytest.approx(28.8)]
