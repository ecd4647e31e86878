"""Every face of a generic card game, laid out with no drawing library: the kit prints them
and ``pnpkit check`` lays them out (:attr:`pnpkit.games.game.Game.faces`)."""

from __future__ import annotations

from pathlib import Path

from pnpkit.build.options import BuildOptions
from pnpkit.errors import DataError, Problem
from pnpkit.games.cardgame.model import CardGame, GenericDeck
from pnpkit.layout.imposition import card_problem
from pnpkit.model.cards import Card, Deck, Face
from pnpkit.render.cards import FacePairs, FaceRenderer, deck_faces


def deck_of(game: CardGame, deck: GenericDeck) -> Deck:
    """The printable deck: every card's face filled from the data, one back for the deck (or
    the card's own back)."""
    footer = f"{game.title} · {deck.title}" + (f" · {game.author}" if game.author else "")
    art = next((spec.name for spec in deck.fields if spec.type == "image"), "")
    cards = []
    for card in deck.cards:
        accent = card.colour or deck.colour
        own = dict(card.fields)
        front = Face(
            card.template or deck.template,
            (
                ("name", card.name),
                ("kind", card.kind),
                ("value", card.value),
                ("text", card.text),
                ("icon", card.icon),
                ("accent", accent),
                ("footer", footer),
                ("picture", own[art] if art else ""),
                ("stats", _stats(deck, own)),
                ("picture_field", art or "picture"),
                *card.fields,
            ),
            card.source,
            card.sources,
        )
        back = None
        if card.back or card.colour:
            back = _back(game, deck, card.back or deck.back, accent, card.source, card.fields)
        cards.append(Card(card.key, card.name, front, card.copies, back))
    common = _back(game, deck, deck.back, deck.colour, deck.source, ())
    return Deck(deck.key, deck.title, game.card_size, tuple(cards), common)


def _stats(deck: GenericDeck, values: dict[str, object]) -> str:
    """The deck's own number fields as the built-in front prints them: ``Cost 2 · Range 3``."""
    shown = [
        f"{spec.name.replace('_', ' ').capitalize()} {values[spec.name]:g}"
        for spec in deck.fields
        if spec.type == "number" and isinstance(values[spec.name], int | float)
    ]
    return " · ".join(shown)


def _back(
    game: CardGame,
    deck: GenericDeck,
    template: str,
    accent: str,
    source: str,
    fields: tuple[tuple[str, object], ...],
) -> Face:
    return Face(
        template,
        (
            ("title", game.title),
            ("kind", deck.title),
            ("icon", deck.icon),
            ("accent", accent),
            *fields,
        ),
        source,
    )


def faces(game: CardGame, options: BuildOptions) -> list[tuple[Deck, FacePairs]]:
    """Every deck with its faces laid out; a DataError lists every face that cannot be printed
    (all text that does not fit, in every deck), each at its field's place in the data. The
    faces are the designer's (``templates/``, art from ``assets/``): ``options`` change none,
    but the card size must fit the paper they ask for."""
    renderer = FaceRenderer(game_dir=Path(game.folder) if game.folder else None)
    out: list[tuple[Deck, FacePairs]] = []
    size = game.card_size
    misfit = card_problem(
        options.imposition, size.width, size.height, game.where.of("card_size"), "card_size"
    )
    problems: list[Problem] = [] if misfit is None else [misfit]
    for generic in game.decks:
        deck = deck_of(game, generic)
        try:
            out.append((deck, deck_faces(renderer, deck)))
        except DataError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
    return out
