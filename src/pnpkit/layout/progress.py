"""Who hears about each document as it is written, and which documents a build writes.

A build runs inside :func:`listening`; every writer asks :func:`should_write` before drawing a
document and calls :func:`wrote` once it is on disk. Outside :func:`listening` every document is
written and nobody is told. Inside, a document is skipped when

- ``only`` names documents and this one is not among them, or
- ``known`` (file → fingerprint of the document on disk, kept by ``pnpkit watch`` between
  builds) says the same inputs made the file that is there (:mod:`pnpkit.layout.fingerprint`).

>>> with listening(None, only=frozenset({"a.pdf"})) as heard:
...     should_write(Path("out/b.pdf")), should_write(Path("out/a.pdf"))
(False, True)
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(slots=True)
class Listener:
    """What the build being run was asked, and what it wrote so far."""

    report: Callable[[Path], None] | None = None
    only: frozenset[str] | None = None
    known: dict[str, str] | None = None
    written: list[Path] = field(default_factory=list)
    skipped: list[Path] = field(default_factory=list)


_LISTENER: ContextVar[Listener | None] = ContextVar("pnpkit_progress", default=None)


@contextlib.contextmanager
def listening(
    report: Callable[[Path], None] | None,
    *,
    only: frozenset[str] | None = None,
    known: dict[str, str] | None = None,
) -> Iterator[Listener]:
    """Within the block, ``report(path)`` hears every document written; ``only`` limits the
    documents by file name; ``known`` skips documents whose inputs did not change (and is
    updated as documents are written)."""
    listener = Listener(report, only, known)
    token = _LISTENER.set(listener)
    try:
        yield listener
    finally:
        _LISTENER.reset(token)


def wanted(path: Path) -> bool:
    """Whether ``only`` lets the build write ``path``."""
    listener = _LISTENER.get()
    return listener is None or listener.only is None or path.name in listener.only


def remembering() -> bool:
    """Whether the build being run remembers fingerprints between builds (``pnpkit watch``)."""
    listener = _LISTENER.get()
    return listener is not None and listener.known is not None


def should_write(path: Path, fingerprint: str | None = None) -> bool:
    """Whether to draw ``path`` now (False is remembered as skipped)."""
    listener = _LISTENER.get()
    if listener is None:
        return True
    same = (
        listener.known is not None
        and fingerprint is not None
        and listener.known.get(str(path)) == fingerprint
        and path.is_file()
    )
    if not wanted(path) or same:
        listener.skipped.append(path)
        return False
    return True


def same_bytes(path: Path, body: bytes, fingerprint: str | None = None) -> bool:
    """In a rebuild that remembers fingerprints (``pnpkit watch``): True, and ``path`` counts as
    unchanged, when the file there already holds exactly ``body`` (PDFs are deterministic, so
    new inputs that draw the same pages need no new file and no new verification)."""
    listener = _LISTENER.get()
    if listener is None or listener.known is None or not path.is_file():
        return False
    try:
        if path.read_bytes() != body:
            return False
    except OSError:
        return False
    listener.skipped.append(path)
    if fingerprint is not None:
        listener.known[str(path)] = fingerprint
    return True


def wrote(path: Path, fingerprint: str | None = None) -> None:
    """``path`` is written (from inputs with ``fingerprint``, if known)."""
    listener = _LISTENER.get()
    if listener is None:
        return
    listener.written.append(path)
    if listener.known is not None:
        if fingerprint is None:
            listener.known.pop(str(path), None)
        else:
            listener.known[str(path)] = fingerprint
    if listener.report is not None:
        listener.report(path)
