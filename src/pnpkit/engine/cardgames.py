"""Checks shared by the card games: a violation as data, and deck counts.

Pure: imports the model only. Checks return every violation; only the kit raises.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.model.cards import Deck


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: which check, what is wrong, and where the data said it."""

    check: str
    message: str
    source: str = ""

    def __str__(self) -> str:
        where = f"{self.source}: " if self.source else ""
        return f"{where}{self.check}: {self.message}"


def check_deck_count(deck: Deck, expected: int, check: str = "deck-count") -> list[Violation]:
    """The deck prints exactly ``expected`` cards."""
    if deck.count == expected:
        return []
    return [Violation(check, f"{deck.title} has {deck.count} cards, the rules list {expected}")]
