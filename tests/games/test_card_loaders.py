"""Bad card-game data is reported as file:line:col: field: problem (allowed: …), every problem
at once, never as a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.writing import replace_once

from pnpkit.errors import DataError
from pnpkit.games.high_seas.load import load_high_seas
from pnpkit.games.pirate_fleets.load import load_pirate_fleets
from pnpkit.units import INCH


def _copy(data_dir: Path, game: str, tmp_path: Path) -> Path:
    target = tmp_path / game
    shutil.copytree(data_dir / game, target)
    return target


def test_high_seas_lists_every_problem(data_dir: Path, tmp_path: Path) -> None:
    game = _copy(data_dir, "high-seas", tmp_path)
    yaml = game / "game.yaml"
    replace_once(yaml, "hearts: {ours: [3, 4, 5, 4, 3]}", "hearts: {ours: [3, 4, five, 4, 3]}")
    replace_once(yaml, "    icon: musket", "    icn: musket")
    replace_once(yaml, "heart_token: 0.55in", "heart_token: 0.55")
    with pytest.raises(DataError) as caught:
        load_high_seas(game)
    lines = str(caught.value).splitlines()
    assert len(caught.value.problems) == 4, lines
    assert any(
        "hearts.ours[2]: expected a whole number, found text 'five'" in text for text in lines
    )
    assert any("crew[1].icn: unknown key; did you mean 'icon'?" in text for text in lines)
    assert any("crew[1].icon: missing" in text for text in lines)
    assert any(
        "sizes.heart_token: 0.55 has no unit (allowed: a number with in" in text for text in lines
    )
    for line in lines:
        path, line_no, column = line.split(":")[:3]
        assert path.endswith("game.yaml") and int(line_no) > 0 and int(column) > 0


def test_card_size_named_or_explicit(data_dir: Path, tmp_path: Path) -> None:
    game = _copy(data_dir, "high-seas", tmp_path)
    replace_once(game / "game.yaml", "crew_card: poker", "crew_card: mini")
    assert load_high_seas(game).card_size.width == pytest.approx(1.75 * INCH)
    replace_once(game / "game.yaml", "crew_card: mini", "crew_card: [63mm, 88mm]")
    size = load_high_seas(game).card_size
    assert (size.width, size.height) == pytest.approx((63 * 72 / 25.4, 88 * 72 / 25.4))
    replace_once(game / "game.yaml", "crew_card: [63mm, 88mm]", "crew_card: huge")
    with pytest.raises(DataError) as caught:
        load_high_seas(game)
    assert (
        "sizes.crew_card: 'huge' is not known (allowed: poker (2.5 × 3.5 in), "
        "mini (1.75 × 2.5 in), bridge (2.25 × 3.5 in), tarot (2.75 × 4.75 in), "
        "square (2.5 × 2.5 in), jumbo (3.5 × 5.5 in), large (3.5 × 5.75 in), "
        "or [width, height] as lengths, e.g. [63mm, 88mm])"
    ) in str(caught.value)


def test_pirate_fleets_space_rows_are_checked(data_dir: Path, tmp_path: Path) -> None:
    game = _copy(data_dir, "pirate-fleets", tmp_path)
    replace_once(
        game / "spaces.yaml",
        "[5, mutiny, 4, D, Officer Mutiny]",
        "[5, mutiny, four, X, Officer Mutiny]",
    )
    replace_once(game / "spaces.yaml", "[6, mutiny, 2, D, Crew Mutiny]", "[6, mutiny, 2, D]")
    replace_once(game / "tables.yaml", "{roll: 2-6,", "{roll: 6-2,")
    with pytest.raises(DataError) as caught:
        load_pirate_fleets(game)
    text = str(caught.value)
    assert "spaces.yaml:7:17: spaces[4].target: expected a whole number, found text 'four'" in text
    assert "spaces[4].type: 'X' is not known (allowed: P, D)" in text
    assert "spaces.yaml:8:5: spaces[5]: expected a space row, found 4 values" in text
    assert "'6-2' runs backwards" in text


def test_pirate_fleets_colour_and_emblem(data_dir: Path, tmp_path: Path) -> None:
    game = _copy(data_dir, "pirate-fleets", tmp_path)
    replace_once(game / "game.yaml", 'colour: "#c0392b"', 'colour: "red"')
    replace_once(game / "game.yaml", "emblem: anchor", "emblem: anchr")
    with pytest.raises(DataError) as caught:
        load_pirate_fleets(game)
    text = str(caught.value)
    assert "colours[0].colour: 'red' is not a colour (allowed: #rrggbb" in text
    assert "colours[1].emblem: 'anchr' is not known; did you mean 'anchor'?" in text
