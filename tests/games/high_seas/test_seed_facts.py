"""High Seas, by Nicholas Wolff (issue 13): the credit on every document and in index.html, the
heart split marked as our choice, the two halves apart in grayscale, the seed's counts."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.pdfread import page_texts

from pnpkit.app.preview import index_html, preview_document
from pnpkit.build.write import Written
from pnpkit.games.high_seas.board import HighSeasBoard, board_words
from pnpkit.games.high_seas.faces import crew_deck, reference_blocks, tokens
from pnpkit.games.high_seas.kit import cannon_colors
from pnpkit.games.high_seas.model import HighSeasGame
from pnpkit.model.ours import MARK, NOTE
from pnpkit.verify.check import verify_pdf
from pnpkit.verify.promises import MIN_GRAY_STEP, gray_level

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def out(kit: dict[str, Written]) -> Path:
    """The output folder: the kit is in its ``high-seas`` folder."""
    (folder,) = {w.path.parent for w in kit.values()}
    assert folder.name == "high-seas"
    return folder.parent


def _pages(path: Path) -> list[str]:
    return [re.sub(r"\s+", " ", text) for text in page_texts(path)]


def pages(written: Written) -> list[str]:
    return _pages(written.path)


def test_the_credit_is_on_the_tokens_page_and_every_document(
    game: HighSeasGame, kit: dict[str, Written]
) -> None:
    assert game.author == "Nicholas Wolff"
    for page in pages(kit["tokens.pdf"]):
        assert "a game by Nicholas Wolff" in page
    for name in ("crew-cards.pdf", "board.pdf", "reference-card.pdf", "examples.pdf"):
        assert "Nicholas Wolff" in " ".join(pages(kit[name])), name
    for written in kit.values():
        info = PdfReader(written.path).metadata
        assert info is not None and info.subject == game.credit


def test_index_html_prints_the_credit_from_the_data(
    game: HighSeasGame, kit: dict[str, Written], out: Path
) -> None:
    tokens_pdf = kit["tokens.pdf"].path
    page = index_html([preview_document(tokens_pdf, out)])
    section = page.split('<section class="kit" id="high-seas">', 1)[1]
    assert f'<p class="credit">{game.credit}</p>' in section
    assert "Nicholas Wolff" in game.credit


def test_the_heart_split_is_marked_as_our_choice(
    game: HighSeasGame, kit: dict[str, Written]
) -> None:
    assert game.hearts_ours and game.hearts == (3, 4, 5, 4, 3)
    assert sum(game.hearts) * 2 == game.component("heart_pieces") == 38
    front, back = pages(kit["reference-card.pdf"])
    assert f"3, 4, 5, 4, 3{MARK} hearts (19 a ship)" in back
    assert NOTE in back  # the side that carries the mark says what it means
    assert MARK not in front
    board = " ".join(pages(kit["board.pdf"]))
    # the areas print their hearts plain ("5†" read as part of the value); the key says whose
    assert "5 hearts · crew card here" in board and f"5{MARK} hearts" not in board
    assert f"Hearts of each staging area (3, 4, 5, 4, 3{MARK}): {NOTE}" in board
    for name in ("crew-cards.pdf", "tokens.pdf"):
        assert MARK not in " ".join(pages(kit[name])), name
    assert NOTE in " ".join(pages(kit["examples.pdf"]))  # our ruling's example is marked


def test_the_seed_counts_are_printed(game: HighSeasGame, kit: dict[str, Written]) -> None:
    deck = crew_deck(game)
    cards = [c.key for c in deck.cards for _ in range(c.qty)]
    fronts = Counter(cards[p.item] for p in kit["crew-cards.pdf"].placements if p.side == "front")
    assert fronts == {"cannoneer": 10, "musketeer": 10, "boarding-party": 10}
    pieces = [c.key for c in tokens(game) for _ in range(c.qty)]
    drawn = Counter(pieces[p.item] for p in kit["tokens.pdf"].placements if p.side == "front")
    assert drawn == {"cannon-top": 5, "cannon-bottom": 5, "heart": 38}


def test_the_halves_and_cannons_differ_in_grayscale(
    game: HighSeasGame, kit: dict[str, Written]
) -> None:
    for members in (HighSeasBoard(game, board_words(game)).ship_colors(), cannon_colors(game)):
        top, bottom = (gray_level(m.color) for m in members)
        assert abs(top - bottom) >= MIN_GRAY_STEP
    for written in kit.values():
        assert verify_pdf(written.path) == []


def test_reference_numbers_come_from_the_data(game: HighSeasGame) -> None:
    text = " ".join(line for _, lines in reference_blocks(game, "front") for line in lines)
    assert "disabling all 5 of its staging areas" in text
    assert "Shuffle the 30 cards; deal 6 (a crew)" in text
    fewer = dataclasses.replace(game, first_crew=5)
    text = " ".join(line for _, lines in reference_blocks(fewer, "front") for line in lines)
    assert "deal 5 (a crew)" in text
