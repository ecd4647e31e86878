"""Fixtures shared across the suite. Keep this small: one fixture per need."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.writing import ShippedKit

from pnpkit.app.build import build_kits

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "data"

# compiled templates (pnpkit.render.template_cache) go to a folder of the test runs, not to the
# user's cache; a template's code is checked against its source, so a kept one is never stale
os.environ.setdefault(
    "PNPKIT_CACHE_DIR", str(Path(tempfile.gettempdir()) / f"pnpkit-tests-{os.getuid()}")
)


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


@pytest.fixture(scope="session")
def shipped_kit(tmp_path_factory: pytest.TempPathFactory) -> ShippedKit:
    """``shipped_kit(game, paper="letter")``: the output folder of a shipped game's kit, built
    once per test process and shared by every test that only reads it (copy it to change it)."""
    built: dict[tuple[str, str], Path] = {}

    def kit(game: str, paper: str = "letter") -> Path:
        if (game, paper) not in built:
            out = tmp_path_factory.mktemp(f"{game}-{paper}")
            build_kits([game], DATA, out, paper, jobs=1)
            built[game, paper] = out / game
        return built[game, paper]

    return kit


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked slow run first: with pytest-xdist's work stealing, no long test is left to
    run alone on one core at the end while the other core idles."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
