"""Every game's card decks, as models and as rendered faces, for the exports.

The kits lay decks out on paper; the print-shop and Tabletop Simulator exports need the decks
themselves. :data:`DECKS` names, per game folder, the function that loads the game, runs its
checks and returns its decks (the same :class:`~pnpkit.model.cards.Deck` models the kit prints).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnpkit.errors import UsageError
from pnpkit.model.cards import Card, Deck
from pnpkit.render.cards import FaceRenderer, SvgFace, deck_faces


def _high_seas(game_dir: Path) -> list[Deck]:
    from pnpkit.kit import highseas
    from pnpkit.load.highseas import load_high_seas

    game = load_high_seas(game_dir)
    highseas.check(game)
    return [highseas.crew_deck(game)]


def _pirate_fleets(game_dir: Path) -> list[Deck]:
    from pnpkit.kit import piratefleets
    from pnpkit.load.piratefleets import load_pirate_fleets

    game = load_pirate_fleets(game_dir)
    piratefleets.check(game)
    return [piratefleets.supply_deck(game), piratefleets.captains_deck(game)]


def _british_vs_pirates(game_dir: Path) -> list[Deck]:
    from pnpkit.kit import bvp
    from pnpkit.load.bvp import load_bvp

    game = load_bvp(game_dir)
    bvp.check(game)
    return [
        bvp.ship_deck(game),
        bvp.captain_deck(game),
        bvp.fort_deck(game),
        bvp.skill_deck(game),
        bvp.mission_deck(game),
        bvp.event_deck(game),
    ]


def _tabletop_fleets(game_dir: Path) -> list[Deck]:
    from pnpkit.kit import tabletop
    from pnpkit.load.tabletop import load_tabletop

    game = load_tabletop(game_dir)
    tabletop.check(game)
    return [tabletop.ship_deck(game)]


def _card_game(game_dir: Path) -> list[Deck]:
    from pnpkit.kit.cardgame import deck_of, load_card_game

    game = load_card_game(game_dir)
    return [deck_of(game, deck) for deck in game.decks]


DECKS: dict[str, Callable[[Path], list[Deck]]] = {
    "british-vs-pirates": _british_vs_pirates,
    "high-seas": _high_seas,
    "pirate-fleets": _pirate_fleets,
    "tabletop-fleets": _tabletop_fleets,
}
"""Games with decks. False Colors prints no cards. A game made by ``pnpkit new`` (a generic card
game, ``kit: cards`` in its ``game.yaml``) is found by :func:`decks_of` without a line here."""


@dataclass(frozen=True, slots=True)
class PrintedCard:
    """One printed copy: its card, its front and its back face."""

    card: Card
    copy: int
    """1 for the first copy of the design, 2 for the second…"""
    front: SvgFace
    back: SvgFace


@dataclass(frozen=True, slots=True)
class RenderedDeck:
    deck: Deck
    cards: tuple[PrintedCard, ...]

    @property
    def width(self) -> float:
        return self.deck.size.width

    @property
    def height(self) -> float:
        return self.deck.size.height


def decks_of(game: str, game_dir: Path) -> list[Deck]:
    """The decks of ``game`` (its data in ``game_dir``); a UsageError if it has none."""
    from pnpkit.kit.cardgame import is_card_game

    if game in DECKS:
        return DECKS[game](game_dir)
    if is_card_game(game_dir):
        return _card_game(game_dir)
    raise UsageError(
        f"{game} has no card decks to export (games with decks: {', '.join(sorted(DECKS))}, "
        "or a game made by pnpkit new)"
    )


def render_deck(renderer: FaceRenderer, deck: Deck) -> RenderedDeck:
    """Every printed card of ``deck`` with its faces (each design rendered once)."""
    faces = deck_faces(renderer, deck)
    seen: dict[str, int] = {}
    cards: list[PrintedCard] = []
    for card, (front, back) in zip(deck.printed(), faces, strict=True):
        seen[card.key] = seen.get(card.key, 0) + 1
        cards.append(PrintedCard(card, seen[card.key], front, back))
    return RenderedDeck(deck, tuple(cards))


def rendered_decks(game: str, game_dir: Path) -> list[RenderedDeck]:
    renderer = FaceRenderer()
    return [render_deck(renderer, deck) for deck in decks_of(game, game_dir)]


FORMATS = ("printshop", "tts")


def export_game(game: str, data_dir: Path, out_dir: Path, formats: tuple[str, ...]) -> list[Path]:
    """Export every deck of ``game`` (data in ``data_dir/<game>``) in ``formats`` into
    ``out_dir/<game>/print-shop/`` and ``out_dir/<game>/tts/``; returns the files written."""
    from pnpkit.kit import export_printshop, export_tts

    decks = rendered_decks(game, data_dir / game)
    written: list[Path] = []
    for deck in decks:
        if "printshop" in formats:
            folder = out_dir / game / export_printshop.FOLDER
            written += export_printshop.export_printshop(deck, folder, subject=game)
        if "tts" in formats:
            written += export_tts.export_tts(deck, out_dir / game / export_tts.FOLDER)
    return written
