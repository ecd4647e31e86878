"""Card faces converted from SVG are kept between runs (pnpkit.render.kept): read back, they
draw the same bytes; a damaged kept face is converted again, never an error."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas

from pnpkit.render import cards, fonts
from pnpkit.render.kept import Kept

FACE = """<svg xmlns="http://www.w3.org/2000/svg" width="180pt" height="252pt" viewBox="0 0 180 252">
<rect x="6" y="6" width="168" height="240" rx="7" fill="#f6efdc" stroke="#5d4037" stroke-width="3"/>
<text x="20" y="38" font-family="Source Sans Pro" font-size="16" font-weight="bold"
 fill="#5d4037">Sloop</text>
<circle cx="90" cy="140" r="30" fill="#1f4e79" stroke-dasharray="3 2" stroke="#000000"/>
</svg>"""


@pytest.fixture
def conversions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """svglib's conversions counted; faces kept in a folder of this test."""
    fonts.register()  # as a FaceRenderer does before it converts a face
    seen: list[str] = []
    real = cards.svg2rlg

    def counting(source: Any, **options: Any) -> Any:
        seen.append("converted")
        return real(source, **options)

    monkeypatch.setattr(cards, "svg2rlg", counting)
    monkeypatch.setattr(cards, "_faces", lambda: Kept(tmp_path / "faces", ".pickle"))
    cards.svg_drawing.cache_clear()
    yield seen
    cards.svg_drawing.cache_clear()


def _pdf(drawing: Any) -> bytes:
    fonts.register()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(180, 252), invariant=1)
    drawing.initialFontName = fonts.REGULAR
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_a_face_is_converted_once_and_read_back_the_same(
    conversions: list[str], tmp_path: Path
) -> None:
    first = cards.svg_drawing(FACE, "templates")
    assert conversions == ["converted"]
    assert len(list((tmp_path / "faces").glob("*.pickle"))) == 1

    cards.svg_drawing.cache_clear()  # the next process
    again = cards.svg_drawing(FACE, "templates")
    assert conversions == ["converted"]
    assert again is not first
    assert _pdf(again) == _pdf(first)

    cards.svg_drawing.cache_clear()  # another template folder: another face
    cards.svg_drawing(FACE, "other-templates")
    assert conversions == ["converted", "converted"]


def test_a_damaged_kept_face_is_converted_again(conversions: list[str], tmp_path: Path) -> None:
    first = cards.svg_drawing(FACE, "templates")
    (kept,) = (tmp_path / "faces").glob("*.pickle")
    kept.write_bytes(kept.read_bytes()[:40])  # cut short, as by a full disk
    cards.svg_drawing.cache_clear()
    again = cards.svg_drawing(FACE, "templates")
    assert conversions == ["converted", "converted"]
    assert _pdf(again) == _pdf(first)
    kept.write_bytes(b"\x80\x05K\x07.")  # a pickle of something that is no drawing
    cards.svg_drawing.cache_clear()
    cards.svg_drawing(FACE, "templates")
    assert len(conversions) == 3
