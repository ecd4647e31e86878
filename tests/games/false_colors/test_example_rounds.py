"""The rulebook's worked examples are told in rounds 5 and 9, with ships fighting: a truce that
covers such a round, or a game too short for it, prints an example the rules forbid, and is
refused at the field that makes it so."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import DATA
from tests.pdfread import page_texts

from pnpkit.app.cli import main


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str) -> str:
    data = tmp_path / "data"
    shutil.copytree(DATA / "false-colors", data / "false-colors")
    game = data / "false-colors" / "game.yaml"
    text = game.read_text()
    assert old in text
    game.write_text(text.replace(old, new, 1))
    capsys.readouterr()
    code = main(["check", "--data", str(data)])
    said = capsys.readouterr()
    return f"{code}\n{said.out}{said.err}"


def test_a_truce_over_an_examples_round_is_refused_at_truce_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = _check(tmp_path, capsys, "\ntruce_rounds: 1 ", "\ntruce_rounds: 6 ")
    assert said.startswith("1\n"), said
    assert (
        "game.yaml:10:15: truce_rounds: 6: the rulebook's example round is told in round 5, and "
        "its ships fight, but round 5 is a round of truce (allowed: at most 4 rounds of truce, "
        "or a rulebook example rewritten)"
    ) in said


def test_a_truce_before_the_examples_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = _check(tmp_path, capsys, "\ntruce_rounds: 1 ", "\ntruce_rounds: 4 ")
    assert said.startswith("0\n"), said


def test_an_example_seated_as_no_seating_table_allows_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The example of ships meeting sat three captains on seats 1, 2 and 3, which no chart
    allows: it now sits them on 1, 3 and 5 as the hex chart does, and a seating table that no
    longer allows that refuses the example."""
    data = tmp_path / "data"
    shutil.copytree(DATA / "false-colors", data / "false-colors")
    hex_chart = data / "false-colors" / "charts" / "hex.yaml"
    text = hex_chart.read_text()
    assert "seats: {ours: [0, 2, 4]}" in text
    hex_chart.write_text(text.replace("seats: {ours: [0, 2, 4]}", "seats: {ours: [0, 1, 2]}"))
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 1
    said = capsys.readouterr()
    assert (
        "game.yaml:71:3: charts: the rulebook's example of ships meeting seats 3 captains on "
        "seats 1, 3, 5, which no chart's seating table allows (allowed: seats a chart gives 3 "
        "captains (hex: 1, 2, 3), or a rulebook example rewritten)"
    ) in said.out + said.err


def test_the_printed_examples_seat_captains_as_the_table_allows(letter_kit: Path) -> None:
    text = " ".join(" ".join(page.split()) for page in page_texts(letter_kit / "rulebook.pdf"))
    assert "Round 9, three captains on the hex chart. Green's Frigate (5, seat 3), Blue's " in text
    assert "Sloop (4, seat 1) and Yellow's Sloop (seat 5)" in text
    assert "Round 5, two captains on the duel chart." in text
    assert "seat 2) all sail" not in text
