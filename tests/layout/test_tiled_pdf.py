from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.pdfread import page_texts
from tests.writing import write_tiled_pdf

from pnpkit.games.false_colors.charts.model import MAX_PRINTED_SIDE
from pnpkit.layout import tiled_pdf
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect
from pnpkit.layout.marks import MARK_COLOR, RULER_CM_COLOR, RULER_INCH_COLOR
from pnpkit.layout.paper import A4, LETTER, MARGIN, Paper
from pnpkit.layout.sample import SampleGrid
from pnpkit.layout.tiled_pdf import (
    REGION_COLOR,
    STEPS_SHARE,
    assembly_steps,
    sheet_label,
    write_tiled,
)
from pnpkit.layout.tiling import TiledLayout, tile
from pnpkit.render.drawable import GRID_COLOR
from pnpkit.units import INCH
from pnpkit.verify import verify_pdf
from pnpkit.verify.check import positions, region_size
from pnpkit.verify.content import read_page

from .items import HexBoard, Plain

CELL = 1.25 * INCH


def _pdf(layout: TiledLayout) -> bytes:
    buffer = io.BytesIO()
    doc = Document(buffer, title=layout.title)
    write_tiled(layout, doc)
    doc.save()
    return buffer.getvalue()


@pytest.mark.parametrize("paper", [LETTER, A4])
@pytest.mark.parametrize(
    "item",
    [SampleGrid(12, 12, CELL), SampleGrid(10, 10, CELL), Plain(), HexBoard()],
    ids=["12", "10", "plain", "hexes"],
)
def test_tiled_pdfs_verify(
    tmp_path: Path, item: SampleGrid | Plain | HexBoard, paper: Paper
) -> None:
    layout = tile(item, paper, title="Chart", subtitle="test")
    path = tmp_path / "chart.pdf"
    write_tiled_pdf(layout, path)
    assert verify_pdf(path) == []
    reader = PdfReader(path)
    assert len(reader.pages) == layout.sheet_count + 1
    for page in reader.pages[:-1]:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == layout.paper.size


@pytest.mark.parametrize("item", [SampleGrid(12, 12, CELL), Plain()], ids=["12", "hex"])
def test_nothing_is_drawn_in_the_margin_and_label_avoids_the_chart(
    item: SampleGrid | Plain,
) -> None:
    layout = tile(item, LETTER, title="Chart")
    reader = PdfReader(io.BytesIO(_pdf(layout)))
    for index, page in enumerate(reader.pages):
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        safe = Rect(MARGIN, MARGIN, w - MARGIN, h - MARGIN).grown(1e-6)
        content = read_page(reader, page)
        assert content.painted
        for painted in content.painted:
            assert safe.contains(Rect(*painted.box)), (index, painted)
        if index < layout.sheet_count:
            shown = layout.sheets[index].page_shown
            # ruler ticks and the label band never touch the chart content
            for color in (RULER_INCH_COLOR, RULER_CM_COLOR):
                for s in content.segments:
                    if s.color == color:
                        assert max(s.y0, s.y1) < shown.y0
            band_text = [p for p in content.painted if p.kind == "text" and p.box[3] < shown.y0]
            assert len(band_text) >= 4  # three label lines and the 100 % words


def test_sheet_shows_whole_cells_at_true_pitch() -> None:
    layout = tile(SampleGrid(12, 12, CELL), LETTER, title="Chart")
    reader = PdfReader(io.BytesIO(_pdf(layout)))
    for sheet, page in zip(layout.sheets, reader.pages, strict=False):
        content = read_page(reader, page)
        shown = sheet.page_shown
        xs = positions(content.segments, GRID_COLOR, "x", shown.as_tuple())
        gaps = {round(b - a, 6) for a, b in itertools.pairwise(xs)}
        assert gaps == {CELL}
        # the region starts and ends on a grid line: whole cells
        region = sheet.page_region
        assert any(abs(x - region.x0) < 1e-6 for x in xs)
        assert any(abs(x - region.x1) < 1e-6 for x in xs)
        width, height = region_size(content.segments, REGION_COLOR)
        assert (round(width / CELL, 9), round(height / CELL, 9)) == (6, 6)


def test_alignment_marks_coincide_after_gluing() -> None:
    """The crosshair drawn on sheet 1's seam and on sheet 2's cut edge meet when sheet 2's cut
    edge is laid on sheet 1's seam line."""
    layout = tile(SampleGrid(12, 12, CELL), LETTER, title="Chart")
    reader = PdfReader(io.BytesIO(_pdf(layout)))
    one, two = layout.sheet(1, 1), layout.sheet(1, 2)
    c1 = read_page(reader, reader.pages[0])
    c2 = read_page(reader, reader.pages[1])
    # horizontal crosshair arms (black) on each sheet, near the seam
    arms1 = {
        round(s.y0, 6)
        for s in c1.segments
        if s.color == MARK_COLOR and s.horizontal and abs(s.x1 - one.page_region.x1) < 8
    }
    arms2 = {
        round(s.y0, 6)
        for s in c2.segments
        if s.color == MARK_COLOR and s.horizontal and abs(s.x0 - two.page_region.x0) < 8
    }
    assert len(arms1) == 2 and len(arms2) == 2
    # lay sheet 2 so its region's left edge sits on sheet 1's seam (its region's right edge)
    dy = one.page_region.y1 - two.page_region.y1
    assert {round(y + dy, 6) for y in arms2} == arms1
    # the vertical arms sit exactly on the seam on sheet 1 and on the cut edge on sheet 2
    v1 = positions(c1.segments, MARK_COLOR, "x")
    v2 = positions(c2.segments, MARK_COLOR, "x")
    assert any(abs(x - one.page_region.x1) < 1e-6 for x in v1)
    assert any(abs(x - two.page_region.x0) < 1e-6 for x in v2)


def test_labels_name_the_sheet_its_place_and_where_it_glues() -> None:
    layout = tile(SampleGrid(12, 12, CELL), LETTER, title="Square chart")
    text = " ".join(page_texts(_pdf(layout))[0].split())
    assert "Square chart: sheet 1 of 4" in text
    assert "row 1, column 1" in text
    assert "the right strip goes under sheet 2" in text
    assert "the bottom strip goes under sheet 3" in text
    assert "Print at 100 % (actual size), not fit to page" in text
    last = sheet_label(layout, layout.sheet(2, 2))
    assert "sheet 4 of 4" in last[0] and "row 2, column 2" in last[0]
    assert "No glue strip" in last[1]
    assert "left and top edge" in last[2]


def test_assembly_page_shows_the_gluing_order() -> None:
    layout = tile(Plain(), LETTER, title="Hex chart")
    steps = assembly_steps(layout)
    assert (
        steps[0] == "1. Glue sheet 2 onto the right strip of sheet 1 (row 1); line up the targets."
    )
    assert steps[4].startswith("5. Glue row 2 (sheets 4, 5, 6) onto the bottom strip of row 1")
    assert (
        steps[-1]
        == "6. Assembled, it measures 21.25 × 18.76 in (539.8 × 476.6 mm); check it with a ruler."
    )
    data = _pdf(layout)
    page = PdfReader(io.BytesIO(data)).pages[-1]
    assert float(page.mediabox.width) > float(page.mediabox.height)  # wide item: landscape
    text = " ".join(page_texts(data)[-1].split())
    assert "Hex chart: assembly" in text
    for number in range(1, 7):
        assert str(number) in text
    assert "Glue sheet 2 onto the right strip of sheet 1" in text


@pytest.mark.parametrize(
    ("width", "said"),
    [(5 * INCH, "1 sheet in 1 row of 1,"), (21.25 * INCH, "3 sheets in 1 row of 3,")],
)
def test_the_assembly_page_counts_its_sheets_in_words(width: float, said: str) -> None:
    layout = tile(Plain(width=width, height=5 * INCH), LETTER, title="Board")
    text = " ".join(page_texts(_pdf(layout))[-1].split())
    assert said in text, text


def test_each_sheet_draws_the_item_once_through_one_form() -> None:
    layout = tile(SampleGrid(12, 12, CELL), LETTER, title="Chart")
    reader = PdfReader(io.BytesIO(_pdf(layout)))
    ids = []
    for page in reader.pages:
        xobjects = page["/Resources"]["/XObject"]
        ids.append({ref.idnum for ref in xobjects.values()})
        assert page.get_contents().get_data().count(b" Do") == 1
    *sheets, assembly = ids
    assert len(set().union(*sheets)) == 1
    # the assembly page draws the grid small, its labels under 6 pt left out: a form of its own
    assert len(assembly) == 1 and assembly != sheets[0]


def test_same_layout_same_bytes(tmp_path: Path) -> None:
    layout = tile(Plain(), A4, title="Hex chart")
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    write_tiled_pdf(layout, a)
    write_tiled_pdf(layout, b)
    assert a.read_bytes() == b.read_bytes()


def test_wrong_drawn_cell_size_is_caught(tmp_path: Path) -> None:
    wrong = SampleGrid(12, 12, pitch=1.25 * INCH, drawn_pitch=1.2 * INCH, title="Square chart")
    path = tmp_path / "wrong.pdf"
    write_tiled_pdf(tile(wrong, LETTER, title="Square chart"), path)
    problems = verify_pdf(path)
    assert problems
    assert all("grid pitch" in p for p in problems)
    assert "86.40 pt (30.48 mm) apart, promised 90.00 pt (31.75 mm)" in problems[0]
    assert len(problems) == 8  # 4 sheets × both directions


def test_a_label_too_long_for_the_band_is_squeezed_not_spilled(tmp_path: Path) -> None:
    title = "A chart whose title goes on and on " * 8
    layout = tile(SampleGrid(12, 12, CELL), LETTER, title=title, subtitle="dealt with seed 7")
    path = tmp_path / "long.pdf"
    write_tiled_pdf(layout, path)
    assert verify_pdf(path) == []  # nothing in the margin, rulers and pitch intact
    reader = PdfReader(path)
    content = read_page(reader, reader.pages[0])
    ruler_left = min(
        min(s.x0, s.x1) for s in content.segments if s.color in (RULER_INCH_COLOR, RULER_CM_COLOR)
    )
    shown = layout.sheets[0].page_shown
    band = [p for p in content.painted if p.kind == "text" and p.box[3] < shown.y0]
    label = [p for p in band if abs(p.box[0] - MARGIN) < 1.0]  # the three lines start at the margin
    assert len(label) == 3
    assert all(p.box[2] <= ruler_left for p in label)


LARGEST = MAX_PRINTED_SIDE


@pytest.mark.parametrize(
    ("paper", "size"),
    [
        pytest.param(LETTER, (LARGEST, LARGEST), id="square-letter", marks=pytest.mark.slow),
        pytest.param(A4, (LARGEST, LARGEST), id="square-a4", marks=pytest.mark.slow),
        pytest.param(LETTER, (LARGEST, CELL), id="long-letter"),
        pytest.param(A4, (CELL, LARGEST), id="tall-a4"),
    ],
)
def test_the_assembly_page_of_the_largest_chart_fits_its_page(
    paper: Paper, size: tuple[float, float]
) -> None:
    """Every chart the loader accepts prints: its gluing steps (a step per row when a step per
    seam would not fit) stay on the assembly page, whatever the sheet grid."""
    layout = tile(Plain(width=size[0], height=size[1], title="Big chart"), paper, title="Big")
    data = _pdf(layout)
    assert verify_pdf("big.pdf", data=data) == []
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == layout.sheet_count + 1
    text = " ".join(page_texts(data)[-1].split())
    assert "Assembled, it measures" in text
    steps = assembly_steps(layout, STEPS_SHARE * paper.height)
    assert (len(steps) + 1) * 11.5 <= STEPS_SHARE * max(paper.width, paper.height)


def test_many_sheets_are_glued_a_row_at_a_time() -> None:
    layout = tile(Plain(width=LARGEST, height=LARGEST), LETTER, title="Big")
    assert layout.sheet_count > 60
    steps = assembly_steps(layout, 200.0)
    assert steps[0] == (
        f"1. Row 1: glue sheets 1 to {layout.columns} in order, each onto the right strip of "
        "the sheet before it; line up the targets."
    )
    assert len(steps) == layout.rows + 2
    few = assembly_steps(layout, 40.0)
    assert len(few) == 3 and "row r holds sheets" in few[0]


def test_zigzag_outlines_add_up_only_with_their_overlaps(tmp_path: Path) -> None:
    """On a hex board the sheets' trim lines follow the hex edges, so neighbouring outlines
    overlap by the zigzag's depth; verify measures the drawn outlines and subtracts the promised
    overlaps, so a promise without them fails."""
    layout = tile(HexBoard(), LETTER, title="Hex board", target_sheets=6)
    rows, columns = tiled_pdf.seam_overlaps(layout)
    assert all(abs(v - CELL) < 1e-6 for v in rows)  # two vertical seams, half a hex each
    side = CELL / 3**0.5
    assert all(abs(v - side / 2) < 1e-6 for v in columns)  # one row seam, half a hex side
    path = tmp_path / "hexes.pdf"
    write_tiled_pdf(layout, path)
    assert verify_pdf(path) == []
    reader = PdfReader(path)
    content = read_page(reader, reader.pages[1])  # sheet 2: zigzags on both sides
    width, _ = region_size(content.segments, REGION_COLOR)
    assert abs(width - tiled_pdf.outline_box(layout.sheet(1, 2)).width) < 0.01

    original = tiled_pdf.seam_overlaps
    try:
        tiled_pdf.seam_overlaps = lambda _layout: ((), ())  # type: ignore[assignment]
        write_tiled_pdf(layout, path)
    finally:
        tiled_pdf.seam_overlaps = original  # type: ignore[assignment]
    problems = verify_pdf(path)
    assert any("sheet regions add up to" in p for p in problems)


@pytest.mark.parametrize("paper", [LETTER, A4])
def test_markers_of_an_item_that_says_not_where_it_prints_stand_beside_it(paper: Paper) -> None:
    """An item that is not Labelled (a bundled board drawn straight on the canvas) may print
    anywhere: each sheet's marker stands outside the thumbnail, by its sheet's part, inside
    the room the page gives the thumbnail, two markers never on one another."""
    layout = tile(Plain(), paper, title="Plain")
    assert min(layout.rows, layout.columns) <= 2  # every sheet an outer one
    box = Rect(MARGIN, 120, paper.width - MARGIN, paper.height - 60)
    shown = tiled_pdf.thumbnail(layout, box)
    item = layout.item
    drawn = Rect(*shown.at(0, 0), *shown.at(item.width, item.height))
    assert box.contains(drawn) and shown.scale < 1
    assert sorted(m.number for m in shown.markers) == [s.number for s in layout.sheets]
    for marker in shown.markers:
        assert box.contains(marker.box) and marker.box.intersect(drawn) is None, marker
    for a, b in itertools.combinations(shown.markers, 2):
        assert a.box.intersect(b.box) is None, (a, b)
