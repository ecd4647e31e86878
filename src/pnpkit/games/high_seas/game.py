"""High Seas, a game by Nicholas Wolff (name and rules as he wrote them): crew cards, the
two-ship board, cannon and heart tokens and the reference card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpkit.games.game import Game, Hook

if TYPE_CHECKING:
    from pnpkit.games.high_seas.faces import HighSeasFaces
    from pnpkit.games.high_seas.model import HighSeasGame


GAME: Game[HighSeasGame, HighSeasFaces] = Game(
    "high-seas",
    load=Hook("pnpkit.games.high_seas.load:load_high_seas"),
    check=Hook("pnpkit.games.high_seas.rules:problems"),
    documents=Hook("pnpkit.games.high_seas.kit:documents"),
    faces=Hook("pnpkit.games.high_seas.faces:faces"),
    decks=Hook("pnpkit.games.high_seas.faces:decks"),
    boards=Hook("pnpkit.games.high_seas.faces:boards"),
)
