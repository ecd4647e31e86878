"""Counter packing: every counter inside the page, every two at least the gap apart (round ones
measured as circles), round rows nested only where it packs more, squares sharing plain rows,
hexes interlocked with their cut lines the gutter apart all round."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.layout.duplex import Duplex, Imposition
from pnpkit.layout.geometry import Rect, flat_hex
from pnpkit.layout.imposition import printable
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.packing import (
    ROOT3,
    Piece,
    Spot,
    counter_sheets_of,
    fill_page,
    hex_clear,
    pack,
)
from pnpkit.layout.paper import A4, LETTER, Paper
from pnpkit.layout.sheet import Back, Faces, Place
from pnpkit.units import INCH

AREA = Rect(18.0, 18.0, LETTER.width - 18.0, LETTER.height - 18.0)
GAP = 7.2


def _apart(a: Spot, b: Spot) -> float:
    """The clear distance between two counters (circles as circles, squares as boxes)."""
    if a.round and b.round:
        ra, rb = a.size / 2, b.size / 2
        return math.hypot(a.x + ra - b.x - rb, a.y + ra - b.y - rb) - ra - rb
    dx = max(b.x - (a.x + a.size), a.x - (b.x + b.size), 0.0)
    dy = max(b.y - (a.y + a.size), a.y - (b.y + b.size), 0.0)
    return math.hypot(dx, dy) if dx and dy else max(dx, dy)


def test_islands_nest_three_to_a_letter_page() -> None:
    islands = [Piece(4.5 * INCH, "round")] * 3
    corners = fill_page(islands, 0, AREA, GAP)
    assert len(corners) == 3
    (x0, _), (x1, _), (x2, _) = corners
    assert x0 == x2 == AREA.x0 and x1 == AREA.x1 - 4.5 * INCH  # left, right, left
    squares = [Piece(4.5 * INCH, "square")] * 3
    assert len(fill_page(squares, 0, AREA, GAP)) == 2


def test_pawns_and_disks_share_plain_rows() -> None:
    """Square pawns and round disks of one size fill rows together (a row per colour would
    waste the rest of each row)."""
    pieces = ([Piece(54.0, "square")] * 5 + [Piece(54.0, "round")] * 5) * 3
    corners = fill_page(pieces, 0, AREA, GAP)
    rows = {round(y, 3) for _, y in corners}
    per_row = int((AREA.width + GAP) // (54.0 + GAP))
    assert len(rows) == math.ceil(len(pieces) / per_row)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from([36.0, 54.0, 64.8, 108.0, 324.0]), st.booleans()),
        min_size=1,
        max_size=60,
    )
)
def test_every_counter_fits_and_keeps_the_gap(kinds: list[tuple[float, bool]]) -> None:
    pieces = [Piece(size, "round" if round_ else "square") for size, round_ in kinds]
    pages = pack(pieces, AREA, GAP)
    spots = [s for page, _ in pages for s in page]
    assert len(spots) == len(pieces)
    assert [(s.size, s.round) for s in spots] == kinds
    for page, furniture in pages:
        for s in page:
            assert AREA.contains(s.box)
        assert furniture.ruler is not None and AREA.contains(furniture.ruler)
        for box in furniture.boxes:
            assert all(s.clear_of(box, 1.9) for s in page)
        for i, a in enumerate(page):
            for b in page[i + 1 :]:
                assert _apart(a, b) >= GAP - 1e-6, (a, b)


INSET = 3.4
"""A hex piece's room round its cut line (a token's ``CUT_ROOM``)."""
HEX_GAP = 0.4
"""Between two hex pieces' boxes: their cut lines 0.4 + 2 × 3.4 = 7.2 pt (0.1 in) apart."""


def _hex_piece(flats_in: float) -> Piece:
    """A hex token ``flats_in`` inches across the flats, as the token sheets pack it."""
    return Piece(flats_in * INCH * 2 / ROOT3 + 2 * INSET, "hex", INSET)


def _corners(spot: Spot) -> list[tuple[float, float]]:
    """The corners of a hex spot's cut line (flat-topped, centred in its box)."""
    r = spot.size / 2
    return flat_hex(spot.x + r, spot.y + r, (r - spot.inset) * ROOT3 / 2)


def _hex_apart(a: Spot, b: Spot) -> float:
    """The clear distance between the cut lines of two flat-topped hexes (the largest gap
    along the normals of their sides, which is the distance for two convex polygons that do
    not overlap, and negative when they do)."""
    ca, cb = _corners(a), _corners(b)
    best = -math.inf
    for k in range(6):
        angle = math.pi / 6 + k * math.pi / 3  # the normals of a flat-topped hex's sides
        nx, ny = math.cos(angle), math.sin(angle)
        pa = [x * nx + y * ny for x, y in ca]
        pb = [x * nx + y * ny for x, y in cb]
        best = max(best, min(pb) - max(pa), min(pa) - max(pb))
    return best


@pytest.mark.parametrize(
    ("flats", "paper", "squares", "nested"),
    [
        (0.75, LETTER, 80, 115),
        (0.75, A4, 88, 120),
        (1.25, LETTER, 30, 42),
        (1.25, A4, 35, 45),
    ],
)
def test_hexes_interlock_more_to_a_page_than_a_square_grid(
    flats: float, paper: Paper, squares: int, nested: int
) -> None:
    """Hex tokens nest in offset columns: 1.25 in hexes 42 to a Letter page where their
    square boxes in a grid held 30 (0.75 in, the starter's size: 115 for 80); every two cut
    lines keep the 0.1 in gutter, measured on the hexes' own sides, and none overlap."""
    area = printable(paper.portrait())
    hexes = [_hex_piece(flats)] * 400
    ((spots, furniture), *_) = pack(hexes, area, HEX_GAP)
    assert len(spots) == nested
    as_squares = [Piece(hexes[0].size, "square")] * 400
    assert len(pack(as_squares, area, HEX_GAP)[0][0]) == squares
    for i, a in enumerate(spots):
        for b in spots[i + 1 :]:
            assert _hex_apart(a, b) >= HEX_GAP + 2 * INSET - 1e-6, (a, b)
    gutters = sorted(_hex_apart(a, b) for a in spots[:1] for b in spots[1:])
    assert gutters[0] == pytest.approx(HEX_GAP + 2 * INSET)  # interlocked: no wider gutter
    for spot in spots:  # every cut line and the room round it inside the margin
        xs, ys = zip(*_corners(spot), strict=True)
        assert min(xs) - INSET >= area.x0 - 1e-6 and max(xs) + INSET <= area.x1 + 1e-6
        assert min(ys) - INSET >= area.y0 - 1e-6 and max(ys) + INSET <= area.y1 + 1e-6
    assert furniture.ruler is not None and area.contains(furniture.ruler)
    for box in furniture.boxes:
        assert all(s.clear_of(box, 1.9) for s in spots)


def test_a_hex_is_clear_of_a_box_only_when_they_do_not_meet() -> None:
    """The separating-axis test the ruler is placed by: a box in a hex's corner notch is clear;
    one across a slanted side is not."""
    half = 30.0  # centre to flat
    corner = half * 2 / ROOT3
    assert hex_clear(0, 0, half, Rect(corner, -5, corner + 10, 5))  # touching the right corner
    assert not hex_clear(0, 0, half, Rect(corner - 1, -5, corner + 10, 5))
    # just past the upper-right slanted side, inside the hex's bounding box
    assert hex_clear(0, 0, half, Rect(corner - 3, half - 3, corner, half))
    assert not hex_clear(0, 0, half, Rect(corner / 2 - 3, half - 3, corner / 2, half))


@pytest.mark.parametrize("duplex", list(Duplex))
@pytest.mark.parametrize("paper", [LETTER, A4])
def test_interlocked_hex_sheets_in_every_duplex_mode(paper: Paper, duplex: Duplex) -> None:
    """Whole sheets of 1.25 in hexes with their own backs: every front once, the gutter kept
    between every two on a page, each hex (with the room round its cut line) inside the
    margin and, fold-over, left of the fold; each back the mirror of its front (moved by the
    back offset, duplex)."""
    imposition = Imposition(paper, duplex, offset=BackOffset.from_mm(1.0, -1.0))
    piece = _hex_piece(1.25)
    count = 60
    sheets = counter_sheets_of(
        imposition, [piece.size] * count, ["hex"] * count, [Back.OWN] * count, "t", HEX_GAP, INSET
    )
    fronts: list[tuple[int, Place]] = []
    for n, sheet in enumerate(sheets.sheets):
        steps = [s for page in sheet.pages for s in page.steps if isinstance(s, Faces)]
        front = [p for s in steps if s.side == "front" for p in s.places]
        backs = {p.item: p for s in steps if s.side == "back" for p in s.places}
        fronts += [(n, p) for p in front]
        page = sheet.pages[0].paper
        area = printable(page)
        spots = [Spot(0, p.box.x0, p.box.y0, piece.size, "hex", INSET) for p in front]
        for i, a in enumerate(spots):
            xs, ys = zip(*_corners(a), strict=True)
            assert min(xs) - INSET >= area.x0 - 1e-6 and max(xs) + INSET <= area.x1 + 1e-6
            assert min(ys) - INSET >= area.y0 - 1e-6 and max(ys) + INSET <= area.y1 + 1e-6
            if duplex is Duplex.FOLD:
                assert max(xs) <= page.width / 2
            for b in spots[i + 1 :]:
                assert _hex_apart(a, b) >= HEX_GAP + 2 * INSET - 1e-6
        if duplex is Duplex.NONE:
            continue
        dx, dy = (imposition.offset.x, imposition.offset.y) if duplex is Duplex.LONG else (0, 0)
        axis = page.width / 2
        for p in front:
            mirrored = p.box.mirrored(axis).moved(dx, dy)
            assert backs[p.item].box == mirrored
    # single-sided, each back of its own is printed as a piece of its own after its front
    faces = sorted((p.item, p.back) for _, p in fronts) if duplex is Duplex.NONE else None
    if faces is not None:
        assert faces == sorted((i, back) for i in range(count) for back in (False, True))
    else:
        assert sorted(p.item for _, p in fronts) == list(range(count))
