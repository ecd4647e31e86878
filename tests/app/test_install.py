"""Install anywhere: the wheel carries the templates and the bundled games, and pnpkit installed
from it works in an empty folder outside the repository.

Kept cheap and off the network: the wheel is built by the project's build backend called
directly, as a build frontend would, without an isolated build environment (setuptools comes with
the test extras), the fresh virtual environment has no pip of its own (this one's pip installs
into it with ``--python``, ``--no-deps --no-index``), and it reaches the dependencies already
installed here through a ``.pth`` line, which adds that folder to ``sys.path`` without running
its ``.pth`` files: the editable pnpkit of the test environment stays out of sight.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

from pnpkit.games import REGISTRY

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "src" / "pnpkit"


def _run(*argv: str | Path, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{argv}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    return env | {"PIP_DISABLE_PIP_VERSION_CHECK": "1", "PYTHONDONTWRITEBYTECODE": "1"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the project's sources (the build leaves nothing in the
    repository)."""
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, source / name)
    shutil.copytree(REPO / "src", source / "src", symlinks=True, ignore=skip)
    shutil.copytree(REPO / "data", source / "data", ignore=skip)
    backend = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["build-system"]
    build = (
        f"import {backend['build-backend']} as backend; backend.build_wheel({str(root / 'dist')!r})"
    )
    _run(sys.executable, "-c", build, cwd=source, env=_environment())
    (built,) = (root / "dist").glob("pnpkit-*.whl")
    return built


@pytest.mark.slow
def test_the_wheel_carries_the_templates_and_the_bundled_games(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = {f"pnpkit/{p.relative_to(SRC)}" for p in SRC.rglob("templates/**/*.j2")}
    assert templates <= names
    assert "pnpkit/templates/cards/generic-back.svg.j2" in templates
    assert "pnpkit/games/high_seas/templates/counters/cannon.svg.j2" in templates
    for game in REGISTRY:  # every file of every bundled game, where pnpkit.resources looks
        folder = REPO / "data" / game
        files = {f"pnpkit/bundled/{game}/{p.relative_to(folder)}" for p in folder.rglob("*.*")}
        assert files and files <= names, game
    assert "pnpkit/bundled/false-colors/charts/hex.yaml" in names
    assert {"pnpkit/py.typed", "pnpkit/__main__.py"} <= names
    assert not [n for n in names if n.startswith(("data/", "templates/", "src/"))]
    # the benchmarks stay in the repository (make bench)
    assert not [n for n in names if n.startswith(("bench/", "pnpkit/bench/")) or "bench.py" in n]


@pytest.mark.slow
def test_installed_pnpkit_starts_a_game_in_an_empty_folder(wheel: Path, tmp_path: Path) -> None:
    env = _environment()
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path, env=env)
    python = venv / "bin" / "python"
    site = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                     cwd=tmp_path, env=env).stdout.strip())  # fmt: skip
    here = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (site / "_pnpkit_test_dependencies.pth").write_text("\n".join(sorted(here)) + "\n")
    _run(
        sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps",
        "--no-index", wheel, cwd=tmp_path, env=env,
    )  # fmt: skip
    pnpkit = venv / "bin" / "pnpkit"
    empty = tmp_path / "empty"
    empty.mkdir()

    new = _run(python, "-m", "pnpkit", "new", "demo", cwd=empty, env=env)
    assert new.stdout.startswith("wrote data/demo/game.yaml\n")
    check = _run(pnpkit, "check", "demo", cwd=empty, env=env)
    assert check.stdout == "checked 1 game: no problems\n"
    build = _run(pnpkit, "build", "demo", cwd=empty, env=env)
    kit = [  # a deck from YAML, one from a CSV, tokens, a tiled board, a rulebook
        "print-this-kit.pdf",
        "crew-cards.pdf",
        "fortune-cards.pdf",
        "coins-tokens.pdf",
        "harbour-board.pdf",
        "duplex-calibration.pdf",
        "rulebook.pdf",
    ]
    assert build.stdout.splitlines() == [f"output/demo/{name}" for name in kit] + ["wrote 7 files"]
    assert sorted(p.name for p in (empty / "output" / "demo").iterdir()) == sorted(
        kit
    )  # each read back and verified by the build before it was written

    # Without a data folder, the bundled games: a chart dealt from the installed data (which
    # also shows that the pnpkit running is the installed one, not the repository's).
    bare = tmp_path / "bare"
    bare.mkdir()
    dealt = _run(pnpkit, "map", "duel", "--seed", "1", "--format", "json", cwd=bare, env=env)
    assert json.loads(dealt.stdout)["chart"] == "duel"
    assert f"reading the bundled games in {site / 'pnpkit' / 'bundled'}" in dealt.stderr
    assert list(bare.iterdir()) == []
