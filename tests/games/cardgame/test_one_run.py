"""Every problem of a card game in one run (the QA trial's P1): mistakes in several files, and
several in one, are all said by the first ``check`` (and ``build``), none only once another is
fixed; a part a problem keeps from being read (a row, a card, a layout's element) is left out
and the rest is looked at, and nothing is said twice or said of what the mistake hides. Each
case starts from the game ``pnpkit new`` writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.app.cli import main

GAME = "salvage-run"


def _new(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    assert main(["new", GAME, "--data", str(data)]) == 0
    return data / GAME


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _at(path: Path, needle: str, mark: str = "") -> str:
    """``file:line:col`` of ``mark`` (else of ``needle``) in the first line holding ``needle``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines) if needle in line)
    return f"{path}:{row + 1}:{lines[row].index(mark or needle) + 1}"


def _coins_in_a_table(game: Path) -> None:
    """The coins' tokens read from ``coins.csv`` (which the test writes), not ``game.yaml``."""
    _edit(
        game / "game.yaml",
        "    tokens:\n      - {key: one, name: One, value: 1, copies: 12}\n"
        "      - {key: five, name: Five, value: 5, copies: 6}\n",
        "    tokens: coins.csv\n",
    )


def _said(game: Path, capsys: pytest.CaptureFixture[str], command: str) -> list[str]:
    """The error lines of ``command`` (check or build) of the game, exit 1 asserted, and its
    last line (the count) as its last item."""
    capsys.readouterr()
    extra = ["--out", str(game.parent.parent / "out")] if command == "build" else []
    assert main([command, GAME, "--data", str(game.parent), *extra]) == 1
    err = capsys.readouterr().err.splitlines()
    return [line for line in err if line.startswith("error: ")] + err[-1:]


def _places(lines: list[str]) -> list[str]:
    """Each error line cut after its ``file:line:col: field``."""
    return [
        line.removeprefix("error: ").split(": ")[0] + ": " + line.split(": ")[2] for line in lines
    ]


def test_five_mistakes_in_four_files_are_all_said_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """P1a: a misspelt layout key, a placeholder naming no field two lines below it, a CSV
    row a cell short, a board cell off the grid and a rules.md placeholder naming no card."""
    game = _new(tmp_path)
    yaml, fortune, harbour, rules = (
        game / f for f in ("game.yaml", "fortune.csv", "harbour.csv", "rules.md")
    )
    _edit(yaml, "valign: middle     # top", "valing: middle     # top")
    _edit(yaml, '- text: "{kind}"', '- text: "{knd}"')
    _edit(fortune, ",2,wave\n", ",2\n")
    _edit(harbour, "\n8,1,", "\n11,1,")
    _edit(rules, "crew.gunner.cost", "crew.guner.cost")
    expected = [
        f"{fortune}:2:9: decks[1].cards[0].icon",
        f"{_at(yaml, 'valing')}: layouts.event.elements[1].valing",
        f"{_at(yaml, '{knd}', 'text')}: Buried Treasure",
        f"{harbour}:3:1: boards[0].cells[1].column",
        f"{_at(rules, 'guner', '{{')}: paragraph",
    ]
    for command in ("check", "build"):
        said = _said(game, capsys, command)
        assert _places(said[:-1]) == expected, said
        assert "the row ends after 8 cells" in said[0]
        assert "unknown key; did you mean 'valign'?" in said[1]
        assert "names no field {knd}; did you mean {kind}?" in said[2]
        assert "11 is off the grid" in said[3]
        assert "crew has no card or value 'guner'; did you mean 'gunner'?" in said[4]
        assert said[-1] == "5 problems in 1 game"


def test_a_short_row_hides_no_other_row_of_its_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """P1b: the row a cell short is said, and the other rows of the file are read and held
    to their fields all the same."""
    game = _new(tmp_path)
    _coins_in_a_table(game)
    coins = game / "coins.csv"
    coins.write_text("key,name,value,copies\none,One,1,12\nfive,Five,5,0\nten,Ten,10\n")
    said = _said(game, capsys, "check")
    assert _places(said[:-1]) == [
        f"{coins}:3:4: tokens[0].tokens[1].copies",
        f"{coins}:4:4: tokens[0].tokens[2].copies",
    ]
    assert "0 is out of range" in said[0]
    assert "the row ends after 3 cells, so it has no cell for copies" in said[1]
    assert said[-1] == "2 problems in 1 game"


def test_a_missing_icon_file_is_said_everywhere_it_is_used_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """P1c: the card texts, the rule text and the layouts that show ``coin`` once
    assets/icons/coin.svg is gone, all in the first run."""
    game = _new(tmp_path)
    (game / "assets" / "icons" / "coin.svg").unlink()
    yaml, rules = game / "game.yaml", game / "rules.md"
    lines = rules.read_text(encoding="utf-8").splitlines()
    in_rules = [
        f"{rules}:{row + 1}:{line.index(':coin:') + 1}: paragraph"
        for row, line in enumerate(lines)
        if ":coin:" in line
    ]
    look = _at(yaml, "Gain :coin:", '"Look')
    said = _said(game, capsys, "check")
    assert _places(said[:-1]) == [
        f"{game / 'fortune.csv'}:3:7: decks[1].cards[1].text",
        f"{_at(yaml, '- icon: coin', 'icon')}: One (back) and 1 more token",
        f"{_at(yaml, '- icon: coin         #', 'icon')}: Squall",
        f"{look}: decks[0].cards[2].text",
        *in_rules,
    ]
    assert len(in_rules) == 2
    assert all("assets/icons/coin.svg does not exist" in line for line in said[:-1])
    assert said[-1] == "6 problems in 1 game"


def test_what_a_left_out_row_held_is_not_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A placeholder naming the card of a row left out is not refused (the card is there
    once the row is mended), nor is the whole deck said to have no cards; a placeholder of
    a deck read whole is judged as ever."""
    game = _new(tmp_path)
    fortune, rules = game / "fortune.csv", game / "rules.md"
    fortune.write_text(
        "key,name,kind,value,cost,art,text,copies,icon\nsquall,Squall,Event,,0,,Wind.,2\n"
    )
    _edit(rules, "{{ fortune.title }} card.", "{{ fortune.squall.name }} card.")
    _edit(rules, "crew.gunner.cost", "crew.gunner.cots")
    said = _said(game, capsys, "check")
    assert _places(said[:-1]) == [
        f"{fortune}:2:9: decks[1].cards[0].icon",
        f"{_at(rules, 'gunner.cots', '{{')}: paragraph",
    ]
    assert said[-1] == "2 problems in 1 game"


def test_a_deck_read_whole_is_quoted_whatever_its_mistakes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A card's value refused leaves the card in its deck: a placeholder naming no card of
    that deck is refused in the same run."""
    game = _new(tmp_path)
    yaml, rules = game / "game.yaml", game / "rules.md"
    _edit(yaml, "copies: 3          # how many", "copies: 300        # how many")
    _edit(rules, "crew.gunner.cost", "crew.guner.cost")
    said = _said(game, capsys, "check")
    assert _places(said[:-1]) == [
        f"{_at(yaml, 'copies: 300', '300')}: decks[0].cards[0].copies",
        f"{_at(rules, 'guner', '{{')}: paragraph",
    ]
    assert said[-1] == "2 problems in 1 game"


def test_a_text_above_a_broken_element_is_not_held_to_its_contrast(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The name band's fill refused leaves the white name on nothing known: only the fill is
    said (not the name's contrast with the card), and the next element's own mistake with it."""
    game = _new(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, 'fill: "{accent}"', 'fill: "#7a4a1"')
    _edit(yaml, '- text: "{kind}"', '- text: "{knd}"')
    said = _said(game, capsys, "check")
    assert len(said) == 3, said
    fill = _at(yaml, '"#7a4a1"')
    assert said[0].startswith(f"error: {fill}: layouts.event.elements[0].fill: ")
    assert said[1].startswith(f"error: {_at(yaml, '{knd}', 'text')}: ")
    assert said[-1] == "2 problems in 1 game"


def test_build_counts_one_problem_as_check_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """P19: ``build`` ends with the count line ``check`` ends with, one problem too."""
    game = _new(tmp_path)
    _edit(game / "game.yaml", '- text: "{kind}"', '- text: "{knd}"')
    for command in ("check", "build"):
        said = _said(game, capsys, command)
        assert len(said) == 2, said
        assert said[-1] == "1 problem in 1 game"


def test_a_malformed_row_is_named_by_its_record_as_the_other_rows_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A row a cell short, and one a cell long, are named by the full path of their record
    (``tokens[0].tokens[2].copies``, not ``copies``) in a token table and a board's table of
    cells alike; each keeps its index, so the row after them is named by its own."""
    game = _new(tmp_path)
    _coins_in_a_table(game)
    coins, harbour = game / "coins.csv", game / "harbour.csv"
    coins.write_text(
        "key,name,value,copies\none,One,1,12\n\nfive,Five,5,6\nten,Ten,10\n"
        "twenty,Twenty,20,2,extra\nfifty,Fifty,50,0\n"
    )
    _edit(harbour, "\n5,4,#cfe3c6,Cove,,\n", "\n5,4,#cfe3c6\n")
    allowed = "(allowed: a cell for each of the header's"
    for command in ("check", "build"):
        said = _said(game, capsys, command)
        assert said == [
            f"error: {coins}:5:4: tokens[0].tokens[2].copies: the row ends after 3 cells, so it "
            f"has no cell for copies {allowed} 4 columns (key, name, value, copies); a blank cell "
            "written as an empty field: a,,c)",
            f"error: {coins}:6:5: tokens[0].tokens[3]: 'extra' in column 5: this cell has no "
            "column name (allowed: a cell under one of the header's 4 columns (key, name, value, "
            'copies), or a name for column 5 in row 1; text that holds a , in double quotes: "a, '
            'b")',
            f"error: {coins}:7:4: tokens[0].tokens[4].copies: 0 is out of range (allowed: 1–99)",
            f"error: {harbour}:5:4: boards[0].cells[3].label: the row ends after 3 cells, so it "
            f"has no cell for label, icon, text {allowed} 6 columns (column, row, fill, label, "
            "icon, text); a blank cell written as an empty field: a,,c)",
            "4 problems in 1 game",
        ]


def test_a_layout_problem_of_several_tokens_counts_tokens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A problem of a layout said once for every face it hits counts what the faces are of: a
    token set's tokens, a deck's cards."""
    game = _new(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, '      - text: "{value}"', '      - text: "{valeu}"')
    token = _at(yaml, '"{valeu}"', "text")
    card = _at(yaml, '      - text: "{value}"', "text")
    said = _said(game, capsys, "check")
    assert said == [
        f"error: {token}: One and 1 more token: text: names no field {{valeu}}; did you mean "
        "{value}? (allowed: accent, icon, kind, name, text, title, value)",
        "1 problem in 1 game",
    ]
    _edit(yaml, '      - text: "{value}"', '      - text: "{valeu}"')
    said = _said(game, capsys, "check")
    assert said[0] == (
        f"error: {card}: Squall and 1 more card: text: names no field {{valeu}}; did you mean "
        "{value}? (allowed: accent, art, cost, icon, kind, name, text, value)"
    )
    assert said[1].startswith(f"error: {token}: One and 1 more token: text: ")


def test_a_board_cell_with_a_mistake_leaves_the_other_cells_laid_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cell off the grid (or one whose value is refused) is left out of the board, not the
    board: the words of its other cells are fitted in the same run."""
    game = _new(tmp_path)
    harbour = game / "harbour.csv"
    _edit(harbour, "\n8,1,", "\n11,1,")
    _edit(harbour, "\n5,4,#cfe3c6,Cove,,\n", "\n5,4,#cfe3c,Cove,,\n")
    _edit(harbour, "Dig for gold", "Dig WWWWWWWWWWWWWWWWWWWWWWWWW")
    for command in ("check", "build"):
        said = _said(game, capsys, command)
        assert said[:2] == [
            f"error: {harbour}:3:1: boards[0].cells[1].column: 11 is off the grid: the board has "
            "8 columns (allowed: 1 to 8)",
            f"error: {harbour}:4:6: boards[0].cells[2].text: text does not fit: 'Dig "
            "WWWWWWWWWWWWWWWWWWWWWWWWW' in 82 × 76 pt (allowed: shorter text: at 6 pt its first 3 "
            "characters fit ('Dig'); or a cell_size of at least 1.8in for all of it)",
        ]
        assert said[2].startswith(f"error: {harbour}:5:3: boards[0].cells[3].fill: ")
        assert said[-1] == "3 problems in 1 game"


def test_a_board_with_a_mistake_of_its_own_leaves_the_other_boards_laid_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A board whose own fields have a mistake (a score track too long for its edge) is left
    out; another board is laid out in the same run, but for its cell whose fill is refused."""
    game = _new(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, "last: 27}", "last: 99}")
    with yaml.open("a", encoding="utf-8") as out:
        out.write(
            "  - key: reef\n    title: The reef\n    columns: 3\n    rows: 3\n    cells:\n"
            '      - {column: 1, row: 1, text: "Dig WWWWWWWWWWWWWWWWWWWWWWWWW"}\n'
            '      - {column: 2, row: 2, fill: "#12345"}\n'
        )
    dig, fill = _at(yaml, '"Dig W'), _at(yaml, '"#12345"')
    said = _said(game, capsys, "check")
    assert said == [
        f"error: {_at(yaml, 'last: 99', '99')}: boards[0].tracks[0].last: a score track from 0 "
        "to 99 needs 100 boxes; the edge of a 8 × 6 board holds 32 (allowed: a last of at most "
        "31, or more columns and rows)",
        f"error: {dig}: boards[1].cells[0].text: text does not fit: 'Dig "
        "WWWWWWWWWWWWWWWWWWWWWWWWW' in 82 × 86 pt (allowed: shorter text: at 6 pt its first 3 "
        "characters fit ('Dig'); or a cell_size of at least 1.8in for all of it)",
        f"error: {fill}: boards[1].cells[1].fill: '#12345' is not a colour "
        "(allowed: #rrggbb, e.g. #1f4e79)",
        "3 problems in 1 game",
    ]
