"""``data/<game>/game.yaml`` with ``kit: cards`` → :class:`~pnpkit.games.cardgame.model.CardGame`.

Every field is read from the model's annotations (keys are ``Distinct``: decks in the game,
cards in their deck); the printed total is bounded here. Every problem in the file is raised
together as one DataError.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.games.cardgame.model import CardGame, GenericDeck
from pnpkit.load.limits import printed_cards
from pnpkit.load.schema import Reader


def load_card_game(game_dir: Path) -> CardGame:
    path = game_dir / "game.yaml"
    reader = Reader()
    game = reader.file(CardGame, path, source=str(path))
    decks = reader.built(GenericDeck)
    printed = sum(card.copies for deck in decks for card in deck.cards)
    printed_cards(reader.problems, reader.at(game, "decks"), "decks", printed)
    reader.problems.raise_if_any()
    assert game is not None
    return game
