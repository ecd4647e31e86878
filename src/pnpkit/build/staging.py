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

A build that dies (killed, the power cut) cannot remove its staging folder. Each staging folder
holds an owner file, :data:`OWNER`, that its build keeps locked (``flock``) for as long as it
runs, with its process id inside. The next build into the same place removes the staging folders
whose owner lock it can take: their build is gone, since a lock is let go when its process ends.
A folder whose owner file is still empty is being born (its build has not locked it yet) and is
left alone, unless it is older than :data:`NEWBORN_SECONDS`. Where ``flock`` does not exist
(Windows) stale folders are left for the user to delete; ``verify`` and ``preview`` skip them.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no stale folder is ever taken for dead
    fcntl = None  # type: ignore[assignment]

STAGING_SUFFIX = ".staging"
OWNER = ".owner"
"""The file in a staging folder that its build keeps locked while it runs."""
NEWBORN_SECONDS = 3600.0
"""A staging folder whose owner file stays empty this long belonged to a build that died as
it began."""


@contextlib.contextmanager
def staged(out_dir: Path) -> Iterator[Path]:
    """Yield a fresh folder to build ``out_dir``'s files in; publish them on success.

    The staging folder sits beside the real folder (links followed), on the same file system,
    so every move is a rename. Staging folders of earlier builds into ``out_dir`` that died are
    removed first (:func:`remove_stale`)."""
    out_dir = out_dir.resolve()
    with _staging(out_dir) as stage:
        yield stage
        publish(stage, out_dir)


@contextlib.contextmanager
def staged_folder(out_dir: Path, keep: Callable[[str], bool] = lambda name: True) -> Iterator[Path]:
    """Yield a fresh folder that, on success, takes the place of ``out_dir`` in one step (an
    export's ``print-shop/``: a kill at any moment leaves the folder all old or all new).

    Before the swap, each file of the old folder that the new one lacks is carried over (a
    hard link, else a copy) when ``keep`` says so of its ``/``-separated path inside the folder:
    files of others and of decks not written this time stay. The temporary files of a write
    that was killed (:func:`pnpkit.build.atomic.atomic_write`'s ``.NAME.*.tmp``) never do.
    Where the two folders cannot be exchanged in one call (not Linux), the old one is moved
    aside and the new one moved in: two renames."""
    out_dir = out_dir.resolve()
    with _staging(out_dir) as stage:
        folder = stage / out_dir.name
        folder.mkdir()
        yield folder
        with held_interrupts():
            if out_dir.is_dir():
                _carry_over(out_dir, folder, keep)
            _swap(folder, out_dir)


@contextlib.contextmanager
def _staging(out_dir: Path) -> Iterator[Path]:
    """A staging folder beside ``out_dir``, owned by this process while the block runs, then
    removed; dead builds' staging folders of ``out_dir`` removed first."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    remove_stale(out_dir)
    stage = Path(
        tempfile.mkdtemp(prefix=f".{out_dir.name}.", suffix=STAGING_SUFFIX, dir=out_dir.parent)
    )
    owner = _own(stage)
    try:
        yield stage
    finally:
        shutil.rmtree(stage, ignore_errors=True)
        _HELD.discard(owner)
        owner.close()


def is_leftover(name: str) -> bool:
    """Whether the file ``name`` is the temporary file of an atomic write that never ended."""
    return name.startswith(".") and name.endswith(".tmp") and name.count(".") >= 3


def _carry_over(old: Path, new: Path, keep: Callable[[str], bool]) -> None:
    """Each file (or link) under ``old`` missing under ``new``, linked or copied there when
    ``keep`` wants it."""
    for path in sorted(old.rglob("*")):
        if path.is_dir() and not path.is_symlink():
            continue
        relative = path.relative_to(old)
        target = new / relative
        if is_leftover(path.name) or target.exists() or not keep(relative.as_posix()):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink():
            os.symlink(os.readlink(path), target)
            continue
        try:
            os.link(path, target)
        except OSError:  # a file system without hard links
            shutil.copy2(path, target)


_RENAME_EXCHANGE = 2
"""``renameat2``'s flag to exchange two paths atomically (Linux 3.15)."""


def _swap(new: Path, out_dir: Path) -> None:
    """Put the folder ``new`` at ``out_dir`` (the old folder, if any, ends up at ``new``)."""
    if not out_dir.is_dir() or out_dir.is_symlink():
        os.replace(new, out_dir)
        return
    if _exchange(new, out_dir):
        return
    aside = new.with_name(new.name + ".old")
    os.replace(out_dir, aside)
    os.replace(new, out_dir)
    os.replace(aside, new)


def _exchange(one: Path, other: Path) -> bool:
    """Exchange two folders in one system call; False where the system cannot."""
    try:
        import ctypes

        rename = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    at_cwd = -100
    done = rename(at_cwd, os.fsencode(one), at_cwd, os.fsencode(other), _RENAME_EXCHANGE)
    return bool(done == 0)


_HELD: set[IO[str]] = set()
"""The owner files this process holds locked."""


def _own(stage: Path) -> IO[str]:
    """Create, lock and sign the staging folder's owner file; the open file keeps the lock."""
    owner = (stage / OWNER).open("x", encoding="ascii")
    if fcntl is not None:
        fcntl.flock(owner.fileno(), fcntl.LOCK_EX)
    owner.write(f"{os.getpid()}\n")
    owner.flush()
    _HELD.add(owner)
    return owner


def _let_go_in_child() -> None:
    """In a process forked by a build (its drawing workers): close the copies of the owner files
    it inherited. A lock belongs to the open file, so while a copy stays open in any process the
    folder would look alive after its build died; closing a copy does not unlock the build's."""
    for owner in list(_HELD):
        with contextlib.suppress(OSError):
            owner.close()
    _HELD.clear()


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_let_go_in_child)


def stale_folders(out_dir: Path) -> list[Path]:
    """The staging folders beside ``out_dir`` whose build is gone, sorted."""
    found: list[Path] = []
    try:
        candidates = sorted(out_dir.parent.glob(f".{glob_escape(out_dir.name)}.*{STAGING_SUFFIX}"))
    except OSError:
        return found
    for folder in candidates:
        if folder.is_dir() and not folder.is_symlink() and _abandoned(folder):
            found.append(folder)
    return found


def remove_stale(out_dir: Path) -> list[Path]:
    """Remove the staging folders beside ``out_dir`` of builds that died; the ones removed."""
    removed: list[Path] = []
    for folder in stale_folders(out_dir):
        shutil.rmtree(folder, ignore_errors=True)
        if not folder.exists():
            removed.append(folder)
    return removed


def _abandoned(folder: Path) -> bool:
    """Whether the build that owns ``folder`` is gone: its owner lock is free (and it had
    signed it), or it never signed it and the folder is old."""
    if fcntl is None:
        return False
    try:
        handle = (folder / OWNER).open("r", encoding="ascii")
    except OSError:  # no owner file: a folder of an older pnpkit, or one being born
        return _old(folder)
    with handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:  # locked: its build is running
            return False
        try:
            signed = handle.read().strip()
        except (OSError, UnicodeDecodeError):
            signed = "?"
        return bool(signed) or _old(folder)


def _old(folder: Path) -> bool:
    try:
        return time.time() - folder.stat().st_mtime > NEWBORN_SECONDS
    except OSError:
        return False


def glob_escape(name: str) -> str:
    """``name`` with the glob pattern characters escaped."""
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def publish(stage: Path, out_dir: Path) -> list[Path]:
    """Move every file under ``stage`` to the same place under ``out_dir``; their new paths.
    The owner file stays behind. Ctrl-C while the files move takes effect once they all have
    (:func:`held_interrupts`): a kit is published whole."""
    moved: list[Path] = []
    owner = stage / OWNER
    with held_interrupts():
        for path in sorted(p for p in stage.rglob("*") if p.is_file() and p != owner):
            target = out_dir / path.relative_to(stage)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, target)
            moved.append(target)
    return moved


@contextlib.contextmanager
def held_interrupts() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) until the block is done, then raise it (as KeyboardInterrupt).
    Only the main thread hears signals; elsewhere this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    heard: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: heard.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if heard:
        raise KeyboardInterrupt


def final_path(path: Path, stage: Path, out_dir: Path) -> Path:
    """Where ``path``, written under ``stage``, ends up once published."""
    try:
        return out_dir / path.relative_to(stage)
    except ValueError:  # not written under the staging folder
        return path
