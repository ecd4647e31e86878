"""A generic card game: decks of cards, each deck on the game's card size or its own, each
card a name, a kind, a value, a text and an emblem. ``pnpkit new`` scaffolds one; its kit is the card sheets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, get_type_hints

from jinja2.defaults import DEFAULT_NAMESPACE

from pnpkit.games.cardgame.board.model import Board
from pnpkit.model.cards import CARD_SIZES, DEFAULT_CARD_SIZE, CardSize, Orientation
from pnpkit.model.face_layout import Layout
from pnpkit.model.ours import NO_MARKS, Marks
from pnpkit.model.rule_document import RuleDocument
from pnpkit.model.schema import (
    LATER,
    NOWHERE,
    Colour,
    Custom,
    Distinct,
    Items,
    Key,
    OneOf,
    Range,
    Source,
    Text,
    Where,
    written_keys,
)
from pnpkit.model.vocabulary import EMBLEMS

ICONS = EMBLEMS
"""The emblems a generic card may wear: the shared vocabulary (:mod:`pnpkit.model.vocabulary`)."""
KIT = "cards"
"""``kit: cards`` in ``game.yaml`` marks a generic card game."""
FIELD_TYPES = ("text", "number", "icon", "image", "colour", "list")
"""The types of the fields a deck declares."""
LARGEST_NUMBER = 999_999_999
"""The largest a ``number`` field may be (and the smallest its negative)."""
LIST_ITEMS = 20
"""The most items a ``list`` field may hold."""
LIST_ITEM_LENGTH = 120
"""The most characters of one item of a ``list`` field."""
SHEETS = ("per-deck", "shared")
"""How a game's decks are printed: each in its own document, or all on shared sheets."""
BUILT_IN = "generic"
"""The name of the built-in front and back templates (``templates/cards/generic-*``)."""
KEY = r"[a-z][a-z0-9-]*"
FIELD_NAME = r"[a-z][a-z0-9_]{0,29}"
FRONT = "cards/generic-front.svg.j2"
BACK = "cards/generic-back.svg.j2"
PAPER = "#fbf7ee"
"""The paper colour of the built-in front and back: their words are printed in a deck's (or a
card's) colour on it, and in it on the colour."""
TEMPLATE = Custom(
    "generic, a layout of the game's layouts:, or a file of its templates/ (load.template)"
)
LAYOUTS = Custom("a mapping of names to layouts (pnpkit.load.face_layouts.read_layouts)")
"""How ``template`` and ``back`` are read, on decks and cards alike."""
ICON = Custom("an emblem or an icon of the game's assets/icons/ (load.card_icon)")
RICH = Custom("text with **bold**, *italic* and :icon: markup (load.rich_text)")
BY_THE_LOADER = Custom("read by games/cardgame/load.py with the deck's own fields")
DECKS = Key.of("decks")
CARDS = Key.of("cards")
DEFAULT = Key.of("default")
BOARDS = Custom("a list of boards (games/cardgame/board/load.py)")
RULES = Custom("a .md or .yaml file of the game folder (games/cardgame/rule_text.py)")
"""How ``rules`` is read: by the loader, once the decks its placeholders quote are read."""


@dataclass(frozen=True, slots=True)
class GenericCard:
    """One card design of a generic deck."""

    key: Annotated[str, Text(max_len=40, pattern=KEY), Distinct()]
    name: Annotated[str, Text(max_len=40)]
    kind: Annotated[str, Text(min_len=0, max_len=30)] = ""
    """A word printed above the text, e.g. ``Crew`` (may be empty)."""
    value: Annotated[str, Custom("a number or a short word (load.short_value)")] = ""
    """A number or a short word printed in the corner (may be empty)."""
    text: Annotated[str, RICH] = ""
    icon: Annotated[str, ICON] = ""
    """An emblem of :data:`pnpkit.model.vocabulary.EMBLEMS` or an icon of the game's
    ``assets/icons/`` (drawn by the built-in front and by layouts)."""
    copies: Annotated[int, Range(1, 99)] = 1
    template: Annotated[str, TEMPLATE] = ""
    """The front template (a Jinja name), if not the deck's."""
    colour: Colour = ""
    """The accent colour, if not the deck's."""
    back: Annotated[str, TEMPLATE] = ""
    """The back template (a Jinja name), if not the deck's common back."""
    source: Source = ""
    sources: Annotated[tuple[tuple[str, str], ...], LATER] = ()
    """``file:line:col`` of each field given in the data, for messages."""
    fields: Annotated[tuple[tuple[str, object], ...], LATER] = ()
    """The value of every field the deck declares (the default where the card gives none)."""
    ours: Marks = field(default=NO_MARKS, compare=False)
    """What the data marks ``{ours: …}``: built-in fields and the deck's own alike."""


CARD_KEYS = written_keys(GenericCard)
"""What every card may give; a deck's own fields come on top."""
WHOLE_NUMBERS = tuple(name for name, kind in get_type_hints(GenericCard).items() if kind is int)
"""The built-in fields a card table's column holds whole numbers in (``copies``)."""
JINJA_NAMES = (
    *DEFAULT_NAMESPACE,
    *("true", "false", "none"),
    *("loop", "self", "super", "caller", "varargs", "kwargs"),
)
"""Names Jinja gives a template: its globals (``range``, ``namespace``, …), the literals it
reads as values, and what it defines in a loop, a block or a macro. A card's field of such a
name would hide the global from every template given the card's fields (the built-in front
calls ``namespace``, the back ``range``), or could never be printed (``none``)."""
HELPERS = ("line", "wrap", "fits", "flow", "fmt", "mix", "emblem", "pattern", "image")
"""The helpers pnpkit gives a card template (``pnpkit.render.faces.renderer``: a test holds this to the
renderer's own globals)."""
RESERVED = (
    *CARD_KEYS,
    *("accent", "footer", "footers", "title", "picture", "picture_field", "stats", "w", "h", "u"),
    *HELPERS,
    *JINJA_NAMES,
    "ours",  # {ours: value} marks a value: no field may be named so
)
"""Names a deck may not declare: the card's own keys, what the templates are given, the
helpers they call and the names Jinja gives every template."""
NAME_ALLOWED = "lower-case letters, digits and _, starting with a letter; not one of " + ", ".join(
    RESERVED
)


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """A field a deck declares for its cards (``fields:`` in the deck)."""

    name: Annotated[str, Text(max_len=30, pattern=FIELD_NAME, allowed=NAME_ALLOWED)]
    type: Annotated[str, OneOf(FIELD_TYPES)]
    """One of :data:`FIELD_TYPES`."""
    default: Annotated[object, DEFAULT, BY_THE_LOADER] = None
    """The value of a card that does not give the field (``""``, ``0`` or ``()`` if none), read
    as the field's type."""
    ours: Marks = field(default=NO_MARKS, compare=False)
    """What the data marks ``{ours: …}`` (its default: then so is the value of every card that
    does not give the field)."""


@dataclass(frozen=True, slots=True)
class GenericDeck:
    """A deck of the game: its cards, the fields they declare, its look and its templates."""

    key: Annotated[str, Text(max_len=40, pattern=KEY), Distinct()]
    title: Annotated[str, Text(max_len=40)]
    cards: Annotated[tuple[GenericCard, ...], CARDS, BY_THE_LOADER]
    """Written in the deck, or a ``.csv``/``.xlsx`` file of the game folder (``cards: ships.csv``)."""
    colour: Colour = "#16324f"
    """The accent colour, ``#rrggbb``."""
    icon: Annotated[str, OneOf(ICONS)] = "anchor"
    fields: tuple[FieldSpec, ...] = ()
    """The fields the deck declares, beyond the built-in ones."""
    template: Annotated[str, TEMPLATE] = FRONT
    """The front template (a Jinja name: ``cards/…`` built in, ``game/…`` the game's own)."""
    back: Annotated[str, TEMPLATE] = BACK
    """The back template (a Jinja name)."""
    card_size: CardSize | None = None
    """The deck's own card size; None for the game's (:meth:`CardGame.size_of`)."""
    orientation: Orientation | None = None
    """Which way up the deck's cards print: a named size turned to it; None for as the size is
    (a named size portrait, two lengths as written)."""
    source: Source = ""
    where: Where = field(default=NOWHERE, compare=False)
    ours: Marks = field(default=NO_MARKS, compare=False)
    """What the data marks ``{ours: …}`` (its title)."""


TOKEN_SHAPES = ("round", "square", "hex", "tent", "standee")
"""The shapes of a token set (:mod:`pnpkit.games.cardgame.tokens`)."""
TOKENS = Key.of("tokens")
TOKEN_SIZE = Custom(
    "one length (round: its diameter, square: its side, hex: across the flats) or "
    "[width, height] (tent, standee: one face) (load.token_size)"
)


@dataclass(frozen=True, slots=True)
class TokenSet:
    """Tokens of one shape and size, printed on ``<key>-tokens.pdf``: each token's front (and
    back) drawn from a layout, filled with its values as a card's are."""

    key: Annotated[str, Text(max_len=40, pattern=KEY), Distinct()]
    title: Annotated[str, Text(max_len=40)]
    shape: Annotated[str, OneOf(TOKEN_SHAPES)]
    """One of :data:`TOKEN_SHAPES`."""
    size: Annotated[tuple[float, float], TOKEN_SIZE]
    """Width and height of one face in points (a round, square or hex token's are one length)."""
    front: Annotated[str, TEMPLATE]
    """The layout of every token's front (``layout:NAME``)."""
    tokens: Annotated[tuple[GenericCard, ...], TOKENS, BY_THE_LOADER]
    """Written in the set, or a ``.csv``/``.xlsx`` file, exactly as a deck's ``cards``."""
    back: Annotated[str, TEMPLATE] = ""
    """The layout of every token's back; none: single-sided."""
    colour: Colour = "#16324f"
    """The accent colour (``{accent}`` in a layout), ``#rrggbb``."""
    fields: tuple[FieldSpec, ...] = ()
    """The fields the set declares, beyond the built-in ones."""
    source: Source = ""
    sources: Annotated[tuple[tuple[str, str], ...], LATER] = ()
    """``file:line:col`` of each key the set gives, for messages (its size's, say)."""
    ours: Marks = field(default=NO_MARKS, compare=False)
    """What the data marks ``{ours: …}`` (its title)."""


@dataclass(frozen=True, slots=True)
class CardGame:
    """``data/<game>/game.yaml`` with ``kit: cards``."""

    title: Annotated[str, Text(max_len=60)]
    decks: Annotated[tuple[GenericDeck, ...], DECKS, Items(min_len=1)]
    author: Annotated[str, Text(max_len=80)] = ""
    card_size: CardSize = DEFAULT_CARD_SIZE
    sheets: Annotated[str, OneOf(SHEETS)] = SHEETS[0]
    """``per-deck``: each deck its own document; ``shared``: every deck in one, its sizes mixed
    on shared sheets (:func:`pnpkit.layout.imposition.shared_sheets_of`)."""
    layouts: Annotated[tuple[Layout, ...], LAYOUTS] = ()
    """The game's named layouts (``layouts:``), each made whole (what it extends first)."""
    tokens: tuple[TokenSet, ...] = ()
    """The game's token sets (``tokens:``), each printed on ``<key>-tokens.pdf``."""
    source: str = ""
    folder: str = ""
    """The game's data folder (its ``templates/`` and ``assets/`` are read from there)."""
    where: Where = field(default=NOWHERE, compare=False)
    ours: Marks = field(default=NO_MARKS, compare=False)
    """What the data marks ``{ours: …}`` (its title, its author)."""
    boards: Annotated[tuple[Board, ...], BOARDS] = ()
    """The game's boards (``boards:``), each tiled over sheets as ``<key>-board.pdf``."""
    rules: Annotated[str, RULES] = ""
    """The game's rule text as written (``rules: rules.md``, or a ``.yaml`` rule document);
    empty: the kit prints no rulebook."""
    rulebook: Annotated[RuleDocument | None, LATER] = None
    """The rulebook read from ``rules`` (``rulebook.pdf``), its placeholders checked."""
    rules_card: Annotated[RuleDocument | None, LATER] = None
    """The rules card, if the YAML rule file writes one (``card:``; ``rules-card.pdf``)."""

    def size_of(self, deck: GenericDeck) -> CardSize:
        """The size ``deck`` prints at: its own ``card_size``, else the game's, turned to its
        ``orientation`` if it gives one (a size of two lengths is printed as written: the
        loader refuses an orientation that contradicts it, :func:`contradicted`)."""
        size = deck.card_size or self.card_size
        return size if deck.orientation is None else size.turned(deck.orientation)


def contradicted(size: CardSize, orientation: Orientation | None) -> bool:
    """Whether ``orientation`` contradicts ``size``: a size written as two lengths is already
    portrait or landscape (a square one either), and is never turned."""
    custom = size.name not in CARD_SIZES
    return custom and orientation is not None and size.turned(orientation) != size
