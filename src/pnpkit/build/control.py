"""How a build is run, apart from what it prints: who hears progress and warnings, which
documents to write, and the fingerprints of those already written.

What a kit is printed with (paper, duplex, bleed, back offset, units, template folders) is
another value, :class:`~pnpkit.layout.print_settings.PrintSettings`: kits see that one alone.
Builders take both::

    build_kits(["my-game"], "data", "output", DEFAULTS.on(A4),
               BuildControl(report=print))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pnpkit.build.context import BuildContext


@dataclass(frozen=True, slots=True)
class BuildControl:
    """How a build reports and which documents it writes."""

    report: Callable[[Path], None] | None = None
    """Called with each document's path once it is written (progress)."""
    warn: Callable[[str], None] | None = field(default=None, compare=False)
    """Called with each warning about the data (a data file the game never reads): the kit
    still builds."""
    only: frozenset[str] | None = None
    """File names of the documents to write (None: all)."""
    known: dict[str, str] | None = field(default=None, compare=False)
    """Fingerprints of the documents on disk (``pnpkit watch``): a document whose inputs did
    not change is not written again. Updated as documents are written."""

    def context(self) -> BuildContext:
        """A fresh context for one build under this control."""
        return BuildContext(report=self.report, only=self.only, known=self.known)


SILENT = BuildControl()
"""A build that reports nothing and writes every document."""


__all__ = ["SILENT", "BuildControl"]
