"""The "print this kit" page: read from the kit's plans (each file once, its sides, paper, what to
do with it), one page with the calibration ruler, and every bundled kit opens with it."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.pdfread import page_texts
from tests.writing import write_plan

from pnpkit.app import pipeline
from pnpkit.errors import BuildError
from pnpkit.games import find_game
from pnpkit.layout.cards import CALIBRATION_FILE, calibration_sheet
from pnpkit.layout.document import Document
from pnpkit.layout.duplex import Duplex
from pnpkit.layout.flow import Grid, Items
from pnpkit.layout.paper import A4, LETTER
from pnpkit.layout.plan import DocumentPlan, Printing
from pnpkit.layout.print_guide import GUIDE_FILE, NOTHING_ELSE, guide_blocks, with_print_guide
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.model.ours import MARK, NOTE
from pnpkit.verify.check import verify_pdf


def _nothing(doc: Document) -> None:
    doc.start_page(LETTER)


CARDS = DocumentPlan(
    "cards.pdf", "cards", "t", _nothing, Printing(Duplex.LONG, card=True, then="Cut them out.")
)
BOARD = DocumentPlan("board.pdf", "board", "t", _nothing, Printing(then="Glue the sheets."))
RULES = DocumentPlan("rules.pdf", "rules", "t", _nothing)


def _rows(plans: list[DocumentPlan]) -> dict[str, tuple[str, ...]]:
    grid = next(b for b in guide_blocks(plans, LETTER) if isinstance(b, Grid))
    return {row[0].text: tuple(cell.text for cell in row[1:]) for row in grid.rows[1:]}


def _said(plans: list[DocumentPlan], needs: tuple[str, ...] = ()) -> str:
    items = [b for b in guide_blocks(plans, LETTER, needs) if isinstance(b, Items)]
    return "\n".join(text for block in items for text in block.items)


def test_every_file_has_a_row_with_its_sides_paper_copies_and_what_to_do() -> None:
    rows = _rows([CARDS, BOARD, RULES])
    assert list(rows) == ["cards.pdf", "board.pdf", "rules.pdf"]
    assert rows["cards.pdf"] == (
        "**double-sided**, long-edge flip, card stock",
        "1",
        "Cut them out.",
    )
    assert rows["board.pdf"] == ("single-sided, plain paper", "1", "Glue the sheets.")
    assert rows["rules.pdf"][0] == "single-sided, plain paper"


def test_double_sided_advice_and_the_calibration_file_only_when_the_kit_has_them() -> None:
    assert "long edge" not in _said([BOARD, RULES])
    assert "long edge" in _said([CARDS])
    assert CALIBRATION_FILE not in _said([CARDS])
    calibration = calibration_sheet(LETTER, subject="t")
    assert f"Print {CALIBRATION_FILE} first" in _said([CARDS, *calibration])
    assert calibration[0].printing.duplex is Duplex.LONG


def test_glue_only_when_a_file_says_to_glue_and_needs_or_nothing_else() -> None:
    assert "glue stick" not in _said([CARDS, RULES])
    assert "glue stick" in _said([CARDS, BOARD])
    assert NOTHING_ELSE in _said([CARDS])
    assert "To play" not in _said([CARDS], None)  # a designer's card game: not known
    assert "**To play:** two dice; a pencil." in _said([CARDS], ("two dice", "a pencil."))


def test_the_page_is_one_verified_page_and_marks_carry_the_footnote(tmp_path: Path) -> None:
    guide = with_print_guide(
        [CARDS, BOARD], title=f"Game{MARK}", subject="t", paper=A4, needs=("a die",)
    )[0]
    assert guide.filename == GUIDE_FILE
    assert MARK not in guide.title  # the metadata keeps the title plain
    written = write_plan(tmp_path / GUIDE_FILE, guide)
    assert len(PdfReader(written.path).pages) == 1
    assert verify_pdf(written.path) == []  # the calibration ruler measures true
    text = " ".join(" ".join(page_texts(written.path)).split())
    for words in ("cards.pdf", "board.pdf", "Actual size", "Fit to page", "a die", NOTE):
        assert words in text


def test_a_kit_too_long_for_one_page_is_refused(tmp_path: Path) -> None:
    many = [DocumentPlan(f"file-{n}.pdf", "f", "t", _nothing, BOARD.printing) for n in range(80)]
    guide = with_print_guide(many, title="Big", subject="t", paper=LETTER)[0]
    with pytest.raises(BuildError, match="do not fit on one letter page"):
        write_plan(tmp_path / GUIDE_FILE, guide)


@pytest.mark.parametrize(
    "game",
    ["british-vs-pirates", "false-colors", "high-seas", "pirate-fleets", "tabletop-fleets"],
)
def test_every_bundled_kit_opens_with_the_page_naming_each_of_its_files(
    game: str, data_dir: Path, tmp_path: Path
) -> None:
    done = pipeline.checked(find_game(game, data_dir / game), data_dir / game)
    plans = pipeline.documents(done, DEFAULTS)
    assert plans[0].filename == GUIDE_FILE
    written = write_plan(tmp_path / GUIDE_FILE, plans[0])
    text = " ".join(" ".join(page_texts(written.path)).split())
    for plan in plans[1:]:
        assert plan.filename in text
    duplex = {plan.filename for plan in plans if plan.printing.duplex is Duplex.LONG}
    assert (CALIBRATION_FILE in duplex) == bool(duplex)
    assert (f"Print {CALIBRATION_FILE} first" in text) == bool(duplex)
