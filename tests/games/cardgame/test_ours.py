"""``{ours: value}`` in a generic card game: the value is read as its field reads it (a deck's
own number field too) and prints with "†", and every deck document whose cards print the mark
says once, in its sheet label, what it means."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.pdfread import page_texts, text_of

from pnpkit.app.cli import main
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.model.ours import MARK, NOTE


def _salvage(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    data = tmp_path / "data"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    path = data / "salvage" / "game.yaml"
    text = path.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text)
    return path


GUNNER = ("        name: Gunner\n", "        name: {ours: Gunner}\n")
COST = ("        cost: 2  ", "        cost: {ours: 2}  ")
TEXT = (
    "        text: Fire one cannon; add 1 to the roll.",
    "        text: {ours: Fire one cannon; add 1 to the roll.}",
)
FORTUNE = ("    title: Fortune\n", "    title: {ours: Fortune}\n")


def test_marked_values_are_read_plain_and_their_marks_kept(tmp_path: Path) -> None:
    game = load_card_game(_salvage(tmp_path, GUNNER, COST, TEXT, FORTUNE).parent)
    crew, fortune = game.decks
    gunner = crew.cards[1]
    assert (gunner.name, dict(gunner.fields)["cost"]) == ("Gunner", 2)
    assert gunner.ours.of("name") and gunner.ours.of("cost") and gunner.ours.of("text")
    assert not gunner.ours.of("kind") and not crew.cards[0].ours
    assert fortune.title == "Fortune" and fortune.ours.of("title")


def test_marked_values_print_the_mark_and_the_deck_the_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _salvage(tmp_path, GUNNER, COST, TEXT, FORTUNE).parent.parent
    out = tmp_path / "out"
    assert main(["check", "salvage", "--data", str(data)]) == 0
    assert main(["build", "salvage", "--data", str(data), "--out", str(out), "-q"]) == 0
    crew = text_of(out / "salvage" / "crew-cards.pdf")
    assert crew.count(f"Gunner{MARK}") == 3 and crew.count(f"Cost 2{MARK}") == 3, crew
    assert crew.count(f"roll.{MARK}") == 3
    assert f"Bosun{MARK}" not in crew and f"Cost 1{MARK}" not in crew
    for page in page_texts(out / "salvage" / "crew-cards.pdf"):
        assert f"Crew ({NOTE})" in page  # the sheet label of every page
    fortune = text_of(out / "salvage" / "fortune-cards.pdf")
    assert f"Fortune{MARK}" in fortune and NOTE in fortune
    assert NOTE not in text_of(out / "salvage" / "duplex-calibration.pdf")


def test_a_deck_with_no_mark_has_no_note(tmp_path: Path) -> None:
    data = _salvage(tmp_path, GUNNER).parent.parent
    out = tmp_path / "out"
    assert main(["build", "salvage", "--data", str(data), "--out", str(out), "-q"]) == 0
    assert NOTE in text_of(out / "salvage" / "crew-cards.pdf")
    fortune = text_of(out / "salvage" / "fortune-cards.pdf")
    assert NOTE not in fortune and MARK not in fortune


def test_a_whole_card_may_be_marked(tmp_path: Path) -> None:
    path = _salvage(tmp_path)
    text = path.read_text()
    start = text.index("      - key: lookout")
    end = text.index("  - key: fortune")
    card = text[start:end].replace("\n        ", "\n          ")
    card = card.replace("      - key: lookout", "      - ours:\n          key: lookout")
    path.write_text(text[:start] + card + text[end:])
    lookout = load_card_game(path.parent).decks[0].cards[2]
    assert (lookout.key, lookout.name) == ("lookout", "Lookout")
    assert lookout.ours.of("name") and lookout.ours.of("text")


def test_a_bad_value_inside_a_mark_names_the_field_ours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _salvage(tmp_path, ("        cost: 2  ", "        cost: {ours: lots}  "))
    capsys.readouterr()
    assert main(["check", "salvage", "--data", str(path.parent.parent)]) == 1
    err = capsys.readouterr().err
    assert "decks[0].cards[1].cost.ours: expected a number, found text 'lots'" in err, err


def test_no_field_may_be_named_ours(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _salvage(tmp_path, ("      - name: cost ", "      - name: ours "))
    capsys.readouterr()
    assert main(["check", "salvage", "--data", str(path.parent.parent)]) == 1
    assert "decks[0].fields[0].name: 'ours' is a built-in field" in capsys.readouterr().err


def test_a_whole_marked_cards_problems_are_placed_at_their_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _salvage(tmp_path)
    text = path.read_text()
    start, end = text.index("      - key: lookout"), text.index("  - key: fortune")
    card = text[start:end].replace("\n        ", "\n          ")
    card = card.replace("      - key: lookout", "      - ours:\n          key: bosun")
    path.write_text(text[:start] + card + text[end:])
    capsys.readouterr()
    assert main(["check", "salvage", "--data", str(path.parent.parent)]) == 1
    line = path.read_text().splitlines().index("          key: bosun") + 1
    said = f"error: {path}:{line}:16: decks[0].cards[2].ours.key: 'bosun' is already used by"
    assert said in capsys.readouterr().err
