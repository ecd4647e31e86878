"""The shipped High Seas data and its kit, read or built once per test module."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.writing import PlacedKit

from pnpkit.build.write import Written
from pnpkit.games.high_seas.load import load_high_seas
from pnpkit.games.high_seas.model import HighSeasGame
from pnpkit.layout.paper import LETTER

DATA = Path(__file__).resolve().parents[3] / "data" / "high-seas"


@pytest.fixture(scope="module")
def game() -> HighSeasGame:
    """The shipped game, as the loader reads it."""
    return load_high_seas(DATA)


@pytest.fixture(scope="module")
def kit(placed_kit: PlacedKit) -> dict[str, Written]:
    """The shipped kit on Letter, by file name."""
    return placed_kit("high-seas", LETTER)
