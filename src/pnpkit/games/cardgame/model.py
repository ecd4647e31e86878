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
FIELD_TYPES = ("text", "number", "icon", "image", "colour", "list")
"""The types of the fields a deck declares."""
BUILT_IN = "generic"
"""The name of the built-in front and back templates (``templates/cards/generic-*``)."""


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """A field a deck declares for its cards (``fields:`` in the deck)."""

    name: str
    type: str
    """One of :data:`FIELD_TYPES`."""
    default: object
    """The value of a card that does not give the field (``""``, ``0`` or ``()`` if none)."""


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
    sources: tuple[tuple[str, str], ...] = ()
    """``file:line:col`` of each field given in the data, for messages."""
    fields: tuple[tuple[str, object], ...] = ()
    """The value of every field the deck declares (the default where the card gives none)."""
    template: str = ""
    """The front template (a Jinja name), if not the deck's."""
    colour: str = ""
    """The accent colour, if not the deck's."""
    back: str = ""
    """The back template (a Jinja name), if not the deck's common back."""


@dataclass(frozen=True, slots=True)
class GenericDeck:
    key: str
    title: str
    colour: str
    """The accent colour, ``#rrggbb``."""
    icon: str
    cards: tuple[GenericCard, ...]
    source: str = ""
    fields: tuple[FieldSpec, ...] = ()
    """The fields the deck declares, beyond the built-in ones."""
    template: str = "cards/generic-front.svg.j2"
    """The front template (a Jinja name: ``cards/…`` built in, ``game/…`` the game's own)."""
    back: str = "cards/generic-back.svg.j2"
    """The back template (a Jinja name)."""


@dataclass(frozen=True, slots=True)
class CardGame:
    """``data/<game>/game.yaml`` with ``kit: cards``."""

    title: str
    author: str
    card_size: CardSize
    decks: tuple[GenericDeck, ...]
    source: str = ""
    folder: str = ""
    """The game's data folder (its ``templates/`` and ``assets/`` are read from there)."""
