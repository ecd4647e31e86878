"""Properties of the imposer for any card size, count, duplex mode, bleed and back offset that
fit: every card printed once per side, no two cards overlap, every card (with its bleed) and the
ruler inside the margin, each back at the mirror of its front."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.layout.items import Box

from pnpkit.errors import Location, UsageError
from pnpkit.layout.cards import impose_cards
from pnpkit.layout.document import Document
from pnpkit.layout.imposition import Duplex, Imposition, card_problem, plan_cards, printable
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.paper import A4, LETTER, Paper


@settings(max_examples=30, deadline=None)
@given(
    paper=st.sampled_from([LETTER, A4]),
    duplex=st.sampled_from(list(Duplex)),
    width=st.floats(min_value=72, max_value=260),
    height=st.floats(min_value=72, max_value=360),
    count=st.integers(min_value=1, max_value=25),
    bleed=st.sampled_from([0.0, 2.0, 9.0]),
    dx=st.floats(min_value=-5, max_value=5),
    dy=st.floats(min_value=-5, max_value=5),
)
def test_imposition_properties(
    paper: Paper,
    duplex: Duplex,
    width: float,
    height: float,
    count: int,
    bleed: float,
    dx: float,
    dy: float,
) -> None:
    back = Box(width, height)
    faces = [(Box(width, height), back) for _ in range(count)]  # n designs, one common back
    imposition = Imposition(paper, duplex, bleed, BackOffset.from_mm(dx, dy))
    sheet = plan_cards(imposition, width, height, count, backs=True)
    doc = Document(io.BytesIO(), title="props")
    placed = impose_cards(doc, faces, imposition, label="p")
    doc.save()
    fronts = [p for p in placed if p.side == "front"]
    backs = [p for p in placed if p.side == "back"]
    if duplex is Duplex.NONE:  # a common back is not printed; a lone card's back is its own
        expected = list(range(count)) if count > 1 else [0, 0]
        assert sorted(p.item for p in fronts) == expected and not backs
        return
    if sheet is None:  # too big to fold: each back printed after its front, as a card
        assert duplex is Duplex.FOLD
        assert sorted(p.item for p in fronts) == sorted(list(range(count)) * 2)
        return
    assert sorted(p.item for p in fronts) == list(range(count)) == sorted(p.item for p in backs)
    area = printable(sheet.paper)
    ruler = sheet.furniture.ruler
    assert ruler is not None and area.contains(ruler)
    by_item = {p.item: p for p in backs}
    for p in fronts:
        box = sheet.cell(p.column, p.row)
        assert (p.x, p.y) == (box.x0, box.y0)
        assert area.contains(box.grown(bleed))
        assert box.grown(bleed).intersect(ruler.grown(-1e-6)) is None
        b = by_item[p.item]
        mirrored = 2 * sheet.axis - p.x - p.width
        if duplex is Duplex.LONG:
            assert abs(b.x - (mirrored + imposition.offset.x)) < 1e-6
            assert abs(b.y - (p.y + imposition.offset.y)) < 1e-6
            assert b.page == p.page + 1
        else:
            assert sheet.fold is not None
            assert abs(b.x - mirrored) < 1e-6 and b.y == p.y and b.page == p.page
            assert p.x + p.width <= sheet.fold and b.x >= sheet.fold
    # the cards lie upright, or all turned a quarter turn: fronts one way, backs the other
    across, down = (height, width) if sheet.turned else (width, height)
    for p in fronts:
        assert (p.width, p.height) == pytest.approx((across, down))
        assert p.turns == (1 if sheet.turned else 0) == -by_item[p.item].turns
    by_page: dict[int, list[tuple[float, float]]] = {}
    for p in fronts:
        by_page.setdefault(p.page, []).append((p.x, p.y))
    for spots in by_page.values():
        for i, (x1, y1) in enumerate(spots):
            for x2, y2 in spots[i + 1 :]:
                assert abs(x1 - x2) >= across - 1e-6 or abs(y1 - y2) >= down - 1e-6


@settings(max_examples=200, deadline=None)
@given(
    paper=st.sampled_from([LETTER, A4]),
    duplex=st.sampled_from(list(Duplex)),
    backs=st.booleans(),
    width=st.floats(min_value=36, max_value=900),
    height=st.floats(min_value=36, max_value=900),
    bleed=st.sampled_from([0.0, 2.0, 9.0]),
)
def test_card_problem_refuses_exactly_the_cards_the_imposer_cannot_lay_out(
    paper: Paper, duplex: Duplex, backs: bool, width: float, height: float, bleed: float
) -> None:
    """What check refuses (:func:`card_problem`) is what the imposer cannot print: a fold-over
    card too big to fold prints single-sided, so the imposer is asked as impose_cards asks."""
    imposition = Imposition(paper, duplex, bleed)
    problem = card_problem(
        imposition, width, height, Location("game.yaml", 3, 4), "card_size", backs=backs
    )
    try:
        sheet = plan_cards(imposition, width, height, 1, backs=backs)
        if sheet is None:  # too big to fold: printed single-sided
            sheet = plan_cards(imposition, width, height, 1, backs=False)
        laid = True
    except UsageError as exc:
        laid = False
        assert problem is not None and problem.message in str(exc)
    assert (problem is None) == laid
    if problem is not None:
        assert problem.allowed.startswith(f"on {paper.name} a card of at most ")
        assert str(problem).startswith("game.yaml:3:4: card_size: a ")
