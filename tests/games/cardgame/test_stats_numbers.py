"""The built-in front prints a deck's number fields as the designer wrote them, in plain digits
(``Cost 1234567``), where ``:g`` printed ``Cost 1.23457e+06``: a rounded, wrong value."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.pdfread import text_of

from pnpkit.app.cli import main


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ("1234567", "Cost 1234567"),
        ("123456789", "Cost 123456789"),
        ("-0.0000001", "Cost -0.0000001"),
        ("2.0", "Cost 2"),
        ("2.5", "Cost 2.5"),
        ("0.1", "Cost 0.1"),
    ],
)
def test_a_number_field_prints_as_written(tmp_path: Path, written: str, printed: str) -> None:
    data = tmp_path / "data"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    path = data / "salvage" / "game.yaml"
    text = path.read_text()
    assert "        cost: 2  " in text
    path.write_text(text.replace("        cost: 2  ", f"        cost: {written}  ", 1))
    out = tmp_path / "out"
    assert main(["build", "salvage", "--data", str(data), "--out", str(out), "-q"]) == 0
    crew = " ".join(text_of(out / "salvage" / "crew-cards.pdf").split())
    assert f"{printed} " in crew, crew
    assert "e+" not in crew and "e-0" not in crew
