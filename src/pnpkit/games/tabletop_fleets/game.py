"""Tabletop Fleets: ship cards with fittings, islands, rocks and reefs, coins, the wind dial,
shot and move rulers, the score sheet, and random island layouts for a 4 ft table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpkit.games.game import Game, Hook
from pnpkit.games.tabletop_fleets.commands import TABLE_LAYOUT

if TYPE_CHECKING:
    from pnpkit.games.tabletop_fleets.faces import FleetFaces
    from pnpkit.games.tabletop_fleets.model import TabletopGame


GAME: Game[TabletopGame, FleetFaces] = Game(
    "tabletop-fleets",
    load=Hook("pnpkit.games.tabletop_fleets.load:load_tabletop"),
    check=Hook("pnpkit.games.tabletop_fleets.rules:problems"),
    documents=Hook("pnpkit.games.tabletop_fleets.kit:documents"),
    faces=Hook("pnpkit.games.tabletop_fleets.faces:faces"),
    decks=Hook("pnpkit.games.tabletop_fleets.faces:decks"),
    commands=(TABLE_LAYOUT,),
)
