"""Fixtures shared across the suite. Keep this small: one fixture per need."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "data"


@pytest.fixture
def data_dir() -> Path:
    """The shipped game data (read only)."""
    return DATA


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A private copy of the shipped data folder, for tests that break it on purpose."""
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


@pytest.fixture
def write_file(tmp_path: Path) -> Callable[[str, str], Path]:
    """``write_file("name.yaml", text)`` writes ``text`` under a temporary folder."""

    def write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    return write
