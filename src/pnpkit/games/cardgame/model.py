"""A generic card game: decks of cards on one card size, each card a name, a kind, a value,
a text and an emblem. ``pnpkit new`` scaffolds one; its kit is the card sheets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pnpkit.model.cards import DEFAULT_CARD_SIZE, CardSize
from pnpkit.model.schema import Colour, Distinct, Items, OneOf, Parse, Range, Source, Text
from pnpkit.model.vocabulary import EMBLEMS

ICONS = EMBLEMS
"""The emblems a generic card may wear: the shared vocabulary (:mod:`pnpkit.model.vocabulary`)."""
KIT = "cards"
"""``kit: cards`` in ``game.yaml`` marks a generic card game."""


KEY = r"[a-z][a-z0-9-]*"
Icon = Annotated[str, OneOf(ICONS)]


def _short(value: object) -> str:
    if isinstance(value, int | str) and not isinstance(value, bool) and 0 < len(str(value)) <= 4:
        return str(value)
    raise ValueError(f"{value!r} is not a short value")


@dataclass(frozen=True, slots=True)
class GenericCard:
    """One card design of a generic deck."""

    key: Annotated[str, Text(max_len=40, pattern=KEY), Distinct()]
    name: Annotated[str, Text(max_len=40)]
    kind: Annotated[str, Text(min_len=0, max_len=30)] = ""
    """A word printed above the text, e.g. ``Crew`` (may be empty)."""
    value: Annotated[str, Parse(_short, "a short value", "a number or up to 4 characters")] = ""
    """A number or a short word printed in the corner (may be empty)."""
    text: Annotated[str, Text(min_len=0, max_len=300)] = ""
    icon: Icon = ""
    """An emblem from :data:`pnpkit.model.vocabulary.EMBLEMS`."""
    copies: Annotated[int, Range(1, 99)] = 1
    source: Source = ""


@dataclass(frozen=True, slots=True)
class GenericDeck:
    key: Annotated[str, Text(max_len=40, pattern=KEY), Distinct()]
    title: Annotated[str, Text(max_len=40)]
    cards: Annotated[tuple[GenericCard, ...], Items(min_len=1)]
    colour: Colour = "#16324f"
    """The accent colour, ``#rrggbb``."""
    icon: Icon = "anchor"
    source: Source = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardGame:
    """``data/<game>/game.yaml`` with ``kit: cards``."""

    kit: Annotated[str, OneOf((KIT,))]
    title: Annotated[str, Text(max_len=60)]
    author: Annotated[str, Text(max_len=80)] = ""
    card_size: CardSize = DEFAULT_CARD_SIZE
    decks: Annotated[tuple[GenericDeck, ...], Items(min_len=1)]
    source: str = ""
