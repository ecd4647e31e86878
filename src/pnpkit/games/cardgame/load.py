"""``data/<game>/game.yaml`` with ``kit: cards`` → :class:`~pnpkit.games.cardgame.model.CardGame`.

Every field is read from the model's annotations; keys are checked to be unique (decks in the
game, cards in their deck) and the printed total bounded. Every problem in the file is raised
together as one DataError.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnpkit.games.cardgame.model import CardGame, GenericCard, GenericDeck
from pnpkit.load.limits import printed_cards
from pnpkit.load.schema import Reader


def load_card_game(game_dir: Path) -> CardGame:
    path = game_dir / "game.yaml"
    reader = Reader()
    game = reader.file(CardGame, path, source=str(path))
    decks = reader.built(GenericDeck)
    _unique(reader, decks)
    for deck in decks:
        _unique(reader, deck.cards)
    printed = sum(card.copies for deck in decks for card in deck.cards)
    printed_cards(reader.problems, reader.at(game, "decks"), "decks", printed)
    reader.problems.raise_if_any()
    assert game is not None
    return game


def _unique(reader: Reader, records: Sequence[GenericDeck | GenericCard]) -> None:
    seen: set[str] = set()
    for record in records:
        if record.key in seen:
            reader.add(record, "key", f"{record.key!r} is used twice")
        seen.add(record.key)
