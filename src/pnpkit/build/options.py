"""How to build a kit: paper, duplex back offset, who hears progress, which documents.

Builders take one :class:`BuildOptions` instead of a growing list of positional arguments::

    build_kits(["my-game"], "data", "output", BuildOptions(paper=A4,
               offset=BackOffset.from_mm(1.0, -0.5), report=print))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pnpkit.build.context import BuildContext
from pnpkit.errors import UsageError
from pnpkit.layout.offset import NO_OFFSET, BackOffset
from pnpkit.layout.paper import LETTER, Paper, by_name


@dataclass(frozen=True, slots=True)
class BuildOptions:
    """Everything a builder may be asked besides the game's folders."""

    paper: Paper = LETTER
    """The paper every document is laid out on; physical sizes do not change with it."""
    offset: BackOffset = NO_OFFSET
    """How far duplex back pages move, as read from the duplex calibration page."""
    report: Callable[[Path], None] | None = None
    """Called with each document's path once it is written (progress)."""
    only: frozenset[str] | None = None
    """File names of the documents to write (None: all)."""
    known: dict[str, str] | None = field(default=None, compare=False)
    """Fingerprints of the documents on disk (``pnpkit watch``): a document whose inputs did
    not change is not written again. Updated as documents are written."""
    templates: tuple[Path, ...] = ()
    """Folders searched for face templates before the built-in ones: the designer's game
    folder's ``templates/``, then the game's own (set by the build from the game, see
    :meth:`pnpkit.games.game.Game.template_folders`)."""

    def context(self) -> BuildContext:
        """A fresh context for one build under these options."""
        return BuildContext(report=self.report, only=self.only, known=self.known)


def as_options(value: BuildOptions | Paper | str | None) -> BuildOptions:
    """Options from options, a :class:`Paper`, a paper name or None (the defaults)."""
    if value is None:
        return BuildOptions()
    if isinstance(value, BuildOptions):
        return value
    if isinstance(value, Paper):
        return BuildOptions(paper=value)
    try:
        return BuildOptions(paper=by_name(value))
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def parse_back_offset(text: str) -> BackOffset:
    """``"X,Y"`` in millimetres (e.g. ``"1.5,-0.5"``) → a :class:`BackOffset`; a
    :class:`UsageError` naming the accepted form otherwise."""
    parts = [part.strip().removesuffix("mm").strip() for part in text.split(",")]
    if len(parts) != 2:
        raise UsageError(
            f"back offset {text!r} is not two numbers (allowed: X,Y in mm, e.g. 1.5,-0.5)"
        )
    try:
        x, y = (float(part) for part in parts)
    except ValueError:
        raise UsageError(
            f"back offset {text!r} is not two numbers (allowed: X,Y in mm, e.g. 1.5,-0.5)"
        ) from None
    if any(value != value for value in (x, y)):  # NaN
        raise UsageError(f"back offset {text!r} is not a number (allowed: X,Y in mm)")
    return BackOffset.from_mm(x, y)


__all__ = ["BuildOptions", "as_options", "parse_back_offset"]
