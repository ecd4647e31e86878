"""False Colors: fleets in the fog, where no ship shows her rating until she fights. The kit
holds the rulebook, the rules card, the square, duel and hex charts tiled over sheets, the hex
overview, the ship tokens and the play aids; ``pnpkit map`` deals random-island charts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpkit.games.false_colors.commands import MAP
from pnpkit.games.game import Game, Hook

if TYPE_CHECKING:
    from pnpkit.games.false_colors.data import FleetKit


GAME: Game[FleetKit, None] = Game(
    "false-colors",
    load=Hook("pnpkit.games.false_colors.data:load_kit"),
    check=Hook("pnpkit.games.false_colors.data:problems"),
    documents=Hook("pnpkit.games.false_colors.kit:documents"),
    report=Hook("pnpkit.games.false_colors.data:seating_lines"),
    commands=(MAP,),
)
