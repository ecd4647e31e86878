"""``pnpkit map``: the terminal drawing, the JSON contract, determinism, files and errors."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from pnpkit.app.cli import main
from pnpkit.games.false_colors.charts.load.chart import load_charts
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.charts.text import chart_text

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def map_block(text: str) -> list[str]:
    """The lines of the first drawing (between "Map" and the blank line after it)."""
    lines = text.splitlines()
    start = lines.index("Map") + 1
    end = lines.index("", start)
    return lines[start:end]


@pytest.fixture
def data(data_dir: Path) -> str:
    return str(data_dir)


def test_map_square_prints_a_readable_chart(capsys: Capture, data: str) -> None:
    code, out, err = run(capsys, "map", "square", "--seed", "7", "--data", data)
    assert (code, err) == (0, "")
    assert out.startswith(
        "The square chart (square: 12 × 12, 144 cells, islands dealt with seed 7)"
    )
    block = map_block(out)
    assert block[0].split() == list("ABCDEFGHIJKL")
    assert len(block) == 14  # header, 12 rows, footer
    rows = [line.split() for line in block[1:13]]
    assert [row[0] for row in rows] == [str(n) for n in range(1, 13)]
    cells = [glyph for row in rows for glyph in row[1:13]]
    assert len(cells) == 144
    assert cells.count("H") == 4 and cells.count("C") == 4 and cells.count("#") == 20
    assert all(cells.count(str(seat)) == 16 for seat in range(4))
    assert all(cells.count(wing) == 8 for wing in "abcd")
    assert rows[0][3:11] == list("aa0000aa")  # islands may be dealt in the corners
    assert "Storm rings" in out
    assert "  ring 1 (44 cells) closes after round 13" in out
    assert "  ring 3 (28 cells) closes after round 22" in out
    assert "  0 North: 16 cells, E1, F1" in out
    assert "Harbors: C3, J3, C10, J10" in out


def test_map_hex_is_drawn_as_a_hexagon(capsys: Capture, data: str) -> None:
    code, out, _ = run(capsys, "map", "hex", "--seed", "1", "--data", data)
    assert code == 0
    block = map_block(out)
    assert len(block) == 17
    widths = [len(line.split()) - 2 for line in block]  # minus the row letter and the range
    assert widths == [9, 10, 11, 12, 13, 14, 15, 16, 17, 16, 15, 14, 13, 12, 11, 10, 9]
    indents = [len(line) - len(line.lstrip()) for line in (ln[2:] for ln in block)]
    assert indents[0] > indents[8] < indents[16]
    assert indents[0] - indents[8] == 8
    assert block[8].split()[0] == "I" and block[8].split()[-1] == "I1–I17"
    glyphs = [g for line in block for g in line.split()[1:-1]]
    assert len(glyphs) == 217
    assert glyphs.count("C") == 7 and glyphs.count("H") == 6


def test_storm_block_shows_each_ring(capsys: Capture, data: str) -> None:
    _, out, _ = run(capsys, "map", "duel", "--seed", "2", "--data", data)
    lines = out.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Storm rings")) + 2
    rows = [line.split()[1:11] for line in lines[start : start + 10]]
    assert rows[0] == list("1111111111")
    assert rows[1] == list("1222222221")
    assert rows[4] == list("123....321")


def test_text_drawing_of_an_undealt_chart(data_dir: Path) -> None:
    chart = load_charts(data_dir / "false-colors")["square"]
    text = chart_text(chart)
    assert "seed" not in text.splitlines()[0]
    assert text.endswith("the game lasts 24 rounds\n")


def test_same_seed_same_output(capsys: Capture, data: str) -> None:
    first = run(capsys, "map", "hex", "--seed", "11", "--islands", "12", "--data", data)
    again = run(capsys, "map", "hex", "--seed", "11", "--islands", "12", "--data", data)
    other = run(capsys, "map", "hex", "--seed", "12", "--islands", "12", "--data", data)
    assert first == again
    assert first[0] == other[0] == 0
    assert map_block(first[1]) != map_block(other[1])


def test_json_matches_the_contract(capsys: Capture, data: str, data_dir: Path) -> None:
    code, out, _ = run(capsys, "map", "square", "--seed", "7", "--format", "json", "--data", data)
    assert code == 0 and out.endswith("}\n")
    doc: dict[str, Any] = json.loads(out)
    for key in ("format", "chart", "shape", "size", "seed", "symmetry", "seats", "cells"):
        assert key in doc
    assert doc["format"] == "pnpkit-chart/1"
    assert (doc["chart"], doc["shape"], doc["seed"]) == ("square", "square", 7)
    assert doc["size"] == {"width": 12, "height": 12}
    assert doc["symmetry"] == {"rotations": 4, "reflections": False}  # dealt by rotations
    assert [seat["seat"] for seat in doc["seats"]] == [0, 1, 2, 3]
    assert [4, 0] in doc["seats"][0]["anchorage"]
    cells = doc["cells"]
    assert len(cells) == 144
    assert sorted(tuple(c["at"]) for c in cells) == sorted(
        (x, y) for x in range(12) for y in range(12)
    )
    chart = load_charts(data_dir / "false-colors")["square"]
    for cell in cells:
        assert set(cell) >= {"at", "label", "terrain", "seat", "wing", "ring", "closes_after_round"}
        assert cell["terrain"] in {"water", "island", "harbor", "capital"}
        ring = cell["ring"]
        assert cell["closes_after_round"] == (chart.storm_rounds[ring - 1] if ring <= 3 else None)
    first = next(c for c in cells if c["at"] == [0, 0])
    assert first == {
        **first,
        "label": "A1",
        "seat": None,
        "ring": 1,
        "closes_after_round": 13,
    }
    assert sum(c["terrain"] == "island" for c in cells) == 20  # the square chart's random_islands


def test_json_hex_uses_axial_coordinates(capsys: Capture, data: str) -> None:
    code, out, _ = run(capsys, "map", "hex", "--seed", "3", "--format", "json", "--data", data)
    assert code == 0
    doc = json.loads(out)
    assert doc["size"] == {"radius": 8}
    ats = [tuple(c["at"]) for c in doc["cells"]]
    assert len(ats) == len(set(ats)) == 217
    centre = next(c for c in doc["cells"] if c["at"] == [0, 0])
    assert (centre["label"], centre["terrain"], centre["closes_after_round"]) == (
        "I9",
        "capital",
        None,
    )


def test_out_writes_a_file_or_into_a_folder(capsys: Capture, data: str, tmp_path: Path) -> None:
    target = tmp_path / "maps" / "duel.json"
    code, out, _ = run(
        capsys,
        "map",
        "duel",
        "--seed",
        "4",
        "--format",
        "json",
        "--out",
        str(target),
        "--data",
        data,
    )
    assert (code, out) == (0, f"wrote {target}\n")
    assert json.loads(target.read_text())["chart"] == "duel"
    code, out, _ = run(capsys, "map", "duel", "--seed", "4", "--out", str(tmp_path), "--data", data)
    written = tmp_path / "duel-seed4.txt"
    assert (code, out) == (0, f"wrote {written}\n")
    assert written.read_text().startswith("The duel chart")


def test_unknown_chart_lists_the_charts(capsys: Capture, data: str) -> None:
    code, out, err = run(capsys, "map", "circle", "--seed", "1", "--data", data)
    assert (code, out) == (2, "")
    assert err == "error: unknown chart 'circle' (available: duel, hex, square)\n"


def test_a_misspelt_chart_gets_a_did_you_mean(capsys: Capture, data: str) -> None:
    code, _, err = run(capsys, "map", "squre", "--data", data)
    assert code == 2
    assert err.startswith("error: unknown chart 'squre'; did you mean 'square'? (available: ")


def test_a_map_without_a_seed_names_its_seed_so_it_can_be_dealt_again(
    capsys: Capture, data: str
) -> None:
    code, first, err = run(capsys, "map", "duel", "--data", data)
    assert code == 0
    seed = int(err.split()[1])
    assert err == f"seed {seed} (pnpkit map duel --seed {seed} deals this map again)\n"
    code, again, _ = run(capsys, "map", "duel", "--seed", str(seed), "--data", data)
    assert (code, again) == (0, first)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["map", "square", "--seed", "-1"], "-1 is negative"),
        (["map", "square", "--seed", "seven"], "'seven' is not a whole number"),
        (["map", "square", "--seed", "1", "--format", "png"], "invalid choice: 'png'"),
    ],
)
def test_bad_map_arguments_exit_2(capsys: Capture, argv: list[str], message: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err


def test_impossible_island_count_exits_1_with_the_reason(capsys: Capture, data: str) -> None:
    code, out, err = run(capsys, "map", "duel", "--seed", "3", "--islands", "5", "--data", data)
    assert (code, out) == (1, "")
    assert err.startswith("error: cannot deal 5 islands on duel")
    assert "Traceback" not in err


def test_svg_and_pdf_call_the_kit(
    capsys: Capture, data: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[Any, ...]] = []
    fake = types.ModuleType("pnpkit.games.false_colors.maps")

    def write_map_svg(chart: Chart, path: Path, game: Any) -> None:
        assert len(game.fleets) == len(chart.seats)  # the fleets tint the seats
        calls.append(("svg", chart.name, chart.seed, path))

    def write_map_pdf(chart: Chart, path: Path, paper: Any, game: Any) -> None:
        assert len(game.fleets) >= len(chart.seats)
        calls.append(("pdf", chart.name, chart.seed, path, paper.name))

    fake.write_map_svg = write_map_svg  # type: ignore[attr-defined]
    fake.write_map_pdf = write_map_pdf  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pnpkit.games.false_colors.maps", fake)
    code, out, _ = run(
        capsys,
        "map",
        "hex",
        "--seed",
        "5",
        "--format",
        "svg",
        "--out",
        str(tmp_path),
        "--data",
        data,
    )
    assert (code, out) == (0, f"wrote {tmp_path / 'hex-seed5.svg'}\n")
    code, _, _ = run(
        capsys,
        "map",
        "duel",
        "--seed",
        "6",
        "--format",
        "pdf",
        "--paper",
        "a4",
        "--out",
        str(tmp_path / "d.pdf"),
        "--data",
        data,
    )
    assert code == 0
    assert calls == [
        ("svg", "hex", 5, tmp_path / "hex-seed5.svg"),
        ("pdf", "duel", 6, tmp_path / "d.pdf", "a4"),
    ]


def test_svg_is_written_at_print_size(capsys: Capture, data: str, tmp_path: Path) -> None:
    folder = tmp_path / "new" / "maps"
    code, out, _ = run(
        capsys,
        "map",
        "square",
        "--seed",
        "1",
        "--format",
        "svg",
        "--out",
        f"{folder}/",
        "--data",
        data,
    )
    target = folder / "square-seed1.svg"
    assert (code, out) == (0, f"wrote {target}\n")
    svg = target.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and 'width="15.0000in"' in svg  # 12 cells of 1.25in


@pytest.mark.slow
def test_pdf_is_written_and_verified(capsys: Capture, data: str, tmp_path: Path) -> None:
    from pnpkit.verify import verify_pdf

    target = tmp_path / "duel.pdf"
    code, out, _ = run(
        capsys,
        "map",
        "duel",
        "--seed",
        "2",
        "--format",
        "pdf",
        "--paper",
        "a4",
        "--out",
        str(target),
        "--data",
        data,
    )
    assert (code, out) == (0, f"wrote {target}\n")
    assert target.read_bytes().startswith(b"%PDF")
    assert verify_pdf(target) == []


def test_a_screened_hex_chart_is_named_at_its_line(capsys: Capture, data_copy: Path) -> None:
    """``screened: true`` on the hex chart: ``check`` and ``map`` point at the line, exit 1 and
    print no traceback."""
    path = data_copy / "false-colors" / "charts" / "hex.yaml"
    text = path.read_text()
    path.write_text(text.replace("shape: hex\n", "shape: hex\nscreened: true\n", 1))
    line = text.splitlines().index("shape: hex") + 2
    where = f"{path}:{line}:11"
    code, out, err = run(capsys, "check", "false-colors", "--data", str(data_copy))
    assert code == 1
    assert f"{where}: hex: screen: screening is defined for square charts only" in out + err
    assert "Traceback" not in out + err
    for extra in ((), ("--count",)):
        code, out, err = run(capsys, "map", "hex", "--seed", "1", *extra, "--data", str(data_copy))
        assert code == 1, extra
        assert f"error: {where}: hex: screen: screening is defined for square charts only" in err
        assert "Traceback" not in out + err


def test_screening_the_rules_ask_of_a_hex_chart_is_named_in_the_game_file(
    capsys: Capture, data_copy: Path
) -> None:
    """The hex chart takes ``screened`` from the game's rules: ``check`` names the rules' line,
    and ``map`` refuses with check's own line (the chart's file does not write it)."""
    game = data_copy / "false-colors" / "game.yaml"
    text = game.read_text()
    game.write_text(
        text.replace("  hex:\n    seatings:", "  hex:\n    screened: true\n    seatings:")
    )
    line = game.read_text().splitlines().index("    screened: true") + 1
    code, out, err = run(capsys, "check", "false-colors", "--data", str(data_copy))
    assert code == 1
    assert f"{game}:{line}:15: hex: screen: screening is defined for square charts only" in out
    code, out, err = run(capsys, "map", "hex", "--seed", "1", "--data", str(data_copy))
    assert code == 1
    assert f"error: {game}:{line}:15: hex: screen: screening is defined for square charts only" in (
        err
    )
    assert out == ""
    assert "Traceback" not in out + err
