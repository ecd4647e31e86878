"""The captain's log has a column for every order: check refuses, at ``orders``, more than a
page's width holds at a writable width (20 orders made 21 columns a few points wide, whose
headings ran into each other, and check passed them)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import DATA

from pnpkit.app.cli import main


def _game(tmp_path: Path, orders: int) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA / "false-colors", data / "false-colors")
    game = data / "false-colors" / "game.yaml"
    text = game.read_text()
    assert "\norders: 3 " in text
    game.write_text(text.replace("\norders: 3 ", f"\norders: {orders} ", 1))
    return data


def test_orders_past_what_the_log_holds_are_refused_at_orders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _game(tmp_path, 20)
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 1
    said_out = capsys.readouterr()
    err = said_out.out + said_out.err  # a rule check's finding is listed on stdout
    said = (
        f"{data / 'false-colors' / 'game.yaml'}:7:9: orders: 20 orders and 1 more while the "
        "Admiral is afloat make 21 columns in the captain's log, each narrower than 24 pt to "
        "write an order in (allowed: orders + admiral_orders at most 13, what a page of letter "
        "and a4 holds)"
    )
    assert said in err, err


def test_the_most_orders_allowed_build_on_both_papers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _game(tmp_path, 12)
    assert main(["check", "--data", str(data)]) == 0, capsys.readouterr().err
    for paper in ("letter", "a4"):
        out = tmp_path / paper
        assert main(["build", "--data", str(data), "--out", str(out), "--paper", paper, "-q"]) == 0
