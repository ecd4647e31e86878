"""Who hears about each document as it is written, and which documents a build should write.

A build runs inside :func:`listening`; every writer calls :func:`wrote` once a document is on
disk, and may ask :func:`wanted` first to skip documents a partial rebuild does not need
(``pnpkit watch`` rebuilds only what a change touched). Outside :func:`listening` every
document is wanted and nobody is told.

>>> heard = []
>>> with listening(heard.append, only=frozenset({"a.pdf"})):
...     wanted(Path("out/b.pdf")), wanted(Path("out/a.pdf"))
(False, True)
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class _Listener:
    report: Callable[[Path], None] | None
    only: frozenset[str] | None


_LISTENER: ContextVar[_Listener | None] = ContextVar("pnpkit_progress", default=None)


@contextlib.contextmanager
def listening(
    report: Callable[[Path], None] | None, *, only: frozenset[str] | None = None
) -> Iterator[None]:
    """Within the block, ``report(path)`` hears every document written; when ``only`` is given,
    documents whose file name is not in it are skipped."""
    token = _LISTENER.set(_Listener(report, only))
    try:
        yield
    finally:
        _LISTENER.reset(token)


def wanted(path: Path) -> bool:
    """Whether the build being run should write ``path``."""
    listener = _LISTENER.get()
    return listener is None or listener.only is None or path.name in listener.only


def wrote(path: Path) -> None:
    """Tell the listener (if any) that ``path`` is written."""
    listener = _LISTENER.get()
    if listener is not None and listener.report is not None:
        listener.report(path)
