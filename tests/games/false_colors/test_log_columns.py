"""An order slip has a line for every order: the most orders the game's fields allow (20, and 20
more while the Admiral is afloat) still make a slip a page holds (the captain's log held the
orders once, in columns a few points wide, and check had to refuse more than 13)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import DATA

from pnpkit.app.cli import main


def _game(tmp_path: Path, orders: int, admiral_orders: int = 1) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA / "false-colors", data / "false-colors")
    game = data / "false-colors" / "game.yaml"
    text = game.read_text()
    assert "\norders: 3 " in text and "\nadmiral_orders: 1 " in text
    text = text.replace("\norders: 3 ", f"\norders: {orders} ", 1)
    game.write_text(text.replace("\nadmiral_orders: 1 ", f"\nadmiral_orders: {admiral_orders} "))
    return data


def test_the_most_orders_build_on_both_papers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _game(tmp_path, 20, 20)
    assert main(["check", "--data", str(data)]) == 0, capsys.readouterr().err
    for paper in ("letter", "a4"):
        out = tmp_path / paper
        assert main(["build", "--data", str(data), "--out", str(out), "--paper", paper, "-q"]) == 0
