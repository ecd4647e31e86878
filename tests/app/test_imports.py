"""Each command imports only what it needs, measured in a fresh interpreter.

``pnpkit --help``, ``check`` and ``map --format json`` load no PDF or drawing library, and
building one game imports that game's modules alone (before: every kit module was imported to
build one game, half a second of a build)."""

from __future__ import annotations

import contextlib
import functools
import io
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"
DRAWING = {"reportlab", "pypdf", "pypdfium2", "svglib", "svgwrite", "PIL", "lxml", "cairosvg"}
"""PDF and drawing libraries."""

SCRIPT = """
import contextlib, io, sys
from pnpkit.app.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
print(code)
print(",".join(sorted({m.split(".")[0] for m in sys.modules})))
print(",".join(sorted({m.split(".")[2] for m in sys.modules if m.count(".") >= 3
                      and m.startswith("pnpkit.games.")})))
"""


@functools.cache  # a fresh interpreter imports the same modules for the same command line
def _run(*argv: str) -> tuple[int, set[str], set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *argv], capture_output=True, text=True, check=True, cwd=REPO
    )
    code, top, games = done.stdout.splitlines()[-3:]
    return int(code), set(top.split(",")), set(filter(None, games.split(",")))


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["check", "--data", str(DATA)],
        ["map", "square", "--seed", "3", "--format", "json", "--data", str(DATA)],
    ],
    ids=["help", "check", "map-json"],
)
def test_commands_that_draw_nothing_load_no_pdf_or_drawing_library(argv: list[str]) -> None:
    code, top, _ = _run(*argv)
    assert code == 0
    assert not top & DRAWING, sorted(top & DRAWING)


def test_help_loads_no_game() -> None:
    _, top, games = _run("--help")
    assert games == set()
    assert not top & {"yaml", "jinja2"}


def test_map_loads_its_game_alone() -> None:
    _, _, games = _run("map", "duel", "--seed", "1", "--format", "json", "--data", str(DATA))
    assert games == {"false_colors"}


@pytest.mark.slow
def test_building_one_game_imports_that_game_alone(tmp_path: Path) -> None:
    code, top, games = _run("build", "high-seas", "-q", "--data", str(DATA), "--out", str(tmp_path))
    assert code == 0
    assert games == {"high_seas"}
    assert "reportlab" in top  # it does draw
    assert "pypdfium2" not in top  # previews are drawn only when asked for


def test_checking_a_new_card_game_lays_out_its_faces_with_no_drawing_library(
    tmp_path: Path,
) -> None:
    """``check`` lays out every face of a designer's card game (text fitted, SVG checked) with
    the font's own tables: it used to load ReportLab and svglib to draw them. Pillow opens the
    sample's art (its header only) to prove it readable: that is the image library's job."""
    from pnpkit.app.cli import main

    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["new", "salvage", "--data", str(tmp_path)]) == 0
    code, top, games = _run("check", "--data", str(tmp_path))
    assert code == 0
    assert games == {"cardgame"}
    assert not top & (DRAWING - {"PIL"}), sorted(top & DRAWING)
