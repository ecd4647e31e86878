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
