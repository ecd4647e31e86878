from __future__ import annotations

import gc
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas
from tests.writing import write_tiled_pdf

from pnpkit.errors import BuildError
from pnpkit.layout import marks
from pnpkit.layout.document import Document, _PromisingInfo
from pnpkit.layout.paper import LETTER, MARGIN
from pnpkit.layout.sample import SampleGrid
from pnpkit.layout.tiling import tile
from pnpkit.render import fonts
from pnpkit.units import INCH
from pnpkit.verify import check, require_verified, verify_paths, verify_pdf
from pnpkit.verify.promises import Promises


def _doc(path: Path, draw: Callable[[Document], None], **kwargs: Any) -> Path:
    doc = Document(path, LETTER, title="t", **kwargs)
    draw(doc)
    doc.save()
    return path


def _text(doc: Document) -> None:
    doc.canvas.setFont(fonts.REGULAR, 10)
    doc.canvas.drawString(72, 72, "fine")


def test_a_clean_document_has_no_problems(tmp_path: Path) -> None:
    assert verify_pdf(_doc(tmp_path / "a.pdf", _text)) == []


def test_missing_print_scaling_and_unembedded_font(tmp_path: Path) -> None:
    path = tmp_path / "raw.pdf"
    c = Canvas(str(path), pagesize=LETTER.size, invariant=1)
    c.setFont("Helvetica", 10)  # base-14: never embedded
    c.drawString(72, 72, "raw")
    c.save()
    problems = verify_pdf(path)
    assert any("PrintScaling" in p for p in problems)
    assert any("Helvetica is not embedded" in p for p in problems)


def test_an_unembedded_font_in_a_form_is_said_on_every_page_placing_it(tmp_path: Path) -> None:
    def placed(doc: Document) -> None:
        canvas = doc.canvas
        canvas.beginForm("raw", 0, 0, 100, 20)
        canvas.setFont("Helvetica", 10)  # base-14: never embedded
        canvas.drawString(0, 5, "raw")
        canvas.endForm()
        for _ in range(2):
            canvas.saveState()
            canvas.translate(72, 72)
            canvas.doForm("raw")
            canvas.restoreState()
            doc.next_page()
        canvas.doForm("raw")

    path = _doc(tmp_path / "forms.pdf", placed)
    said = [p for p in verify_pdf(path) if "not embedded" in p]
    assert said == [f"{path}: page {n}: font /Helvetica is not embedded" for n in (1, 2, 3)]


def test_odd_page_size_unless_promised(tmp_path: Path) -> None:
    def odd(doc: Document) -> None:
        doc.start_page(type(LETTER)("odd", 500.0, 500.0))
        _text(doc)

    bad = _doc(tmp_path / "odd.pdf", odd)
    problems = verify_pdf(bad)
    assert len(problems) == 1 and "neither Letter nor A4" in problems[0]
    assert "page 2" in problems[0]

    def promised(doc: Document) -> None:
        doc.allow_size(500.0, 500.0)
        odd(doc)

    assert verify_pdf(_doc(tmp_path / "ok.pdf", promised)) == []


def test_page_count_promise(tmp_path: Path) -> None:
    path = tmp_path / "count.pdf"
    fonts.register()
    c = Canvas(str(path), pagesize=LETTER.size, invariant=1, initialFontName=fonts.REGULAR)
    info = _PromisingInfo()
    info.promises_json = Promises(pages=3).to_json()
    c._doc.info = info
    c.setViewerPreference("PrintScaling", "/None")
    c.showPage()
    c.save()
    assert verify_pdf(path) == [f"{path}: 1 pages, promised 3"]


def test_promises_kept_as_a_string_are_read_too(tmp_path: Path) -> None:
    """A file written before the promises moved into a stream keeps them as a string."""
    path = tmp_path / "string.pdf"
    fonts.register()
    c = Canvas(str(path), pagesize=LETTER.size, invariant=1, initialFontName=fonts.REGULAR)
    c.setViewerPreference("PrintScaling", "/None")
    c._doc.info.title = "x"
    c.showPage()
    c.save()
    text = Promises(pages=3).to_json().encode()
    data = path.read_bytes().replace(b"/Title (x)", b"/PnpkitPromises (" + text + b")")
    path.write_bytes(data)
    assert verify_pdf(path) == [f"{path}: 1 pages, promised 3"]


def test_a_damaged_promise_stream_is_a_problem(tmp_path: Path) -> None:
    path = _doc(tmp_path / "ok.pdf", lambda doc: None)
    data = path.read_bytes()
    start = data.rindex(b">>\nstream\n") + len(b">>\nstream\n")  # the last object: the promises
    path.write_bytes(data[:start] + b"\x00\x01not zlib" + data[start + 10 :])
    (problem,) = verify_pdf(path)
    assert problem.startswith(f"{path}: unreadable promises: ")


def test_marks_in_the_margin_are_caught_unless_clipped(tmp_path: Path) -> None:
    def outside(doc: Document) -> None:
        doc.canvas.line(5, 100, 200, 100)

    problems = verify_pdf(_doc(tmp_path / "out.pdf", outside))
    assert len(problems) == 1 and "margin" in problems[0] and "stroke" in problems[0]

    def text_low(doc: Document) -> None:
        doc.canvas.setFont(fonts.REGULAR, 10)
        doc.canvas.drawString(100, MARGIN, "descenders go below the baseline: gjpqy")

    problems = verify_pdf(_doc(tmp_path / "text.pdf", text_low))
    assert len(problems) == 1 and "text" in problems[0]

    def clipped(doc: Document) -> None:
        c = doc.canvas
        c.saveState()
        path = c.beginPath()
        path.rect(MARGIN, MARGIN, 200, 200)
        c.clipPath(path, stroke=0, fill=0)
        c.rect(0, 0, 400, 400, stroke=0, fill=1)
        c.restoreState()

    assert verify_pdf(_doc(tmp_path / "clip.pdf", clipped)) == []

    def bleed(doc: Document) -> None:
        doc.set_margin(0)
        outside(doc)

    assert verify_pdf(_doc(tmp_path / "bleed.pdf", bleed)) == []


def test_ruler_drawn_at_the_wrong_scale_is_caught(tmp_path: Path) -> None:
    def good(doc: Document) -> None:
        marks.calibration(doc.canvas, 100, 100, doc)

    assert verify_pdf(_doc(tmp_path / "good.pdf", good)) == []

    def shrunk(doc: Document) -> None:
        c = doc.canvas
        c.saveState()
        c.translate(100, 100)
        c.scale(0.95, 0.95)  # what "fit to page" would do
        marks.calibration(c, 0, 0)
        c.restoreState()
        # the promise is made for the unscaled position
        doc.promise_ruler(
            what="calibration ruler 1 in",
            length=INCH,
            divisions=8,
            color=marks.RULER_INCH_COLOR,
            bbox=(90.0, 90.0, 250.0, 140.0),
        )

    problems = verify_pdf(_doc(tmp_path / "shrunk.pdf", shrunk))
    # the ruler's 6 pt words shrink to 5.70 pt, which the text size check reports too
    small = [p for p in problems if "smaller than 6 pt" in p]
    ruler = [p for p in problems if p not in small]
    assert len(small) == 1 and "5.70 pt" in small[0]
    assert len(ruler) == 2
    assert "calibration ruler 1 in: measures 68.40 pt (24.13 mm), promised 72.00 pt" in ruler[0]
    assert "tick step" in ruler[1]


def test_a_grid_off_by_less_than_a_tenth_of_a_mm_passes(tmp_path: Path) -> None:
    close = SampleGrid(4, 4, pitch=90.0, drawn_pitch=90.0 + 0.2)  # 0.07 mm per cell
    far = SampleGrid(4, 4, pitch=90.0, drawn_pitch=90.0 + 0.4)  # 0.14 mm per cell
    write_tiled_pdf(tile(close, LETTER, title="close"), tmp_path / "close.pdf")
    write_tiled_pdf(tile(far, LETTER, title="far"), tmp_path / "far.pdf")
    assert verify_pdf(tmp_path / "close.pdf") == []
    assert verify_pdf(tmp_path / "far.pdf")


def test_regions_that_do_not_add_up_are_caught(tmp_path: Path) -> None:
    from pnpkit.layout import tiled_pdf

    layout = tile(SampleGrid(12, 12, 90.0), LETTER, title="Square chart")
    buffer = io.BytesIO()
    doc = Document(buffer, title="t")
    tiled_pdf.write_tiled(layout, doc, assembly=False)
    # promise a bigger chart than the sheets assemble into
    doc.promise_assembly(
        what="Square chart",
        width=layout.item.width + 9,
        height=layout.item.height,
        color=tiled_pdf.REGION_COLOR,
        sheets=[(s.number, s.row, s.column) for s in layout.sheets],
    )
    doc.save()
    path = tmp_path / "sum.pdf"
    path.write_bytes(buffer.getvalue())
    problems = verify_pdf(path)
    assert len(problems) == 2
    assert all("sheet regions add up to 1080.00 pt" in p for p in problems)


def test_verify_paths_recurses_and_reports_missing(tmp_path: Path) -> None:
    (tmp_path / "kit" / "deep").mkdir(parents=True)
    _doc(tmp_path / "kit" / "a.pdf", _text)
    raw = tmp_path / "kit" / "deep" / "raw.pdf"
    fonts.register()
    c = Canvas(str(raw), pagesize=LETTER.size, invariant=1, initialFontName=fonts.REGULAR)
    c.setFont(fonts.REGULAR, 10)
    c.drawString(72, 72, "x")
    c.save()
    problems = verify_paths([tmp_path / "kit", tmp_path / "nothing.pdf"])
    assert len(problems) == 2
    assert "raw.pdf: /ViewerPreferences /PrintScaling /None is missing" in problems[0]
    assert "nothing.pdf: no such file or folder" in problems[1]
    (tmp_path / "empty").mkdir()
    assert verify_paths([tmp_path / "empty"]) == [f"{tmp_path / 'empty'}: no PDF files found"]


def test_unreadable_file_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "broken.pdf"
    path.write_bytes(b"%PDF-1.4 this is not a pdf")
    problems = verify_pdf(path)
    assert len(problems) == 1 and "cannot read" in problems[0]


def test_require_verified_raises_build_error_listing_problems(tmp_path: Path) -> None:
    good = _doc(tmp_path / "good.pdf", _text)
    require_verified(good)
    wrong = SampleGrid(4, 4, pitch=90.0, drawn_pitch=86.4)
    path = tmp_path / "wrong.pdf"
    write_tiled_pdf(tile(wrong, LETTER, title="wrong"), path)
    with pytest.raises(BuildError) as info:
        require_verified(path)
    message = str(info.value)
    assert "did not verify (2 problems)" in message
    assert "promised 90.00 pt" in message


def test_margin_is_measured_from_the_media_box(tmp_path: Path) -> None:
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import RectangleObject

    def low_line(doc: Document) -> None:
        doc.canvas.line(100, 5, 200, 5)  # in the margin of a page whose media box starts at 0

    original = _doc(tmp_path / "low.pdf", low_line)
    assert len(verify_pdf(original)) == 1
    writer = PdfWriter(clone_from=PdfReader(original))
    writer.pages[0].mediabox = RectangleObject((0, -100, 612, 692))  # same size, shifted down
    shifted = tmp_path / "shifted.pdf"
    with shifted.open("wb") as out:
        writer.write(out)
    assert verify_pdf(shifted) == []  # the line now sits 105 pt above the sheet's bottom edge


@pytest.mark.parametrize("enabled", [True, False])
def test_garbage_collection_is_paused_while_reading_and_left_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, enabled: bool
) -> None:
    seen: list[bool] = []
    real = check.read_page

    def read_page(*args: Any) -> Any:
        seen.append(gc.isenabled())
        if len(seen) > 1:
            raise RuntimeError("broken reader")
        return real(*args)

    monkeypatch.setattr(check, "read_page", read_page)
    path = _doc(tmp_path / "a.pdf", _text)
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        assert verify_pdf(path) == []
        assert gc.isenabled() is enabled
        assert "broken reader" in verify_pdf(path)[0]  # raised while paused: restored too
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
    assert seen == [False, False]


def _rewritten(source: Path, target: Path, key: str, value: Any) -> Path:
    """``source`` with ``key`` set to ``value`` on every page (pypdf), written to ``target``."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    writer = PdfWriter(clone_from=PdfReader(source))
    for page in writer.pages:
        page[NameObject(key)] = value
    with target.open("wb") as out:
        writer.write(out)
    return target


def test_what_prints_a_page_at_another_scale_or_cuts_it_is_caught(tmp_path: Path) -> None:
    """A page's own entries can undo the drawing's scale: a user unit, a turn that is not a
    quarter turn, a crop box smaller than the page."""
    from pypdf.generic import ArrayObject, FloatObject, NumberObject

    clean = _doc(tmp_path / "a.pdf", _text)
    assert verify_pdf(_rewritten(clean, tmp_path / "turned.pdf", "/Rotate", NumberObject(90))) == []
    problems = verify_pdf(_rewritten(clean, tmp_path / "u.pdf", "/UserUnit", FloatObject(2)))
    assert problems == [f"{tmp_path / 'u.pdf'}: page 1: /UserUnit 2 prints every length 2 times"]
    problems = verify_pdf(_rewritten(clean, tmp_path / "r.pdf", "/Rotate", NumberObject(45)))
    assert problems == [
        f"{tmp_path / 'r.pdf'}: page 1: /Rotate 45 is not a quarter turn (0, 90, 180 or 270)"
    ]
    crop = ArrayObject([FloatObject(0), FloatObject(0), FloatObject(200), FloatObject(200)])
    problems = verify_pdf(_rewritten(clean, tmp_path / "c.pdf", "/CropBox", crop))
    assert problems == [
        f"{tmp_path / 'c.pdf'}: page 1: the crop box (200.00 × 200.00 pt) hides part of the page "
        "(612.00 × 792.00 pt): a viewer prints only what it shows"
    ]
