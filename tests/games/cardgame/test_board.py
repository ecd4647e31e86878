"""A designer's boards (``boards:`` in a ``kit: cards`` game): tiled at the declared pitch,
whole cells on every sheet, an assembly page, byte-identical rebuilds, and every bad board at
``file:line:col`` (a table's cell at ``file:row:column``)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.games.cardgame.opendeck import make_game
from tests.pdfread import Char, page_chars, page_texts
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.app.new_game import scaffold
from pnpkit.errors import DataError
from pnpkit.games.cardgame.board.model import MAX_EXTENT
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.layout.geometry import Rect
from pnpkit.render.drawable import GRID_COLOR
from pnpkit.units import INCH
from pnpkit.verify import verify_pdf
from pnpkit.verify.check import positions
from pnpkit.verify.content import read_page

BOARDS = """\
boards:
  - key: island
    title: The island
    columns: 10
    rows: 8
    cell_size: 1.25in
    cells: board.csv
    tracks:
      - {kind: score, first: 0, last: 39}
      - {kind: round, label: Round, first: 1, last: 12}
  - key: sea
    title: The sea
    grid: hex
    columns: 12
    rows: 10
    cell_size: 1in
    fill: "#dcecf7"
    cells:
      - {column: 1, row: 1, label: Port, icon: anchor, fill: "#f6e3a1"}
      - {column: 5, row: 4, label: Maelstrom, text: Lose a turn, icon: skull, fill: "#27445e"}
  - key: map
    title: The map
    picture: ship.png
    width: 12in
    height: 9in
"""
CELLS = """\
column,row,fill,label,icon,text
1,1,#f6e3a1,A1,anchor,Harbor
5,4,#2f6b3a,Forest,,Dense woods
10,8,#a33a2a,Volcano,skull,Keep out
"""


def _game(tmp_path: Path, boards: str = BOARDS, cells: str = CELLS) -> Path:
    game = make_game(tmp_path / "data")
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + boards)
    (game / "board.csv").write_text(cells, encoding="utf-8")
    return game


def _build(tmp_path: Path, out: str = "out") -> Path:
    assert main(["build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / out)]) == 0
    return tmp_path / out / "open-seas"


def _gaps(pdf: Path, axis: str) -> set[float]:
    """The distances between neighbouring grid lines on every sheet (not the assembly page)."""
    reader = PdfReader(str(pdf))
    found: set[float] = set()
    for page in reader.pages[:-1]:
        xs = positions(read_page(reader, page).segments, GRID_COLOR, axis)
        found |= {round(b - a, 3) for a, b in itertools.pairwise(xs)}
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp_path = tmp_path_factory.mktemp("boards")
    _game(tmp_path)
    return _build(tmp_path)


def test_each_board_is_one_tiled_pdf_with_an_assembly_page(built: Path) -> None:
    for key in ("island", "sea", "map"):
        pdf = built / f"{key}-board.pdf"
        assert verify_pdf(pdf) == []
        texts = page_texts(pdf)
        sheets = len(texts) - 1
        assert sheets >= 2
        assert all(f"sheet {n} of {sheets}" in texts[n - 1] for n in range(1, sheets + 1))
        assert "assembly" in texts[-1] and "Glue sheet 2" in texts[-1]


def test_a_square_board_prints_its_cell_size_both_ways(built: Path) -> None:
    """Measured from the PDF: 90.000 pt (1.25 in) between grid lines across and down."""
    pdf = built / "island-board.pdf"
    assert _gaps(pdf, "x") == {1.25 * INCH}
    assert _gaps(pdf, "y") == {1.25 * INCH}


def test_a_hex_board_prints_its_width_across_the_flats(built: Path) -> None:
    """Measured from the PDF: 72.000 pt (1 in) between the unshifted rows' vertical sides."""
    assert _gaps(built / "sea-board.pdf", "x") == {1.0 * INCH}


def test_a_board_prints_its_words_and_tracks(built: Path) -> None:
    island = "\n".join(page_texts(built / "island-board.pdf")[:-1])
    for words in ("Volcano", "Keep out", "Dense woods", "Round", "39"):
        assert words in island
    assert "Maelstrom" in "\n".join(page_texts(built / "sea-board.pdf"))


def test_a_rebuild_is_byte_identical(built: Path) -> None:
    again = _build(built.parents[1], "again")
    for key in ("island", "sea", "map"):
        name = f"{key}-board.pdf"
        assert (again / name).read_bytes() == (built / name).read_bytes()


def _problems(tmp_path: Path, boards: str, cells: str = CELLS) -> list[str]:
    game = _game(tmp_path, boards, cells)
    with pytest.raises(DataError) as caught:
        load_card_game(game)
    return [str(problem) for problem in caught.value.problems]


def _board(body: str) -> str:
    return "boards:\n  - key: b\n    title: B\n" + body


def test_a_cell_off_the_grid_is_refused_at_its_row(tmp_path: Path) -> None:
    cells = "column,row,label\n1,1,A1\n5,2,E2\n"
    (problem,) = _problems(
        tmp_path, _board("    columns: 4\n    rows: 3\n    cells: board.csv\n"), cells
    )
    assert "board.csv:3:1" in problem  # row 3 of the table, its column cell
    assert "5 is off the grid: the board has 4 columns" in problem and "1 to 4" in problem


def test_a_cell_given_twice_is_refused(tmp_path: Path) -> None:
    body = "    columns: 4\n    rows: 3\n    cells:\n      - {column: 2, row: 1}\n"
    body += "      - {column: 2, row: 1, text: Again}\n"
    (problem,) = _problems(tmp_path, _board(body))
    assert "game.yaml:" in problem and "cells[1]" in problem
    assert "column 2, row 1 is given twice (first at " in problem


def test_two_cells_labelled_alike_are_refused(tmp_path: Path) -> None:
    body = "    columns: 4\n    rows: 3\n    cells:\n      - {column: 1, row: 1, label: Cave}\n"
    body += "      - {column: 3, row: 2, label: Cave}\n"
    (problem,) = _problems(tmp_path, _board(body))
    assert "cells[1].label" in problem and "'Cave' labels two cells" in problem
    assert "a label no other cell of the board has" in problem


def test_an_unknown_icon_says_which_it_meant(tmp_path: Path) -> None:
    body = "    columns: 4\n    rows: 3\n    cells:\n      - {column: 1, row: 1, icon: ancor}\n"
    (problem,) = _problems(tmp_path, _board(body))
    assert "cells[0].icon" in problem and "did you mean icon: anchor?" in problem


def test_a_missing_picture_is_refused(tmp_path: Path) -> None:
    body = "    picture: chart.png\n    width: 20in\n    height: 15in\n"
    (problem,) = _problems(tmp_path, _board(body))
    assert "picture" in problem and "chart.png" in problem and "does not exist" in problem


def test_a_board_too_big_is_refused(tmp_path: Path) -> None:
    """The limit: 40 columns and rows, and 40 in a side, tracks included."""
    (problem,) = _problems(tmp_path, _board("    columns: 36\n    rows: 10\n"))
    assert "cell_size" in problem and "45in × 12.5in" in problem.replace(".00", "")
    assert f"larger than {MAX_EXTENT / INCH:g}in a side" in problem
    (problem,) = _problems(tmp_path / "2", _board("    columns: 41\n    rows: 10\n"))
    assert "columns" in problem and "41" in problem


def test_a_track_longer_than_the_edge_is_refused(tmp_path: Path) -> None:
    body = "    columns: 4\n    rows: 3\n    tracks:\n      - {kind: score, first: 0, last: 30}\n"
    (problem,) = _problems(tmp_path, _board(body))
    assert "needs 31 boxes; the edge of a 4 × 3 board holds 18" in problem


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``pnpkit check`` says of the game, which it refuses."""
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    return capsys.readouterr().err


def test_check_refuses_words_too_long_for_their_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = "    columns: 4\n    rows: 3\n    cell_size: 0.5in\n    cells:\n"
    body += "      - {column: 1, row: 1, text: A very long sentence that cannot fit}\n"
    _game(tmp_path, _board(body))
    err = _check(tmp_path, capsys)
    assert "game.yaml:" in err and "text does not fit" in err


def test_two_boards_of_one_key_are_refused(tmp_path: Path) -> None:
    body = "    columns: 2\n    rows: 2\n  - key: b\n    title: C\n    columns: 2\n    rows: 2\n"
    (problem,) = _problems(tmp_path, _board(body))
    assert "boards[1].key" in problem and "game.yaml:" in problem


def test_a_picture_board_has_no_grid(tmp_path: Path) -> None:
    body = "    picture: ship.png\n    width: 20in\n    height: 15in\n    columns: 4\n"
    (problem,) = _problems(tmp_path, _board(body))
    assert "boards[0].columns" in problem and "a picture board has no grid" in problem


def test_a_picture_board_keeps_its_picture_s_proportions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ship.png is 64 × 48 px: 12in × 12in would stretch it."""
    body = "    picture: ship.png\n    width: 12in\n    height: 12in\n"
    _game(tmp_path, _board(body))
    problems = _check(tmp_path, capsys)
    assert "game.yaml:" in problems and "height:" in problems
    assert "would stretch ship.png (64 × 48 px) out of its proportions" in problems
    assert "a height of 9in for that width, or a width of 16in for that height" in problems


COIN = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
    '<circle cx="12" cy="12" r="10" fill="#c9a227"/>'
    '<text x="6" y="17" font-family="Source Sans Pro" font-size="8">1</text></svg>'
)


def test_a_cell_shows_an_icon_of_the_game_and_holds_its_words_to_6_pt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """coin.svg's 8-unit words in a 24-unit box: at 1.25 in cells (a 36 pt icon) they print
    at 12 pt; at 0.5 in cells (14.4 pt) at 4.8 pt, refused at the cell."""
    body = "    columns: 2\n    rows: 2\n    cell_size: {}\n    cells:\n"
    body += "      - {{column: 1, row: 1, icon: coin}}\n"
    game = _game(tmp_path, _board(body.format("1.25in")))
    (game / "assets" / "icons").mkdir()
    (game / "assets" / "icons" / "coin.svg").write_text(COIN, encoding="utf-8")
    built = _build(tmp_path)
    assert verify_pdf(built / "b-board.pdf") == []
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("cell_size: 1.25in", "cell_size: 0.5in"))
    problems = _check(tmp_path, capsys)
    assert "game.yaml:" in problems and "icon:" in problems and "coin" in problems


def test_cells_come_from_a_sheet_of_a_workbook(tmp_path: Path) -> None:
    from openpyxl import Workbook

    game = _game(tmp_path, _board("    columns: 4\n    rows: 3\n    cells: board.xlsx#Island\n"))
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Island"
    for row in (("column", "row", "label", "text"), (2, 3, "Cave", "Dark"), (9, 1, "Far", "")):
        sheet.append(row)
    book.save(game / "board.xlsx")
    with pytest.raises(DataError) as caught:
        load_card_game(game)
    (problem,) = caught.value.problems
    assert "board.xlsx#Island:3:1" in str(problem) and "9 is off the grid" in str(problem)
    sheet.delete_rows(3)
    book.save(game / "board.xlsx")
    (board,) = load_card_game(game).boards
    assert [(c.column, c.row, c.label, c.text) for c in board.cells] == [(2, 3, "Cave", "Dark")]


def test_a_hex_board_carries_no_track(tmp_path: Path) -> None:
    body = "    grid: hex\n    columns: 4\n    rows: 3\n    tracks:\n      - {kind: round}\n"
    (problem,) = _problems(tmp_path, _board(body))
    assert "tracks[0].kind" in problem and "a hex board carries no track" in problem


MARKER = re.compile(r"row \d+, col \d+")
"""The words under a sheet's number on an assembly page (the number, 12 pt, just before them)."""


def _markers_and_words(pdf: Path) -> tuple[list[Rect], list[Char]]:
    """The box each sheet marker of the assembly page (the last) covers (its circle, of radius
    11 pt round its number, and the words' tag under it), and every other character the page
    prints."""
    chars = page_chars(pdf, -1)
    text = "".join(c.text for c in chars)
    boxes: list[Rect] = []
    theirs: set[int] = set()
    for found in MARKER.finditer(text):
        start = found.start()
        while start and chars[start - 1].text.isdigit() and chars[start - 1].size == 12:
            start -= 1
        number = chars[start : found.start()]
        assert number, found.group(0)
        end = found.end()  # the words' own digits, not the next line's ("col 2" + "1. Glue")
        while chars[end - 1].size != chars[found.start()].size:
            end -= 1
        words = chars[found.start() : end]
        cx = (min(c.box[0] for c in number) + max(c.box[2] for c in number)) / 2
        cy = (min(c.box[1] for c in number) + max(c.box[3] for c in number)) / 2
        circle = Rect(cx - 11, cy - 11, cx + 11, cy + 11)
        tag = Rect(
            min(c.box[0] for c in words) - 2,
            min(c.box[1] for c in words) - 2,
            max(c.box[2] for c in words) + 2,
            max(c.box[3] for c in words) + 2,
        )
        boxes += [circle, tag]
        theirs |= set(range(start, end))
    others = [c for i, c in enumerate(chars) if i not in theirs and not c.text.isspace()]
    return boxes, others


STARTER_BOARDS = (
    (
        "      - {kind: score, first: 0, last: 27}   # numbered boxes round the board's edge\n",
        "      - {kind: score, first: 0, last: 27}\n"
        "      - {kind: round, label: Round, first: 1, last: 12}\n"
        "  - key: sea\n"
        "    title: The sea\n"
        "    grid: hex\n"
        "    columns: 6\n"
        "    rows: 5\n"
        "    cell_size: 1.25in\n"
        '    fill: "#cfe3f0"\n'
        "    cells: harbour.csv\n",
    ),
)
"""The starter's harbour with a round track too, and a hex board of its cells (the designer's
trial that found markers over a track's boxes and over a cell's words)."""


@pytest.fixture(scope="module")
def starter_boards(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    data = tmp_path_factory.mktemp("starter") / "data"
    scaffold(data, "salvage-run", None)
    game = data / "salvage-run"
    for old, new in STARTER_BOARDS:
        replace_once(game / "game.yaml", old, new)
    replace_once(game / "harbour.csv", "8,1,", "6,1,")  # on the 6 × 5 hex board too
    replace_once(game / "harbour.csv", "8,6,", "6,5,")
    kits = {}
    for paper in ("letter", "a4"):
        out = data.parent / paper
        assert main(["build", "--data", str(data), "--out", str(out), "--paper", paper]) == 0
        kits[paper] = out / "salvage-run"
    return kits


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("key", ["harbour", "sea"])
def test_an_assembly_pages_markers_cover_no_word_of_the_board(
    starter_boards: dict[str, Path], paper: str, key: str
) -> None:
    """Each sheet's number on the assembly page stands where the board prints no word (a
    cell's label or text, a track's numbers), on a square board with both tracks and on a hex
    board, on either paper."""
    pdf = starter_boards[paper] / f"{key}-board.pdf"
    boxes, words = _markers_and_words(pdf)
    assert len(boxes) == 2 * (len(PdfReader(str(pdf)).pages) - 1)  # every sheet's marker
    assert len(words) > 40  # the board's words are read (the page's own too)
    for box in boxes:
        for char in words:
            assert box.intersect(Rect(*char.box)) is None, (char, box)
