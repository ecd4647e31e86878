"""Benchmark: dealt table layouts per second (one island per crew, 2–7 crews, both table shapes).

Kit build times for every game are in :mod:`pnpkit.bench.kits`."""

from __future__ import annotations

import random
import time
from pathlib import Path

from pnpkit.bench import Row
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.games.tabletop_fleets.model import TableShape
from pnpkit.games.tabletop_fleets.rules import deal_table

DATA = Path(__file__).resolve().parents[3] / "data"
DEALS = 200


def rows() -> list[Row]:
    out: list[Row] = []
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
