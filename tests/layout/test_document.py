from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from pnpkit.layout.document import Document
from pnpkit.layout.paper import A4, LETTER
from pnpkit.render import fonts
from pnpkit.verify.check import stored_promises
from pnpkit.verify.promises import INFO_KEY, Promises

from .items import Plain


def _write(target: io.BytesIO | Path | None = None, *, title: str = "Square chart") -> bytes:
    buffer = target if target is not None else io.BytesIO()
    doc = Document(buffer, LETTER, title=title, subject="false-colors")
    c = doc.canvas
    c.setFont(fonts.SEMIBOLD, 12)
    c.drawString(72, 700, "Sheet 1 of 2 — row 1, column 1")
    c.rect(72, 72, 90, 90)
    doc.promise_lines(what="cell", pitch=90.0, color=(0.2, 0.3, 0.4), axis="x")
    doc.start_page(A4.landscape())
    c.setFont(fonts.ITALIC, 9)
    c.drawString(72, 72, "page two")
    doc.save()
    if isinstance(buffer, io.BytesIO):
        return buffer.getvalue()
    return Path(buffer).read_bytes()


def _reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def test_print_scaling_none_and_metadata() -> None:
    reader = _reader(_write())
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    meta = reader.metadata
    assert meta is not None
    assert meta.title == "Square chart"
    assert meta.author == "pnpkit"
    assert meta.subject == "false-colors"


def test_pages_take_the_paper_they_were_started_with() -> None:
    reader = _reader(_write())
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
    assert sizes == [(612.0, 792.0), (841.89, 595.28)]


def test_same_input_same_bytes(tmp_path: Path) -> None:
    first = _write()
    second = _write()
    assert first == second
    on_disk = tmp_path / "a.pdf"
    _write(on_disk)
    assert on_disk.read_bytes() == first
    assert _write(title="Other") != first  # the comparison can fail


def test_source_date_epoch_sets_the_one_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14 22:13:20 UTC
    data = _write()
    assert data == _write()
    meta = _reader(data).metadata
    assert meta is not None
    assert str(meta["/CreationDate"]).startswith("D:20231114221320")


def test_promises_travel_in_the_document_info() -> None:
    promises = Promises.from_json(stored_promises(_reader(_write())) or "")
    assert promises.pages == 2
    assert len(promises.lines) == 1
    line = promises.lines[0]
    assert (line.page, line.pitch, line.color, line.axis) == (1, 90.0, (0.2, 0.3, 0.4), "x")


def test_promises_are_kept_in_a_compressed_stream() -> None:
    data = _write()
    info = _reader(data).trailer["/Info"].get_object()
    stream = info[INFO_KEY].get_object()
    assert stream["/Filter"] == ["/FlateDecode"]
    assert b'"format":"pnpkit-promises/1"' in stream.get_data()
    assert b'"format"' not in data  # nothing of it is written out in the clear


def test_only_embedded_source_sans_pro_no_base14() -> None:
    reader = _reader(_write())
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            names.add(str(font["/BaseFont"]).split("+", 1)[-1])
            assert "/FontFile2" in font["/FontDescriptor"]
    assert names == {"SourceSansPro-Semibold", "SourceSansPro-It"}


def test_a_form_is_stored_once_and_reused() -> None:
    buffer = io.BytesIO()
    doc = Document(buffer, title="t")
    item = Plain(width=100, height=50)
    for _ in range(3):
        doc.start_page(LETTER)
        doc.canvas.translate(100, 100)
        doc.canvas.doForm(doc.form(item))
    doc.save()
    reader = _reader(buffer.getvalue())
    forms = set()
    for page in reader.pages:
        xobjects = page["/Resources"]["/XObject"]
        forms |= {v.idnum for v in xobjects.values()}
        assert page.get_contents().get_data().count(b" Do") == 1
    assert len(forms) == 1


class _Placing:
    """A face that places the form ``inner`` (an emblem, say) once drawn."""

    width, height = 100.0, 50.0

    def __init__(self, inner: str) -> None:
        self.inner = inner

    def draw(self, canvas: Any) -> None:
        canvas.doForm(self.inner)


def test_forms_that_place_the_same_forms_share_one_resource_dictionary() -> None:
    buffer = io.BytesIO()
    doc = Document(buffer, LETTER, title="t")
    emblems = [doc.form(Plain(width=10, height=10, title=t)) for t in ("a", "b")]
    faces = [_Placing(emblems[0]), _Placing(emblems[0]), _Placing(emblems[1])]
    for face in faces:
        doc.canvas.doForm(doc.form(face))
    for emblem in emblems:
        doc.canvas.doForm(emblem)
    doc.save()
    page = _reader(buffer.getvalue()).pages[0]
    placed = [ref for _, ref in sorted(page["/Resources"]["/XObject"].items())]
    resources = [ref.get_object().raw_get("/Resources") for ref in placed]
    # the two emblems share one; the faces placing emblem a one, emblem b another
    assert len(placed) == 5 and len({r.idnum for r in resources}) == 3
    by_inner: dict[str, set[int]] = {}
    for res in resources:
        inner = sorted(res.get_object().get("/XObject", {}).keys())
        by_inner.setdefault(",".join(inner), set()).add(res.idnum)
        assert res.get_object().raw_get("/Font").idnum == page["/Resources"].raw_get("/Font").idnum
    assert all(len(ids) == 1 for ids in by_inner.values()), by_inner
    assert sorted(by_inner) == ["", "/FormXob.pnpkitItem1", "/FormXob.pnpkitItem2"]


def test_save_without_a_page_is_refused() -> None:
    doc = Document(io.BytesIO(), title="t")
    with pytest.raises(RuntimeError, match="start_page"):
        doc.save()
