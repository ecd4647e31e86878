"""``python -m pnpkit.bench [--json]``: run every benchmark module and print one table."""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
from dataclasses import asdict

import pnpkit.bench as bench
from pnpkit.bench import Row


def collect() -> list[Row]:
    rows: list[Row] = []
    names = sorted(
        m.name for m in pkgutil.iter_modules(bench.__path__) if not m.name.startswith("_")
    )
    for name in names:
        module = importlib.import_module(f"pnpkit.bench.{name}")
        print(f"running {name} …", file=sys.stderr, flush=True)
        rows.extend(module.rows())
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
