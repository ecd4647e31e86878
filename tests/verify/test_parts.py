"""A long document's pages read back in parts, by other processes at once, find exactly what one
reading finds: the same problems in the same order, promises measured on any page, and a
build with ``--jobs`` fails the same way as one without."""

from __future__ import annotations

import io
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path
from typing import Any

import pytest

from pnpkit.build import write
from pnpkit.build.context import BuildContext
from pnpkit.build.write import write_documents
from pnpkit.errors import BuildError
from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.layout.plan import DocumentPlan
from pnpkit.render import fonts
from pnpkit.verify.check import (
    PART_PAGES,
    PageIds,
    PagesRead,
    page_parts,
    read_pages,
    verify_pdf,
)
from pnpkit.verify.promises import Promises

PAGES = 3 * PART_PAGES + 5
"""Long enough to be read in several parts."""
GREY = (0.5, 0.5, 0.5)


class _Face:
    """A drawable: a framed box with a word, drawn as a form (as a card's face is)."""

    def __init__(self, word: str, size: float = 9) -> None:
        self.word, self.size = word, size
        self.width = self.height = 72.0

    def draw(self, canvas: Any) -> None:
        canvas.rect(0, 0, self.width, self.height)
        canvas.setFont(fonts.REGULAR, self.size)
        canvas.drawString(6, 30, self.word)


def _pages(doc: Document) -> None:
    shared = _Face("back")
    for number in range(1, PAGES + 1):
        doc.start_page(LETTER)
        canvas = doc.canvas
        for slot, face in enumerate((shared, _Face(f"front {number}"))):
            canvas.saveState()
            canvas.translate(72 + 100 * slot, 300)
            canvas.doForm(doc.form(face))
            canvas.restoreState()
        if number in (3, PART_PAGES + 1, PAGES):  # inside the 0.25 in margin
            canvas.rect(2, 2, 20, 20, fill=1)
        if number == 2 * PART_PAGES:  # a face whose word is too small to read
            canvas.saveState()
            canvas.translate(300, 500)
            canvas.doForm(doc.form(_Face("tiny", size=4)))
            canvas.restoreState()
        if number == PAGES - 1:  # promised 36 pt apart, drawn 40 pt apart
            canvas.setStrokeColorRGB(*GREY)
            for k in range(4):
                canvas.line(100 + 40 * k, 600, 100 + 40 * k, 700)
    doc.promise_lines(what="grid", pitch=36.0, color=GREY, axis="x", page=PAGES - 1)


def _body() -> bytes:
    buffer = io.BytesIO()
    doc = Document(buffer, title="long")
    _pages(doc)
    doc.save()
    return buffer.getvalue()


def test_parts_cover_every_page_once_in_order_and_are_never_short() -> None:
    assert page_parts(PART_PAGES * 2 - 1, 4) == [range(PART_PAGES * 2 - 1)]
    for pages in (2 * PART_PAGES, PAGES, 224, 1000):
        for workers in (1, 2, 3, 8):
            parts = page_parts(pages, workers)
            assert [i for part in parts for i in part] == list(range(pages))
            assert len(parts) <= workers
            assert all(len(part) >= PART_PAGES for part in parts)
    assert page_parts(224, 2) == [range(0, 112), range(112, 224)]  # one a process


def test_a_long_document_read_in_parts_finds_what_one_reading_finds() -> None:
    body = _body()
    whole = verify_pdf("long.pdf", data=body)
    # each problem is there: three margins, the small word, the measured grid
    assert sum("margin" in p for p in whole) == 3, whole
    assert any(f"page {2 * PART_PAGES}:" in p and "tiny" in p for p in whole), whole
    assert any(f"page {PAGES - 1}:" in p and "grid" in p for p in whole), whole

    asked: list[int] = []

    def in_parts(pages: PageIds, promises: Promises) -> list[PagesRead]:
        asked.append(len(pages))
        parts = page_parts(len(pages), 2)
        return [
            read_pages("long.pdf", body, part, promises, pages[part.start : part.stop])
            for part in parts
        ]

    def from_the_tree(pages: PageIds, promises: Promises) -> list[PagesRead]:
        return [read_pages("long.pdf", body, part, promises) for part in page_parts(PAGES, 2)]

    def misplaced(pages: PageIds, promises: Promises) -> list[PagesRead]:
        wrong = ((1, 0), *pages[1:])  # object 1 is no page: the part reads the tree instead
        return [
            read_pages("long.pdf", body, part, promises, wrong[part.start : part.stop])
            for part in page_parts(PAGES, 2)
        ]

    assert verify_pdf("long.pdf", data=body, read_pages=in_parts) == whole
    assert asked == [PAGES]
    assert verify_pdf("long.pdf", data=body, read_pages=from_the_tree) == whole
    assert verify_pdf("long.pdf", data=body, read_pages=misplaced) == whole


def test_pages_found_where_they_are_are_the_pages_of_the_tree() -> None:
    from pypdf import PdfReader

    from pnpkit.verify.check import _pages_at

    reader = PdfReader(io.BytesIO(_body()))
    tree = list(reader.pages)
    ids = tuple((p.indirect_reference.idnum, p.indirect_reference.generation) for p in tree)
    part = range(PART_PAGES, 2 * PART_PAGES)
    found = _pages_at(reader, part, ids[part.start : part.stop])
    assert found is not None and found[: part.start] == [None] * part.start
    for index in part:
        assert dict(found[index]) == dict(tree[index])
        assert found[index].mediabox == tree[index].mediabox
    assert _pages_at(reader, part, ids[:3]) is None  # not one for each index
    assert _pages_at(reader, range(1), ((1, 0),)) is None  # the catalog, say: no page


def test_parts_read_by_other_processes_find_the_same() -> None:
    """Read by processes of the system's own kind (forked or started afresh: a part is handed
    everything it reads)."""
    body = _body()
    with ProcessPoolExecutor(2) as pool:

        def in_parts(pages: PageIds, promises: Promises) -> list[PagesRead]:
            parts = page_parts(len(pages), 2)
            named, promised = repeat("long.pdf"), repeat(promises)
            found = [pages[part.start : part.stop] for part in parts]
            return list(pool.map(read_pages, named, repeat(body), parts, promised, found))

        assert verify_pdf("long.pdf", data=body, read_pages=in_parts) == verify_pdf(
            "long.pdf", data=body
        )


def test_a_damaged_document_read_in_parts_is_one_problem() -> None:
    (own, drawn, kept) = read_pages("bad.pdf", b"%PDF-1.4 not a pdf", range(3), Promises())
    assert len(own) == 1 and own[0].startswith("bad.pdf: cannot read the PDF") and not drawn
    assert kept == {}


def _failing(tmp_path: Path, jobs: int) -> str:
    plans = [
        DocumentPlan("long.pdf", "long", "", _pages),
        DocumentPlan("short.pdf", "short", "", lambda doc: doc.start_page(LETTER)),
    ]
    with pytest.raises(BuildError) as raised:
        write_documents(tmp_path / f"jobs{jobs}", plans, BuildContext(), jobs=jobs)
    assert not (tmp_path / f"jobs{jobs}" / "long.pdf").exists()
    return str(raised.value).replace(f"jobs{jobs}", "out")


def test_a_build_with_jobs_fails_a_long_document_as_one_without(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one = _failing(tmp_path, 1)
    assert "margin" in one and "grid" in one
    parted: list[str] = []
    in_parts = write._verified_in_parts

    def recorded(pool: Any, workers: int, name: str, drawn: Any) -> Any:
        parted.append(Path(name).name)
        return in_parts(pool, workers, name, drawn)

    monkeypatch.setattr(write, "_verified_in_parts", recorded)
    assert _failing(tmp_path, 2) == one
    assert parted == ["long.pdf"]  # the short one was verified whole, by its worker


def test_a_build_with_jobs_writes_a_long_document_as_one_without(tmp_path: Path) -> None:
    def clean(doc: Document) -> None:
        for number in range(PAGES):
            doc.start_page(LETTER)
            doc.canvas.saveState()
            doc.canvas.translate(100, 100)
            doc.canvas.doForm(doc.form(_Face(f"card {number}")))
            doc.canvas.restoreState()

    plans = [DocumentPlan("long.pdf", "long", "", clean), DocumentPlan("b.pdf", "b", "", clean)]
    write_documents(tmp_path / "one", plans, BuildContext(), jobs=1)
    write_documents(tmp_path / "two", plans, BuildContext(), jobs=2)
    for name in ("long.pdf", "b.pdf"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
