"""What the fuzz tests share: the budget, the games found under ``data/``, and the oracle.

The budget: every fuzz test names its number of cases for ``make test``, where the examples are
the same every run; ``PNPKIT_FUZZ_SCALE`` (set by ``make fuzz``) multiplies it for the nightly
run, which draws new ones. Nothing here changes Hypothesis'
global settings, so the rest of the suite keeps its own.
"""

from __future__ import annotations

import os
import random
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from hypothesis import HealthCheck, settings

from pnpkit.app.new_game import scaffold
from pnpkit.app.pipeline import examine
from pnpkit.errors import DataError, PnpkitError
from pnpkit.games import REGISTRY
from pnpkit.games.false_colors.charts.engine.deal import deal_islands
from pnpkit.games.false_colors.charts.load.chart import load_charts
from pnpkit.load.yamlnode import load_yaml

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"
SCALE = max(1, int(os.environ.get("PNPKIT_FUZZ_SCALE", "1") or "1"))
"""How many times the ``make test`` budget a run tries (``make fuzz`` sets it)."""

WHOLE_FILE = ("file too large",)
"""Problems about a whole file, which have no line to point at."""
PROBLEM_LINE = re.compile(r"^(?P<file>[^\n]+?):(?P<line>[1-9]\d*):(?P<col>\d+): ")


def budget(cases: int) -> settings:
    """Settings for a fuzz test that tries ``cases`` × :data:`SCALE` examples: in ``make test``
    the same examples every run (a clean clone's CI cannot fail on a draw no one saw before);
    the nightly ``make fuzz`` explores new ones, and keeps what fails in ``.hypothesis/``."""
    return settings(
        max_examples=cases * SCALE,
        derandomize=SCALE == 1,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        print_blob=True,
    )


SCAFFOLDED = "fuzz-cards"
"""A generic card game (``kit: cards``) made by ``pnpkit new``, fuzzed beside the shipped ones."""


def games() -> list[str]:
    """Every game folder under ``data/`` that holds YAML, found on disk, and the scaffolded
    generic card game."""
    found = sorted(p.name for p in DATA.iterdir() if p.is_dir() and any(p.rglob("*.yaml")))
    return [*found, SCAFFOLDED]


def _every_file_parses(game_dir: Path) -> None:
    for path in sorted(game_dir.rglob("*.yaml")):
        load_yaml(path)


def loaders(game: str) -> list[Callable[[Path], object]]:
    """What reads and checks ``game``'s data: its ``pnpkit check`` entry (loaders and rule
    checks), any file that check leaves out, and for a game without checks yet the YAML reader
    on each file."""
    found: list[Callable[[Path], object]] = []
    if game in REGISTRY or game == SCAFFOLDED:
        found.append(lambda d: _load_and_check(game, d))
    else:
        found.append(_every_file_parses)
    if game == "false-colors":
        found.append(
            _deal_every_chart
        )  # what `pnpkit map` does with a chart that loads  # what `pnpkit map` does with a chart that loads
    return found


def _load_and_check(game: str, game_dir: Path) -> list[str]:
    """What ``pnpkit check`` runs (:func:`pnpkit.app.pipeline.examine`): the game's loader
    (with the font's and the data folder's checks), its rule checks, and, when they pass,
    every face its kit prints laid out (a face that cannot be printed raised, as the build
    raises it)."""
    examined = examine(game, game_dir)
    if examined.faces:
        raise DataError(examined.faces)
    return [str(v) for v in examined.violations]


def _deal_every_chart(game_dir: Path) -> None:
    for chart in load_charts(game_dir).values():
        deal_islands(chart, None, random.Random(7))


@contextmanager
def replaced(path: Path, content: bytes) -> Iterator[None]:
    """``path`` holds ``content`` inside the block and its old bytes afterwards."""
    before = path.read_bytes()
    path.write_bytes(content)
    try:
        yield
    finally:
        path.write_bytes(before)


def copy_data(target: Path, only: list[str] | None = None) -> Path:
    """A private copy of ``data/`` (or of some games of it) under ``target``."""
    root = target / "data"
    for game in only or games():
        if game == SCAFFOLDED:
            scaffold(root, SCAFFOLDED)
        else:
            shutil.copytree(DATA / game, root / game)
    return root


def assert_clean(exc: PnpkitError, root: Path) -> None:
    """A PnpkitError raised for bad data: exit 1, and a DataError names a file under ``root``
    and a line for every problem."""
    assert exc.exit_code == 1, f"{type(exc).__name__} (exit {exc.exit_code}) for bad data: {exc}"
    assert str(exc).strip(), f"{type(exc).__name__} without a message"
    if isinstance(exc, DataError):
        assert exc.problems, "a DataError without problems"
        for problem in exc.problems:
            text = str(problem)
            match = PROBLEM_LINE.match(text)
            if problem.where.line == 0 and not problem.field:  # about the whole file
                assert problem.message in WHOLE_FILE, f"no file:line:col in {text!r}"
                file = Path(problem.where.file).resolve()
            else:
                assert match, f"no file:line:col in {text!r}"
                file = Path(match["file"]).resolve()
            assert file.is_relative_to(root.resolve()), f"{text!r} names a file outside the data"
