"""Rule documents printed: placeholders filled, blocks flowed in columns, our choices footnoted.

The one way a game prints its rules. It reads a :class:`~pnpkit.load.rule_blocks.RuleDocument`
(``load.rule_blocks``), fills every placeholder from the game's values
(:mod:`pnpkit.render.rule_text`: a misspelt placeholder is a DataError at its block, never a
blank), turns the built-in blocks into :mod:`pnpkit.layout.flow` blocks and hands the game's
own kinds (tables, pictures) to the game, then flows them on pages with a running head, page
numbers and, when anything printed carries :data:`~pnpkit.model.ours.MARK`, the one footnote
:data:`~pnpkit.model.ours.NOTE`::

    document = load_rule_documents(path, ["rules"])["rules"]
    plan = rules_plan("rules.pdf", document, context, paper=paper, subject=subject)
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from pnpkit.errors import BuildError, DataError, Location, Problem
from pnpkit.layout.document import Document
from pnpkit.layout.flow import (
    Block,
    Break,
    Cell,
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
from pnpkit.load.rule_blocks import BUILT_IN, MAX_PAGES, RawBlock, RuleDocument
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render import fonts
from pnpkit.render.rule_text import and_list as and_list
from pnpkit.render.rule_text import document_problems as document_problems
from pnpkit.render.rule_text import document_title as document_title
from pnpkit.render.rule_text import render_text as render_text

RULES_STYLE = FlowStyle(body=9.0, leading=11.1)
"""Two columns of 9 pt: a rulebook."""

SpecialBlock = Callable[[RawBlock], Block]
"""Turns one of the game's own blocks (a table, a picture) into a flow block."""


def text_block(raw: RawBlock, context: Mapping[str, Any]) -> Block:
    """A built-in block (heading, paragraph, list, break) with its placeholders filled."""
    if raw.kind == "break":
        return Break("page" if raw.texts[0] == "page" else "column")
    if raw.kind not in BUILT_IN:
        raise ValueError(f"{raw.kind!r} is not a built-in block")
    texts = tuple(render_text(t, context, raw.where, raw.kind) for t in raw.texts)
    if raw.kind in ("h", "h2"):
        return Heading(texts[0], 1 if raw.kind == "h" else 2)
    if raw.kind == "p":
        return Para(texts[0])
    return Items(texts, numbered=raw.kind == "steps")


def flow_blocks(
    document: RuleDocument, context: Mapping[str, Any], special: SpecialBlock | None = None
) -> list[Block]:
    """The document's blocks with every placeholder filled; the game's own kinds go to
    ``special``."""
    blocks: list[Block] = []
    for raw in document.blocks:
        if raw.kind in BUILT_IN or raw.kind == "break":
            blocks.append(text_block(raw, context))
        elif special is not None:
            blocks.append(special(raw))
        else:
            raise DataError([Problem(raw.where, raw.kind, "this document cannot print it")])
    return blocks


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


def rules_pages(
    doc: Document,
    blocks: Sequence[Block],
    *,
    title: str,
    subtitle: str,
    paper: Paper,
    style: FlowStyle = RULES_STYLE,
    pages: int | None = None,
    filename: str = "",
    where: Location | None = None,
    field: str = "pages",
    contents_from: int = 0,
) -> int:
    """Flow ``blocks`` onto new pages of ``doc``; the footer carries :data:`NOTE` when any
    block prints :data:`MARK`. With ``pages``, raises BuildError unless the text fills exactly
    that many, at ``where`` (where ``field`` asks for them). A text of ``contents_from`` pages
    or more (never, with 0) starts with a contents list: its headings (level 1) and pages."""
    if contents_from:
        blocks = with_contents(blocks, paper, style, title, subtitle, contents_from)
    note = NOTE if any(MARK in text for text in block_texts(blocks)) else ""
    place = where or Location(filename)
    if pages is None:
        # the running foot says "page n of N": count the pages on a scratch document first
        scratch = Document(io.BytesIO(), paper, title=title)
        counted = flow(
            scratch, paper, blocks, style, decorator(paper, title, subtitle, 0), most=MAX_PAGES
        )
        if counted.overflow:
            raise BuildError(
                str(
                    Problem(
                        place,
                        "",
                        f"the rule text of {filename} fills more than {MAX_PAGES} pages on "
                        f"{paper.name}: shorten it",
                        f"at most {MAX_PAGES} pages",
                    )
                )
            )
        decorate = decorator(paper, title, subtitle, counted.pages, note)
        return flow(doc, paper, blocks, style, decorate).pages
    decorate = decorator(paper, title, subtitle, pages, note)
    result = flow(doc, paper, blocks, style, decorate, most=pages)  # no page past those asked
    if result.overflow or result.pages != pages:
        filled = f"more than {pages}" if result.overflow else f"{result.pages}"
        advice = (
            f"shorten it, or ask for more (at most {MAX_PAGES})"
            if result.overflow
            else f"shorten or lengthen it, or ask for {filled}"
        )
        problem = Problem(
            place,
            field,
            f"the rule text of {filename} fills {filled} pages on {paper.name}, not {pages}: "
            f"{advice}",
        )
        raise BuildError(str(problem))
    return result.pages


def rules_plan(
    filename: str,
    document: RuleDocument,
    context: Mapping[str, Any],
    *,
    paper: Paper,
    subject: str,
    special: SpecialBlock | None = None,
    style: FlowStyle = RULES_STYLE,
    contents_from: int = 0,
) -> DocumentPlan:
    """The plan of one rule document: placeholders filled now (a bad one is a DataError before
    anything is drawn), flowed in ``style`` when the plan is written (after a contents list
    when it fills ``contents_from`` pages or more: :func:`with_contents`)."""
    title, subtitle = document_title(document, context)
    blocks = flow_blocks(document, context, special)

    def pages(doc: Document) -> int:
        return rules_pages(
            doc,
            blocks,
            title=title,
            subtitle=subtitle,
            paper=paper,
            style=style,
            pages=document.pages,
            filename=filename,
            where=document.pages_where,
            field=document.pages_field,
            contents_from=contents_from,
        )

    return DocumentPlan(filename, title, subject, pages)


CONTENTS = "Contents"
CONTENTS_TRIES = 3
"""How many times a contents list is set before its page numbers are taken as they fall (each
try sets the text with the numbers the last one found; they settle after one, almost always)."""


def with_contents(
    blocks: Sequence[Block],
    paper: Paper,
    style: FlowStyle,
    title: str,
    subtitle: str,
    least: int = 1,
) -> list[Block]:
    """``blocks`` after a contents list, when they fill ``least`` pages or more: each heading of
    level 1 and the page it falls on, found by setting the text (with the list) on a scratch
    document until the pages settle."""
    marked: list[Block] = [
        replace(block, mark=f"h{index}")
        if isinstance(block, Heading) and block.level == 1
        else block
        for index, block in enumerate(blocks)
    ]
    headings = [block for block in marked if isinstance(block, Heading) and block.mark]

    def listed(pages: Mapping[str, int]) -> list[Block]:
        rows = [(Cell(CONTENTS), Cell("page"))]
        rows += [(Cell(h.text), Cell(str(pages.get(h.mark, "")))) for h in headings]
        return [Grid(tuple(rows), widths=(5.0, 1.0)), *marked]

    def marks(blocks: Sequence[Block]) -> tuple[int, dict[str, int]]:
        scratch = Document(io.BytesIO(), paper, title=title)
        decorate = decorator(paper, title, subtitle, 0)
        result = flow(scratch, paper, blocks, style, decorate, most=MAX_PAGES)
        return result.pages, result.marks

    pages, found = marks(marked)
    if pages < least or not headings:
        return list(blocks)
    found = {}
    for _ in range(CONTENTS_TRIES):
        tried = marks(listed(found))[1]
        if tried == found:
            break
        found = tried
    return listed(found)


def decorator(paper: Paper, title: str, subtitle: str, pages: int, note: str = "") -> Any:
    """The running head (title, subtitle, a rule) and foot (page n of N, the footnote)."""

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
