"""High Seas read from its PDFs alone (issue 29): the rules' worked battle example and cannon
pictures drawn as diagrams (``examples.pdf``), captioned from the data and the rules engine; the
board's words upright from each captain's side; the two questions the rules leave open, as they
leave them, with our ruling marked."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from unittest.mock import MagicMock

import pytest
from tests.games.refused import game_copy, refused
from tests.pdfread import page_texts
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.build.write import Written
from pnpkit.games.high_seas.board import HighSeasBoard, board_words
from pnpkit.games.high_seas.diagram import caption
from pnpkit.games.high_seas.model import HighSeasGame
from pnpkit.games.high_seas.rules import battle, hearts_lost
from pnpkit.model.ours import MARK, NOTE

pytestmark = pytest.mark.slow


def text_of(written: Written) -> str:
    return " ".join(re.sub(r"\s+", " ", page) for page in page_texts(written.path))


def lost(game: HighSeasGame, key: str) -> dict[tuple[str, int], int]:
    """Hearts each area loses in example ``key``'s round, 1-based areas, losses only."""
    clashes = battle(game, game.example(key))
    found = {
        (side, area + 1): hearts_lost(clashes, side, area)
        for side in ("top", "bottom")
        for area in range(game.areas)
    }
    return {k: v for k, v in found.items() if v}


def test_the_seeds_battle_example_is_worked_out_as_the_rules_tell_it(
    game: HighSeasGame, kit: dict[str, Written]
) -> None:
    """The rules: area 1 a draw of musketeers; 2 the bottom's boarding party beats a musketeer
    (top loses a heart); 3 the top's musketeer beats a cannoneer (bottom loses one); 4 a draw of
    boarding parties; 5 the top loses one (musketeer beats cannoneer)."""
    assert lost(game, "battle") == {("top", 2): 1, ("bottom", 3): 1, ("top", 5): 1}
    text = text_of(kit["examples.pdf"])
    for told in (
        "Musketeer (bottom ship, area 1) against Musketeer (top ship, area 1): a draw, no heart",
        "Boarding Party (bottom ship, area 2) beats Musketeer (top ship, area 2), which loses a",
        "Musketeer (top ship, area 3) beats Cannoneer (bottom ship, area 3), which loses a heart.",
        "Boarding Party (bottom ship, area 4) against Boarding Party (top ship, area 4): a draw",
        "Musketeer (bottom ship, area 5) beats Cannoneer (top ship, area 5), which loses a heart.",
    ):
        assert told in text, told
    assert caption(game, game.example("battle")).startswith("Musketeer (bottom ship, area 1)")


def test_the_cannon_pictures_show_the_freed_cannons_reach_and_the_two_attackers(
    game: HighSeasGame, kit: dict[str, Written]
) -> None:
    text = text_of(kit["examples.pdf"])
    assert (
        "the bottom ship's cannon 3 may now face area 2 or 4 (solid lines), never area 1 or 5 "
        "(dashed)." in text
    )
    # the rules: area 4 defends against the cannoneer, but the musketeer takes its last heart
    assert lost(game, "support") == {("top", 4): 1}
    assert "The top ship's area 4 has no hearts left: it closes." in text
    # the rules: a boarding party instead: area 4 takes no damage, nor does the boarding party
    assert lost(game, "boarding-party") == {}
    assert (
        "Cannoneer (top ship, area 4) beats Boarding Party (bottom ship, area 3), but its "
        "cannon faces elsewhere: the attacker loses no heart." in text
    )
    assert "the rules' examples" in text and "a game by Nicholas Wolff" in text


def test_the_two_open_questions_are_printed_as_the_rules_leave_them_with_our_ruling(
    game: HighSeasGame, kit: dict[str, Written]
) -> None:
    card, left_over = game.open_questions
    assert card.ours.of("ruling") and left_over.ours.of("ruling")
    back = re.sub(r"\s+", " ", page_texts(kit["reference-card.pdf"].path)[1])
    examples = text_of(kit["examples.pdf"])
    for printed in (back, examples):
        assert "What the rules leave open" in printed
        # the question quotes the crew and the areas from the data
        assert "A crew is one card more than your open staging areas (6 for 5)" in printed
        assert f"discard it with the rest at step 4.{MARK}" in printed
        assert "they do not say what it loses when it loses to both." in printed
        assert f"Our ruling: it loses one heart for each match-up it loses: two hearts.{MARK}" in (
            printed
        )
        assert NOTE in printed
    # the engine follows the ruling, and its example is marked ours
    both = game.example("both-win")
    assert both.ours and lost(game, "both-win") == {("top", 4): 2}
    assert f"(Our ruling{MARK}.)" in examples


class Turned:
    """A canvas that records each string with the quarter turns in force when it was drawn."""

    def __init__(self) -> None:
        self.turn = 0.0
        self.saved: list[float] = []
        self.strings: list[tuple[str, float]] = []

    def saveState(self) -> None:
        self.saved.append(self.turn)

    def restoreState(self) -> None:
        self.turn = self.saved.pop()

    def rotate(self, degrees: float) -> None:
        self.turn = (self.turn + degrees) % 360

    def drawCentredString(self, x: float, y: float, text: str) -> None:
        self.strings.append((text, self.turn))

    drawString = drawRightString = drawCentredString

    def __getattr__(self, name: str) -> Any:
        return MagicMock()


def test_the_boards_words_read_upright_from_each_captains_side(
    game: HighSeasGame, kit: dict[str, Written]
) -> None:
    """Every word of the top ship's areas and mounts is turned half round, so it reads from
    the top captain's side; the bottom ship's are not; the title, credit and key are printed
    once for each captain."""
    canvas = Turned()
    HighSeasBoard(game, board_words(game)).draw(canvas)
    top, bottom = game.ships[0].name, game.ships[1].name
    turns: dict[str, set[float]] = {}
    for text, turn in canvas.strings:
        turns.setdefault(text, set()).add(turn)
    for area in range(1, game.areas + 1):
        assert turns[f"{top}: staging area {area}"] == {180.0}
        assert turns[f"{bottom}: staging area {area}"] == {0.0}
    assert turns["cannon"] == {0.0, 180.0}
    assert [t for s, t in canvas.strings if s == "cannon"].count(180.0) == game.areas
    for words in (game.title, game.credit):
        assert sorted(t for s, t in canvas.strings if s == words) == [0.0, 180.0]
    board = text_of(kit["board.pdf"])
    assert board.count(game.credit) >= 2 and f"{top}: staging area 1" in board


def test_a_picture_of_no_example_is_refused_at_its_line(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = game_copy(data_dir, tmp_path, "high-seas")
    rules = folder / "rules.yaml"
    line = replace_once(rules, "picture: aim", "picture: aiming")
    assert refused(capsys, folder) == [
        f"error: {rules}:{line}:7: picture: 'aiming' is no example of game.yaml "
        "(allowed: battle, aim, support, boarding-party, both-win)"
    ]


def test_an_example_aiming_where_the_rules_forbid_is_refused_at_its_line(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cannon turns only once the enemy area across is closed, and never further than
    ``max_aim``: an example that breaks either is refused, never drawn."""
    folder = game_copy(data_dir, tmp_path, "high-seas")
    examples = folder / "game.yaml"
    line = replace_once(examples, "bottom_aims: [1, 2, 4, 4, 5]", "bottom_aims: [1, 3, 4, 4, 1]")
    capsys.readouterr()
    assert main(["check", "high-seas", "--data", str(tmp_path)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    assert [line for line in out.out.splitlines() if "examples" in line] == [
        f"{examples}:{line}:18: examples: example support: bottom_aims: area 2 is re-aimed, "
        "but the enemy area across is open",
        f"{examples}:{line}:18: examples: example support: bottom_aims: area 5 cannot face "
        "enemy area 1",
    ]
