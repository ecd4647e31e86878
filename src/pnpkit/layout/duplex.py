"""How card and counter sheets print their backs, and the rest of what the imposer is asked:
a value type with no drawing library behind it (the registry and the command line import it).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pnpkit.errors import UsageError
from pnpkit.layout.offset import NO_OFFSET, BackOffset
from pnpkit.layout.paper import LETTER, Paper
from pnpkit.units import INCH, MM


class Duplex(enum.Enum):
    """How a sheet's backs are printed."""

    LONG = "long"
    """Double-sided: each front page is followed by its back page, for a long-edge flip."""
    NONE = "none"
    """Single-sided: fronts only (a back of a card's own design is printed as a card of its own)."""
    FOLD = "fold"
    """Single-sided fold-over: fronts and mirrored backs on one page, folded on the dashed line."""


DUPLEX_CHOICES = tuple(mode.value for mode in Duplex)

DEFAULT_BLEED = 0.125 * INCH
"""``--bleed`` with no length: the print-shop bleed."""
MAX_BLEED = 0.25 * INCH


@dataclass(frozen=True, slots=True)
class Imposition:
    """How card and counter sheets are laid out: the paper, the duplex mode, the bleed
    (points, 0 for none) and the back offset of duplex backs."""

    paper: Paper = LETTER
    duplex: Duplex = Duplex.LONG
    bleed: float = 0.0
    offset: BackOffset = NO_OFFSET

    def __post_init__(self) -> None:
        if not 0.0 <= self.bleed <= MAX_BLEED + 1e-6:
            raise UsageError(
                f"bleed {self.bleed / MM:.2f} mm is out of range "
                f"(allowed: 0 to {MAX_BLEED / MM:.2f} mm, i.e. 0.25 in)"
            )
