"""Fixtures shared across the suite. Keep this small: one fixture per need."""

from __future__ import annotations

import fcntl
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
def shipped_kit(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> ShippedKit:
    """``shipped_kit(game, paper="letter")``: the output folder of a shipped game's kit, built
    once per test run (the first worker to ask builds it while the others wait for it) and
    shared by every test that only reads it (copy it to change it)."""
    root = tmp_path_factory.getbasetemp()
    if worker_id != "master":  # pytest-xdist: every worker's folder is inside the run's
        root = root.parent
    kits = root / "shipped-kits"
    kits.mkdir(exist_ok=True)

    def kit(game: str, paper: str = "letter") -> Path:
        out = kits / f"{game}-{paper}"
        with open(kits / f"{game}-{paper}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            built = kits / f"{game}-{paper}.built"
            if not built.exists():
                shutil.rmtree(out, ignore_errors=True)  # a worker that died half way
                build_kits([game], DATA, out, paper, jobs=1)
                built.touch()
        return out / game

    return kit


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked slow run first: with pytest-xdist's work stealing, no long test is left to
    run alone on one core at the end while the other core idles."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
