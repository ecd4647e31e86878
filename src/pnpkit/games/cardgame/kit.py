"""The kit of a generic card game (``kit: cards`` in ``game.yaml``; ``pnpkit new`` makes one).

``output/<game>/``: ``print-this-kit.pdf`` (:mod:`pnpkit.layout.print_guide`),
``<deck>-cards.pdf`` for every deck (fronts and a common back, duplex on the long edge) and
``duplex-calibration.pdf``. Faces come from ``templates/cards/generic-*`` or
from the game's own ``templates/`` folder; art from its ``assets/`` folder.
"""

from __future__ import annotations

from pnpkit.games.cardgame.marks import note
from pnpkit.games.cardgame.model import CardGame
from pnpkit.layout.cards import calibration_sheet, card_sheets
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.print_guide import with_print_guide
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.model.cards import Deck
from pnpkit.render.faces.face import FacePairs


def documents(
    game: CardGame, laid: list[tuple[Deck, FacePairs]], settings: PrintSettings
) -> list[DocumentPlan]:
    sheets = settings.imposition
    notes = {deck.key: note(game, deck) for deck in game.decks}  # whose cards print the mark
    plans = [
        card_sheets(
            f"{deck.key}-cards.pdf",
            faces,
            sheets,
            title=f"{game.title}: {deck.title}",
            subject=game.title,
            label=f"{game.title}: {deck.title}"
            + (f" ({notes[deck.key]})" if notes[deck.key] else ""),
        )
        for deck, faces in laid
    ]
    return with_print_guide(
        [*plans, *calibration_sheet(sheets, subject=game.title)],
        title=game.title,
        subject=game.title,
        paper=settings.paper,
    )
