"""Benchmark: dealt table layouts per second (one island per crew, 2–7 crews, both table shapes),
and ``pnpkit table-layout`` at the most attempts the data may ask for (:data:`COMMANDS`).

Kit build times for every game are in :mod:`bench.kits`."""

from __future__ import annotations

import random
import re
import shutil
import time
from pathlib import Path

from bench import DATA
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.games.tabletop_fleets.model import TableShape
from pnpkit.games.tabletop_fleets.rules import deal_table

DEALS = 200


MOST_ATTEMPTS = 100_000
"""The largest ``table.attempts`` the loader accepts."""


def COMMANDS(folder: Path) -> list[tuple[str, str, list[str], int]]:
    """``pnpkit table-layout --islands max`` (and a request that cannot be dealt) with
    ``table.attempts`` at its largest: ``(area, measure, argv, runs)``."""
    game = folder / "data" / "tabletop-fleets"
    shutil.copytree(DATA / "tabletop-fleets", game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^(\s*attempts:\s*)\d+", rf"\g<1>{MOST_ATTEMPTS}", text)
    (game / "game.yaml").write_text(text, encoding="utf-8")
    base = ["table-layout", "--seed", "5", "--data", str(folder / "data"), "--format", "json"]
    attempts = f"attempts {MOST_ATTEMPTS:,} (the most allowed)"
    return [
        (
            "table layouts",
            f"pnpkit table-layout --islands max, {attempts}",
            [*base, "--crews", "2", "--islands", "max"],
            3,
        ),
        (
            "table layouts",
            f"pnpkit table-layout --islands 20 on a round table (cannot be dealt), {attempts}",
            [*base, "--crews", "3", "--table", "round", "--islands", "20"],
            1,
        ),
    ]


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
