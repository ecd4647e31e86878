"""Duplex, single-sided and fold-over sheets, and the bleed: what each prints, where, and what
the PDF asks the print dialog for — read back from the PDF and measured by verify."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.pdfread import forms_drawn, text_of
from tests.writing import write_plan

from pnpkit.layout import cards
from pnpkit.layout.cards import card_sheets, impose_counters
from pnpkit.layout.geometry import Rect
from pnpkit.layout.imposition import FOLD_GAP, Duplex, Imposition, printable
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.paper import A4, LETTER, Paper
from pnpkit.layout.plan import DocumentPlan, Placement
from pnpkit.units import INCH, MM
from pnpkit.verify.check import verify_pdf

POKER = (2.5 * INCH, 3.5 * INCH)


@dataclass(frozen=True, eq=False)
class Box:
    width: float
    height: float
    shade: float = 0.5

    def draw(self, canvas: object) -> None:
        canvas.setFillGray(self.shade)  # type: ignore[attr-defined]
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)  # type: ignore[attr-defined]


def _deck(count: int, size: tuple[float, float] = POKER) -> list[tuple[Box, Box | None]]:
    back = Box(*size, shade=0.1)
    return [(Box(*size, shade=0.3 + 0.5 * i / count), back) for i in range(count)]


def _write(
    path: Path, faces: list[tuple[Box, Box | None]], imposition: Imposition
) -> list[Placement]:
    plan = card_sheets(path.name, faces, imposition, title="deck", subject="test")
    return list(write_plan(path, plan).placements)


def _duplex_pref(path: Path) -> str:
    prefs = PdfReader(path).trailer["/Root"]["/ViewerPreferences"]
    return str(prefs.get("/Duplex"))


def test_duplex_asks_for_a_long_edge_flip(tmp_path: Path) -> None:
    path = tmp_path / "duplex.pdf"
    placed = _write(path, _deck(30), Imposition(LETTER, offset=BackOffset.from_mm(1, -0.5)))
    assert _duplex_pref(path) == "/DuplexFlipLongEdge"
    assert max(p.page for p in placed) == 8  # High Seas' 30 crew cards: 4 sheets
    assert verify_pdf(path) == []


def test_single_sided_prints_fronts_and_only_backs_of_their_own(tmp_path: Path) -> None:
    path = tmp_path / "none.pdf"
    faces = _deck(10)
    own = Box(*POKER, shade=0.7)
    faces.append((Box(*POKER), own))  # a card with a back of its own design
    placed = _write(path, faces, Imposition(LETTER, Duplex.NONE))
    assert _duplex_pref(path) == "/Simplex"
    assert {p.side for p in placed} == {"front"}
    assert [p.item for p in placed] == [*range(11), 10]  # the own back follows its front
    assert max(p.page for p in placed) == 2
    assert "single-sided; common backs not printed" in text_of(path)
    assert verify_pdf(path) == []


@pytest.mark.parametrize("paper", [LETTER, A4])
def test_fold_over_mirrors_backs_across_the_fold(tmp_path: Path, paper: Paper) -> None:
    path = tmp_path / "fold.pdf"
    placed = _write(path, _deck(9), Imposition(paper, Duplex.FOLD))
    assert _duplex_pref(path) == "/Simplex"
    sheet = paper.landscape()
    fold = sheet.width / 2
    reader = PdfReader(path)
    assert len(reader.pages) == 3  # four cards and their backs to a sheet
    assert {(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages} == {
        sheet.size
    }
    fronts = {p.item: p for p in placed if p.side == "front"}
    backs = {p.item: p for p in placed if p.side == "back"}
    assert sorted(fronts) == sorted(backs) == list(range(9))
    for item, front in fronts.items():
        back = backs[item]
        assert back.page == front.page
        assert (
            front.x + front.width == pytest.approx(fold - FOLD_GAP) or front.x + front.width < fold
        )
        assert back.x == pytest.approx(2 * fold - front.x - front.width)
        assert back.y == front.y
    assert "fold on the dashed line" in text_of(path)
    assert verify_pdf(path) == []


def test_verify_notices_a_missing_fold_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cards, "fold_line", lambda *args, **kwargs: None)
    path = tmp_path / "fold.pdf"
    _write(path, _deck(4), Imposition(LETTER, Duplex.FOLD))
    problems = verify_pdf(path)
    assert problems and all("no fold line" in p for p in problems)


def test_a_card_too_big_to_fold_prints_its_back_as_a_card(tmp_path: Path) -> None:
    path = tmp_path / "big.pdf"
    half_letter = (5.5 * INCH, 8.5 * INCH)
    front, back = Box(*half_letter), Box(*half_letter, shade=0.2)
    placed = _write(path, [(front, back)], Imposition(LETTER, Duplex.FOLD))
    assert [(p.item, p.side, p.page) for p in placed] == [(0, "front", 1), (0, "front", 2)]
    assert "too big to fold on letter" in text_of(path)
    assert verify_pdf(path) == []


def test_bleed_carries_each_edge_past_the_trim(tmp_path: Path) -> None:
    path = tmp_path / "bleed.pdf"
    bleed = 2 * MM
    placed = _write(path, _deck(6), Imposition(LETTER, bleed=bleed))
    fronts = [p for p in placed if p.side == "front"]
    assert max(p.page for p in placed) == 2  # six poker cards on Letter with 2 mm bleed
    # neighbours are twice the bleed apart; each face drawn once plus eight bleed pieces
    xs = sorted({p.x for p in fronts})
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([POKER[0] + 2 * bleed] * 2)
    front_page = [d for d in forms_drawn(path, pieces=True) if d.page == 1]
    assert len(front_page) == 6 * 9 and sum(d.plain for d in front_page) == 6
    assert verify_pdf(path) == []  # card sizes measured between the cut lines


def test_backs_bleed_into_free_paper_but_never_the_margin(tmp_path: Path) -> None:
    """On A4 there is room round the cards: every back carries its outer edges out; moved by
    the largest offset, nothing still prints in the margin."""
    for offset in ((5.0, 5.0), (-5.0, -5.0)):
        path = tmp_path / f"a4-{offset[0]}.pdf"
        _write(path, _deck(9), Imposition(A4, offset=BackOffset.from_mm(*offset)))
        back_page = [d for d in forms_drawn(path, pieces=True) if d.page == 2]
        assert len(back_page) > 9  # bleed pieces beside the nine backs
        assert verify_pdf(path) == []


@pytest.mark.parametrize("duplex", list(Duplex))
def test_counters_by_duplex_mode(tmp_path: Path, duplex: Duplex) -> None:
    path = tmp_path / "tokens.pdf"
    coin = Box(54, 54, 0.4)
    ship, ship_back = Box(72, 72, 0.2), Box(72, 72, 0.8)
    faces = [(coin, coin)] * 12 + [(ship, ship_back)] * 2
    plan = DocumentPlan(
        "t.pdf",
        "t",
        "t",
        lambda doc: impose_counters(
            doc, faces, Imposition(LETTER, duplex), label="tokens", round_pieces=[True] * 12
        ),
    )
    placed = write_plan(path, plan).placements
    assert verify_pdf(path) == []
    fronts = [p for p in placed if p.side == "front"]
    backs = [p for p in placed if p.side == "back"]
    if duplex is Duplex.NONE:  # coins repeat their front: only the ships' backs print
        assert len(fronts) == 14 + 2 and not backs
        assert _duplex_pref(path) == "/Simplex"
        return
    assert len(fronts) == len(backs) == 14
    width = LETTER.landscape().width if duplex is Duplex.FOLD else LETTER.width
    for f, b in zip(fronts, backs, strict=True):
        assert b.x == pytest.approx(width - f.x - f.width)
    if duplex is Duplex.FOLD:
        assert all(f.x + f.width < width / 2 < b.x for f, b in zip(fronts, backs, strict=True))


@pytest.mark.parametrize("offset", [(5.0, -5.0), (-5.0, 5.0)])
def test_counter_backs_print_whole_whatever_the_offset(
    tmp_path: Path, offset: tuple[float, float]
) -> None:
    """Counters keep clear of the side the offset moves their backs towards: no back is cut
    by the margin (cards cannot always: nine poker cards leave Letter no room)."""
    path = tmp_path / "tokens.pdf"
    coin = Box(54, 54, 0.4)
    imposition = Imposition(LETTER, offset=BackOffset.from_mm(*offset))
    plan = DocumentPlan(
        "t.pdf",
        "t",
        "t",
        lambda doc: impose_counters(doc, [(coin, coin)] * 120, imposition, label="coins"),
    )
    placed = write_plan(path, plan).placements
    area = printable(LETTER)
    backs = [p for p in placed if p.side == "back"]
    assert len(backs) == 120
    for p in backs:
        assert area.contains(Rect.of(p.x, p.y, p.width, p.height)), p
    assert verify_pdf(path) == []
