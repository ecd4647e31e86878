"""Layers: the loader reads YAML into models; models never read YAML; loading draws nothing."""

from __future__ import annotations

import json
import subprocess
import sys


def modules_after_import(module: str) -> set[str]:
    code = f"import json, sys, {module}; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout))


def test_models_do_not_import_yaml_or_the_loader() -> None:
    loaded = modules_after_import("pnpkit.model")
    assert "yaml" not in loaded
    assert not any(name.startswith("pnpkit.load") for name in loaded)


def test_the_loader_imports_no_engine_and_no_drawing() -> None:
    loaded = modules_after_import("pnpkit.load")
    assert "yaml" in loaded
    for banned in (
        "pnpkit.render",
        "pnpkit.layout",
        "pnpkit.build",
        "pnpkit.games",
        "pnpkit.app",
        "reportlab",
        "svgwrite",
        "cairosvg",
        "pypdf",
    ):
        assert not any(name == banned or name.startswith(banned + ".") for name in loaded), banned


def test_the_card_loader_checks_markup_without_the_face_renderer() -> None:
    """The markup grammar (``pnpkit.load.markup``) is read without the renderer: loading a
    designer's cards imports no face renderer, no template environment and no SVG rules."""
    loaded = modules_after_import("pnpkit.games.cardgame.load")
    assert "pnpkit.load.markup" in loaded
    for banned in ("pnpkit.render.faces", "pnpkit.render.templates", "pnpkit.render.svg"):
        assert not any(name == banned or name.startswith(banned + ".") for name in loaded), banned
