"""Time a ``pnpkit`` command as a user runs it: a fresh process, its wall time, the CPU time of
it and every process it started, and the peak resident memory of the largest of them.

Set ``PNPKIT_BENCH_SOURCE`` to another checkout's ``src`` folder to measure that code with the
same benchmarks (before and after a change: the command line is the contract)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from bench import REPO, Row

SOURCE_VARIABLE = "PNPKIT_BENCH_SOURCE"

_RUNNER = r"""
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"code": done.returncode, "wall": wall,
                  "cpu": usage.ru_utime + usage.ru_stime, "rss_kb": usage.ru_maxrss,
                  "err": done.stderr.decode("utf-8", "replace")[-400:]}))
"""


@dataclass(frozen=True, slots=True)
class Figures:
    """One command's cost: seconds on the clock and of CPU (all its processes), peak MB of
    its largest process, and how it ended."""

    wall: float
    cpu: float
    peak_mb: float
    code: int = 0
    error: str = ""

    def text(self) -> str:
        figures = f"{self.wall:.2f} s ({self.cpu:.2f} s CPU), peak {self.peak_mb:.0f} MB"
        if self.code:
            last = (self.error.strip().splitlines() or [""])[-1]
            return f"{figures}; exit {self.code}: {last[:120]}"
        return figures


def environment() -> dict[str, str]:
    """The environment the command runs in: this code, or the one ``PNPKIT_BENCH_SOURCE``
    names."""
    env = dict(os.environ)
    source = env.get(SOURCE_VARIABLE) or str(REPO / "src")
    env["PYTHONPATH"] = source + os.pathsep + env.get("PYTHONPATH", "")
    return env


def measure(
    argv: list[str], runs: int = 3, cwd: Path | None = None, extra: dict[str, str] | None = None
) -> Figures:
    """``python -m pnpkit *argv`` run ``runs`` times in fresh processes (``extra`` added to
    their environment); the median run."""
    results: list[Figures] = []
    for _ in range(runs):
        figures = run([sys.executable, "-m", "pnpkit", *argv], cwd, extra)
        if figures.code == 2:  # a usage error: nothing was measured
            return figures
        results.append(figures)
    return sorted(results, key=lambda f: f.wall)[len(results) // 2]


def run(
    command: list[str], cwd: Path | None = None, extra: dict[str, str] | None = None
) -> Figures:
    """``command`` run once in a fresh process (``extra`` added to :func:`environment`): its
    figures. The peak memory is ``getrusage(RUSAGE_CHILDREN).ru_maxrss`` read by a runner
    process once the command has ended: the largest resident set of the command and of every
    process it waited for."""
    done = subprocess.run(
        [sys.executable, "-c", _RUNNER, *command],
        capture_output=True,
        text=True,
        env={**environment(), **(extra or {})},
        cwd=cwd,
        check=True,
    )
    got = json.loads(done.stdout.strip().splitlines()[-1])
    return Figures(got["wall"], got["cpu"], got["rss_kb"] / 1024, got["code"], got["err"])


def row(area: str, measure_: str, figures: Figures) -> Row:
    return Row(area, measure_, figures.text())


def median(values: list[float]) -> float:
    return statistics.median(values)


PACE_RUNS = 5
_PACE = "import time\nt = time.process_time()\nsum(i * i for i in range(2_000_000))\n" + (
    "print(time.process_time() - t)"
)


def pace() -> float:
    """The machine's pace now: the CPU seconds a fixed pure-Python loop takes in a fresh
    process (median of :data:`PACE_RUNS`), the same whatever the checkout measured. A shared
    2-core machine's speed drifts by half again within an hour; when this figure is slower,
    every other figure is too, so two tables are compared through it."""
    seconds = [
        float(
            subprocess.run(
                [sys.executable, "-c", _PACE], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(PACE_RUNS)
    ]
    return statistics.median(seconds)


def pace_row(when: str) -> Row:
    return Row(
        "machine pace",
        f"a fixed pure-Python loop, CPU, median of {PACE_RUNS}, {when}",
        f"{pace():.3f} s",
    )
