"""Cards turned a quarter turn on the sheet when that takes fewer sheets: how many fit, and
fronts and backs that stay registered (read back from the pixels of the printed pages)."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import ImageChops

from pnpkit.app.raster import render_pages
from pnpkit.layout.cards import impose_cards
from pnpkit.layout.document import Document
from pnpkit.layout.imposition import Duplex, Imposition, plan_cards
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.paper import A4, LETTER, Paper
from pnpkit.units import INCH
from pnpkit.verify.check import verify_pdf

LANDSCAPE_POKER = (3.5 * INCH, 2.5 * INCH)
MARK = 0.3 * INCH
INSET = 0.1 * INCH
"""From the card's edges to its mark (clear of the edge a bleed repeats)."""
DPI = 72
COUNT = 27
"""Three sheets of nine turned landscape poker cards (four of eight upright)."""


@dataclass(frozen=True)
class Marked:
    """A white card with a coloured square in one corner: ``"top-left"`` or ``"top-right"``
    as the card is read (its own top up)."""

    width: float
    height: float
    color: tuple[float, float, float]
    corner: str

    def draw(self, canvas: Any) -> None:
        canvas.setFillColorRGB(1, 1, 1)
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        canvas.setFillColorRGB(*self.color)
        x = INSET if self.corner == "top-left" else self.width - MARK - INSET
        canvas.rect(x, self.height - MARK - INSET, MARK, MARK, stroke=0, fill=1)


@pytest.mark.parametrize(
    ("paper", "upright", "turned"),
    [(LETTER, 8, 9), (A4, 8, 9)],
)
def test_landscape_poker_cards_fit_nine_to_a_duplex_sheet_turned(
    paper: Paper, upright: int, turned: int
) -> None:
    """Eight landscape poker cards fit upright on a portrait duplex sheet (two across, four
    down), nine turned (three by three): the deck is imposed turned. Single-sided, a landscape
    sheet already holds nine upright, and they stay upright."""
    width, height = LANDSCAPE_POKER
    imposition = Imposition(paper, Duplex.LONG)
    sheet = plan_cards(imposition, width, height, 90, backs=True)
    assert sheet is not None and sheet.turned
    assert (sheet.width, sheet.height) == (height, width)
    assert sheet.per_page == turned
    as_portrait = plan_cards(imposition, height, width, 90, backs=True)
    assert as_portrait is not None and not as_portrait.turned
    single = plan_cards(Imposition(paper, Duplex.NONE), width, height, 90, backs=True)
    assert single is not None and not single.turned and single.per_page == 9
    # upright, the same sheet would hold ``upright``: two columns of 3.5 in, four rows of 2.5 in
    columns = int(sheet.area.width // width)
    rows = int((sheet.area.height - 30) // height)
    assert columns * rows == upright


def test_a_deck_that_fits_one_sheet_either_way_stays_upright() -> None:
    """Turning is for saving paper: eight landscape cards take one sheet either way."""
    sheet = plan_cards(Imposition(LETTER), *LANDSCAPE_POKER, 8, backs=True)
    assert sheet is not None and not sheet.turned


def _marks(image: Any, color: tuple[int, int, int]) -> list[tuple[float, float]]:
    """The centres (in points, y up) of the blobs of ``color`` on a page image."""
    width, height = image.size
    bands = [
        band.point(lambda v, want=want: 255 if abs(v - want) < 60 else 0)
        for band, want in zip(image.split(), color, strict=True)
    ]
    near = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
    left = {(i % width, i // width) for i, v in enumerate(near.get_flattened_data()) if v}
    centres: list[tuple[float, float]] = []
    while left:
        todo = [left.pop()]
        blob = []
        while todo:
            px, py = todo.pop()
            blob.append((px, py))
            for step in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                if step in left:
                    left.remove(step)
                    todo.append(step)
        cx = sum(p[0] for p in blob) / len(blob) + 0.5
        cy = sum(p[1] for p in blob) / len(blob) + 0.5
        centres.append((cx * 72 / DPI, (height - cy) * 72 / DPI))
    return centres


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.FOLD])
@pytest.mark.parametrize("paper", [LETTER, A4])
def test_the_back_of_a_turned_card_lands_behind_its_front_the_right_way_round(
    paper: Paper, duplex: Duplex
) -> None:
    """Each front carries a red square at its top-left corner, each back a blue one at its
    top-right: seen from behind, the same corner of the card. On the printed pages every blue
    square, mirrored as the flip mirrors the sheet (about the page's centre line, or the
    fold), moved back by the back offset, lands on a red one: the backs are turned the other
    way round from the fronts, so each stands behind its front as an upright card's back does.
    verify passes the document (the sizes the cut lines promise, backs behind fronts)."""
    width, height = LANDSCAPE_POKER
    if duplex is Duplex.FOLD:  # a card small enough that the fold-over sheet turns it
        width, height = 2 * INCH, 3 * INCH
    offset = BackOffset.from_mm(1.5, -1.0) if duplex is Duplex.LONG else BackOffset.from_mm(0, 0)
    imposition = Imposition(paper, duplex, offset=offset)
    sheet = plan_cards(imposition, width, height, COUNT, backs=True)
    assert sheet is not None and sheet.turned
    faces = [
        (
            Marked(width, height, (1, 0, 0), "top-left"),
            Marked(width, height, (0, 0, 1), "top-right"),
        )
        for _ in range(COUNT)
    ]
    buffer = io.BytesIO()
    doc = Document(buffer, title="turned")
    placed = impose_cards(doc, faces, imposition, label="turned")
    doc.save()
    pdf = buffer.getvalue()
    assert verify_pdf("turned.pdf", data=pdf) == []
    assert {p.turns for p in placed if p.side == "front"} == {1}
    assert {p.turns for p in placed if p.side == "back"} == {-1}
    pages = list(render_pages(pdf, DPI))
    pairs = (
        [(pages[i], pages[i + 1]) for i in range(0, len(pages), 2)]
        if duplex is Duplex.LONG
        else [(page, page) for page in pages]
    )
    axis = sheet.axis
    checked = 0
    for front_page, back_page in pairs:
        reds = _marks(front_page, (255, 0, 0))
        blues = _marks(back_page, (0, 0, 255))
        assert len(reds) == len(blues) > 0
        for bx, by in blues:
            seen = (2 * axis - (bx - offset.x), by - offset.y)
            nearest = min(abs(seen[0] - rx) + abs(seen[1] - ry) for rx, ry in reds)
            assert nearest < 3.0, (seen, reds)  # a wrong turn misses by a card
            checked += 1
    assert checked == COUNT
    # and the red square is where an upright reader of the turned card expects it: the
    # card's top lies towards the sheet's left edge, so its top-left corner is bottom-left
    first = next(p for p in placed if p.side == "front" and p.page == 1)
    centre = (first.x + INSET + MARK / 2, first.y + INSET + MARK / 2)
    reds = _marks(pages[0], (255, 0, 0))
    assert min(math.hypot(x - centre[0], y - centre[1]) for x, y in reds) < 3.0
