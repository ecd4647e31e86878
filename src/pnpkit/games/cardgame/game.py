"""A designer's own card game, made from data alone (``kit: cards`` in ``game.yaml``; ``pnpkit
new`` scaffolds one): every deck's card sheets, token sheets, tiled boards, a rulebook and the
duplex calibration page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpkit.games.game import Game, Hook

if TYPE_CHECKING:
    from pnpkit.games.cardgame.faces import KitFaces
    from pnpkit.games.cardgame.model import CardGame


GAME: Game[CardGame, KitFaces] = Game(
    "cards",
    load=Hook("pnpkit.games.cardgame.load:load_card_game"),
    documents=Hook("pnpkit.games.cardgame.kit:documents"),
    faces=Hook("pnpkit.games.cardgame.faces:printed_faces"),
    decks=Hook("pnpkit.games.cardgame.faces:printed_decks"),
    boards=Hook("pnpkit.games.cardgame.faces:printed_boards"),
    warnings=Hook("pnpkit.games.cardgame.faces:unused"),
)
