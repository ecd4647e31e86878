"""``pnpkit table-layout`` measures in centimetres when the paper is A4 or ``--units cm`` asks
(PNPKIT_UNITS, ``units`` in pnpkit.toml), in inches otherwise; the same deal either way."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from tests.pdfread import text_of

from pnpkit.app.cli import main
from pnpkit.verify import verify_pdf

DEAL = ["table-layout", "--crews", "2", "--seed", "4"]


def _text(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main([*DEAL, *extra]) == 0
    return capsys.readouterr().out


def _numbers(text: str, unit: str) -> list[float]:
    return [float(n) for n in re.findall(rf"(\d+(?:\.\d+)?) {unit}\b", text)]


def test_inches_on_letter_and_centimetres_on_a4(capsys: pytest.CaptureFixture[str]) -> None:
    inches = _text(capsys)
    assert inches.startswith("square table 48 in, 2 crews, seed 4\n")
    assert " cm" not in inches
    cm = _text(capsys, "--paper", "a4")
    assert cm.startswith("square table 121.9 cm, 2 crews, seed 4\n")
    assert "islands 11.4 cm across, at least 15.2 cm apart and 30.5 cm from every edge" in cm
    assert re.search(r"\d in\b", cm) is None
    # the same deal: every measurement agrees, each printed to 0.1 of its unit
    pairs = zip(_numbers(inches, "in")[3:], _numbers(cm, "cm")[3:], strict=True)
    for inch, centimetres in pairs:
        assert centimetres == pytest.approx(inch * 2.54, abs=0.05 * 2.54 + 0.05)
    assert _text(capsys, "--units", "cm") == cm
    assert _text(capsys, "--paper", "a4", "--units", "in") == inches


def test_units_set_once(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    data_dir: Path,
) -> None:
    cm = _text(capsys, "--units", "cm")
    monkeypatch.setenv("PNPKIT_UNITS", "cm")
    assert _text(capsys) == cm
    monkeypatch.delenv("PNPKIT_UNITS")
    monkeypatch.setenv("PNPKIT_PAPER", "a4")
    assert _text(capsys) == cm
    monkeypatch.delenv("PNPKIT_PAPER")
    data = tmp_path / "data"
    shutil.copytree(data_dir / "tabletop-fleets", data / "tabletop-fleets")
    (data / "pnpkit.toml").write_text('units = "cm"\n', encoding="utf-8")
    assert _text(capsys, "--data", str(data)) == cm


def test_the_pdf_speaks_centimetres_on_a4(tmp_path: Path) -> None:
    target = tmp_path / "layout.pdf"
    assert main([*DEAL, "--format", "pdf", "--paper", "a4", "--out", str(target)]) == 0
    assert verify_pdf(target) == []
    text = text_of(target)
    assert "Square table 121.9 cm" in text and "centimetres on the table" in text
    assert "1 cm on paper = " in text
    ruler = "1 in 5 cm"  # the calibration ruler keeps both (its two labels, side by side)
    assert ruler in text and re.search(r"\d in\b", text.replace(ruler, "")) is None
