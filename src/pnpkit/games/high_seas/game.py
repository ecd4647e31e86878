"""High Seas, a game by Nicholas Wolff (name and rules as he wrote them): crew cards, the
two-ship board, cannon and heart tokens and the reference card."""

from __future__ import annotations

from pnpkit.build.options import BuildOptions
from pnpkit.games.game import Game, lines
from pnpkit.games.high_seas.load import load_high_seas
from pnpkit.games.high_seas.model import HighSeasGame
from pnpkit.games.high_seas.rules import check_high_seas
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model.cards import Deck


def _check(game: HighSeasGame) -> list[str]:
    return lines(check_high_seas(game), game.source)


def _documents(game: HighSeasGame, options: BuildOptions) -> list[DocumentPlan]:
    from pnpkit.games.high_seas import kit

    return kit.documents(game, options)


def _faces(game: HighSeasGame, options: BuildOptions) -> object:
    """Every face the kit prints, laid out (:func:`pnpkit.games.high_seas.faces.faces`)."""
    from pnpkit.games.high_seas import faces

    return faces.faces(game, options)


def _decks(game: HighSeasGame) -> list[Deck]:
    from pnpkit.games.high_seas import faces

    return [faces.crew_deck(game)]


GAME = Game("high-seas", load_high_seas, _check, _documents, _decks, faces=_faces)
