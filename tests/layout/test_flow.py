"""Flowing text in columns: balanced last columns, tables kept whole, pictures that move on."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
from pypdf import PdfReader

from pnpkit.layout.document import Document
from pnpkit.layout.flow import Block, Cell, FlowStyle, Grid, Heading, Para, Picture, flow
from pnpkit.layout.paper import LETTER
from pnpkit.verify.content import read_page

from .items import Plain

WORDS = "The fog lies thick over the islands and no captain can tell one hull from another. "


def _pdf(blocks: list[Block], style: FlowStyle) -> tuple[int, bytes]:
    buffer = io.BytesIO()
    doc = Document(buffer, title="flow")
    result = flow(doc, LETTER, blocks, style, lambda canvas, page: None)
    doc.save()
    return result.pages, buffer.getvalue()


def _column_ends(data: bytes, page: int = 0) -> tuple[float, float]:
    """The lowest text of the left and of the right column (points from the bottom)."""
    reader = PdfReader(io.BytesIO(data))
    boxes = [p.box for p in read_page(reader, reader.pages[page]).painted if p.kind == "text"]
    middle = LETTER.width / 2
    left = [b[1] for b in boxes if b[2] < middle]
    right = [b[1] for b in boxes if b[0] > middle]
    return min(left), (min(right) if right else LETTER.height)


def _words(data: bytes) -> list[tuple[int, str, float, float]]:
    """(page, words, x, y) of every run of text, from PDFium."""
    found = []
    document = pdfium.PdfDocument(data)
    for number in range(len(document)):
        text = document[number].get_textpage()
        for i in range(text.count_rects()):
            left, bottom, right, top = text.get_rect(i)
            found.append(
                (number, text.get_text_bounded(left, bottom, right, top).strip(), left, bottom)
            )
    return found


def test_the_last_page_sets_its_columns_to_equal_heights() -> None:
    blocks: list[Block] = [Para(WORDS * 4) for _ in range(8)]
    style = FlowStyle(body=9.0, leading=11.0)
    pages, data = _pdf(blocks, style)
    assert pages == 1
    left, right = _column_ends(data)
    assert abs(left - right) <= 2 * style.leading  # balanced to within a line or two
    assert left > LETTER.height / 3  # the text did not run down the whole first column
    _, unbalanced = _pdf(blocks, FlowStyle(body=9.0, leading=11.0, balance=False))
    left, right = _column_ends(unbalanced)
    assert right - left > 100.0  # without balancing the second column stops far higher


def test_a_short_table_is_never_split_between_columns() -> None:
    rows = tuple((Cell(f"row{i}"), Cell("a cell")) for i in range(8))
    filler = [Para(WORDS * 9) for _ in range(3)]
    blocks: list[Block] = [*filler, Grid(rows, header_rows=0), Para(WORDS)]
    _, data = _pdf(blocks, FlowStyle(body=9.0, leading=11.0, balance=False))
    placed = [
        (page, x > LETTER.width / 2) for page, word, x, _ in _words(data) if word.startswith("row")
    ]
    assert len(placed) == 8
    assert len(set(placed)) == 1  # one page, one column
    # and the same table with one row too many for the column may split
    long_rows = tuple((Cell(f"row{i}"), Cell("a cell")) for i in range(60))
    _, data = _pdf([*filler, Grid(long_rows, header_rows=0)], FlowStyle(body=9.0, leading=11.0))
    columns = {
        (page, x > LETTER.width / 2) for page, word, x, _ in _words(data) if word.startswith("row")
    }
    assert len(columns) > 1


def test_a_picture_too_tall_for_the_rest_of_a_column_moves_on_after_its_heading() -> None:
    """A kept-together picture that does not fit leaves a frame break behind when it splits; the
    flow moves it to the next column instead of failing."""
    filler = [Para(WORDS * 10) for _ in range(3)]
    blocks: list[Block] = [*filler, Heading("Achart"), Picture(Plain(), 1.0, "Thecaption")]
    _, data = _pdf(blocks, FlowStyle(body=9.0, leading=11.0))
    words = {word: (page, x) for page, word, x, _ in _words(data)}
    assert "Thecaption" in words and "Achart" in words
    assert words["Thecaption"][1] > LETTER.width / 2 or words["Thecaption"][0] > 0
