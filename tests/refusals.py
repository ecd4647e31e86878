"""What ``check`` and ``build`` refuse, read from the command line: the helpers of the tests
that break a copy of a game's data and expect each problem at its place."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpkit.app.cli import main

Capture = pytest.CaptureFixture[str]


def copy_game(data_dir: Path, tmp_path: Path, game: str) -> Path:
    """A private copy of the game's data folder, in ``tmp_path`` (the data folder)."""
    shutil.copytree(data_dir / game, tmp_path / game)
    return tmp_path / game


def at(path: Path, needle: str) -> str:
    """``file:line:col`` of the first ``needle`` in ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines) if needle in line)
    return f"{path}:{row + 1}:{lines[row].index(needle) + 1}"


def not_fitting(err: str) -> list[str]:
    """The lines of ``err`` that refuse text too long for its room, in order."""
    return [line for line in err.splitlines() if "does not fit" in line]


def run(capsys: Capture, *argv: str) -> tuple[int, list[str]]:
    """The command's exit code and the text it refused as too long."""
    capsys.readouterr()
    code = main(list(argv))
    return code, not_fitting(capsys.readouterr().err)


def build_refuses_what_check_refuses(capsys: Capture, game: str, data: Path, out: Path) -> None:
    """``check`` and ``build`` of ``game`` in ``data`` both exit 1, every refusal of the build
    (on Letter) is one of check's (which lays out on Letter and A4), and the build writes no
    PDF."""
    checked = run(capsys, "check", game, "--data", str(data))
    built = run(capsys, "build", game, "--data", str(data), "--out", str(out), "-q")
    assert checked[0] == built[0] == 1
    assert built[1] and set(built[1]) <= set(checked[1])
    assert not list(out.rglob("*.pdf"))
