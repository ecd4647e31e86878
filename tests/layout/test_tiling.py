from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpkit.errors import BuildError
from pnpkit.layout.paper import A4, INK_INSET, LETTER, MARGIN, Paper
from pnpkit.layout.sample import SampleGrid
from pnpkit.layout.tiling import BAND_GAP, GLUE, MIN_GLUE, TiledLayout, split_axis, tile
from pnpkit.units import INCH

from .items import HEX_HEIGHT, HEX_WIDTH, HexBoard, Plain

CELL = 1.25 * INCH


def _grid(n: int) -> SampleGrid:
    return SampleGrid(n, n, CELL, title=f"{n} x {n}")


@pytest.mark.parametrize(
    ("item", "paper", "columns", "rows", "orientation"),
    [
        (_grid(12), LETTER, 2, 2, "portrait"),
        (_grid(10), LETTER, 2, 2, "portrait"),
        (Plain(), LETTER, 3, 2, "portrait"),
        (_grid(10), A4, 2, 2, "portrait"),
        (_grid(12), A4, 3, 2, "portrait"),  # 0.5 in strips: 6 + 0.5 in > A4's 7.77 in
        (Plain(), A4, 3, 2, "portrait"),
    ],
)
def test_sheet_grid_uses_fewest_sheets(
    item: SampleGrid | Plain, paper: Paper, columns: int, rows: int, orientation: str
) -> None:
    layout = tile(item, paper, title="chart")
    assert (layout.columns, layout.rows) == (columns, rows)
    assert layout.sheet_count == columns * rows
    assert layout.paper.orientation == orientation
    assert layout.page_count == columns * rows + 1


def test_hex_item_is_the_promised_size() -> None:
    assert round(HEX_WIDTH / INCH, 2) == 21.25
    assert round(HEX_HEIGHT / INCH, 2) == 18.76


def test_target_sheets_narrows_the_glue_strip_on_a4() -> None:
    layout = tile(_grid(12), A4, title="chart", target_sheets=4)
    assert layout.sheet_count == 4
    assert MIN_GLUE <= layout.glue < GLUE
    # an unreachable target does not add sheets or fail: it keeps the fewest
    hexes = tile(Plain(), LETTER, title="hex", target_sheets=4)
    assert hexes.sheet_count == 6 and hexes.glue == GLUE


def test_cuts_fall_on_cell_boundaries() -> None:
    for paper in (LETTER, A4):
        layout = tile(_grid(12), paper, title="chart")
        for x in layout.xs:
            assert abs(x / CELL - round(x / CELL)) < 1e-9
        for y in layout.ys:
            assert abs(y / CELL - round(y / CELL)) < 1e-9


def _check_geometry(layout: TiledLayout) -> None:
    paper = layout.paper
    printable = (MARGIN, MARGIN, paper.width - MARGIN, paper.height - MARGIN)
    for sheet in layout.sheets:
        shown, band = sheet.page_shown, sheet.band
        assert shown.x0 >= printable[0] - 1e-9 and shown.y0 >= printable[1] - 1e-9
        assert shown.x1 <= printable[2] + 1e-9 and shown.y1 <= printable[3] + 1e-9
        assert band.y0 >= MARGIN - 1e-9
        assert band.y1 + BAND_GAP <= shown.y0 + 1e-9  # label and ruler never overlap the chart
        assert shown.x0 >= 0 and sheet.shown.x1 <= layout.item.width + 1e-9
        assert sheet.shown.y0 >= -1e-9 and sheet.shown.y1 <= layout.item.height + 1e-9


@pytest.mark.parametrize("paper", [LETTER, A4])
@pytest.mark.parametrize("item", [_grid(12), _grid(10), Plain()])
def test_sheets_fit_inside_the_margin(item: SampleGrid | Plain, paper: Paper) -> None:
    _check_geometry(tile(item, paper, title="chart"))


def test_regions_partition_the_item_exactly() -> None:
    layout = tile(Plain(), LETTER, title="hex")
    area = sum(s.region.width * s.region.height for s in layout.sheets)
    assert abs(area - layout.item.width * layout.item.height) < 1e-6
    for r in range(1, layout.rows + 1):
        row = [layout.sheet(r, c) for c in range(1, layout.columns + 1)]
        assert abs(sum(s.region.width for s in row) - layout.item.width) < 1e-9
        for left, right in itertools.pairwise(row):
            assert left.region.x1 == right.region.x0  # no gap, no overlap


def test_glue_strips_repeat_the_neighbours_edge() -> None:
    layout = tile(_grid(12), LETTER, title="chart")
    for sheet in layout.sheets:
        if sheet.right is None:
            assert sheet.shown.x1 == sheet.region.x1
        else:
            neighbour = layout.sheets[sheet.right - 1]
            assert (neighbour.row, neighbour.column) == (sheet.row, sheet.column + 1)
            assert sheet.shown.x1 - sheet.region.x1 == pytest.approx(sheet.right_glue)
            # a strip that would reach the margin stops half a point inside it, narrowed
            assert layout.glue - 2 * INK_INSET - 1e-9 <= sheet.right_glue <= layout.glue
            # the strip shows exactly the first `right_glue` points of the neighbour's region
            assert neighbour.region.x0 == sheet.region.x1
            assert neighbour.region.x1 >= sheet.shown.x1
        if sheet.below is None:
            assert sheet.shown.y0 == sheet.region.y0
        else:
            neighbour = layout.sheets[sheet.below - 1]
            assert (neighbour.row, neighbour.column) == (sheet.row + 1, sheet.column)
            assert sheet.region.y0 - sheet.shown.y0 == pytest.approx(layout.glue)
            assert neighbour.region.y1 == sheet.region.y0


def test_alignment_marks_sit_on_seams_seen_by_both_sheets() -> None:
    layout = tile(_grid(12), LETTER, title="chart")
    assert len(layout.marks) == 8  # 2 seams × 2 segments × 2 marks
    for x, y in layout.marks:
        holders = [s for s in layout.sheets if s.shown.contains_point(x, y)]
        # a seam mark shows on the sheet with the strip and on the neighbour's cut edge
        assert len(holders) >= 2
        on_vertical_seam = x in layout.xs[1:-1]
        on_horizontal_seam = y in layout.ys[1:-1]
        assert on_vertical_seam or on_horizontal_seam


def test_sheet_numbers_and_neighbours_read_left_to_right_top_to_bottom() -> None:
    layout = tile(Plain(), LETTER, title="hex")
    numbers = [(s.number, s.row, s.column, s.right, s.below) for s in layout.sheets]
    assert numbers == [
        (1, 1, 1, 2, 4),
        (2, 1, 2, 3, 5),
        (3, 1, 3, None, 6),
        (4, 2, 1, 5, None),
        (5, 2, 2, 6, None),
        (6, 2, 3, None, None),
    ]
    top_row = layout.sheet(1, 2)
    assert top_row.region.y1 == layout.item.height  # row 1 is the top


def test_split_axis_fewest_and_most_even() -> None:
    cuts = tuple(float(i) for i in range(1, 12))
    # 12 units, room 7 with glue 1: pieces of <= 6 (+glue) and the last <= 7
    assert split_axis(12.0, cuts, 7.0, 1.0) == (0.0, 6.0, 12.0)
    # cut anywhere: equal pieces
    assert split_axis(10.0, (), 4.0, 0.5) == (0.0, 10 / 3, 20 / 3, 10.0)
    # fits whole
    assert split_axis(5.0, cuts, 5.0, 1.0) == (0.0, 5.0)
    # a cell wider than the room cannot be split at allowed cuts
    assert split_axis(10.0, (5.0,), 4.0, 0.5) is None


def _best_split(
    length: float, cuts: tuple[float, ...], room: float, glue: float, widen: float
) -> tuple[int, float] | None:
    """The reference: every choice of boundaries among the cuts, tried; (pieces, largest
    piece) of the fewest pieces that fit and, among them, the most even."""
    points = sorted({0.0, length, *(c for c in cuts if 1e-6 < c < length - 1e-6)})
    inner = points[1:-1]

    def reach(a: float, b: float) -> tuple[float, float]:
        return (a - widen if a > 0 else a, b + widen if b < length else b)

    best: tuple[int, float] | None = None
    for size in range(len(inner) + 1):
        for chosen in itertools.combinations(inner, size):
            bounds = (0.0, *chosen, length)
            ok = True
            for k in range(len(bounds) - 1):
                low, high = reach(bounds[k], bounds[k + 1])
                if k == len(bounds) - 2:
                    ok = ok and high - low <= room + 1e-6
                else:
                    ok = ok and high - low + glue <= room + 1e-6 and length - high >= glue - 1e-6
            if ok:
                largest = max(b - a for a, b in itertools.pairwise(bounds))
                if best is None or (size + 1, largest) < best:
                    best = (size + 1, largest)
        if best is not None:
            return best
    return None


@given(
    cuts=st.lists(st.integers(1, 39), min_size=1, max_size=9, unique=True),
    room=st.integers(4, 30),
    glue=st.integers(0, 3),
    widen=st.sampled_from([0.0, 0.5]),
)
def test_split_axis_finds_the_fewest_and_most_even_pieces_any_search_would(
    cuts: list[int], room: int, glue: int, widen: float
) -> None:
    """Against every choice of boundaries: the search (which skips pieces it can tell are too
    wide and measures each piece once) misses no better split."""
    length = 40.0
    points = tuple(float(c) for c in sorted(cuts))

    def reach(a: float, b: float) -> tuple[float, float]:
        return (a - widen if a > 0 else a, b + widen if b < length else b)

    found = split_axis(length, points, float(room), float(glue), reach)
    best = _best_split(length, points, float(room), float(glue), widen)
    if best is None:
        assert found is None
        return
    assert found is not None
    pieces = len(found) - 1
    largest = max(b - a for a, b in itertools.pairwise(found))
    assert (pieces, largest) == pytest.approx(best)


def test_an_untileable_item_is_a_build_error() -> None:
    huge_cell = SampleGrid(2, 2, 12 * INCH, title="huge")
    with pytest.raises(BuildError, match="cannot tile"):
        tile(huge_cell, LETTER, title="huge")


def test_an_item_that_fits_is_one_sheet_without_strips() -> None:
    from pnpkit.layout.tiled_pdf import assembly_steps

    layout = tile(_grid(4), LETTER, title="small")
    assert layout.sheet_count == 1
    (sheet,) = layout.sheets
    assert sheet.shown == sheet.region and sheet.right is None and sheet.below is None
    assert layout.marks == ()
    assert assembly_steps(layout)[0] == "1. Nothing to glue: the whole item is on one sheet."


def test_sample_items_satisfy_the_tileable_protocol() -> None:
    from pnpkit.render.drawable import Drawable, Tileable

    assert isinstance(_grid(2), Tileable)
    assert isinstance(Plain(), Tileable)
    assert isinstance(Plain(), Drawable)


@given(
    cells=st.integers(min_value=1, max_value=14),
    pitch=st.sampled_from([36.0, 72.0, 90.0]),
    room=st.floats(min_value=100.0, max_value=700.0),
    glue=st.sampled_from([18.0, 36.0]),
)
def test_split_axis_is_minimal_and_valid(
    cells: int, pitch: float, room: float, glue: float
) -> None:
    length = cells * pitch
    cuts = tuple(i * pitch for i in range(1, cells))
    got = split_axis(length, cuts, room, glue)

    def valid(bounds: tuple[float, ...]) -> bool:
        pieces = list(itertools.pairwise(bounds))
        for i, (a, b) in enumerate(pieces):
            last = i == len(pieces) - 1
            if b - a + (0 if last else glue) > room + 1e-6:
                return False
            if not last and length - b < glue - 1e-6:
                return False
        return True

    # brute force: the fewest pieces any choice of cuts allows
    fewest = None
    for k in range(0, len(cuts) + 1):
        for chosen in itertools.combinations(cuts, k):
            if valid((0.0, *chosen, length)):
                fewest = k + 1
                break
        if fewest is not None:
            break
    if fewest is None:
        assert got is None
    else:
        assert got is not None and valid(got)
        assert len(got) - 1 == fewest
        assert set(got[1:-1]) <= set(cuts)


# -- celled items: every hex whole on exactly one sheet ---------------------------------------


def inside(point: tuple[float, float], polygon: tuple[tuple[float, float], ...]) -> bool:
    """Even-odd ray cast (points exactly on an edge are not tested here)."""
    x, y = point
    hit = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def shrunk(outline: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    """The cell's corners pulled 1 % towards its centre, and the centre."""
    cx = sum(p[0] for p in outline) / len(outline)
    cy = sum(p[1] for p in outline) / len(outline)
    return [(cx, cy), *((x + (cx - x) * 0.01, y + (cy - y) * 0.01) for x, y in outline)]


@pytest.mark.parametrize("paper", [LETTER, A4])
def test_each_hex_is_whole_on_exactly_one_sheet(paper: Paper) -> None:
    board = HexBoard()
    layout = tile(board, paper, title="hex", target_sheets=6)
    assert layout.sheet_count == 6 and (layout.columns, layout.rows) == (3, 2)
    outlines = board.cell_outlines
    assert len(outlines) == 217
    owned = [i for sheet in layout.sheets for i in sheet.cells]
    assert sorted(owned) == list(range(217))  # every hex once: 217 of 217
    for sheet in layout.sheets:
        for index in sheet.cells:
            corners = shrunk(outlines[index])
            # printed whole on its sheet, and inside its trim line
            assert all(sheet.shown.contains_point(x, y) for x, y in corners)
            assert all(inside(p, sheet.outline) for p in corners)
            # and inside no other sheet's trim line: assembled, it shows once
            for other in layout.sheets:
                if other is not sheet:
                    assert not any(inside(p, other.outline) for p in corners)
    _check_geometry(layout)


def test_hex_seams_run_along_hex_edges_not_through_hexes() -> None:
    board = HexBoard()
    layout = tile(board, LETTER, title="hex", target_sheets=6)
    outlines = board.cell_outlines
    for sheet in layout.sheets:
        loop = sheet.outline
        for a, b in zip(loop, loop[1:] + loop[:1], strict=True):
            for t in (0.25, 0.5, 0.75):
                point = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                assert not any(
                    inside(point, hexagon) and _deep(point, hexagon) for hexagon in outlines
                )
    # the seams really zigzag: a vertical seam is no straight line
    assert len(layout.seams) == 3
    assert len({round(p[0], 6) for p in layout.seams[0]}) == 2  # two x, alternating


def _deep(point: tuple[float, float], hexagon: tuple[tuple[float, float], ...]) -> bool:
    """Farther than 0.01 pt inside the hexagon (a point on its edge is not "in" it)."""
    return all(inside(p, hexagon) for p in _ring(point, 0.01))


def _ring(point: tuple[float, float], r: float) -> list[tuple[float, float]]:
    x, y = point
    return [(x + r, y), (x - r, y), (x, y + r), (x, y - r)]


def test_outlines_of_a_hex_board_tile_the_item_without_gaps() -> None:
    board = HexBoard()
    layout = tile(board, LETTER, title="hex", target_sheets=6)
    w, h = board.width, board.height
    for i in range(1, 40):
        for j in range(1, 40):
            point = (w * i / 40 + 0.37, h * j / 40 + 0.53)
            holders = [s.number for s in layout.sheets if inside(point, s.outline)]
            assert len(holders) == 1, (point, holders)


def test_alignment_marks_sit_on_zigzag_seams_seen_by_both_sheets() -> None:
    layout = tile(HexBoard(), LETTER, title="hex", target_sheets=6)
    assert len(layout.marks) == 2 * 2 * 2 + 1 * 3 * 2  # 2 vertical seams × 2 rows, 1 × 3 columns
    for x, y in layout.marks:
        holders = [s for s in layout.sheets if s.shown.contains_point(x, y)]
        assert len(holders) >= 2
        assert any(_on_line((x, y), seam) for seam in layout.seams)


def _on_line(point: tuple[float, float], line: tuple[tuple[float, float], ...]) -> bool:
    for a, b in itertools.pairwise(line):
        cross = (point[0] - a[0]) * (b[1] - a[1]) - (point[1] - a[1]) * (b[0] - a[0])
        inside_box = (
            min(a[0], b[0]) - 1e-6 <= point[0] <= max(a[0], b[0]) + 1e-6
            and min(a[1], b[1]) - 1e-6 <= point[1] <= max(a[1], b[1]) + 1e-6
        )
        if abs(cross) < 1e-6 * (1 + abs(b[0] - a[0]) + abs(b[1] - a[1])) and inside_box:
            return True
    return False


def test_a_square_item_keeps_rectangular_outlines() -> None:
    layout = tile(_grid(12), LETTER, title="chart")
    for sheet in layout.sheets:
        r = sheet.region
        assert set(sheet.outline) == {(r.x0, r.y1), (r.x1, r.y1), (r.x1, r.y0), (r.x0, r.y0)}
