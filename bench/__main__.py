"""``python -m bench [--json]``: run every benchmark module and print one table."""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
from dataclasses import asdict
from types import ModuleType

import bench
from bench import Row, game_benches
from bench.command import pace_row


def modules() -> list[ModuleType]:
    """Every benchmark module: those here, then each registered game's own in
    ``bench/games/`` (which may only declare cases for the modules here, e.g. ``WATCH``)."""
    here = [
        importlib.import_module(f"bench.{m.name}")
        for m in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name)
        if not m.name.startswith("_") and not m.ispkg
    ]
    return here + [module for _, module in game_benches()]


def collect() -> list[Row]:
    """Every module's rows, between two readings of the machine's pace (the figures of a
    moment when the machine ran slow are known by it)."""
    rows: list[Row] = [pace_row("before the benchmarks")]
    for module in modules():
        if not hasattr(module, "rows"):
            continue
        print(f"running {module.__name__} …", file=sys.stderr, flush=True)
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
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
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
