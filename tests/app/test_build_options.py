"""``pnpkit build`` options: --back-offset, progress lines and --quiet, the documents asked
for."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from tests.pdfread import text_of
from tests.writing import ShippedKit

from pnpkit.app.build import build_kits
from pnpkit.app.cli import main
from pnpkit.app.new_game import scaffold
from pnpkit.app.settings import print_settings
from pnpkit.build.control import BuildControl
from pnpkit.errors import UsageError
from pnpkit.layout.offset import BackOffset
from pnpkit.units import MM


def _offset(tmp_path: Path, text: str) -> BackOffset:
    return print_settings(tmp_path, {"back_offset": text}).imposition.offset


def test_back_offset_reads_two_millimetre_numbers(tmp_path: Path) -> None:
    assert _offset(tmp_path, "1.5,-0.5") == BackOffset(1.5 * MM, -0.5 * MM)
    assert _offset(tmp_path, " 2 mm , 0 ") == BackOffset(2 * MM, 0.0)


@pytest.mark.parametrize("text", ["1", "1,2,3", "a,b", "nan,0", "5.5,0", "0,-6", ""])
def test_bad_back_offsets_are_usage_errors(tmp_path: Path, text: str) -> None:
    with pytest.raises(UsageError, match=f"--back-offset {text!r} is"):
        _offset(tmp_path, text)


def test_cli_rejects_a_bad_back_offset_with_exit_2(
    capsys: pytest.CaptureFixture[str], data_dir: Path, tmp_path: Path
) -> None:
    args = ["--data", str(data_dir), "--out", str(tmp_path)]
    assert main(["build", "high-seas", "--back-offset", "9,0", *args]) == 2
    assert (
        "error: --back-offset '9,0' is out of range (allowed: X,Y in mm, each from -5 to 5, "
        "e.g. 1.5,-0.5)" in capsys.readouterr().err
    )
    assert not (tmp_path / "high-seas").exists()


def _pages_text(path: Path) -> str:
    return text_of(path)


def _drawing(page: Any) -> bytes:
    """A page's content without its text objects."""
    return re.sub(rb"BT .*? ET", b"", page.get_contents().get_data(), flags=re.S)


def test_back_offset_moves_duplex_backs_only(
    capsys: pytest.CaptureFixture[str], data_dir: Path, tmp_path: Path, shipped_kit: ShippedKit
) -> None:
    plain, moved = shipped_kit("pirate-fleets").parent, tmp_path / "moved"  # plain: no offset
    code = main(
        [
            "build",
            "pirate-fleets",
            "--quiet",
            "--back-offset",
            "-1.5,0.75",  # a negative X is a value, not an option
            "--paper",
            "letter",  # as the shipped kit
            "--data",
            str(data_dir),
            "--out",
            str(moved),
        ]
    )
    assert code == 0
    assert capsys.readouterr().out == ""
    game = "pirate-fleets"
    # the board has no backs: the same bytes; the decks' back pages moved
    assert (plain / game / "board.pdf").read_bytes() == (moved / game / "board.pdf").read_bytes()
    # (the counter sheet is packed to its margins: an upward back offset moves its whole grid
    # down so the moved backs stay inside the margin; its fronts and backs are held to each
    # other by tests/layout/test_card_imposition*.py)
    for name in ("supply-cards.pdf", "duplex-calibration.pdf"):
        before, after = PdfReader(plain / game / name), PdfReader(moved / game / name)
        # the fronts' drawing is the same (the sheet's label may say which offset it was built with)
        assert _drawing(before.pages[0]) == _drawing(after.pages[0])
        back_before = before.pages[1].get_contents().get_data()
        back_after = after.pages[1].get_contents().get_data()
        assert back_before != back_after, name
    # the calibration page names the option it asks for
    assert "--back-offset X,Y" in _pages_text(plain / game / "duplex-calibration.pdf")


def test_progress_is_one_line_per_document_as_it_is_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    heard: list[Path] = []

    def hear(path: Path) -> None:
        assert path.is_file()  # reported once it is on disk
        heard.append(path)

    data, out = tmp_path / "data", tmp_path / "out"
    scaffold(data, "salvage-run", None)  # a card game made by `pnpkit new`: seven documents
    written = build_kits(["salvage-run"], data, out, control=BuildControl(report=hear))
    assert heard == written and len(written) == 7
    assert main(["build", "salvage-run", "--data", str(data), "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [str(p) for p in written] + ["wrote 7 files"]


def test_only_writes_the_documents_asked_for(data_dir: Path, tmp_path: Path) -> None:
    only = frozenset({"board.pdf", "crew-cards.pdf"})
    written = build_kits(["high-seas"], data_dir, tmp_path, control=BuildControl(only=only))
    assert sorted(p.name for p in written) == sorted(only)
    assert sorted(p.name for p in (tmp_path / "high-seas").glob("*.pdf")) == sorted(only)
    # a kit without a board (a card game made by `pnpkit new`): the name it lacks is passed over
    scaffold(tmp_path / "data", "salvage-run", None)
    written = build_kits(
        ["salvage-run"], tmp_path / "data", tmp_path, control=BuildControl(only=only)
    )
    assert [p.name for p in written] == ["crew-cards.pdf"]
    assert [p.name for p in (tmp_path / "salvage-run").iterdir()] == ["crew-cards.pdf"]
