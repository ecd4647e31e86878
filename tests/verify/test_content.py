from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from pypdf import PdfReader

from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.render import fonts
from pnpkit.verify.content import PageContent, multiply, read_page


def _read(draw: Callable[[object], None]) -> PageContent:
    buffer = io.BytesIO()
    doc = Document(buffer, LETTER, title="t")
    draw(doc.canvas)
    doc.save()
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    return read_page(reader, reader.pages[0])


def test_matrix_order_is_pdf_order() -> None:
    translate = (1.0, 0.0, 0.0, 1.0, 10.0, 0.0)
    scale = (2.0, 0.0, 0.0, 2.0, 0.0, 0.0)
    # translate then scale: the translation is scaled too
    assert multiply(translate, scale) == (2.0, 0.0, 0.0, 2.0, 20.0, 0.0)


def test_ctm_nesting_and_colours() -> None:
    def draw(c: object) -> None:
        c.saveState()  # type: ignore[attr-defined]
        c.translate(100, 200)  # type: ignore[attr-defined]
        c.scale(2, 2)  # type: ignore[attr-defined]
        c.setStrokeColorRGB(0.2, 0.3, 0.4)  # type: ignore[attr-defined]
        c.line(0, 0, 10, 0)  # type: ignore[attr-defined]
        c.restoreState()  # type: ignore[attr-defined]
        c.line(0, 0, 0, 10)  # type: ignore[attr-defined]

    content = _read(draw)
    first, second = content.segments
    assert (first.x0, first.y0, first.x1, first.y1) == (100, 200, 120, 200)
    assert first.color == pytest.approx((0.2, 0.3, 0.4))
    assert first.width == pytest.approx(2.0)  # a 1 pt line scaled by 2
    assert (second.x0, second.y1) == (0, 10) and second.color == (0, 0, 0)


def test_rectangles_become_four_segments_and_clipping_cuts_them() -> None:
    def draw(c: object) -> None:
        c.saveState()  # type: ignore[attr-defined]
        path = c.beginPath()  # type: ignore[attr-defined]
        path.rect(50, 50, 100, 100)
        c.clipPath(path, stroke=0, fill=0)  # type: ignore[attr-defined]
        c.rect(100, 100, 200, 200)  # type: ignore[attr-defined]
        c.restoreState()  # type: ignore[attr-defined]

    content = _read(draw)
    # right and top edges of the big rect fall outside the clip entirely
    kept = [(s.x0, s.y0, s.x1, s.y1) for s in content.segments]
    assert kept == [(100, 100, 150, 100), (100, 150, 100, 100)]
    assert content.painted[-1].box == (100 - 0.5, 100 - 0.5, 150, 150)


def test_text_box_matches_string_width() -> None:
    text = "Sheet 2 of 4"

    def draw(c: object) -> None:
        c.setFont(fonts.SEMIBOLD, 12)  # type: ignore[attr-defined]
        c.drawString(100, 300, text)  # type: ignore[attr-defined]

    content = _read(draw)
    (box,) = [p.box for p in content.painted if p.kind == "text"]
    expected = fonts.text_width(text, fonts.SEMIBOLD, 12)
    assert box[0] == pytest.approx(100)
    assert box[2] - box[0] == pytest.approx(expected, abs=0.05)
    assert box[1] < 300 < box[3]  # descent below, ascent above the baseline


def test_forms_are_followed_with_their_placement() -> None:
    class Box:
        width = 50.0
        height = 20.0

        def draw(self, c: object) -> None:
            c.line(0, 0, 50, 0)  # type: ignore[attr-defined]

    buffer = io.BytesIO()
    doc = Document(buffer, LETTER, title="t")
    name = doc.form(Box())
    doc.canvas.translate(300, 400)
    doc.canvas.doForm(name)
    doc.save()
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    content = read_page(reader, reader.pages[0])
    (segment,) = content.segments
    assert (segment.x0, segment.y0, segment.x1, segment.y1) == (300, 400, 350, 400)
