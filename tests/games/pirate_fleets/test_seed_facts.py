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
    assert "SHIP" in text and "SHIPS" in text and "TURN" in text


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


def test_the_seeds_contradictions_are_printed_with_our_marked_reading(
    game: PirateFleetsGame, kit: dict[str, Written]
) -> None:
    """The seed protects a *pawn* on a Lost space (a D space: disks only) and gives Eagle Eye
    "Spot & Sea" rolls (no such roll): each is printed as the rules say it, with our reading
    marked, and the Lost effect and the Eagle Eye card follow our reading, marked."""
    back = pages(kit["reference-card.pdf"])[1]
    assert "Rules notes" in back and NOTE in back
    for note in game.contradictions:
        assert note.ours.of("reading")
        assert f"{note.about}: {note.rules_say} Our reading: {note.reading}{MARK}" in back
    lost, eagle = game.contradictions
    assert "pawn on a Lost space" in lost.rules_say and "danger disk" in lost.reading
    assert '"Spot & Sea"' in eagle.rules_say and "Spot & Speed" in eagle.reading
    assert f"While your danger disk sits on a Lost space{MARK} nobody" in back
    assert "pawn sits on a Lost" not in back
    cards = everywhere(kit["captain-cards.pdf"])
    assert f"+1 to all your Spot & Speed rolls{MARK}." in cards
    assert "Spot & Sea" not in cards
    assert f"{MARK} our reading: see the reference card" in cards
    assert f"captains deck (optional; {MARK} our choice): sheet" in cards  # the sheets' label
    gambler = next(c for c in game.captains if c.name == "Gambler")
    assert "Gambler and Haven table" in gambler.effect


def test_what_the_seed_leaves_open_is_printed_where_it_comes_up(
    game: PirateFleetsGame, kit: dict[str, Written]
) -> None:
    """The seed leaves three questions open: an escort that sinks the last ship (is there still
    a Merchant roll?), a pawn gained mid-turn on the Haven table ("ready" is never defined),
    ships falling below pawns. Each is printed as the rules leaving it open, with our ruling
    marked, right under the block a player reads when it happens: the Merchant action on the
    back, the Haven table and the Setup on the front."""
    front, back = pages(kit["reference-card.pdf"])
    asked = {q.at: q for q in game.open_questions[:3]}
    assert set(asked) == {"actions.merchant", "tables.haven", "reference.Setup"}
    for question in game.open_questions:
        assert question.ours.of("ruling")
        assert question.printed.endswith(f"{question.ruling}{MARK}")
        assert "The rules leave this open. Our ruling: " in question.printed
    escort, haven, setup = (
        asked[k].printed for k in ("actions.merchant", "tables.haven", "reference.Setup")
    )
    assert "last ship" in escort and "Merchant roll" in escort
    assert "ready" in haven and "next turn" in haven
    assert "pawns" in setup and "ships" in setup
    # each right after its block's own words, before the next block's
    merchant = f"attacking either, first lose 6 − 1D6 ships (a fight). {escort} Mutiny (D):"
    assert merchant in back and NOTE in back
    assert f"6+ Captain: Take 1 pawn or 1D6 gold. {haven} Treachery table (2D6)" in front
    setup_block = front[front.index("Setup") : front.index("A turn")]
    assert setup_block.rstrip().endswith(setup) and NOTE in front
    # each in one place: the Haven action on the back only points to the table
    fronts = [q for q in game.open_questions if not q.at.startswith("actions.")]
    assert front.count("The rules leave this open") == len(fronts) == 5 and haven not in back


def test_the_cards_edge_cases_are_printed_under_their_blocks(
    game: PirateFleetsGame, kit: dict[str, Written]
) -> None:
    """The seed is silent on four edge cases a group would improvise: Lucky ("1 less Disk") with
    1 pawn, where Hand of Fate's or Fortune Smiles' removed piece goes, how many pawns and disks
    "start over next turn with 1 Ship" gives, a Skirmish's 1D6 − 3 below 0. Each is printed as
    left open with our marked ruling, under the block a player reads then: starting over and
    the two supply cards under A turn, Lucky under the captains deck, the Skirmish after its
    action on the back."""
    front, back = pages(kit["reference-card.pdf"])
    printed = {q.about.split()[0]: q.printed for q in game.open_questions[3:]}
    assert set(printed) == {"Starting", "Hand", "Lucky", "A"}
    starting, hand, lucky, skirmish = printed.values()
    assert "1 pawn and 1 danger disk" in starting
    assert "Fortune Smiles" in hand and "Back to its owner" in hand
    assert "0 danger disks" in lucky and "no disk" in lucky
    assert "below 0" in skirmish and "counts as 0" in skirmish
    for text in (starting, hand, lucky, skirmish):
        assert "The rules leave this open. Our ruling: " in text and text.endswith(MARK)
    turn = front[front.index("A turn") : front.index("Spaces in play")]
    assert turn.rstrip().endswith(f"{starting} {hand}")
    captains = front[front.index("Captains deck (optional)") : front.index("Haven table")]
    assert captains.rstrip().endswith(f"copies of each card. {lucky}")
    after = "(a fight; the larger fleet adds 1) and the other loses that many ships."
    assert f"{after} {skirmish} Trade (P):" in back


def test_how_many_dice_is_said_where_the_kit_lists_what_else_is_needed(
    game: PirateFleetsGame, kit: dict[str, Written]
) -> None:
    """The seed says only "Six sided Dice are needed"; Treachery rolls 2D6 and a Merchant win
    on target number 1 rolls (6 − 1)D6: the count, ours and marked, on the reference card's
    "You need" and the print-this-kit page, both read from ``dice``."""
    assert game.ours.of("dice") and game.dice.startswith("5 six-sided dice")
    need = f"{game.dice}{MARK}."
    assert f"You need: {need}" in pages(kit["reference-card.pdf"])[0]
    guide = everywhere(kit["print-this-kit.pdf"])
    assert f"To play: {need}" in guide and NOTE in guide
    merchant = min(space.target for space in game.spaces if space.action == "merchant")
    assert f"up to {6 - merchant}D6" in game.dice and "Treachery 2D6" in game.dice


def test_escapes_are_this_or_higher_from_one_number_each(
    game: PirateFleetsGame, kit: dict[str, Written]
) -> None:
    """The seed escapes a Fleet "on a roll of 6 or higher", a Duel or Skirmish on 5 or higher:
    the reference and the board quote each action's one ``escape`` number."""
    escapes = {a.key: a.escape for a in game.actions if a.escape is not None}
    assert escapes == {"fleet": 6, "duel": 5, "skirmish": 5}
    back = pages(kit["reference-card.pdf"])[1]
    assert "Spot & Speed 1D6, 6 or higher gets away" in back
    assert "(Spot & Speed 1D6, 5 or higher). Both roll" in back  # the Duel
    assert "(Spot & Speed 1D6, 5 or higher). Each of" in back  # the Skirmish
    assert "6 gets away" not in back
    inside, _ = words_on_spaces(game)
    fleets = [n for n in inside if game.space(n).action == "fleet"]
    assert fleets and all("Escape on 6+" in inside[n] for n in fleets)
    slower = dataclasses.replace(
        game,
        actions=tuple(
            dataclasses.replace(a, escape=4) if a.key == "fleet" else a for a in game.actions
        ),
    )
    assert "Spot & Speed 1D6, 4 or higher gets away" in " ".join(
        reference_blocks(slower, "back")[0][1]
    )


def test_when_captain_cards_are_drawn_and_the_bank_are_printed_marked(
    game: PirateFleetsGame, kit: dict[str, Written]
) -> None:
    back = pages(kit["reference-card.pdf"])[1]
    assert game.ours.of("when") and game.ours.of("bank")
    assert f"Captain cards (optional deck): {game.captains_when}{MARK}" in back
    assert "each time you gain a pawn" in game.captains_when
    assert f"Bank: {game.bank}{MARK}" in back
    assert "never runs out" in game.bank


def test_token_faces_carry_no_mark_and_their_sheets_the_key(
    game: PirateFleetsGame, kit: dict[str, Written]
) -> None:
    """A value read "5†" looked marked: a token's face prints its value plain; the sheet's
    footer names the faces that are our choice, and the reference card marks them."""
    for counter in tokens(game):
        assert all(MARK not in str(value) for _, value in counter.front.fields), counter.key
    key = f"{MARK} our choice: 5 gold, 5 ships, both markers"
    for page in pages(kit["tokens.pdf"]):
        assert f"Pirate Fleets: pieces ({key}): sheet" in page
        assert page.count(MARK) == 1  # the key's, and no face's


def test_what_the_seed_does_not_give_is_marked(
    game: PirateFleetsGame, kit: dict[str, Written]
) -> None:
    assert game.gold[0].ours.of("qty") and not game.gold[0].ours.of("value")
    assert game.ships[1].ours.of("value") and game.ships[1].value == 5
    assert game.ours.of("turn_track") and game.turn_track_title == f"Turn track{MARK}"
    marked = {"board.pdf", "reference-card.pdf", "print-this-kit.pdf"}
    for name, written in kit.items():
        text = everywhere(written)
        if name in marked:
            assert MARK in text.replace(NOTE, ""), name
            assert NOTE in text, name
        elif name in ("tokens.pdf", "captain-cards.pdf"):  # the key in the sheets' label
            assert f"{MARK} our choice" in text, name
        else:
            assert MARK not in text, name
    reference = pages(kit["reference-card.pdf"])[0]
    for words in (
        f"Gold: 40{MARK} × 1 gold, 20{MARK} × 5{MARK} gold.",
        f"Ships (shared): 40{MARK} × 1 ship, 12{MARK} × 5{MARK} ship.",
        f"1{MARK} turn marker, 1{MARK} first-player marker",
        "six-sided dice",
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
