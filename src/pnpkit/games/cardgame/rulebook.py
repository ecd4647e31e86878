"""A designer's rulebook (``rulebook.pdf``) and rules card (``rules-card.pdf``): the rule text
``rules:`` names (:mod:`pnpkit.games.cardgame.rule_text`), printed by the shared
:mod:`pnpkit.layout.rules` as the bundled games' rules are (two columns, a running head, page
numbers, the our-choice footnote), with the blocks generated from the game's data: a deck's
card list, the components with their counts, a written table and a picture of ``assets/``.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnpkit.errors import BuildError, Location, Problem
from pnpkit.games.cardgame.model import CardGame, GenericDeck
from pnpkit.games.cardgame.rule_text import (
    card_values,
    picture_name,
    rule_context,
    written_rows,
)
from pnpkit.layout.cards import impose_cards
from pnpkit.layout.duplex import Duplex
from pnpkit.layout.flow import (
    ACCENT,
    ICON_WIDTH,
    Block,
    Cell,
    FlowStyle,
    Grid,
    Picture,
    column_width,
    fill_frame,
    flowables,
    register_icons,
)
from pnpkit.layout.plan import DocumentPlan, Printing
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.layout.rules import (
    RULES_STYLE,
    block_texts,
    document_title,
    flow_blocks,
    render_text,
    rules_plan,
)
from pnpkit.load.assets import find_asset
from pnpkit.load.fields import in_unit
from pnpkit.load.markup import game_icons, icon_names, plain
from pnpkit.model.ours import MARK, NOTE
from pnpkit.model.rule_document import RawBlock, RuleDocument
from pnpkit.render import fonts

BOOK_FILE = "rulebook.pdf"
CARD_FILE = "rules-card.pdf"
CARD_STYLE = FlowStyle(
    body=7.5, leading=9.0, h1=9.0, h2=8.0, columns=1, table_size=6.5, header=0.0, footer=0.0
)
"""The rules card: one column of small type on a card of the game's size."""
CARD_PRINTING = Printing(Duplex.NONE, card=True, then="Cut out the rules cards on the cut lines.")
"""How the rules card prints: one side, on card stock, cut as cards are."""
PADDING = 9.0
"""The room between a rules card's edge and its text, in points."""
CARD_HEAD = 14.0
"""The height of a rules card's title band."""
MOST_CARDS = 16
"""The most cards a rules card's text may fill."""
CONTENTS_FROM = 4
"""A rulebook of this many pages or more starts with a contents list."""
TABLE_SIZE = 8.0
DPI = 150.0
"""A PNG or JPEG is printed at most this many pixels to the inch (smaller to fit a column)."""
TURNED = (5, 6, 7, 8)
"""The EXIF orientations of a picture stored on its side (printed turned a quarter)."""
CELL_PADDING = 6.0
"""A table cell's padding either side (2.5 pt each, in :mod:`pnpkit.layout.flow`) and a hair."""


def rule_plans(game: CardGame, settings: PrintSettings) -> list[DocumentPlan]:
    """The rulebook and the rules card the game's data asks for (none without ``rules``)."""
    if game.rulebook is None and game.rules_card is None:
        return []
    context = rule_context(game)
    game_dir = Path(game.folder)
    icons = inline_icons(game_dir)

    def special(raw: RawBlock) -> Block:  # the rulebook's
        return special_block(raw, game, game_dir, context, book_width)

    def card_special(raw: RawBlock) -> Block:  # the rules card's
        return special_block(raw, game, game_dir, context, card_width, CARD_STYLE.table_size)

    book_width = column_width(settings.paper, RULES_STYLE)
    card_width = game.card_size.width - 2 * PADDING

    plans = []
    if game.rulebook is not None:
        plans.append(
            rules_plan(
                BOOK_FILE,
                game.rulebook,
                context,
                paper=settings.paper,
                subject=game.title,
                special=special,
                style=replace(RULES_STYLE, icons=icons),
                contents_from=CONTENTS_FROM,
            )
        )
    card = game.rules_card
    if card is not None:
        title, _ = document_title(card, context)
        blocks = flow_blocks(card, context, card_special)
        style = replace(CARD_STYLE, icons=icons)
        marked = any(MARK in text for text in (title, *block_texts(blocks)))
        label = f"{game.title}: rules card" + (f" ({NOTE})" if marked else "")
        plans.append(
            DocumentPlan(
                CARD_FILE,
                title,
                game.title,
                lambda doc: impose_cards(
                    doc,
                    [(face, None) for face in rules_cards(game, card, title, blocks, style)],
                    settings.imposition,
                    label=label,
                ),
                CARD_PRINTING,
            )
        )
    return plans


@dataclass(frozen=True, slots=True)
class RulesCard:
    """One card of the rules card: its title and, below it, the share of the text that falls
    on card ``number`` of ``of`` when the text is set card after card."""

    width: float
    height: float
    title: str
    blocks: tuple[Block, ...]
    style: FlowStyle
    number: int = 1
    of: int = 1

    def draw(self, canvas: Any) -> None:
        canvas.saveState()
        canvas.setFillColor(ACCENT)
        canvas.setFont(fonts.BOLD, 9.0)
        title = self.title if self.of == 1 else f"{self.title} ({self.number} of {self.of})"
        canvas.drawString(PADDING, self.height - PADDING - 8.0, title)
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(0.6)
        rule = self.height - PADDING - CARD_HEAD + 2.0
        canvas.line(PADDING, rule, self.width - PADDING, rule)
        canvas.restoreState()
        story = _story(self.blocks, self.style, self.width)
        scratch = _scratch(self.width, self.height, self.style)
        for _ in range(self.number - 1):  # the cards before this one, set and thrown away
            fill_frame(_card_frame(self.width, self.height), story, scratch)
        register_icons(canvas, self.style)
        fill_frame(_card_frame(self.width, self.height), story, canvas)


def _story(blocks: Sequence[Block], style: FlowStyle, width: float) -> list[Any]:
    # a hair narrower than the frame: a table's widths, summed, may pass the frame's by 1e-14
    return flowables(blocks, style, width - 2 * PADDING - 0.01)


def _scratch(width: float, height: float, style: FlowStyle) -> Any:
    """A canvas to set text on and throw away (to find where each card's share starts)."""
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(io.BytesIO(), pagesize=(width, height))
    register_icons(canvas, style)
    return canvas


def _card_frame(width: float, height: float) -> Any:
    from reportlab.platypus import Frame

    return Frame(
        PADDING,
        PADDING,
        width - 2 * PADDING,
        height - 2 * PADDING - CARD_HEAD,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        showBoundary=0,
    )


def rules_cards(
    game: CardGame, document: RuleDocument, title: str, blocks: list[Block], style: FlowStyle
) -> list[RulesCard]:
    """The rules card's text set on cards of the game's size, as many as it fills (at most
    :data:`MOST_CARDS`, or exactly the document's ``pages``: else a BuildError at ``pages``)."""
    size = game.card_size
    story = _story(blocks, style, size.width)
    scratch = _scratch(size.width, size.height, style)
    count = 0
    most = document.pages or MOST_CARDS
    while story and count < most:
        frame = _card_frame(size.width, size.height)
        fill_frame(frame, story, scratch)
        if frame._atTop and story:  # nothing went onto an empty card
            raise _card_error(document, f"a block of {CARD_FILE} is too tall for a card")
        count += 1
    if story or (document.pages is not None and count != document.pages):
        filled = f"more than {most}" if story else str(count)
        raise _card_error(
            document,
            f"the rule text of {CARD_FILE} fills {filled} cards of {in_unit(size.width, 'in')} × "
            f"{in_unit(size.height, 'in')}"
            + (f", not {document.pages}" if document.pages is not None else "")
            + ": shorten it"
            + (" or ask for as many" if document.pages is not None else ""),
        )
    return [
        RulesCard(size.width, size.height, title, tuple(blocks), style, number, count)
        for number, _ in enumerate(range(count), 1)
    ]


def _card_error(document: RuleDocument, message: str) -> BuildError:
    where = document.pages_where or document.where or Location(CARD_FILE)
    return BuildError(
        str(Problem(where, document.pages_field if document.pages_where else "", message))
    )


def special_block(
    raw: RawBlock,
    game: CardGame,
    game_dir: Path,
    context: dict[str, Any],
    width: float,
    size: float | None = None,
) -> Block:
    """A generated block: a deck's card list, the components, a written table, a picture
    (for a column ``width`` wide whose tables are set at ``size``, or their own)."""
    if raw.kind == "cards":
        deck = next(deck for deck in game.decks if deck.key == raw.texts[0])
        return card_list(deck, width, size or TABLE_SIZE)
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


def card_list(deck: GenericDeck, width: float, size: float = TABLE_SIZE) -> Grid:
    """Every card of ``deck``: its name, and its kind, value, number fields, text and copies
    where any card of the deck has one, in a table ``width`` wide set at ``size``: each short
    column as wide as its widest word, the name up to a quarter of the width, the text the
    rest."""
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
    fonts.register()
    natural = [
        max(
            stringWidth(plain(row[i].text), fonts.BOLD if r == 0 else fonts.REGULAR, size)
            for r, row in enumerate(rows)
        )
        + CELL_PADDING
        for i in range(len(columns))
    ]
    widths = [
        min(wide, width / 4) if column in ("name", "text") else wide
        for column, wide in zip(columns, natural, strict=True)
    ]
    if "text" in columns:  # the text takes what the others leave
        rest = width - sum(w for c, w in zip(columns, widths, strict=True) if c != "text")
        widths[columns.index("text")] = max(rest, width / 4)
    return Grid(tuple(rows), widths=tuple(widths), size=size)


def components(game: CardGame) -> Grid:
    """What the kit holds and how many of each: every deck's cards (copies counted), every
    board and every token set's tokens (copies counted)."""
    rows = [(Cell("Component"), Cell("Count"))]
    for deck in game.decks:
        count = sum(card.copies for card in deck.cards)
        rows.append((Cell(f"{deck.title} cards"), Cell(str(count))))
    rows += [(Cell(f"{board.title} board"), Cell("1")) for board in game.boards]
    for tokens in game.tokens:
        count = sum(token.copies for token in tokens.tokens)
        rows.append((Cell(f"{tokens.title} tokens"), Cell(str(count))))
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
