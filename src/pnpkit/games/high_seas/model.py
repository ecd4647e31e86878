"""High Seas, a game by Nicholas Wolff: the crew, the two ships, the pieces, the rules text.

Every count the cards, board, tokens and reference card print lives here once, read from
``data/high-seas/game.yaml``. Whether the numbers agree is the engine's question.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.model.cards import CardSize


@dataclass(frozen=True, slots=True)
class CrewType:
    key: str
    name: str
    count: int
    """Cards of this type in the deck."""
    beats: str
    """The key of the crew type this one beats."""
    pirates: str
    """How many pirates the card shows, as the rules say it ("two", "one", "twenty")."""
    why: str
    """The rules' reason, condensed for the card."""
    colour: str
    icon: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Ship:
    """One of the two facing ships; colour and pattern tell them apart."""

    key: str
    name: str
    colour: str
    ink: str
    pattern: str
    source: str = ""
    """``file:line:col`` of the ship's record, for messages about its tokens."""


@dataclass(frozen=True, slots=True)
class Section:
    """A titled block of reference text."""

    title: str
    lines: tuple[str, ...]
    side: str = "front"
    """Which side of the reference card it prints on: ``front`` or ``back``."""


@dataclass(frozen=True, slots=True)
class HighSeasGame:
    title: str
    author: str
    credit: str
    crew: tuple[CrewType, ...]
    ships: tuple[Ship, ...]
    hearts: tuple[int, ...]
    """Hearts of each staging area of one ship, left to right as its captain sees it."""
    components: tuple[tuple[str, int], ...]
    """The rules' component list: ``crew_cards``, ``heart_pieces``, ``cannons``."""
    first_crew: int
    """Cards in the first crew each captain is dealt."""
    max_turn: int
    """Mount positions a cannon may turn in one turn."""
    max_aim: int
    """Areas left or right of straight ahead a cannon may face."""
    reference: tuple[Section, ...]
    card_size: CardSize
    reference_size: CardSize
    heart_token: float
    """Heart piece diameter, points; the board's heart spaces are drawn to fit it."""
    cannon_token: float
    area_size: tuple[float, float]
    """A staging area's card space, points (width, height)."""
    source: str = ""

    @property
    def areas(self) -> int:
        return len(self.hearts)

    def component(self, name: str) -> int:
        for key, value in self.components:
            if key == name:
                return value
        raise KeyError(name)

    def crew_type(self, key: str) -> CrewType:
        for crew in self.crew:
            if crew.key == key:
                return crew
        raise KeyError(key)

    def beaten_by(self, key: str) -> tuple[CrewType, ...]:
        return tuple(c for c in self.crew if c.beats == key)
