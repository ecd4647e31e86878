"""What ``check`` refuses in a broken copy of the Pirate Fleets data, each at its place."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.refused import game_copy, refused
from tests.writing import replace_once

from pnpkit.app.cli import main

GAME = "pirate-fleets"


@pytest.fixture
def game(data_dir: Path, tmp_path: Path) -> Path:
    return game_copy(data_dir, tmp_path, GAME)


def test_a_colour_key_used_twice_is_refused(capsys: pytest.CaptureFixture[str], game: Path) -> None:
    path = game / "game.yaml"
    line = replace_once(path, "{key: blue, ", "{key: red,  ")
    assert refused(capsys, game) == [
        f"error: {path}:{line}:11: colours[1].key: 'red' is already used by colours[0]"
    ]


ONE = "(allowed: rolls 1–6 of 1D6, each in one row, in order)"
TWO = "(allowed: rolls 2–12 of 2D6, each in one row, in order)"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    # the row at fault is the edited one, but for a gap: the row after it
    [
        (
            "{roll: 2, result: Market",
            "{roll: 1, result: Market",
            f"tables[0].rows[1].roll: 1: an earlier row already gives roll 1 {ONE}",
        ),
        (
            "{roll: 6+, result: Captain",
            "{roll: 7, result: Captain",
            f"tables[0].rows[5].roll: 1D6 cannot roll 7 {ONE}",
        ),
        (
            "{roll: 2-6, result",
            "{roll: 2-5, result",
            f"tables[1].rows[1].roll: 7: no row gives roll 6 {TWO}",
        ),
        (
            "{roll: 5, result: First Mate",
            "{roll: 5+, result: First Mate",
            f"tables[0].rows[4].roll: 5+ is open, but row 6 follows it {ONE}",
        ),
        (
            '{roll: 12, result: "Take 1',
            '{roll: 11, result: "Take 1',
            f"tables[1].rows[6].roll: 11: an earlier row already gives roll 11 {TWO}",
        ),
    ],
)
def test_a_dice_table_covers_every_roll_once(
    capsys: pytest.CaptureFixture[str], game: Path, old: str, new: str, message: str
) -> None:
    path = game / "tables.yaml"
    line = replace_once(path, old, new) + ("no row gives" in message)
    assert refused(capsys, game) == [f"error: {path}:{line}:16: {message}"]


def test_a_dice_table_whose_last_row_stops_short_is_refused(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    path = game / "tables.yaml"
    text = path.read_text(encoding="utf-8")
    last = next(line for line in text.splitlines() if "{roll: 12," in line)
    path.write_text(text.replace(last + "\n", ""), encoding="utf-8")
    line = replace_once(path, "{roll: 11,", "{roll: 11,")
    assert refused(capsys, game) == [
        f"error: {path}:{line}:16: tables[1].rows[5].roll: 11 is the last row: "
        f"no row gives roll 12 {TWO}"
    ]


def test_players_min_above_max_is_refused(capsys: pytest.CaptureFixture[str], game: Path) -> None:
    path = game / "game.yaml"
    line = replace_once(path, "players: {min: 2, max: 7}", "players: {min: 7, max: 2}")
    assert refused(capsys, game) == [
        f"error: {path}:{line}:10: players: min 7 is greater than max 2 (allowed: min at most max)"
    ]


def test_space_numbers_and_deck_counts_are_refused_at_their_lines(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    spaces, supply = game / "spaces.yaml", game / "supply.yaml"
    replace_once(spaces, "  - [2, merchant, 3, P", "  - [40, merchant, 3, P")
    count = replace_once(supply, "count: 59", "count: 58")
    capsys.readouterr()
    assert main(["check", GAME, "--data", str(game.parent)]) == 1
    out = capsys.readouterr()
    lines = (out.out + out.err).splitlines()
    assert [line for line in lines if "problem" not in line] == [
        f"{spaces}:3:3: space-numbers: no space numbered 2",
        f"{spaces}:4:5: space-numbers: space numbers 40 are off the board (allowed: 1–36)",
        f"{supply}:{count}:8: supply-count: the supply deck has 59 cards, the rules list 58",
    ]


def test_a_dice_table_row_that_cannot_be_read_is_refused_alone(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    """Coverage is not checked when a row could not be read (its roll is unknown); found by
    the data fuzz test, which once met an IndexError here."""
    path = game / "tables.yaml"
    old = '{roll: 2-6, result: "Nothing happens."}'
    line = replace_once(path, old, f"[{old}]")
    assert refused(capsys, game) == [
        f"error: {path}:{line}:9: tables[1].rows[0]: expected a mapping of fields, found a list"
    ]


def test_an_escape_quoted_by_an_action_without_one_is_refused_at_its_text(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    """The Fleet's text quotes ``{{ escape }}``: without its ``escape`` number, check names the
    effect and the summary at their lines, never a blank on the print."""
    path = game / "actions.yaml"
    replace_once(path, "    escape: 6\n", "")
    text = path.read_text(encoding="utf-8").splitlines()
    short = next(i for i, line in enumerate(text, 1) if "Escape on {{ escape }}+" in line)
    effect = short + 1
    assert refused(capsys, game) == [
        f"error: {path}:{short}:12: actions.fleet.short: placeholder: 'escape' is undefined",
        f"error: {path}:{effect}:13: actions.fleet.effect: placeholder: 'escape' is undefined",
    ]


def test_an_open_question_under_no_block_is_refused(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    """An open question prints under the reference card's block its ``at`` names: a block the
    card does not have is refused at the field, naming the blocks there are."""
    path = game / "game.yaml"
    line = replace_once(path, "  - at: tables.haven\n", "  - at: tables.harbor\n")
    (message,) = refused(capsys, game)
    assert message.startswith(
        f"error: {path}:{line}:9: open_questions[1].at: 'tables.harbor' is no block of the "
        "reference card (allowed: one of actions.merchant, "
    )
    assert "tables.haven, tables.treachery, reference.Goal, reference.Setup" in message
