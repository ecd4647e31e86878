"""A designer's rulebook (``rulebook.pdf``) and rules card (``rules-card.pdf``): the rule text
``rules:`` names (:mod:`pnpkit.games.cardgame.rule_text`), printed by the shared
:mod:`pnpkit.layout.rules` as the bundled games' rules are (two columns, a running head, page
numbers, the our-choice footnote), with the blocks generated from the game's data: a deck's
card list, the components with their counts, a written table and a picture of ``assets/``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pnpkit.games.cardgame.model import CardGame, GenericDeck
from pnpkit.games.cardgame.rule_text import (
    card_values,
    picture_name,
    rule_context,
    written_rows,
)
from pnpkit.layout.flow import ICON_WIDTH, Block, Cell, FlowStyle, Grid, Picture
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.layout.rules import RULES_STYLE, render_text, rules_plan
from pnpkit.load.assets import find_asset
from pnpkit.load.markup import game_icons, icon_names
from pnpkit.model.rule_document import RawBlock, RuleDocument
from pnpkit.render import fonts

BOOK_FILE = "rulebook.pdf"
CARD_FILE = "rules-card.pdf"
CARD_STYLE = FlowStyle(body=10.0, leading=12.4, h1=13.0, h2=11.0, columns=1, table_size=9.0)
"""The rules card: one column of larger type (as False Colors' card)."""
TABLE_SIZE = 8.0
DPI = 150.0
"""A PNG or JPEG is printed at most this many pixels to the inch (smaller to fit a column)."""
TURNED = (5, 6, 7, 8)
"""The EXIF orientations of a picture stored on its side (printed turned a quarter)."""
WIDTHS = {"name": 1.2, "kind": 0.8, "value": 0.8, "text": 2.6, "copies": 0.8}
"""The share of a card list's width each column takes (a number field: as ``value``)."""


def rule_plans(game: CardGame, settings: PrintSettings) -> list[DocumentPlan]:
    """The rulebook and the rules card the game's data asks for (none without ``rules``)."""
    if game.rulebook is None and game.rules_card is None:
        return []
    context = rule_context(game)
    game_dir = Path(game.folder)
    icons = inline_icons(game_dir)
    plans = []
    for filename, document, style in (
        (BOOK_FILE, game.rulebook, replace(RULES_STYLE, icons=icons)),
        (CARD_FILE, game.rules_card, replace(CARD_STYLE, icons=icons)),
    ):
        if document is not None:
            plans.append(_plan(filename, document, game, game_dir, context, settings, style))
    return plans


def _plan(
    filename: str,
    document: RuleDocument,
    game: CardGame,
    game_dir: Path,
    context: dict[str, Any],
    settings: PrintSettings,
    style: FlowStyle,
) -> DocumentPlan:
    def special(raw: RawBlock) -> Block:
        return special_block(raw, game, game_dir, context)

    return rules_plan(
        filename,
        document,
        context,
        paper=settings.paper,
        subject=game.title,
        special=special,
        style=style,
    )


def special_block(raw: RawBlock, game: CardGame, game_dir: Path, context: dict[str, Any]) -> Block:
    """A generated block: a deck's card list, the components, a written table, a picture."""
    if raw.kind == "cards":
        deck = next(deck for deck in game.decks if deck.key == raw.texts[0])
        return card_list(deck)
    if raw.kind == "table":
        return components(game)
    if raw.kind == "image":
        caption = raw.texts[1] if len(raw.texts) > 1 else ""
        filled = render_text(caption, context, raw.where, "image") if caption else ""
        return Picture(picture(game_dir, raw.texts[0]), 1.0, filled)
    rows = [
        tuple(Cell(render_text(cell, context, raw.where, "table")) for cell in row)
        for row in written_rows(raw.texts)
    ]
    return Grid(tuple(rows), size=TABLE_SIZE)


def card_list(deck: GenericDeck) -> Grid:
    """Every card of ``deck``: its name, and its kind, value, number fields, text and copies
    where any card of the deck has one."""
    numbers = [spec.name for spec in deck.fields if spec.type == "number"]
    columns = ["name"]
    columns += [key for key in ("kind", "value") if any(getattr(c, key) for c in deck.cards)]
    columns += numbers
    columns += ["text"] if any(card.text for card in deck.cards) else []
    columns += ["copies"] if any(card.copies > 1 for card in deck.cards) else []
    header = tuple(Cell(column.replace("_", " ").capitalize()) for column in columns)
    rows = [header]
    for card in deck.cards:
        values = card_values(card)
        rows.append(tuple(Cell(str(values[column])) for column in columns))
    widths = tuple(WIDTHS.get(column, WIDTHS["value"]) for column in columns)
    return Grid(tuple(rows), widths=widths, size=TABLE_SIZE)


def components(game: CardGame) -> Grid:
    """What the kit holds and how many of each: every deck's cards (copies counted)."""
    rows = [(Cell("Component"), Cell("Count"))]
    for deck in game.decks:
        count = sum(card.copies for card in deck.cards)
        rows.append((Cell(f"{deck.title} cards"), Cell(str(count))))
    return Grid(tuple(rows), widths=(3.0, 1.0), size=TABLE_SIZE)


INK = "#111111"
"""The colour of an inline emblem: the body text's."""
SIDE = 100.0
"""The side of the square an inline icon is drawn in before it is scaled to its text."""


@dataclass(frozen=True, slots=True)
class InlineIcon:
    """An icon drawn inline in rule text (:data:`pnpkit.layout.flow.InlineIcon`): a built-in
    emblem or an SVG file of ``assets/icons/``, placed as the card faces place it (a square of
    0.96 em centred 0.34 em above the baseline)."""

    svg: str
    """An SVG document :data:`SIDE` units square."""

    def __call__(self, canvas: Any, x: float, baseline: float, size: float) -> None:
        from reportlab.graphics import renderPDF

        from pnpkit.render.svg.drawings import converted

        drawing = converted(self.svg)
        if drawing is None:
            return
        drawing.initialFontName = fonts.REGULAR  # ReportLab starts in Helvetica, not embedded
        side = 0.96 * size
        canvas.saveState()
        canvas.translate(x + ICON_WIDTH * size / 2 - side / 2, baseline + 0.34 * size - side / 2)
        canvas.scale(side / SIDE, side / SIDE)
        renderPDF.draw(drawing, canvas, 0, 0)
        canvas.restoreState()


def inline_icons(game_dir: Path) -> tuple[tuple[str, InlineIcon], ...]:
    """Every icon rule text may show (``:anchor:``, ``:coin:`` for ``assets/icons/coin.svg``),
    each with what draws it."""
    from pnpkit.render.emblems import emblem_svg
    from pnpkit.render.faces.markup_lines import icon_group

    half = SIDE / 2
    files = game_icons(game_dir)
    found: list[tuple[str, InlineIcon]] = []
    for name in icon_names(game_dir):
        path = files.get(name)
        inner = (
            icon_group(path, 0.0, 0.0, SIDE)
            if path is not None
            else str(emblem_svg(name, half, half, half, INK, "#ffffff"))
        )
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIDE:g}" height="{SIDE:g}" '
            f'viewBox="0 0 {SIDE:g} {SIDE:g}">{inner}</svg>'
        )
        found.append((name, InlineIcon(svg)))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class AssetPicture:
    """A picture of the game's ``assets/`` as a drawable of its own size (a PNG or JPEG at
    :data:`DPI`, an SVG at its size), scaled by the flow to fit its column."""

    path: str
    digest: str
    width: float
    height: float

    def draw(self, canvas: Any) -> None:
        from pnpkit.render.faces.face import draw_picture

        draw_picture(canvas, self.path, self.digest, 0.0, 0.0, self.width, self.height)


def picture(game_dir: Path, name: str) -> AssetPicture:
    """The picture ``name`` of ``assets/`` (checked when the game was read)."""
    path = find_asset(game_dir, picture_name(name))
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if path.suffix.lower() == ".svg":
        from pnpkit.render.svg.drawings import converted_file

        drawing = converted_file(str(path))
        width, height = (drawing.width, drawing.height) if drawing is not None else (1.0, 1.0)
    else:
        from PIL import Image

        from pnpkit.render.raster_art import orientation

        with Image.open(path) as image:
            wide, high = image.size
            if orientation(image) in TURNED:  # stored on its side: printed upright
                wide, high = high, wide
        width, height = wide * 72.0 / DPI, high * 72.0 / DPI
    return AssetPicture(str(path), digest, float(width), float(height))
