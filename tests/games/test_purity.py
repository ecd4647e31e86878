"""The engines are pure: importing every module of False Colors' chart engine, and every game's
rules module, loads no YAML, template, drawing or PDF library."""

from __future__ import annotations

import subprocess
import sys

import pytest

FORBIDDEN = ("yaml", "jinja2", "svgwrite", "cairosvg", "reportlab", "pypdf", "svglib", "PIL")

SCRIPT = """
import importlib, pkgutil, sys
target = sys.argv[1]
package = importlib.import_module(target)
names = sorted(m.name for m in pkgutil.iter_modules(package.__path__)) if target.endswith(
    "engine") else [""]
for name in names:
    importlib.import_module(f"{target}.{name}" if name else target)
print("names:" + ",".join(names))
print("loaded:" + ",".join(sorted(m.split(".")[0] for m in sys.modules)))
"""

RULES = [
    "pnpkit.games.false_colors.combat",
    "pnpkit.games.high_seas.rules",
    "pnpkit.games.pirate_fleets.rules",
    "pnpkit.games.british_vs_pirates.rules",
    "pnpkit.games.tabletop_fleets.rules",
]


def _loaded(target: str) -> tuple[list[str], set[str]]:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, target], capture_output=True, text=True, check=True
    )
    names, loaded = result.stdout.strip().splitlines()
    return names.removeprefix("names:").split(","), set(loaded.removeprefix("loaded:").split(","))


CHART_ENGINE = "pnpkit.games.false_colors.charts.engine"


def test_the_chart_engine_imports_no_drawing_yaml_or_pdf_library() -> None:
    names, top = _loaded(CHART_ENGINE)
    for module in ("grid", "storm", "symmetry", "checks", "seats", "deal", "mapsearch"):
        assert module in names
    assert "pnpkit" in top
    assert not top & set(FORBIDDEN), top & set(FORBIDDEN)


@pytest.mark.parametrize("module", RULES)
def test_every_games_rules_are_pure(module: str) -> None:
    _, top = _loaded(module)
    assert not top & set(FORBIDDEN), top & set(FORBIDDEN)


def test_a_rules_module_that_loads_a_drawing_library_fails_the_check() -> None:
    """The check can fail: the games' kit modules load drawing libraries, the charts' loader
    (the layer above their engine) YAML."""
    for module in ("pnpkit.games.high_seas.kit", "pnpkit.games.false_colors.charts.load.chart"):
        _, top = _loaded(module)
        assert top & set(FORBIDDEN)
