"""The numbers False Colors' rule text quotes, held to what the rules mean.

Before: ``truce_rounds`` (a count of opening rounds, as the round track tints them) printed as a
round number ("Round 3 is a truce", "Round 0 is a truce") and could outlast the game; an empty
storm printed "After rounds the storm takes the next ring"; ``wind_veers`` past the game's
rounds or not rising passed; the worked examples said "three cells", "second and third steps"
and "the Cutter sinks" whatever the roster said. All of it passed ``check``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.pdfread import text_of
from tests.refusals import at
from tests.writing import replace_once

from pnpkit.app.build import build_kits
from pnpkit.app.cli import main
from pnpkit.build.control import BuildControl
from pnpkit.games.false_colors.context import truce_words
from pnpkit.layout.paper import LETTER
from pnpkit.layout.print_settings import DEFAULTS

Capture = pytest.CaptureFixture[str]
RULE_PDFS = ("rulebook.pdf", "rules-card.pdf", "play-aids.pdf")


def _game(data: Path) -> Path:
    return data / "false-colors"


def _check(capsys: Capture, data: Path) -> tuple[int, list[str]]:
    capsys.readouterr()
    code = main(["check", "false-colors", "--data", str(data)])
    found = capsys.readouterr()
    lines = [line.removeprefix("error: ") for line in (found.out + found.err).splitlines()]
    return code, [line for line in lines if "seating report" not in line]


def _texts(data: Path, out: Path) -> dict[str, str]:
    """The words of the rulebook, the rules card and the play aids, read back from the PDFs
    (lines joined, as a reader reads across them)."""
    build_kits(
        ["false-colors"], data, out, DEFAULTS.on(LETTER), BuildControl(only=frozenset(RULE_PDFS))
    )
    return {name: " ".join(text_of(out / "false-colors" / name).split()) for name in RULE_PDFS}


def _set_truce(data: Path, count: int) -> None:
    replace_once(_game(data) / "game.yaml", "truce_rounds: 1 ", f"truce_rounds: {count} ")


# -- the truce: a count of opening rounds ---------------------------------------------------


def test_three_truce_rounds_print_as_rounds_1_to_3_everywhere(
    data_copy: Path, tmp_path: Path
) -> None:
    _set_truce(data_copy, 3)
    texts = _texts(data_copy, tmp_path)
    rulebook, card, aids = (texts[name] for name in RULE_PDFS)
    assert "All fleets move together. Rounds 1–3 are a truce." in rulebook
    assert "The truce. In rounds 1–3 nobody may sail onto an enemy" in rulebook
    assert "All move at once. Rounds 1–3 are a truce." in card
    assert "Truce: in rounds 1–3 no ship may sail onto an enemy" in card
    assert "the storm takes the next ring; rounds 1–3 are a truce." in aids
    for text in texts.values():
        assert not re.search(r"[Rr]ound 3 is a truce|[Ii]n round 3 no", text)


def test_no_truce_prints_no_truce_sentence(data_copy: Path, tmp_path: Path) -> None:
    _set_truce(data_copy, 0)
    texts = _texts(data_copy, tmp_path)
    rulebook, card, aids = (texts[name] for name in RULE_PDFS)
    assert "All fleets move together. 4." in rulebook  # the next step follows at once
    assert "All move at once. 4." in card
    assert "the storm takes the next ring. Playing with Wind" in aids
    for text in texts.values():
        assert "round 0" not in text.lower()
        assert "is a truce" not in text and "The truce." not in text and "Truce:" not in text
    assert "The truce is on unless" not in rulebook  # the option of a truce the game lacks


def test_the_shipped_truce_still_reads_round_1(letter_kit: Path) -> None:
    rulebook = " ".join(text_of(letter_kit / "rulebook.pdf").split())
    assert "All fleets move together. Round 1 is a truce." in rulebook
    assert "The truce. In round 1 nobody may sail onto an enemy" in rulebook
    assert "The truce is on unless the table drops it" in rulebook


@pytest.mark.parametrize("count", [24, 40])
def test_a_truce_as_long_as_the_game_is_refused_at_its_line(
    data_copy: Path, capsys: Capture, count: int
) -> None:
    game = _game(data_copy) / "game.yaml"
    _set_truce(data_copy, count)
    code, lines = _check(capsys, data_copy)
    assert code == 1
    line = at(game, "truce_rounds: ").rsplit(":", 1)[0]
    assert lines[0] == (
        f"{line}:15: truce_rounds: {count} rounds of truce leave no round to fight "
        "in a 24-round game (allowed: 0–23, fewer than the game's rounds)"
    )


# -- the storm ------------------------------------------------------------------------------


def test_an_empty_storm_is_refused_at_its_line(data_copy: Path, capsys: Capture) -> None:
    game = _game(data_copy) / "game.yaml"
    replace_once(game, "closes_after_rounds: [13, 18, 22]", "closes_after_rounds: []")
    code, lines = _check(capsys, data_copy)
    assert code == 1
    assert lines[0] == (
        f"{at(game, '[]')}: storm.closes_after_rounds: [] is empty: the storm would close no "
        "ring, yet the rules and charts print one (allowed: at least one round, rising, each 1 "
        "to the game's rounds, e.g. [13, 18, 22])"
    )


# -- the wind -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "needle", "says"),
    [
        (
            "[6, 12, 50]",
            "50",
            "numbers.wind_veers[2]: 50 is out of range (allowed: 1–24, the game's rounds)",
        ),
        (
            "[0, 12, 18]",
            "0,",
            "numbers.wind_veers[0]: 0 is out of range (allowed: 1–24, the game's rounds)",
        ),
        (
            "[12, 6, 6]",
            "[12",
            "numbers.wind_veers: [12, 6, 6] does not rise round by round "
            "(allowed: rounds in increasing order)",
        ),
        ("[]", "[]", "numbers.wind_veers: [] is empty (allowed: at least one round, 1–24, rising)"),
    ],
)
def test_wind_veers_are_held_like_the_storm_at_their_line(
    data_copy: Path, capsys: Capture, written: str, needle: str, says: str
) -> None:
    rules = _game(data_copy) / "rules.yaml"
    replace_once(rules, "wind_veers: [6, 12, 18]", f"wind_veers: {written}")
    code, lines = _check(capsys, data_copy)
    assert code == 1
    line = at(rules, "wind_veers: ").rsplit(":", 1)[0]
    col = rules.read_text().splitlines()[int(line.rsplit(":", 1)[1]) - 1].index(needle) + 1
    assert f"{line}:{col}: {says}" in lines


# -- the worked examples --------------------------------------------------------------------


def _cutter(data: Path, rating: int, moves: int) -> Path:
    roster = _game(data) / "roster.yaml"
    replace_once(
        roster, "    rating: 2\n    moves: 3\n", f"    rating: {rating}\n    moves: {moves}\n"
    )
    return roster


def test_a_cutter_that_would_win_the_example_fight_is_refused_at_her_rating(
    data_copy: Path, capsys: Capture
) -> None:
    roster = _cutter(data_copy, 5, 2)
    code, lines = _check(capsys, data_copy)
    assert code == 1
    # the first "rating: 5" is the Frigate's; the Cutter's is the one above "moves: 2"
    text = roster.read_text().splitlines()
    row = next(i for i, line in enumerate(text) if line == "    moves: 2") - 1
    where = f"{roster}:{row + 1}:{text[row].index('5') + 1}"
    assert lines == [
        f"{where}: ships[5].rating: 5: the Cutter attacking a Sloop (4) gives 'attacker wins', "
        "but the rulebook's example round tells 'attacker loses' (allowed: a rating below the "
        "Sloop's 4, or a rulebook example rewritten)",
        "1 problem in 1 game",
    ]


def test_a_frigate_no_stronger_than_a_sloop_is_refused_at_her_rating(
    data_copy: Path, capsys: Capture
) -> None:
    roster = _game(data_copy) / "roster.yaml"
    line = replace_once(roster, "    rating: 5\n", "    rating: 4\n")
    code, lines = _check(capsys, data_copy)
    assert code == 1
    assert lines[0] == (
        f"{roster}:{line}:13: ships[2].rating: 4: the Frigate attacking a Sloop (4) gives "
        "'both sink', but the rulebook's example of ships meeting tells 'attacker wins' "
        "(allowed: a rating above the Sloop's 4, or a rulebook example rewritten)"
    )


def test_a_cutter_of_one_cell_is_refused_at_her_moves(data_copy: Path, capsys: Capture) -> None:
    roster = _cutter(data_copy, 2, 1)
    code, lines = _check(capsys, data_copy)
    assert code == 1
    text = roster.read_text().splitlines()
    row = next(i for i, line in enumerate(text) if line == "    moves: 1" and "2" in text[i - 1])
    assert lines[0] == (
        f"{roster}:{row + 1}:12: ships[5].moves: 1 is too few for a cutter: the rules give her "
        "a second step (allowed: 2–12 for a cutter)"
    )


def test_the_cutters_run_follows_her_moves(data_copy: Path, tmp_path: Path) -> None:
    _cutter(data_copy, 2, 4)
    rulebook = _texts(data_copy, tmp_path)["rulebook.pdf"]
    assert "Cutters with steps left take their second, third and fourth steps." in rulebook
    assert "one Cutter four cells north to the ship waiting" in rulebook
    assert "The Cutter sails her four cells and attacks the waiting ship" in rulebook
    assert "three cells" not in rulebook and "second and third steps" not in rulebook


@pytest.mark.parametrize(
    ("count", "rounds", "sentence", "clause"),
    [
        (0, "", "", ""),
        (1, "round 1", "Round 1 is a truce.", "; round 1 is a truce"),
        (3, "rounds 1–3", "Rounds 1–3 are a truce.", "; rounds 1–3 are a truce"),
    ],
)
def test_the_truce_is_named_from_its_count(
    count: int, rounds: str, sentence: str, clause: str
) -> None:
    words = truce_words(count)
    assert (words["rounds"], words["sentence"], words["clause"]) == (rounds, sentence, clause)
