"""The rulebook's worked examples are told in rounds 5 and 9, with ships fighting: a truce that
covers such a round, or a game too short for it, prints an example the rules forbid, and is
refused at the field that makes it so."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import DATA

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
