"""The helpers of the tests that break a private copy of one bundled game's data and expect
``pnpkit check`` to refuse it: exit 1, each problem at its place, never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpkit.app.cli import main


def game_copy(data_dir: Path, tmp_path: Path, game: str) -> Path:
    """A private copy of ``game``'s data folder (``tmp_path`` is the data folder)."""
    shutil.copytree(data_dir / game, tmp_path / game)
    return tmp_path / game


def check(capsys: pytest.CaptureFixture[str], game_dir: Path) -> tuple[int, list[str]]:
    """``pnpkit check`` of the copy at ``game_dir``: its exit code and its error lines."""
    capsys.readouterr()
    code = main(["check", game_dir.name, "--data", str(game_dir.parent)])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, [line for line in err.splitlines() if line.startswith("error:")]


def refused(capsys: pytest.CaptureFixture[str], game_dir: Path) -> list[str]:
    """The error lines of a ``check`` that must fail (exit 1)."""
    code, errors = check(capsys, game_dir)
    assert code == 1, errors
    return errors
