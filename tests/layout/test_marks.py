from __future__ import annotations

import io

from pypdf import PdfReader
from tests.pdfread import page_texts

from pnpkit.layout import marks
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect
from pnpkit.layout.paper import LETTER, MARGIN
from pnpkit.units import INCH, MM
from pnpkit.verify.check import check_ruler, positions
from pnpkit.verify.content import read_page
from pnpkit.verify.promises import Promises


def _page(draw: object) -> tuple[PdfReader, Document, bytes]:
    buffer = io.BytesIO()
    doc = Document(buffer, LETTER, title="marks")
    draw(doc)  # type: ignore[operator]
    doc.save()
    data = buffer.getvalue()
    return PdfReader(io.BytesIO(data)), doc, data


def test_calibration_bars_measure_one_inch_and_five_cm() -> None:
    box: list[Rect] = []
    reader, doc, _ = _page(lambda d: box.append(marks.calibration(d.canvas, 100, 100, d)))
    content = read_page(reader, reader.pages[0])
    inch = positions(content.segments, marks.RULER_INCH_COLOR, "x")
    cm = positions(content.segments, marks.RULER_CM_COLOR, "x")
    assert len(inch) == 9 and abs(inch[-1] - inch[0] - INCH) < 1e-3
    assert len(cm) == 51 and abs(cm[-1] - cm[0] - 50 * MM) < 1e-3
    promises = doc.promises.rulers
    assert [p.what for p in promises] == ["calibration ruler 1 in", "calibration ruler 5 cm"]
    for promise in promises:
        assert check_ruler(content.segments, promise) == []
    # every painted mark lies in the box calibration() reports
    for painted in content.painted:
        assert box[0].grown(0.01).contains(Rect(*painted.box)), painted


def test_calibration_text_says_print_at_100_percent() -> None:
    _, _, data = _page(lambda d: marks.calibration(d.canvas, MARGIN, MARGIN, d))
    text = page_texts(data)[0]
    assert marks.PRINT_AT_100 in text
    assert "1 in" in text and "5 cm" in text


def test_crop_marks_stay_outside_the_trim() -> None:
    trim = Rect(100, 100, 280, 352)
    reader, _, _ = _page(lambda d: marks.crop_marks(d.canvas, trim))
    content = read_page(reader, reader.pages[0])
    assert len(content.segments) == 8
    for s in content.segments:
        mid = ((s.x0 + s.x1) / 2, (s.y0 + s.y1) / 2)
        inside = trim.x0 < mid[0] < trim.x1 and trim.y0 < mid[1] < trim.y1
        assert not inside
        assert trim.grown(marks.CROP_REACH + 0.01).contains_point(*mid)


def test_line_styles_differ() -> None:
    def draw(d: Document) -> None:
        marks.trim_line(d.canvas, 50, 50, 200, 50)
        marks.cut_line(d.canvas, 50, 80, 200, 80)
        marks.fold_line(d.canvas, 50, 110, 200, 110)

    reader, _, _ = _page(draw)
    stream = reader.pages[0].get_contents().get_data()
    assert b"[.1 2] 0 d" in stream or b"[0.1 2] 0 d" in stream  # dotted cut line
    assert b"[4 2.5] 0 d" in stream  # dashed fold line


def test_crosshair_and_triangle_are_centred_on_their_point() -> None:
    def draw(d: Document) -> None:
        marks.crosshair(d.canvas, 300, 400)
        marks.triangle(d.canvas, 100, 100, "left")

    reader, _, _ = _page(draw)
    content = read_page(reader, reader.pages[0])
    vertical = positions(content.segments, marks.MARK_COLOR, "x")
    horizontal = positions(content.segments, marks.MARK_COLOR, "y")
    assert any(abs(x - 300) < 1e-6 for x in vertical)
    assert any(abs(y - 400) < 1e-6 for y in horizontal)
    fills = [p.box for p in content.painted if p.kind == "fill"]
    assert any(abs(b[0] - 100) < 1e-6 and b[2] > 100 for b in fills)


def test_promises_survive_json() -> None:
    _, doc, _ = _page(lambda d: marks.calibration(d.canvas, 100, 100, d))
    again = Promises.from_json(doc.promises.to_json())
    assert again.rulers == doc.promises.rulers
