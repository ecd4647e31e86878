"""Our choices on a generic card game's cards: every value the data marks ``{ours: …}`` prints
with :data:`~pnpkit.model.ours.MARK` after it, and each deck whose cards print the mark says
what it means once, in its sheet label (:data:`~pnpkit.model.ours.NOTE`).

The loaded game keeps its values plain and records where the marks are (its records'
``ours``); :func:`printed` is the game as its cards print it, the mark after every marked value
that prints as words or numbers: the game's title and author (on every back and footer), a
deck's title (its backs and footers), a card's name, kind, value and text, and the deck's own
text, list and number fields (a number keeps being a number: :class:`MarkedInt`,
:class:`MarkedFloat`); a token set's title and its tokens as a deck's, its sheet label saying
what the mark means when they print it. A marked key, copies, icon, colour, image or template prints no words,
so carries no mark.
"""

from __future__ import annotations

from dataclasses import replace

from pnpkit.games.cardgame.model import CardGame, GenericCard, GenericDeck, TokenSet
from pnpkit.model.ours import MARK, NOTE, Marks

PRINTED = ("name", "kind", "value", "text")
"""A card's built-in fields printed as words."""
WORDS = ("text", "number", "list")
"""The types of a deck's own fields that print as words or numbers."""


class MarkedInt(int):
    """A whole number the source rules do not give: printed (``str``, ``format``) with the
    mark, still a number to a template's arithmetic."""

    def __str__(self) -> str:
        return f"{int(self)}{MARK}"

    def __format__(self, spec: str) -> str:
        return format(int(self), spec) + MARK


class MarkedFloat(float):
    """A number the source rules do not give, printed with the mark (see :class:`MarkedInt`)."""

    def __str__(self) -> str:
        return f"{float(self):g}{MARK}"

    def __format__(self, spec: str) -> str:
        return format(float(self), spec) + MARK


def printed(game: CardGame) -> CardGame:
    """``game`` as its cards print it: the mark after every marked value (see the module)."""
    if not marked(game):
        return game
    ours = game.ours
    return replace(
        game,
        title=_text(game.title, ours.of("title")),
        author=_text(game.author, ours.of("author")),
        decks=tuple(_deck(deck, ours.of("")) for deck in game.decks),
        tokens=tuple(_token_set(tokens, ours.of("")) for tokens in game.tokens),
    )


def marked(game: CardGame, deck: GenericDeck | None = None) -> bool:
    """Whether the game's cards (or ``deck``'s, with the game's title and author on them)
    print the mark."""
    decks = game.decks if deck is None else (deck,)
    return (
        any(game.ours.of(key) for key in ("", "title", "author"))
        or any(d.ours.of("") or d.ours.of("title") for d in decks)
        or any(_card_marked(card, _words(d)) for d in decks for card in d.cards)
        or (deck is None and any(tokens_marked(t) for t in game.tokens))
    )


def tokens_marked(tokens: TokenSet) -> bool:
    """Whether a token set's tokens print the mark (the game's title and author they do not
    print)."""
    return (
        tokens.ours.of("")
        or tokens.ours.of("title")
        or any(_card_marked(token, _words(tokens)) for token in tokens.tokens)
    )


def note(game: CardGame, deck: GenericDeck) -> str:
    """The deck's sheet label's note: :data:`NOTE` when its cards print the mark, else ``""``."""
    return NOTE if marked(game, deck) else ""


def _words(deck: GenericDeck | TokenSet) -> dict[str, str]:
    """The deck's own fields that print as words or numbers, with their types."""
    return {spec.name: spec.type for spec in deck.fields if spec.type in WORDS}


def _card_marked(card: GenericCard, words: dict[str, str]) -> bool:
    return any(card.ours.of(name) for name in (*PRINTED, *words))


def _deck(deck: GenericDeck, whole: bool) -> GenericDeck:
    whole = whole or deck.ours.of("")
    return replace(
        deck,
        title=_text(deck.title, whole or deck.ours.of("title")),
        cards=tuple(_card(card, whole, _words(deck)) for card in deck.cards),
    )


def _token_set(tokens: TokenSet, whole: bool) -> TokenSet:
    whole = whole or tokens.ours.of("")
    return replace(
        tokens,
        title=_text(tokens.title, whole or tokens.ours.of("title")),
        tokens=tuple(_card(token, whole, _words(tokens)) for token in tokens.tokens),
    )


def _card(card: GenericCard, whole: bool, words: dict[str, str]) -> GenericCard:
    ours = Marks(frozenset({""})) if whole else card.ours
    if not ours:
        return card
    name, kind, value, text = (_text(getattr(card, field), ours.of(field)) for field in PRINTED)
    fields = tuple((key, _value(v, key in words and ours.of(key))) for key, v in card.fields)
    return replace(card, name=name, kind=kind, value=value, text=text, fields=fields)


def _text(text: str, mark: bool) -> str:
    return f"{text}{MARK}" if mark and text else text


def _value(value: object, mark: bool) -> object:
    """A deck's own text, list or number field as printed: text and the last item of a list
    with the mark, a number as a number that prints with it."""
    if not mark or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return _text(value, mark)
    if isinstance(value, int):
        return MarkedInt(value)
    if isinstance(value, float):
        return MarkedFloat(value)
    if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
        return (*value[:-1], f"{value[-1]}{MARK}")
    return value
