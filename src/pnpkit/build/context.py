"""What one build was asked and what it did, handed explicitly to every document it writes.

A :class:`BuildContext` says which documents a build writes and who hears about each:

- ``only`` names the documents to write (by file name); the others are skipped;
- ``known`` (file → fingerprint of the document on disk, kept by ``pnpkit watch`` between
  builds) skips a document whose inputs did not change (:mod:`pnpkit.build.fingerprint`);
- ``report`` hears each document's path once it is written;
- ``verify`` reads every document back before it is written (:mod:`pnpkit.verify`).

>>> context = BuildContext(only=frozenset({"a.pdf"}))
>>> context.should_write(Path("out/b.pdf")), context.should_write(Path("out/a.pdf"))
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(slots=True)
class BuildContext:
    """One build's requests (``report``, ``only``, ``known``, ``verify``) and its record."""

    report: Callable[[Path], None] | None = None
    only: frozenset[str] | None = None
    known: dict[str, str] | None = None
    verify: bool = True
    published: Path | None = None
    """The folder the documents are published to, when they are written elsewhere first (a
    staging folder): a rebuild compares new bytes with the published file."""
    source: Path | None = None
    """The game's data folder, when the build knows it: how long each of its documents took
    to draw is remembered by it, wherever the kit is written (:mod:`pnpkit.build.write`)."""
    written: list[Path] = field(default_factory=list)
    skipped: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    """What the build noticed about the data that does not stop it (a file the game never
    reads), one line each, for the command to say."""

    def published_path(self, path: Path) -> Path:
        """Where a document written at ``path`` is published."""
        return self.published / path.name if self.published is not None else path

    def wanted(self, path: Path) -> bool:
        """Whether ``only`` lets the build write ``path``."""
        return self.only is None or path.name in self.only

    @property
    def remembering(self) -> bool:
        """Whether the build remembers fingerprints between builds (``pnpkit watch``)."""
        return self.known is not None

    def should_write(self, path: Path, fingerprint: str | None = None) -> bool:
        """Whether to draw ``path`` now (False is remembered as skipped)."""
        same = (
            self.known is not None
            and fingerprint is not None
            and self.known.get(path.name) == fingerprint
            and self.published_path(path).is_file()
        )
        if not self.wanted(path) or same:
            self.skipped.append(path)
            return False
        return True

    def same_bytes(self, path: Path, body: bytes, fingerprint: str | None = None) -> bool:
        """In a rebuild that remembers fingerprints: True, and ``path`` counts as unchanged, when
        the published file of the same name already holds exactly ``body`` (PDFs are
        deterministic, so new inputs that draw the same pages need no new file)."""
        previous = self.published_path(path)
        if self.known is None or not previous.is_file():
            return False
        try:
            if previous.read_bytes() != body:
                return False
        except OSError:
            return False
        self.skipped.append(path)
        if fingerprint is not None:
            self.known[path.name] = fingerprint
        return True

    def wrote(self, path: Path, fingerprint: str | None = None) -> None:
        """``path`` is written (from inputs with ``fingerprint``, if known)."""
        self.written.append(path)
        if self.known is not None:
            if fingerprint is None:
                self.known.pop(path.name, None)
            else:
                self.known[path.name] = fingerprint
        if self.report is not None:
            self.report(path)
