"""Icon names: one rule (``markup.ICON_NAME``) for ``:name:`` in text and for the files of
``assets/icons/``. Text written as an icon that breaks the rule (``:Coin:``, ``:gold coin:``)
printed as written, without a word, and a file ``Gold Coin.svg`` could never be shown: both
are refused at their place, with the name to write; prose with colons is let be."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main
from pnpkit.load.markup import ICON_NAME, as_icon_name, problems_in

COIN = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="5" fill="#e0a010"/></svg>'
)
RULE = "icon names are lower-case letters, digits, - and _, starting with a letter"


def _game(tmp_path: Path, text: str, icons: tuple[str, ...] = ("coin.svg",)) -> Path:
    """The open deck with ``text`` on its first order card and ``icons`` in assets/icons/."""
    game = make_game(tmp_path / "data")
    (game / "assets" / "icons").mkdir()
    for name in icons:
        (game / "assets" / "icons" / name).write_text(COIN, encoding="utf-8")
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("text: Move two spaces.", f'text: "{text}"'))
    return game


def _where(game: Path, text: str) -> str:
    """``file:line:col`` of the quoted text on the first order card."""
    path = game / "game.yaml"
    lines = path.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if text in line)
    col = lines[row].index('"' + text) + 1
    return f"{path}:{row + 1}:{col}"


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str = "check") -> str:
    capsys.readouterr()
    args = ["--out", str(tmp_path / "out")] if command == "build" else []
    assert main([command, "--data", str(tmp_path / "data"), *args]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    return err


@pytest.mark.parametrize("written", [":coin.svg:", ":coin/../../etc:"])
def test_an_icon_with_path_characters_is_refused_like_a_file_name_listing_the_icons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str
) -> None:
    """``:coin/../../etc:`` printed as written with exit 0 where ``:coin.svg:`` was refused:
    both are refused the same way, with the icons the text may name."""
    game = _game(tmp_path, f"Gain {written} now.")
    err = _check(tmp_path, capsys)
    said = (
        f"error: {_where(game, 'Gain')}: decks[1].cards[0].text: {written} is not an icon name, "
        f"so it would print as written ({RULE}); did you mean :coin:? (allowed: icons: :skull:, "
    )
    assert said in err and ":wave:, :coin:)" in err, err


@pytest.mark.parametrize("command", ["check", "build"])
def test_an_icon_written_with_capitals_is_refused_with_the_name_to_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    game = _game(tmp_path, "Gain :Coin: now.")
    err = _check(tmp_path, capsys, command)
    said = (
        f"error: {_where(game, 'Gain')}: decks[1].cards[0].text: :Coin: is not an icon name, so "
        f"it would print as written ({RULE}); did you mean :coin:? (allowed: icons: :skull:, "
    )
    assert said in err and ":wave:, :coin:)" in err, err
    assert not (tmp_path / "out" / "open-seas").exists()


def test_an_icon_written_with_a_space_is_refused_in_a_card_table_at_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, "Sail.", icons=("gold-coin.svg",))
    path = game / "game.yaml"
    path.write_text(path.read_text() + "  - key: crew\n    title: Crew\n    cards: crew.csv\n")
    (game / "crew.csv").write_text("key,name,text\nbosun,Bosun,Take 2 :gold coin:.\n")
    err = _check(tmp_path, capsys)
    said = (
        f"error: {game / 'crew.csv'}:2:3: decks[2].cards[0].text: :gold coin: is not an icon "
        f"name, so it would print as written ({RULE}); did you mean :gold-coin:?"
    )
    assert said in err, err


def test_an_icon_file_whose_name_is_no_icon_name_is_refused_with_its_new_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, "Sail.", icons=("Gold Coin.svg", "coin.SVG", "coin.svg"))
    err = _check(tmp_path, capsys)
    icons = game / "assets" / "icons"
    assert (
        f"error: {icons / 'Gold Coin.svg'}: 'Gold Coin.svg' is not an icon's file name, so no "
        "text can show it; rename it gold-coin.svg (allowed: a file name of lower-case letters, "
        "digits, - and _, starting with a letter, ending in .svg: assets/icons/gold-coin.svg is "
        ":gold-coin:)"
    ) in err, err
    assert (
        f"error: {icons / 'coin.SVG'}: 'coin.SVG' is not an icon's file name, so no text can "
        "show it; rename it coin.svg (a file of that name is there already: keep one)"
    ) in err, err
    assert "2 problems in 1 game" in err, err


@pytest.mark.parametrize(
    "text",
    [
        "At 10:30 the tide turns.",
        "Note: Cost: 2 gold.",
        "Ready:Set:Go",
        "Step 1:Draw: a card.",
        "Choose one: attack or defend: not both.",
        "Gain :coin: and :star:.",
    ],
)
def test_prose_with_colons_is_let_be(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    _game(tmp_path, text)
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 0, capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (":Coin:", ":Coin: is not an icon name"),
        (":coin.svg:", ":coin.svg: is not an icon name"),
        (":coin/../../etc:", ":coin/../../etc: is not an icon name"),
        (":icons\\coin:", ":icons\\coin: is not an icon name"),
        (":STAR: at 10:30", ":STAR: is not an icon name"),
        ("**:Star:**", ":Star: is not an icon name"),
        (":coin::Star:", ":Star: is not an icon name"),
        (
            ":coins:",
            ":coins: is no built-in emblem, and assets/icons/coins.svg does not exist; did",
        ),
        (":kraken:", ":kraken: is no built-in emblem, and assets/icons/kraken.svg does not exist"),
    ],
)
def test_what_is_written_as_an_icon_is_held_to_the_rule(text: str, found: str) -> None:
    (problem,) = problems_in(text, ("star", "coin"))
    assert problem.startswith(found), problem


@pytest.mark.parametrize(
    ("written", "name"),
    [("Gold Coin", "gold-coin"), ("Münze", "munze"), ("2x", "icon-2x"), ("!!", "icon")],
)
def test_a_name_is_made_an_icon_name_by_the_one_rule(written: str, name: str) -> None:
    assert as_icon_name(written) == name
    assert re.fullmatch(ICON_NAME, name)
