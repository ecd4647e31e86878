"""``python -m pnpkit.bench [--json]``: run every benchmark module and print one table."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import pkgutil
import sys
from dataclasses import asdict

import pnpkit.bench as bench
from pnpkit.bench import Row
from pnpkit.bench.command import pace_row
from pnpkit.games import REGISTRY


def modules() -> list[str]:
    """Every benchmark module: those here, then each registered game's own ``bench`` that has
    rows of its own (a game's ``bench`` may instead only declare cases, e.g. ``WATCH``)."""
    names = [
        f"pnpkit.bench.{m.name}"
        for m in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name)
        if not m.name.startswith("_")
    ]
    return names + game_benches()


def game_benches() -> list[str]:
    """The ``bench`` modules of the registered games."""
    return [
        f"{package}.bench"
        for package in REGISTRY.values()
        if importlib.util.find_spec(f"{package}.bench") is not None
    ]


def collect() -> list[Row]:
    """Every module's rows, between two readings of the machine's pace (the figures of a
    moment when the machine ran slow are known by it)."""
    rows: list[Row] = [pace_row("before the benchmarks")]
    for name in modules():
        module = importlib.import_module(name)
        if not hasattr(module, "rows"):
            continue
        print(f"running {name} …", file=sys.stderr, flush=True)
        rows.extend(row if isinstance(row, Row) else Row(*row) for row in module.rows())
    rows.append(pace_row("after them"))
    return rows


def table(rows: list[Row]) -> str:
    headers = ("area", "measure", "value")
    cells = [headers, *((r.area, r.measure, r.value) for r in rows)]
    widths = [max(len(c[i]) for c in cells) for i in range(3)]
    lines = [" | ".join(c[i].ljust(widths[i]) for i in range(3)).rstrip() for c in cells]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pnpkit.bench", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    rows = collect()
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=2))
    else:
        print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
