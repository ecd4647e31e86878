"""The files a piece of work opens for reading, heard as it opens them: one audit hook
(:pep:`578`) on ``open``, installed the first time it is wanted and silent outside
:func:`recording_reads`. ``pnpkit watch`` watches what its builds read; ``check`` and ``build``
say which data files a game never read (:mod:`pnpkit.app.unread`). No list of a game's files
is kept anywhere, so none can drift from what its readers really open. Work spread over forked
processes (:func:`pnpkit.workers.forked_map`) hands back what it read, so it is heard here too."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from pnpkit import workers

_READS: ContextVar[tuple[set[str], ...]] = ContextVar("pnpkit_reads", default=())
"""The sets of every :func:`recording_reads` block this thread is in (they nest: a watched
build records what the game reads too)."""
_HOOKED = threading.Lock()
_hook_installed = False
_WRITES = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def _heard_open(event: str, args: tuple[object, ...]) -> None:
    """The audit hook: note a file opened for reading while a build records its reads."""
    if event != "open":
        return
    into = _READS.get()
    if not into or len(args) < 3:
        return
    path, mode, flags = args[0], args[1], args[2]
    try:
        if not isinstance(path, str | bytes | os.PathLike):
            return
        if isinstance(mode, str) and any(c in mode for c in "wax+"):
            return
        if mode is None and isinstance(flags, int) and flags & _WRITES:
            return
        name = os.fsdecode(path)
        for reads in into:
            reads.add(name)
    except Exception:  # an audit hook must never fail the open it hears
        return


@contextmanager
def recording_reads(into: set[str] | None = None) -> Iterator[set[str]]:
    """Collect the paths of the files this thread opens for reading inside the block (through
    Python's ``open``, ``io.open_code`` or ``os.open``: every reader the build uses), into
    ``into`` if given (work handed back later still adds to it); a block inside another is
    heard by both."""
    global _hook_installed
    with _HOOKED:
        if not _hook_installed:
            sys.addaudithook(_heard_open)
            _hook_installed = True
    reads: set[str] = into if into is not None else set()
    token = _READS.set((*_READS.get(), reads))
    try:
        yield reads
    finally:
        _READS.reset(token)


def _taken() -> list[set[str]]:
    """In a forked worker: what each recording block it was forked in has heard, its own
    reads included."""
    return [set(reads) for reads in _READS.get()]


def _given(taken: list[set[str]]) -> None:
    """Here: the reads a worker heard, added to the blocks it was forked in (these)."""
    for reads, heard in zip(_READS.get(), taken, strict=False):
        reads |= heard


workers.carry(_taken, _given)
