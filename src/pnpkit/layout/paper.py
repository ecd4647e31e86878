"""Paper sizes in points, and the safe margin nothing may be printed in.

>>> LETTER.width, LETTER.height
(612.0, 792.0)
>>> by_name("a4").landscape().width
841.89
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.units import INCH

MARGIN = 0.25 * INCH
"""The safe margin on every edge (18 pt): nothing is printed within it."""
INK_INSET = 0.5
"""How far inside the margin a mark that would run up to it stops instead (a duplex sheet's
backs, a chart sheet's glue strip): a rasteriser inks the whole pixel a mark's edge falls in, so
a mark ending exactly on the margin prints one pixel inside it."""


@dataclass(frozen=True, slots=True)
class Paper:
    """A sheet of paper: ``name`` and its ``width`` × ``height`` in points."""

    name: str
    width: float
    height: float

    @property
    def is_landscape(self) -> bool:
        return self.width > self.height

    @property
    def size(self) -> tuple[float, float]:
        """``(width, height)``, as ReportLab's ``pagesize`` wants it."""
        return (self.width, self.height)

    def landscape(self) -> Paper:
        """The same paper turned so its long edge is horizontal."""
        if self.is_landscape:
            return self
        return Paper(self.name, self.height, self.width)

    def portrait(self) -> Paper:
        """The same paper turned so its long edge is vertical."""
        if self.is_landscape:
            return Paper(self.name, self.height, self.width)
        return self

    @property
    def orientation(self) -> str:
        return "landscape" if self.is_landscape else "portrait"

    @property
    def printable_width(self) -> float:
        return self.width - 2 * MARGIN

    @property
    def printable_height(self) -> float:
        return self.height - 2 * MARGIN


LETTER = Paper("letter", 612.0, 792.0)
A4 = Paper("a4", 595.28, 841.89)

PAPERS: dict[str, Paper] = {"letter": LETTER, "a4": A4}


def by_name(name: str) -> Paper:
    """``"letter"`` or ``"a4"`` (any case) → the portrait :class:`Paper`.

    Raises ``ValueError`` naming the allowed values.
    """
    try:
        return PAPERS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown paper {name!r} (allowed: {', '.join(PAPERS)})") from None


def matches_standard(width: float, height: float, tolerance: float = 0.5) -> Paper | None:
    """The standard paper (either orientation) of this size, within ``tolerance`` points."""
    for paper in PAPERS.values():
        for turned in (paper.portrait(), paper.landscape()):
            if abs(turned.width - width) <= tolerance and abs(turned.height - height) <= tolerance:
                return turned
    return None
