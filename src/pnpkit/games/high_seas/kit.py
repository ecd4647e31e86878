"""The High Seas kit (a game by Nicholas Wolff): crew cards, board, tokens, reference card.

``output/high-seas/``:

- ``print-this-kit.pdf`` — how to print each file, on one page (:mod:`pnpkit.layout.print_guide`);
- ``crew-cards.pdf`` — the crew deck, fronts and a common back (duplex, long-edge flip);
- ``board.pdf`` — the two ships at 1:1, tiled over sheets with an assembly page;
- ``tokens.pdf`` — cannons (one per staging area) and heart pieces, fronts and backs;
- ``reference-card.pdf`` — crew cycle, round, cannons, scoring, what the rules leave open
  (with our ruling); credit to Nicholas Wolff;
- ``examples.pdf`` — the rules' worked examples as diagrams (``rules.yaml``), each captioned
  from the data;
- ``duplex-calibration.pdf`` — the test print that gives the back offset.

Every count comes from ``data/high-seas/game.yaml`` through the model; the engine's checks run
before anything is drawn, and every PDF is read back and verified after it is written. The
faces are laid out once, by :func:`pnpkit.games.high_seas.faces.faces` (which ``check`` runs).
"""

from __future__ import annotations

from pnpkit.games.high_seas.board import HighSeasBoard
from pnpkit.games.high_seas.diagram import ExampleDiagram
from pnpkit.games.high_seas.faces import (
    ExampleWords,
    HighSeasFaces,
    cannon_label,
    open_questions,
    rule_context,
)
from pnpkit.games.high_seas.model import HighSeasGame
from pnpkit.layout.cards import calibration_sheet, card_sheets, counter_sheets, round_pieces
from pnpkit.layout.flow import Block, FlowStyle, Items, Picture
from pnpkit.layout.paper import Paper
from pnpkit.layout.plan import DocumentPlan, with_colors
from pnpkit.layout.print_guide import with_print_guide
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.layout.rules import rules_plan
from pnpkit.layout.tiled_pdf import ASSEMBLE, write_tiled
from pnpkit.layout.tiling import tile
from pnpkit.model.rule_document import RawBlock
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


def documents(
    game: HighSeasGame, laid: HighSeasFaces, settings: PrintSettings
) -> list[DocumentPlan]:
    """Build every High Seas document into ``out_dir`` (the game's own folder)."""
    paper, sheets = settings.paper, settings.imposition
    subject = game.credit
    name = game.title

    drawing = HighSeasBoard(game, laid.board)
    board = tile(drawing, paper, title=f"{name} board", subtitle=f"a game by {game.author}")
    plans = [
        card_sheets(
            "crew-cards.pdf",
            laid.crew,
            sheets,
            title=f"{name}: crew cards",
            subject=subject,
        ),
        with_colors(
            DocumentPlan(
                "board.pdf",
                f"{name}: board",
                subject,
                lambda doc: write_tiled(board, doc),
                ASSEMBLE,
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
        *examples_plan(game, laid.examples, paper, subject),
        *calibration_sheet(sheets, subject=subject),
    ]
    return with_print_guide(plans, title=name, subject=subject, paper=paper, needs=())


EXAMPLES_STYLE = FlowStyle(body=10.0, leading=12.6, h1=13.0, h2=11.0, columns=1)
"""One column, so each diagram prints at 1:1 across the page's text width."""


def examples_plan(
    game: HighSeasGame,
    words: ExampleWords,
    paper: Paper,
    subject: str,
) -> list[DocumentPlan]:
    """``examples.pdf``: ``rules.yaml``'s ``examples`` with each ``picture: <key>`` drawn as
    that example's diagram and captioned from the data, and ``questions: open`` listing the
    open questions with our rulings (no document without ``rules.yaml``)."""
    document = game.examples_document
    if document is None:
        return []

    def picture(raw: RawBlock) -> Block:
        if raw.kind == "questions":
            return Items(tuple(open_questions(game)))
        key = raw.texts[0]
        sizes, told = words[key]
        return Picture(ExampleDiagram(game, game.example(key), sizes), 1.0, told)

    return [
        rules_plan(
            "examples.pdf",
            document,
            rule_context(game),
            paper=paper,
            subject=subject,
            special=picture,
            style=EXAMPLES_STYLE,
        )
    ]
