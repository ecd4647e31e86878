"""The High Seas kit (a game by Nicholas Wolff): crew cards, board, tokens, reference card.

``output/high-seas/``:

- ``crew-cards.pdf`` — the crew deck, fronts and a common back (duplex, long-edge flip);
- ``board.pdf`` — the two ships at 1:1, tiled over sheets with an assembly page;
- ``tokens.pdf`` — cannons (one per staging area) and heart pieces, fronts and backs;
- ``reference-card.pdf`` — crew cycle, round, cannons, scoring; credit to Nicholas Wolff;
- ``duplex-calibration.pdf`` — the test print that gives the back offset.

Every count comes from ``data/high-seas/game.yaml`` through the model; the engine's checks run
before anything is drawn, and every PDF is read back and verified after it is written. The
faces are laid out once, by :func:`pnpkit.games.high_seas.faces.faces` (which ``check`` runs).
"""

from __future__ import annotations

from pnpkit.build.options import BuildOptions
from pnpkit.games.high_seas.board import HighSeasBoard
from pnpkit.games.high_seas.faces import HighSeasFaces, cannon_label
from pnpkit.games.high_seas.model import HighSeasGame
from pnpkit.layout.cards import calibration_sheet, card_sheets, counter_sheets, round_pieces
from pnpkit.layout.plan import DocumentPlan, with_colors
from pnpkit.layout.tiled_pdf import write_tiled
from pnpkit.layout.tiling import tile
from pnpkit.render.colour import hex_rgb
from pnpkit.verify.promises import ColorMember

GAME = "high-seas"


def cannon_colors(game: HighSeasGame) -> list[ColorMember]:
    """The ships' colours on their cannon tokens, each with the ship's pattern and the first
    word of its name, both drawn on every cannon (the colours are 42 grayscale levels apart)."""
    return [
        ColorMember(
            ship.name,
            hex_rgb(ship.colour),
            (("pattern", ship.pattern), ("label", cannon_label(ship))),
        )
        for ship in game.ships
    ]


def documents(game: HighSeasGame, laid: HighSeasFaces, options: BuildOptions) -> list[DocumentPlan]:
    """Build every High Seas document into ``out_dir`` (the game's own folder)."""
    paper, sheets = options.paper, options.imposition
    subject = game.credit
    name = game.title

    drawing = HighSeasBoard(game, laid.board)
    board = tile(drawing, paper, title=f"{name} board", subtitle=f"a game by {game.author}")
    return [
        card_sheets(
            "crew-cards.pdf",
            laid.crew,
            sheets,
            title=f"{name}: crew cards",
            subject=subject,
        ),
        with_colors(
            DocumentPlan(
                "board.pdf", f"{name}: board", subject, lambda doc: write_tiled(board, doc)
            ),
            what="ships",
            members=drawing.ship_colors(),
        ),
        with_colors(
            counter_sheets(
                "tokens.pdf",
                laid.tokens,
                sheets,
                title=f"{name}: tokens",
                subject=subject,
                label=f"{name}, a game by {game.author}: tokens",
                round_pieces=round_pieces(laid.pieces),
            ),
            what="ships",
            members=cannon_colors(game),
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
