"""What ``check`` holds British vs Pirates' rule numbers and sea-tile size to, each at its line:
``numbers.auto_success`` is a D12 roll, the Marks of Victory to win fit the printed tokens, and
a sea tile fits one page of every paper (a larger ``hex`` ran off the page, found by the build
as a PDF coordinate only)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.games.british_vs_pirates import GAME
from tests.games.refused import game_copy, refused
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.games.british_vs_pirates.tile_pages import largest_hex, tile_room, tile_size
from pnpkit.layout.paper import A4, LETTER, PAPERS

DOC = Path(__file__).resolve().parents[3] / "docs" / "reference" / "british-vs-pirates.md"


@pytest.fixture
def game(data_dir: Path, tmp_path: Path) -> Path:
    return game_copy(data_dir, tmp_path, GAME)


def findings(capsys: pytest.CaptureFixture[str], game_dir: Path) -> list[str]:
    """The rule lines of a ``check`` that must fail (exit 1)."""
    capsys.readouterr()
    code = main(["check", game_dir.name, "--data", str(game_dir.parent)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert code == 1, (out, err)
    return out.splitlines()


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text("utf-8").splitlines(), 1) if text in line)


@pytest.mark.parametrize("value", ["40", "1", "0", "twelve"])
def test_auto_success_must_be_a_roll_of_a_d12(
    capsys: pytest.CaptureFixture[str], game: Path, value: str
) -> None:
    path = game / "game.yaml"
    replace_once(path, "auto_success: 12 ", f"auto_success: {value} ")
    shown = repr(value) if value == "twelve" else value
    assert findings(capsys, game) == [
        f"{path}:{line_of(path, 'auto_success:')}:17: numbers: numbers.auto_success: {shown} "
        "cannot be rolled on a D12 to succeed (allowed: 2–12: a 1 always fails)"
    ]


def test_victory_short_is_at_most_victory_standard(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    replace_once(path, "victory_short: 6 ", "victory_short: 60 ")
    assert findings(capsys, game) == [
        f"{path}:{line_of(path, 'victory_short:')}:18: numbers: numbers.victory_short: 60 Marks "
        "of Victory to win; victory_standard is 12, and the kit prints 24 Mark of Victory "
        "tokens (tokens.kinds mov) (allowed: 1–12)"
    ]


def test_victory_needs_no_more_marks_than_the_kit_prints(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    replace_once(path, "victory_standard: 12", "victory_standard: 25")
    replace_once(path, "victory_short: 6 ", "victory_short: 0 ")
    at = line_of(path, "victory_")
    assert findings(capsys, game) == [
        f"{path}:{at + 1}:21: numbers: numbers.victory_standard: 25 Marks of Victory to win, "
        "and the kit prints 24 Mark of Victory tokens (tokens.kinds mov) (allowed: 1–24)",
        f"{path}:{at}:18: numbers: numbers.victory_short: 0 Marks of Victory to win; "
        "victory_standard is 25, and the kit prints 24 Mark of Victory tokens (tokens.kinds mov) "
        "(allowed: 1–24)",
    ]


@pytest.mark.parametrize(
    ("hex_", "paper", "size"),
    [
        ("1.75in", "letter", "9.25 in wide and 8.58 in tall, more than the 8.00 in by 9.65 in"),
        ("3in", "letter", "15.50 in wide and 14.36 in tall, more than the 8.00 in by 9.65 in"),
        ("1.5in", "a4", "8.00 in wide and 7.43 in tall, more than the 7.77 in by 10.35 in"),
    ],
)
def test_a_sea_tile_larger_than_a_page_is_refused_at_hex(
    capsys: pytest.CaptureFixture[str], game: Path, hex_: str, paper: str, size: str
) -> None:
    path = game / "tiles.yaml"
    replace_once(path, "hex: 1.25in", f"hex: {hex_}")
    value = hex_.removesuffix("in")
    assert refused(capsys, game) == [
        f"error: {path}:{line_of(path, 'hex:')}:6: hex: {value} in: a radius-2 sea tile is "
        f"{size} a page of {paper} paper holds under its heading (allowed: 0.5 in to 1.45 in "
        "at radius 2, a tile a page on letter and a4 paper)"
    ]


def test_the_largest_hex_is_what_fits_and_the_reference_says_it() -> None:
    text = DOC.read_text("utf-8")
    for radius in (1, 2, 3):
        largest = min(largest_hex(radius, paper) for paper in PAPERS.values())
        for paper in (LETTER, A4):
            room_w, room_h = tile_room(paper)
            w, h = tile_size(largest_hex(radius, paper), radius)
            assert w <= room_w + 1e-6 and h <= room_h + 1e-6
        documented = re.search(rf"([0-9.]+) in at radius {radius}\b", text)
        assert documented, radius
        assert documented.group(1) == f"{int(largest / 72 * 100) / 100:.2f}"
