"""A list the data marks ``{ours: …}`` (``wind_veers: {ours: [6, 12, 18]}``) is quoted by rule
text with the mark once, at its end: ``and_list`` took the mark for a list and failed every
placeholder that quoted it ("TypeError: 'Ours' object is not iterable")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import DATA
from tests.pdfread import text_of

from pnpkit.app.cli import main
from pnpkit.model.ours import MARK, Ours
from pnpkit.render.rule_text import and_list


def test_a_marked_list_is_said_with_one_mark() -> None:
    assert and_list(Ours((6, 12, 18))) == f"6, 12 and 18{MARK}"
    assert and_list(Ours((6,))) == f"6{MARK}"
    assert and_list((6, 12)) == "6 and 12"


def test_marked_wind_rounds_check_and_print(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA / "false-colors", data / "false-colors")
    rules = data / "false-colors" / "rules.yaml"
    text = rules.read_text()
    assert "  wind_veers: [6, 12, 18]" in text
    rules.write_text(text.replace("  wind_veers: [6, 12, 18]", "  wind_veers: {ours: [6, 12, 18]}"))
    assert main(["check", "--data", str(data)]) == 0, capsys.readouterr().err
    out = tmp_path / "out"
    assert main(["build", "--data", str(data), "--out", str(out), "-q"]) == 0
    aids = " ".join(text_of(out / "false-colors" / "play-aids.pdf").split())
    assert f"after rounds 6, 12 and 18{MARK}" in aids, aids
