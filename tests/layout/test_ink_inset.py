"""Nothing is inked inside the 0.25 in margin where a mark would run up to it: a duplex sheet's
backs (their bleed runs towards the margin) and a chart sheet's glue strip stop
:data:`~pnpkit.layout.paper.INK_INSET` (half a point) inside it. A mark ending exactly on the
margin is inked one pixel inside it by a rasteriser (PDFium, pdftoppm), which these tests
measure on the pages themselves."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pypdfium2
import pytest
from tests.writing import write_plan, write_tiled_pdf

from pnpkit.layout.cards import card_sheets
from pnpkit.layout.imposition import Imposition, card_sheets_of, printable
from pnpkit.layout.paper import A4, INK_INSET, LETTER, MARGIN, Paper
from pnpkit.layout.sample import SampleGrid
from pnpkit.layout.sheet import Back, Faces
from pnpkit.layout.tiling import tile
from pnpkit.units import INCH

POKER = (2.5 * INCH, 3.5 * INCH)


@dataclass(frozen=True, eq=False)
class Dark:
    """A face inked to its edges."""

    width: float
    height: float

    def draw(self, canvas: object) -> None:
        canvas.setFillGray(0.2)  # type: ignore[attr-defined]
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)  # type: ignore[attr-defined]


def _inked_in_margin(path: Path, page: int, dpi: int) -> list[tuple[int, int, int, int]]:
    """The bands of the margin of ``page`` (0-based) that hold a pixel that is not white, at
    ``dpi``: left, bottom, right, top, as pixel boxes."""
    image = pypdfium2.PdfDocument(path)[page].render(scale=dpi / 72).to_pil().convert("L")
    width, height = image.size
    band = round(MARGIN / 72 * dpi)
    bands = [
        (0, 0, band, height),
        (0, height - band, width, height),
        (width - band, 0, width, height),
        (0, 0, width, band),
    ]
    return [box for box in bands if image.crop(box).getextrema()[0] < 250]


@pytest.mark.parametrize("paper", [LETTER, A4], ids=lambda p: p.name)
def test_the_backs_of_a_duplex_sheet_end_half_a_point_inside_the_margin(
    tmp_path: Path, paper: Paper
) -> None:
    faces = [(Dark(*POKER), Dark(*POKER)) for _ in range(9)]
    path = tmp_path / "cards.pdf"
    plan = card_sheets(path.name, faces, Imposition(paper), title="deck", subject="test")
    placed = write_plan(path, plan).placements
    assert sum(p.side == "back" for p in placed) == 9
    sheets = card_sheets_of(Imposition(paper), *POKER, [Back.SHARED] * 9, "deck")
    (backs,) = [s for s in sheets.sheets[0].pages[1].steps if isinstance(s, Faces)]
    assert backs.clip == printable(paper.portrait()).grown(-INK_INSET)
    for dpi in (72, 300):
        assert _inked_in_margin(path, 1, dpi) == [], dpi


@pytest.mark.parametrize("paper", [LETTER, A4], ids=lambda p: p.name)
def test_a_glue_strip_ends_half_a_point_inside_the_margin(tmp_path: Path, paper: Paper) -> None:
    layout = tile(SampleGrid(12, 12), paper, title="Sample")
    assert any(sheet.right is not None for sheet in layout.sheets)
    area = printable(layout.paper).grown(-INK_INSET)
    for sheet in layout.sheets:
        shown = sheet.page_shown
        assert area.contains(shown, tolerance=1e-6), (sheet.number, shown, area)
        if sheet.right is not None:
            assert layout.glue - 2 * INK_INSET - 1e-6 <= sheet.right_glue <= layout.glue
    path = tmp_path / "chart.pdf"
    write_tiled_pdf(layout, path)
    for page in range(len(layout.sheets)):
        for dpi in (72, 300):
            assert _inked_in_margin(path, page, dpi) == [], (page, dpi)
