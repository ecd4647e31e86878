"""Every game's card decks, as models and as rendered faces, and its boards, for the exports.

The kits lay decks out on paper; the print-shop and Tabletop Simulator exports need the decks
themselves. Each game declares its decks (:attr:`pnpkit.games.game.Game.decks`: the same
:class:`~pnpkit.model.cards.Deck` models its kit prints); :func:`decks_of` loads and checks the
game first, as a build does.

Every file of a card design is named by one rule (:func:`picture_name`), in ``proofs/``,
``print-shop/`` and ``tts/`` alike: ``<NN>-<key>-<side>.png``, ``NN`` the design's place among
the deck's designs (copies counted once: :func:`designs`), ``<key>`` the card's key as a file
name, ``<side>`` ``front`` or ``back``. A back that every design prints (a deck's common back,
or a token set's one back) is one ``back.png``; a single-sided token set has no back
(:attr:`Design.back` says which).

A face that prints :data:`~pnpkit.model.ours.MARK` (a value the data marks ``{ours: …}``) is
read from the words the face sets (:func:`carries_mark`), not from any one game's model: every
game's cards and backs are found alike, and an export says what the mark means
(:data:`~pnpkit.model.ours.NOTE`) exactly where a card it writes shows it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pnpkit.app import pipeline
from pnpkit.errors import UsageError
from pnpkit.games import find_game
from pnpkit.games.cardgame.tokens import BLANK
from pnpkit.games.game import GameBoard
from pnpkit.load.face_layouts import LAYOUT
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
    """Its back; a single-sided token's is blank and is not printed (:attr:`single_sided`)."""
    single_sided: bool = False
    """Whether it prints no back (a token of a set without ``back:``)."""

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


SHARED_BACK = "back.png"
"""The picture of the back every design of a deck prints."""
BackKind = Literal["own", "shared", "none"]


@dataclass(frozen=True, slots=True)
class Design:
    """One card design of a deck: its place among the deck's designs (1, 2, …; copies counted
    once), its first printed copy, how many copies print, and its back: ``shared`` (the one
    every design prints, :data:`SHARED_BACK`), ``own`` or ``none`` (single-sided)."""

    number: int
    printed: PrintedCard
    copies: int
    back: BackKind

    def picture(self, side: Literal["front", "back"]) -> str:
        """The file name of its ``side``'s picture (:func:`picture_name`); a shared back is
        :data:`SHARED_BACK`."""
        if side == "back" and self.back == "shared":
            return SHARED_BACK
        return picture_name(self.number, self.printed.card.key, side)


def picture_name(number: int, key: str, side: str) -> str:
    """The one name of the picture of a card design's ``side`` (``front``, ``back``), in the
    proofs and the exports alike: ``02-treasure-front.png`` for the second design of its deck,
    whose key is ``treasure``."""
    return f"{number:02d}-{file_name(key, f'card-{number}')}-{side}.png"


def file_name(name: str, fallback: str) -> str:
    """A name as part of a file name: lower case ASCII letters and digits joined by hyphens
    (``Bosun's Mate`` → ``bosuns-mate``); ``fallback`` when nothing is left."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[a-z0-9]+", folded.lower().replace("'", ""))
    return "-".join(words)[:60].strip("-") or fallback


def designs(deck: RenderedDeck) -> list[Design]:
    """Each design of ``deck`` once, in deck order, with its copies and its back. A back is
    shared when it draws the same as the deck's common back (which a card without a back of
    its own prints) or, when no card prints that, as every other design's back (a token set
    whose tokens share one back); a single-sided token has none."""
    first: dict[int, PrintedCard] = {}
    copies: dict[int, int] = {}
    for printed in deck.cards:
        first.setdefault(id(printed.front), printed)
        copies[id(printed.front)] = copies.get(id(printed.front), 0) + 1
    drawn: dict[int, object] = {}  # what each back draws, read once a face
    for printed in first.values():
        if not printed.single_sided:
            drawn.setdefault(id(printed.back), printed.back.__fingerprint__())
    common = [p.back for p in first.values() if p.card.back is None]
    backs = set(drawn.values())
    shared = drawn[id(common[0])] if common else next(iter(backs)) if len(backs) == 1 else None
    out: list[Design] = []
    for number, (key, printed) in enumerate(first.items(), start=1):
        kind: BackKind = "none"
        if not printed.single_sided:
            kind = "shared" if drawn[id(printed.back)] == shared else "own"
        out.append(Design(number, printed, copies[key], kind))
    return out


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
        blank = card.back is not None and card.back.template == LAYOUT + BLANK
        cards.append(PrintedCard(card, seen[card.key], front, back, blank))
    return RenderedDeck(deck, tuple(cards))


def rendered_decks(game: str, game_dir: Path) -> list[RenderedDeck]:
    decks, renderer = decks_of(game, game_dir)
    return [render_deck(renderer, deck) for deck in decks]
