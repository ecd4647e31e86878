"""Every face the British vs Pirates kit prints, laid out with no drawing library: the six
decks, the market-prices and cannon-reference cards, the map legend, the tokens and the pieces.
:func:`faces` is what ``pnpkit check`` runs (:attr:`pnpkit.games.game.Game.faces`) and what
:func:`pnpkit.games.british_vs_pirates.kit.documents` prints, so a face that passes ``check``
prints, and each is laid out once a build."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import get_args

from pnpkit.games.british_vs_pirates.components import (
    cannon_face,
    captain_deck,
    event_deck,
    fort_deck,
    legend_face,
    market_face,
    mission_deck,
    monster_deck,
    pieces,
    ship_deck,
    skill_deck,
    tokens,
)
from pnpkit.games.british_vs_pirates.model import BvpGame, DeckName
from pnpkit.games.british_vs_pirates.tile_pages import size_problems, text_problems
from pnpkit.layout.imposition import fit_cards
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.model.cards import Counter, Deck, Face
from pnpkit.render.faces.counters import counter_faces
from pnpkit.render.faces.decks import Gathered, deck_faces
from pnpkit.render.faces.face import FacePairs, SvgFace
from pnpkit.render.faces.renderer import FaceRenderer
from pnpkit.units import INCH

DECKS: tuple[tuple[str, Callable[[BvpGame], Deck]], ...] = (
    ("ship-cards.pdf", ship_deck),
    ("captain-cards.pdf", captain_deck),
    ("fort-cards.pdf", fort_deck),
    ("skill-cards.pdf", skill_deck),
    ("mission-cards.pdf", mission_deck),
    ("event-cards.pdf", event_deck),
    ("sea-monster-cards.pdf", monster_deck),
)
"""Each deck and the file it prints in, in the kit's order."""

ONE_SIDED = ("market", "cannons")
"""The cards printed with no back: the market-prices and cannon-reference cards."""

LEGEND_WIDTH, LEGEND_HEIGHT = 6.5 * INCH, 8.5 * INCH
"""The map legend, the first page of ``sea-tiles.pdf``."""


@dataclass(frozen=True, slots=True)
class BvpFaces:
    """Every face the kit prints, laid out."""

    decks: tuple[tuple[str, Deck, FacePairs], ...]
    """Each deck with its file's name and its faces."""
    market: SvgFace
    cannons: SvgFace
    legend: SvgFace
    tokens: tuple[Counter, ...]
    token_faces: FacePairs
    pieces: tuple[Counter, ...]
    piece_faces: FacePairs


def _one(
    renderer: FaceRenderer, face: Face, width: float, height: float, name: str
) -> list[SvgFace]:
    """A one-off face (not a card of a deck) laid out, as a list of one."""
    return [
        renderer.render(
            face.template,
            width,
            height,
            face.as_dict(),
            name=name,
            source=face.source,
            field_sources=dict(face.field_sources),
        )
    ]


def faces(game: BvpGame, settings: PrintSettings) -> BvpFaces:
    """Every face of the kit laid out; a DataError lists every face that cannot be printed
    (the text that does not fit, in every group), each at its field's place in the data, and
    every tile whose name or islands do not fit the sea-tile pages on ``settings.paper``
    (:func:`~pnpkit.games.british_vs_pirates.tile_pages.text_problems`), and a ``hex`` at
    which a tile does not fit its page
    (:func:`~pnpkit.games.british_vs_pirates.tile_pages.size_problems`)."""
    renderer = FaceRenderer(settings.templates)
    gathered = Gathered()
    for name in get_args(DeckName):  # every card size fits the paper, seen at its line
        size, where = game.size(name), game.where.of("cards.yaml", "sizes", name)
        gathered(
            functools.partial(
                fit_cards,
                settings.imposition,
                (size, where, f"sizes.{name}"),
                backs=name not in ONE_SIDED,
            ),
            None,
        )
    decks: list[tuple[str, Deck, FacePairs]] = []
    for filename, make in DECKS:
        deck = make(game)
        cards: FacePairs = gathered(functools.partial(deck_faces, renderer, deck), [])
        decks.append((filename, deck, cards))
    market_size, cannon_size = game.size("market"), game.size("cannons")
    market: list[SvgFace] = gathered(
        lambda: _one(
            renderer, market_face(game), market_size.width, market_size.height, "market prices"
        ),
        [],
    )
    cannons: list[SvgFace] = gathered(
        lambda: _one(
            renderer,
            cannon_face(game),
            cannon_size.width,
            cannon_size.height,
            "cannon reference",
        ),
        [],
    )
    on_table = tuple(tokens(game))
    token_faces = gathered(lambda: counter_faces(renderer, on_table), FacePairs())
    stand_ins = tuple(pieces(game))
    piece_faces = gathered(lambda: counter_faces(renderer, stand_ins), FacePairs())
    legend: list[SvgFace] = gathered(
        lambda: _one(renderer, legend_face(game), LEGEND_WIDTH, LEGEND_HEIGHT, "map legend"), []
    )
    gathered.problems += text_problems(game, settings.paper)  # the sea tiles' own pages
    gathered.problems += size_problems(game, settings.paper)
    gathered.done()
    return BvpFaces(
        tuple(decks),
        market[0],
        cannons[0],
        legend[0],
        on_table,
        token_faces,
        stand_ins,
        piece_faces,
    )


def decks(game: BvpGame) -> list[Deck]:
    """Every card deck the kit prints, for the exports (a deck with no cards prints none)."""
    return [deck for _, make in DECKS if (deck := make(game)).cards]
