"""Every component and rule of the seed (shared/seeds/000_*.txt) is somewhere in the kit, found
by its words in the PDFs read back, page by page. ``python -m tests.games.false_colors.
test_seed_coverage OUTPUT`` prints the table (seed item → document, pages) for the notes."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.pdfread import page_texts

SEED: tuple[tuple[str, str, str], ...] = (
    # (what the seed gives, document, words that show it there)
    ("Rulebook, 4 pages", "rulebook.pdf", "page 4 of 4"),
    ("Rules card, 2 pages", "rules-card.pdf", "page 2 of 2"),
    (
        "Square chart, 4 sheets and an assembly page",
        "chart-square.pdf",
        "The square chart: assembly",
    ),
    ("Duel chart, 4 sheets and an assembly page", "chart-duel.pdf", "The duel chart: assembly"),
    (
        "Hex chart, 6 sheets and an assembly page",
        "chart-hex.pdf",
        "Six Captains, the hex chart: assembly",
    ),
    ("Hex chart on one page, landscape", "chart-hex-overview.pdf", "overview"),
    ("Ship tokens, one sheet per fleet (six fleets)", "tokens.pdf", "(fleet 6: Red Squadron"),
    ("14 ships: the roster", "rulebook.pdf", "Boarding Party 2 3 1"),
    ("14 ships: the roster (card)", "rules-card.pdf", "Boarding Party 2 3 1"),
    ("Who beats whom", "rulebook.pdf", "Attacker / defender"),
    ("Who beats whom (card)", "rules-card.pdf", "Attacker / defender"),
    ("Setting up: 4 by 4 anchorages, 2 cells empty", "rulebook.pdf", "2 cells stay empty"),
    ("Wings", "rulebook.pdf", "24 cells in all"),
    ("Round marker", "play-aids.pdf", "the round marker for the round track"),
    ("Write orders in secret: order slips apart from the log", "play-aids.pdf", "Order slips"),
    ("No stalling: a count of quiet rounds", "play-aids.pdf", "Quiet rounds"),
    ("The standard formation (ours)", "play-aids.pdf", "Standard formation†"),
    ("The standard formation on the hex chart (ours)", "play-aids.pdf", "on the hex chart†"),
    (
        "No stalling: first holders and the truce (ours)",
        "play-aids.pdf",
        "or scores for the first time†",
    ),
    (
        "Random islands, a map for every face of a die",
        "random-islands.pdf",
        "Roll 1 (seed 1). Islands:",
    ),
    ("A round: write, reveal, resolve, score", "rulebook.pdf", "Write orders."),
    ("The truce", "rulebook.pdf", "The truce. In round 1"),
    (
        "Orders: move, Cutters, spyglass, hold",
        "rulebook.pdf",
        "Spyglass. A Cutter next to an enemy",
    ),
    ("No shuffling", "rulebook.pdf", "No shuffling."),
    ("When ships meet: stronger first, then the lower seat", "rulebook.pdf", "then the lower seat"),
    ("Seat numbers (for the tie-break), square chart", "chart-square.pdf", "Seat 4"),
    ("Seat numbers, duel chart", "chart-duel.pdf", "Seat 2"),
    ("Seat numbers, hex chart", "chart-hex.pdf", "Seat 6"),
    ("What each captain knows", "rulebook.pdf", "What each captain knows"),
    ("Open Water: hidden scores, bands within 5", "rulebook.pdf", "within 5 of the leader"),
    ("Open Water: your own score, out of sight", "play-aids.pdf", "Captain's log"),
    ("Scoring: 1, 2, 8, half, +4, −8", "rulebook.pdf", "−8"),
    ("Scoring (card)", "rules-card.pdf", "−8"),
    (
        "The storm after rounds 13, 18, 22",
        "rulebook.pdf",
        "After rounds 13, 18 and 22 the outermost ring",
    ),
    ("Rings and rounds printed on every chart", "chart-hex.pdf", "closes after"),
    ("Storm rounds on the round track", "play-aids.pdf", "storm: ring 3"),
    ("No stalling", "rulebook.pdf", "No stalling."),
    ("Classic ending and ties", "rulebook.pdf", "Ties. Equal points"),
    ("Other endings", "rulebook.pdf", "Hold the Capital."),
    (
        "Charts: square, duel, hex",
        "rulebook.pdf",
        "Six Captains, the hex chart: a hexagon of radius 8",
    ),
    ("Seats for 2 to 6 captains, Pairs, Triads", "rulebook.pdf", "Chart and its seats"),
    ("Seats (card)", "rules-card.pdf", "Chart and its seats"),
    ("Modes: Open Water, Pairs, Triads, Pirates!", "rulebook.pdf", "Triads. Six captains"),
    ("Pirates! (the seed names it; the rest is ours)", "rulebook.pdf", "Pirates! (beta)"),
    ("Variants: Sealed Orders", "rulebook.pdf", "Sealed Orders. The hard team game"),
    ("Variants: random islands", "rulebook.pdf", "Random islands."),
    ("Variants: Command, Admiral's spyglass and order", "rulebook.pdf", "Admiral's spyglass."),
    ("Variants: Admiral lost 0, 4 or 8", "rulebook.pdf", "0, 4 or 8"),
    ("Variants: the truce on by default", "rulebook.pdf", "The truce is on unless"),
    ("Variants: Wind, veering after 6, 12, 18", "rulebook.pdf", "after rounds 6, 12 and 18"),
    ("Wind marker and wind rose", "play-aids.pdf", "Wind rose"),
    ("Print at 100 %", "rulebook.pdf", "Print at 100 %"),
)


def pages_of(kit: Path) -> dict[str, list[str]]:
    return {
        path.name: [" ".join(text.split()) for text in page_texts(path)]
        for path in sorted(kit.glob("*.pdf"))
    }


def where(texts: dict[str, list[str]], document: str, words: str) -> list[int]:
    return [n for n, text in enumerate(texts.get(document, []), start=1) if words in text]


def test_every_seed_item_is_found_in_the_kit(letter_kit: Path) -> None:
    texts = pages_of(letter_kit)
    missing = [item for item, document, words in SEED if not where(texts, document, words)]
    assert missing == []


SEED_ROSTER: tuple[str, ...] = (
    # each row of the seed's roster table as it reads back: ship, name, in the fleet, rating, moves
    "7 First Rate 1 7 1",
    "6 Ship of the Line 1 6 1",
    "5 Frigate 1 5 1",
    "4 Sloop 2 4 1",
    "3 Boarding Party 2 3 1",
    "2 Cutter 3 2 up to 3",
    "1 Privateer 1 1 1",
    "X Fireship 2 none 0",
    "A Admiral 1 none 1",
)


def test_the_roster_prints_the_seeds_numbers_exactly(letter_kit: Path) -> None:
    """The Fireship's Moves is the seed's 0 (not a word for it); no other number is rewritten."""
    texts = pages_of(letter_kit)
    for document in ("rulebook.pdf", "rules-card.pdf"):
        missing = [row for row in SEED_ROSTER if not where(texts, document, row)]
        assert missing == [], document
        assert where(texts, document, "X Fireship 2 none 0") == [1], document


def table(kit: Path) -> str:
    texts = pages_of(kit)
    lines = ["| seed component or rule | document | pages |", "| --- | --- | --- |"]
    for item, document, words in SEED:
        found = where(texts, document, words)
        pages = ", ".join(str(n) for n in found) if found else "MISSING"
        lines.append(f"| {item} | {document} | {pages} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(Path(sys.argv[1])))
