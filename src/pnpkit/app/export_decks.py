"""Every game's card decks, as models and as rendered faces, and its boards, for the exports.

The kits lay decks out on paper; the print-shop and Tabletop Simulator exports need the decks
themselves. Each game declares its decks (:attr:`pnpkit.games.game.Game.decks`: the same
:class:`~pnpkit.model.cards.Deck` models its kit prints); :func:`decks_of` loads and checks the
game first, as a build does.

A face that prints :data:`~pnpkit.model.ours.MARK` (a value the data marks ``{ours: …}``) is
read from the words the face sets (:func:`carries_mark`), not from any one game's model: every
game's cards and backs are found alike, and an export says what the mark means
(:data:`~pnpkit.model.ours.NOTE`) exactly where a card it writes shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnpkit.app import pipeline
from pnpkit.errors import UsageError
from pnpkit.games import find_game
from pnpkit.games.game import GameBoard
from pnpkit.model.cards import Card, Deck
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render.faces.decks import deck_faces
from pnpkit.render.faces.face import PrintedFace
from pnpkit.render.faces.renderer import FaceRenderer


@dataclass(frozen=True, slots=True)
class PrintedCard:
    """One printed copy: its card, its front and its back face."""

    card: Card
    copy: int
    """1 for the first copy of the design, 2 for the second…"""
    front: PrintedFace
    back: PrintedFace

    @property
    def marked(self) -> bool:
        """Whether its front or its back prints the mark (:func:`carries_mark`)."""
        return carries_mark(self.front) or carries_mark(self.back)


@dataclass(frozen=True, slots=True)
class RenderedDeck:
    """A deck with the faces of every printed copy, as the exports need it; ``width`` and ``height``
    are the card size, points."""

    deck: Deck
    cards: tuple[PrintedCard, ...]

    @property
    def width(self) -> float:
        return self.deck.size.width

    @property
    def height(self) -> float:
        return self.deck.size.height

    @property
    def note(self) -> str:
        """:data:`NOTE` when any card of the deck prints the mark, else ``""``."""
        return NOTE if any(printed.marked for printed in self.cards) else ""


def carries_mark(face: PrintedFace) -> bool:
    """Whether ``face`` prints :data:`MARK`: a value the source rules do not give, which its
    export must explain."""
    return MARK in face.words()


def decks_of(game: str, game_dir: Path, doing: str = "export") -> tuple[list[Deck], FaceRenderer]:
    """The decks of ``game`` (its data in ``game_dir``), checked as a build checks them, and
    the renderer of their faces (the game's template folders); a UsageError if it has none
    (to ``doing``: export, proof)."""
    done = pipeline.checked(find_game(game, game_dir), game_dir)
    decks = pipeline.decks(done)
    if not decks:
        raise UsageError(f"{game} has no card decks to {doing}")
    return decks, FaceRenderer(done.game.template_folders(game_dir), game_dir=game_dir)


def exports_of(game: str, game_dir: Path) -> tuple[list[Deck], list[GameBoard], FaceRenderer]:
    """The decks and boards of ``game`` (its data in ``game_dir``), checked as a build checks
    them, and the renderer of the decks' faces; a UsageError if it has neither, or if a board
    would write a deck's files (their keys alike)."""
    done = pipeline.checked(find_game(game, game_dir), game_dir)
    decks, boards = pipeline.decks(done), pipeline.boards(done)
    if not decks and not boards:
        raise UsageError(f"{game} has no card decks or boards to export")
    clash = sorted({deck.key for deck in decks} & {board.key for board in boards})
    if clash:
        raise UsageError(
            f"{game}: the deck {clash[0]!r} and a board would export to the same files "
            "(rename the deck)"
        )
    return decks, boards, FaceRenderer(done.game.template_folders(game_dir), game_dir=game_dir)


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
    decks, renderer = decks_of(game, game_dir)
    return [render_deck(renderer, deck) for deck in decks]
