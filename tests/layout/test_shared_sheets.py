"""Decks of different sizes on shared sheets: every card printed once a side at its own size, no
two cards (with their bleed) overlapping, nothing in the margin or on the ruler, every back
behind its front, and the document passes the verifier (each block's promised card sizes
measured from its cut lines, the backs' mirror, the margin)."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.layout.items import Box

from pnpkit.layout.cards import backs_of, paint
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect
from pnpkit.layout.imposition import Duplex, Imposition, Run, printable, shared_sheets_of
from pnpkit.layout.offset import BackOffset
from pnpkit.layout.paper import A4, LETTER, Paper
from pnpkit.layout.plan import Placement
from pnpkit.units import INCH
from pnpkit.verify import verify_pdf


def _shared(
    imposition: Imposition, decks: list[tuple[float, float, int]]
) -> tuple[list[Placement], bytes, list[tuple[float, float]]]:
    """``decks`` (width, height, count; each deck of distinct fronts and one common back)
    painted on shared sheets: the placements, the PDF and each item's size."""
    faces: list[tuple[Box, Box | None]] = []
    runs: list[Run] = []
    sizes: list[tuple[float, float]] = []
    for n, (width, height, count) in enumerate(decks):
        back = Box(width, height)
        pairs = [(Box(width, height), back) for _ in range(count)]
        runs.append(Run(width, height, tuple(backs_of(pairs)), f"deck {n}", len(faces)))
        faces += pairs
        sizes += [(width, height)] * count
    buffer = io.BytesIO()
    doc = Document(buffer, title="shared")
    placed = paint(doc, shared_sheets_of(imposition, runs, "shared"), faces)
    doc.save()
    return placed, buffer.getvalue(), sizes


def _box(p: Placement) -> Rect:
    return Rect.of(p.x, p.y, p.width, p.height)


@settings(max_examples=25, deadline=None)
@given(
    paper=st.sampled_from([LETTER, A4]),
    duplex=st.sampled_from(list(Duplex)),
    decks=st.lists(
        st.tuples(
            st.floats(min_value=72, max_value=400),
            st.floats(min_value=72, max_value=360),
            st.integers(min_value=2, max_value=12),
        ),
        min_size=1,
        max_size=4,
    ),
    bleed=st.sampled_from([0.0, 9.0]),
    dx=st.floats(min_value=-3, max_value=3),
)
def test_shared_sheet_properties(
    paper: Paper, duplex: Duplex, decks: list[tuple[float, float, int]], bleed: float, dx: float
) -> None:
    imposition = Imposition(paper, duplex, bleed, BackOffset.from_mm(dx, 0))
    placed, pdf, sizes = _shared(imposition, decks)
    assert verify_pdf("shared.pdf", data=pdf) == []
    fronts = [p for p in placed if p.side == "front"]
    backs = [p for p in placed if p.side == "back"]
    items = list(range(len(sizes)))
    if duplex is Duplex.NONE:  # common backs are not printed
        assert sorted(p.item for p in fronts) == items and not backs
    elif duplex is Duplex.LONG:
        assert sorted(p.item for p in fronts) == items == sorted(p.item for p in backs)
    else:  # fold-over; a deck too big to fold prints each back as a card after its front
        assert sorted({p.item for p in fronts} | {p.item for p in backs}) == items
    for p in placed:  # a deck printed on its own sheets may lie turned: fronts one way
        turned = sizes[p.item][::-1] if p.turns else sizes[p.item]
        assert (p.width, p.height) == pytest.approx(turned)
        assert p.turns == {"front": 1, "back": -1}[p.side] or not p.turns
    area = printable(paper.portrait())
    by_page: dict[tuple[int, str], list[Rect]] = {}
    for p in fronts:
        box = _box(p).grown(bleed)
        for other in by_page.setdefault((p.page, p.side), []):
            assert box.intersect(other.grown(-1e-6)) is None, (p, other)
        by_page[(p.page, p.side)].append(box)
    if duplex is Duplex.LONG:
        front_of = {p.item: p for p in fronts}
        for b in backs:
            f = front_of[b.item]
            assert b.page == f.page + 1
            assert abs(b.x - (paper.width - f.x - f.width + imposition.offset.x)) < 1e-6
            assert abs(b.y - f.y) < 1e-6
        for p in fronts:
            assert area.contains(_box(p).grown(bleed))


def test_small_decks_of_three_sizes_share_one_sheet() -> None:
    """Four mini cards, a landscape tarot and three poker fill one Letter sheet together (a
    sheet each on their own)."""
    decks = [
        (1.75 * INCH, 2.5 * INCH, 4),
        (4.75 * INCH, 2.75 * INCH, 1),
        (2.5 * INCH, 3.5 * INCH, 3),
    ]
    placed, pdf, _ = _shared(Imposition(LETTER), decks)
    assert verify_pdf("shared.pdf", data=pdf) == []
    assert {p.page for p in placed} == {1, 2}
    rows = sorted({round(p.y, 3) for p in placed if p.side == "front"}, reverse=True)
    tops = [
        max(p.y + p.height for p in placed if p.side == "front" and p.item in items)
        for items in (range(4), [4], range(5, 8))
    ]
    assert tops == sorted(tops, reverse=True)  # mini, tarot, poker: top down in deck order
    assert len(rows) == 3


def test_a_landscape_deck_lies_turned_on_shared_sheets_when_that_saves_a_sheet() -> None:
    """12 landscape tarot cards: three shared sheets turned (four above the band, two by
    two), four upright (three, one above another); a square deck after them stays upright.
    Verified: the cut lines measure the turned cards, backs behind fronts. (Landscape poker
    cards stay upright here: above the band, eight fit upright and six turned.)"""
    decks = [(4.75 * INCH, 2.75 * INCH, 12), (2.5 * INCH, 2.5 * INCH, 2)]
    placed, pdf, _ = _shared(Imposition(LETTER), decks)
    assert verify_pdf("shared.pdf", data=pdf) == []
    fronts = [p for p in placed if p.side == "front"]
    tarot = [p for p in fronts if p.item < 12]
    assert {p.turns for p in tarot} == {1}
    assert {(p.width, p.height) for p in tarot} == {(2.75 * INCH, 4.75 * INCH)}
    assert {p.turns for p in fronts if p.item >= 12} == {0}
    assert {p.turns for p in placed if p.side == "back" and p.item < 12} == {-1}
    assert max(p.page for p in tarot) == 5  # fronts of the third sheet (pages 1, 3, 5)
    poker = [(3.5 * INCH, 2.5 * INCH, 16)]
    assert {p.turns for p in _shared(Imposition(LETTER), poker)[0]} == {0}
