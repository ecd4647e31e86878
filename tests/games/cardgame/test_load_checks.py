"""What the card game's loader refuses at the line that says it, once, rather than at every
card or never: markup in every printed text, field names Jinja already gives a template, a card
too small for the built-in front, numbers past the limit, tabs, empty list items of a table,
a card table linked out of the game folder; and ``{ours: …}`` on a field's default."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from jinja2.defaults import DEFAULT_NAMESPACE

from pnpkit.app.cli import main
from pnpkit.errors import DataError
from pnpkit.games.cardgame.faces import faces
from pnpkit.games.cardgame.load import _front_fits, load_card_game
from pnpkit.games.cardgame.model import HELPERS, LARGEST_NUMBER, RESERVED
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.model.cards import CardSize
from pnpkit.render.faces.renderer import FaceRenderer

GAME = """kit: cards
title: {title}
author: {author}
card_size: {size}
decks:
  - key: d
    title: {deck}
    fields: {fields}
    cards: {cards}
"""


def _write(tmp_path: Path, **given: str) -> tuple[Path, Path]:
    values = {
        "title": "M2",
        "author": "Me",
        "size": "poker",
        "deck": "D",
        "fields": "[]",
        "cards": "[{key: a, name: A}, {key: b, name: B}, {key: c, name: C}]",
    }
    values.update(given)
    game = tmp_path / "data" / "m"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(GAME.format(**values), encoding="utf-8")
    return tmp_path / "data", game / "game.yaml"


def _check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], **given: str
) -> tuple[int, list[str], Path]:
    data, path = _write(tmp_path, **given)
    capsys.readouterr()
    code = main(["check", "m", "--data", str(data)])
    return code, capsys.readouterr().err.splitlines(), path


def _errors(err: list[str]) -> list[str]:
    return [line for line in err if line.startswith("error:")]


# -- 4: markup of every printed text, at its own field ------------------------------------------


@pytest.mark.parametrize(
    ("given", "where", "message"),
    [
        ({"author": '"*Me* :nosuch:"'}, "3:9: author: :nosuch: is no built-in emblem", ""),
        ({"title": '"Ace *high"'}, "2:8: title: a * (italic) is not closed on its line", ""),
        ({"deck": '"**Deck"'}, "7:12: decks[0].title: a ** (bold) is not closed", ""),
        (
            {"cards": '[{key: b, name: "Ace *high", kind: "2 * 3 rule", value: ":Coin:"}]'},
            "9:28: decks[0].cards[0].name: a * (italic) is not closed",
            "decks[0].cards[0].kind: a * (italic) is not closed",
        ),
    ],
)
def test_markup_of_names_titles_and_author_is_checked_at_its_field(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    given: dict[str, str],
    where: str,
    message: str,
) -> None:
    """Before, a lone ``*`` vanished from the print and an unknown icon in the author was said
    once per card, at each card, under ``footer``."""
    code, err, path = _check(tmp_path, capsys, **given)
    assert code == 1
    errors = _errors(err)
    assert any(line.startswith(f"error: {path}:{where}") for line in errors), err
    assert "footer" not in "\n".join(err)
    if message:
        assert any(message in line for line in errors), err
    assert all(line.count("(allowed") == 1 for line in errors), err
    if "author" in given:
        assert len(errors) == 1, err  # not once per card


@pytest.mark.parametrize(
    ("value", "message"), [(":X:", ":X: is not an icon name"), ("2*", "a * (italic) is not")]
)
def test_a_value_is_held_to_markup_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str, message: str
) -> None:
    code, err, path = _check(tmp_path, capsys, cards=f'[{{key: b, name: B, value: "{value}"}}]')
    assert code == 1
    assert any(
        line.startswith(f"error: {path}:9:38: decks[0].cards[0].value: {message}") for line in err
    ), err


# -- 8: field names Jinja gives every template ------------------------------------------------


@pytest.mark.parametrize("name", ["namespace", "range", "none", "true", "loop", "cycler", "self"])
def test_a_field_named_as_a_jinja_name_is_refused_at_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    code, err, path = _check(
        tmp_path, capsys, fields=f"[{{name: '{name}', type: number, default: 2}}]"
    )
    assert code == 1
    assert _errors(err)[0].startswith(
        f"error: {path}:8:21: decks[0].fields[0].name: {name!r} is a name Jinja gives every "
        "template"
    ), err
    assert "generic-front" not in "\n".join(err)


def test_every_name_a_card_template_is_given_is_reserved(tmp_path: Path) -> None:
    """The helpers and globals of the renderer that draws a card game are all refused as field
    names: a helper added to the renderer fails here until the model reserves it."""
    given = set(FaceRenderer(game_dir=tmp_path).env.globals)
    assert given <= set(RESERVED), given - set(RESERVED)
    assert set(DEFAULT_NAMESPACE) <= set(RESERVED)
    assert given - set(DEFAULT_NAMESPACE) <= set(HELPERS)


# -- 11: a card too small for the built-in front ----------------------------------------------


@pytest.mark.parametrize("size", ["[0.6in, 0.6in]", "[7in, 0.8in]"])
def test_a_card_too_small_for_the_built_in_front_is_one_error_at_card_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str
) -> None:
    cards = "[{key: a, name: A, kind: Crew, icon: star}, {key: b, name: B}]"
    fields = "[{name: cost, type: number}]"
    code, err, path = _check(tmp_path, capsys, size=size, cards=cards, fields=fields)
    assert code == 1
    errors = _errors(err)
    assert len(errors) == 1, err
    assert errors[0].startswith(
        f"error: {path}:4:12: card_size: {size[1:-1].replace(', ', ' × ')} is too small for "
        "the built-in front"
    ), err
    assert not re.search(r"-\d", errors[0].split(": ", 2)[2]), err
    tall = re.search(r"at least ([\d.]+)in", errors[0])
    assert tall is not None, err
    # the size the message gives draws every card
    width = size[1:-1].split(", ")[0]
    (path.parent / "game.yaml").write_text(
        path.read_text().replace(size, f"[{width}, {tall.group(1)}in]")
    )
    capsys.readouterr()
    assert main(["check", "m", "--data", str(path.parent.parent)]) == 0, capsys.readouterr().err


def test_the_front_arithmetic_is_the_layouts(tmp_path: Path) -> None:
    """:func:`_front_fits` says what the built-in front draws: at the least height it allows,
    the renderer draws a card with a kind and an emblem; a hair lower, it has no room."""
    _, path = _write(tmp_path, cards="[{key: a, name: A, kind: Crew, icon: star, text: Go}]")
    game = load_card_game(path.parent)

    def draws(w: float, h: float) -> bool:
        try:
            faces(replace(game, card_size=CardSize("x", w, h)), DEFAULTS)
        except DataError:
            return False
        return True

    for w in (40.0, 100.0, 504.0):
        low, high = 36.0, 300.0
        for _ in range(30):
            middle = (low + high) / 2
            if _front_fits(w, middle, True, True, False):
                high = middle
            else:
                low = middle
        assert draws(w, high)
        assert not draws(w, low - 0.01)


# -- 12: the number limit ---------------------------------------------------------------------


def test_a_number_past_the_limit_says_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err, path = _check(
        tmp_path,
        capsys,
        fields="[{name: cost, type: number}]",
        cards="[{key: a, name: A, cost: 1234567890123456789}, {key: b, name: B, cost: -1.0e+10}]",
    )
    assert code == 1
    assert f"{LARGEST_NUMBER:,}" == "999,999,999"
    assert (
        f"error: {path}:9:37: decks[0].cards[0].cost: the number 1234567890123456789 is over "
        "the largest number allowed, 999,999,999 (allowed: e.g. 3 or 2.5, from -999,999,999 "
        "to 999,999,999)"
    ) in err, err
    assert any("is under the smallest number allowed, -999,999,999" in line for line in err), err


# -- 13: tabs, empty list items of a table ----------------------------------------------------


def test_tabs_in_printed_text_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err, path = _check(
        tmp_path, capsys, cards='[{key: a, name: A, text: "a\\tb\\t\\t\\t\\tc"}]'
    )
    assert code == 1
    assert any(
        line.startswith(f"error: {path}:9:37: decks[0].cards[0].text: a tab would print as one")
        for line in err
    ), err


@pytest.mark.parametrize("cell", ["p;;q", ";", "p;"])
def test_an_empty_item_of_a_list_cell_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cell: str
) -> None:
    data, path = _write(tmp_path, fields="[{name: tags, type: list}]", cards="cards.csv")
    (path.parent / "cards.csv").write_text(f"key,name,tags\na,A,{cell}\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "m", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert re.search(r"cards\.csv:2:3: decks\[0\]\.cards\[0\]\.tags\[\d\]: is empty", err), err


# -- 14: a card table linked out of the game folder -------------------------------------------


def test_a_card_table_linked_out_of_the_game_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, path = _write(tmp_path, cards="link.csv")
    other = data / "other"
    other.mkdir()
    (other / "fortune.csv").write_text("key,name\na,A\n", encoding="utf-8")
    (path.parent / "link.csv").symlink_to(Path("..") / "other" / "fortune.csv")
    capsys.readouterr()
    assert main(["check", "m", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert (
        f"error: {path}:9:12: decks[0].cards: 'link.csv' is a link that leads outside the game "
        "folder"
    ) in err, err


# -- 15: {ours: …} on a field's default -------------------------------------------------------


def test_a_default_may_be_marked_ours(tmp_path: Path) -> None:
    _, path = _write(
        tmp_path,
        fields="[{name: cost, type: number, default: {ours: 2}}]",
        cards="[{key: a, name: A}, {key: b, name: B, cost: 3}]",
    )
    game = load_card_game(path.parent)
    spec = game.decks[0].fields[0]
    assert spec.default == 2
    first, second = game.decks[0].cards
    assert dict(first.fields)["cost"] == 2 and first.ours.of("cost")
    assert dict(second.fields)["cost"] == 3 and not second.ours.of("cost")


def test_a_bad_marked_default_names_default_ours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err, _ = _check(
        tmp_path, capsys, fields="[{name: cost, type: number, default: {ours: x}}]"
    )
    assert code == 1
    assert any("decks[0].fields[0].default.ours: expected a number" in line for line in err), err
