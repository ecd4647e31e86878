"""The duplex calibration page every duplex kit ships (issue 29): a player holding only the
PDFs can act on it (which way to move the back side in the printer's settings, in mm and
inches, and what to do without such a setting); the rebuild with ``--back-offset`` stays, as one
line for designers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.pdfread import page_texts
from tests.writing import write_plan

from pnpkit.layout.cards import CALIBRATION_ELSE, CALIBRATION_STEPS, calibration_sheet
from pnpkit.layout.imposition import BACK_BLEED
from pnpkit.layout.offset import MAX_OFFSET_MM
from pnpkit.layout.paper import A4, LETTER, Paper
from pnpkit.units import MM
from pnpkit.verify.check import verify_pdf


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_the_calibration_page_says_how_to_move_the_back_side_without_pnpkit(
    paper: Paper, tmp_path: Path
) -> None:
    (plan,) = calibration_sheet(paper, subject="test")
    path = tmp_path / plan.filename
    write_plan(path, plan)
    assert verify_pdf(path) == []
    front, back = (re.sub(r"\s+", " ", page) for page in page_texts(path))
    for words in (
        "Find how far your printer moves the back side",
        "Each tick is 1 mm (0.04 in).",
        # the printer's own setting, by the names drivers give it
        "image shift, back side offset, print position adjustment or duplex alignment",
        # which way: the scales' numbers are how far to move the back side, seen from the back
        "Move the back side's printing X mm to the right and Y mm up, as you look at the back",
        "a negative X moves it left, a negative Y down",
        "A setting in inches: divide by 25.4",
        "change the number's sign",
        "X: move the back's printing right (mm)",
        "Y: move the back's printing up (mm)",
        # without such a setting
        "No such setting?",
        f"the backs print {BACK_BLEED / MM:.0f} mm past their outer cut lines",
        "glue them back to back before you cut",
        f"more than {MAX_OFFSET_MM:g} mm",
        # the designers' line keeps the rebuild
        "For designers with pnpkit",
        "pnpkit build GAME --back-offset X,Y",
    ):
        assert words in front, words
    assert "these lines show through to the front" in back
    # the scales reach as far as an offset may go
    reach = f"{MAX_OFFSET_MM:+.0f}"
    assert front.count(reach) >= 2 and front.count(f"-{MAX_OFFSET_MM:.0f}") >= 2


def test_the_calibration_words_end_with_the_designers_line() -> None:
    """The player's steps come first; the rebuild is the page's last paragraph."""
    heads = [text for style, text in (*CALIBRATION_STEPS, *CALIBRATION_ELSE) if style == "head"]
    assert heads[-1] == "For designers with pnpkit"
    player = " ".join(text for _, text in (*CALIBRATION_STEPS, *CALIBRATION_ELSE[:-2]))
    assert "pnpkit" not in player  # nothing a player without pnpkit cannot do
