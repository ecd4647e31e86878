"""A High Seas kit built once for the designer tests that only read it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.writing import ShippedKit


@pytest.fixture(scope="module")
def built_kit(shipped_kit: ShippedKit) -> Path:
    """An output folder holding the High Seas kit, built once for the test run (do not change
    it; copy it first)."""
    return shipped_kit("high-seas").parent


@pytest.fixture
def kit_copy(built_kit: Path, tmp_path: Path) -> Path:
    """A private copy of the built kit's output folder."""
    target = tmp_path / "output"
    shutil.copytree(built_kit, target)
    return target
