"""Waiting for a process to reach a state (Linux ``/proc``), never for a time: tests that send
Ctrl-C or kill -9 to a command hold on a loaded machine, where a fixed delay lands anywhere.

Every wait has a generous deadline (:data:`DEADLINE`): a hang guard, not a timing assertion.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path

DEADLINE = 300.0
"""Seconds a test waits for a state before it gives up (a busy two-core machine running the
suite beside other work can take minutes where an idle one takes a second)."""

HAS_PROC = Path("/proc/self/status").is_file()


def wait_until(done: Callable[[], bool], deadline: float = DEADLINE, poll: float = 0.005) -> bool:
    """Poll ``done`` until it holds (True) or ``deadline`` seconds pass (False)."""
    end = time.monotonic() + deadline
    while not done():
        if time.monotonic() > end:
            return False
        time.sleep(poll)
    return True


def loaded(pid: int, library: str) -> bool:
    """Whether process ``pid`` has mapped a shared library whose path holds ``library`` (a
    Python extension module it imported: ``/_json.``)."""
    try:
        return library in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (forked) that still run."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def running(pgid: int) -> list[str]:
    """The processes of group ``pgid`` still running (an ended one not yet reaped by whoever
    adopted it, a zombie, has ended)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == pgid and fields[0] != "Z":
                found.append(stat.parent.name)
    return found
