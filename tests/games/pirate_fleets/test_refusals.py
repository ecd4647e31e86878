"""What ``check`` refuses in a broken copy of the Pirate Fleets data, each at its place."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.refused import game_copy, refused
from tests.writing import replace_once

GAME = "pirate-fleets"


@pytest.fixture
def game(data_dir: Path, tmp_path: Path) -> Path:
    return game_copy(data_dir, tmp_path, GAME)


def test_a_colour_key_used_twice_is_refused(capsys: pytest.CaptureFixture[str], game: Path) -> None:
    path = game / "game.yaml"
    line = replace_once(path, "{key: blue, ", "{key: red,  ")
    assert refused(capsys, game) == [
        f"error: {path}:{line}:11: colours[1].key: 'red' is already used by colours[0]"
    ]
