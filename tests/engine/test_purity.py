"""The engine is pure: importing every engine module loads no YAML, template, drawing or PDF library."""

from __future__ import annotations

import subprocess
import sys

FORBIDDEN = ("yaml", "jinja2", "svgwrite", "cairosvg", "reportlab", "pypdf")

SCRIPT = """
import importlib, pkgutil, sys
import pnpkit.engine as engine
names = sorted(m.name for m in pkgutil.iter_modules(engine.__path__))
for name in names:
    importlib.import_module(f"pnpkit.engine.{name}")
print(",".join(names))
print(",".join(sorted(m.split(".")[0] for m in sys.modules)))
"""


def test_engine_imports_no_drawing_yaml_or_pdf_library():
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True
    )
    names, loaded = result.stdout.strip().splitlines()
    for module in ("grid", "storm", "symmetry", "checks", "seats", "deal", "combat", "chartjson"):
        assert module in names.split(",")
    top = set(loaded.split(","))
    assert "pnpkit" in top
    assert not top & set(FORBIDDEN), top & set(FORBIDDEN)
