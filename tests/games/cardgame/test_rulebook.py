"""A designer's rulebook and rules card: rule text in Markdown or YAML whose placeholders and
tables come from the game's data, printed as the bundled games' rules are."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.games.cardgame.opendeck import image_xobjects, run_pnpkit
from tests.games.cardgame.rulebook_game import rule_game

from pnpkit.app.read_audit import recording_reads
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.games.cardgame.rule_text import rule_context
from pnpkit.games.cardgame.rulebook import components
from pnpkit.model.ours import MARK, NOTE


def _text(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(str(path)).pages]


def _build(data: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Build the game of ``data`` (the Markdown one, written if none is there yet)."""
    if not (data / "salt").exists():
        rule_game(data)
    code, err = run_pnpkit("build", data, capsys)
    assert code == 0, err
    return data.parent / "out" / "salt"


def test_placeholders_quote_the_decks_cards_and_fields(tmp_path: Path) -> None:
    game = load_card_game(rule_game(tmp_path / "data"))
    context = rule_context(game)
    assert context["game"]["title"] == "Salt and Rigging"
    assert context["game"]["cards"] == 6 + 5
    assert context["crew"]["count"] == 3 + 1 + 2  # copies counted
    assert context["crew"]["designs"] == 3
    assert context["crew"]["bosun"]["cost"] == 3
    assert context["crew"]["gunner"]["cost"] == 1  # the field's default
    assert str(context["crew"]["first_mate"]["cost"]) == "2" + MARK  # marked {ours: 2}
    assert context["decks"]["events"] is context["events"]


def test_a_card_keyed_as_a_decks_value_is_reached_through_cards(tmp_path: Path) -> None:
    game = rule_game(tmp_path / "data")
    for name, old, new in (
        ("game.yaml", "key: storm", "key: count"),
        ("rules.md", "events.storm.name", "events.cards.count.name"),
    ):
        (game / name).write_text((game / name).read_text().replace(old, new))
    context = rule_context(load_card_game(game))
    assert context["events"]["count"] == 5
    assert context["events"]["cards"]["count"]["name"] == "Storm"


def test_the_markdown_rulebook_prints_the_games_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _build(tmp_path / "data", capsys)
    pages = _text(out / "rulebook.pdf")
    assert len(pages) == 2  # {% break page %}
    first = " ".join(pages[0].split())
    assert "Welcome to Salt and Rigging by A. Designer: 11 cards." in first
    assert "The crew deck holds 6 cards; the Bosun costs 3 and the First Mate 2†." in first
    assert "Put the 5 events face down." in first
    assert "{{" not in first and ":coin:" not in first  # filled; the icon drawn, not written
    assert "page 1 of 2" in first and NOTE in first
    # the components and the crew's card list, from the decks
    assert "Crew cards 6" in first and "Events cards 5" in first
    assert "Bosun Crew 2 3 Draw a card. 3" in first
    assert "First Mate Crew 2† Move a ship. 1" in first
    assert "Bosun any time" in first and "Storm round start" in first
    second = " ".join(pages[1].split())
    assert "Events" in second and "Calm Nothing moves. 4" in second
    assert image_xobjects(out / "rulebook.pdf")  # the picture of assets/


def test_the_rulebook_sets_two_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _build(tmp_path / "data", capsys)
    page = PdfReader(str(out / "rulebook.pdf")).pages[0]
    starts: list[float] = []
    page.extract_text(
        visitor_text=lambda text, cm, tm, font, size: starts.append(tm[4]) if text.strip() else None
    )
    width = float(page.mediabox.width)
    assert min(starts) < width / 4 and any(x > width / 2 for x in starts)


def test_icons_in_rule_text_are_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _build(tmp_path / "data", capsys)
    content = PdfReader(str(out / "rulebook.pdf")).pages[0].get_contents()
    assert content is not None
    # the coin's fill, #e0a010, drawn where the text shows :coin:
    assert b".878431 .627451 .062745 rg" in content.get_data()


def test_a_yaml_rule_file_prints_the_rulebook_and_a_card_size_rules_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rule_game(tmp_path / "data", "rules.yaml")
    out = _build(tmp_path / "data", capsys)
    book = " ".join(_text(out / "rulebook.pdf")[0].split())
    assert "A game of 11 cards; the Bosun costs 3 ." in book
    assert "Crew cards 6" in book
    card = " ".join(_text(out / "rules-card.pdf")[0].split())
    assert "Salt and Rigging: your turn" in card
    assert "Pay 1 to fire." in card
    assert "rules card" in card  # the sheet's label


def test_no_rules_no_rulebook(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = rule_game(tmp_path / "data") / "game.yaml"
    path.write_text(path.read_text().replace("rules: rules.md\n", ""))
    out = _build(tmp_path / "data", capsys)
    assert not (out / "rulebook.pdf").exists()
    assert load_card_game(path.parent).rulebook is None


def test_a_rebuild_is_byte_identical(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rule_game(tmp_path / "data", "rules.yaml")
    out = _build(tmp_path / "data", capsys)
    first = {name: (out / name).read_bytes() for name in ("rulebook.pdf", "rules-card.pdf")}
    for name in first:
        (out / name).unlink()
    _build(tmp_path / "data", capsys)
    assert {name: (out / name).read_bytes() for name in first} == first


@pytest.mark.parametrize("rules", ["rules.md", "rules.yaml"])
def test_the_rule_file_is_among_the_files_a_build_reads(tmp_path: Path, rules: str) -> None:
    """``watch`` rebuilds when a file a build read changes: the rule file is one."""
    game = rule_game(tmp_path / "data", rules)
    with recording_reads() as reads:
        load_card_game(game)
    assert str(game / rules) in reads


def test_a_long_rulebook_starts_with_its_contents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = "The crew hauls on the ropes and trims the sails all day long. " * 12
    chapters = "".join(f"\n# Chapter {n}\n\n" + f"{line}\n\n" * 5 for n in range(1, 9))
    rule_game(tmp_path / "data", "rules.md", "# Overview\n\nA short start.\n" + chapters)
    pages = _text(_build(tmp_path / "data", capsys) / "rulebook.pdf")
    assert len(pages) >= 4
    lines = pages[0].splitlines()
    start = lines.index("Contents")
    assert lines[start + 1] == "page"
    cells = lines[start + 2 : start + 2 + 2 * 9]  # a heading, its page; nine times
    listed = {heading: int(page) for heading, page in zip(cells[::2], cells[1::2], strict=True)}
    assert list(listed) == ["Overview", *(f"Chapter {n}" for n in range(1, 9))]
    assert listed["Chapter 8"] == len(pages) > listed["Chapter 1"]
    body = [pages[0][len("\n".join(lines[: start + 2 + 18])) :], *pages[1:]]
    for heading, page in listed.items():  # each heading is first set on the page listed
        first = next(n for n, text in enumerate(body, 1) if f"\n{heading}\n" in f"\n{text}\n")
        assert first == page, heading


def test_a_short_rulebook_has_no_contents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pages = _text(_build(tmp_path / "data", capsys) / "rulebook.pdf")
    assert "Contents" not in pages[0]


def test_the_print_guide_says_how_to_print_the_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rule_game(tmp_path / "data", "rules.yaml")
    guide = " ".join(
        " ".join(_text(_build(tmp_path / "data", capsys) / "print-this-kit.pdf")).split()
    )
    assert "rulebook.pdf single-sided, plain paper 1 Read it; keep it at the table." in guide
    assert "rules-card.pdf single-sided, card stock 1 Cut out the rules cards" in guide


def test_the_components_list_counts_the_boards(tmp_path: Path) -> None:
    game = rule_game(tmp_path / "data")
    path = game / "game.yaml"
    board = "boards:\n  - {key: island, title: The island, columns: 4, rows: 3, cell_size: 1in}\n"
    path.write_text(path.read_text() + board)
    rows = [tuple(cell.text for cell in row) for row in components(load_card_game(game)).rows]
    assert rows == [
        ("Component", "Count"),
        ("Crew cards", "6"),
        ("Events cards", "5"),
        ("The island board", "1"),
    ]


def test_rules_quote_a_token_set(tmp_path: Path) -> None:
    """``{{ coins.count }}`` is the tokens a set prints, copies counted; ``{{ coins.one.value }}``
    a token's field, as a deck's."""
    from tests.pdfread import page_texts

    from pnpkit.app.cli import main
    from pnpkit.app.new_game import scaffold

    data, out = tmp_path / "data", tmp_path / "out"
    scaffold(data, "salvage-run", None)
    assert main(["build", "salvage-run", "--data", str(data), "--out", str(out), "-q"]) == 0
    text = " ".join(" ".join(page_texts(out / "salvage-run" / "rulebook.pdf")).split())
    assert "The 18 coins are the bank; each player takes 1 coin." in text
    rules = data / "salvage-run" / "rules.md"
    rules.write_text(rules.read_text().replace("coins.count", "coins.cont"))
    assert main(["check", "salvage-run", "--data", str(data)]) == 1
