"""Benchmark: how long ``pnpkit watch`` takes to show a one-card change, and a save that
changes nothing, on copies of the shipped data (the watcher's own build, as after a save)."""

from __future__ import annotations

import shutil
import statistics
import tempfile
from pathlib import Path

from bench import DATA, Row, game_benches
from pnpkit.app.watch import Outcome, Watcher

RUNS = 5


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
    """A one-card change for every game whose ``bench`` module declares ``WATCH``."""
    out: list[Row] = []
    for game, module in game_benches():
        case = getattr(module, "WATCH", None)
        if case is not None:
            out += watch_rows(game, *case)
    return out


def watch_rows(game: str, filename: str, old: str, new: str) -> list[Row]:
    """Rows for a one-card change in ``game``: ``old`` replaced by ``new`` in ``filename``."""
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        shutil.copytree(DATA / game, data / game)
        watcher = Watcher(game, data, Path(folder) / "out", echo=lambda _: None)
        first = watcher.build()
        times, last = _edits(watcher, data / game / filename, old, new)
        idle = watcher.build()
    return [
        Row(
            f"watch {game}",
            f"one-card change, median of {RUNS}",
            f"{statistics.median(times):.2f} s ({len(last.written)} of "
            f"{len(last.written) + last.skipped} PDFs rebuilt; first build {first.seconds:.2f} s)",
        ),
        Row(f"watch {game}", "save with no change", f"{idle.seconds:.2f} s"),
    ]
