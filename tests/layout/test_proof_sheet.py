"""The proof sheet's grid: as many faces as fit at 100 % inside the safe margin."""

from __future__ import annotations

import pytest

from pnpkit.errors import BuildError
from pnpkit.layout.geometry import Rect
from pnpkit.layout.paper import A4, LETTER, MARGIN, Paper
from pnpkit.layout.proof import CAPTION_HEIGHT, best_grid, grid
from pnpkit.model.cards import CARD_SIZES
from pnpkit.units import INCH

BLEED = INCH / 8


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_every_standard_card_fits_whole_and_apart(paper: Paper, size: str) -> None:
    card = CARD_SIZES[size]
    chosen = best_grid(paper, card.width, card.height, BLEED)
    page = Rect(0, 0, chosen.paper.width, chosen.paper.height).grown(-MARGIN)
    boxes = [Rect(s.x0, s.y0 - CAPTION_HEIGHT, s.x1, s.y1).grown(BLEED) for s in chosen.slots]
    for n, box in enumerate(boxes):
        assert page.contains(box)
        assert _near(chosen.slots[n].width, card.width)
        assert _near(chosen.slots[n].height, card.height)
        for other in boxes[n + 1 :]:
            overlap = box.intersect(other)
            assert overlap is None or overlap.width == 0 or overlap.height == 0


def _near(a: float, b: float) -> bool:
    return abs(a - b) < 1e-6


def test_poker_cards_are_four_a_letter_page_upright() -> None:
    poker = CARD_SIZES["poker"]
    chosen = best_grid(LETTER, poker.width, poker.height, BLEED)
    assert len(chosen.slots) == 4 and not chosen.paper.is_landscape
    landscape = grid(LETTER.landscape(), poker.width, poker.height, BLEED)
    assert len(landscape.slots) == 3


def test_a_card_too_big_for_the_paper_is_said() -> None:
    with pytest.raises(BuildError, match=r"a card of 8 × 10 in with a 3.2 mm bleed"):
        best_grid(LETTER, 8 * INCH, 10 * INCH, BLEED)
