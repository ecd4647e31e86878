"""The kit of a generic card game (``kit: cards`` in ``game.yaml``; ``pnpkit new`` makes one).

``output/<game>/``: ``print-this-kit.pdf`` (:mod:`pnpkit.layout.print_guide`),
``<deck>-cards.pdf`` for every deck (fronts and a common back, duplex on the long edge), or
``cards.pdf`` holding every deck on shared sheets (``sheets: shared``),
``<board>-board.pdf`` for every board (tiled over sheets, with an assembly page),
``<set>-tokens.pdf`` for every token set (:mod:`.tokens`),
``duplex-calibration.pdf``, and ``rulebook.pdf`` and ``rules-card.pdf`` when the data writes
rules (:mod:`pnpkit.games.cardgame.rulebook`). Faces come from ``templates/cards/generic-*`` or
from the game's own ``templates/`` folder; art from its ``assets/`` folder.
"""

from __future__ import annotations

from pnpkit.games.cardgame.faces import KitFaces
from pnpkit.games.cardgame.marks import note
from pnpkit.games.cardgame.model import CardGame
from pnpkit.games.cardgame.token_sheets import token_documents
from pnpkit.layout.cards import calibration_sheet, card_sheets, shared_card_sheets
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.print_guide import with_print_guide
from pnpkit.layout.print_settings import PrintSettings


def documents(game: CardGame, laid: KitFaces, settings: PrintSettings) -> list[DocumentPlan]:
    sheets = settings.imposition
    notes = {deck.key: note(game, deck) for deck in game.decks}  # whose cards print the mark
    if game.sheets == "shared":  # every deck in one document, its sizes mixed on its sheets
        said = next((said for said in notes.values() if said), "")
        plans = [
            shared_card_sheets(
                "cards.pdf",
                [(f"{game.title}: {deck.title}", faces) for deck, faces in laid.decks],
                sheets,
                title=game.title,
                subject=game.title,
                label=game.title + (f" ({said})" if said else ""),
            )
        ]
    else:
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
            for deck, faces in laid.decks
        ]
    plans += token_documents(game, laid.tokens, settings)
    return with_print_guide(
        [
            *plans,
            *board_plans(game, settings),
            *calibration_sheet(sheets, subject=game.title),
            *_rule_plans(game, settings),
        ],
        title=game.title,
        subject=game.title,
        paper=settings.paper,
    )


def _rule_plans(game: CardGame, settings: PrintSettings) -> list[DocumentPlan]:
    """The rulebook and rules card (:mod:`.rulebook`, loaded only for a game with rules)."""
    if game.rulebook is None and game.rules_card is None:
        return []
    from pnpkit.games.cardgame.rulebook import rule_plans

    return rule_plans(game, settings)


def board_plans(game: CardGame, settings: PrintSettings) -> list[DocumentPlan]:
    """``<key>-board.pdf`` for every board: its sheets (whole cells on each, glue strips,
    alignment marks) and its assembly page (the board's drawing and the tiler are loaded only
    for a game with boards)."""
    if not game.boards:
        return []
    from pnpkit.games.cardgame.board.draw import BoardDrawing, board_words
    from pnpkit.layout.tiled_pdf import tiled_document
    from pnpkit.layout.tiling import tile

    plans = []
    for board in game.boards:
        title = f"{game.title}: {board.title}"
        drawing = BoardDrawing(board, board_words(board), game.folder, title)
        layout = tile(drawing, settings.paper, title=title, subtitle=game.author)
        plans.append(tiled_document(layout, f"{board.key}-board.pdf", subject=game.title))
    return plans
