"""A designer's own card game, made from data alone (``kit: cards`` in ``game.yaml``; ``pnpkit
new`` scaffolds one): every deck's card sheets and the duplex calibration page."""

from __future__ import annotations

from pnpkit.build.options import BuildOptions
from pnpkit.games.cardgame.faces import deck_of, faces, unused_fields
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.games.cardgame.model import KIT, CardGame
from pnpkit.games.game import Game
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model.cards import Deck


def _check(game: CardGame) -> list[str]:
    """A generic card game has no rules of its own beyond what its loader checks (``check``
    lays out every face too: :func:`pnpkit.games.cardgame.faces.faces`)."""
    return []


def _documents(game: CardGame, options: BuildOptions) -> list[DocumentPlan]:
    from pnpkit.games.cardgame import kit

    return kit.documents(game, options)


def _decks(game: CardGame) -> list[Deck]:
    return [deck_of(game, deck) for deck in game.decks]


GAME = Game(
    KIT, load_card_game, _check, _documents, faces=faces, decks=_decks, report=unused_fields
)
