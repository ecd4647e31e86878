"""The README's table of kits names every PDF each shipped game builds, and nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.writing import ShippedKit

from pnpkit.games import REGISTRY

README = Path(__file__).resolve().parents[2] / "README.md"


def listed(game: str) -> set[str]:
    text = README.read_text(encoding="utf-8")
    (row,) = [line for line in text.splitlines() if line.startswith(f"| `{game}`")]
    return set(re.findall(r"`([a-z0-9-]+\.pdf)`", row))


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_the_readme_lists_what_each_kit_holds(game: str, shipped_kit: ShippedKit) -> None:
    built = {path.name for path in shipped_kit(game).glob("*.pdf")}
    assert built and listed(game) == built
