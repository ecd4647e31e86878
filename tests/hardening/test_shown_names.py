"""One escaping rule for every name a message shows from the user's files (a sheet, a file, a
key): what does not print as itself (control, direction override, zero-width, no-break space)
is written as its escape, in every message, never raw to the terminal."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main
from pnpkit.errors import Location, Problem, shown

HIDDEN = {"\u202e": "\\u202e", "\u200d": "\\u200d", "\u00a0": "\\xa0", "\x1b": "\\x1b"}
"""Right-to-left override, zero-width joiner, no-break space, escape: as each is shown."""


def _raw(text: str) -> list[str]:
    return [char for char in HIDDEN if char in text]


def test_shown_escapes_what_does_not_print_as_itself() -> None:
    for char, escaped in HIDDEN.items():
        assert shown(f"a{char}b") == f"a{escaped}b"
    assert shown("two\nlines, ×, é, ∞") == "two\nlines, ×, é, ∞"
    assert shown("tab\there") == "tab\\there"


def test_a_problem_shows_every_part_escaped() -> None:
    problem = Problem(
        Location("cards.xlsx#Crew\u202egnp", 3, 2), "name\u200d", "bad\u00a0value", "x\x1by"
    )
    text = str(problem)
    assert not _raw(text)
    assert text == ("cards.xlsx#Crew\\u202egnp:3:2: name\\u200d: bad\\xa0value (allowed: x\\x1by)")
    assert str(Location("a\u202eb.csv")) == "a\\u202eb.csv"


def test_sheet_names_with_hidden_characters_are_escaped_in_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import openpyxl

    data = tmp_path / "data"
    game = make_game(data)
    book = openpyxl.Workbook()
    first = book.active
    assert first is not None
    first.title = "Crew\u00a0\u200d"
    first.append(["key", "name"])
    first.append(["mate", "First Mate"])
    book.create_sheet("Fortune\u202eevil").append(["gale"])
    book.save(game / "cards.xlsx")
    path = game / "game.yaml"
    text = path.read_text()
    deck = "  - key: crew\n    title: Crew\n    cards: cards.xlsx\n"
    path.write_text(text + deck)
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 0
    said = capsys.readouterr()
    assert "sheet 'Fortune\\u202eevil' is read by no deck" in said.err
    assert "the decks read Crew\\xa0\\u200d;" in said.err
    assert not _raw(said.out + said.err)


def test_a_file_name_with_hidden_characters_is_escaped_in_warnings_and_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "notes\u202etxt.yaml").write_text("a: 1\n")
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 0
    said = capsys.readouterr()
    assert "notes\\u202etxt.yaml" in said.err
    (game / "bad\u200d.csv").write_text("key,name\n")
    path = game / "game.yaml"
    path.write_text(path.read_text() + "  - key: crew\n    title: Crew\n    cards: bad.csv\n")
    assert main(["check", "--data", str(data)]) == 1
    said = capsys.readouterr()
    assert not _raw(said.out + said.err)
