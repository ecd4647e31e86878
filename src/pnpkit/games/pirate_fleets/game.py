"""Pirate Fleets: the action-space board, supply and captains decks, pawns, danger disks,
gold and the reference card."""

from __future__ import annotations

from pnpkit.build.options import BuildOptions
from pnpkit.games.game import Game, lines
from pnpkit.games.pirate_fleets.load import load_pirate_fleets
from pnpkit.games.pirate_fleets.model import PirateFleetsGame
from pnpkit.games.pirate_fleets.rules import check_pirate_fleets
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model.cards import Deck


def _check(game: PirateFleetsGame) -> list[str]:
    return lines(check_pirate_fleets(game), game.source)


def _documents(game: PirateFleetsGame, options: BuildOptions) -> list[DocumentPlan]:
    from pnpkit.games.pirate_fleets import kit

    return kit.documents(game, options)


def _faces(game: PirateFleetsGame, options: BuildOptions) -> object:
    """Every face the kit prints, laid out (:func:`pnpkit.games.pirate_fleets.faces.faces`)."""
    from pnpkit.games.pirate_fleets import faces

    return faces.faces(game, options)


def _decks(game: PirateFleetsGame) -> list[Deck]:
    from pnpkit.games.pirate_fleets import faces

    return [faces.supply_deck(game), faces.captains_deck(game)]


GAME = Game("pirate-fleets", load_pirate_fleets, _check, _documents, _decks, faces=_faces)
