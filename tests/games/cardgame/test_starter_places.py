"""A designer's mistakes in the starter game (``pnpkit new salvage-run``) said where they are
written and in the designer's words: a trial found them at an element's first line, in points,
with names the designer never wrote (``footer``, ``cards/generic-back.svg.j2``), the icons as
what a span allows, a board cell's text at its row's first column, a card over 11 in told only
the schema's range and Jinja's own words for an unclosed ``{{``."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.test_starter_mistakes import _at, _check, _edit, _starter

from pnpkit.app.cli import main

FIELDS = "(allowed: accent, art, cost, icon, kind, name, text, value)"
"""The fields the starter's event layout may name: the built-in ones, the deck's and accent."""


def test_a_when_naming_no_field_is_said_at_the_when(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _starter(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, "when: art ", 'when: "knd = Event" ')
    where = _at(yaml, '"knd = Event"')
    assert _check(capsys, game) == [
        f"error: {where}: Squall and 1 more card: image.when: names no "
        f"field 'knd'; did you mean 'kind'? {FIELDS}"
    ]


def test_a_condition_of_a_list_is_said_at_its_item(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _starter(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, "when: art ", "when: [art, arts] ")
    assert _check(capsys, game) == [
        f"error: {_at(yaml, 'arts]')}: Squall and 1 more card: image.when: names no field "
        f"'arts'; did you mean 'art'? {FIELDS}"
    ]


def test_a_font_no_game_has_is_said_at_the_font_with_where_its_file_goes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _starter(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, '- text: "{name}"     # a field', '- text: "{name}"\n        font: pirata-one #')
    assert _check(capsys, game) == [
        f"error: {_at(yaml, 'pirata-one')}: Squall and 1 more card: text.font: 'pirata-one' is "
        "no font of this game: there is no assets/fonts/pirata-one.ttf (allowed: sans, serif, "
        "display, or a font of your own: its .ttf file in assets/fonts/, named for it "
        "(assets/fonts/pirata-one.ttf))"
    ]


def test_a_box_off_the_card_is_said_at_its_x_in_the_data_s_units(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _starter(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, "x: 70%", "x: 90%")
    assert _check(capsys, game) == [
        f"error: {_at(yaml, '90%')}: Squall and 1 more card: text.x: 90% + width 20% runs off the "
        "card's right edge by 10% (6.3 mm) (allowed: x + width at most 100% of the card's width "
        "(63.5 mm): with this width, x at most 80%)"
    ]


def test_a_box_too_tall_is_said_at_its_height_in_its_own_unit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """y left to its default, the height the data writes puts the box off: said there."""
    game = _starter(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, "        y: 21%\n        height: 5%\n", "        height: 4in\n")
    assert _check(capsys, game) == [
        f"error: {_at(yaml, '4in')}: Squall and 1 more card: text.height: 4in from y 0 runs off "
        "the card's bottom edge by 0.5in (12.7 mm) (allowed: height at most 100% of the card's "
        "height (88.9 mm))"
    ]


def test_a_token_s_box_is_said_off_the_token(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _starter(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, "        x: 15%\n        y: 25%\n", "        x: 45%\n        y: 25%\n")
    (error,) = _check(capsys, game)
    assert error.startswith(f"error: {_at(yaml, '45%')}: ")
    assert error.endswith(
        "text.x: 45% + width 70% runs off the token's right edge by 15% (2.9 mm) (allowed: x + "
        "width at most 100% of the token's width (19.0 mm): with this width, x at most 30%)"
    )


def test_a_designer_s_layout_is_told_only_the_fields_it_may_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The built-in front's own values (footer, footers, picture, picture_field, stats) are no
    field a layout of the designer's is given, nor one its errors list."""
    game = _starter(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, '- text: "{kind}"', '- text: "{knd}"')
    where = _at(yaml, 'text: "{knd}"')
    assert _check(capsys, game) == [
        f"error: {where}: Squall and 1 more card: text: names no field "
        f"{{knd}}; did you mean {{kind}}? {FIELDS}"
    ]


def test_the_unprinted_field_note_names_no_template_the_designer_never_wrote(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _starter(tmp_path)
    yaml = game / "game.yaml"
    _edit(
        yaml,
        "      - {name: art, type: image}\n    cards: fortune.csv",
        '      - {name: art, type: image}\n      - {name: flavour, type: text, default: "Salt"}\n'
        "    cards: fortune.csv",
    )
    capsys.readouterr()
    assert main(["check", "salvage-run", "--data", str(game.parent)]) == 0
    notes = [line for line in capsys.readouterr().err.splitlines() if "not printed" in line]
    assert notes == [
        f"warning: {_at(yaml, 'key: fortune')}: decks[1].fields: not printed: flavour: no "
        "template of the deck (layout event) names it; name it, or remove it"
    ]


@pytest.mark.parametrize(
    ("span", "said"),
    [
        (
            '<span colour="#b22222" size="150%">3 hits',
            '<span colour="#b22222" size="150%"> is not closed on its line with </span> (a span '
            "cannot cross a line break: close it before the break and open another after it)",
        ),
        (
            '<span colour="#b22222" size="400%">3</span> hits',
            '<span colour="#b22222" size="400%">: size 400% is out of range (a span\'s size '
            "is 50%–300% of the text's)",
        ),
    ],
    ids=["open", "size"],
)
def test_a_span_problem_says_what_a_span_allows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, span: str, said: str
) -> None:
    game = _starter(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, "text: Draw a card. Your", f"text: 'Deal {span}' #")
    where = _at(yaml, "'Deal")
    assert _check(capsys, game) == [
        f"error: {where}: decks[0].cards[0].text: {said} (allowed: <span "
        'colour="#rrggbb" size="NN%">text</span>, the size 50%–300% of the text\'s, closed '
        "on its line, never inside another span)"
    ]


def test_a_board_cell_s_text_that_does_not_fit_is_said_at_its_cell(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _starter(tmp_path)
    word = "Supercalifragilisticexpialidociousnessly"
    _edit(game / "harbour.csv", "Isle,,Dig for gold", f"Isle,,{word}")
    assert _check(capsys, game) == [
        f"error: {game / 'harbour.csv'}:4:6: boards[0].cells[2].text: text does not fit: "
        f"'{word}' in 82 × 76 pt (allowed: shorter text: at 6 pt its first 32 characters fit "
        f"('{word[:32]}'); or a cell_size of at least 1.55in for all of it)"
    ]


@pytest.mark.parametrize(
    ("size", "needle", "field", "said"),
    [
        ("[9in, 12in]", "[9in", "card_size", "a 9.00 × 12.00 in card does not fit letter paper"),
        ("[9in, 50in]", "50in", "card_size[1]", "50in is larger than any paper"),
    ],
    ids=["over-11-in", "past-every-paper"],
)
def test_a_card_over_11_in_is_told_the_largest_each_paper_holds(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    size: str,
    needle: str,
    field: str,
    said: str,
) -> None:
    """Before, a side over 11 in was told the schema's range, 0.5in–11in, which promised sizes
    (an 11 in card) that fit no paper: it is told what the paper holds, as a card too big under
    11 in is."""
    game = _starter(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, "card_size: poker  ", f"card_size: {size}")
    (error,) = _check(capsys, game)
    assert error.startswith(f"error: {_at(yaml, needle)}: {field}: {said}")
    assert "11in" not in error
    if field == "card_size":
        assert error.endswith(
            "(allowed: on letter a card of at most 8.00 × 10.18 in or 7.68 × 10.50 in; on a4 at "
            "most 7.76 × 10.87 in or 7.44 × 11.19 in; on both at most 7.76 × 10.18 in or "
            "7.68 × 10.50 in (either way round))"
        )
    else:
        assert error.endswith(
            "(allowed: a card the paper holds: at most about 8 × 10 in on letter and a4)"
        )


@pytest.mark.parametrize(
    ("old", "new", "needle", "field", "said", "allowed"),
    [
        (
            "{{ crew.title }} deck",
            "{{ crew.title deck",
            "{{ crew.title deck",
            "list item",
            "'{{ crew.title deck (' is not closed: close it with }}",
            "{{ crew.title }}",
        ),
        (
            "{{ crew.gunner.cost }}.",
            "{{ crew.gunner.cost.",
            "{{ crew.gunner.cost.",
            "paragraph",  # the paragraph's third line, not its first
            "'{{ crew.gunner.cost. Then draw…' is not closed: close it with }}",
            "{{ crew.gunner.cost }}",
        ),
        (
            "{{ crew.title }} deck",
            "{{ crew.title deck }}",
            "{{ crew.title deck }}",
            "list item",
            "'{{ crew.title deck }}': 'deck' after crew.title is not read: a placeholder holds "
            "one name (then filters, each after a |)",
            "{{ crew.title }}",
        ),
    ],
    ids=["unclosed", "unclosed-on-a-later-line", "a-word-after-the-name"],
)
def test_a_placeholder_jinja_cannot_read_is_said_in_plain_words(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    old: str,
    new: str,
    needle: str,
    field: str,
    said: str,
    allowed: str,
) -> None:
    game = _starter(tmp_path)
    rules = game / "rules.md"
    _edit(rules, old, new)
    assert _check(capsys, game) == [
        f"error: {_at(rules, needle)}: {field}: placeholder: {said} (allowed: {allowed})"
    ]


def test_a_csv_cell_past_the_header_lists_the_columns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _starter(tmp_path)
    _edit(game / "fortune.csv", "downwind.,2,wave", "downwind.,2,wave,extra")
    assert _check(capsys, game) == [
        f"error: {game / 'fortune.csv'}:2:10: column 10: 'extra': this cell has no column name "
        "(allowed: a cell under one of the header's 9 columns (key, name, kind, value, cost, "
        "art, text, copies, icon), or a name for column 10 in row 1; text that holds a , in "
        'double quotes: "a, b")'
    ]
