"""Properties of the imposer for any card size and count that fit: every card printed once per
side, no two cards overlap, all inside the margin, each back at the mirror of its front."""

from __future__ import annotations

import io
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.layout.cards import CROP_REACH, impose_cards
from pnpkit.layout.document import Document
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.paper import A4, LETTER, MARGIN, Paper


@dataclass(frozen=True)
class Box:
    width: float
    height: float

    def draw(self, canvas: object) -> None:
        canvas.rect(0, 0, self.width, self.height, stroke=1, fill=0)  # type: ignore[attr-defined]


@settings(max_examples=30, deadline=None)
@given(
    paper=st.sampled_from([LETTER, A4]),
    width=st.floats(min_value=72, max_value=260),
    height=st.floats(min_value=72, max_value=360),
    count=st.integers(min_value=1, max_value=25),
    dx=st.floats(min_value=-2.5, max_value=2.5),
    dy=st.floats(min_value=-2.5, max_value=2.5),
)
def test_imposition_properties(
    paper: Paper, width: float, height: float, count: int, dx: float, dy: float
) -> None:
    front, back = Box(width, height), Box(width, height)
    offset = BackOffset.from_mm(dx, dy)
    doc = Document(io.BytesIO(), title="props")
    placed = impose_cards(doc, [(front, back)] * count, paper, label="p", offset=offset)
    doc.save()
    fronts = [p for p in placed if p.side == "front"]
    backs = {p.item: p for p in placed if p.side == "back"}
    assert sorted(p.item for p in fronts) == list(range(count)) == sorted(backs)
    page_w = paper.portrait().width
    page_h = paper.portrait().height
    for p in fronts:
        assert (
            p.x - CROP_REACH >= MARGIN - 1e-6
            and p.x + p.width + CROP_REACH <= page_w - MARGIN + 1e-6
        )
        assert p.y >= MARGIN and p.y + p.height + CROP_REACH <= page_h - MARGIN + 1e-6
        b = backs[p.item]
        assert abs(b.x - (page_w - p.x - p.width + offset.x)) < 1e-6
        assert abs(b.y - (p.y + offset.y)) < 1e-6
        assert b.page == p.page + 1
    by_page: dict[int, list[tuple[float, float]]] = {}
    for p in fronts:
        by_page.setdefault(p.page, []).append((p.x, p.y))
    for spots in by_page.values():
        for i, (x1, y1) in enumerate(spots):
            for x2, y2 in spots[i + 1 :]:
                assert abs(x1 - x2) >= width - 1e-6 or abs(y1 - y2) >= height - 1e-6
