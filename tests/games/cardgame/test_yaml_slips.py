"""Slips a designer makes in YAML, done to the game ``pnpkit new`` writes: each is refused by
``check`` (exit 1) at its ``file:line:col``, with the field, what was read and what to write;
none passes silently (the QA trial's P3, P4 and P5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.app.cli import main

ALLOWED_CONDITIONS = (
    "(allowed: FIELD, not FIELD, FIELD = VALUE[, VALUE…] or FIELD != VALUE[, VALUE…])"
)
LAYOUT_COLOURS = '(allowed: #rrggbb, none, or "{field}" (a colour field or the accent))'
COLOURS = "(allowed: #rrggbb, e.g. #1f4e79)"


def _checked(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    mark: str,
    before: tuple[str, str] = ("", ""),
) -> tuple[list[str], str]:
    """``check`` of the new game with the first ``old`` of its game.yaml made ``new`` (after
    ``before``'s first was made its second): its error lines (exit 1 asserted), and
    ``file:line:col`` of the first ``mark`` from where ``new`` begins."""
    data = tmp_path / "data"
    assert main(["new", "salvage-run", "--data", str(data)]) == 0
    path = data / "salvage-run" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text and before[0] in text
    text = text.replace(before[0], before[1], 1).replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    offset = text.index(mark, text.index(new))
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    capsys.readouterr()
    assert main(["check", "salvage-run", "--data", str(data)]) == 1
    err = [line for line in capsys.readouterr().err.splitlines() if line.startswith("error: ")]
    return err, f"{path}:{line}:{column}"


@pytest.mark.parametrize(
    "condition",
    [
        "kind ==",
        "kind == Event",
        "= Event",
        "kind = = Event",
        "kind !=",
        "kind =! Event",
        "kind => 2",
        "kind = Event,",
    ],
)
def test_a_malformed_condition_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], condition: str
) -> None:
    new = f'when: "{condition}"'
    err, where = _checked(tmp_path, capsys, "when: art ", new + " ", '"')
    assert err == [
        f"error: {where}: layouts.event.elements[3].when: {condition!r} is not a condition "
        + ALLOWED_CONDITIONS
    ]


@pytest.mark.parametrize(
    ("old", "new", "field", "allowed"),
    [
        ('colour: "#7a4a1d"', "colour: #7a4a1d", "decks[0].colour", COLOURS),
        (
            'colour: "#ffffff"',
            "colour: #ffffff",
            "layouts.event.elements[1].colour",
            LAYOUT_COLOURS,
        ),
        ('fill: "#e8f1f5"', "fill: #e8f1f5", "boards[0].fill", COLOURS),
        (
            'background: "#fbf7ee"',
            "background: #fbf7ee",
            "layouts.frame.background",
            LAYOUT_COLOURS,
        ),
        ('stroke: "#7a5a00"', "stroke: #7a5a00", "layouts.coin.elements[0].stroke", LAYOUT_COLOURS),
        ('fill: "{accent}"', "fill: #7a4a1d", "layouts.event.elements[0].fill", LAYOUT_COLOURS),
        (
            "back: coin-back ",
            "back: coin-back\n    colour: #7a5a00 ",
            "tokens[0].colour",
            COLOURS,
        ),
        (
            "copies: 3 ",
            "copies: 3\n        colour: #7a5a00 ",
            "decks[0].cards[0].colour",
            COLOURS,
        ),
    ],
)
def test_an_unquoted_colour_is_refused_with_the_hint_to_quote_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    field: str,
    allowed: str,
) -> None:
    colour = new[new.index("#") :].split()[0]
    err, where = _checked(tmp_path, capsys, old, new, "#")
    assert err == [
        f"error: {where}: {field}: expected a colour, found empty (# starts a comment in YAML, "
        f'so {colour} is not read: write "{colour}" in quotes) {allowed}'
    ]


def test_an_unquoted_colour_of_a_field_the_deck_declares_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    declared = ("      - name: art\n", "      - {name: tint, type: colour}\n      - name: art\n")
    new = "copies: 3\n        tint: #7a5a00 "
    err, where = _checked(tmp_path, capsys, "copies: 3 ", new, "#", before=declared)
    assert err == [
        f"error: {where}: decks[0].cards[0].tint: expected a colour, found empty (# starts a "
        'comment in YAML, so #7a5a00 is not read: write "#7a5a00" in quotes) (allowed: #rrggbb)'
    ]


def test_a_background_left_empty_with_only_a_comment_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err, where = _checked(tmp_path, capsys, 'background: "#fbf7ee"', "background:", "#")
    assert err == [
        f"error: {where}: layouts.frame.background: expected a colour, found empty (# starts a "
        f"comment in YAML: nothing after it on the line is read) {LAYOUT_COLOURS}"
    ]


def test_an_unquoted_placeholder_colour_gets_the_hint_to_quote_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err, where = _checked(tmp_path, capsys, 'stroke: "{accent}"', "stroke: {accent}", "{")
    assert err == [
        f"error: {where}: layouts.frame.elements[0].stroke: expected a colour, found a mapping "
        f'({{accent}} unquoted is a mapping in YAML: write "{{accent}}" in quotes) '
        + LAYOUT_COLOURS
    ]
