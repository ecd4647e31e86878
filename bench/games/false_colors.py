"""Validated random-island maps per second with the exact dealer, chart checks per second, the
first deal on a fresh layout, and how many valid maps each chart has, on one core; and
``pnpkit map --format pdf`` of square charts 12 to 60 cells a side, in fresh processes
(:data:`COMMANDS`: the cost should grow no faster than the cells).

The charts are the shipped ones, read from this game's ``charts`` folder. Each rate deals maps
with a fixed seed for about half a second; every dealt map has passed every chart check (the dealer checks
each one before returning it). Goals: 1,000 maps/s on the square chart, 300 on the hex chart.
"""

from __future__ import annotations

import random
import shutil
import time
from pathlib import Path

from bench import DATA as REPO_DATA
from pnpkit.games.false_colors.charts.engine import deal, mapsearch, prepared
from pnpkit.games.false_colors.charts.engine.checks import check_chart
from pnpkit.games.false_colors.charts.engine.deal import count_maps, deal_islands, default_count
from pnpkit.games.false_colors.charts.load.chart import load_charts
from pnpkit.games.false_colors.charts.model import Chart

SECONDS = 0.5
DATA = REPO_DATA / "false-colors"
ISLANDS: dict[str, tuple[tuple[int | None, bool], ...]] = {
    "square": ((None, True), (24, True), (None, False), (32, False)),
    "duel": ((None, True), (12, True)),
    "hex": ((None, True), (24, True), (36, True), (72, True)),
}
"""(island count, wings kept clear) measured per chart (None: the chart's default count)."""


MAP_SIDES = (12, 24, 48, 60)
"""Square charts measured by ``pnpkit map --format pdf``, cells a side (60 is the most)."""


def column(index: int) -> str:
    """The printed column label of column ``index`` (0 → A, 26 → AA)."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(65 + rest) + label
    return label


def square_chart(name: str, side: int, cell_size: str = "1.25in") -> str:
    """A duel chart of ``side`` × ``side`` cells: two seats on facing edges, a 2 × 2 Capital,
    two harbors and two islands, the same under a half turn (it passes every chart check
    under the duel's rules in the game's file; the game names its charts, so it replaces
    ``duel.yaml`` in a copy of the data)."""
    half = side // 2
    return f"""name: {name}
title: The {name} chart
shape: square
width: {side}
height: {side}
cell_size: {cell_size}
symmetry:
  rotations: 2
  reflections: false
seats:
  - name: North
    anchorage: {column(half - 2)}1:{column(half + 1)}4
  - name: South
    anchorage: {column(half - 2)}{side - 3}:{column(half + 1)}{side}
capital: {column(half - 1)}{half}:{column(half)}{half + 1}
harbors: [B{half + 1}, {column(side - 2)}{half}]
islands: [C{half + 1}, {column(side - 3)}{half}]
seatings:
  - captains: 2
    seats: [0, 1]
"""


def COMMANDS(folder: Path) -> list[tuple[str, str, list[str], int]]:
    """``pnpkit map --format pdf`` of charts of each of :data:`MAP_SIDES`, written into
    ``folder``: ``(area, measure, argv, runs)``."""
    cases: list[tuple[str, str, list[str], int]] = []
    for side in MAP_SIDES:
        data = folder / f"data{side}"
        shutil.copytree(DATA, data / "false-colors")
        (data / "false-colors" / "charts" / "duel.yaml").write_text(
            square_chart("duel", side), encoding="utf-8"
        )
        argv = ["map", "duel", "--seed", "1", "--islands", "2", "--format", "pdf"]
        argv += ["--data", str(data), "--out", str(folder / f"duel{side}.pdf")]
        cells = (
            f"{side * side / (MAP_SIDES[0] ** 2):g} × the cells of {MAP_SIDES[0]} × {MAP_SIDES[0]}"
        )
        cases.append(("map pdf", f"pnpkit map {side} × {side} --format pdf ({cells})", argv, 3))
    return cases


def rows() -> list[tuple[str, str, str]]:
    """``(area, measure, value)`` rows for ``make bench``."""
    charts = load_charts(DATA)
    out: list[tuple[str, str, str]] = []
    for name in ("square", "duel", "hex"):
        chart = charts[name]
        for islands, wings in ISLANDS[name]:
            count = default_count(chart) if islands is None else islands
            rng = random.Random(1)
            rate = _rate(lambda c=chart, k=count, r=rng, w=wings: deal_islands(c, k, r, wings=w))
            how = "" if wings else ", wings as sea"
            out.append(
                (
                    "maps",
                    f"{name}: dealt maps/s, {count} islands{how}, all checks pass",
                    f"{rate:,.0f}",
                )
            )
        out.append(("maps", f"{name}: first deal on a fresh layout (ms)", _cold(chart)))
        rate = _rate(lambda c=chart: check_chart(c))
        out.append(("maps", f"{name}: check_chart/s", f"{rate:,.0f}"))
        for wings in (True, False) if any(s.wings for s in chart.seats) else (True,):
            counted = count_maps(chart, wings=wings)
            how = "wings kept clear" if wings else "wings as sea"
            value = f"{counted.found:,}" if counted.exact else f"≥ {counted.found:,}"
            out.append(
                (
                    "maps",
                    f"{name}: valid maps at its default {counted.islands} islands, {how}",
                    f"{value} of {counted.candidates:,}",
                )
            )
    return out


def _cold(chart: Chart) -> str:
    """Milliseconds for one deal with every cache emptied first (as a fresh `pnpkit map`)."""
    times = []
    for seed in range(5):
        prepared._CACHE.clear()
        mapsearch._SPACES.clear()
        deal._SEARCHES.clear()
        start = time.perf_counter()
        deal_islands(chart, None, random.Random(seed))
        times.append(time.perf_counter() - start)
    return f"{1000 * sorted(times)[len(times) // 2]:.1f}"


def _rate(work: object) -> float:
    assert callable(work)
    work()  # warm the caches
    count = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < SECONDS:
        work()
        count += 1
    return count / elapsed
