"""A form drawn on many pages is interpreted once, in its own space, and each page takes the
marks its clip shows: the same marks, to rounding, as interpreting the form on every page."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

import pnpkit.verify.content as content_module
from pnpkit.layout.bleed import draw_bled
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect
from pnpkit.layout.paper import A4, LETTER, Paper
from pnpkit.layout.sample import SampleGrid
from pnpkit.layout.tiled_pdf import write_tiled
from pnpkit.layout.tiling import tile
from pnpkit.render import fonts
from pnpkit.units import INCH
from pnpkit.verify import check, verify_pdf
from pnpkit.verify.content import FormCache, PageContent, forms_of_one_page, read_page

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


def _counted_runs(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The list each stream the verifier interprets is added to (its object reference, or its
    id), from now until the test ends."""
    runs: list[object] = []
    alive: list[object] = []  # kept, so no stream's id is given to another while we count
    run = content_module._Interpreter.run

    def counting(self: object, stream: object, *args: object) -> None:
        alive.append(stream)
        runs.append(getattr(stream, "indirect_reference", None) or id(stream))
        run(self, stream, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(content_module._Interpreter, "run", counting)
    return runs


def test_a_chart_form_is_interpreted_once_for_all_its_sheets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = _tiled(24, LETTER)
    pages = len(PdfReader(io.BytesIO(data)).pages)
    runs = _counted_runs(monkeypatch)
    assert verify_pdf("chart.pdf", data=data) == []
    # each page's stream and each form's once: the chart's form, placed on every sheet (and
    # the assembly page's picture), is not read again per sheet
    assert pages > 10
    forms = [ref for ref in runs if runs.count(ref) > 1]
    assert forms == []
    assert pages < len(runs) <= pages + 2


# a card face drawn through a matrix that does not keep boxes (a bled card's mirrored bands) ---


class _Face:
    """A poker card face as a build draws one: a bordered ground, a band, a word at ``size``
    pt in the middle, a line of text near the edge (the bleed bands stretch the edge)."""

    width = 180.0
    height = 252.0

    def __init__(self, size: float = 10.0) -> None:
        self.size = size

    def draw(self, c: object) -> None:
        c.setFillColorRGB(0.9, 0.85, 0.8)  # type: ignore[attr-defined]
        c.setStrokeColorRGB(0.48, 0.29, 0.11)  # type: ignore[attr-defined]
        c.setLineWidth(3)  # type: ignore[attr-defined]
        c.roundRect(1, 1, 178, 250, 8, stroke=1, fill=1)  # type: ignore[attr-defined]
        c.setFillColorRGB(0.48, 0.29, 0.11)  # type: ignore[attr-defined]
        c.rect(0, 200, 180, 40, stroke=0, fill=1)  # type: ignore[attr-defined]
        c.setFont(fonts.BOLD, self.size)  # type: ignore[attr-defined]
        c.drawString(40, 120, "Bosun")  # type: ignore[attr-defined]
        c.setFont(fonts.REGULAR, 7)  # type: ignore[attr-defined]
        c.drawString(0.2, 5, "edge")  # type: ignore[attr-defined]


SLOTS = [
    Rect.of(40 + 200 * column, 60 + 300 * row, 180, 252) for row in (0, 1) for column in (0, 1)
]
BLEED = (9.0, 9.0, 9.0, 9.0)


def _bled_deck(pages: int, face: object, squeezed: bool = False) -> bytes:
    """``pages`` Letter pages, each the one ``face`` in every slot of :data:`SLOTS`, drawn with
    its bleed (mirrored, stretched bands); ``squeezed``: drawn half as tall besides."""
    buffer = io.BytesIO()
    doc = Document(buffer, title="Deck")
    for _ in range(pages):
        doc.start_page(LETTER)
        form = doc.form(face)  # type: ignore[arg-type]
        for slot in SLOTS:
            if squeezed:
                doc.canvas.saveState()
                doc.canvas.translate(slot.x0, slot.y0)
                doc.canvas.scale(1.0, 0.5)
                doc.canvas.doForm(form)
                doc.canvas.restoreState()
            else:
                draw_bled(doc.canvas, form, slot, BLEED)
    doc.save()
    return buffer.getvalue()


def _fields(page: PageContent) -> tuple[list[str], ...]:
    """Every mark as the text of its numbers (every bit of them: 0.0 and -0.0 differ)."""
    return (
        [repr(tuple(s)) for s in page.segments],
        [repr(tuple(p)) for p in page.painted],
        [repr((t.box, t.size, t.raw, t.text)) for t in page.texts],
        sorted(repr(f) for f in page.fills),
    )


def test_a_bled_face_reads_the_same_from_the_document_as_alone_on_its_page() -> None:
    """Every page read with one cache for the document (a form drawn in the same place and
    state as on an earlier page takes the marks read there) reads exactly as the page read
    with nothing kept from other pages."""
    data = _bled_deck(4, _Face())
    reader = PdfReader(io.BytesIO(data))
    shared = FormCache()
    for number, page in enumerate(reader.pages, start=1):
        together = read_page(reader, page, shared)
        alone = read_page(PdfReader(io.BytesIO(data)), PdfReader(io.BytesIO(data)).pages[0])
        assert together.texts and together.segments and together.painted
        assert _fields(together) == _fields(alone), f"page {number} reads differently"
    assert shared.drawings  # the face was measured once, in its own space, for every band


def test_a_bled_face_is_interpreted_once_whatever_its_bands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = _bled_deck(5, _Face())
    runs = _counted_runs(monkeypatch)
    assert verify_pdf("deck.pdf", data=data) == []
    # each page's stream once, and the face once in its own space: its 4 places on every page
    # and the 8 mirrored, stretched bands of each (a bleed) are placed from that one reading
    assert len(runs) == 5 + 1 and len(set(runs)) == len(runs)


class _Edgy(_Face):
    """A face with a clipped stroke, a fill, strokes of every direction along its edges, a
    word turned a quarter turn and one drawn squeezed: every way the bleed's stretch changes
    what is measured (a stroke's reach, a word's height)."""

    def draw(self, c: object) -> None:
        super().draw(c)
        c.setLineWidth(2)  # type: ignore[attr-defined]
        c.line(0, 30, 180, 30)  # type: ignore[attr-defined]
        c.line(178, 0, 178, 252)  # type: ignore[attr-defined]
        c.saveState()  # type: ignore[attr-defined]
        clip = c.beginPath()  # type: ignore[attr-defined]
        clip.rect(0, 60, 90, 30)
        c.clipPath(clip, stroke=0, fill=0)  # type: ignore[attr-defined]
        c.setLineWidth(6)  # type: ignore[attr-defined]
        c.line(-10, 75, 200, 75)  # type: ignore[attr-defined]
        c.restoreState()  # type: ignore[attr-defined]
        c.saveState()  # type: ignore[attr-defined]
        c.translate(2, 150)  # type: ignore[attr-defined]
        c.rotate(90)  # type: ignore[attr-defined]
        c.setFont(fonts.REGULAR, 8)  # type: ignore[attr-defined]
        c.drawString(0, 0, "turned")  # type: ignore[attr-defined]
        c.restoreState()  # type: ignore[attr-defined]
        c.saveState()  # type: ignore[attr-defined]
        c.scale(1.0, 0.6)  # type: ignore[attr-defined]
        c.setFont(fonts.REGULAR, 9)  # type: ignore[attr-defined]
        c.drawString(100, 2, "low")  # type: ignore[attr-defined]
        c.restoreState()  # type: ignore[attr-defined]


def test_a_stretched_form_placed_reads_as_interpreted_where_it_is_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bands of a bled face, placed from the face read once in its own space, give the
    marks interpreting the face in each band gives: strokes widened and cut on the page, words
    as tall as the stretch makes them."""
    data = _bled_deck(2, _Edgy())
    placed = _pages(data)
    monkeypatch.setattr(content_module, "_stretches", lambda matrix: False)
    interpreted = _pages(data)
    for number, (a, b) in enumerate(zip(placed, interpreted, strict=True), start=1):
        assert a.segments and a.painted and a.texts, number
        assert _same(a, b), f"page {number} reads differently"
    words = {t.text: t.size for t in interpreted[0].texts}
    assert "turned" in words and "low" in words


def test_small_text_in_a_face_reused_on_every_page_is_caught_on_every_page() -> None:
    """A face drawn squeezed (its 10 pt words 5 pt tall) in the same place on every page: the
    marks of pages 2 and 3 are those read on page 1, and each page still names its small
    text; a face whose words stay at 6 pt passes."""
    data = _bled_deck(3, _Face(10.0), squeezed=True)
    problems = verify_pdf("deck.pdf", data=data)
    assert problems == [
        f"deck.pdf: page {n}: 8 text runs smaller than 6 pt: 3.50 pt 'edge' ×4, 5.00 pt 'Bosun' ×4"
        for n in (1, 2, 3)
    ]
    assert verify_pdf("deck.pdf", data=_bled_deck(3, _Face(12.0))) == []


# what is kept while a document is read ---------------------------------------------------------


class _Emblem:
    """A small drawing every face draws inside itself (a form in each face's resources)."""

    width = 20.0
    height = 20.0

    def draw(self, c: object) -> None:
        c.circle(10, 10, 8, stroke=1, fill=0)  # type: ignore[attr-defined]


def test_a_form_is_forgotten_after_the_one_page_that_draws_it() -> None:
    """A face drawn on one page only is released once that page is read; a back drawn on
    every page, and an emblem drawn inside every face, are kept for the pages after."""
    buffer = io.BytesIO()
    doc = Document(buffer, title="Deck")
    doc.start_page(LETTER)
    back, emblem = _Face(), doc.form(_Emblem())  # type: ignore[arg-type]

    class WithEmblem(_Face):
        def draw(self, c: object) -> None:
            super().draw(c)
            c.doForm(emblem)  # type: ignore[attr-defined]

    faces = [WithEmblem(), WithEmblem()]
    for number, face in enumerate(faces):
        if number:
            doc.start_page(LETTER)
        for slot, drawn in zip(SLOTS, (face, back), strict=False):
            draw_bled(doc.canvas, doc.form(drawn), slot, BLEED)  # type: ignore[arg-type]
    doc.save()
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    pages = list(reader.pages)
    once = forms_of_one_page(pages)
    assert sorted(once) == [0, 1] and all(len(keys) == 1 for keys in once.values())
    cache = FormCache()
    first = read_page(reader, pages[0], cache)
    face_key = once[0][0]
    kept = set(cache.operations)
    assert face_key in kept and len(kept) == 3  # the face, the back, the emblem
    cache.release(once[0])
    assert set(cache.operations) == kept - {face_key} and face_key not in cache.drawings
    second = read_page(reader, pages[1], cache)
    assert len(second.texts) == len(first.texts) > 0  # the back and emblem read from the cache


def test_a_page_keeps_for_later_checks_only_what_they_read() -> None:
    """After its own checks (margins, text sizes), a page keeps its forms, its fills, its
    segments in a colour a later promise measures (in their order) and, for a colour promise,
    its texts: and every later check finds there what it found in the whole page."""
    data = _tiled(12, LETTER)
    reader = PdfReader(io.BytesIO(data))
    promises, _ = check._promises(reader)
    wanted = check._wanted_later(promises)
    cache = FormCache()
    pages = [read_page(reader, page, cache) for page in reader.pages]
    assert promises.lines and promises.assemblies
    for promise in promises.lines:
        whole = pages[promise.page - 1]
        kept = check._kept(whole, wanted.get(promise.page))
        assert kept.painted == [] and kept.texts == [] and kept.forms == whole.forms
        assert kept.fills == whole.fills
        assert 0 < len(kept.segments) < len(whole.segments)
        assert check._in_color(kept, promise.color) == check._in_color(whole, promise.color)
        assert check.check_lines(check._in_color(kept, promise.color), promise) == []
    unpromised = check._kept(pages[0], None)
    assert unpromised.segments == [] and unpromised.texts == [] and unpromised.painted == []
