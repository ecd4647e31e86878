"""Pirate Fleets, playable from its PDFs alone (issue 13): every fix asserted from the PDF text
or the data, and what the seed does not give marked in print."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from tests.pdfread import page_texts
from tests.writing import PlacedKit

from pnpkit.build.write import Written
from pnpkit.errors import DataError
from pnpkit.games.pirate_fleets.board import PirateFleetsBoard, board_text
from pnpkit.games.pirate_fleets.faces import captains_deck, reference_blocks, tokens
from pnpkit.games.pirate_fleets.load import load_pirate_fleets
from pnpkit.games.pirate_fleets.model import PirateFleetsGame, Section
from pnpkit.games.pirate_fleets.rules import space_cells
from pnpkit.layout.paper import LETTER
from pnpkit.model.ours import MARK, NOTE

SEED = Path(__file__).resolve().parents[3] / "data" / "pirate-fleets"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def game() -> PirateFleetsGame:
    return load_pirate_fleets(SEED)


@pytest.fixture(scope="module")
def kit(placed_kit: PlacedKit) -> dict[str, Written]:
    return placed_kit("pirate-fleets", LETTER)


def pages(written: Written) -> list[str]:
    """Each page's text, spaces squeezed (read once per file)."""
    return _pages(written.path)


def _pages(path: Path) -> list[str]:
    return [re.sub(r"\s+", " ", text) for text in page_texts(path)]


def everywhere(written: Written) -> str:
    return " ".join(pages(written))


class Recorder:
    """A canvas that keeps every string drawn, with where; every other call does nothing."""

    def __init__(self) -> None:
        self.strings: list[tuple[float, float, str]] = []

    def drawString(self, x: float, y: float, text: str) -> None:
        self.strings.append((x, y, text))

    drawCentredString = drawRightString = drawString

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


def words_on_spaces(game: PirateFleetsGame) -> tuple[dict[int, str], str]:
    """The words the board draws inside each space, and the words it draws outside them."""
    board = PirateFleetsBoard(game, board_text(game))
    canvas = Recorder()
    board.draw(canvas)
    inside: dict[int, list[str]] = {n: [] for n in space_cells(game)}
    outside: list[str] = []
    s = game.space_size
    for x, y, text in canvas.strings:
        for number, (column, row) in space_cells(game).items():
            x0, y0 = board.space_box(column, row)
            if x0 <= x <= x0 + s and y0 <= y <= y0 + s:
                inside[number].append(text)
                break
        else:
            outside.append(text)
    return {n: " ".join(t) for n, t in inside.items()}, " ".join(outside)


def test_ship_counters_are_counted_from_the_data(
    game: PirateFleetsGame, kit: dict[str, Written]
) -> None:
    counters = [c for c in tokens(game) for _ in range(c.qty)]
    written = kit["tokens.pdf"]
    fronts = Counter(counters[p.item].key for p in written.placements if p.side == "front")
    assert fronts["ships-1"] == 40 and fronts["ships-5"] == 12
    assert sum(t.qty for t in game.ships) == 52
    assert fronts["turn"] == 1 and fronts["first-player"] == 1
    text = everywhere(written)
    assert "SHIP" in text and "SHIPS" in text and f"TURN{MARK}" in text


def test_the_turn_track_runs_from_1_to_10(game: PirateFleetsGame, kit: dict[str, Written]) -> None:
    assert game.turns == 10
    _, outside = words_on_spaces(game)
    for turn in range(1, 11):
        assert f"TURN {turn}" in outside
    assert f"Turn track{MARK}" in outside
    assert "the game ends after turn 10" in outside
    board = everywhere(kit["board.pdf"])
    assert all(f"TURN {turn}" in board for turn in range(1, 11))


def test_escort_loss_on_spaces_1_and_18_only(game: PirateFleetsGame) -> None:
    inside, _ = words_on_spaces(game)
    escorted = {n for n, words in inside.items() if "Escorted: first lose 6−1D6" in words}
    assert escorted == {1, 18}
    assert game.space(1).title == "Spanish Convoy" and game.space(18).title == "Treasure Fleet"


def test_duel_space_says_the_loser_loses_a_pawn(game: PirateFleetsGame) -> None:
    inside, _ = words_on_spaces(game)
    assert game.space(27).action == "duel"
    assert "loser loses a pawn" in inside[27]


def test_the_captains_deck_rule_is_printed(game: PirateFleetsGame, kit: dict[str, Written]) -> None:
    rule = "Draw 1 captain card for each ready pawn you have."
    assert game.captains_rule == rule
    assert rule in everywhere(kit["reference-card.pdf"])
    assert f"Optional: {rule}" in everywhere(kit["captain-cards.pdf"])
    assert captains_deck(game).back.fields[-1] == ("note", f"Optional: {rule}")


def test_eagle_eye_keeps_spot_and_sea(game: PirateFleetsGame, kit: dict[str, Written]) -> None:
    eagle = next(c for c in game.captains if c.name == "Eagle Eye")
    assert "Spot & Sea" in eagle.effect
    assert "+1 to all your Spot & Sea rolls." in everywhere(kit["captain-cards.pdf"])
    gambler = next(c for c in game.captains if c.name == "Gambler")
    assert "Gambler and Haven table" in gambler.effect


def test_what_the_seed_does_not_give_is_marked(
    game: PirateFleetsGame, kit: dict[str, Written]
) -> None:
    assert game.gold[0].ours.of("qty") and not game.gold[0].ours.of("value")
    assert game.ships[1].ours.of("value") and game.ships[1].value == 5
    assert game.ours.of("turn_track") and game.turn_track_title == f"Turn track{MARK}"
    marked = {"board.pdf", "tokens.pdf", "reference-card.pdf"}
    for name, written in kit.items():
        text = everywhere(written)
        if name in marked:
            assert MARK in text.replace(NOTE, ""), name
            assert NOTE in text, name
        else:
            assert MARK not in text, name
    reference = pages(kit["reference-card.pdf"])[0]
    for words in (
        f"Gold: 40{MARK} × 1 gold, 20{MARK} × 5{MARK} gold.",
        f"Ships (shared): 40{MARK} × 1 ship, 12{MARK} × 5{MARK} ship.",
        f"1{MARK} turn marker, 1{MARK} first-player marker",
        "Six-sided dice",
    ):
        assert words in reference
    assert reference.count(NOTE) == 1


def test_reference_numbers_come_from_the_data(game: PirateFleetsGame) -> None:
    goal = reference_blocks(game, "front")[1]
    assert goal[0] == "Goal" and goal[1][0].startswith("Play 10 turns.")
    shorter = dataclasses.replace(game, turns=8)
    assert reference_blocks(shorter, "front")[1][1][0].startswith("Play 8 turns.")
    broken = dataclasses.replace(game, reference=(Section("Goal", ("Play {{ turns turns.",)),))
    with pytest.raises(DataError) as caught:
        reference_blocks(broken, "front")
    assert "game.yaml" in str(caught.value) and "reference: placeholder" in str(caught.value)
