"""Boards at 1:1 from the data; text that does not fit a board space is a named error."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from tests.writing import build_kit

from pnpkit.errors import DataError
from pnpkit.games.high_seas.board import HighSeasBoard, board_words
from pnpkit.games.high_seas.load import load_high_seas
from pnpkit.games.pirate_fleets.board import PirateFleetsBoard, board_text
from pnpkit.games.pirate_fleets.load import load_pirate_fleets
from pnpkit.layout.paper import LETTER
from pnpkit.layout.tiling import tile


def test_pirate_fleets_board_is_cut_between_whole_spaces(data_dir: Path) -> None:
    game = load_pirate_fleets(data_dir / "pirate-fleets")
    board = PirateFleetsBoard(game, board_text(game))
    assert board.width == pytest.approx(6 * game.space_size + 40)
    layout = tile(board, LETTER, title="board")
    for x in layout.xs[1:-1]:
        assert x in board.cuts_x
    assert layout.sheet_count == 4


def test_high_seas_board_mounts_face_each_other(data_dir: Path) -> None:
    game = load_high_seas(data_dir / "high-seas")
    board = HighSeasBoard(game, board_words(game))
    for area in range(game.areas):
        bottom = board.mount_centre(0, area)
        top = board.mount_centre(1, area)
        assert bottom[0] == pytest.approx(top[0])
        assert bottom[1] + top[1] == pytest.approx(board.height)
    assert board.heart_pitch > game.heart_token  # every heart piece fits its space


def test_a_space_title_too_long_names_the_space(data_dir: Path) -> None:
    game = load_pirate_fleets(data_dir / "pirate-fleets")
    spaces = list(game.spaces)
    spaces[2] = dataclasses.replace(
        spaces[2], title="The Most Honourable English East India Company Cargo Ship Convoy " * 2
    )
    with pytest.raises(DataError) as caught:
        board_text(dataclasses.replace(game, spaces=tuple(spaces)))  # planned, before any drawing
    problem = caught.value.problems[0]
    assert problem.field == "spaces[3].title"
    assert "spaces.yaml:5:5" in str(problem)


def test_an_overlong_card_stops_the_kit_naming_card_and_field(
    tmp_path: Path, data_dir: Path
) -> None:
    game = tmp_path / "pirate-fleets"
    shutil.copytree(data_dir / "pirate-fleets", game)
    supply = game / "supply.yaml"
    long = "Supercalifragilisticexpialidociousbooty"
    supply.write_text(supply.read_text().replace('name: "Pirates Code"', f'name: "{long}"', 1))
    with pytest.raises(DataError) as caught:
        build_kit("pirate-fleets", game, tmp_path / "out")
    problem = caught.value.problems[0]
    assert problem.field == f"{long}: name"
    assert "supply.yaml:" in str(problem) and "text does not fit" in str(problem)
