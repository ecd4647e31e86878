"""How to build a kit: paper, duplex mode, bleed, back offset, who hears progress, which
documents.

Builders take one :class:`BuildOptions` instead of a growing list of positional arguments::

    build_kits(["my-game"], "data", "output", BuildOptions(paper=A4, duplex=Duplex.FOLD,
               offset=BackOffset.from_mm(1.0, -0.5), report=print))

Kits hand :attr:`BuildOptions.imposition` to the card and counter imposer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pnpkit.build.context import BuildContext
from pnpkit.errors import UsageError
from pnpkit.layout.duplex import DEFAULT_BLEED, DUPLEX_CHOICES, Duplex, Imposition
from pnpkit.layout.offset import NO_OFFSET, BackOffset
from pnpkit.layout.paper import LETTER, Paper, by_name
from pnpkit.units import to_points


@dataclass(frozen=True, slots=True)
class BuildOptions:
    """Everything a builder may be asked besides the game's folders."""

    paper: Paper = LETTER
    """The paper every document is laid out on; physical sizes do not change with it."""
    offset: BackOffset = NO_OFFSET
    """How far duplex back pages move, as read from the duplex calibration page."""
    duplex: Duplex = Duplex.LONG
    """How card and counter backs are printed: duplex, single-sided or fold-over."""
    bleed: float = 0.0
    """How far card art is carried past the trim, in points (0: cards abut)."""
    units: str | None = None
    """``in`` or ``cm`` for measurements printed for the table (None: cm on A4, else in)."""
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
    templates: tuple[Path, ...] = ()
    """Folders searched for face templates before the built-in ones: the designer's game
    folder's ``templates/``, then the game's own (set by the build from the game, see
    :meth:`pnpkit.games.game.Game.template_folders`)."""

    @property
    def units_for_paper(self) -> str:
        """The units asked for, or cm on A4 and inches on Letter."""
        if self.units is not None:
            return self.units
        return "cm" if self.paper.name == "a4" else "in"

    @property
    def imposition(self) -> Imposition:
        """What the card and counter imposer needs of these options."""
        return Imposition(self.paper, self.duplex, self.bleed, self.offset)

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


def parse_duplex(text: str) -> Duplex:
    """``long``, ``none`` or ``fold`` (any case) → a :class:`Duplex`."""
    try:
        return Duplex(text.strip().lower())
    except ValueError:
        raise UsageError(
            f"duplex {text!r} is not a duplex mode (allowed: {', '.join(DUPLEX_CHOICES)})"
        ) from None


def parse_bleed(text: str | None) -> float:
    """A bleed length with its unit (``"2mm"``, ``"0.125in"``, ``"0mm"`` for none) → points;
    None or an empty text is the print-shop bleed, 0.125 in."""
    if text is None or not text.strip():
        return DEFAULT_BLEED
    try:
        points = to_points(text.strip())
    except ValueError:
        raise UsageError(
            f"bleed {text!r} is not a length (allowed: a number with its unit, from 0mm to "
            "0.25in, e.g. 2mm or 0.125in; a bare --bleed goes after the game names)"
        ) from None
    Imposition(bleed=points)  # the range check
    return points


__all__ = [
    "BuildOptions",
    "as_options",
    "parse_back_offset",
    "parse_bleed",
    "parse_duplex",
]
