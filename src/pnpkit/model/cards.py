"""Cards, decks and counters as data: what each face says, how many, and at what size.

Sizes are in points (the loader converts lengths once). Which template draws a face is named
here; the drawing itself belongs to :mod:`pnpkit.render.faces`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pnpkit.model.face_layout import Layout
from pnpkit.units import INCH


class Orientation(StrEnum):
    """Which way up a card is printed: ``portrait`` (no wider than tall) or ``landscape``
    (wider than tall)."""

    PORTRAIT = "portrait"
    LANDSCAPE = "landscape"


@dataclass(frozen=True, slots=True)
class CardSize:
    """A card's trim size in points: a named size is portrait (width ≤ height) until
    :meth:`turned`; a size written as two lengths is as written."""

    name: str
    width: float
    height: float

    @property
    def orientation(self) -> Orientation:
        """Landscape when wider than tall, else portrait (a square card is both)."""
        return Orientation.LANDSCAPE if self.width > self.height else Orientation.PORTRAIT

    def turned(self, orientation: Orientation) -> CardSize:
        """The size with its sides in ``orientation``: the longer side across for landscape,
        down for portrait (a square card is itself either way)."""
        short, long = sorted((self.width, self.height))
        if orientation is Orientation.LANDSCAPE:
            return CardSize(self.name, long, short)
        return CardSize(self.name, short, long)


CARD_SIZES: dict[str, CardSize] = {
    "poker": CardSize("poker", 2.5 * INCH, 3.5 * INCH),
    "mini": CardSize("mini", 1.75 * INCH, 2.5 * INCH),
    "bridge": CardSize("bridge", 2.25 * INCH, 3.5 * INCH),
    "tarot": CardSize("tarot", 2.75 * INCH, 4.75 * INCH),
    "square": CardSize("square", 2.5 * INCH, 2.5 * INCH),
    "jumbo": CardSize("jumbo", 3.5 * INCH, 5.5 * INCH),
    "large": CardSize("large", 3.5 * INCH, 5.75 * INCH),
}
"""The named sizes data may ask for, each portrait; any other size is given as two lengths."""

DEFAULT_CARD_SIZE = CARD_SIZES["poker"]


@dataclass(frozen=True, slots=True)
class Face:
    """One printed face: the template that draws it and the values it is filled with.

    ``fields`` keeps the data's order; values are plain text or nested tuples the template reads.
    ``source`` is ``file:line:col`` of the data that made it, for messages; ``field_sources``
    the same for single fields (``("text", "game.yaml:14:15")``), where known.
    """

    template: str
    fields: tuple[tuple[str, object], ...] = ()
    source: str = ""
    field_sources: tuple[tuple[str, str], ...] = ()

    def get(self, name: str) -> object:
        for key, value in self.fields:
            if key == name:
                return value
        raise KeyError(name)

    def as_dict(self) -> dict[str, object]:
        return dict(self.fields)


@dataclass(frozen=True, slots=True)
class Card:
    """A card design and how many copies the deck holds. ``back`` None uses the deck's back."""

    key: str
    name: str
    front: Face
    qty: int = 1
    back: Face | None = None


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck of cards of one ``size``: its card designs (with their copies) and the common back."""

    key: str
    title: str
    size: CardSize
    cards: tuple[Card, ...]
    back: Face
    layouts: tuple[Layout, ...] = ()
    """The layouts its faces may name (``layout:crew``), written in the game's data."""
    token_shape: str = ""
    """When the deck carries a token set to the exports, its tokens' shape (``round``,
    ``square``, ``hex``, ``tent``, ``standee``): Tabletop Simulator gets round, square and hex
    tokens as tiles, not cards. Empty for a deck of cards."""

    @property
    def count(self) -> int:
        """Printed cards, copies included."""
        return sum(card.qty for card in self.cards)

    def printed(self) -> tuple[Card, ...]:
        """Every printed card in deck order, each copy once."""
        return tuple(card for card in self.cards for _ in range(card.qty))

    def back_of(self, card: Card) -> Face:
        return card.back if card.back is not None else self.back


class CounterShape(StrEnum):
    ROUND = "round"
    SQUARE = "square"


@dataclass(frozen=True, slots=True)
class Counter:
    """A cardboard counter: ``size`` is the diameter (round) or side (square) in points."""

    key: str
    name: str
    shape: CounterShape
    size: float
    front: Face
    back: Face
    qty: int = 1


@dataclass(frozen=True, slots=True)
class CounterSet:
    """Counters printed together on token sheets, fronts and backs."""

    key: str
    title: str
    counters: tuple[Counter, ...]

    @property
    def count(self) -> int:
        return sum(c.qty for c in self.counters)

    def printed(self) -> tuple[Counter, ...]:
        return tuple(c for c in self.counters for _ in range(c.qty))
