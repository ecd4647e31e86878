"""A kit's documents land together or not at all.

Each document is already written atomically (:func:`pnpkit.build.atomic.atomic_write`), but a
kit is several documents: a build that fails half way would leave the first new documents beside
the last old ones. :func:`staged` gives the builder a private folder beside the kit's output
folder; only when the whole kit is written and verified does each file move into place (one
``os.replace`` each, so every file is always whole). On any failure the staging folder is
removed and the previous output is left exactly as it was.

Two builds into the same folder at once each have their own staging folder; each file is
replaced whole, so the folder always holds complete documents (of one build or the other, and
the same bytes when the inputs are the same).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

STAGING_SUFFIX = ".staging"


@contextlib.contextmanager
def staged(out_dir: Path) -> Iterator[Path]:
    """Yield a fresh folder to build ``out_dir``'s files in; publish them on success.

    The staging folder sits beside the real folder (links followed), on the same file system,
    so every move is a rename."""
    out_dir = out_dir.resolve()
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(
        tempfile.mkdtemp(prefix=f".{out_dir.name}.", suffix=STAGING_SUFFIX, dir=out_dir.parent)
    )
    try:
        yield stage
        publish(stage, out_dir)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def publish(stage: Path, out_dir: Path) -> list[Path]:
    """Move every file under ``stage`` to the same place under ``out_dir``; their new paths."""
    moved: list[Path] = []
    for path in sorted(p for p in stage.rglob("*") if p.is_file()):
        target = out_dir / path.relative_to(stage)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, target)
        moved.append(target)
    return moved


def final_path(path: Path, stage: Path, out_dir: Path) -> Path:
    """Where ``path``, written under ``stage``, ends up once published."""
    try:
        return out_dir / path.relative_to(stage)
    except ValueError:  # not written under the staging folder
        return path
