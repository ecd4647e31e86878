from __future__ import annotations

from pathlib import Path

import font_source_sans_pro
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfmetrics

from pnpkit.render import fonts


def test_faces_come_from_the_pip_package() -> None:
    package = Path(font_source_sans_pro.__file__).parent
    for face in fonts.FACES:
        path = fonts.font_path(face)
        assert path.is_file()
        assert package in path.parents


def test_register_is_idempotent_and_registers_truetype_faces() -> None:
    fonts.register()
    fonts.register()
    for face in (fonts.REGULAR, fonts.SEMIBOLD, fonts.BOLD, fonts.ITALIC):
        font = pdfmetrics.getFont(face)
        assert font.fontName == face
        assert type(font).__name__ == "TTFont"


def test_text_width_is_linear_in_size_and_differs_by_face() -> None:
    w10 = fonts.text_width("Sheet 2 of 4", fonts.REGULAR, 10)
    w20 = fonts.text_width("Sheet 2 of 4", fonts.REGULAR, 20)
    assert w10 > 0
    assert abs(w20 - 2 * w10) < 1e-9
    assert fonts.text_width("Sheet 2 of 4", fonts.BOLD, 10) > w10
    assert fonts.text_width("", fonts.REGULAR, 10) == 0


def test_fit_size_shrinks_only_when_needed() -> None:
    text = "Print at 100 % (actual size), not fit to page"
    natural = fonts.text_width(text, fonts.BOLD, 10)
    assert fonts.fit_size(text, fonts.BOLD, 10, natural + 1) == 10
    smaller = fonts.fit_size(text, fonts.BOLD, 10, natural * 0.7)
    assert abs(fonts.text_width(text, fonts.BOLD, smaller) - natural * 0.7) < 1e-6
    # never under the 6 pt every PDF is held to, unless a caller asks for less
    assert fonts.fit_size(text, fonts.BOLD, 10, natural / 2) == 6.0
    assert fonts.fit_size(text, fonts.BOLD, 10, natural / 2, minimum=4.0) == 5.0


def test_the_character_map_read_without_reportlab_is_reportlabs() -> None:
    from reportlab.pdfbase import pdfmetrics

    from pnpkit.render.font_tables import code_points

    fonts.register()
    for face in fonts.FACES:
        expected = frozenset(pdfmetrics.getFont(face).face.charToGlyph)
        assert code_points(fonts.font_path(face)) == expected, face


def test_the_widths_read_without_reportlab_are_reportlabs() -> None:
    from pnpkit.render.font_tables import metrics

    fonts.register()
    for face in fonts.FACES:
        ours = metrics(fonts.font_path(face))
        theirs = pdfmetrics.getFont(face).face
        assert ours.widths == theirs.charWidths, face
        assert ours.default == theirs.defaultWidth, face


_SOME_TEXT = st.text(
    st.sampled_from("AaBbWwiIl1 .,;'’–—«»ÆæßØøÐðÞþŁłŒœ€$%&?!()[]0123456789\u00a0\u05d0\U0001f600"),
    max_size=60,
)
_SIZES = st.one_of(
    st.floats(min_value=0.5, max_value=200, allow_nan=False), st.integers(min_value=1, max_value=99)
)


@settings(max_examples=400, deadline=None)
@given(text=_SOME_TEXT, size=_SIZES, face=st.sampled_from(fonts.FACES))
def test_text_width_is_reportlabs_string_width_to_the_bit(
    text: str, size: float, face: str
) -> None:
    """Check lays out with :func:`fonts.text_width` and loads no PDF library; the drawing
    libraries measure with ReportLab's ``stringWidth``. They must agree to the last bit, or a
    line that fits in ``check`` could overflow in the build (characters the font lacks take the
    width of glyph 0 in both)."""
    fonts.register()
    assert fonts.text_width(text, face, size) == pdfmetrics.stringWidth(text, face, size)
