"""Outputs are written whole or not at all.

- No module writes a file except through :func:`pnpkit.build.atomic.atomic_write` (a static
  audit of ``src/``).
- A kit build that fails half way leaves the previous output byte-identical and no temporary
  file or staging folder behind.
- Two builds into one folder at once, in two processes, leave PDFs that verify and equal a
  single build's bytes.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tests.writing import ShippedKit

from pnpkit.app.build import build_kits
from pnpkit.app.cli import main
from pnpkit.errors import BuildError
from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.verify import verify_paths

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "src" / "pnpkit"

DIRECT_WRITE = re.compile(
    r"\.write_text\(|\.write_bytes\(|\b(?:fd)?open\([^)\n]*['\"][wax]b?\+?['\"]|os\.open\([^)\n]*O_(WRONLY|RDWR|CREAT)"
)
ALLOWED = {
    ("output.py", "devnull = os.open(os.devnull, os.O_WRONLY)"),  # silences a closed pipe
    # a staging folder's lock file: not an output, never published
    ("staging.py", 'owner = (stage / OWNER).open("x", encoding="ascii")'),
    # what is kept between runs (compiled templates, converted faces): a cache beside the
    # user's others, never an output (written whole and renamed into place, as Jinja's own
    # cache does; render may not import build's writer)
    ("disk_cache.py", 'with os.fdopen(fd, "wb") as out:'),
}
"""Direct writes that are not outputs."""


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones included) by relative path."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_no_module_writes_a_file_except_atomically() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if path == SRC / "build" / "atomic.py":  # the one writer
            continue
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            if DIRECT_WRITE.search(line) and (path.name, line.strip()) not in ALLOWED:
                found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert found == []


def test_the_audit_would_see_a_direct_write() -> None:
    for line in (
        'target.write_text(body, encoding="utf-8")',
        "path.write_bytes(data)",
        'with open(name, "wb") as out:',
        "fd = os.open(name, os.O_WRONLY | os.O_CREAT)",
        'with os.fdopen(fd, "wb") as out:',
    ):
        assert DIRECT_WRITE.search(line), line
    assert not DIRECT_WRITE.search('with path.open("rb") as stream:')


@pytest.fixture
def high_seas(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / "high-seas", data / "high-seas")
    return data


CARD_GAME = "salvage-run"
"""A card game made by ``pnpkit new``: three documents, for what every build does alike."""


@pytest.fixture
def card_game(tmp_path: Path) -> Path:
    """A data folder holding :data:`CARD_GAME`."""
    from pnpkit.app.new_game import scaffold

    data = tmp_path / "data"
    scaffold(data, CARD_GAME, None)
    return data


def fail_on_save(monkeypatch: pytest.MonkeyPatch, call: int) -> list[int]:
    """Make the ``call``-th ``Document.save`` of the process raise, as a renderer would."""
    calls: list[int] = []
    real = Document.save

    def save(self: Document) -> None:
        calls.append(1)
        if len(calls) == call:
            raise BuildError("injected failure in the middle of the kit")
        real(self)

    monkeypatch.setattr(Document, "save", save)
    return calls


@pytest.mark.parametrize("game", ["high-seas", "false-colors"])
def test_a_build_failing_half_way_leaves_the_previous_kit_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, shipped_kit: ShippedKit
) -> None:
    data = tmp_path / "data"
    shutil.copytree(REPO / "data" / game, data / game)
    out = tmp_path / "out"
    shutil.copytree(shipped_kit(game, "a4"), out / game)  # the previous kit: other bytes
    before = snapshot(out)
    assert len(before) >= 4

    calls = fail_on_save(monkeypatch, call=3)  # two documents are written, the third fails
    with pytest.raises(BuildError, match="injected failure"):
        build_kits([game], data, out, DEFAULTS.on(LETTER))
    assert len(calls) == 3
    assert snapshot(out) == before  # byte-identical, nothing added, no temporary files


def test_the_cli_reports_a_failed_build_and_keeps_the_old_kit(
    high_seas: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    shipped_kit: ShippedKit,
) -> None:
    out = tmp_path / "out"
    shutil.copytree(shipped_kit("high-seas"), out / "high-seas")  # a kit built before
    before = snapshot(out)
    fail_on_save(monkeypatch, call=2)
    code = main(
        ["build", "high-seas", "--data", str(high_seas), "--out", str(out), "--paper", "a4"]
    )
    assert code == 1
    assert capsys.readouterr().err == "error: injected failure in the middle of the kit\n"
    assert snapshot(out) == before


def test_the_progress_names_the_final_paths(card_game: Path, tmp_path: Path) -> None:
    from pnpkit.build.control import BuildControl

    heard: list[Path] = []
    out = tmp_path / "out"
    written = build_kits([CARD_GAME], card_game, out, control=BuildControl(report=heard.append))
    assert heard == written and len(written) == 7  # the whole kit pnpkit new makes
    assert all(p.parent == out / CARD_GAME and p.is_file() for p in written)
    assert sorted(p.name for p in (out).iterdir()) == [CARD_GAME]  # no staging folder left


PNPKIT = (sys.executable, "-m", "pnpkit.app.cli")


def test_an_output_folder_that_is_a_link_elsewhere_is_built_through(
    card_game: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere" / "kit"
    elsewhere.mkdir(parents=True)
    out = tmp_path / "out"
    out.mkdir()
    (out / CARD_GAME).symlink_to(elsewhere)
    written = build_kits([CARD_GAME], card_game, out, DEFAULTS.on(LETTER))
    assert (out / CARD_GAME).is_symlink()
    assert written and sorted(p.name for p in elsewhere.iterdir()) == sorted(
        p.name for p in written
    )
    assert sorted(p.name for p in out.iterdir()) == [CARD_GAME]
    assert sorted(p.name for p in elsewhere.parent.iterdir()) == ["kit"]


def _build(data: Path, out: Path, seed: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.Popen(
        [*PNPKIT, "build", "high-seas", "--quiet", "--data", str(data), "--out", str(out)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


@pytest.mark.slow
def test_two_builds_into_one_folder_at_once_do_not_corrupt_each_other(
    high_seas: Path, tmp_path: Path, shipped_kit: ShippedKit
) -> None:
    shared = tmp_path / "shared"
    first, second = _build(high_seas, shared, "1"), _build(high_seas, shared, "2")
    for process in (first, second):
        _, err = process.communicate(timeout=300)
        assert process.returncode == 0, err.decode()
    # a single build's kit (the shipped data, built once for the test run)
    reference = {
        f"high-seas/{name}": body for name, body in snapshot(shipped_kit("high-seas")).items()
    }
    together = snapshot(shared)
    assert together == reference  # same names, same bytes, nothing hidden left over
    assert verify_paths([shared]) == []


def test_a_device_or_a_link_is_written_into_not_replaced(tmp_path: Path) -> None:
    """``--out /dev/null`` or ``/dev/stdout``: renaming a temporary file over the path would
    replace the device node or the link (as root, /dev/null itself). A pipe stands in for the
    device here."""
    import stat
    import threading

    from pnpkit.build.atomic import atomic_write

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_bytes()), daemon=True)
    reader.start()
    with atomic_write(pipe) as out:
        out.write(b"through the pipe")
    reader.join(timeout=10)
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(pipe.lstat().st_mode)

    real = tmp_path / "real.txt"
    real.write_bytes(b"old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    with atomic_write(link) as out:
        out.write(b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "pipe", "real.txt"]


def test_map_into_a_pipe_streams_and_leaves_the_pipe(tmp_path: Path) -> None:
    """``pnpkit map … --out /dev/stdout`` (or a named pipe) as the CLI does it."""
    import json
    import stat
    import threading

    pipe = tmp_path / "chart.json"
    os.mkfifo(pipe)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_bytes()), daemon=True)
    reader.start()
    argv = ["map", "duel", "--seed", "3", "--format", "json", "--out", str(pipe)]
    assert main([*argv, "--data", str(REPO / "data")]) == 0
    reader.join(timeout=10)
    assert json.loads(received[0])["seed"] == 3
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chart.json"]
