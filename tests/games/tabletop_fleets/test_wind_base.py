"""The wind dial gets a base to turn against: a square for a corner of the table with eight
numbered marks round the dial, read back from the printed table pieces; a base with no room
round the dial for its marks is refused at its place."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.refused import check, game_copy
from tests.pdfread import page_texts
from tests.writing import replace_once

from pnpkit.app.build import build_kits
from pnpkit.build.control import BuildControl

GAME = "tabletop-fleets"


def test_the_wind_dial_base_is_printed_with_eight_marks(tmp_path: Path, data_dir: Path) -> None:
    build_kits(
        [GAME], data_dir, tmp_path, control=BuildControl(only=frozenset({"table-pieces.pdf"}))
    )
    pages = page_texts(tmp_path / GAME / "table-pieces.pdf")
    (front,) = [p for p in pages if "Wind dial base†" in p and "(front)" in p]
    words = front.split()
    assert words.count(["table", "edge:", "this", "side"][0]) >= 2
    assert all(str(n) in words for n in range(1, 9))
    assert "each round turn its arrow to the next number" in " ".join(words)


def test_a_base_with_no_room_for_its_marks_is_refused(
    capsys: pytest.CaptureFixture[str], data_dir: Path, tmp_path: Path
) -> None:
    game = game_copy(data_dir, tmp_path, GAME)
    path = game / "game.yaml"
    line = replace_once(path, "base: {ours: 5in}", "base: {ours: 4.5in}")
    code, errors = check(capsys, game)
    assert code == 1
    assert errors == [
        f"error: {path}:{line}:9: wind.base: leaves no room round the dial for its numbered "
        "marks (allowed: at least the dial and 0.9 in (4.9 in))"
    ]
