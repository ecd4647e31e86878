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
    crew = replace_once(path, "first_crew: 6", "first_crew: 6")
    assert problems(capsys, game) == [
        f"{path}:{hearts}:9: heart-total: hearts per area [3, 4, 5, 4] × 2 ships = 32, the "
        "rules list 38 heart pieces",
        f"{path}:{cannons}:12: cannon-count: 4 areas × 2 ships = 8 cannon mounts, the rules "
        "list 10 cannons",
        f"{path}:{crew}:13: first-crew: first_crew 6 for 4 staging areas; a crew is one card "
        "per staging area, +1 (allowed: 5)",
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


def test_a_first_crew_that_does_not_fill_the_staging_areas_is_refused_at_its_line(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    """The rules deal one card per open staging area, +1 (6 for their 5): 9 areas want 10."""
    path = game / "game.yaml"
    replace_once(
        path, "hearts: {ours: [3, 4, 5, 4, 3]}", "hearts: {ours: [2, 2, 2, 2, 2, 2, 2, 2, 3]}"
    )
    replace_once(path, "  cannons: 10", "  cannons: 18")
    line = replace_once(path, "first_crew: 6", "first_crew: 6")
    assert problems(capsys, game) == [
        f"{path}:{line}:13: first-crew: first_crew 6 for 9 staging areas; a crew is one card "
        "per staging area, +1 (allowed: 10)"
    ]


def test_a_heart_piece_wider_than_a_staging_area_is_refused_at_its_size(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    replace_once(path, "crew_card: poker", "crew_card: mini")
    replace_once(path, "staging_area: [2.75in, 3.75in]", "staging_area: [1.75in, 3.75in]")
    line = replace_once(path, "heart_token: 0.55in", "heart_token: 2in")
    assert problems(capsys, game) == [
        f"{path}:{line}:16: sizes.heart_token: a 2in heart piece's space does not fit across a "
        "1.75in wide staging area (allowed: at most 1.72in (124pt), or a wider "
        "sizes.staging_area)"
    ]


def test_a_cannon_aim_wider_than_its_numbers_can_print_is_refused_at_max_aim(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    """Each aim number is drawn towards its enemy area: three areas off, the shipped board puts
    two numbers 6.9 pt apart, closer than a digit's room."""
    path = game / "game.yaml"
    line = replace_once(path, "max_aim: 1 ", "max_aim: 3 ")
    assert problems(capsys, game) == [
        f"{path}:{line}:10: aim-marks: max_aim 3: a cannon mount's aim numbers would print "
        "6.9pt apart, under 8pt (allowed: 1–2 with these sizes.cannon_token and "
        "sizes.staging_area)"
    ]


@pytest.mark.parametrize("value", ["0", "9"])
def test_cannon_reaches_outside_their_range_are_refused(
    capsys: pytest.CaptureFixture[str], game: Path, value: str
) -> None:
    path = game / "game.yaml"
    line = replace_once(path, "max_turn: 1 ", f"max_turn: {value} ")
    (refused,) = problems(capsys, game)
    assert refused.startswith(f"{path}:{line}:11: max_turn: {value}"), refused
    assert "1" in refused and "8" in refused, refused


def test_a_layout_the_kit_needs_is_asked_for_at_layouts(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "layouts.yaml"
    replace_once(path, "  back:\n", "  backs:\n")
    line = replace_once(path, "layouts:\n", "layouts:\n")
    assert problems(capsys, game) == [
        f"{path}:{line + 1}:3: layouts.back: 'back' is no layout of this game; did you mean "
        "'backs'?: the kit lays out the crew cards' back with it (allowed: a layout named back "
        "under layouts:)"
    ]


def test_a_field_no_face_gives_is_refused_at_its_line(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "layouts.yaml"
    line = replace_once(path, '- text: "{pirates}"', '- text: "{pirate}"')
    found = problems(capsys, game)
    assert found  # said for each crew type's card, or once for them all
    for problem in found:
        assert problem.startswith(f"{path}:{line}:9: ")
        assert "names no field {pirate}; did you mean {pirates}? (allowed: beats, colour, " in (
            problem
        )


def test_the_game_wants_its_layouts_file(capsys: pytest.CaptureFixture[str], game: Path) -> None:
    (game / "layouts.yaml").unlink()
    assert problems(capsys, game) == [f"{game / 'layouts.yaml'}: file not found"]
