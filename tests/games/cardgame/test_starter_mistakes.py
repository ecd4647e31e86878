"""A designer's mistakes in the starter game (``pnpkit new salvage-run``), as ``pnpkit check``
says them: exit 1, each at its file:line:column (a CSV's row:column), with the field, the bad
value and what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.app.cli import main

GAME = "salvage-run"


def _starter(tmp_path: Path) -> Path:
    """A fresh starter game's folder."""
    data = tmp_path / "data"
    assert main(["new", GAME, "--data", str(data)]) == 0
    return data / GAME


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new))


def _at(path: Path, needle: str) -> str:
    """``path:line:column`` of the first ``needle`` in the file."""
    lines = path.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if needle in line)
    return f"{path}:{row + 1}:{lines[row].index(needle) + 1}"


def _check(capsys: pytest.CaptureFixture[str], game: Path) -> list[str]:
    """The error lines of ``pnpkit check``, which must exit 1."""
    capsys.readouterr()
    assert main(["check", GAME, "--data", str(game.parent)]) == 1
    return [line for line in capsys.readouterr().err.splitlines() if line.startswith("error: ")]


def test_a_missing_icon_file_is_named_where_the_icon_is_used(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Before, ``icon: coin`` with assets/icons/coin.svg gone read "unknown icon 'coin'; did
    you mean :crown:?": the file was never named, and the hint was text's form in a layout."""
    game = _starter(tmp_path)
    (game / "assets" / "icons" / "coin.svg").unlink()
    missing = "is no built-in emblem, and assets/icons/coin.svg does not exist"
    errors = _check(capsys, game)
    yaml = game / "game.yaml"
    lookout = _at(yaml, '"Look at')
    lookout = f"error: {lookout}: decks[0].cards[2].text: :coin: {missing}"
    assert any(line.startswith(lookout) for line in errors)
    assert any(
        line.startswith(f"error: {game / 'fortune.csv'}:3:7: decks[1].cards[1].text: :coin: ")
        and f"{missing}; did you mean :crown:? (allowed: icons: :skull:," in line
        for line in errors
    )
    for path in (yaml, game / "fortune.csv"):
        _edit(path, ":coin:", "gold")
    rules = game / "rules.md"
    errors = _check(capsys, game)
    assert f"error: {_at(rules, ':coin:')}: paragraph: :coin: {missing}" in "\n".join(errors)
    _edit(rules, ":coin:", "gold")
    errors = _check(capsys, game)
    assert len(errors) == 2
    for line, user in zip(
        errors, ("Squall and 1 more card", "One (back) and 1 more token"), strict=True
    ):
        assert f"{user}: icon: coin {missing}; did you mean icon: crown? " in line
        assert line.endswith("(allowed: skull, anchor, star, wheel, crown, moon, cross, heart, "
                             "cannon, musket, cutlass, wave)")  # fmt: skip
    assert errors[0].startswith(f"error: {_at(yaml, 'icon: coin         #')}: ")
    assert errors[1].startswith(f"error: {_at(yaml, 'icon: coin')}: ")


@pytest.mark.parametrize(
    ("name", "old", "new", "field"),
    [
        ("game.yaml", "icon: star", "icon: ancor", "147:15: decks[0].cards[2].icon"),
        ("harbour.csv", "Dock,anchor,", "Dock,ancor,", "2:5: boards[0].cells[0].icon"),
    ],
)
def test_a_cards_or_cells_icon_whose_file_is_missing_is_named_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, old: str, new: str, field: str
) -> None:
    """A card's or a board cell's icon naming no emblem is an icon file; one that is not there
    is said so (before: "'ancor' is not known")."""
    game = _starter(tmp_path)
    _edit(game / name, old, new)
    (error,) = _check(capsys, game)
    assert error == (
        f"error: {game / name}:{field}: ancor is no "
        "built-in emblem, and assets/icons/ancor.svg does not exist; did you mean icon: anchor? "
        "(allowed: skull, anchor, star, wheel, crown, moon, cross, heart, cannon, musket, "
        "cutlass, wave, coin)"
    )


def test_a_misspelt_column_is_said_once_at_its_header_cell(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Before, a misspelt header (``cost`` written ``cots``) was one identical error per row."""
    game = _starter(tmp_path)
    table = game / "fortune.csv"
    header, *rows = table.read_text().splitlines()
    rows += [f"extra{i},Extra {i},Event,1,2,,Some text.,1,wave" for i in range(30)]
    table.write_text("\n".join([header.replace(",cost,", ",cots,"), *rows, ""]))
    (error,) = _check(capsys, game)
    assert error == (
        f"error: {table}:1:5: decks[1].cards[0].cots and {len(rows) - 1} more rows: unknown key; "
        "did you mean 'cost'? (allowed: art, back, colour, copies, cost, icon, key, kind, name, "
        "template, text, value)"
    )
    _edit(table, ",cots,", ",cost,")
    board = game / "harbour.csv"
    _edit(board, ",label,", ",lable,")
    (error,) = _check(capsys, game)
    cells = len(board.read_text().splitlines()) - 1
    assert error.startswith(
        f"error: {board}:1:4: boards[0].cells[0].lable and {cells - 1} more rows: unknown key; "
        "did you mean 'label'? (allowed: "
    )


@pytest.mark.parametrize(
    ("row", "cell", "said"),
    [
        ("0,6,", "6:1", "boards[0].cells[4].column: 0 is off the grid: columns count from 1"),
        ("8,0,", "6:2", "boards[0].cells[4].row: 0 is off the grid: rows count from 1"),
        ("8,7,", "6:2", "boards[0].cells[4].row: 7 is off the grid: the board has 6 rows"),
    ],
)
def test_a_cell_off_the_grid_is_told_the_boards_own_range(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, row: str, cell: str, said: str
) -> None:
    """Before, a cell at column 0 or row 0 was told the schema's "allowed: 1–40", whatever the
    board's size; now every cell off the grid is told the board's columns (rows)."""
    game = _starter(tmp_path)
    _edit(game / "harbour.csv", "\n8,6,", f"\n{row}")
    (error,) = _check(capsys, game)
    allowed = "1 to 8" if "column" in said else "1 to 6"
    assert error == f"error: {game / 'harbour.csv'}:{cell}: {said} (allowed: {allowed})"


def test_a_card_that_fits_letter_not_a4_is_told_each_papers_largest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Before, a 7.9 × 10 in card (Letter prints it) was offered the sizes both papers take,
    "on letter and a4 alike", as if Letter refused it too."""
    game = _starter(tmp_path)
    _edit(game / "game.yaml", "card_size: poker  ", "card_size: [7.9in, 10in]")
    (error,) = _check(capsys, game)
    assert error == (
        f"error: {_at(game / 'game.yaml', '[7.9in')}: card_size: a 7.90 × 10.00 in card does not "
        "fit a4 paper inside the 0.25 in margin with the calibration ruler on a portrait duplex "
        "sheet (allowed: on a4 a card of at most 7.76 × 10.87 in or 7.44 × 11.19 in; on letter at "
        "most 8.00 × 10.18 in or 7.68 × 10.50 in; on both at most 7.76 × 10.18 in or "
        "7.68 × 10.50 in (either way round))"
    )


def test_a_condition_naming_no_field_is_said_as_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A trial found ``when: "knd = Event"`` said as ``image: names no field {knd}``: braces
    the designer never wrote, under the element's kind. It names the key now."""
    game = _starter(tmp_path)
    _edit(game / "game.yaml", "when: art ", 'when: "knd = Event" ')
    errors = _check(capsys, game)
    assert any(
        "Squall and 1 more card: image.when: names no field 'knd'; did you mean 'kind'? " in line
        for line in errors
    ), errors
    assert not any("{knd}" in line for line in errors)
