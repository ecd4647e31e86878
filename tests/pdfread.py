"""Read back what a test's PDF holds: every form XObject placed on each page, and where (what
the card imposer drew), and the text each page shows (:func:`page_texts`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnpkit.app.raster import render_pages

Matrix = tuple[float, float, float, float, float, float]


@dataclass(frozen=True)
class Drawn:
    page: int
    form: str
    x: float
    y: float
    plain: bool = True
    """Drawn at its own size, the right way round (not a mirrored piece of a bleed)."""


def _mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def forms_drawn(path: Path, *, pieces: bool = False) -> list[Drawn]:
    """Every ``Do`` of a form on every page, with the page position of the form's origin;
    the mirrored, stretched pieces that draw a bleed only with ``pieces``."""
    reader = PdfReader(str(path))
    out: list[Drawn] = []
    for number, page in enumerate(reader.pages, start=1):
        contents = page.get_contents()
        if contents is None:
            continue
        stream = ContentStream(contents, reader)
        ctm: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        stack: list[Matrix] = []
        for operands, operator in stream.operations:
            if operator == b"q":
                stack.append(ctm)
            elif operator == b"Q":
                ctm = stack.pop()
            elif operator == b"cm":
                m = tuple(float(v) for v in operands)
                ctm = _mul(m, ctm)  # type: ignore[arg-type]
            elif operator == b"Do":
                name = str(operands[0]).lstrip("/").removeprefix("FormXob.")
                plain = abs(ctm[0] - 1) < 1e-9 and abs(ctm[3] - 1) < 1e-9
                plain = plain and abs(ctm[1]) < 1e-9 and abs(ctm[2]) < 1e-9
                if plain or pieces:
                    out.append(Drawn(number, name, ctm[4], ctm[5], plain))
    return out


def page_sizes(path: Path) -> list[tuple[float, float]]:
    reader = PdfReader(str(path))
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]


def print_scaling(path: Path) -> str:
    reader = PdfReader(str(path))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    return str(prefs["/PrintScaling"])


def page_texts(source: str | Path | bytes) -> tuple[str, ...]:
    """The text each page of the PDF (a path, or its bytes) shows, as PDFium reads it for a
    viewer's search: in reading order, one line of type a line (``""`` for a page without
    text). PDFium is a core dependency and reads a page's text 20 to 50 times faster than
    pypdf's ``extract_text`` (a sheet of tokens: 0.02 s against 1.3 s), which was most of what
    the tests that read printed words spent."""
    document = pdfium.PdfDocument(source if isinstance(source, bytes) else str(source))
    try:
        texts: list[str] = []
        for page in document:
            text = page.get_textpage()
            texts.append(text.get_text_range().replace("\r\n", "\n"))
            text.close()
            page.close()
        return tuple(texts)
    finally:
        document.close()


def text_of(source: str | Path | bytes) -> str:
    """Every page's text (:func:`page_texts`), a line between pages."""
    return "\n".join(page_texts(source))


def first_page(path: Path, dpi: float) -> Image.Image:
    """The PDF's first page as an RGB image at ``dpi``, drawn by PDFium (the renderer pnpkit's
    own PNG previews use, a core dependency), so no test needs poppler installed."""
    return next(render_pages(path, dpi))


def first_page_colours(path: Path, dpi: float) -> list[tuple[int, tuple[int, int, int]]]:
    """Every colour on the first page at ``dpi``, with how many pixels show it."""
    return first_page(path, dpi).getcolors(1 << 24) or []


@dataclass(frozen=True)
class Char:
    """One character a page prints, as PDFium reads it: its text, its size (pt) and its box
    (left, bottom, right, top; points, y up)."""

    text: str
    size: float
    box: tuple[float, float, float, float]


def page_chars(path: Path, index: int) -> list[Char]:
    """Every character page ``index`` (0-based; -1 the last) prints, in the order drawn (the
    line breaks PDFium adds between runs left out)."""
    document = pdfium.PdfDocument(str(path))
    try:
        page = document[index % len(document)]
        text = page.get_textpage()
        chars = [
            Char(
                chr(pdfium_c.FPDFText_GetUnicode(text.raw, i)),
                round(pdfium_c.FPDFText_GetFontSize(text.raw, i), 2),
                text.get_charbox(i),
            )
            for i in range(text.count_chars())
            if not pdfium_c.FPDFText_IsGenerated(text.raw, i)
        ]
        text.close()
        page.close()
        return chars
    finally:
        document.close()
