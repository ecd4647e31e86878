"""Benchmark: commands as a user runs them, in fresh processes (imports included).

- ``pnpkit build`` of each game alone, then of every kit at once with ``--jobs`` (one process
  per core). Goals: a game in about a second, all five kits in about two on two cores.
- Every command case a game's ``bench`` module declares in ``COMMANDS(folder)``: ``(area,
  measure, argv, runs)``, the data it needs written into ``folder`` (``pnpkit map`` of growing
  charts, ``pnpkit table-layout --islands max`` at the most attempts allowed).

Each figure: wall time, CPU time of every process the command started, peak memory of the
largest (see :mod:`bench.command`).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from bench import DATA, Row, game_benches
from bench.command import measure, row
from pnpkit.app.build import default_jobs
from pnpkit.games import REGISTRY
from pnpkit.render.disk_cache import ENV as CACHE_VARIABLE

Case = tuple[str, str, list[str], int]


def rows() -> list[Row]:
    return build_rows() + case_rows()


def build_rows() -> list[Row]:
    out: list[Row] = []
    games = [game for game in REGISTRY if (DATA / game).is_dir()]
    with tempfile.TemporaryDirectory() as folder:
        for game in games:
            figures = measure(["build", game, "-q", "--data", str(DATA), "--out", folder])
            out.append(row(f"build {game}", "pnpkit build, fresh process, median of 3", figures))
        jobs = default_jobs()
        argv = ["build", *games, "-q", "--data", str(DATA), "--out", folder]
        figures = measure([*argv, "--jobs", str(jobs)])
        if figures.code == 2:  # a pnpkit without --jobs (PNPKIT_BENCH_SOURCE): one by one
            figures = measure(argv)
            jobs = 1
        measured = f"pnpkit build --jobs {jobs} on {default_jobs()} cores, median of 3"
        out.append(row(f"build all {len(games)} kits", measured, figures))
        # the first build on a machine compiles every template and converts every card face
        # (nothing kept on disk yet)
        cold = measure([*argv, "--jobs", str(jobs)], extra={CACHE_VARIABLE: ""})
        measured += ", nothing kept from earlier builds (a first build)"
        out.append(row(f"build all {len(games)} kits", measured, cold))
    return out


def case_rows() -> list[Row]:
    out: list[Row] = []
    for _, module in game_benches():
        cases: Callable[[Path], list[Case]] | None = getattr(module, "COMMANDS", None)
        if cases is None:
            continue
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            for area, measured, argv, runs in cases(folder):
                out.append(row(area, measured, measure(argv, runs=runs, cwd=folder)))
    return out
