"""Imposition: as many cards as fit, crop marks outside the trim, backs mirrored for a
long-edge flip and moved by the back offset — checked in the records and in the PDF."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.pdfread import forms_drawn
from tests.writing import write_plan

from pnpkit.errors import UsageError
from pnpkit.layout.cards import CROP_REACH, Placement, fit_grid, impose_cards, impose_counters
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.paper import A4, LETTER, MARGIN
from pnpkit.layout.plan import DocumentPlan
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


@pytest.mark.parametrize(
    ("paper", "size", "duplex", "expected"),
    [
        (LETTER, POKER, False, (4, 2, True)),
        (LETTER, POKER, True, (3, 2, False)),
        (A4, POKER, True, (3, 3, False)),
        (LETTER, (1.75 * INCH, 2.5 * INCH), True, (4, 3, False)),
        (LETTER, (2.5 * INCH, 2.5 * INCH), True, (3, 3, False)),
    ],
)
def test_grid_fits_inside_the_margin(
    paper: object, size: tuple[float, float], duplex: bool, expected: tuple[int, int, bool]
) -> None:
    grid = fit_grid(paper, *size, duplex=duplex)  # type: ignore[arg-type]
    assert (grid.columns, grid.rows, grid.paper.is_landscape) == expected
    span_w, span_h = grid.span
    x0, y0 = grid.origin
    assert x0 - CROP_REACH >= MARGIN - 1e-6
    assert x0 + span_w + CROP_REACH <= grid.paper.width - MARGIN + 1e-6
    assert y0 + span_h + CROP_REACH <= grid.paper.height - MARGIN + 1e-6


def test_a_card_bigger_than_the_paper_is_a_usage_error() -> None:
    with pytest.raises(UsageError):
        fit_grid(LETTER, 9 * INCH, 12 * INCH)


def _impose(path: Path, count: int, offset: BackOffset) -> list[Placement]:
    fronts = [Box(*POKER, shade=i / count) for i in range(count)]
    back = Box(*POKER, shade=0.9)
    pairs = [(front, back) for front in fronts]
    written = write_plan(
        path,
        DocumentPlan(
            "t.pdf",
            "t",
            "t",
            lambda doc: impose_cards(doc, pairs, LETTER, label="test", offset=offset),
        ),
    )
    return list(written.placements)


@pytest.mark.parametrize("offset_mm", [(0.0, 0.0), (1.5, -2.0)])
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
    assert verify_pdf(path) == []


def test_back_offset_is_limited() -> None:
    assert BackOffset.from_mm(1, -1).x == pytest.approx(MM)
    with pytest.raises(UsageError, match="back offset 5 mm is too large"):
        BackOffset.from_mm(5, 0)


def test_pages_follow_the_card_count(tmp_path: Path) -> None:
    placed = _impose(tmp_path / "c.pdf", 17, BackOffset())
    assert max(p.page for p in placed) == 6  # 3 sheets of 6, each front then back
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
