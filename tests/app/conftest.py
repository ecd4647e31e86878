"""A High Seas kit built once for the designer tests that only read it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpkit.app.build import build_kits

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture(scope="module")
def built_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An output folder holding the High Seas kit (do not change it; copy it first)."""
    out = tmp_path_factory.mktemp("output")
    build_kits(["high-seas"], DATA, out)
    return out


@pytest.fixture
def kit_copy(built_kit: Path, tmp_path: Path) -> Path:
    """A private copy of the built kit's output folder."""
    target = tmp_path / "output"
    shutil.copytree(built_kit, target)
    return target
