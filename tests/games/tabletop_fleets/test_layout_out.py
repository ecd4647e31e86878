"""``table-layout --out`` names a file or a folder as ``map --out`` does (one rule,
:func:`pnpkit.games.output.file_target`): ``newtl/`` was written as a file named ``newtl``, an
existing folder was refused, and a PDF was written under a .json name or among the game data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import DATA

from pnpkit.app.cli import main

LAYOUT = ["table-layout", "--crews", "3", "--seed", "1"]


@pytest.fixture
def data(tmp_path: Path) -> Path:
    copy = tmp_path / "data"
    shutil.copytree(DATA / "tabletop-fleets", copy / "tabletop-fleets")
    return copy


@pytest.mark.parametrize("fmt", ["pdf", "json", "text"])
@pytest.mark.parametrize("made", [False, True])
def test_a_folder_gets_the_layouts_own_name(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str], fmt: str, made: bool
) -> None:
    folder = tmp_path / "layouts"
    if made:
        folder.mkdir()
    out = str(folder) if made else f"{folder}/"
    assert main([*LAYOUT, "--format", fmt, "--out", out, "--data", str(data)]) == 0
    suffix = {"text": "txt"}.get(fmt, fmt)
    written = folder / f"square-3-crews-seed1.{suffix}"
    assert capsys.readouterr().out.strip() == f"wrote {written}"
    assert [p.name for p in folder.iterdir()] == [written.name]
    assert written.read_bytes().startswith(b"%PDF" if fmt == "pdf" else b"")


@pytest.mark.parametrize(
    ("fmt", "out", "said"),
    [
        ("pdf", "layout.json", "--out layout.json: a .json name for --format pdf (allowed: "),
        ("text", "-", "--out -: text goes to stdout without --out (leave it out)"),
        ("pdf", "-", "--out -: pdf is written to a file"),
        ("pdf", "DATA/tabletop-fleets/x.pdf", "is among the game data in"),
    ],
)
def test_an_out_it_cannot_write_as_asked_is_a_usage_error(
    tmp_path: Path,
    data: Path,
    capsys: pytest.CaptureFixture[str],
    fmt: str,
    out: str,
    said: str,
) -> None:
    out = out.replace("DATA", str(data))
    args = [*LAYOUT, "--format", fmt, "--out", out, "--data", str(data)]
    assert main(args) == 2
    assert said in capsys.readouterr().err
    assert sorted(p.name for p in (data / "tabletop-fleets").iterdir()) == sorted(
        p.name for p in (DATA / "tabletop-fleets").iterdir()
    )
    assert not Path("-").exists()
