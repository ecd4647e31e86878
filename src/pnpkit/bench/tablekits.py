"""Benchmark: median build time of the British vs Pirates and table fleet kits (PDFs verified),
and dealt table layouts per second (one island per crew, 2–7 crews, both table shapes)."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from pnpkit.bench import Row
from pnpkit.engine.tablelayout import deal_table
from pnpkit.kit import bvp, tabletop
from pnpkit.load.tabletop import load_tabletop
from pnpkit.model.tabletop import TableShape

DATA = Path(__file__).resolve().parents[3] / "data"
RUNS = 3
DEALS = 200


def _median_build(game: str) -> tuple[float, int]:
    builders = {"british-vs-pirates": bvp.build, "tabletop-fleets": tabletop.build}
    times: list[float] = []
    files = 0
    with tempfile.TemporaryDirectory() as folder:
        for run in range(RUNS):
            start = time.perf_counter()
            written = builders[game](DATA / game, Path(folder) / str(run))
            times.append(time.perf_counter() - start)
            files = len(written)
    return statistics.median(times), files


def rows() -> list[Row]:
    out: list[Row] = []
    for game in ("british-vs-pirates", "tabletop-fleets"):
        seconds, files = _median_build(game)
        out.append(
            Row(
                f"table kit {game}",
                f"build + verify, median of {RUNS}",
                f"{seconds:.2f} s ({files} PDFs)",
            )
        )
    rules = load_tabletop(DATA / "tabletop-fleets").table
    for shape in TableShape:
        start = time.perf_counter()
        for seed in range(DEALS):
            deal_table(rules, shape, 2 + seed % 6, random.Random(seed))
        rate = DEALS / (time.perf_counter() - start)
        out.append(
            Row(f"table layouts ({shape.value})", "dealt per second, 2–7 crews", f"{rate:.0f}/s")
        )
    return out
