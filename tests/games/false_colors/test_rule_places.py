"""A chart that breaks a chart rule is refused at the line of the value the rule is about: the
islands, a seat's anchorage, the symmetry (where ``check`` named the chart's file alone)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.refused import game_copy
from tests.writing import replace_once

from pnpkit.app.cli import main

GAME = "false-colors"


@pytest.fixture
def game(data_dir: Path, tmp_path: Path) -> Path:
    return game_copy(data_dir, tmp_path, GAME)


def problems(capsys: pytest.CaptureFixture[str], game: Path) -> list[str]:
    """The chart lines of a ``check`` that fails (seating reports left out)."""
    capsys.readouterr()
    assert main(["check", GAME, "--data", str(game.parent)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    text = out.out + out.err
    return [line for line in text.splitlines() if ": duel: " in line and "seating" not in line]


def test_an_island_on_the_capital_is_refused_at_the_islands(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    chart = game / "charts" / "duel.yaml"
    line = replace_once(chart, "islands: [C6, H5, B3, I8]", "islands: [C6, H5, B3, I8, E5]")
    assert problems(capsys, game) == [
        f"{chart}:{line}:10: duel: islands-clear: islands on anchorages, wings, harbors or the "
        "Capital: E5 [E5]",
        f"{chart}:{line}:10: duel: symmetry: the islands differ from their turn 180° image at "
        "E5, F6 [E5 F6]",
    ]


def test_anchorages_that_overlap_are_refused_at_the_later_seat(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    chart = game / "charts" / "duel.yaml"
    line = replace_once(chart, "anchorage: D7:G10", "anchorage: D4:G10")
    found = {
        p.split(": duel: ")[1].split(":")[0]: p.split(": duel: ")[0] for p in problems(capsys, game)
    }
    place = f"{chart}:{line}:16"
    assert found["anchorage-disjoint"] == place
    assert found["anchorage-size"] == place
    assert found["anchorage-place"] == place
    symmetry = replace_once(chart, "symmetry:", "symmetry:") + 1
    assert found["symmetry"] == f"{chart}:{symmetry}:3"


def test_an_ability_listed_twice_is_named_as_written(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    roster = game / "roster.yaml"
    line = replace_once(roster, "abilities: [first-rate]", "abilities: [first-rate, first-rate]")
    capsys.readouterr()
    assert main(["check", GAME, "--data", str(game.parent)]) == 1
    err = capsys.readouterr().err
    assert f"error: {roster}:{line}:29: ships[0].abilities[1]: 'first-rate' is listed twice" in (
        err.splitlines()
    )
    assert "<Ability" not in err


def test_water_the_islands_cut_off_is_refused_at_the_islands(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    chart = game / "charts" / "duel.yaml"
    walls = "islands: [C6, H5, B3, I8, B1, A2, I10, J9]"  # A1 and J10 walled in, a half turn apart
    line = replace_once(chart, "islands: [C6, H5, B3, I8]", walls)
    assert problems(capsys, game) == [
        f"{chart}:{line}:10: duel: sea-connected: open water cut off from the Capital: "
        "A1, J10 [A1 J10]"
    ]
