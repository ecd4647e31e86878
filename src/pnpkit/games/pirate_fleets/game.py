"""Pirate Fleets: the action-space board, supply and captains decks, pawns, danger disks,
gold and the reference card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpkit.games.game import Game, Hook

if TYPE_CHECKING:
    from pnpkit.games.pirate_fleets.faces import PirateFleetsFaces
    from pnpkit.games.pirate_fleets.model import PirateFleetsGame


GAME: Game[PirateFleetsGame, PirateFleetsFaces] = Game(
    "pirate-fleets",
    load=Hook("pnpkit.games.pirate_fleets.load:load_pirate_fleets"),
    check=Hook("pnpkit.games.pirate_fleets.rules:problems"),
    documents=Hook("pnpkit.games.pirate_fleets.kit:documents"),
    faces=Hook("pnpkit.games.pirate_fleets.faces:faces"),
    decks=Hook("pnpkit.games.pirate_fleets.faces:decks"),
    boards=Hook("pnpkit.games.pirate_fleets.faces:boards"),
)
