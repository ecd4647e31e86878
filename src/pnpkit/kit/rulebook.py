"""The rulebook and the rules card: rule text + generated tables, flowed in two columns."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pnpkit.errors import BuildError
from pnpkit.kit.context import rule_context
from pnpkit.kit.rules import RuleDocument, RuleText, render_text
from pnpkit.kit.tables import table_block
from pnpkit.layout import fonts
from pnpkit.layout.atomic import atomic_write
from pnpkit.layout.document import Document
from pnpkit.layout.flow import Block, Break, FlowStyle, Heading, Items, Para, flow
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.model import Chart, FleetGame

RULEBOOK_STYLE = FlowStyle()
CARD_STYLE = FlowStyle(body=10.0, leading=12.4, h1=13.0, h2=11.0, columns=1)


def blocks_for(
    document: RuleDocument, game: FleetGame, charts: Mapping[str, Chart], context: Mapping[str, Any]
) -> list[Block]:
    """The document's blocks with every placeholder filled and every table generated."""
    blocks: list[Block] = []
    for raw in document.blocks:
        if raw.kind == "table":
            blocks.append(table_block(raw.texts[0], game, charts))
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


def write_rule_document(
    path: Path,
    document: RuleDocument,
    *,
    game: FleetGame,
    charts: Mapping[str, Chart],
    rules: RuleText,
    paper: Paper,
    style: FlowStyle,
    subject: str,
) -> int:
    """Write one flowing rule document; raises BuildError unless it fills exactly
    ``document.pages`` pages. Returns the page count."""
    context = rule_context(game, charts, rules)
    title = render_text(
        document.title,
        context,
        document.blocks[0].where if document.blocks else _nowhere(rules),
        "title",
    )
    subtitle = (
        render_text(document.subtitle, context, _nowhere(rules), "subtitle")
        if document.subtitle
        else ""
    )
    blocks = blocks_for(document, game, charts, context)
    with atomic_write(path) as out:
        doc = Document(out, title=title, subject=subject)
        result = flow(doc, paper, blocks, style, _decorator(paper, title, subtitle, document.pages))
        doc.save()
    if result.pages != document.pages:
        path.unlink(missing_ok=True)
        raise BuildError(
            f"{path.name}: the rule text fills {result.pages} pages on {paper.name}, "
            f"but {rules.source} asks for {document.pages}; shorten or lengthen it"
        )
    return result.pages


def _nowhere(rules: RuleText) -> Any:
    from pnpkit.errors import Location

    return Location(rules.source)


def _decorator(paper: Paper, title: str, subtitle: str, pages: int) -> Any:
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
        canvas.restoreState()

    return decorate
