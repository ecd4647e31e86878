"""Benchmark: the whole kit of the game ``pnpkit new`` makes, a designer's game from data alone.

Its seven PDFs: a deck written in YAML, one read from a CSV, a sheet of round tokens drawn by
layouts, a board tiled over two sheets with an assembly page, a rulebook that quotes the data,
the print guide and the duplex calibration page (:mod:`pnpkit.app.new_game`). Timed as a
command runs: ``pnpkit build`` in a fresh process, the median of three, its disk cache kept
between them (a designer's rebuild), and once with an empty cache (a first build).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bench import Row
from bench.command import measure
from pnpkit.app.new_game import scaffold
from pnpkit.render.disk_cache import ENV as CACHE_VARIABLE

AREA = "starter kit"
GAME = "salvage-run"


def rows() -> list[Row]:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        data, out = folder / "data", folder / "out"
        scaffold(data, GAME, None)
        argv = ["build", GAME, "-q", "--data", str(data), "--out", str(out)]
        cold = measure(argv, runs=1, extra={CACHE_VARIABLE: str(folder / "cache-cold")})
        warm = measure(argv, runs=3, extra={CACHE_VARIABLE: str(folder / "cache-cold")})
        written = sorted(p.name for p in (out / GAME).glob("*.pdf"))
    what = f"{len(written)} PDFs: cards, tokens, a tiled board, a rulebook"
    return [
        Row(
            AREA, f"pnpkit new's game, pnpkit build, first build (empty cache); {what}", cold.text()
        ),
        Row(AREA, "the same, fresh process, median of 3 (cache kept, a rebuild)", warm.text()),
    ]
