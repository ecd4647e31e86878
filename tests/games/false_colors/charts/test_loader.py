"""Loading charts: the shipped designs, and every kind of bad chart file."""

from __future__ import annotations

import typing
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpkit.errors import DataError
from pnpkit.games.false_colors.charts.load.chart import load_chart, load_charts, read_game_rules
from pnpkit.games.false_colors.charts.model import (
    Chart,
    ChartRules,
    Partners,
    Rivals,
    SeatingRule,
    Shape,
)
from pnpkit.load.fields import Problems
from pnpkit.model.cells import Hex, Square

WriteFile = Callable[[str, str], Path]

GOOD_SQUARE = """\
name: small
title: A small chart
shape: square
width: 6
height: 6
cell_size: 1.25in
rounds: 24
symmetry: {rotations: 2, reflections: false}
storm: {closes_after_rounds: [13, 18]}
seats:
  - name: North
    anchorage: B1:E2
  - name: South
    anchorage: B5:E6
capital: C3:D4
harbors: [A3, F4]
islands: []
seatings:
  - captains: 2
    seats: [0, 1]
"""


def problems_in(path: Path, rules: dict[str, ChartRules] | None = None) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_chart(path, rules)
    return [str(p) for p in caught.value.problems]


def shipped_rules(data_dir: Path) -> dict[str, ChartRules]:
    problems = Problems()
    rules = read_game_rules(data_dir / "false-colors", problems)
    assert rules is not None and not problems
    return rules


def broken(write_file: WriteFile, old: str, new: str) -> Path:
    assert old in GOOD_SQUARE
    return write_file("small.yaml", GOOD_SQUARE.replace(old, new))


@pytest.fixture
def charts(data_dir: Path) -> dict[str, Chart]:
    return load_charts(data_dir / "false-colors")


def test_shipped_charts_take_the_games_rules(data_dir: Path) -> None:
    rules = shipped_rules(data_dir)
    assert sorted(rules) == ["duel", "hex", "square"]
    square = rules["square"]
    assert (square.rounds, square.storm_rounds, square.screened, square.wings) == (
        24,
        (13, 18, 22),
        True,
        True,
    )
    assert [(r.mode, r.captains, r.team_size) for r in rules["hex"].seatings] == [
        ("open-water", (2,), 1),
        ("open-water", (3, 4, 5, 6), 1),
        ("triads", (6,), 3),
    ]
    for name in ("square", "duel", "hex"):  # one number in one place: the game's file
        text = (data_dir / "false-colors" / "charts" / f"{name}.yaml").read_text("utf-8")
        assert "rounds:" not in text.replace("closes_after_rounds", "")
        assert "storm:" not in text and "screened:" not in text


def test_shipped_charts_load_sorted_by_name(charts: dict[str, Chart]) -> None:
    assert list(charts) == ["duel", "hex", "square"]
    assert [len(c.cells) for c in charts.values()] == [100, 217, 144]
    for chart in charts.values():
        assert chart.cell_size == 90.0
        assert chart.storm_rounds == (13, 18, 22)
        assert chart.rounds == 24
        assert chart.source.endswith(f"charts/{chart.name}.yaml")


def test_square_chart_matches_the_agreed_design(charts: dict[str, Chart]) -> None:
    square = charts["square"]
    north = square.seats[0]
    assert north.name == "North"
    assert north.anchorage == {Square(x, y) for x in range(4, 8) for y in range(4)}
    assert north.wings == {Square(x, y) for x in (2, 3, 8, 9) for y in range(2)}
    for k in range(3):  # seat k+1 is seat k turned a quarter clockwise
        turned = {c.rotated(1, 12, 12) for c in square.seats[k].anchorage}
        assert turned == square.seats[k + 1].anchorage
        assert {c.rotated(1, 12, 12) for c in square.seats[k].wings} == square.seats[k + 1].wings
    assert [s.name for s in square.seats] == ["North", "East", "South", "West"]
    assert square.capital == {Square(x, y) for x in (5, 6) for y in (5, 6)}
    assert square.harbors == {Square(2, 2).rotated(k, 12, 12) for k in range(4)}
    assert square.islands == {Square(3, 3).rotated(k, 12, 12) for k in range(4)} | {
        Square(4, 4).rotated(k, 12, 12) for k in range(4)
    }
    assert square.screened and square.symmetry.rotations == 4 and square.symmetry.reflections
    assert [(s.captains, s.seats, s.teams) for s in square.seatings] == [
        (2, (0, 2), ()),
        (4, (0, 1, 2, 3), ()),
        (4, (0, 1, 2, 3), ((0, 1), (2, 3))),
    ]


def test_duel_chart_matches_the_agreed_design(charts: dict[str, Chart]) -> None:
    duel = charts["duel"]
    assert duel.seats[0].anchorage == {Square(x, y) for x in range(3, 7) for y in range(4)}
    assert duel.seats[1].anchorage == {Square(x, y) for x in range(3, 7) for y in range(6, 10)}
    assert duel.capital == {Square(x, y) for x in (4, 5) for y in (4, 5)}
    assert duel.harbors == {Square(1, 5), Square(8, 4)}
    assert duel.islands == {Square(2, 5), Square(7, 4), Square(1, 2), Square(8, 7)}
    assert (duel.symmetry.rotations, duel.symmetry.reflections) == (2, False)


def test_hex_chart_matches_the_agreed_design(charts: dict[str, Chart]) -> None:
    hexes = charts["hex"]
    assert hexes.shape is Shape.HEX and hexes.radius == 8
    names = ["East", "South-east", "South-west", "West", "North-west", "North-east"]
    assert [s.name for s in hexes.seats] == names
    for k, seat in enumerate(hexes.seats):
        corner = Hex(8, 0).rotated(k)
        assert seat.anchorage == {
            c for c in hexes.cells if isinstance(c, Hex) and c.distance(corner) <= 3
        }
        assert len(seat.anchorage) == 16
    assert hexes.capital == {Hex(0, 0), *Hex(0, 0).neighbours()}
    assert hexes.harbors == {Hex(3, 3).rotated(k) for k in range(6)}
    assert hexes.islands == {Hex(4, 1).rotated(k) for k in range(6)} | {
        Hex(1, 4).rotated(k) for k in range(6)
    }
    assert [s.seats for s in hexes.seatings] == [
        (0, 3),
        (0, 2, 4),
        (0, 1, 3, 4),
        (0, 1, 2, 3, 4),
        (0, 1, 2, 3, 4, 5),
        (0, 1, 2, 3, 4, 5),
    ]
    assert hexes.seatings[-1].teams == ((0, 2, 4), (1, 3, 5))


def test_a_small_good_chart_loads(write_file: WriteFile) -> None:
    chart = load_chart(write_file("small.yaml", GOOD_SQUARE))
    assert chart.width == 6 and chart.islands == frozenset()
    assert chart.seats[1].anchorage == {Square(x, y) for x in range(1, 5) for y in (4, 5)}


def test_a_size_of_a_million_is_an_error_at_its_line(write_file: WriteFile) -> None:
    path = broken(write_file, "width: 6", "width: 1000000")
    found = problems_in(path)
    assert found == [f"{path}:4:8: width: 1000000 is out of range (allowed: 1–60)"]


def test_a_hex_radius_of_a_million_is_refused(write_file: WriteFile) -> None:
    path = write_file("big.yaml", "name: big\nshape: hex\nradius: 1000000\n")
    assert f"{path}:3:9: radius: 1000000 is out of range (allowed: 1–30)" in problems_in(path)


def test_a_label_off_the_chart_names_the_label_and_the_range(write_file: WriteFile) -> None:
    path = broken(write_file, "harbors: [A3, F4]", "harbors: [A3, Z40]")
    assert problems_in(path) == [
        f"{path}:16:15: harbors[1]: 'Z40' is not a cell of this chart "
        "(allowed: A1–F6 (columns A–F, rows 1–6))"
    ]


def test_hex_label_range_is_described_row_by_row(write_file: WriteFile, data_dir: Path) -> None:
    text = (data_dir / "false-colors/charts/hex.yaml").read_text(encoding="utf-8")
    path = write_file("hex.yaml", text.replace("harbors: {ours: [L12,", "harbors: {ours: [A10,"))
    (found,) = problems_in(path, shipped_rules(data_dir))
    assert "harbors.ours[0]: 'A10' is not a cell of this chart" in found
    assert "rows A–Q; rows A and Q hold 9 hexes (Q1–Q9), row I holds 17 (I1–I17)" in found


def test_regions_rectangles_and_around(write_file: WriteFile) -> None:
    path = broken(write_file, "capital: C3:D4", "capital: {around: C3, within: 1}")
    chart = load_chart(path)
    assert chart.capital == {Square(2, 2), Square(1, 2), Square(3, 2), Square(2, 1), Square(2, 3)}
    path = broken(write_file, "anchorage: B1:E2", "anchorage: E2:B1")
    assert load_chart(path).seats[0].anchorage == {
        Square(x, y) for x in range(1, 5) for y in (0, 1)
    }


def test_bad_regions_are_explained(write_file: WriteFile) -> None:
    path = broken(
        write_file,
        "harbors: [A3, F4]",
        "harbors: [A3, A3, B1:Q9, {around: C3, within: -1, size: 2}, [A1]]",
    )
    range_text = "(allowed: A1–F6 (columns A–F, rows 1–6))"
    assert problems_in(path) == [
        f"{path}:16:15: harbors[1]: A3 listed twice",
        f"{path}:16:19: harbors[2]: 'B1:Q9': 'Q9' not on this chart {range_text}",
        f"{path}:16:47: harbors[3].within: -1 is out of range (allowed: 0–12)",
        f"{path}:16:51: harbors[3].size: unknown key (allowed: around, within)",
        f"{path}:16:61: harbors[4]: expected a cell label, found a list {range_text}",
    ]


def test_rectangles_are_for_square_charts(write_file: WriteFile, data_dir: Path) -> None:
    text = (data_dir / "false-colors/charts/hex.yaml").read_text(encoding="utf-8")
    path = write_file(
        "hex.yaml", text.replace("capital: {around: I9, within: 1}", "capital: H8:J9")
    )
    (found,) = problems_in(path, shipped_rules(data_dir))
    assert "capital: 'H8:J9': rectangles are for square charts" in found


def test_several_problems_in_one_file_are_all_reported(write_file: WriteFile) -> None:
    text = (
        GOOD_SQUARE.replace("title: A small chart", "title: 7")
        .replace("cell_size: 1.25in", "cell_size: 1.25")
        .replace("rounds: 24", "rounds: 24\nrounds_per_day: 3")
        .replace("  - name: South\n", "  - nme: South\n")
        .replace("seats: [0, 1]", "seats: [0, 4]")
        .replace("symmetry: {rotations: 2, reflections: false}", "symmetry: {rotations: 3}")
    )
    path = write_file("small.yaml", text)
    found = problems_in(path)
    assert found == [
        f"{path}:2:8: title: expected text, found the number 7; write it in quotes",
        f"{path}:6:12: cell_size: 1.25 has no unit "
        "(allowed: a number with in, mm, cm or pt, e.g. 1.25in, 32mm, 18pt)",
        f"{path}:8:1: rounds_per_day: unknown key; did you mean 'rounds'? "
        "(allowed: capital, cell_size, harbors, height, islands, name, radius, random_islands, "
        "rounds, "
        "screened, seatings, seats, shape, storm, symmetry, title, width)",
        f"{path}:9:23: symmetry.rotations: 3 is not possible (allowed: 1, 2, 4 on a square chart)",
        f"{path}:14:5: seats[1].name: missing",
        f"{path}:14:5: seats[1].nme: unknown key; did you mean 'name'? "
        "(allowed: anchorage, name, wings)",
        f"{path}:21:16: seatings[0].seats[1]: 4 is out of range "
        "(allowed: 0–1, the seats in the order listed)",
    ]


def test_name_must_match_the_file(write_file: WriteFile) -> None:
    path = broken(write_file, "name: small", "name: large")
    assert problems_in(path) == [
        f"{path}:1:7: name: 'large' differs from the file name (allowed: 'small', the file's name)"
    ]


def test_shape_specific_fields(write_file: WriteFile) -> None:
    path = broken(write_file, "shape: square", "shape: hex\nradius: 3")
    found = problems_in(path)
    assert f"{path}:5:1: width: not allowed here: hex charts use radius" in found
    assert f"{path}:6:1: height: not allowed here: hex charts use radius" in found
    assert not any("width: unknown key" in p for p in found)


def test_storm_and_seatings_are_checked(write_file: WriteFile) -> None:
    text = GOOD_SQUARE.replace("[13, 18]", "[18, 13, 30]").replace(
        "    seats: [0, 1]", "    seats: [0]\n    teams: [[0, 1]]"
    )
    path = write_file("small.yaml", text)
    assert problems_in(path) == [
        f"{path}:9:39: storm.closes_after_rounds[2]: 30 is out of range "
        "(allowed: 1–24, the chart's rounds)",
        f"{path}:20:12: seatings[0].seats: lists 1 seat for 2 captains "
        "(allowed: one seat per captain)",
        f"{path}:21:12: seatings[0].teams: seat 1 is in a team but not in seats [0]",
    ]
    path = write_file("small.yaml", GOOD_SQUARE.replace("[13, 18]", "[18, 13]"))
    assert problems_in(path) == [
        f"{path}:9:30: storm.closes_after_rounds: [18, 13] does not rise round by round "
        "(allowed: rounds in increasing order)"
    ]


def test_load_charts_reports_every_file(data_copy: Path) -> None:
    charts = data_copy / "false-colors" / "charts"
    for name in ("duel", "square"):
        path = charts / f"{name}.yaml"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("cell_size: 1.25in", "cell_size: 0in"))
    with pytest.raises(DataError) as caught:
        load_charts(data_copy / "false-colors")
    files = sorted({Path(p.where.file).name for p in caught.value.problems})
    assert files == ["duel.yaml", "square.yaml"]


def test_load_charts_without_chart_files(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no chart files"):
        load_charts(tmp_path)


def test_missing_seats_are_reported_once(write_file: WriteFile) -> None:
    start = GOOD_SQUARE.index("seats:\n")
    end = GOOD_SQUARE.index("capital:")
    path = write_file("small.yaml", GOOD_SQUARE[:start] + GOOD_SQUARE[end:])
    assert problems_in(path) == [f"{path}:1:1: seats: missing"]


# --- the game's rules for its charts ------------------------------------------------------------

RULES = """\
rounds: 24
storm:
  closes_after_rounds: [13, 18, 22]
charts:
  small:
    screened: true
    seatings:
      - {mode: open-water, captains: 2, rivals: opposite}
      - {mode: open-water, captains: [3, 4]}
      - {mode: pairs, captains: 4, team_size: 2, partners: neighbours}
  other:
    wings: true
    seatings: []
"""


def read_rules(write_file: WriteFile, text: str) -> tuple[dict[str, ChartRules], list[str]]:
    from pnpkit.load.fields import Problems

    path = write_file("game.yaml", text)
    problems = Problems()
    rules = read_game_rules(path.parent, problems)
    ordered = sorted(problems.items, key=lambda p: (p.where.line, p.where.column))
    return rules or {}, [str(p) for p in ordered]


def test_the_games_chart_rules_are_read(write_file: WriteFile) -> None:
    rules, problems = read_rules(write_file, RULES)
    assert problems == []
    small = rules["small"]
    assert (small.rounds, small.storm_rounds, small.screened, small.wings) == (
        24,
        (13, 18, 22),
        True,
        False,
    )
    assert small.seatings == (
        SeatingRule("open-water", (2,), rivals=Rivals.OPPOSITE),
        SeatingRule("open-water", (3, 4)),
        SeatingRule("pairs", (4,), team_size=2, partners=Partners.NEIGHBOURS),
    )
    assert rules["other"].wings and rules["other"].seatings == ()


def test_bad_chart_rules_are_named_at_their_lines(write_file: WriteFile) -> None:
    text = (
        RULES.replace("[13, 18, 22]", "[13, 30]")
        .replace("captains: [3, 4]}", "captains: [3, 4], team_size: 2}")
        .replace("partners: neighbours", "partners: opposite")
        .replace("    wings: true", "    wing: true")
    )
    _, problems = read_rules(write_file, text)
    path = str(write_file("game.yaml", text))
    assert problems == [
        f"{path}:3:29: storm.closes_after_rounds[1]: 30 is out of range "
        "(allowed: 1–24, the game's rounds)",
        f"{path}:9:38: charts.small.seatings[1].captains: 3 captains do not make teams of 2 "
        "(allowed: multiples of 2)",
        f"{path}:10:60: charts.small.seatings[2].partners: 'opposite' is not known "
        "(allowed: anywhere, neighbours)",
        f"{path}:12:5: charts.other.wing: unknown key; did you mean 'wings'? "
        "(allowed: screened, seatings, wings)",
    ]


def test_a_chart_takes_rounds_storm_and_screening_from_the_rules(write_file: WriteFile) -> None:
    rules, _ = read_rules(write_file, RULES)
    text = GOOD_SQUARE.replace("rounds: 24\n", "").replace(
        "storm: {closes_after_rounds: [13, 18]}\n", ""
    )
    chart = load_chart(write_file("small.yaml", text), rules)
    assert (chart.rounds, chart.storm_rounds, chart.screened) == (24, (13, 18, 22), True)
    # written anyway, the chart's own values stand, and the checks compare them with the rules
    chart = load_chart(write_file("small.yaml", GOOD_SQUARE + "screened: false\n"), rules)
    assert (chart.rounds, chart.storm_rounds, chart.screened) == (24, (13, 18), False)
    # without the rules, the chart must say them itself
    path = write_file("small.yaml", text)
    assert problems_in(path) == [f"{path}:1:1: rounds: missing", f"{path}:1:1: storm: missing"]


def test_a_chart_the_rules_do_not_name_is_refused(write_file: WriteFile) -> None:
    rules, _ = read_rules(write_file, RULES)
    path = write_file("tiny.yaml", GOOD_SQUARE.replace("name: small", "name: tiny"))
    with pytest.raises(DataError) as caught:
        load_chart(path, rules)
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:1:7: name: the game's rules name no chart 'tiny' "
        "(allowed: other, small (the charts of the game's file))"
    ]


def test_every_field_the_chart_model_leaves_to_the_loader_has_a_reader() -> None:
    """A :class:`Custom` field of the chart's records with no kind would load empty, silently."""
    from pnpkit.games.false_colors.charts.load.chart import _kinds
    from pnpkit.games.false_colors.charts.model import Seat, Seating, Symmetry
    from pnpkit.model.schema import Custom

    custom = {
        name
        for cls in (Chart, Seat, Seating, Symmetry)
        for name, kind in typing.get_type_hints(cls, include_extras=True).items()
        if any(isinstance(meta, Custom) for meta in getattr(kind, "__metadata__", ()))
    }
    assert custom == set(_kinds(None, None, 0, 0, 24, 2))
    assert {"harbors", "anchorage", "storm_rounds", "seats", "rotations"} <= custom


def test_a_square_chart_wants_width_and_height_not_radius(write_file: WriteFile) -> None:
    path = broken(write_file, "height: 6\n", "radius: 3\n")
    assert problems_in(path) == [
        f"{path}:1:1: height: missing",
        f"{path}:5:1: radius: not allowed here: square charts use width and height",
    ]
