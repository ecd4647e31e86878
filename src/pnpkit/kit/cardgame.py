"""The kit of a generic card game (``kit: cards`` in ``game.yaml``; ``pnpkit new`` makes one).

``output/<game>/``: ``<deck>-cards.pdf`` for every deck (fronts and a common back, duplex on
the long edge) and ``duplex-calibration.pdf``. Faces come from ``templates/cards/generic-*``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnpkit.errors import DataError
from pnpkit.kit.options import verified
from pnpkit.layout.cards import (
    NO_OFFSET,
    BackOffset,
    Placement,
    Written,
    impose_cards,
    write_calibration,
    write_document,
)
from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER, Paper
from pnpkit.load.cardgame import load_card_game as load_game
from pnpkit.load.nodes import MapNode, ScalarNode
from pnpkit.load.yamlnode import load_yaml
from pnpkit.model.cardgame import KIT, CardGame, GenericDeck
from pnpkit.model.cards import Card, Deck, Face
from pnpkit.render.cards import FaceRenderer, SvgFace, deck_faces


def is_card_game(game_dir: Path) -> bool:
    """Whether ``game_dir/game.yaml`` says ``kit: cards`` (unreadable files say no)."""
    path = game_dir / "game.yaml"
    if not path.is_file():
        return False
    try:
        root = load_yaml(path, [])
    except DataError:  # a broken file is reported when the game is built, not here
        return False
    kit = root.get("kit") if isinstance(root, MapNode) else None
    return isinstance(kit, ScalarNode) and kit.value == KIT


def load_card_game(game_dir: Path) -> CardGame:
    return load_game(game_dir)


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


def _sheets(
    faces: list[tuple[SvgFace, SvgFace]], paper: Paper, label: str, offset: BackOffset
) -> Callable[[Document], list[Placement]]:
    def pages(doc: Document) -> list[Placement]:
        return impose_cards(doc, faces, paper, label=label, offset=offset)

    return pages


def build(
    data_dir: Path,
    out_dir: Path,
    paper: Paper = LETTER,
    offset: BackOffset = NO_OFFSET,
    *,
    verify: bool = True,
) -> list[Written]:

    game = load_card_game(data_dir)
    renderer = FaceRenderer()
    written: list[Written] = []
    for generic in game.decks:
        deck = deck_of(game, generic)
        faces = deck_faces(renderer, deck)
        label = f"{game.title}: {deck.title}"
        written.append(
            write_document(
                out_dir / f"{deck.key}-cards.pdf",
                title=label,
                subject=game.title,
                pages=_sheets(faces, paper, label, offset),
            )
        )
    written.append(write_calibration(out_dir, paper, offset, subject=game.title))
    return verified(written, verify=verify)
