"""British vs Pirates: ship, captain, fort, skill, mission and event cards, tokens, hex sea
tiles with the map legend, the wind vane and market prices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpkit.games.game import Game, Hook

if TYPE_CHECKING:
    from pnpkit.games.british_vs_pirates.faces import BvpFaces
    from pnpkit.games.british_vs_pirates.model import BvpGame


GAME: Game[BvpGame, BvpFaces] = Game(
    "british-vs-pirates",
    load=Hook("pnpkit.games.british_vs_pirates.load:load_bvp"),
    check=Hook("pnpkit.games.british_vs_pirates.rules:problems"),
    documents=Hook("pnpkit.games.british_vs_pirates.kit:documents"),
    faces=Hook("pnpkit.games.british_vs_pirates.faces:faces"),
    decks=Hook("pnpkit.games.british_vs_pirates.faces:decks"),
)
