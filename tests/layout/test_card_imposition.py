"""Imposition: as many cards as fit with the ruler, cut lines on every trim edge, backs mirrored
for a long-edge flip and moved by the back offset — checked in the records and in the PDF."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.pdfread import forms_drawn
from tests.writing import write_plan

from pnpkit.errors import UsageError
from pnpkit.layout.cards import impose_cards, impose_counters
from pnpkit.layout.imposition import (
    CardSheet,
    Duplex,
    Imposition,
    cut_lines,
    plan_cards,
    printable,
)
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.paper import A4, LETTER, Paper
from pnpkit.layout.plan import DocumentPlan, Placement
from pnpkit.units import INCH, MM
from pnpkit.verify.check import verify_pdf

POKER = (2.5 * INCH, 3.5 * INCH)


@dataclass(frozen=True)
class Box:
    width: float
    height: float
    shade: float = 0.5

    def draw(self, canvas: object) -> None:
        canvas.setFillGray(self.shade)  # type: ignore[attr-defined]
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)  # type: ignore[attr-defined]


def _sheet(
    paper: Paper, size: tuple[float, float], duplex: Duplex, bleed: float = 0.0
) -> CardSheet:
    sheet = plan_cards(Imposition(paper, duplex, bleed), *size, 100, backs=True)
    assert sheet is not None
    return sheet


@pytest.mark.parametrize(
    ("paper", "size", "duplex", "bleed", "expected"),
    [
        # nine poker cards on Letter and on A4, whatever the duplex mode
        (LETTER, POKER, Duplex.LONG, 0.0, (3, 3, "portrait", False)),
        (LETTER, POKER, Duplex.NONE, 0.0, (3, 3, "portrait", False)),
        (A4, POKER, Duplex.LONG, 0.0, (3, 3, "portrait", False)),
        (A4, POKER, Duplex.NONE, 0.0, (3, 3, "portrait", False)),
        # fold-over: four fronts and their four backs on a landscape sheet
        (LETTER, POKER, Duplex.FOLD, 0.0, (2, 2, "landscape", False)),
        (A4, POKER, Duplex.FOLD, 0.0, (2, 2, "landscape", False)),
        # a 2 mm bleed keeps six on Letter; so does the print shop's 0.125 in duplex, the
        # cards turned (four upright)
        (LETTER, POKER, Duplex.LONG, 2 * MM, (3, 2, "portrait", False)),
        (LETTER, POKER, Duplex.LONG, 0.125 * INCH, (2, 3, "portrait", True)),
        # other sizes by the same rule
        (LETTER, (3.5 * INCH, 5 * INCH), Duplex.LONG, 0.0, (2, 2, "portrait", False)),
        # mini cards turned on a duplex sheet: 18 (16 upright), as on a single-sided one
        (LETTER, (1.75 * INCH, 2.5 * INCH), Duplex.LONG, 0.0, (3, 6, "portrait", True)),
        (LETTER, (1.75 * INCH, 2.5 * INCH), Duplex.NONE, 0.0, (6, 3, "landscape", False)),
        (LETTER, (2.5 * INCH, 2.5 * INCH), Duplex.LONG, 0.0, (3, 4, "portrait", False)),
        (A4, (4 * INCH, 6 * INCH), Duplex.NONE, 0.0, (2, 1, "landscape", False)),
        # landscape poker and bridge cards turned on a duplex sheet: nine, not eight
        (LETTER, POKER[::-1], Duplex.LONG, 0.0, (3, 3, "portrait", True)),
        (A4, POKER[::-1], Duplex.LONG, 0.0, (3, 3, "portrait", True)),
        (LETTER, (3.5 * INCH, 2.25 * INCH), Duplex.LONG, 0.0, (3, 3, "portrait", True)),
        # single-sided, a landscape sheet holds nine upright: nothing to turn
        (LETTER, POKER[::-1], Duplex.NONE, 0.0, (3, 3, "landscape", False)),
    ],
)
def test_the_most_cards_that_fit_with_the_ruler(
    paper: Paper,
    size: tuple[float, float],
    duplex: Duplex,
    bleed: float,
    expected: tuple[int, int, str, bool],
) -> None:
    sheet = _sheet(paper, size, duplex, bleed)
    assert (sheet.columns, sheet.rows, sheet.paper.orientation, sheet.turned) == expected
    area = printable(sheet.paper)
    cards = [sheet.cell(c, r).grown(bleed) for c in range(sheet.columns) for r in range(sheet.rows)]
    furniture = sheet.furniture.boxes
    for box in cards + furniture:
        assert area.contains(box), box
    for card in cards:
        for box in furniture:
            assert card.intersect(box.grown(-1e-6)) is None, (card, box)
    # and one more row or column would not fit
    pitch_w, pitch_h = sheet.pitch
    room = sheet.front_area.width if sheet.fold is None else sheet.fold - area.x0
    assert (sheet.columns + 1) * pitch_w > room or (sheet.rows + 1) * pitch_h > area.height


def test_nine_poker_cards_fill_letter_top_to_bottom_and_the_ruler_turns() -> None:
    sheet = _sheet(LETTER, POKER, Duplex.LONG)
    extent = sheet.extent(9)
    assert extent.y0 == pytest.approx(18.0) and extent.y1 == pytest.approx(774.0)
    assert sheet.furniture.turned
    ruler = sheet.furniture.ruler
    assert ruler is not None and ruler.x1 <= LETTER.width - 18.0 + 1e-6
    # on A4 there is room below the cards
    assert not _sheet(A4, POKER, Duplex.LONG).furniture.turned


def test_a_card_bigger_than_the_paper_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="does not fit letter paper"):
        plan_cards(Imposition(LETTER), 9 * INCH, 12 * INCH, 1, backs=True)
    # a fold-over sheet that cannot hold a card and its back says so with None
    assert (
        plan_cards(Imposition(LETTER, Duplex.FOLD), 5.5 * INCH, 8.5 * INCH, 1, backs=True) is None
    )


@pytest.mark.parametrize("count", [9, 5, 1])
def test_cut_lines_follow_every_trim_edge_inside_the_margin(count: int) -> None:
    sheet = _sheet(LETTER, POKER, Duplex.LONG)
    lines = cut_lines(sheet, count)
    area = printable(LETTER)
    for line in lines:
        lo_x, hi_x = sorted((line.x0, line.x1))
        lo_y, hi_y = sorted((line.y0, line.y1))
        assert area.grown(-0.12).contains_point(lo_x, lo_y)
        assert area.grown(-0.12).contains_point(hi_x, hi_y)
    boxes = [sheet.cell(*sheet.slot(i)) for i in range(count)]
    for box in boxes:  # each edge lies on a line that spans it (to within half a line width)
        for x in (box.x0, box.x1):
            assert any(
                abs(ln.x0 - x) <= 0.13
                and ln.x0 == ln.x1
                and ln.y0 <= box.y0 + 0.13
                and ln.y1 >= box.y1 - 0.13
                for ln in lines
            )
        for y in (box.y0, box.y1):
            assert any(
                abs(ln.y0 - y) <= 0.13 and ln.y0 == ln.y1 and ln.x0 <= box.x0 and ln.x1 >= box.x1
                for ln in lines
            )
    # no line runs over a slot left empty on the last sheet
    empty = [sheet.cell(*sheet.slot(i)).grown(-1.0) for i in range(count, sheet.per_page)]
    for box in empty:
        for ln in lines:
            assert not (
                box.x0 < ln.x0 < box.x1
                and min(ln.y0, ln.y1) < box.y0
                and max(ln.y0, ln.y1) > box.y1
            )


def _impose(path: Path, count: int, offset: BackOffset, paper: Paper = LETTER) -> list[Placement]:
    fronts = [Box(*POKER, shade=i / count) for i in range(count)]
    back = Box(*POKER, shade=0.9)
    pairs = [(front, back) for front in fronts]
    written = write_plan(
        path,
        DocumentPlan(
            "t.pdf",
            "t",
            "t",
            lambda doc: impose_cards(doc, pairs, Imposition(paper, offset=offset), label="test"),
        ),
    )
    return list(written.placements)


@pytest.mark.parametrize("offset_mm", [(0.0, 0.0), (1.5, -2.0), (5.0, 5.0), (-5.0, -5.0)])
def test_backs_sit_at_the_mirrored_position(tmp_path: Path, offset_mm: tuple[float, float]) -> None:
    offset = BackOffset.from_mm(*offset_mm)
    path = tmp_path / "cards.pdf"
    placed = _impose(path, 11, offset)
    fronts = {p.item: p for p in placed if p.side == "front"}
    backs = {p.item: p for p in placed if p.side == "back"}
    assert sorted(fronts) == sorted(backs) == list(range(11))
    width = LETTER.width  # duplex sheets are portrait
    columns = 3
    for item, front in fronts.items():
        back = backs[item]
        assert back.page == front.page + 1
        assert back.column == columns - 1 - front.column
        assert back.row == front.row
        assert back.x == pytest.approx(width - front.x - front.width + offset.x)
        assert back.y == pytest.approx(front.y + offset.y)
    # The PDF agrees with the records: each front form at its box, each back form at its mirror.
    drawn = {(d.page, round(d.x, 2), round(d.y, 2)): d.form for d in forms_drawn(path)}
    for p in placed:
        assert drawn[(p.page, round(p.x, 2), round(p.y, 2))] == p.form
    assert len(drawn) == len(placed)
    # …and verify measures it: sizes, mirrors, the duplex preference, nothing in the margin
    assert verify_pdf(path) == []


def test_back_offset_reaches_what_the_calibration_page_measures() -> None:
    assert BackOffset.from_mm(1, -1).x == pytest.approx(MM)
    assert BackOffset.from_mm(5, -5).y == pytest.approx(-5 * MM)
    with pytest.raises(UsageError, match=r"back offset 5\.1 mm is too large"):
        BackOffset.from_mm(5.1, 0)


def test_pages_follow_the_card_count(tmp_path: Path) -> None:
    placed = _impose(tmp_path / "c.pdf", 17, BackOffset())
    assert max(p.page for p in placed) == 4  # 2 sheets of 9, each front then back
    assert sum(1 for p in placed if p.side == "front") == 17


def test_counters_mirror_each_back(tmp_path: Path) -> None:
    faces = [(Box(54, 54, 0.2), Box(54, 54, 0.8))] * 30 + [(Box(90, 90, 0.3), Box(90, 90, 0.6))]
    written = write_plan(
        tmp_path / "tokens.pdf",
        DocumentPlan(
            "t.pdf", "t", "t", lambda doc: impose_counters(doc, faces, LETTER, label="tokens")
        ),
    )
    placed = written.placements
    fronts = {p.item: p for p in placed if p.side == "front"}
    backs = {p.item: p for p in placed if p.side == "back"}
    assert len(fronts) == len(backs) == 31
    for item, front in fronts.items():
        assert backs[item].x == pytest.approx(LETTER.width - front.x - front.width)
        assert backs[item].y == pytest.approx(front.y)
        assert backs[item].page == front.page + 1
    assert verify_pdf(tmp_path / "tokens.pdf") == []


def test_round_counters_nest(tmp_path: Path) -> None:
    """4.5 in islands: three to a Letter page, not two, when they may nest."""
    island = Box(4.5 * INCH, 4.5 * INCH)
    faces = [(island, island)] * 7

    def pages(round_pieces: list[bool]) -> int:
        buffer_doc = write_plan(
            tmp_path / "islands.pdf",
            DocumentPlan(
                "i.pdf",
                "i",
                "i",
                lambda doc: impose_counters(
                    doc,
                    faces,
                    Imposition(LETTER, Duplex.NONE),
                    label="islands",
                    round_pieces=round_pieces,
                ),
            ),
        )
        assert verify_pdf(tmp_path / "islands.pdf") == []
        return max(p.page for p in buffer_doc.placements)

    assert pages([True] * 7) == 3
    assert pages([False] * 7) == 4


def test_document_is_deterministic(tmp_path: Path) -> None:
    _impose(tmp_path / "a.pdf", 9, BackOffset())
    _impose(tmp_path / "b.pdf", 9, BackOffset())
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_write_document_replaces_atomically(tmp_path: Path) -> None:
    path = tmp_path / "x.pdf"
    path.write_bytes(b"old")

    def broken(doc: object) -> None:
        raise RuntimeError("drawing failed")

    with pytest.raises(RuntimeError):
        write_plan(path, DocumentPlan("t.pdf", "t", "t", broken))
    assert path.read_bytes() == b"old"
    assert io.BytesIO(b"").read() == b""
