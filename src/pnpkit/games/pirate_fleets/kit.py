"""The Pirate Fleets kit: board, supply and captains decks, player pieces, gold, reference card.

``output/pirate-fleets/``:

- ``print-this-kit.pdf`` — how to print each file, on one page (:mod:`pnpkit.layout.print_guide`);
- ``board.pdf`` — the 6 × 6 action spaces at 1:1, tiled between whole spaces, assembly page;
- ``supply-cards.pdf`` and ``captain-cards.pdf`` — the two decks, fronts and backs (duplex);
- ``tokens.pdf`` — pawns (square) and danger disks (round) in every player colour, each colour
  with its own pattern and emblem; gold; ships; the turn and first-player markers (values
  plain on the faces; the sheets' footer names the faces that are our choice);
- ``reference-card.pdf`` — what the kit holds, turn sequence, captains deck, the Haven and
  Treachery tables; on the back every action's effect and the rules notes (the rules'
  contradictions with our reading, when captain cards are drawn, the bank); what the rules
  leave open, with our ruling, under the block a player reads when it comes up;
- ``duplex-calibration.pdf`` — the test print that gives the back offset.

The faces and the board's words are laid out once, by
:func:`pnpkit.games.pirate_fleets.faces.faces` (which ``check`` runs).
"""

from __future__ import annotations

from pnpkit.games.pirate_fleets.board import PirateFleetsBoard
from pnpkit.games.pirate_fleets.faces import PirateFleetsFaces, tokens_key
from pnpkit.games.pirate_fleets.model import PirateFleetsGame
from pnpkit.games.pirate_fleets.words import captain_words
from pnpkit.layout.cards import calibration_sheet, card_sheets, counter_sheets, round_pieces
from pnpkit.layout.plan import DocumentPlan, with_colors
from pnpkit.layout.print_guide import with_print_guide
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.layout.tiled_pdf import ASSEMBLE, write_tiled
from pnpkit.layout.tiling import tile
from pnpkit.model.ours import MARK
from pnpkit.render.colour import hex_rgb
from pnpkit.verify.promises import ColorMember

GAME = "pirate-fleets"


def player_colors(game: PirateFleetsGame) -> list[ColorMember]:
    """The players' colours, each with the pattern, emblem and name every pawn and disk of that
    colour draws (red and blue, green and orange are under 40 grayscale levels apart)."""
    return [
        ColorMember(
            c.name,
            hex_rgb(c.colour),
            (("pattern", c.pattern), ("emblem", c.emblem), ("label", c.name)),
        )
        for c in game.colours
    ]


def documents(
    game: PirateFleetsGame, laid: PirateFleetsFaces, settings: PrintSettings
) -> list[DocumentPlan]:
    """Build every Pirate Fleets document into ``out_dir`` (the game's own folder)."""
    paper, sheets = settings.paper, settings.imposition
    name = game.title
    subject = name

    board = tile(PirateFleetsBoard(game, laid.board), paper, title=f"{name} board")
    key = tokens_key(game)
    pieces_label = f"{name}: pieces ({key})" if key else f"{name}: pieces"
    marked = any(MARK in captain_words(game, c) for c in game.captains)
    captains_label = f"{name}: captains deck (optional{f'; {MARK} our choice' if marked else ''})"
    plans = [
        DocumentPlan(
            "board.pdf", f"{name}: board", subject, lambda doc: write_tiled(board, doc), ASSEMBLE
        ),
        card_sheets(
            "supply-cards.pdf",
            laid.supply,
            sheets,
            title=f"{name}: supply deck",
            subject=subject,
        ),
        card_sheets(
            "captain-cards.pdf",
            laid.captains,
            sheets,
            title=f"{name}: captains deck",
            subject=subject,
            label=captains_label,
        ),
        with_colors(
            counter_sheets(
                "tokens.pdf",
                laid.tokens,
                sheets,
                title=f"{name}: pieces",
                subject=subject,
                label=pieces_label,
                round_pieces=round_pieces(laid.pieces),
            ),
            what="players",
            members=player_colors(game),
        ),
        card_sheets(
            "reference-card.pdf",
            laid.reference,
            sheets,
            title=f"{name}: reference card",
            subject=subject,
        ),
        *calibration_sheet(sheets, subject=subject),
    ]
    return with_print_guide(
        plans, title=name, subject=subject, paper=paper, needs=(game.dice_text,)
    )
