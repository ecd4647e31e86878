"""British vs Pirates: ship, captain, fort, skill, mission and event cards, tokens, hex sea
tiles with the map legend, the wind vane and market prices."""

from __future__ import annotations

from pnpkit.build.options import BuildOptions
from pnpkit.games.british_vs_pirates.load import load_bvp
from pnpkit.games.british_vs_pirates.model import BvpGame
from pnpkit.games.british_vs_pirates.rules import check_bvp
from pnpkit.games.game import Game, lines
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model.cards import Deck


def _check(game: BvpGame) -> list[str]:
    from pnpkit.games.british_vs_pirates.rule_text import rules_problems

    return lines(check_bvp(game), game.source) + rules_problems(game)


def _documents(game: BvpGame, options: BuildOptions) -> list[DocumentPlan]:
    from pnpkit.games.british_vs_pirates import kit

    return kit.documents(game, options)


def _faces(game: BvpGame, options: BuildOptions) -> object:
    """Every face the kit prints, laid out (:func:`pnpkit.games.british_vs_pirates.faces.faces`)."""
    from pnpkit.games.british_vs_pirates.faces import faces

    return faces(game, options)


def _decks(game: BvpGame) -> list[Deck]:
    from pnpkit.games.british_vs_pirates.faces import DECKS

    return [make(game) for _, make in DECKS]


GAME = Game("british-vs-pirates", load_bvp, _check, _documents, _decks, faces=_faces)
