"""Benchmark: dealt table layouts per second (one island per crew, 2–7 crews, both table shapes).

Kit build times for every game are in :mod:`pnpkit.bench.kits`."""

from __future__ import annotations

import random
import time
from pathlib import Path

from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.games.tabletop_fleets.model import TableShape
from pnpkit.games.tabletop_fleets.rules import deal_table

DATA = Path(__file__).resolve().parents[4] / "data"
DEALS = 200


def rows() -> list[tuple[str, str, str]]:
    """``(area, measure, value)`` rows for ``make bench``."""
    out: list[tuple[str, str, str]] = []
    rules = load_tabletop(DATA / "tabletop-fleets").table
    for shape in TableShape:
        start = time.perf_counter()
        for seed in range(DEALS):
            deal_table(rules, shape, 2 + seed % 6, random.Random(seed))
        rate = DEALS / (time.perf_counter() - start)
        out.append(
            (f"table layouts ({shape.value})", "dealt per second, 2–7 crews", f"{rate:.0f}/s")
        )
    return out
