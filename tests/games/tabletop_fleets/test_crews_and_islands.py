"""Tabletop Fleets: the island pieces and fleets the kit prints against the crews a layout is
dealt for (``check`` refuses too few island pieces or a ``max_crews`` below the fleets;
``table-layout`` warns when tonight's deal needs more than the kit holds), ``scoring.victory``
of at least 1, and crew line-ups given by named edges (a bare ``(x, y)`` said nothing of where
``(0, 0)`` was)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.games.refused import check, game_copy
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.units import INCH

GAME = "tabletop-fleets"


@pytest.fixture
def game(data_dir: Path, tmp_path: Path) -> Path:
    return game_copy(data_dir, tmp_path, GAME)


def test_fewer_island_pieces_than_crews_are_refused(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    line = replace_once(path, "islands: {count: {ours: 7}}", "islands: {count: {ours: 2}}")
    capsys.readouterr()
    assert main(["check", GAME, "--data", str(game.parent)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:{line}:20: terrain.islands.count: 2 island pieces for up to 7 crews, one island "
        "per player (allowed: at least table.max_crews, 7)"
    ]


def test_max_crews_below_the_printed_fleets_is_refused(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    line = replace_once(path, "max_crews: 7", "max_crews: 2")
    capsys.readouterr()
    assert main(["check", GAME, "--data", str(game.parent)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:{line}:14: table.max_crews: 2, but the kit prints 7 fleets, so up to 7 players "
        "(allowed: at least 7, one a fleet)"
    ]


def test_a_victory_of_zero_points_is_refused(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "game.yaml"
    line = replace_once(path, "victory: 60", "victory: 0")
    assert check(capsys, game) == (
        1,
        [f"error: {path}:{line}:12: scoring.victory: 0 is out of range (allowed: 1–999)"],
    )


def layout(capsys: pytest.CaptureFixture[str], data: Path, *args: str) -> tuple[str, list[str]]:
    capsys.readouterr()
    code = main(["table-layout", "--seed", "1", "--data", str(data), "--units", "in", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out, err.splitlines()


def test_a_deal_past_the_printed_islands_and_fleets_is_made_with_warnings(
    capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    out, warnings = layout(capsys, data_dir, "--crews", "4", "--islands", "9")
    assert out.count("  island ") == 9
    assert warnings == [
        "warning: dealt 9 islands, but the kit prints 7 island pieces (terrain.islands.count) "
        "and 7 flags per fleet: cut out 2 more, or deal at most 7 with --islands 7",
    ]
    # the kit prints a fleet for each of the seed's seven crews
    _, warnings = layout(capsys, data_dir, "--crews", "7", "--format", "json")
    assert warnings == []


def test_a_deal_the_kit_holds_says_nothing(
    capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    assert layout(capsys, data_dir, "--crews", "3")[1] == []
    assert layout(capsys, data_dir, "--crews", "3", "--islands", "7")[1] == []


def test_crews_line_up_along_named_edges(
    capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    out, _ = layout(capsys, data_dir, "--crews", "3")
    assert [line for line in out.splitlines() if "lines up" in line] == [
        "  crew 1 lines up: 32.0 in of edge: edge D, 0.0 to 16.0 in from edge A; "
        "edge A, 0.0 to 16.0 in from edge D",
        "  crew 2 lines up: 32.0 in of edge: edge B, 0.0 to 32.0 in from edge A",
        "  crew 3 lines up: 32.0 in of edge: edge C, 0.0 to 32.0 in from edge D",
    ]


def test_edge_pieces_measure_from_the_nearer_neighbouring_edge() -> None:
    from pnpkit.games.tabletop_fleets.rules import EdgePiece, edge_pieces

    size = 48 * INCH
    # edge B from 40 in to 46 in up it: nearer edge C, so measured from C
    assert edge_pieces(size, size, size + 40 * INCH, size + 46 * INCH) == (
        EdgePiece("B", 2 * INCH, 8 * INCH, "C"),
    )
    # round the corner of edges C and D: the end of C, then the start of D
    assert edge_pieces(size, size, 3 * size - 5 * INCH, 3 * size + 5 * INCH) == (
        EdgePiece("C", 0.0, 5 * INCH, "D"),
        EdgePiece("D", 0.0, 5 * INCH, "C"),
    )


def test_the_json_gives_crew_stretches_in_inches_and_by_edge(
    capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    out, _ = layout(capsys, data_dir, "--crews", "3", "--format", "json")
    laid = json.loads(out)
    assert laid["format"] == "pnpkit-table-layout/2"
    assert laid["crews_line_up"][1] == {
        "crew": 2,
        "from_in": 48.0,
        "to_in": 80.0,
        "along": [{"edge": "B", "from_in": 0.0, "to_in": 32.0, "measured_from": "A"}],
    }
    out, _ = layout(capsys, data_dir, "--crews", "2", "--table", "round", "--format", "json")
    assert json.loads(out)["crews_line_up"][0] == {"crew": 1, "from_deg": 247.5, "to_deg": 292.5}


def test_table_layout_deals_nothing_from_data_check_refuses(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    """``table-layout`` reads the game through its own read path and rules, as ``check``: the
    data check refuses is not dealt, with check's own line (exit 1)."""
    path = game / "game.yaml"
    line = replace_once(path, "max_crews: 7", "max_crews: 2")
    capsys.readouterr()
    argv = ["table-layout", "--crews", "2", "--seed", "1", "--data", str(game.parent)]
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        f"error: {path}:{line}:14: table.max_crews: 2, but the kit prints 7 fleets, so up to 7 "
        "players (allowed: at least 7, one a fleet)",
        "error: 1 problem that pnpkit check reports: no layout is dealt from this data",
    ]
