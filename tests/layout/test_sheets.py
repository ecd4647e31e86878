"""Imposition returns whole sheets as values (:mod:`pnpkit.layout.sheet`): every face's box,
the cut lines, the ruler and label, the backs with their bleeds and offset, the fold; worked
out without a drawing library. One painter (:func:`pnpkit.layout.cards.paint`) draws any of
them, and places each face where its sheet says."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from tests.writing import write_plan

from pnpkit.layout.cards import paint
from pnpkit.layout.imposition import Duplex, Imposition, card_sheets_of, printable
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.packing import counter_sheets_of
from pnpkit.layout.paper import INK_INSET, LETTER
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.sheet import (
    LONG_EDGE,
    SIMPLEX,
    Back,
    Cuts,
    Faces,
    Fold,
    Furnish,
    Sheets,
    SizePromise,
)
from pnpkit.units import INCH

W, H = 2.5 * INCH, 3.5 * INCH
T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Box:
    width: float
    height: float

    def draw(self, canvas: object) -> None:
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)  # type: ignore[attr-defined]


def _steps(sheets: Sheets, kind: type[T]) -> list[T]:
    """Every step of ``kind`` on every page of ``sheets``, in order."""
    return [
        s for sheet in sheets.sheets for p in sheet.pages for s in p.steps if isinstance(s, kind)
    ]


def test_a_duplex_run_is_every_sheet_front_and_back_as_one_value() -> None:
    offset = BackOffset.from_mm(1.0, -0.5)
    sheets = card_sheets_of(Imposition(LETTER, offset=offset), W, H, [Back.SHARED] * 10, "deck")
    assert sheets.duplex == LONG_EDGE
    assert [len(sheet.pages) for sheet in sheets.sheets] == [2, 2]
    first = sheets.sheets[0]
    fronts, backs = (next(s for s in page.steps if isinstance(s, Faces)) for page in first.pages)
    assert (fronts.side, backs.side) == ("front", "back")
    assert len(fronts.places) == len(backs.places) == 9
    axis = LETTER.width / 2
    assert first.mirror is not None and first.mirror.axis == axis
    for front, back in zip(fronts.places, backs.places, strict=True):
        assert front.item == back.item and back.back and not front.back
        assert back.box == front.box.mirrored(axis).moved(offset.x, offset.y)
        assert back.column == 2 - front.column and back.row == front.row
        assert all(side >= 0 for side in back.bleed)
    assert backs.clip == printable(LETTER).grown(-INK_INSET)  # backs stop inside the margin
    (cuts,) = [s for s in first.pages[0].steps if isinstance(s, Cuts)]
    xs = {round(line.x0, 3) for line in cuts.lines if line.x0 == line.x1}
    assert {round(p.box.x0, 3) for p in fronts.places} <= xs
    widths = [s for s in first.pages[0].steps if isinstance(s, SizePromise) and s.axis == "x"]
    assert [s.pitch for s in widths] == [W, W, W]
    furnished = [s for s in first.pages[0].steps if isinstance(s, Furnish)]
    assert furnished[0].furniture.ruler is not None
    assert furnished[0].text == "deck: sheet 1 of 2 (front)"
    last = sheets.sheets[1].pages[0].steps[0]
    assert isinstance(last, Faces) and len(last.places) == 1


def test_single_sided_sheets_print_only_backs_of_their_own_as_cards() -> None:
    backs = [Back.OWN, Back.SHARED, Back.NONE]
    sheets = card_sheets_of(Imposition(LETTER, duplex=Duplex.NONE), W, H, backs, "deck")
    assert sheets.duplex == SIMPLEX
    (faces,) = _steps(sheets, Faces)
    assert [(p.item, p.back) for p in faces.places] == [
        (0, False),
        (0, True),
        (1, False),
        (2, False),
    ]
    assert "common backs not printed" in _steps(sheets, Furnish)[0].text


def test_fold_over_counters_fold_at_the_middle_of_a_landscape_page() -> None:
    imposition = Imposition(LETTER, duplex=Duplex.FOLD)
    sheets = counter_sheets_of(imposition, [INCH] * 4, [True] * 4, [Back.OWN] * 4, "tokens", 7.2)
    (sheet,) = sheets.sheets
    (page,) = sheet.pages
    assert page.paper.width > page.paper.height
    (fold,) = _steps(sheets, Fold)
    assert fold.x == page.paper.width / 2
    fronts, backs = _steps(sheets, Faces)
    for front, back in zip(fronts.places, backs.places, strict=True):
        assert front.box.x1 < fold.x < back.box.x0
        assert back.box == front.box.mirrored(fold.x)


def test_the_painter_places_every_face_where_its_sheet_says(tmp_path: Path) -> None:
    faces = [(Box(W, H), Box(W, H)) for _ in range(10)]
    imposition = Imposition(LETTER, offset=BackOffset.from_mm(1.0, -0.5))
    sheets = card_sheets_of(imposition, W, H, [Back.OWN] * 10, "deck")
    plan = DocumentPlan("deck.pdf", "deck", "test", lambda doc: paint(doc, sheets, faces))
    placed = list(write_plan(tmp_path / "deck.pdf", plan).placements)
    said = [
        (place.item, faces_step.side, place.box.x0, place.box.y0)
        for faces_step in _steps(sheets, Faces)
        for place in faces_step.places
    ]
    assert [(p.item, p.side, p.x, p.y) for p in placed] == said
    assert max(p.page for p in placed) == 4


def test_sheets_are_worked_out_without_a_drawing_library() -> None:
    code = (
        "import sys, pnpkit.layout.imposition, pnpkit.layout.packing, pnpkit.layout.sheet; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'pypdf')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
