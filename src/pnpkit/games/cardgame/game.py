"""A designer's own card game, made from data alone (``kit: cards`` in ``game.yaml``; ``pnpkit
new`` scaffolds one): every deck's card sheets and the duplex calibration page."""

from __future__ import annotations

from pnpkit.build.options import BuildOptions
from pnpkit.games.cardgame.faces import deck_of, faces, unused_fields
from pnpkit.games.cardgame.load import load_card_game, unread_sheets
from pnpkit.games.cardgame.marks import printed
from pnpkit.games.cardgame.model import KIT, CardGame
from pnpkit.games.game import Game
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model.cards import Deck
from pnpkit.render.cards import FacePairs


def _check(game: CardGame) -> list[str]:
    """A generic card game has no rules of its own beyond what its loader checks (``check``
    lays out every face too: :func:`pnpkit.games.cardgame.faces.faces`)."""
    return []


def _documents(game: CardGame, options: BuildOptions) -> list[DocumentPlan]:
    from pnpkit.games.cardgame import kit

    return kit.documents(game, options)


def _faces(game: CardGame, options: BuildOptions) -> list[tuple[Deck, FacePairs]]:
    """Every face as the kit prints it (our choices marked: :mod:`.marks`)."""
    return faces(printed(game), options)


def _decks(game: CardGame) -> list[Deck]:
    shown = printed(game)
    return [deck_of(shown, deck) for deck in shown.decks]


def _report(game: CardGame) -> list[str]:
    """What ``check`` says besides problems: fields no template prints, sheets no deck reads."""
    return unused_fields(game) + unread_sheets(game)


GAME = Game(KIT, load_card_game, _check, _documents, faces=_faces, decks=_decks, report=_report)
