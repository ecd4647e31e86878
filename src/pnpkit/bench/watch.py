"""Benchmark: how long ``pnpkit watch`` takes to show a one-card change, and a save that
changes nothing, on copies of the shipped data (the watcher's own build, as after a save)."""

from __future__ import annotations

import shutil
import statistics
import tempfile
from pathlib import Path

from pnpkit.app.watch import Outcome, Watcher
from pnpkit.bench import Row

DATA = Path(__file__).resolve().parents[3] / "data"
RUNS = 5
CASES = [
    # (game, file, the text as shipped, an edit of one card)
    (
        "high-seas",
        "game.yaml",
        "One cannon shot sinks a whole boarding party before it reaches the ship.",
        "One cannon ball sinks a whole boarding party before it reaches the ship.",
    ),
    ("pirate-fleets", "supply.yaml", "Rousing Speech", "Stirring Speech"),
]


def _edits(watcher: Watcher, path: Path, old: str, new: str) -> tuple[list[float], Outcome]:
    """Time RUNS rebuilds, each after toggling one card's text."""
    times: list[float] = []
    text = path.read_text(encoding="utf-8")
    last: Outcome | None = None
    for run in range(RUNS):
        path.write_text(text.replace(old, new) if run % 2 == 0 else text, encoding="utf-8")
        last = watcher.build()
        times.append(last.seconds)
    assert last is not None
    return times, last


def rows() -> list[Row]:
    out: list[Row] = []
    for game, filename, old, new in CASES:
        with tempfile.TemporaryDirectory() as folder:
            data = Path(folder) / "data"
            shutil.copytree(DATA / game, data / game)
            watcher = Watcher(game, data, Path(folder) / "out", echo=lambda _: None)
            first = watcher.build()
            times, last = _edits(watcher, data / game / filename, old, new)
            idle = watcher.build()
        out.append(
            Row(
                f"watch {game}",
                f"one-card change, median of {RUNS}",
                f"{statistics.median(times):.2f} s ({len(last.written)} of "
                f"{len(last.written) + last.skipped} PDFs rebuilt; first build {first.seconds:.2f} s)",
            )
        )
        out.append(Row(f"watch {game}", "save with no change", f"{idle.seconds:.2f} s"))
    return out
