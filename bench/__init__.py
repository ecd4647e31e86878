"""Benchmarks printed by ``make bench``: figures only, no pass or fail.

They sit beside pnpkit, not in it (the wheel does not carry them), and run from the
repository: ``python -m bench [--json]``. Each module here offers ``rows() -> list[Row]``, and
so may a game's own module in ``bench/games/``, named as the game's package
(``bench/games/false_colors.py``), which may also declare cases the modules here run
(``COMMANDS`` for :mod:`bench.fresh`, ``WATCH`` for :mod:`bench.watch`). ``python -m bench``
prints every row as one table.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from pnpkit.games import REGISTRY

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "data"
"""The bundled games' data, as the repository holds it."""


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the benchmark table: the area, what was measured, and the figure as text."""

    area: str
    measure: str
    value: str


def game_benches() -> list[tuple[str, ModuleType]]:
    """``(game, module)`` for every registered game with a module in ``bench/games/``, in the
    registry's order."""
    found: list[tuple[str, ModuleType]] = []
    for game, package in REGISTRY.items():
        name = f"{__name__}.games.{package.rpartition('.')[2]}"
        if importlib.util.find_spec(name) is not None:
            found.append((game, importlib.import_module(name)))
    return found
