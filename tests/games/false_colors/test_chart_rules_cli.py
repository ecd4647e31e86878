"""The game's chart rules through the command line: `pnpkit check` fails a chart that breaks
them (with the check's name, exit 1), and `pnpkit map` deals exactly, says when no map exists
and counts the maps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnpkit.app.cli import main

Capture = pytest.CaptureFixture[str]

ANTICLOCKWISE = """\
  - name: North
    anchorage: E1:H4
    wings: [C1:D2, I1:J2]
  - name: West
    anchorage: A5:D8
    wings: [A9:B10, A3:B4]
  - name: South
    anchorage: E9:H12
    wings: [I11:J12, C11:D12]
  - name: East
    anchorage: I5:L8
    wings: [K3:L4, K9:L10]
"""

# (check, chart file, text to replace, replacement, words the violation says)
BROKEN = [
    ("seating", "square", "    seats: [0, 2]\n",
     "    seats: [0, 2]\n  - captains: 3\n    seats: [0, 1, 2]\n",
     "the rules seat 2 or 4 captains on square, not 3"),
    ("seating-place", "square", "seats: [0, 2]", "seats: [0, 1]",
     "rivals must sit opposite each other"),
    ("seating-place", "square", "teams: [[0, 1], [2, 3]]", "teams: [[0, 2], [1, 3]]",
     "partners must sit on neighbouring seats"),
    ("seating", "hex", "teams: {ours: [[0, 2, 4], [1, 3, 5]]}",
     "teams: {ours: [[0, 2], [1, 3, 4, 5]]}",
     "teams of 2 and 4 (teams must be of equal size)"),
    ("seating-fair", "hex", "seats: {ours: [0, 1, 3, 4]}", "seats: {ours: [0, 1, 2, 3]}",
     "a symmetric choice exists: seats 0, 1, 3, 4"),
    ("storm-schedule", "square", "random_islands: 20",
     "random_islands: 20\nstorm: {closes_after_rounds: [12, 18, 22]}",
     "after rounds 12, 18, 22; the game's rules close them after rounds 13, 18, 22"),
    ("game-length", "square", "random_islands: 20", "random_islands: 20\nrounds: 30",
     "the game lasts 30 rounds; the game's rules say 24"),
    ("screen", "square", "random_islands: 20", "random_islands: 20\nscreened: false",
     "the rules ask islands to screen neighbouring anchorages on square"),
    ("wings", "duel", "anchorage: D1:G4", "anchorage: D1:G4\n    wings: [B1:C2, H1:I2]",
     "the game's rules do not play the Wings variant on duel"),
    ("random-islands", "square", "random_islands: 20", "random_islands: 28",
     "no valid map with 28 islands exists on square"),
]  # fmt: skip


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def problems(out: str) -> list[str]:
    return [line for line in out.splitlines() if ": seating report: " not in line]


@pytest.mark.parametrize(
    ("check", "chart", "old", "new", "says"),
    BROKEN,
    ids=[f"{case[0]}-{case[1]}-{i}" for i, case in enumerate(BROKEN)],
)
def test_a_chart_breaking_the_games_rules_fails_check(
    capsys: Capture, data_copy: Path, check: str, chart: str, old: str, new: str, says: str
) -> None:
    path = data_copy / "false-colors" / "charts" / f"{chart}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out, err = run(capsys, "check", "false-colors", "--data", str(data_copy))
    assert code == 1, out
    found = problems(out)
    start = re.compile(rf"{re.escape(str(path))}(:\d+:\d+)?: {chart}: {check}: ")
    assert any(start.match(line) and says in line for line in found), found
    assert "Traceback" not in err and err.endswith("in 1 game\n")


REFUSED_BY_CHECK = [case for case in BROKEN if case[0] in {"storm-schedule", "game-length",
                                                            "screen", "wings"}]  # fmt: skip
"""A storm closing after round 12, 30 rounds, a square chart without its screening islands, wings
on the duel: charts that the game's rules refuse."""


@pytest.mark.parametrize(
    ("check", "chart", "old", "new", "says"),
    REFUSED_BY_CHECK,
    ids=[case[0] for case in REFUSED_BY_CHECK],
)
def test_map_deals_no_chart_that_check_refuses(
    capsys: Capture, data_copy: Path, check: str, chart: str, old: str, new: str, says: str
) -> None:
    """``map`` reads the game through its own read path and rules, as ``check``: it prints
    check's own lines for the broken chart and deals nothing (exit 1)."""
    path = data_copy / "false-colors" / "charts" / f"{chart}.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    code, out, _ = run(capsys, "check", "false-colors", "--data", str(data_copy))
    assert code == 1
    refused = [line for line in problems(out) if f": {chart}: {check}: " in line]
    assert any(says in line for line in refused), refused
    for argv in ((), ("--format", "json"), ("--count",)):
        code, out, err = run(capsys, "map", chart, "--seed", "1", *argv, "--data", str(data_copy))
        assert (code, out) == (1, ""), argv
        for line in refused:
            assert f"error: {line}\n" in err
        assert err.rstrip().endswith("no map is dealt from this data")
        assert "Traceback" not in err


def test_seats_listed_anticlockwise_are_named_as_such(capsys: Capture, data_copy: Path) -> None:
    path = data_copy / "false-colors" / "charts" / "square.yaml"
    text = path.read_text(encoding="utf-8")
    start, end = text.index("  - name: North\n"), text.index("\n# A 2 × 2 Capital")
    path.write_text(text[:start] + ANTICLOCKWISE + text[end:], encoding="utf-8")
    code, out, _ = run(capsys, "check", "false-colors", "--data", str(data_copy))
    assert code == 1
    [line] = [ln for ln in problems(out) if ": square: " in ln]
    assert line.startswith(f"{path}: square: seat-order: the seats are out of order")
    assert "list the seats in order clockwise, each one turn after the last: North, East" in line


def test_hex_seed_3_deals_72_islands(capsys: Capture, data_dir: Path) -> None:
    code, out, err = run(
        capsys, "map", "hex", "--seed", "3", "--islands", "72", "--data", str(data_dir)
    )
    assert (code, err) == (0, "")
    assert out.startswith("Six Captains, the hex chart (hex: hexagon of radius 8, 217 cells,")


def test_no_map_with_78_hex_islands_exists(capsys: Capture, data_dir: Path) -> None:
    for seed in ([], ["--seed", "1"]):  # whatever the seed, fresh or given
        code, out, err = run(
            capsys, "map", "hex", "--islands", "78", *seed, "--data", str(data_dir)
        )
        assert (code, out) == (1, "")
        assert err.splitlines()[-1].startswith(
            "error: no valid map with 78 islands exists on hex: none of the 560"
        )


def test_count_says_how_many_maps_exist(capsys: Capture, data_dir: Path) -> None:
    data = str(data_dir)
    code, out, _ = run(capsys, "map", "square", "--count", "--data", data)
    assert (code, out) == (
        0,
        "square: 3 valid maps with 20 islands, exactly (of 20 candidate maps of whole orbits; "
        "symmetry: rotations; wings: kept clear)\n",
    )
    code, out, _ = run(capsys, "map", "square", "--count", "--no-wings", "--data", data)
    assert code == 0 and out.startswith("square: 195 valid maps with 20 islands, exactly")
    code, out, _ = run(
        capsys, "map", "square", "--count", "--no-wings", "--symmetry", "full", "--data", data
    )
    assert code == 0 and out.startswith("square: 7 valid maps with 20 islands, exactly")
    code, out, _ = run(capsys, "map", "hex", "--count", "--islands", "78", "--data", data)
    assert code == 0 and out.startswith("hex: 0 valid maps with 78 islands, exactly")


def test_no_wings_and_full_symmetry_reach_the_dealt_json(capsys: Capture, data_dir: Path) -> None:
    import json

    data = str(data_dir)
    code, out, _ = run(
        capsys, "map", "square", "--seed", "4", "--no-wings", "--format", "json", "--data", data
    )
    doc = json.loads(out)
    assert code == 0
    assert all(cell["wing"] is None for cell in doc["cells"])
    assert all(seat["wings"] == [] for seat in doc["seats"])
    code, out, _ = run(
        capsys,
        "map",
        "hex",
        "--seed",
        "4",
        "--symmetry",
        "full",
        "--format",
        "json",
        "--data",
        data,
    )
    assert code == 0 and json.loads(out)["symmetry"] == {"rotations": 6, "reflections": True}
    code, _, err = run(capsys, "map", "duel", "--seed", "4", "--symmetry", "full", "--data", data)
    assert code == 1 and "the chart declares no mirror" in err
    code, _, err = run(capsys, "map", "duel", "--seed", "4", "--symmetry", "half", "--data", data)
    assert code == 2 and "invalid choice: 'half'" in err


def test_rules_for_a_chart_without_a_file_are_named(capsys: Capture, data_copy: Path) -> None:
    game = data_copy / "false-colors"
    (game / "charts" / "duel.yaml").unlink()
    code, _, err = run(capsys, "check", "false-colors", "--data", str(data_copy))
    assert code == 1
    assert f"error: {game / 'game.yaml'}:" in err
    assert "charts.duel: no chart file charts/duel.yaml for these rules" in err
