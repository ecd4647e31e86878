"""A build killed while its forked drawing processes run takes them with it, and nothing of it
keeps its staging folder locked: the next build removes the folder (found by the test-suite
helper: the workers lived on, holding a copy of the folder's lock)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnpkit.build.staging import stale_folders

REPO = Path(__file__).resolve().parents[2]


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _running(pgid: int) -> list[str]:
    """The processes of group ``pgid`` still running (an ended one not yet reaped by whoever
    adopted it, a zombie, has ended)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == pgid and fields[0] != "Z":
                found.append(stat.parent.name)
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
def test_a_killed_builds_workers_end_and_its_folder_is_freed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "high-seas", data / "high-seas")
    out = tmp_path / "output"
    argv = [sys.executable, "-m", "pnpkit", "build", "high-seas", "-q", "--jobs", "2"]
    # a session of its own: whatever the build forks stays in its process group
    build = subprocess.Popen(
        [*argv, "--data", str(data), "--out", str(out)], start_new_session=True
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and build.poll() is None and not _children(build.pid):
            time.sleep(0.001)
        forked = bool(_children(build.pid))
        os.kill(build.pid, signal.SIGKILL)  # killed while its drawing processes run
        build.wait(timeout=60)
        assert forked, "the build forked no drawing process"
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and _running(build.pid):
            time.sleep(0.02)
        assert _running(build.pid) == []
        # its staging folder is left behind, and no process holds its lock any more
        assert [p.name.endswith(".staging") for p in stale_folders(out / "high-seas")] in (
            [True],
            [],  # killed before it made one
        )
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(build.pid, signal.SIGKILL)  # never leave them running
