"""The crew cards are laid out from ``data/high-seas/layouts.yaml`` and print as they did when
Jinja templates drew them: their pages, drawn in gray at 50 dpi, match the pages printed
before the move (:mod:`tests.pixels`) to a fraction of a gray level on average."""

from __future__ import annotations

import pytest
from tests.pixels import difference
from tests.writing import ShippedKit

from pnpkit.games.high_seas.faces import crew_deck
from pnpkit.games.high_seas.model import HighSeasGame
from pnpkit.load.face_layouts import LAYOUT

MEAN = 0.25
"""The mean difference allowed, gray levels of 255: measured 0.012 (fronts, pages 1 and 5) and
0.084 (backs: the waves are lines through points of the curve the template drew), every pixel
within 3 levels; the icons drawn at three quarters of their box, as the display list once drew
them, make it 2.7 (98.2 % of the pixels close)."""


@pytest.mark.parametrize("page", [1, 2, 5])
def test_the_crew_cards_look_as_they_did(shipped_kit: ShippedKit, page: int) -> None:
    pdf = shipped_kit("high-seas") / "crew-cards.pdf"
    found = difference(pdf, page, f"high-seas-crew-cards-{page}.png")
    assert found.mean < MEAN
    assert found.close >= 0.995


def test_the_crew_cards_are_laid_out_from_the_data(game: HighSeasGame) -> None:
    deck = crew_deck(game)
    assert {card.front.template for card in deck.cards} == {LAYOUT + "crew"}
    assert deck.back.template == LAYOUT + "back"
    assert {layout.name for layout in game.layouts} == {"crew", "back"}
