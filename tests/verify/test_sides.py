"""verify measures two-sided promises: backs behind fronts (sizes, mirror, offset, count), the
fold line, the duplex viewer preference and a ruler turned a quarter turn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from pnpkit.layout import marks
from pnpkit.layout.bleed import draw_bled
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect
from pnpkit.layout.paper import LETTER
from pnpkit.units import MM
from pnpkit.verify import verify_pdf
from pnpkit.verify.promises import MirrorPromise, Promises

CARD = (180.0, 252.0)
FOLD_COLOR = (0.3, 0.3, 0.32)


@dataclass(frozen=True)
class Face:
    width: float = CARD[0]
    height: float = CARD[1]

    def draw(self, canvas: object) -> None:
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)  # type: ignore[attr-defined]


def _two_sided(
    path: Path,
    promise: MirrorPromise,
    back_shift: tuple[float, float] = (0.0, 0.0),
    extra: Callable[[Document], None] | None = None,
) -> list[str]:
    """Two fronts on page 1; their backs on page 2 at the mirror, moved by ``back_shift``."""
    face = Face()
    doc = Document(path, LETTER, title="sides")
    form = doc.form(face)
    fronts = [Rect.of(40, 100, *CARD), Rect.of(220, 100, *CARD)]
    for box in fronts:
        draw_bled(doc.canvas, form, box)
    doc.start_page(LETTER)
    for box in fronts:
        back = Rect(612 - box.x1, box.y0, 612 - box.x0, box.y1).moved(*back_shift)
        draw_bled(doc.canvas, form, back, (9.0, 9.0, 9.0, 9.0))  # bleed pieces do not count
    if extra is not None:
        extra(doc)
    doc.promise_mirror(promise)
    doc.save()
    return verify_pdf(path)


def _promise(**changes: object) -> MirrorPromise:
    base = {
        "what": "deck",
        "front_page": 1,
        "back_page": 2,
        "axis": 306.0,
        "offset": (0.0, 0.0),
        "backs": 2,
        "size": CARD,
    }
    base.update(changes)
    return MirrorPromise(**base)  # type: ignore[arg-type]


def test_backs_behind_their_fronts_pass(tmp_path: Path) -> None:
    assert _two_sided(tmp_path / "ok.pdf", _promise()) == []
    shift = (1.5 * MM, -2 * MM)
    assert _two_sided(tmp_path / "moved.pdf", _promise(offset=shift), back_shift=shift) == []


def test_a_back_off_its_mark_is_named(tmp_path: Path) -> None:
    problems = _two_sided(tmp_path / "off.pdf", _promise(), back_shift=(1.0 * MM, 0.0))
    assert len(problems) == 2
    assert all("is not behind any front" in p and "offset +0.00, +0.00 mm" in p for p in problems)


def test_a_wrong_size_and_a_missing_back_are_named(tmp_path: Path) -> None:
    problems = _two_sided(tmp_path / "size.pdf", _promise(size=(180.0, 250.0), backs=3))
    assert sum("promised 63.5 × 88.2 mm" in p for p in problems) == 4
    assert any("2 backs printed, promised 3" in p for p in problems)


def test_a_fold_line_is_found_or_missed(tmp_path: Path) -> None:
    def fold(doc: Document) -> None:
        doc.canvas.setStrokeColorRGB(*FOLD_COLOR)
        doc.canvas.line(306, 20, 306, 770)

    # one page: fronts left of the fold, backs right of it
    face = Face()
    for name, draw_fold in (("with.pdf", True), ("without.pdf", False)):
        doc = Document(tmp_path / name, LETTER, title="fold")
        form = doc.form(face)
        draw_bled(doc.canvas, form, Rect.of(110, 100, *CARD))
        draw_bled(doc.canvas, form, Rect.of(322, 100, *CARD))
        if draw_fold:
            fold(doc)
        doc.promise_mirror(_promise(back_page=1, backs=1, fold_color=FOLD_COLOR))
        doc.save()
    assert verify_pdf(tmp_path / "with.pdf") == []
    assert any("no fold line at x = 306.00 pt" in p for p in verify_pdf(tmp_path / "without.pdf"))


def test_the_duplex_preference_is_checked(tmp_path: Path) -> None:
    def plain(doc: Document) -> None:
        doc.canvas.drawString(72, 72, "fine")

    doc = Document(tmp_path / "asked.pdf", LETTER, title="t")
    doc.set_duplex("DuplexFlipLongEdge")
    plain(doc)
    doc.save()
    assert verify_pdf(tmp_path / "asked.pdf") == []
    assert Promises.from_json(doc.promises.to_json()).duplex == "DuplexFlipLongEdge"
    # a document that promises a flip but whose catalogue lacks it
    doc = Document(tmp_path / "missing.pdf", LETTER, title="t")
    plain(doc)
    doc._duplex = "DuplexFlipLongEdge"  # the promise without the preference
    doc.save()
    assert verify_pdf(tmp_path / "missing.pdf") == [
        f"{tmp_path / 'missing.pdf'}: /ViewerPreferences /Duplex is None, promised "
        "/DuplexFlipLongEdge"
    ]


@pytest.mark.parametrize("turned", [False, True])
def test_a_turned_ruler_is_measured(tmp_path: Path, turned: bool) -> None:
    doc = Document(tmp_path / "ruler.pdf", LETTER, title="ruler")
    box = marks.calibration(doc.canvas, 300, 200, doc, turned=turned)
    doc.save()
    assert verify_pdf(tmp_path / "ruler.pdf") == []
    rulers = doc.promises.rulers
    assert {r.axis for r in rulers} == {"y" if turned else "x"}
    if turned:
        assert box.width == marks.CALIBRATION_HEIGHT
        assert box.height == pytest.approx(marks.calibration_width())
