"""Every module of pnpkit sits in a layer of the import contract: a module outside every layer
(as ``cli_args`` and ``settings`` once were) is checked by nothing, so a two-way dependency
through it goes unseen."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import grimp

REPO = Path(__file__).resolve().parent.parent


def _layers() -> list[str]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (layered,) = [c for c in contracts if c["type"] == "layers" and "pnpkit.app" in c["layers"]]
    return [name.strip() for layer in layered["layers"] for name in re.split(r"[|:]", layer)]


def test_every_module_is_in_a_layer() -> None:
    layers = _layers()
    graph = grimp.build_graph("pnpkit", cache_dir=None)
    outside = sorted(
        module
        for module in graph.modules
        if module != "pnpkit"  # the package itself: the layers are its parts
        and not any(module == layer or module.startswith(layer + ".") for layer in layers)
    )
    assert outside == []


def test_the_floor_holds_what_every_layer_uses() -> None:
    layers = _layers()
    assert layers[-3:] == ["pnpkit.resources", "pnpkit.errors", "pnpkit.units"]
