"""What ``check`` refuses in a broken copy of the High Seas data, each at its place."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.refused import game_copy
from tests.writing import replace_once

from pnpkit.app.cli import main

GAME = "high-seas"


@pytest.fixture
def game(data_dir: Path, tmp_path: Path) -> Path:
    return game_copy(data_dir, tmp_path, GAME)


def problems(capsys: pytest.CaptureFixture[str], game: Path) -> list[str]:
    """Every problem line of a ``check`` that fails."""
    capsys.readouterr()
    assert main(["check", GAME, "--data", str(game.parent)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    lines = (out.out + out.err).splitlines()
    return [line.removeprefix("error: ") for line in lines if "problem" not in line]


def test_hearts_and_cannons_that_miss_the_rules_counts_are_refused_at_their_lines(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    hearts = replace_once(path, "hearts: {ours: [3, 4, 5, 4, 3]}", "hearts: {ours: [3, 4, 5, 4]}")
    cannons = replace_once(path, "  cannons: 10", "  cannons: 10")
    assert problems(capsys, game) == [
        f"{path}:{hearts}:9: heart-total: hearts per area [3, 4, 5, 4] × 2 ships = 32, the "
        "rules list 38 heart pieces",
        f"{path}:{cannons}:12: cannon-count: 4 areas × 2 ships = 8 cannon mounts, the rules "
        "list 10 cannons",
    ]


def test_a_staging_area_smaller_than_the_crew_card_is_refused(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    line = replace_once(path, "staging_area: [2.75in, 3.75in]", "staging_area: [2in, 3in]")
    assert problems(capsys, game) == [
        f"{path}:{line}:17: sizes.staging_area: [2in, 3in] is smaller than the crew card it "
        "holds (allowed: at least [2.5in, 3.5in], sizes.crew_card)"
    ]


def test_halves_of_the_board_alike_in_grayscale_are_refused(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    line = replace_once(path, '    half: "#9dbbd3"', '    half: "#f6dcd8"')
    assert problems(capsys, game) == [
        f"{path}:{line}:11: ships[1].half: #f6dcd8 (gray 227) is 0 levels from ships[0]'s half "
        "#f6dcd8 (gray 227) (allowed: a half at least 40 grayscale levels from the others)"
    ]
