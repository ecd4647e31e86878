"""A deck's cards from a CSV or XLSX table: one row per card, columns named by the deck's
fields, every bad cell at ``file:row:column``."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main
from pnpkit.errors import DataError
from pnpkit.games.cardgame.load import load_card_game

DECK = """\
  - key: crew
    title: Crew
    fields:
      - {name: cost, type: number}
      - {name: art, type: image}
      - {name: tags, type: list}
    cards: crew.csv
"""
CSV = """\
key,name,cost,text,art,tags,copies
bosun,Bosun,2,Draw a card.,ship.png,old;salty,3
gunner,Gunner,3.5,Fire one cannon.,,,
"""


def _game(tmp_path: Path, csv: str = CSV) -> Path:
    game = make_game(tmp_path / "data")
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + DECK)
    (game / "crew.csv").write_text(csv, encoding="utf-8")
    return game


def test_cards_come_from_a_csv_table(tmp_path: Path) -> None:
    crew = load_card_game(_game(tmp_path)).decks[2]
    bosun, gunner = crew.cards
    assert (bosun.key, bosun.name, bosun.text, bosun.copies) == (
        "bosun",
        "Bosun",
        "Draw a card.",
        3,
    )
    assert dict(bosun.fields) == {"cost": 2, "art": "ship.png", "tags": ("old", "salty")}
    assert dict(gunner.fields) == {"cost": 3.5, "art": "", "tags": ()}
    assert gunner.copies == 1
    assert bosun.source.endswith("crew.csv:2:1")


def test_cards_come_from_an_xlsx_table(tmp_path: Path) -> None:
    import openpyxl

    game = _game(tmp_path)
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["key", "name", "cost", "copies"])
    sheet.append(["mate", "First Mate", 4, 2])
    book.save(game / "crew.xlsx")
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("cards: crew.csv", "cards: crew.xlsx"))
    (mate,) = load_card_game(game).decks[2].cards
    assert (mate.name, dict(mate.fields)["cost"], mate.copies) == ("First Mate", 4, 2)


def _workbook(game: Path, fortune_cost: object = 2) -> Path:
    """A workbook of four sheets of cells, Crew, Fortune (another deck), Notes and Empty, and
    a chart sheet, Chart."""
    import openpyxl
    from openpyxl.chart import BarChart, Reference

    book = openpyxl.Workbook()
    crew = book.active
    assert crew is not None
    crew.title = "Crew"
    crew.append(["key", "name", "cost", "copies"])
    crew.append(["mate", "First Mate", 4, 2])
    fortune = book.create_sheet("Fortune")
    fortune.append(["key", "name", "cost"])
    fortune.append(["gale", "Gale", fortune_cost])
    book.create_sheet("Notes").append(["playtest the gale"])
    book.create_sheet("Empty")
    book.create_sheet("Playtest #2")
    chart = BarChart()
    chart.add_data(Reference(fortune, min_col=3, min_row=1, max_row=2))
    book.create_chartsheet("Chart").add_chart(chart)
    book.save(game / "cards.xlsx")
    return game / "cards.xlsx"


def _cards(game: Path, table: str) -> None:
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("cards: crew.csv", f"cards: {table}"))


def test_a_deck_reads_the_sheet_it_names(tmp_path: Path) -> None:
    game = _game(tmp_path)
    book = _workbook(game)
    _cards(game, "cards.xlsx#Fortune")
    (gale,) = load_card_game(game).decks[2].cards
    assert (gale.name, dict(gale.fields)["cost"]) == ("Gale", 2)
    assert gale.source == f"{book}#Fortune:2:1"


def test_a_bad_cell_of_a_named_sheet_is_reported_on_that_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path)
    book = _workbook(game, fortune_cost="lots")
    _cards(game, "cards.xlsx#Fortune")
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    said = f"error: {book}#Fortune:2:3: decks[2].cards[0].cost: expected a number, found text"
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (
            "cards.xlsx#Fortunes",
            "'cards.xlsx' has no sheet 'Fortunes' (allowed: one of its sheets of cells, as its "
            "tab names it: Crew, Fortune, Notes, Empty, Playtest #2)",
        ),
        ("crew.csv#Crew", "'crew.csv' is a CSV file, which has no sheets"),
        (
            "cards.xlsx#fortune",
            "'cards.xlsx' has no sheet 'fortune' (allowed: 'Fortune', as its tab",
        ),
        ("cards.xlsx#", "'cards.xlsx#' names no sheet after #"),
        (
            "cards.xlsx#Playtest #2",
            "'cards.xlsx' has no sheet 'Playtest' (allowed: cards: \"cards.xlsx#Playtest #2\", in "
            "quotes (in YAML, ' #' starts a comment))",
        ),
        ("cards.xlsx#Chart", "'cards.xlsx''s sheet 'Chart' is a chart, not a table of cards"),
    ],
)
def test_a_sheet_that_is_not_there_is_refused_at_the_cards_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], table: str, message: str
) -> None:
    game = _game(tmp_path)
    _workbook(game)
    _cards(game, table)
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    line = next(
        n
        for n, text in enumerate((game / "game.yaml").read_text().splitlines(), 1)
        if table in text
    )
    assert f"{game / 'game.yaml'}:{line}:12: decks[2].cards: {message}" in capsys.readouterr().err


def test_check_names_each_filled_sheet_no_deck_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second deck kept on the workbook's second sheet was left out without a word."""
    game = _game(tmp_path)
    book = _workbook(game)
    _cards(game, "cards.xlsx")
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 0
    out = capsys.readouterr().err
    assert f"{book}: sheet 'Fortune' is read by no deck, so none of it is printed" in out
    assert (
        '(the decks read Crew; a deck reads a sheet named after #: cards: "cards.xlsx#Fortune")'
        in out
    )
    assert f"{book}: sheet 'Notes' is read by no deck" in out
    assert "'Empty'" not in out and "'Crew' is read by no deck" not in out
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("cards: cards.xlsx", "cards: cards.xlsx#Fortune"))
    assert main(["check", "--data", str(tmp_path / "data")]) == 0
    out = capsys.readouterr().err
    assert f"{book}: sheet 'Crew' is read by no deck" in out and "'Fortune' is read" not in out


def test_a_workbook_is_read_from_its_first_sheet_a_designer_sees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A chart sheet ("move chart to new sheet" puts it first) holds no cards, and a hidden
    sheet is not the tab the designer sees: the first visible sheet of cells is read, and the
    note names what is really read (it named the chart, and the deck's own sheet unread)."""
    import openpyxl

    game = _game(tmp_path)
    book_path = _workbook(game)
    book = openpyxl.load_workbook(book_path)
    book.move_sheet("Chart", offset=-book.sheetnames.index("Chart"))
    assert book.sheetnames[0] == "Chart"
    book["Crew"].sheet_state = "hidden"
    book.save(book_path)
    _cards(game, "cards.xlsx")
    (gale,) = load_card_game(game).decks[2].cards
    assert gale.name == "Gale"
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 0
    out = capsys.readouterr().err
    assert f"{book_path}: sheet 'Crew' (a hidden sheet) is read by no deck" in out
    assert "(the decks read Fortune;" in out and "'Fortune' is read by no deck" not in out


def test_a_workbook_of_charts_alone_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import openpyxl
    from openpyxl.chart import BarChart

    game = _game(tmp_path)
    book = openpyxl.Workbook()
    assert book.active is not None
    book.remove(book.active)
    book.create_chartsheet("Chart").add_chart(BarChart())
    book.save(game / "cards.xlsx")
    _cards(game, "cards.xlsx")
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert f"{game / 'cards.xlsx'}: the workbook has no sheet of cells (only charts)" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("name", ["Deck #2.xlsx#Fortune", "FORTUNE.XLSX#Fortune", "crew #1.csv"])
def test_a_table_file_may_have_a_hash_or_capitals_in_its_name(tmp_path: Path, name: str) -> None:
    game = _game(tmp_path)
    file = name.split(".")[0] + "." + name.split(".")[1].split("#")[0]
    if file.lower().endswith(".csv"):
        (game / file).write_text(CSV, encoding="utf-8")
    else:
        _workbook(game).rename(game / file)
    _cards(game, f'"{name}"')  # quoted: in YAML " #" starts a comment
    cards = load_card_game(game).decks[2].cards
    assert cards[0].name in ("Gale", "Bosun")


@pytest.mark.parametrize(
    ("csv", "where", "message"),
    [
        (CSV.replace(",3.5,", ",lots,"), "3:3", "decks[2].cards[1].cost: expected a number"),
        (
            CSV.replace(",ship.png,", ",../x.png,"),
            "2:5",
            "decks[2].cards[0].art: '../x.png' leaves",
        ),
        (CSV.replace("copies", "copise"), "1:7", "decks[2].cards[0].copise: unknown key; did"),
        (
            CSV.replace("gunner,", "bosun,"),
            "3:1",
            "decks[2].cards[1].key: 'bosun' is already used by decks[2].cards[0]",
        ),
    ],
)
def test_a_bad_cell_is_reported_at_its_row_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], csv: str, where: str, message: str
) -> None:
    game = _game(tmp_path, csv)
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert f"error: {game / 'crew.csv'}:{where}: {message}" in err, err


def test_a_table_is_checked_like_any_data_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, CSV.replace("Draw a card.", "Draw \u05d0 card."))
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert f"error: {game / 'crew.csv'}:2:4: " in err and "HEBREW LETTER ALEF" in err
    (game / "crew.csv").write_bytes(b"key,name\n\xff\xfe,x\n")
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    assert f"error: {game / 'crew.csv'}:2:1: not valid UTF-8 text" in capsys.readouterr().err


def test_a_quote_left_open_is_refused_where_it_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The CSV reader would read every row after an unclosed quote into that one cell, and the
    cards of those rows would vanish: refused at the cell whose quote opens."""
    game = _game(tmp_path, CSV.replace("Draw a card.", '"Draw a card.'))
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    said = (
        f"error: {game / 'crew.csv'}:2:4: text: the quote that opens the cell at row 2, column 4 "
        "is never closed, so every row after it would be read into this cell"
    )
    assert said in err and "Traceback" not in err, err


@pytest.mark.parametrize("separator", [";", "\t"])
def test_a_csv_saved_with_semicolons_or_tabs_is_read_by_its_header(
    tmp_path: Path, separator: str
) -> None:
    """A spreadsheet program set for a comma decimal mark saves "CSV" with semicolons; a TSV
    saved as .csv has tabs. Read with commas, each row was one unknown column."""
    lines = [
        ["key", "name", "cost", "text", "art", "tags", "copies"],
        ["bosun", "Bosun", "2", "Draw a card, then discard.", "ship.png", '"old; salty"', "3"],
        ["gunner", "Gunner", "3.5", "Fire one cannon.", "", "", ""],
    ]
    game = _game(tmp_path, "".join(separator.join(line) + "\n" for line in lines))
    bosun, gunner = load_card_game(game).decks[2].cards
    assert (bosun.name, bosun.text, bosun.copies) == ("Bosun", "Draw a card, then discard.", 3)
    assert dict(bosun.fields) == {"cost": 2, "art": "ship.png", "tags": ("old", "salty")}
    assert (gunner.name, dict(gunner.fields)["cost"]) == ("Gunner", 3.5)


def test_a_quote_left_open_in_a_semicolon_csv_is_found_at_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, 'key;name;text\nbosun;Bosun;"Draw; a card.\ngunner;Gunner;Fire.\n')
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    said = f"error: {game / 'crew.csv'}:2:3: text: the quote that opens the cell at row 2, column 3"
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(
    "cell",
    ['"Draw a card."', '"Draw ""a"" card."', '"Draw a\ncard."', 'Draw "a" card.', '"a"b'],
)
def test_quotes_that_close_are_read_as_before(tmp_path: Path, cell: str) -> None:
    game = _game(tmp_path, CSV.replace("Draw a card.", cell))
    bosun, gunner = load_card_game(game).decks[2].cards
    assert (bosun.key, gunner.name) == ("bosun", "Gunner")


@pytest.mark.parametrize("separator", [",", ";"])
def test_a_row_with_too_few_cells_is_refused_at_its_first_missing_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], separator: str
) -> None:
    """A row that stops before the header does (a separator lost, a line broken in two) printed
    a card with the rest of its fields blank: refused where its cells end, naming the columns
    it has no cell for. A blank cell written as an empty field is a value (Gunner's last three)."""
    short = CSV.replace("bosun,Bosun,2,Draw a card.,ship.png,old;salty,3", "bosun,Bosun,2")
    game = _game(tmp_path, short.replace(",", separator))
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    said = (
        f"error: {game / 'crew.csv'}:2:4: decks[2].cards[0].text: the row ends after 3 cells, so it "
        "has no cell for "
        "text, art, tags, copies (allowed: a cell for each of the header's 7 columns (key, name, "
        f"cost, text, art, tags, copies); a blank cell written as an empty field: "
        f"a{separator}{separator}c)\n"
    )
    assert said in err and err.count("error: ") == 1, err


def test_a_short_row_is_refused_only_up_to_the_last_named_column(tmp_path: Path) -> None:
    """A header that ends in a separator names no last column: a row need not fill it."""
    game = _game(tmp_path, "key,name,cost,\nbosun,Bosun,2\ngunner,Gunner\n")
    with pytest.raises(DataError) as caught:
        load_card_game(game)
    (problem,) = caught.value.problems
    assert (problem.where.line, problem.where.column, problem.field) == (
        3,
        3,
        "decks[2].cards[1].cost",
    )
    assert "no cell for cost (allowed: a cell for each of the header's 3 columns" in str(problem)


def test_a_workbook_row_is_as_wide_as_its_sheet(tmp_path: Path) -> None:
    """In a spreadsheet a blank cell is the designer's choice, and a workbook leaves it out of
    the file: even a file that does not say how wide its sheet is (no dimension, as some
    programs write it) reads those cells as blank, not as a row with too few cells."""
    import openpyxl

    game = _game(tmp_path)
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["key", "name", "cost", "text", "copies"])
    sheet.append(["mate", "First Mate", 4, "Steer.", 2])
    sheet.append(["cook", "Cook"])  # cost, text and copies left blank
    saved = tmp_path / "saved.xlsx"
    book.save(saved)
    with zipfile.ZipFile(saved) as source, zipfile.ZipFile(game / "crew.xlsx", "w") as target:
        for part in source.infolist():
            body = source.read(part.filename)
            if part.filename == "xl/worksheets/sheet1.xml":
                assert b"<dimension " in body
                body = re.sub(rb"<dimension [^>]*/>", b"", body)
            target.writestr(part, body)
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("cards: crew.csv", "cards: crew.xlsx"))
    mate, cook = load_card_game(game).decks[2].cards
    assert (mate.name, mate.text, mate.copies) == ("First Mate", "Steer.", 2)
    assert (cook.name, cook.text, cook.copies, dict(cook.fields)["cost"]) == ("Cook", "", 1, 0)


def test_a_formula_with_no_saved_value_is_refused_at_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """openpyxl (or any script) writes formulas with no value saved; read as saved, they would
    print as nothing (or 0)."""
    import openpyxl

    game = _game(tmp_path)
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["key", "name", "text", "copies", "cost"])
    sheet.append(["mate", "Mate", "Steer.", 1, 2])
    sheet.append([])
    sheet.append(["squall", "Squall", '=CONCAT("a","b")', 2, "=1+1"])
    book.save(game / "crew.xlsx")
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("cards: crew.csv", "cards: crew.xlsx"))
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    table = game / "crew.xlsx"
    assert (
        f'error: {table}:4:3: decks[2].cards[1].text: the formula =CONCAT("a","b") has no saved '
        "value" in err
    ), err
    assert f"error: {table}:4:5: decks[2].cards[1].cost: the formula =1+1 has no saved" in err
    assert "save the file in a spreadsheet program" in err and "Traceback" not in err, err


ALLOWED_CHARACTERS = "(allowed: printable text, line breaks and tabs)"


@pytest.mark.parametrize(
    ("char", "said"),
    [
        ("\u200b", "U+200B ZERO WIDTH SPACE (an invisible format character)"),
        ("\x07", "U+0007 BELL (a control character)"),
        ("\u00ad", "U+00AD SOFT HYPHEN (an invisible format character)"),
        ("\u2028", "U+2028 LINE SEPARATOR (a line separator)"),
    ],
)
def test_a_cell_holding_a_character_no_value_may_hold_is_refused_at_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], char: str, said: str
) -> None:
    """A table's cells get the character check of every YAML value (pnpkit.load.characters):
    it was left to the font's, which called a zero-width space a missing glyph."""
    game = _game(tmp_path, CSV.replace("Draw a card.", f"Draw{char} a card."))
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    expected = f"error: {game / 'crew.csv'}:2:4: decks[2].cards[0].text: the cell holds {said} at character 5"
    assert f"{expected} {ALLOWED_CHARACTERS}" in err, err
    assert "glyph" not in err and "Traceback" not in err, err


def test_a_column_name_holding_an_invisible_character_is_refused_at_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, CSV.replace("name,", "na\u200bme,", 1))
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    said = f"error: {game / 'crew.csv'}:1:2: column 2: the cell holds U+200B ZERO WIDTH SPACE"
    assert said in err, err


def test_a_workbook_cell_gets_the_character_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import openpyxl

    game = _game(tmp_path)
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["key", "name", "text"])
    sheet.append(["mate", "First\u200dMate", "Steer."])
    book.save(game / "crew.xlsx")
    _cards(game, "crew.xlsx")
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    said = (
        f"error: {game / 'crew.xlsx'}:2:2: decks[2].cards[0].name: the cell holds U+200D ZERO WIDTH JOINER "
        f"(an invisible format character) at character 6 {ALLOWED_CHARACTERS}"
    )
    assert said in err, err


@pytest.mark.parametrize("newline", ["\r\n", "\n"])
def test_a_line_break_saved_as_cr_lf_in_a_quoted_cell_is_a_line_break(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], newline: str
) -> None:
    """A spreadsheet program on Windows saves a cell of two lines as ``"Draw\\r\\na card."``
    (and, often, every row ending in CR LF): the CR was refused as a character the font lacks.
    It reads as YAML reads a line break, one line feed."""
    game = _game(tmp_path)
    csv = CSV.replace("Draw a card.", '"Draw\r\na card."').replace("\n", newline)
    (game / "crew.csv").write_bytes(csv.replace("\r\r\n", "\r\n").encode("utf-8"))
    bosun, _ = load_card_game(game).decks[2].cards
    assert bosun.text == "Draw\na card."
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 0, capsys.readouterr().err


def test_a_semicolon_csv_reads_a_decimal_comma(tmp_path: Path) -> None:
    """Where the decimal mark is a comma, a spreadsheet program saves 3.5 as ``3,5`` in a CSV of
    semicolons: a number column reads it as 3.5 (it used to stay text, refused as no number)."""
    game = _game(tmp_path, "key;name;cost;text\nbosun;Bosun;3,5;Draw 1,5 cards.\n")
    (bosun,) = load_card_game(game).decks[2].cards
    assert dict(bosun.fields)["cost"] == 3.5
    assert bosun.text == "Draw 1,5 cards."  # a text column keeps what is written


@pytest.mark.parametrize(
    ("cell", "thousand", "one"), [("1.000", 1000, "1"), ("12.500", 12500, "12.5")]
)
def test_a_thousands_separator_in_a_semicolon_csv_is_refused_at_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cell: str, thousand: int, one: str
) -> None:
    """``1.000`` in a semicolon file is one thousand to the designer who saved it, and was read
    as 1: refused, naming both readings."""
    game = _game(tmp_path, f"key;name;cost\nbosun;Bosun;{cell}\n")
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    said = f"error: {game / 'crew.csv'}:2:3: decks[2].cards[0].cost: {cell} could be {thousand} or {one}: "
    assert said in err and "(allowed: a number with no thousands separator" in err, err


def test_a_point_in_a_comma_csv_is_a_decimal_point(tmp_path: Path) -> None:
    game = _game(tmp_path, "key,name,cost\nbosun,Bosun,1.000\n")
    (bosun,) = load_card_game(game).decks[2].cards
    assert dict(bosun.fields)["cost"] == 1.0


def _merged_workbook(game: Path, merge: str) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["key", "name", "kind", "text"])
    sheet.append(["mate", "First Mate", "Crew", "Steer."])
    sheet.append(["cook", "Cook", None, None])
    sheet.append(["boy", "Cabin Boy", None, "Fetch."])
    sheet.merge_cells(merge)
    book.save(game / "crew.xlsx")
    _cards(game, "crew.xlsx")


def test_a_cell_merged_down_a_column_is_its_value_in_each_row(tmp_path: Path) -> None:
    """A designer writes Crew once and merges it down three cards: each of them is Crew, as
    the sheet shows (the rows under the first used to read as empty)."""
    game = _game(tmp_path)
    _merged_workbook(game, "C2:C4")
    cards = load_card_game(game).decks[2].cards
    assert [(c.name, c.kind) for c in cards] == [
        ("First Mate", "Crew"),
        ("Cook", "Crew"),
        ("Cabin Boy", "Crew"),
    ]
    assert [c.text for c in cards] == ["Steer.", "", "Fetch."]


@pytest.mark.parametrize(
    ("merge", "where", "said"),
    [
        (
            "C2:D2",
            "2:3: decks[2].cards[0].kind: ",
            "cells C2:D2 are merged across columns kind to text",
        ),
        ("C1:C3", "1:3: ", "cells C1:C3 are merged from the header into the rows below"),
    ],
)
def test_cells_merged_across_columns_or_from_the_header_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], merge: str, where: str, said: str
) -> None:
    game = _game(tmp_path)
    _merged_workbook(game, merge)
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert f"error: {game / 'crew.xlsx'}:{where}{said}, so no one field holds them" in err, err
