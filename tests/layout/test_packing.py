"""Counter packing: every counter inside the page, every two at least the gap apart (round ones
measured as circles), round rows nested only where it packs more, squares sharing plain rows."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.layout.geometry import Rect
from pnpkit.layout.packing import Piece, Spot, fill_page, pack
from pnpkit.layout.paper import LETTER
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
    islands = [Piece(4.5 * INCH, round=True)] * 3
    corners = fill_page(islands, 0, AREA, GAP)
    assert len(corners) == 3
    (x0, _), (x1, _), (x2, _) = corners
    assert x0 == x2 == AREA.x0 and x1 == AREA.x1 - 4.5 * INCH  # left, right, left
    squares = [Piece(4.5 * INCH, round=False)] * 3
    assert len(fill_page(squares, 0, AREA, GAP)) == 2


def test_pawns_and_disks_share_plain_rows() -> None:
    """Square pawns and round disks of one size fill rows together (a row per colour would
    waste the rest of each row)."""
    pieces = ([Piece(54.0, round=False)] * 5 + [Piece(54.0, round=True)] * 5) * 3
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
    pieces = [Piece(size, round_) for size, round_ in kinds]
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
