"""Staging folders of builds that died are removed by the next build, never a live build's;
``verify`` and ``preview`` ignore staging folders.

Before: a build killed after about a second left ``.<game>.*.staging`` forever, and ``verify``
and ``preview`` read the half-written PDFs in it as if they were a kit."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnpkit.app.build import build_kits
from pnpkit.app.cli import main
from pnpkit.app.new_game import scaffold
from pnpkit.app.preview import kit_documents
from pnpkit.build.staging import OWNER, STAGING_SUFFIX, remove_stale, stale_folders

REPO = Path(__file__).resolve().parents[2]
GAME = "salvage-run"
"""A card game made by ``pnpkit new``: staging works alike for every game, and its kit of three
documents builds in a third of High Seas' time."""

# A build's staging folder, owned by a process that waits for a line on stdin and then dies
# without cleaning up (as a killed build would).
_OWNER = r"""
import os, sys, tempfile
from pathlib import Path
from pnpkit.build.staging import _own
out = Path(sys.argv[1])
stage = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".staging", dir=out.parent))
owner = _own(stage)
(stage / "crew-cards.pdf").write_bytes(b"%PDF-1.4 half written")
print(stage, flush=True)
sys.stdin.readline()
os._exit(0)
"""


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    scaffold(folder, GAME, None)
    return folder


def _owned_stage(out_dir: Path) -> tuple[subprocess.Popen[str], Path]:
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    child = subprocess.Popen(
        [sys.executable, "-c", _OWNER, str(out_dir)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    stage = Path(child.stdout.readline().strip())
    assert stage.is_dir() and (stage / OWNER).read_text().strip() == str(child.pid)
    return child, stage


def _finish(child: subprocess.Popen[str]) -> None:
    assert child.stdin is not None
    child.stdin.write("\n")
    child.stdin.close()
    assert child.wait(timeout=60) == 0
    if child.stdout is not None:
        child.stdout.close()


def test_a_live_builds_staging_folder_is_left_alone_and_a_dead_ones_removed(
    data: Path, tmp_path: Path
) -> None:
    out = tmp_path / "output"
    child, stage = _owned_stage(out / GAME)
    try:
        assert stale_folders(out / GAME) == []
        build_kits([GAME], data, out)  # a second build at the same time
        assert stage.is_dir()  # the running build keeps its folder
    finally:
        _finish(child)
    assert stale_folders(out / GAME) == [stage]  # its process is gone, its lock let go
    build_kits([GAME], data, out)
    assert not stage.exists()
    assert sorted(p.name for p in out.iterdir()) == [GAME]


def test_an_unsigned_staging_folder_is_being_born_and_kept(tmp_path: Path) -> None:
    out = tmp_path / "output" / GAME
    out.mkdir(parents=True)
    newborn = out.parent / f".{GAME}.abc123{STAGING_SUFFIX}"
    newborn.mkdir()
    (newborn / OWNER).touch()  # created, not yet locked and signed
    assert remove_stale(out) == []
    old = time.time() - 2 * 3600
    os.utime(newborn, (old, old))  # an hour later: its build died as it began
    assert remove_stale(out) == [newborn]


def test_verify_and_preview_ignore_staging_folders(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "output"
    build_kits([GAME], data, out)
    child, stage = _owned_stage(out / GAME)
    try:
        assert main(["verify", "--out", str(out)]) == 0
        assert capsys.readouterr().out == "every PDF prints at true scale\n"
        documents = kit_documents(out)
        assert documents and all(stage not in p.parents for p in documents)
        assert all(p.parent == out / GAME for p in documents)
    finally:
        _finish(child)


@pytest.mark.slow
def test_a_killed_build_leaves_a_folder_the_next_build_removes(tmp_path: Path) -> None:
    game = "high-seas"  # (its kit takes long enough to kill the build half way)
    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / game, data / game)
    out = tmp_path / "output"
    argv = [sys.executable, "-m", "pnpkit", "build", game, "-q", "--data", str(data)]
    child = subprocess.Popen([*argv, "--out", str(out)])
    pattern = f".{game}.*{STAGING_SUFFIX}"
    deadline = time.monotonic() + 120
    stages: list[Path] = []
    while time.monotonic() < deadline and child.poll() is None:
        stages = [s for s in out.glob(pattern) if (s / OWNER).is_file()]
        if stages and (stages[0] / OWNER).read_text().strip():
            break
        time.sleep(0.005)
    os.kill(child.pid, signal.SIGKILL)  # killed while it writes its kit
    child.wait(timeout=60)
    assert stages, "the build never staged its kit"
    assert stages[0].is_dir()  # a killed build cannot clean up
    assert main(["build", game, "-q", "--data", str(data), "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [game]
