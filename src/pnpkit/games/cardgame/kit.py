"""The kit of a generic card game (``kit: cards`` in ``game.yaml``; ``pnpkit new`` makes one).

``output/<game>/``: ``<deck>-cards.pdf`` for every deck (fronts and a common back, duplex on
the long edge) and ``duplex-calibration.pdf``. Faces come from ``templates/cards/generic-*``.
"""

from __future__ import annotations

from pnpkit.build.options import BuildOptions
from pnpkit.games.cardgame.model import CardGame, GenericDeck
from pnpkit.layout.cards import calibration_sheet, card_sheets
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model.cards import Card, Deck, Face
from pnpkit.render.cards import FaceRenderer, deck_faces


def deck_of(game: CardGame, deck: GenericDeck) -> Deck:
    """The printable deck: every card's face filled from the data, one back for the deck."""
    footer = f"{game.title} · {deck.title}" + (f" · {game.author}" if game.author else "")
    cards = tuple(
        Card(
            card.key,
            card.name,
            Face(
                "cards/generic-front.svg.j2",
                (
                    ("name", card.name),
                    ("kind", card.kind),
                    ("value", card.value),
                    ("text", card.text),
                    ("icon", card.icon),
                    ("accent", deck.colour),
                    ("footer", footer),
                ),
                card.source,
            ),
            card.copies,
        )
        for card in deck.cards
    )
    back = Face(
        "cards/generic-back.svg.j2",
        (("title", game.title), ("kind", deck.title), ("icon", deck.icon), ("accent", deck.colour)),
        deck.source,
    )
    return Deck(deck.key, deck.title, game.card_size, cards, back)


def documents(game: CardGame, options: BuildOptions) -> list[DocumentPlan]:
    paper, offset = options.paper, options.offset

    renderer = FaceRenderer(options.templates)
    plans: list[DocumentPlan] = []
    for generic in game.decks:
        deck = deck_of(game, generic)
        label = f"{game.title}: {deck.title}"
        plans.append(
            card_sheets(
                f"{deck.key}-cards.pdf",
                deck_faces(renderer, deck),
                paper,
                offset,
                title=label,
                subject=game.title,
            )
        )
    return [*plans, calibration_sheet(paper, offset, subject=game.title)]
