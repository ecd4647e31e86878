"""The house's walls: layers import only downwards, nothing imports in a loop, and no module
outside ``pnpkit.games`` names a particular game."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

from pnpkit.games import KINDS, REGISTRY

REPO = Path(__file__).resolve().parent.parent
SRC = REPO / "src" / "pnpkit"
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(pythonpath: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT), "--config", str(REPO / "pyproject.toml"), "--no-cache"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(pythonpath), "PATH": "/usr/bin:/bin"},
        cwd=REPO,
        check=False,
    )


def test_the_layer_contracts_hold() -> None:
    result = _lint(REPO / "src")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "BROKEN" not in result.stdout


BUNDLED = sorted(REGISTRY.values())
"""The bundled games' packages, from the registry: a game added there is guarded here."""


def _module(package: str, name: str) -> str:
    """The file of module ``name`` in a game's ``package``, relative to ``src/pnpkit``."""
    return "/".join([*package.split(".")[1:], name]) + ".py"


@pytest.mark.parametrize(
    ("module", "line"),
    [
        ("model/bad.py", "import pnpkit.app.cli\n"),  # the model reaching for the command line
        (_module(BUNDLED[0], "bad"), f"import {BUNDLED[1]}.kit\n"),  # one game in another
        ("layout/bad.py", "from pnpkit.build import write\n"),  # layout writing files
        (
            "games/false_colors/charts/engine/bad.py",
            "from pnpkit.games.false_colors.charts import draw\n",
        ),  # the chart engine reaching for its drawing
    ],
)
def test_a_wrong_import_breaks_a_contract(tmp_path: Path, module: str, line: str) -> None:
    shutil.copytree(SRC, tmp_path / "pnpkit", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "pnpkit" / module).write_text(line)
    result = _lint(tmp_path)
    assert result.returncode == 1
    assert "BROKEN" in result.stdout
    assert module.removesuffix(".py").replace("/", ".") in result.stdout


def test_every_registered_game_keeps_to_its_own_home() -> None:
    """The independence contract lists every game of the registry, bundled or a kind, and
    nothing else: a game registered and left out of it would be silently unguarded."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (independence,) = [c for c in contracts if c["type"] == "independence"]
    assert sorted(independence["modules"]) == sorted({*REGISTRY.values(), *KINDS.values()})


def test_no_module_imports_itself_back() -> None:
    """No import cycles between modules (deferred imports included)."""
    graph = grimp.build_graph("pnpkit", cache_dir=None)
    loops = sorted(
        {
            tuple(sorted((a, b)))
            for a in graph.modules
            for b in graph.find_modules_directly_imported_by(a)
            if graph.chain_exists(importer=b, imported=a)
        }
    )
    assert loops == []


def test_no_game_imports_the_command_line() -> None:
    """Games declare their commands as data (:class:`pnpkit.games.game.Command`); the command
    line builds the parsers, so no game imports a command-line helper (deferred imports
    included)."""
    graph = grimp.build_graph("pnpkit", cache_dir=None)
    found = sorted(
        (importer, imported)
        for importer in graph.find_descendants("pnpkit.games")
        for imported in graph.find_modules_directly_imported_by(importer)
        if imported.startswith("pnpkit.app")
    )
    assert found == []


def _spellings(folder: str) -> list[str]:
    """How code may name the bundled game of data folder ``folder`` (``high-seas``): its words
    joined by anything or nothing (``high_seas``, ``highseas``), and the initials of a name of
    three words or more (``bvp``)."""
    words = folder.split("-")
    found = [".?".join(words)]
    if len(words) >= 3:
        found.append(rf"\b{''.join(word[0] for word in words)}\b")
    return found


GAME_NAMES = re.compile("|".join(s for folder in REGISTRY for s in _spellings(folder)))
"""Any bundled game's name, from the registry."""


def test_only_the_games_name_a_game() -> None:
    found = [
        f"{path.relative_to(SRC)}:{number}: {line.strip()}"
        for path in sorted(SRC.rglob("*.py"))
        if "games" not in path.relative_to(SRC).parts
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if GAME_NAMES.search(line)
    ]
    assert found == []
