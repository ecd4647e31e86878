"""Text that does not fit: ``check`` finds what ``build`` refuses, and both report every field
that overflows at once, each at the field's own ``file:line:col``."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.app.cli import main

LONG = " ".join(["MWMWMWM"] * 37)


def _at(text: str, needle: str, value: str) -> str:
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if needle in line)
    return f"{row + 1}:{lines[row].index(value) + 1}"


@pytest.mark.parametrize("command", ["check", "build"])
def test_every_overflow_is_reported_at_its_field(
    command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["new", "salvage", "--data", str(tmp_path)]) == 0
    game = tmp_path / "salvage" / "game.yaml"
    text = game.read_text()
    text = text.replace("text: Fire one cannon; add 1 to the roll.", f"text: {LONG}", 1)
    text = text.replace("kind: Crew", "kind: " + "W@" * 15, 1)
    game.write_text(text)
    table = tmp_path / "salvage" / "fortune.csv"
    rows = table.read_text().replace("Every ship moves one space downwind.", LONG)
    table.write_text(rows)
    capsys.readouterr()
    args = [command, "salvage", "--data", str(tmp_path)]
    if command == "build":
        args += ["--out", str(tmp_path / "out")]
    assert main(args) == 1
    err = capsys.readouterr().err
    where = f"{game}:"
    gunner = _at(text, f"text: {LONG}", LONG)
    bosun = _at(text, "kind: W@W", "W@W")
    squall = f"{table}:2:7"  # row 2 (under the header), column 7 (text)
    assert rows.splitlines()[0].split(",")[6] == "text"
    assert f"error: {where}{gunner}: Gunner: text: text does not fit" in err
    assert f"error: {where}{bosun}: Bosun: kind: text does not fit" in err
    assert f"error: {squall}: Squall: text: text does not fit" in err  # the fortune layout
    assert err.count("text does not fit") == 3
    assert not (tmp_path / "out" / "salvage").exists()
