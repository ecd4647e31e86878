"""The turn track stays legible for every allowed number of turns (1–99: rows of boxes a
marker wide, not one row squeezed), and the reference card's pawn limit is the data's."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path
from unittest.mock import MagicMock

import pytest
from tests.refusals import at, copy_game
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.games.pirate_fleets.board import FRAME, PirateFleetsBoard, board_text
from pnpkit.games.pirate_fleets.faces import reference_blocks
from pnpkit.games.pirate_fleets.load import load_pirate_fleets
from pnpkit.games.pirate_fleets.model import PirateFleetsGame
from pnpkit.games.pirate_fleets.rules import (
    TRACK_BOX,
    TRACK_PAD,
    board_side,
    check_turn_track,
    turn_track,
)
from pnpkit.units import INCH

DATA = Path(__file__).resolve().parents[3] / "data" / "pirate-fleets"


@pytest.fixture(scope="module")
def game() -> PirateFleetsGame:
    return load_pirate_fleets(DATA)


def front(game: PirateFleetsGame) -> str:
    return " ".join(line for _, lines in reference_blocks(game, "front") for line in lines)


def turn_labels(game: PirateFleetsGame) -> list[tuple[float, float, int]]:
    """Where the board prints "TURN n": (x, y, n) of each label's centre."""
    canvas = MagicMock()
    PirateFleetsBoard(game, board_text(game)).draw(canvas)
    return [
        (call.args[0], call.args[1], int(call.args[2].removeprefix("TURN ")))
        for call in canvas.drawCentredString.call_args_list
        if str(call.args[2]).startswith("TURN ")
    ]


@pytest.mark.parametrize(
    ("turns", "rows", "per_row"), [(1, 1, 1), (10, 1, 10), (30, 3, 10), (99, 8, 13)]
)
def test_the_turn_track_wraps_into_rows_of_boxes_a_marker_wide(
    game: PirateFleetsGame, turns: int, rows: int, per_row: int
) -> None:
    longer = dataclasses.replace(game, turns=turns)
    track = turn_track(longer)
    assert (track.rows, track.per_row) == (rows, per_row)
    width = board_side(game) * game.space_size
    assert track.box >= max(TRACK_BOX, game.turn_marker + TRACK_PAD)
    assert track.per_row * track.box <= width + 1e-6
    labels = turn_labels(longer)
    assert sorted(n for _, _, n in labels) == list(range(1, turns + 1))
    for (ax, ay, _), (bx, by, _) in itertools.combinations(labels, 2):
        assert abs(ax - bx) >= TRACK_BOX or abs(ay - by) >= track.row, (ax, ay, bx, by)
    assert all(FRAME <= x <= FRAME + width for x, _, _ in labels)
    board = PirateFleetsBoard(longer, board_text(longer))
    assert all(y < board.grid_y for _, y, _ in labels)  # under the spaces, never over them
    first = {n: (x, y) for x, y, n in labels}
    if rows > 1:  # read like a page: row after row, from the top
        assert first[per_row + 1][1] < first[per_row][1]
        assert first[per_row + 1][0] == first[1][0]


def test_the_shipped_track_is_one_row_of_ten(game: PirateFleetsGame) -> None:
    track = turn_track(game)
    assert (track.rows, track.per_row, track.box, track.height) == (1, 10, 75.6, 72.0)


def test_a_turn_marker_wider_than_the_board_is_refused_at_its_size(
    game: PirateFleetsGame,
) -> None:
    tiny = dataclasses.replace(game, space_size=0.5 * INCH, turn_marker=4 * INCH)
    (found,) = check_turn_track(tiny)
    assert found.check == "turn-track"
    assert found.message == (
        "sizes.turn_marker 4in: a turn track box that holds it is wider than the 3in board "
        "(allowed: at most 2.94in, the board's width less 4pt)"
    )
    line = at(DATA / "game.yaml", "turn_marker: 0.75in").rsplit(":", 1)[0]
    assert found.source == f"{line}:16"  # the value's place
    assert check_turn_track(game) == []


def test_the_pawn_limit_on_the_reference_card_is_the_data(game: PirateFleetsGame) -> None:
    assert "You may never have more pawns than ships, nor more than 5;" in front(game)
    fewer = dataclasses.replace(game, pawns_per_player=4)
    assert "nor more than 4;" in front(fewer) and "more than 5" not in front(fewer)


def test_a_pawn_count_changed_in_the_data_reaches_the_printed_card(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = copy_game(data_dir, tmp_path, "pirate-fleets") / "game.yaml"
    replace_once(path, "pawns_per_player: 5", "pawns_per_player: 4")
    capsys.readouterr()
    assert main(["check", "pirate-fleets", "--data", str(tmp_path)]) == 0
    game = load_pirate_fleets(path.parent)
    assert "nor more than 4;" in front(game)
