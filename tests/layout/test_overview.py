from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from tests.pdfread import page_texts

from pnpkit.layout.document import Document
from pnpkit.layout.overview import fit_one_page, place_one_page, scale_text
from pnpkit.layout.paper import LETTER, MARGIN
from pnpkit.layout.sample import SampleGrid
from pnpkit.render.drawable import GRID_COLOR
from pnpkit.units import INCH
from pnpkit.verify import verify_pdf
from pnpkit.verify.check import positions
from pnpkit.verify.content import read_page

from .items import Plain


def test_wide_item_goes_landscape_and_scales_down() -> None:
    placed = fit_one_page(Plain(), LETTER)
    assert placed.paper.orientation == "landscape"
    assert 0.3 < placed.scale < 0.5
    assert placed.box.x0 >= MARGIN and placed.box.x1 <= 792 - MARGIN
    assert placed.box.width == pytest.approx(Plain().width * placed.scale)


def test_small_item_is_never_enlarged() -> None:
    placed = fit_one_page(SampleGrid(2, 2), LETTER)
    assert placed.scale == 1.0
    assert scale_text(1.0) == "Actual size (100 %)."


def test_scaled_page_promises_the_scaled_pitch(tmp_path: object) -> None:
    buffer = io.BytesIO()
    doc = Document(buffer, title="overview")
    item = SampleGrid(17, 15, 1.25 * INCH)
    placed = place_one_page(item, LETTER, doc, title="Hex overview")
    doc.save()
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    content = read_page(reader, reader.pages[0])
    xs = positions(content.segments, GRID_COLOR, "x")
    assert xs[1] - xs[0] == pytest.approx(1.25 * INCH * placed.scale)
    text = " ".join(page_texts(buffer.getvalue())[0].split())
    assert f"Scale 1 : {1 / placed.scale:.2f}" in text
    assert "Print at 100 %" in text
    assert doc.promises.lines[0].pitch == pytest.approx(90 * placed.scale)


def test_overview_pdf_verifies(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "overview.pdf"
    doc = Document(path, title="overview")
    place_one_page(SampleGrid(17, 15, 1.25 * INCH), LETTER, doc, title="Hex overview")
    doc.save()
    assert verify_pdf(path) == []
