"""Where crews sit, printed (issue 29): seats and stretches for 2–7 crews at a square, a
rectangular and a round table, drawn to scale and measured in inches and centimetres; a
round-table layout placed by the angle template's angles; the table's shape and size a data
option the kit follows; the title marked on every file that prints it."""

from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from tests.games.refused import check, game_copy
from tests.pdfread import page_texts
from tests.writing import ShippedKit, replace_once

from pnpkit.app.cli import main
from pnpkit.games.tabletop_fleets.context import rule_context, table_needed
from pnpkit.games.tabletop_fleets.diagram import seat_angles
from pnpkit.games.tabletop_fleets.kit import example_layouts, example_tables
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.games.tabletop_fleets.model import TableRules, TableShape
from pnpkit.games.tabletop_fleets.rules import (
    check_layout,
    edge_pieces,
    perimeter_point,
    seat_layout,
)
from pnpkit.games.tabletop_fleets.seating import seat_rows
from pnpkit.model.ours import MARK
from pnpkit.units import CM, INCH

GAME = "tabletop-fleets"
DATA = Path(__file__).resolve().parents[3] / "data" / GAME
CREWS = range(2, 8)
TABLES = {"square": (48 * INCH, 48 * INCH), "rectangle": (72 * INCH, 48 * INCH)}


@pytest.fixture(scope="module")
def kit(shipped_kit: ShippedKit) -> Path:
    return shipped_kit(GAME)


def _rules(width: float, depth: float) -> TableRules:
    table = load_tabletop(DATA).table
    return replace(table, size=width, depth=None if width == depth else depth)


@pytest.mark.parametrize("crews", CREWS)
def test_round_seats_are_evenly_spaced_and_stretches_do_not_overlap(crews: int) -> None:
    layout = seat_layout(_rules(48 * INCH, 48 * INCH), TableShape.ROUND, crews)
    seats = [seat_angles(layout, s)[0] for s in layout.stretches]
    step = 90.0 if crews == 2 else 360.0 / crews  # the seed: two crews a quarter round
    assert seats == pytest.approx([k * step for k in range(crews)])
    spans = sorted((s.start % 360.0, (s.start % 360.0) + s.end - s.start) for s in layout.stretches)
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert end <= start + 1e-9  # no stretch runs into the next
    assert spans[-1][1] - 360.0 <= spans[0][0] + 1e-9  # nor round past 360° into the first
    for s in layout.stretches:
        assert s.end - s.start == pytest.approx(step / 2)  # table.stretch: 50 %
        assert s.start < s.seat % 360.0 + 360.0 and (s.start + s.end) / 2 % 360.0 == pytest.approx(
            s.seat
        )


@pytest.mark.parametrize("crews", CREWS)
@pytest.mark.parametrize("table", TABLES)
def test_every_stretch_lies_on_the_table_edge_and_none_overlap(table: str, crews: int) -> None:
    width, depth = TABLES[table]
    layout = seat_layout(_rules(width, depth), TableShape.SQUARE, crews)
    perimeter = 2 * (width + depth)
    lengths = {"A": width, "B": depth, "C": width, "D": depth}
    covered: list[tuple[float, float]] = []
    for s in layout.stretches:
        assert s.end - s.start == pytest.approx(perimeter / crews / 2)
        for k in range(21):  # every point of the stretch is on the table's edge
            x, y = perimeter_point(width, depth, s.start + (s.end - s.start) * k / 20)
            on_edge = min(abs(x), abs(x - width), abs(y), abs(y - depth)) < 1e-6
            assert on_edge and -1e-6 <= x <= width + 1e-6 and -1e-6 <= y <= depth + 1e-6
        pieces = edge_pieces(width, depth, s.start, s.end)
        assert sum(p.high - p.low for p in pieces) == pytest.approx(s.end - s.start)
        for p in pieces:  # each piece measured along its own edge, inside it
            assert -1e-6 <= p.low <= p.high <= lengths[p.edge] + 1e-6
        covered.append((s.start % perimeter, s.start % perimeter + s.end - s.start))
    covered.sort()
    for (_, end), (start, _) in itertools.pairwise(covered):
        assert end <= start + 1e-6
    assert covered[-1][1] - perimeter <= covered[0][0] + 1e-6
    if crews == 2:  # the seed: diagonally across a folding table
        seats = [perimeter_point(width, depth, s.seat) for s in layout.stretches]
        assert seats == [(0.0, 0.0), pytest.approx((width, depth))]


def test_seat_rows_measure_in_inches_and_centimetres() -> None:
    square = seat_layout(_rules(48 * INCH, 48 * INCH), TableShape.SQUARE, 4)
    assert seat_rows(square)[1] == (
        "2: edge A 0–12 in (0–30 cm) from B; edge B 0–12 in (0–30 cm) from A"
    )
    round_table = seat_layout(_rules(48 * INCH, 48 * INCH), TableShape.ROUND, 4)
    arc = math.pi * 48 / 8  # a quarter round's half, inches
    assert seat_rows(round_table)[2] == (
        f"3: seat 180° · edge 158° to 203° · {arc:.1f} in ({round(arc * INCH / CM)} cm) "
        "along the edge"
    )


def _page_tables(kit: Path) -> list[str]:
    return [re.sub(r"\s+", " ", t) for t in page_texts(kit / "table-layout-example.pdf")]


@pytest.mark.slow
def test_the_layout_example_prints_every_seating_and_a_round_layout(kit: Path) -> None:
    pages = _page_tables(kit)
    titles = [
        "where crews sit at a square table, 48 in (122 cm) a side",
        "where crews sit at a rectangular table, 72 in (183 cm) × 48 in (122 cm)†",
        "where crews sit at a round table, 48 in (122 cm) across",
    ]
    for title in titles:
        page = next(p for p in pages if title in p)
        assert "2 crews " in page and "2 crews†" not in page  # the seed seats two
        for crews in range(3, 8):
            assert f"{crews} crews†" in page
        assert "7: " in page and "8: " not in page
        assert "cm" in page and " in " in page
    round_layout = next(p for p in pages if "Round table 48 in · 4 crews" in p)
    for k, seat in enumerate((0, 90, 180, 270), start=1):
        assert f"Crew {k}: seat {seat}° ·" in round_layout
    assert "angle template" in round_layout and "anticlockwise from crew 1's seat" in round_layout
    assert "Angle template for round tables" in pages[-1]
    reference = " ".join(page_texts(kit / "rules-reference.pdf"))
    assert "table-layout-example.pdf" in reference


def _table_rects(path: Path, page: int) -> list[tuple[float, float]]:
    """The width and height of the first rectangle of each form drawn on ``page`` (1-based):
    a layout diagram's table."""
    reader = PdfReader(str(path))
    xobjects = reader.pages[page - 1]["/Resources"]["/XObject"]
    found: list[tuple[float, float]] = []
    for name in sorted(xobjects):
        form = xobjects[name].get_object()
        for operands, operator in ContentStream(form, reader).operations:
            if operator == b"re":
                found.append((float(operands[2]), float(operands[3])))
                break
    return found


@pytest.mark.slow
def test_the_rectangular_table_is_drawn_to_its_stated_scale(kit: Path) -> None:
    path = kit / "table-layout-example.pdf"
    pages = _page_tables(kit)
    number = next(i for i, p in enumerate(pages, 1) if "Rectangular table 72 × 48 in" in p)
    scale = int(re.search(r"scale 1 : (\d+)", pages[number - 1]).group(1))  # type: ignore[union-attr]
    (width, depth), *_ = _table_rects(path, number)
    assert (width * scale / INCH, depth * scale / INCH) == pytest.approx((72, 48), abs=0.01)
    seats = next(i for i, p in enumerate(pages, 1) if "rectangular table, 72 in" in p)
    scale = int(re.search(r"Drawn at 1 : (\d+)", pages[seats - 1]).group(1))  # type: ignore[union-attr]
    rects = _table_rects(path, seats)
    assert len(rects) == 6  # 2 to 7 crews
    for width, depth in rects:
        assert (width * scale / INCH, depth * scale / INCH) == pytest.approx((72, 48), abs=0.01)


FILES = (
    "ship-cards.pdf",
    "rulers.pdf",
    "table-pieces.pdf",
    "table-layout-example.pdf",
    "score-sheet.pdf",
    "rules-reference.pdf",
    "print-this-kit.pdf",
)


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
def test_the_title_is_marked_wherever_it_prints(kit: Path, name: str) -> None:
    text = " ".join(page_texts(kit / name))
    assert text.count("Table Fleets" + MARK) >= 1
    assert text.count("Table Fleets") == text.count("Table Fleets" + MARK), name


def test_the_table_shape_in_the_data_sets_the_examples_and_the_rules(tmp_path: Path) -> None:
    game_dir = game_copy(DATA.parent, tmp_path, GAME)
    replace_once(game_dir / "game.yaml", "  shape: square", "  shape: round")
    game = load_tabletop(game_dir)
    layouts = example_layouts(game)
    assert [lay.shape for lay in layouts] == [
        TableShape.ROUND,
        TableShape.SQUARE,
        TableShape.SQUARE,
    ]
    assert [lay.table_words for lay in layouts] == ["round", "square", "rectangular"]
    assert all(check_layout(lay) == [] for lay in layouts)
    assert rule_context(game)["table"]["size"] == "4 ft round"
    assert table_needed(game.table) == "a round table 4 ft across"
    shapes = [shape for shape, _ in example_tables(load_tabletop(DATA).table)]
    assert shapes == [TableShape.SQUARE, TableShape.SQUARE, TableShape.ROUND]


def test_a_round_table_with_a_depth_is_refused_at_its_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = game_copy(DATA.parent, tmp_path, GAME)
    path = game / "game.yaml"
    replace_once(path, "  shape: square", "  shape: round")
    line = replace_once(path, "  # depth: 36in", "  depth: 36in")
    code, errors = check(capsys, game)
    assert code == 1
    assert errors == [
        f"error: {path}:{line}:10: table.depth: 36in on a round table "
        "(allowed: no depth on a round table (size is its diameter), or shape: square)"
    ]


@pytest.mark.parametrize(
    ("old", "new", "column", "message"),
    [
        (
            "  size: 48in",
            "  size: 300in",
            9,
            "table.size: 300in is out of range (allowed: 12in–240in)",
        ),
        (
            "  long_side: {ours: 72in}",
            "  long_side: {ours: 40in}",
            14,
            "table.long_side: 40in is not longer than size (48in) "
            "(allowed: a length longer than 48in, up to 240in)",
        ),
    ],
)
def test_a_bad_table_size_is_refused_at_its_place(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    old: str,
    new: str,
    column: int,
    message: str,
) -> None:
    game = game_copy(DATA.parent, tmp_path, GAME)
    path = game / "game.yaml"
    line = replace_once(path, old, new)
    code, errors = check(capsys, game)
    assert code == 1
    assert errors == [f"error: {path}:{line}:{column}: {message}"]


def test_table_layout_deals_on_the_datas_table_shape(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = game_copy(DATA.parent, tmp_path, GAME)
    replace_once(game / "game.yaml", "  shape: square", "  shape: round")
    args = ["table-layout", "--crews", "3", "--seed", "2", "--data", str(tmp_path)]
    capsys.readouterr()
    assert main([*args, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["table"]["shape"] == "round"
    assert main([*args, "--table", "square", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["table"]["shape"] == "square"
    assert main(args) == 0
    assert (
        "crew 2 lines up: 25.1 in of edge from 90° to 150°, seat at 120°" in capsys.readouterr().out
    )
