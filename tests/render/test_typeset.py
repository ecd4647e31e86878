"""The one line breaker (:mod:`pnpkit.render.typeset`): card faces, boards and play aids set
their words with it, measured with the real font."""

from __future__ import annotations

from pnpkit.render import fonts
from pnpkit.render.typeset import break_lines, fill_lines, text_sizes, wrap_lines

RULE = "Add 1 to one of your Mutiny or Crew rolls."


def test_text_that_fits_is_wrapped_by_measured_width() -> None:
    lines = break_lines(RULE, fonts.REGULAR, 12, 140)
    assert lines is not None and len(lines) == 2
    for line in lines:
        assert fonts.text_width(line, fonts.REGULAR, 12) <= 140
    assert " ".join(lines) == RULE


def test_each_line_takes_every_word_that_fits_it() -> None:
    lines = break_lines(RULE, fonts.REGULAR, 12, 140)
    assert lines is not None
    first, second = lines
    widened = f"{first} {second.split()[0]}"
    assert fonts.text_width(widened, fonts.REGULAR, 12) > 140


def test_a_line_break_starts_a_new_line_and_an_empty_text_is_one_empty_line() -> None:
    assert break_lines("Sail\nFight", fonts.REGULAR, 12, 500) == ["Sail", "Fight"]
    assert break_lines("", fonts.REGULAR, 12, 500) == [""]


def test_a_word_wider_than_the_line_is_refused_or_runs_over_alone() -> None:
    text = "a Quartermastership b"
    wide = fonts.text_width("Quartermastership", fonts.REGULAR, 12)
    assert break_lines(text, fonts.REGULAR, 12, wide - 1) is None
    assert wrap_lines(text, fonts.REGULAR, 12, wide - 1) == ["a", "Quartermastership", "b"]
    assert wrap_lines(text, fonts.REGULAR, 12, wide + 30) == break_lines(
        text, fonts.REGULAR, 12, wide + 30
    )


def test_fill_lines_breaks_any_words_by_what_fits() -> None:
    assert fill_lines([3, 4, 2, 5], lambda line: sum(line) <= 7) == [[3, 4], [2, 5]]
    assert fill_lines([3, 9, 2], lambda line: sum(line) <= 7) is None
    assert fill_lines([3, 9, 2], lambda line: sum(line) <= 7, overlong=True) == [[3], [9], [2]]
    assert fill_lines([], lambda line: True) == [[]]


def test_sizes_step_down_by_a_quarter_point_and_never_under_6_pt() -> None:
    assert list(text_sizes(7, 6.4)) == [7, 6.75, 6.5]
    assert list(text_sizes(5, None)) == [6]
    assert min(text_sizes(9, 2)) == 6
