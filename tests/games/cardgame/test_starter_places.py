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
"""The fields the starter's event layout may name: the built-in ones, the deck's and accent.
The built-in front's own values (footer, footers, picture, picture_field, stats) are no field
a layout of the designer's is given, nor one its errors list."""
SPAN = (
    '(allowed: <span colour="#rrggbb" size="NN%">text</span>, the size 50%–300% of the '
    "text's, closed on its line, never inside another span)"
)
WORD = "Supercalifragilisticexpialidociousnessly"
CASES = [
    pytest.param(
        "game.yaml",
        "when: art ",
        'when: "knd = Event" ',
        '"knd = Event"',
        f"Squall and 1 more card: image.when: names no field 'knd'; did you mean 'kind'? {FIELDS}",
        id="when",
    ),
    pytest.param(
        "game.yaml",
        "when: art ",
        "when: [art, arts] ",
        "arts]",  # the list's item
        f"Squall and 1 more card: image.when: names no field 'arts'; did you mean 'art'? {FIELDS}",
        id="when-list",
    ),
    pytest.param(
        "game.yaml",
        '- text: "{kind}"',
        '- text: "{knd}"',
        'text: "{knd}"',
        f"Squall and 1 more card: text: names no field {{knd}}; did you mean {{kind}}? {FIELDS}",
        id="placeholder",
    ),
    pytest.param(
        "game.yaml",
        '- text: "{name}"     # a field',
        '- text: "{name}"\n        font: pirata-one #',
        "pirata-one",
        "Squall and 1 more card: text.font: 'pirata-one' is no font of this game: there is no "
        "assets/fonts/pirata-one.ttf (allowed: sans, serif, display, or a font of your own: its "
        ".ttf file in assets/fonts/, named for it (assets/fonts/pirata-one.ttf))",
        id="font",
    ),
    pytest.param(
        "game.yaml",
        "x: 70%",
        "x: 90%",
        "90%",
        "Squall and 1 more card: text.x: 90% + width 20% runs off the card's right edge by 10% "
        "(6.3 mm) (allowed: x + width at most 100% of the card's width (63.5 mm): with this "
        "width, x at most 80%)",
        id="x",
    ),
    pytest.param(
        "game.yaml",
        "        y: 21%\n        height: 5%\n",
        "        height: 4in\n",
        "4in",  # y left to its default: the height written puts the box off
        "Squall and 1 more card: text.height: 4in from y 0 runs off the card's bottom edge by "
        "0.5in (12.7 mm) (allowed: height at most 100% of the card's height (88.9 mm))",
        id="height",
    ),
    pytest.param(
        "game.yaml",
        "        x: 15%\n        y: 25%\n",
        "        x: 45%\n        y: 25%\n",
        "45%",
        "One and 1 more token: text.x: 45% + width 70% runs off the token's right edge by 15% "
        "(2.9 mm) (allowed: x + width at most 100% of the token's width (19.0 mm): with this "
        "width, x at most 30%)",
        id="token-x",
    ),
    pytest.param(
        "game.yaml",
        "text: Draw a card. Your",
        'text: \'Deal <span colour="#b22222" size="150%">3 hits\' #',
        "'Deal",
        'decks[0].cards[0].text: <span colour="#b22222" size="150%"> is not closed on its line with </span> (a span '
        "cannot cross a line break: close it before the break and open another after it) "
        f"{SPAN}",
        id="span-open",
    ),
    pytest.param(
        "game.yaml",
        "text: Draw a card. Your",
        'text: \'Deal <span colour="#b22222" size="400%">3</span> hits\' #',
        "'Deal",
        'decks[0].cards[0].text: <span colour="#b22222" size="400%">: size 400% is out of range (a span\'s size is '
        f"50%–300% of the text's) {SPAN}",
        id="span-size",
    ),
    pytest.param(
        "harbour.csv",
        "Isle,,Dig for gold",
        f"Isle,,{WORD}",
        ":4:6",  # the text's cell, not the row's first
        f"boards[0].cells[2].text: text does not fit: '{WORD}' in 82 × 76 pt (allowed: shorter "
        f"text: at 6 pt its first 32 characters fit ('{WORD[:32]}'); or a cell_size of at least "
        "1.55in for all of it)",
        id="board-cell",
    ),
    pytest.param(
        "rules.md",
        "{{ crew.title }} deck",
        "{{ crew.title deck",
        "{{ crew.title deck",
        "list item: placeholder: '{{ crew.title deck (' is not closed: close it with }} "
        "(allowed: {{ crew.title }})",
        id="unclosed",
    ),
    pytest.param(
        "rules.md",
        "{{ crew.gunner.cost }}.",
        "{{ crew.gunner.cost.",
        "{{ crew.gunner.cost.",  # the paragraph's third line, not its first
        "paragraph: placeholder: '{{ crew.gunner.cost. Then draw…' is not closed: close it with "
        "}} (allowed: {{ crew.gunner.cost }})",
        id="unclosed-on-a-later-line",
    ),
    pytest.param(
        "rules.md",
        "{{ crew.title }} deck",
        "{{ crew.title deck }}",
        "{{ crew.title deck }}",
        "list item: placeholder: '{{ crew.title deck }}': 'deck' after crew.title is not read: a "
        "placeholder holds one name (then filters, each after a |) (allowed: {{ crew.title }})",
        id="word-after-the-name",
    ),
    pytest.param(
        "fortune.csv",
        "downwind.,2,wave",
        "downwind.,2,wave,extra",
        ":2:10",
        "decks[1].cards[0]: 'extra' in column 10: this cell has no column name (allowed: a cell "
        "under one of the "
        "header's 9 columns (key, name, kind, value, cost, art, text, copies, icon), or a name "
        'for column 10 in row 1; text that holds a , in double quotes: "a, b")',
        id="csv-cell-past-the-header",
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "needle", "said"), CASES)
def test_a_mistake_is_said_where_it_is_written(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    file: str,
    old: str,
    new: str,
    needle: str,
    said: str,
) -> None:
    """One edit of the starter, one error: at ``needle``'s place (or a table's ``:row:col``)."""
    game = _starter(tmp_path)
    path = game / file
    _edit(path, old, new)
    where = f"{path}{needle}" if needle.startswith(":") else _at(path, needle)
    assert _check(capsys, game) == [f"error: {where}: {said}"]


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
    ("size", "needle", "said"),
    [
        (
            "[9in, 12in]",
            "[9in",
            "card_size: a 9.00 × 12.00 in card does not fit letter paper inside the 0.25 in margin "
            "with the calibration ruler on a portrait duplex sheet (allowed: on letter a card of "
            "at most 8.00 × 10.18 in or 7.68 × 10.50 in; on a4 at most 7.76 × 10.87 in or 7.44 × "
            "11.19 in; on both at most 7.76 × 10.18 in or 7.68 × 10.50 in (either way round))",
        ),
        (
            "[9in, 50in]",
            "50in",
            "card_size[1]: 50in is larger than any paper (allowed: a card the paper holds: at "
            "most about 8 × 10 in on letter and a4)",
        ),
    ],
    ids=["over-11-in", "past-every-paper"],
)
def test_a_card_over_11_in_is_told_what_the_paper_holds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, size: str, needle: str, said: str
) -> None:
    """Before, a side over 11 in was told the schema's range, 0.5in–11in, which promised sizes
    (an 11 in card) that fit no paper: it is told the largest card each paper holds, as a card
    too big under 11 in is."""
    game = _starter(tmp_path)
    yaml = game / "game.yaml"
    _edit(yaml, "card_size: poker  ", f"card_size: {size}")
    assert _check(capsys, game) == [f"error: {_at(yaml, needle)}: {said}"]
