"""The built-in front on small cards: the footer shortens to what fits (game · deck · author,
then game · deck, then the deck), the lines keep the room their 6 pt type takes, and text that
fits nowhere is an error at its field, never type overlapping type."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.pdfread import page_texts

from pnpkit.app.cli import main
from pnpkit.render import fonts
from pnpkit.render.faces.typesetter import fits


def _game(tmp_path: Path, card_size: str) -> Path:
    data = tmp_path / "data"
    assert main(["new", "salvage-run", "--data", str(data)]) == 0
    game = data / "salvage-run"
    path = game / "game.yaml"
    path.write_text(re.sub(r"(?m)^card_size: .*$", f"card_size: {card_size}", path.read_text()))
    return data


def test_fits_measures_one_line_at_6_pt_or_more() -> None:
    fonts.register()
    wide = fonts.text_width("Salvage Run · Crew", fonts.REGULAR, 6)
    assert fits("Salvage Run · Crew", wide, 6)
    assert not fits("Salvage Run · Crew", wide - 0.5, 6)
    assert not fits("Salvage Run · Crew", wide * 0.9, 4)  # measured at 6 pt, never smaller
    assert not fits("Salvage Run · Crew", wide, 6, weight="bold")


@pytest.mark.parametrize(
    ("card_size", "footer", "left_out"),
    [
        ("poker", "Salvage Run · Crew · Your Name", ""),
        ("[1.25in, 1.75in]", "Salvage Run · Crew", "Your Name"),
    ],
)
def test_the_footer_is_the_longest_that_fits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], card_size: str, footer: str, left_out: str
) -> None:
    data = _game(tmp_path, card_size)
    out = tmp_path / "out"
    assert main(["build", "salvage-run", "--data", str(data), "--out", str(out)]) == 0, (
        capsys.readouterr().err
    )
    words = " ".join(page_texts(out / "salvage-run" / "crew-cards.pdf")[0].split())
    assert footer in words
    if left_out:
        assert left_out not in words


def test_text_that_fits_no_small_card_is_an_error_at_its_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """On a 1 in card the rule text cannot fit at 6 pt: said at the card's text, never printed
    over the lines below it (before, the footer's overflow hid that the kind, stats and footer
    lines overlapped on cards under poker size)."""
    data = _game(tmp_path, "[1in, 1.4in]")
    capsys.readouterr()
    assert main(["check", "salvage-run", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert re.search(r"game\.yaml:\d+:\d+: Bosun: text: text does not fit", err), err
    assert "footer" not in err
