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
from pathlib import Path

import pytest
from tests.processes import DEADLINE, children, running, wait_until

from pnpkit.build.staging import stale_folders

REPO = Path(__file__).resolve().parents[2]


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
        wait_until(lambda: build.poll() is not None or bool(children(build.pid)), poll=0.001)
        forked = bool(children(build.pid))
        os.kill(build.pid, signal.SIGKILL)  # killed while its drawing processes run
        build.wait(timeout=DEADLINE)
        assert forked, "the build forked no drawing process"
        assert wait_until(lambda: not running(build.pid), poll=0.02), running(build.pid)
        # its staging folder is left behind, and no process holds its lock any more
        assert [p.name.endswith(".staging") for p in stale_folders(out / "high-seas")] in (
            [True],
            [],  # killed before it made one
        )
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(build.pid, signal.SIGKILL)  # never leave them running
