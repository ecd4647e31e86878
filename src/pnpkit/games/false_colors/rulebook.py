"""The rulebook and the rules card: rule text + generated tables, flowed in two columns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pnpkit.errors import BuildError, DataError, Location
from pnpkit.games.false_colors.charts import chart_drawing
from pnpkit.games.false_colors.context import ours_seatings, rule_context
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.rule_text import (
    TOKEN_PICTURE,
    RuleDocument,
    RuleText,
    document_place,
    phrasebook,
    picture_problem,
    render_text,
)
from pnpkit.games.false_colors.tables import table_block
from pnpkit.games.false_colors.tokens import TentToken
from pnpkit.layout.document import Document
from pnpkit.layout.flow import (
    Block,
    Break,
    FlowStyle,
    Grid,
    Heading,
    Items,
    Para,
    Picture,
    Pictures,
    flow,
)
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model import Chart
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render import fonts

RULEBOOK_STYLE = FlowStyle(body=9.0, leading=11.1)
CARD_STYLE = FlowStyle(body=10.0, leading=12.4, h1=13.0, h2=11.0, columns=1, table_size=9.0)


def blocks_for(
    document: RuleDocument,
    game: FleetGame,
    charts: Mapping[str, Chart],
    context: Mapping[str, Any],
    rules: RuleText,
) -> list[Block]:
    """The document's blocks with every placeholder filled and every table generated."""
    blocks: list[Block] = []
    say = phrasebook(rules, context)
    ours = ours_seatings(charts, rules)
    for raw in document.blocks:
        if raw.kind == "table":
            blocks.append(table_block(raw.texts[0], game, charts, say, ours))
        elif raw.kind == "picture":
            blocks.append(picture_block(raw.texts[0], raw.where, game, charts))
        elif raw.kind == "break":
            blocks.append(Break("page" if raw.texts[0] == "page" else "column"))
        else:
            texts = tuple(render_text(t, context, raw.where, raw.kind) for t in raw.texts)
            if raw.kind in ("h", "h2"):
                blocks.append(Heading(texts[0], 1 if raw.kind == "h" else 2))
            elif raw.kind == "p":
                blocks.append(Para(texts[0]))
            else:
                blocks.append(Items(texts, numbered=raw.kind == "steps"))
    return blocks


def picture_block(
    name: str, where: Location, game: FleetGame, charts: Mapping[str, Chart]
) -> Block:
    """``picture: square`` (any chart by name): the chart, small; ``picture: token``: one ship
    token of each fleet before folding, scaled to the column."""
    if name in charts:
        chart = charts[name]
        parts = ["anchorages tinted per seat"]
        if any(seat.wings for seat in chart.seats):
            parts.append("wings hatched")
        parts += [
            "harbors (anchors)",
            "islands",
            "the Capital (stars)",
            "the storm's rings (dashed)",
        ]
        caption = f"{chart.title}, {chart.size_text}: {', '.join(parts[:-1])} and {parts[-1]}."
        return Picture(chart_drawing(chart, game, detail=False), 1.0, caption)
    if name == TOKEN_PICTURE and game.fleets:
        ship = next((s for s in game.roster if s.rating is not None), game.roster[0])
        pictures = tuple(Picture(TentToken(ship, fleet), 1.0, fleet.name) for fleet in game.fleets)
        return Pictures(pictures)
    problem = picture_problem(name, where, charts)
    raise DataError([problem] if problem is not None else [])


def rule_document(
    filename: str,
    document: RuleDocument,
    *,
    game: FleetGame,
    charts: Mapping[str, Chart],
    rules: RuleText,
    paper: Paper,
    style: FlowStyle,
    subject: str,
) -> DocumentPlan:
    """One flowing rule document; drawing it raises BuildError unless it fills exactly
    ``document.pages`` pages."""
    context = rule_context(game, charts, rules)
    title = render_text(document.title, context, _place(rules, document, "title"), "title")
    subtitle = (
        render_text(document.subtitle, context, _place(rules, document, "subtitle"), "subtitle")
        if document.subtitle
        else ""
    )
    blocks = blocks_for(document, game, charts, context, rules)
    note = NOTE if any(MARK in text for text in block_texts(blocks)) else ""

    def pages(doc: Document) -> int:
        decorate = _decorator(paper, title, subtitle, document.pages, note)
        result = flow(doc, paper, blocks, style, decorate)
        if result.pages != document.pages:
            raise BuildError(
                f"{filename}: the rule text fills {result.pages} pages on {paper.name}, "
                f"but {rules.source} asks for {document.pages}; shorten or lengthen it"
            )
        return result.pages

    return DocumentPlan(filename, title, subject, pages)


_place = document_place


def block_texts(blocks: Sequence[Block]) -> list[str]:
    """Every word the blocks print: headings, paragraphs, list items, table cells, captions."""
    texts: list[str] = []
    for block in blocks:
        if isinstance(block, (Heading, Para)):
            texts.append(block.text)
        elif isinstance(block, Items):
            texts += block.items
        elif isinstance(block, Grid):
            texts += [cell.text for row in block.rows for cell in row]
        elif isinstance(block, Picture):
            texts.append(block.caption)
        elif isinstance(block, Pictures):
            texts += [picture.caption for picture in block.pictures]
    return texts


def _decorator(paper: Paper, title: str, subtitle: str, pages: int, note: str = "") -> Any:
    def decorate(canvas: Any, page: int) -> None:
        canvas.saveState()
        top = paper.height - MARGIN
        canvas.setFillColorRGB(0.12, 0.31, 0.47)
        canvas.setFont(fonts.BOLD, 15.0)
        canvas.drawString(MARGIN, top - 14.0, title)
        if subtitle:
            canvas.setFont(fonts.ITALIC, 8.5)
            canvas.setFillColorRGB(0.3, 0.3, 0.3)
            canvas.drawRightString(paper.width - MARGIN, top - 13.0, subtitle)
        canvas.setStrokeColorRGB(0.12, 0.31, 0.47)
        canvas.setLineWidth(0.8)
        canvas.line(MARGIN + 1.0, top - 19.0, paper.width - MARGIN - 1.0, top - 19.0)
        canvas.setFont(fonts.REGULAR, 7.5)
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
        canvas.drawCentredString(paper.width / 2, MARGIN + 2.0, f"page {page} of {pages}")
        if note:
            canvas.setFont(fonts.ITALIC, 7.5)
            canvas.drawString(MARGIN + 1.5, MARGIN + 2.0, note)
        canvas.restoreState()

    return decorate
