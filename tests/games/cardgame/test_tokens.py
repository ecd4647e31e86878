"""Token sets of a designer's game (``tokens:``) read from YAML or a CSV table as a deck's
cards are, and every mistake in them refused at its place by ``check`` as by ``build``."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.tokengame import GAME, changed, make_token_game
from tests.refusals import at

from pnpkit.app.cli import main
from pnpkit.errors import DataError
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.units import INCH, MM


def test_token_sets_are_read_with_their_fields_and_copies(tmp_path: Path) -> None:
    game = load_card_game(make_token_game(tmp_path))
    coins, tiles, crates, ships, crew = game.tokens
    assert [t.shape for t in game.tokens] == ["round", "hex", "square", "tent", "standee"]
    assert coins.size == pytest.approx((0.75 * INCH, 0.75 * INCH))
    assert (coins.front, coins.back) == ("layout:coin", "layout:coin-back")
    assert [(t.key, t.value, t.copies) for t in coins.tokens] == [
        ("one", "1", 12),
        ("five", "5", 6),
    ]
    assert crates.size == pytest.approx((20 * MM, 20 * MM))
    assert dict(crates.tokens[0].fields) == {"power": 2}
    assert ships.size == pytest.approx((INCH, 0.75 * INCH))
    assert ships.back == "layout:figure" and tiles.back == ""
    assert crew.size == pytest.approx((0.9 * INCH, 1.4 * INCH))


def test_tokens_come_from_a_csv_table_like_cards(tmp_path: Path) -> None:
    folder = make_token_game(tmp_path)
    tiles = load_card_game(folder).tokens[1]
    calm, storm = tiles.tokens
    assert (calm.name, dict(calm.fields), calm.copies) == ("Calm", {"power": 1}, 4)
    assert (storm.name, dict(storm.fields), storm.copies) == ("Storm", {"power": 3}, 3)
    assert storm.source == f"{folder / 'tiles.csv'}:3:1"


def value_at(path: Path, written: str) -> str:
    """``file:line:col`` of the value of the first ``key: value`` written so in ``path``."""
    file, line, col = at(path, written).rsplit(":", 2)
    return f"{file}:{line}:{int(col) + len(written.split(': ', 1)[0]) + 2}"


def _refused(folder: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_card_game(folder)
    return [str(p) for p in caught.value.problems]


def test_an_unknown_layout_is_refused_with_a_did_you_mean(tmp_path: Path) -> None:
    folder = changed(tmp_path, "front: coin\n", "front: coins\n")
    (said,) = _refused(folder)
    assert said.startswith(value_at(folder / "game.yaml", "front: coins") + ": ")
    assert "tokens[0].front: 'coins' is no layout of this game; did you mean 'coin'?" in said


def test_a_template_is_no_token_face(tmp_path: Path) -> None:
    folder = changed(
        tmp_path,
        "back: coin-back\n    tokens:\n      - {key: one",
        "back: generic\n    tokens:\n      - {key: one",
    )
    (said,) = _refused(folder)
    assert said.startswith(value_at(folder / "game.yaml", "back: generic") + ": tokens[0].back: ")
    assert "a token's face is drawn from a layout, not a template" in said


def test_a_round_token_has_one_size(tmp_path: Path) -> None:
    folder = changed(tmp_path, "size: 0.75in", "size: [1in, 2in]")
    (said,) = _refused(folder)
    assert said.startswith(at(folder / "game.yaml", "[1in, 2in]") + ": tokens[0].size: ")
    assert "a round token's size is one length, not [width, height]" in said


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("size: 0.75in", "size: 0.1in", "0.1in"),
        ("shape: round", "shape: oval", "'oval'"),
        ("size: [1in, 0.75in]", "size: [1in, 2in, 3in]", "has 3 lengths"),
    ],
)
def test_bad_sizes_and_shapes_are_refused_at_their_place(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    folder = changed(tmp_path, old, new)
    (said,) = _refused(folder)
    assert said.startswith(at(folder / "game.yaml", new.split(": ", 1)[1]) + ": tokens[")
    assert words in said


def test_a_bad_cell_of_a_token_table_is_refused_at_its_row(tmp_path: Path) -> None:
    folder = make_token_game(tmp_path)
    (folder / "tiles.csv").write_text("key,name,power,copies\ncalm,Calm,lots,4\n")
    (said,) = _refused(folder)
    assert said.startswith(f"{folder / 'tiles.csv'}:2:3: tokens[1].tokens[0].power: ")


def test_two_tokens_of_one_key_are_refused(tmp_path: Path) -> None:
    folder = changed(tmp_path, "{key: five,", "{key: one,")
    (said,) = _refused(folder)
    assert "tokens[0].tokens[1].key" in said and "'one'" in said


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], folder: Path) -> list[str]:
    capsys.readouterr()
    assert main(["check", folder.name, "--data", str(folder.parent)]) == 1
    out = tmp_path / "out"
    assert main(["build", folder.name, "--data", str(folder.parent), "--out", str(out)]) == 1
    assert not (out / folder.name).exists()
    err = capsys.readouterr().err.splitlines()
    half = len(err) // 2  # check's lines, then build's: the same problems
    return err[:half]


def test_a_token_too_big_for_the_paper_is_refused_at_its_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = changed(tmp_path / "data", "size: [0.9in, 1.4in]", "size: [0.9in, 5in]")
    err = _check(tmp_path, capsys, folder)
    where = at(folder / "game.yaml", "[0.9in, 5in]")
    said = [line for line in err if line.startswith(f"error: {where}: tokens[4].size: ")]
    assert said, err
    assert "each standee token prints as a 0.90 × 11.00 in piece" in said[0]


def test_a_field_the_set_lacks_is_refused_at_the_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = changed(tmp_path / "data", 'text: "{name}"\n', 'text: "{nmae}"\n')
    err = _check(tmp_path, capsys, folder)
    where = at(folder / "game.yaml", '- text: "{nmae}"').rsplit(":", 1)[0]
    said = [line for line in err if "names no field {nmae}" in line]
    assert said and said[0].startswith(f"error: {where}:"), err
    assert "did you mean {name}?" in said[0]
    assert ": Brig and 5 more tokens: text: " in said[0]  # said once for every token naming it


def test_text_that_does_not_fit_a_token_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long = "{key: brig, name: Brig of the long name and more words,"
    game = GAME.replace("{key: brig, name: Brig,", long).replace("[1in, 0.75in]", "[0.5in, 1in]")
    folder = make_token_game(tmp_path / "data", game=game)
    err = _check(tmp_path, capsys, folder)
    assert any("text does not fit" in line and "Brig of the long" in line for line in err), err


def test_a_good_token_game_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = make_token_game(tmp_path / "data")
    assert main(["check", folder.name, "--data", str(folder.parent)]) == 0


def test_check_names_a_token_field_no_layout_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = changed(
        tmp_path / "data",
        "      - {name: power, type: number, default: 0}\n",
        "      - {name: power, type: number, default: 0}\n      - {name: lore, type: text}\n",
    )
    capsys.readouterr()
    assert main(["check", folder.name, "--data", str(folder.parent)]) == 0
    out = capsys.readouterr()
    said = out.out + out.err
    assert "tokens[1].fields: not printed: lore: no layout of the set names it" in said


def test_tokens_come_from_a_sheet_of_the_decks_workbook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import openpyxl

    folder = changed(tmp_path / "data", "tokens: tiles.csv", "tokens: book.xlsx#Tiles")
    book = openpyxl.Workbook()
    crew = book.active
    assert crew is not None
    crew.title = "Crew"
    crew.append(["key", "name"])
    crew.append(["bosun", "Bosun"])
    tiles = book.create_sheet("Tiles")
    tiles.append(["key", "name", "power", "copies"])
    tiles.append(["calm", "Calm", 2, 3])
    book.save(folder / "book.xlsx")
    yaml = folder / "game.yaml"
    yaml.write_text(
        yaml.read_text().replace(
            "    cards:\n      - {key: bosun, name: Bosun}", "    cards: book.xlsx#Crew"
        )
    )
    game = load_card_game(folder)
    (calm,) = game.tokens[1].tokens
    assert (calm.name, dict(calm.fields), calm.copies) == ("Calm", {"power": 2}, 3)
    capsys.readouterr()
    assert main(["check", folder.name, "--data", str(folder.parent)]) == 0
    out = capsys.readouterr()
    assert "read by no deck" not in out.out + out.err  # the tokens read the second sheet


def test_a_token_may_name_its_own_layouts(tmp_path: Path) -> None:
    folder = changed(tmp_path, "{key: five, name: Five,", "{key: five, name: Five, template: tile,")
    five = load_card_game(folder).tokens[0].tokens[1]
    assert five.template == "layout:tile"
    bad = changed(
        tmp_path / "bad", "{key: five, name: Five,", "{key: five, name: Five, back: coin-bak,"
    )
    (said,) = _refused(bad)
    assert "tokens[0].tokens[1].back: 'coin-bak' is no layout of this game" in said
    assert "did you mean 'coin-back'?" in said


def test_a_game_prints_at_most_2000_tokens(tmp_path: Path) -> None:
    many = "".join(f"      - {{key: t{i}, name: T{i}, copies: 99}}\n" for i in range(21))
    folder = changed(tmp_path, "      - {key: rum, name: Rum, power: 2, copies: 10}\n", many)
    (said,) = _refused(folder)
    printed = 21 * 99 + 18 + 7 + 3 + 4  # and the other sets' tokens
    assert f"tokens: the token sets print {printed} tokens, copies included" in said
    assert "at most 2000 in a game" in said


def test_the_rulebooks_component_list_counts_the_tokens(tmp_path: Path) -> None:
    from pnpkit.games.cardgame.rulebook import components

    game = load_card_game(make_token_game(tmp_path))
    rows = [tuple(cell.text for cell in row) for row in components(game).rows]
    assert ("Coins tokens", "18") in rows and ("Sea tiles tokens", "7") in rows
    assert ("Crew tokens", "4") in rows and ("Crew cards", "1") in rows
