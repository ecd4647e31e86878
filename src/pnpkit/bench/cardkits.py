"""Benchmark: median time to build each card kit (High Seas, Pirate Fleets), PDFs verified."""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pnpkit.bench import Row
from pnpkit.kit import highseas, piratefleets
from pnpkit.layout.cards import Written

DATA = Path(__file__).resolve().parents[3] / "data"
RUNS = 3

Builder = Callable[[Path, Path], list[Written]]


def _median_seconds(build: Builder, game: str) -> tuple[float, int, int]:
    times: list[float] = []
    files = pages = 0
    with tempfile.TemporaryDirectory() as folder:
        for run in range(RUNS):
            start = time.perf_counter()
            written = build(DATA / game, Path(folder) / str(run))
            times.append(time.perf_counter() - start)
            files = len(written)
            pages = sum(max((p.page for p in w.placements), default=0) for w in written)
    return statistics.median(times), files, pages


def rows() -> list[Row]:
    out: list[Row] = []
    kits: list[tuple[str, Builder]] = [
        ("high-seas", lambda d, o: highseas.build(d, o)),
        ("pirate-fleets", lambda d, o: piratefleets.build(d, o)),
    ]
    for game, build in kits:
        seconds, files, pages = _median_seconds(build, game)
        out.append(
            Row(
                f"card kit {game}",
                f"build + verify, median of {RUNS}",
                f"{seconds:.2f} s ({files} PDFs, {pages} card/token pages)",
            )
        )
    return out
