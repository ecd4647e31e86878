"""Benchmark: every registered kit built whole (written and verified), in a fresh subprocess.

Reports the first (cold: imports, font loading) build, the median of the warm builds after it,
the peak Python allocation (tracemalloc) of one warm build, and the subprocess's peak resident
memory. Goal for False Colors: under 2 s and 200 MB.
"""

from __future__ import annotations

import json
import subprocess
import sys

from bench import DATA, Row

RUNS = 4

_CHILD = r"""
import json, resource, statistics, sys, tempfile, time, tracemalloc
from pathlib import Path
from pnpkit.app.build import build_kits
from pnpkit.layout.paper import LETTER
from pnpkit.layout.print_settings import DEFAULTS
letter = DEFAULTS.on(LETTER)
game, data, runs = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
times, files = [], 0
with tempfile.TemporaryDirectory() as folder:
    for run in range(runs):
        start = time.perf_counter()
        written = build_kits([game], data, Path(folder) / str(run), letter)
        times.append(time.perf_counter() - start)
        files = len(written)
    pages = 0
    from pypdf import PdfReader
    pages = sum(len(PdfReader(p).pages) for p in written)
    tracemalloc.start()
    build_kits([game], data, Path(folder) / "traced", letter)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"cold": times[0], "warm": statistics.median(times[1:]) if runs > 1 else times[0],
                  "files": files, "pages": pages, "traced": peak, "rss_kb": rss_kb}))
"""


def measure(game: str, runs: int = RUNS) -> dict[str, float]:
    """Build ``game``'s kit ``runs`` times in a subprocess; the figures it reports."""
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, game, str(DATA), str(runs)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def rows() -> list[Row]:
    from pnpkit.games import REGISTRY

    out: list[Row] = []
    for game in REGISTRY:
        if not (DATA / game).is_dir():
            continue
        figures = measure(game)
        area = f"kit {game}"
        out.append(
            Row(
                area,
                f"whole kit, build + verify, median of {RUNS - 1} warm runs",
                f"{figures['warm']:.2f} s ({int(figures['files'])} PDFs, {int(figures['pages'])} pages)",
            )
        )
        out.append(
            Row(area, "first build in a fresh process (imports, fonts)", f"{figures['cold']:.2f} s")
        )
        out.append(
            Row(
                area,
                "peak Python allocation, one build (tracemalloc)",
                f"{figures['traced'] / 1e6:.1f} MB",
            )
        )
        out.append(
            Row(area, "peak resident memory of the process", f"{figures['rss_kb'] / 1024:.0f} MB")
        )
    return out
