"""Long commands show their progress: a bar on a terminal, plain lines elsewhere, quiet is quiet."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pnpkit.app.cli import main
from pnpkit.app.new_game import scaffold
from pnpkit.app.progress import progress


def test_a_terminal_gets_a_bar_and_the_lines() -> None:
    out = io.StringIO()
    with progress("build", 3, stream=out, terminal=True) as shown:
        shown.line("output/a.pdf")
        shown.advance(1, "a")
        shown.line("output/b.pdf")
        shown.reach(2, "b")
    text = out.getvalue()
    assert "output/a.pdf" in text and "output/b.pdf" in text
    assert "build" in text
    assert "3/3" in text  # the bar ends full
    assert "━" in text


def test_a_pipe_gets_plain_lines_only() -> None:
    out = io.StringIO()
    with progress("build", 3, stream=out, terminal=False) as shown:
        shown.line("output/a.pdf")
        shown.advance(3, "a")
    assert out.getvalue() == "output/a.pdf\n"


def test_quiet_shows_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    with progress("build", 3, quiet=True, terminal=True) as shown:
        shown.line("output/a.pdf")
        shown.advance(1)
    assert capsys.readouterr() == ("", "")


def test_build_and_export_print_a_line_as_each_piece_is_done(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, out = tmp_path / "data", tmp_path / "output"
    scaffold(data, "salvage-run", None)
    assert main(["build", "salvage-run", "--data", str(data), "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert str(out / "salvage-run" / "crew-cards.pdf") in lines
    assert lines[-1].startswith("wrote ")
    assert not any("━" in line for line in lines)  # not a terminal: no bar
    assert main(["build", "salvage-run", "--data", str(data), "--out", str(out), "-q"]) == 0
    assert capsys.readouterr() == ("", "")
    args = ["export", "salvage-run", "--data", str(data), "--out", str(out), "--format", "tts"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[:-1]] == [
        "salvage-run/crew",
        "salvage-run/fortune",
        "salvage-run/coins-tokens",
        "salvage-run/harbour-board",
    ]
    assert lines[-1].startswith("wrote ") and lines[-1].endswith("for 1 game")
