"""The False Colors kit on Letter, built once for every test that reads it back."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.app.build import build_kits
from pnpkit.layout.paper import LETTER


@pytest.fixture(scope="session")
def letter_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("letter")
    build_kits(["false-colors"], Path(__file__).resolve().parents[3] / "data", out, LETTER)
    return out / "false-colors"
