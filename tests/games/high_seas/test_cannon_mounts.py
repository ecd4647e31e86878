"""A staging area has a cannon mount centred under it: a cannon piece so wide that the mounts of
neighbouring areas would overlap is refused at sizes.cannon_token (it printed overlapping
mounts without a word)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import DATA

from pnpkit.app.cli import main


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], cannon: str) -> str:
    data = tmp_path / "data"
    shutil.copytree(DATA / "high-seas", data / "high-seas")
    game = data / "high-seas" / "game.yaml"
    text = game.read_text()
    for old, new in (
        ("  crew_card: poker", "  crew_card: mini"),
        ("  cannon_token: 0.9in", f"  cannon_token: {cannon}"),
        ("  staging_area: [2.75in, 3.75in]", "  staging_area: [1.8in, 2.7in]"),
    ):
        assert old in text
        text = text.replace(old, new, 1)
    game.write_text(text)
    capsys.readouterr()
    code = main(["check", "--data", str(data)])
    return f"{code}\n{capsys.readouterr().err}"


def test_mounts_that_would_overlap_are_refused_at_cannon_token(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = _check(tmp_path, capsys, "2in")
    assert said.startswith("1\n"), said
    assert (
        "game.yaml:65:17: sizes.cannon_token: a 2in cannon piece's mount does not fit beside the "
        "next one under a 1.8in wide staging area (allowed: at most 1.84in (132.6pt), or a wider "
        "sizes.staging_area)"
    ) in said


def test_mounts_that_fit_are_not_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "sizes.cannon_token" not in _check(tmp_path, capsys, "1.7in")
