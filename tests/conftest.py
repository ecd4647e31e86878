"""Fixtures shared across the suite. Keep this small: one fixture per need."""

from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.writing import PlacedKit, ShippedKit, build_kit

from pnpkit.app.build import build_kits
from pnpkit.app.settings import SETTINGS
from pnpkit.build.write import Written
from pnpkit.layout.offset import NO_OFFSET, BackOffset
from pnpkit.layout.paper import LETTER, Paper, by_name
from pnpkit.layout.print_settings import DEFAULTS

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "data"


def _source_digest() -> str:
    """A digest of pnpkit's own source (its modules and templates), as this checkout holds it."""
    digest = hashlib.sha256()
    for path in sorted((REPO / "src" / "pnpkit").rglob("*")):
        if path.suffix in {".py", ".j2", ".svg"} and path.is_file():
            digest.update(f"{path.relative_to(REPO)}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


# What the build keeps between runs (compiled templates, drawings of SVG faces) goes to a folder
# of the test runs, not to the user's cache. Kept drawings are keyed by pnpkit's version, which a
# change to the code does not bump: the folder is named after the source as it is, so a run never
# reads a drawing made by other code (an earlier commit, or another checkout of the same version).
os.environ.setdefault(
    "PNPKIT_CACHE_DIR",
    str(Path(tempfile.gettempdir()) / f"pnpkit-tests-{os.getuid()}-{_source_digest()}"),
)


@pytest.fixture(autouse=True)
def _no_print_settings_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads the print settings of the environment it runs in (``PNPKIT_PAPER``, …):
    a test that wants one sets it."""
    for setting in SETTINGS:
        monkeypatch.delenv(setting.variable, raising=False)


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


def _run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test run's temporary folder, shared by every pytest-xdist worker."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):  # every worker's folder is inside the run's
        root = root.parent
    return root


def _once(folder: Path, name: str, make: Callable[[Path], bytes]) -> bytes:
    """What ``make(folder / name)`` returned, made once per test run: the first worker to ask
    makes it while the others wait on a lock, then every worker reads the record it left."""
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        record = folder / f"{name}.record"
        if not record.exists():
            shutil.rmtree(folder / name, ignore_errors=True)  # a worker that died half way
            record.write_bytes(make(folder / name))
        return record.read_bytes()


@pytest.fixture(scope="session")
def shipped_kit(tmp_path_factory: pytest.TempPathFactory) -> ShippedKit:
    """``shipped_kit(game, paper="letter")``: the output folder of a shipped game's kit, built
    once per test run (the first worker to ask builds it while the others wait for it) and
    shared by every test that only reads it (copy it to change it)."""
    kits = _run_folder(tmp_path_factory) / "shipped-kits"
    kits.mkdir(exist_ok=True)

    def kit(game: str, paper: str = "letter") -> Path:
        def build(out: Path) -> bytes:
            build_kits([game], DATA, out, DEFAULTS.on(by_name(paper)), jobs=1)
            return b""  # the kit is the folder itself

        _once(kits, f"{game}-{paper}", build)
        return kits / f"{game}-{paper}" / game

    return kit


@pytest.fixture(scope="session")
def placed_kit(tmp_path_factory: pytest.TempPathFactory) -> PlacedKit:
    """``placed_kit(game, paper=LETTER, offset=NO_OFFSET)``: a shipped game's kit as
    :func:`tests.writing.build_kit` writes it (verified, with where every face went), file name
    → :class:`~pnpkit.build.write.Written`. Written once per test run, as ``shipped_kit`` is,
    for the tests that only read it."""
    kits = _run_folder(tmp_path_factory) / "placed-kits"
    kits.mkdir(exist_ok=True)

    def kit(game: str, paper: Paper = LETTER, offset: BackOffset = NO_OFFSET) -> dict[str, Written]:
        name = f"{game}-{paper.name}-{offset.x!r}-{offset.y!r}"
        record = _once(
            kits,
            name,
            lambda out: pickle.dumps(build_kit(game, DATA / game, out / game, paper, offset)),
        )
        return {w.path.name: w for w in pickle.loads(record)}

    return kit


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked slow run first: with pytest-xdist's work stealing, no long test is left to
    run alone on one core at the end while the other core idles."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
