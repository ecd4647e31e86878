"""A generic card game: decks of cards on one card size, each card a name, a kind, a value,
a text and an emblem. ``pnpkit new`` scaffolds one; its kit is the card sheets."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.model.cards import CardSize
from pnpkit.model.vocabulary import EMBLEMS

ICONS = EMBLEMS
"""The emblems a generic card may wear: the shared vocabulary (:mod:`pnpkit.model.vocabulary`)."""
KIT = "cards"
"""``kit: cards`` in ``game.yaml`` marks a generic card game."""


@dataclass(frozen=True, slots=True)
class GenericCard:
    """One card design of a generic deck."""

    key: str
    name: str
    kind: str
    """A word printed above the text, e.g. ``Crew`` (may be empty)."""
    value: str
    """A number or a short word printed in the corner (may be empty)."""
    text: str
    icon: str
    """An emblem from :data:`pnpkit.model.vocabulary.EMBLEMS`."""
    copies: int
    source: str = ""


@dataclass(frozen=True, slots=True)
class GenericDeck:
    key: str
    title: str
    colour: str
    """The accent colour, ``#rrggbb``."""
    icon: str
    cards: tuple[GenericCard, ...]
    source: str = ""


@dataclass(frozen=True, slots=True)
class CardGame:
    """``data/<game>/game.yaml`` with ``kit: cards``."""

    title: str
    author: str
    card_size: CardSize
    decks: tuple[GenericDeck, ...]
    source: str = ""
