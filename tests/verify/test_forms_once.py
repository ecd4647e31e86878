"""A form drawn on many pages is interpreted once, in its own space, and each page takes the
marks its clip shows: the same marks, to rounding, as interpreting the form on every page."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

import pnpkit.verify.content as content_module
from pnpkit.layout.document import Document
from pnpkit.layout.paper import A4, LETTER, Paper
from pnpkit.layout.sample import SampleGrid
from pnpkit.layout.tiled_pdf import write_tiled
from pnpkit.layout.tiling import tile
from pnpkit.units import INCH
from pnpkit.verify import verify_pdf
from pnpkit.verify.content import FormCache, PageContent, read_page

CELL = 1.25 * INCH


def _tiled(side: int, paper: Paper) -> bytes:
    layout = tile(SampleGrid(side, side, CELL, title="Chart"), paper, title="Chart")
    buffer = io.BytesIO()
    doc = Document(buffer, title="Chart")
    write_tiled(layout, doc)
    doc.save()
    return buffer.getvalue()


def _pages(data: bytes) -> list[PageContent]:
    reader = PdfReader(io.BytesIO(data))
    cache = FormCache()
    return [read_page(reader, page, cache) for page in reader.pages]


def _same(a: PageContent, b: PageContent) -> bool:
    """The same marks in the same order, every coordinate within 1e-6 pt."""

    def near(x: tuple[float, ...], y: tuple[float, ...]) -> bool:
        return all(abs(u - v) <= 1e-6 for u, v in zip(x, y, strict=True))

    return (
        len(a.segments) == len(b.segments)
        and len(a.painted) == len(b.painted)
        and all(
            near((s.x0, s.y0, s.x1, s.y1, s.width), (t.x0, t.y0, t.x1, t.y1, t.width))
            and s.color == t.color
            for s, t in zip(a.segments, b.segments, strict=True)
        )
        and all(
            near(p.box, q.box) and (p.kind, p.what) == (q.kind, q.what)
            for p, q in zip(a.painted, b.painted, strict=True)
        )
        and len(a.texts) == len(b.texts)
        and all(
            near((*s.box, s.size), (*t.box, t.size)) and s.raw == t.raw and s.text == t.text
            for s, t in zip(a.texts, b.texts, strict=True)
        )
        and a.fills == b.fills
    )


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_placed_forms_read_the_same_as_interpreted_ones(
    paper: Paper, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _tiled(12, paper)
    placed = _pages(data)
    monkeypatch.setattr(content_module, "_keeps_boxes", lambda matrix: False)
    interpreted = _pages(data)
    assert len(placed) == len(interpreted) >= 5
    for number, (a, b) in enumerate(zip(placed, interpreted, strict=True), start=1):
        assert a.segments and a.painted and a.texts, number
        assert _same(a, b), f"page {number} reads differently"


def test_a_chart_form_is_interpreted_once_for_all_its_sheets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = _tiled(24, LETTER)
    pages = len(PdfReader(io.BytesIO(data)).pages)
    runs: list[object] = []
    alive: list[object] = []  # kept, so no stream's id is given to another while we count
    run = content_module._Interpreter.run

    def counting(self: object, stream: object, *args: object) -> None:
        alive.append(stream)
        runs.append(getattr(stream, "indirect_reference", None) or id(stream))
        run(self, stream, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(content_module._Interpreter, "run", counting)
    assert verify_pdf("chart.pdf", data=data) == []
    # each page's stream and each form's once: the chart's form, placed on every sheet (and
    # the assembly page's picture), is not read again per sheet
    assert pages > 10
    forms = [ref for ref in runs if runs.count(ref) > 1]
    assert forms == []
    assert pages < len(runs) <= pages + 2
