"""What the card games' checks return: a violation as data.

Pure. Checks return every violation; only the kit raises.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: which check, what is wrong, and where the data said it."""

    check: str
    message: str
    source: str = ""

    def __str__(self) -> str:
        where = f"{self.source}: " if self.source else ""
        return f"{where}{self.check}: {self.message}"
