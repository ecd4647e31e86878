"""The False Colors kit on Letter, built once for every test that reads it back."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.writing import ShippedKit


@pytest.fixture(scope="session")
def letter_kit(shipped_kit: ShippedKit) -> Path:
    return shipped_kit("false-colors", "letter")
