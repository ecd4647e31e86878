"""Validated random-island maps per second, and chart checks per second, on one core.

The charts come from this game's ``charts`` folder through the loader when it is there, else
from the small builder below (the agreed shipped designs). Each figure deals maps with a fixed
seed for about half a second; every dealt map has passed every chart check.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from pnpkit.engine.checks import check_chart
from pnpkit.engine.deal import deal_islands
from pnpkit.model import Cell, Chart, Hex, Seat, Shape, Square, Symmetry

SECONDS = 0.5
DATA = Path(__file__).resolve().parents[4] / "data" / "false-colors"
ISLANDS = {"square": (16, 24), "duel": (None, 12), "hex": (None, 24, 36)}
"""Island counts measured per chart (None: the chart's own count)."""


def rows() -> list[tuple[str, str, str]]:
    """``(area, measure, value)`` rows for ``make bench``."""
    charts = _charts()
    out: list[tuple[str, str, str]] = []
    for name in ("square", "duel", "hex"):
        chart = charts[name]
        for islands in ISLANDS[name]:
            count = len(chart.islands) if islands is None else islands
            rng = random.Random(1)
            rate = _rate(lambda c=chart, k=islands, r=rng: deal_islands(c, k, r))
            out.append(
                (
                    "maps",
                    f"{name}: dealt maps/s, {count} islands, all checks pass",
                    f"{rate:,.0f}",
                )
            )
        rate = _rate(lambda c=chart: check_chart(c))
        out.append(("maps", f"{name}: check_chart/s", f"{rate:,.0f}"))
    return out


def _rate(work: object) -> float:
    assert callable(work)
    work()  # warm the caches
    count = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < SECONDS:
        work()
        count += 1
    return count / elapsed


def _charts() -> dict[str, Chart]:
    try:
        from pnpkit.load.chart import load_charts

        loaded = load_charts(DATA)
        if all(name in loaded for name in ISLANDS):
            return loaded
    except Exception:  # no loader or no data yet: fall back to the builder
        pass
    return {c.name: c for c in (_square(), _duel(), _hex())}


def _block(x0: int, x1: int, y0: int, y1: int) -> frozenset[Cell]:
    return frozenset(Square(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))


def _turned(cells: frozenset[Cell], turns: int) -> frozenset[Cell]:
    return frozenset(c.rotated(turns, 12, 12) for c in cells if isinstance(c, Square))


def _square() -> Chart:
    anchorage, wings = _block(4, 7, 0, 3), _block(2, 3, 0, 1) | _block(8, 9, 0, 1)
    names = ("North", "East", "South", "West")
    return Chart(
        name="square",
        title="The square chart",
        shape=Shape.SQUARE,
        cell_size=90.0,
        seats=tuple(Seat(k, names[k], _turned(anchorage, k), _turned(wings, k)) for k in range(4)),
        harbors=frozenset().union(*(_turned(frozenset({Square(2, 2)}), k) for k in range(4))),
        capital=_block(5, 6, 5, 6),
        islands=frozenset().union(
            *(_turned(frozenset({Square(3, 3), Square(4, 4)}), k) for k in range(4))
        ),
        storm_rounds=(13, 18, 22),
        rounds=24,
        symmetry=Symmetry(4, True),
        width=12,
        height=12,
        screened=True,
    )


def _duel() -> Chart:
    return Chart(
        name="duel",
        title="The duel chart",
        shape=Shape.SQUARE,
        cell_size=90.0,
        seats=(Seat(0, "North", _block(3, 6, 0, 3)), Seat(1, "South", _block(3, 6, 6, 9))),
        harbors=frozenset({Square(1, 5), Square(8, 4)}),
        capital=_block(4, 5, 4, 5),
        islands=frozenset({Square(2, 5), Square(7, 4), Square(1, 2), Square(8, 7)}),
        storm_rounds=(13, 18, 22),
        rounds=24,
        symmetry=Symmetry(2, False),
        width=10,
        height=10,
    )


def _hex() -> Chart:
    n = 8
    every = [
        Hex(q, r) for r in range(-n, n + 1) for q in range(-n, n + 1) if Hex(q, r).length() <= n
    ]
    names = ("East", "South-east", "South-west", "West", "North-west", "North-east")
    seats = tuple(
        Seat(k, names[k], frozenset(h for h in every if h.distance(Hex(n, 0).rotated(k)) <= 3))
        for k in range(6)
    )
    return Chart(
        name="hex",
        title="Six Captains",
        shape=Shape.HEX,
        cell_size=90.0,
        seats=seats,
        harbors=frozenset(Hex(3, 3).rotated(k) for k in range(6)),
        capital=frozenset((Hex(0, 0), *Hex(0, 0).neighbours())),
        islands=frozenset(h.rotated(k) for h in (Hex(4, 1), Hex(1, 4)) for k in range(6)),
        storm_rounds=(13, 18, 22),
        rounds=24,
        symmetry=Symmetry(6, True),
        radius=n,
    )
