"""Flowing documents (rulebook, rules card): text blocks set in columns with ReportLab platypus.

The kit turns its rule text into :class:`Block` values (headings, paragraphs, lists, tables,
pictures, breaks); this module sets them in Source Sans Pro on the pages of a
:class:`~pnpkit.layout.document.Document`, column after column, inside the 0.25 in margin, and
says how many pages it took. It never reads YAML and never decides what a rule says.

Frames are filled by hand (``Frame.add`` / ``Frame.split``) rather than by a ``DocTemplate``, so
the pages land on the Document's own canvas with its PrintScaling, metadata and promises.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, Literal

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    ActionFlowable,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from pnpkit.errors import BuildError
from pnpkit.layout.document import Document
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.render import fonts
from pnpkit.render.drawable import Drawable
from pnpkit.render.legible import at_scale

ACCENT = colors.HexColor("#1f4e79")
RULE_GREY = colors.HexColor("#9aa5b1")
SHADE = colors.HexColor("#e8eef4")


class _Paragraph(Paragraph):  # type: ignore[misc]
    """A paragraph that keeps its lines for the width it was last set at: balancing columns
    lays a page out several times at one column width, and breaking lines was most of it."""

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        kept = self.__dict__.get("_kept")
        if kept is not None and kept[0] == availWidth:
            _, self.width, self._wrapWidths, self.blPara, self.height = kept
            return self.width, self.height
        width, height = super().wrap(availWidth, availHeight)
        if self.__dict__.get("width") == availWidth:  # not ReportLab's "no room" answer
            self._kept = (availWidth, self.width, self._wrapWidths, self.blPara, self.height)
        return width, height


# -- blocks: what the kit hands over ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading: ``level`` 1 is set as a section heading, any other as a subheading."""

    text: str
    level: int = 1
    mark: str = ""
    """A name the flow notes the heading's page under (:attr:`FlowResult.marks`), for a
    contents list; empty: none."""


@dataclass(frozen=True, slots=True)
class Para:
    """A paragraph of body text."""

    text: str
    """Plain text with ``**bold**`` and ``*italic*``; everything else is escaped."""


@dataclass(frozen=True, slots=True)
class Items:
    """A list of items, bulleted or ``numbered``; each is set like a paragraph."""

    items: tuple[str, ...]
    numbered: bool = False


@dataclass(frozen=True, slots=True)
class Cell:
    """One table cell: words, or a small drawing (e.g. an outcome symbol)."""

    text: str = ""
    drawing: Drawable | None = None
    bold: bool = False
    shade: str | None = None
    """Background ``#rrggbb``."""


@dataclass(frozen=True, slots=True)
class Grid:
    """A table. ``widths`` are fractions of the column width (None: equal)."""

    rows: tuple[tuple[Cell, ...], ...]
    header_rows: int = 1
    header_columns: int = 0
    widths: tuple[float, ...] | None = None
    size: float = 8.0
    align: Literal["left", "center"] = "left"


@dataclass(frozen=True, slots=True)
class Picture:
    """A drawing scaled to fit ``width`` (a fraction of the column width), with a caption."""

    drawing: Drawable
    width: float = 1.0
    caption: str = ""


@dataclass(frozen=True, slots=True)
class Pictures:
    """Drawings side by side, each with a caption."""

    pictures: tuple[Picture, ...]


@dataclass(frozen=True, slots=True)
class Break:
    """The end of a column or of a page: the next block starts in a new one."""

    kind: Literal["column", "page"] = "page"


Block = Heading | Para | Items | Grid | Picture | Pictures | Break


InlineIcon = Callable[[Any, float, float, float], None]
"""Draws an icon inline in text: ``(canvas, x, baseline, size)``, filling the
:data:`ICON_WIDTH` × ``size`` box from ``x`` (the text's own coordinates, y up)."""
ICON_SPACES = 6
"""An inline icon takes the room of this many no-break spaces (0.2 em each in Source Sans
Pro: 1.2 em, a little more than the card faces' 1.15)."""
ICON_WIDTH = 1.2
MARK_CALLBACK = "pnpkitMark"
"""The name a marked heading notes its page by (a ReportLab ``<onDraw>`` callback)."""
ICON_CALLBACK = "pnpkitIcon"
"""The name inline icons are drawn by (a ReportLab ``<onDraw>`` callback of the canvas)."""


@dataclass(frozen=True, slots=True)
class FlowStyle:
    """Type sizes and the page grid of a flowing document."""

    body: float = 8.6
    leading: float = 10.6
    h1: float = 12.5
    h2: float = 10.0
    columns: int = 2
    gutter: float = 16.0
    header: float = 26.0
    """Height reserved at the top of every page for the running head."""
    footer: float = 14.0
    table_size: float | None = None
    """Type size for tables; None keeps each table's own."""
    balance: bool = True
    """A page whose text ends before its columns are full (at a page break or the end) sets
    its columns to equal heights instead of filling the first and leaving the last short."""
    icons: tuple[tuple[str, InlineIcon], ...] = ()
    """The icons text may show inline as ``:name:``, each drawn by its :data:`InlineIcon`
    (none: ``:name:`` is printed as written)."""


@dataclass(slots=True)
class FlowResult:
    """What :func:`flow` did: the pages it used and, per column filled, the height (points from
    the page's foot) where the column's text ended."""

    pages: int
    overflow: bool = False
    """Text was left when the flow reached the most pages it was allowed."""
    column_fill: list[float] = field(default_factory=list)
    marks: dict[str, int] = field(default_factory=dict)
    """The page each marked heading (:attr:`Heading.mark`) was set on."""


# -- markup ---------------------------------------------------------------------------------

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")
_CODE = re.compile(r"`([^`]+)`")


_ICON = re.compile(r":([a-z][a-z0-9_-]*):")


def markup(text: str, icons: Collection[str] = ()) -> str:
    """``**bold**``, ``*italic*``, ```code``` and ``:icon:`` (a name of ``icons``) →
    Paragraph markup; the rest escaped."""
    out = escape(" ".join(text.split()), quote=False)
    out = _BOLD.sub(r"<b>\1</b>", out)
    out = _ITALIC.sub(r"<i>\1</i>", out)
    out = _CODE.sub("<font name='" + fonts.SEMIBOLD + r"'>\1</font>", out)
    if icons:
        room = "&nbsp;" * ICON_SPACES
        out = _ICON.sub(
            lambda found: (
                f'<onDraw name="{ICON_CALLBACK}" label="{found.group(1)}"/>{room}'
                if found.group(1) in icons
                else found.group(0)
            ),
            out,
        )
    return out


# -- drawings as flowables ------------------------------------------------------------------


class DrawingFlowable(Flowable):  # type: ignore[misc]
    """A :class:`Drawable` scaled to ``width`` points wide (never enlarged past 1:1 × ``limit``)."""

    def __init__(self, drawing: Drawable, width: float, limit: float = 1.0) -> None:
        super().__init__()
        self.scale = min(width / drawing.width, limit)
        self.drawing = at_scale(drawing, self.scale)
        self.width = drawing.width * self.scale
        self.height = drawing.height * self.scale

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        self.drawing.draw(self.canv)
        self.canv.restoreState()


# -- styles ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Styles:
    """The paragraph styles of one flowing document, made from its :class:`FlowStyle`."""

    body: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    cell: ParagraphStyle
    cell_bold: ParagraphStyle
    caption: ParagraphStyle
    icons: frozenset[str] = frozenset()
    """The icons :func:`markup` draws inline."""


def _styles(style: FlowStyle, table_size: float = 8.0) -> _Styles:
    fonts.register()
    body = ParagraphStyle(
        "body",
        fontName=fonts.REGULAR,
        fontSize=style.body,
        leading=style.leading,
        spaceAfter=3.0,
        alignment=TA_LEFT,
        textColor=colors.HexColor("#111111"),
    )
    h1 = ParagraphStyle(
        "h1",
        parent=body,
        fontName=fonts.BOLD,
        fontSize=style.h1,
        leading=style.h1 * 1.15,
        spaceBefore=6.0,
        spaceAfter=3.0,
        textColor=ACCENT,
        keepWithNext=1,
    )
    h2 = ParagraphStyle(
        "h2",
        parent=h1,
        fontName=fonts.SEMIBOLD,
        fontSize=style.h2,
        leading=style.h2 * 1.2,
        spaceBefore=4.0,
    )
    cell = ParagraphStyle(
        "cell", parent=body, fontSize=table_size, leading=table_size * 1.18, spaceAfter=0.0
    )
    cell_bold = ParagraphStyle("cell_bold", parent=cell, fontName=fonts.BOLD)
    caption = ParagraphStyle(
        "caption",
        parent=cell,
        fontName=fonts.ITALIC,
        alignment=TA_CENTER,
        fontSize=table_size - 0.5,
    )
    icons = frozenset(name for name, _ in style.icons)
    return _Styles(body, h1, h2, cell, cell_bold, caption, icons)


# -- blocks → flowables -----------------------------------------------------------------------


def flowables(blocks: Sequence[Block], style: FlowStyle, column_width: float) -> list[Flowable]:
    """The platypus story for ``blocks`` set in columns ``column_width`` wide."""
    styles = _styles(style)
    story: list[Flowable] = []
    for block in blocks:
        if isinstance(block, Heading):
            text = markup(block.text, styles.icons)
            if block.mark:
                text = f'<onDraw name="{MARK_CALLBACK}" label="{escape(block.mark)}"/>{text}'
            story.append(_Paragraph(text, styles.h1 if block.level == 1 else styles.h2))
        elif isinstance(block, Para):
            story.append(_Paragraph(markup(block.text, styles.icons), styles.body))
        elif isinstance(block, Items):
            story.append(_list(block, styles, style))
        elif isinstance(block, Grid):
            sized = (
                block
                if style.table_size is None
                else dataclasses.replace(block, size=style.table_size)
            )
            story.append(_table(sized, column_width, style))
        elif isinstance(block, Picture):
            story.append(_picture(block, column_width * block.width, styles))
        elif isinstance(block, Pictures):
            story.append(_pictures(block, column_width, styles))
        elif block.kind == "page":
            story.append(_PageBreak())
        else:
            story.append(_ColumnBreak())
    return story


class _PageBreak(Flowable):  # type: ignore[misc]
    """Marks the end of a page; :func:`flow` acts on it."""

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        return None


class _ColumnBreak(_PageBreak):
    """Marks the end of a column."""


def _list(block: Items, styles: _Styles, style: FlowStyle) -> ListFlowable:
    entries = [
        ListItem(_Paragraph(markup(text, styles.icons), styles.body)) for text in block.items
    ]
    if block.numbered:
        return ListFlowable(
            entries,
            bulletType="1",
            bulletFontName=fonts.BOLD,
            bulletFontSize=style.body,
            bulletFormat="%s.",
            leftIndent=13.0,
            bulletColor=ACCENT,
        )
    return ListFlowable(
        entries,
        bulletType="bullet",
        start="•",
        bulletFontName=fonts.REGULAR,
        bulletFontSize=style.body,
        leftIndent=10.0,
        bulletColor=ACCENT,
    )


def _table(block: Grid, column_width: float, style: FlowStyle) -> Flowable:
    styles = _styles(style, block.size)
    count = max(len(row) for row in block.rows)
    fractions = block.widths or tuple(1.0 / count for _ in range(count))
    total = sum(fractions)
    widths = [column_width * f / total for f in fractions]
    data: list[list[Any]] = []
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
        ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
        ("TOPPADDING", (0, 0), (-1, -1), 1.6),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.0),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE_GREY),
    ]
    if block.header_rows:
        commands.append(
            ("LINEBELOW", (0, block.header_rows - 1), (-1, block.header_rows - 1), 0.9, ACCENT)
        )
    if block.header_columns:
        commands.append(
            (
                "LINEAFTER",
                (block.header_columns - 1, 0),
                (block.header_columns - 1, -1),
                0.9,
                ACCENT,
            )
        )
    for r, row in enumerate(block.rows):
        line: list[Any] = []
        for c, cell in enumerate(row):
            if cell.drawing is not None:
                line.append(DrawingFlowable(cell.drawing, widths[c] - 5.0))
                commands.append(("ALIGN", (c, r), (c, r), "CENTER"))
            else:
                bold = cell.bold or r < block.header_rows or c < block.header_columns
                paragraph_style = styles.cell_bold if bold else styles.cell
                if block.align == "center" and c >= block.header_columns:
                    paragraph_style = ParagraphStyle(
                        f"c{r}_{c}", parent=paragraph_style, alignment=TA_CENTER
                    )
                line.append(_Paragraph(markup(cell.text, styles.icons), paragraph_style))
            if cell.shade:
                commands.append(("BACKGROUND", (c, r), (c, r), colors.HexColor(cell.shade)))
        line.extend("" for _ in range(count - len(row)))
        data.append(line)
    table = Table(data, colWidths=widths, repeatRows=block.header_rows, hAlign="LEFT")
    table.setStyle(TableStyle(commands))
    table.spaceBefore = 2.0
    table.spaceAfter = 5.0
    if len(block.rows) <= KEEP_ROWS:
        return KeepTogether([table])
    return table


KEEP_ROWS = 10
"""A table of at most this many rows is never split across columns."""


def _picture(block: Picture, width: float, styles: _Styles) -> Flowable:
    parts: list[Flowable] = [DrawingFlowable(block.drawing, width)]
    if block.caption:
        parts.append(_Paragraph(markup(block.caption, styles.icons), styles.caption))
    parts.append(Spacer(1, 4.0))
    return KeepTogether(parts)


def _pictures(block: Pictures, column_width: float, styles: _Styles) -> Flowable:
    count = len(block.pictures)
    cell_width = column_width / count
    row: list[Any] = []
    for picture in block.pictures:
        inner: list[Flowable] = [
            DrawingFlowable(picture.drawing, (cell_width - 6.0) * picture.width)
        ]
        if picture.caption:
            inner.append(_Paragraph(markup(picture.caption, styles.icons), styles.caption))
        row.append(inner)
    table = Table([row], colWidths=[cell_width] * count, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 3.0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 3.0),
            ]
        )
    )
    table.spaceAfter = 4.0
    return table


# -- pages ----------------------------------------------------------------------------------

PageDecorator = Callable[[Any, int], None]
"""Draws the running head and foot of page ``n`` (1-based) on the canvas."""


def column_width(paper: Paper, style: FlowStyle) -> float:
    usable = paper.width - 2 * (MARGIN + INSET)
    return (usable - (style.columns - 1) * style.gutter) / style.columns


def flow(
    doc: Document,
    paper: Paper,
    blocks: Sequence[Block],
    style: FlowStyle,
    decorate: PageDecorator,
    most: int | None = None,
) -> FlowResult:
    """Set ``blocks`` on new pages of ``paper`` in the document; returns how many pages it used.
    The last page is left open (``doc.save()`` finishes it). With ``most``, no more pages than
    that are laid out: text left over stops the flow there, its result marked ``overflow``
    (a rule text too long for its pages is refused without laying out the rest)."""
    width = column_width(paper, style)
    story = flowables(blocks, style, width)
    canvas = doc.canvas
    register_icons(canvas, style)
    page = 1
    result = FlowResult(pages=1)
    if any(isinstance(block, Heading) and block.mark for block in blocks):
        canvas.setNamedCB(
            MARK_CALLBACK, lambda _canvas, _kind, label: result.marks.setdefault(label, page)
        )
    while True:
        doc.start_page(paper)
        decorate(canvas, page)
        frames = _frames(paper, style, width)
        if style.balance and style.columns > 1:
            frames = _balanced(story, paper, style, width) or frames
        broke_page = False
        for frame in frames:
            fill_frame(frame, story, canvas)
            result.column_fill.append(frame._y)
            if story and isinstance(story[0], _PageBreak):
                head = story.pop(0)
                if not isinstance(head, _ColumnBreak):
                    broke_page = True
                    break
        if not story:
            break
        if not broke_page and frames and all(f._atTop for f in frames):
            raise BuildError(f"a block is too tall for a page: {story[0].__class__.__name__}")
        if most is not None and page >= most:
            result.overflow = True
            break
        page += 1
    result.pages = page
    return result


def register_icons(canvas: Any, style: FlowStyle) -> None:
    """Teach ``canvas`` to draw ``style``'s inline icons: the ``<onDraw>`` callback that draws
    the icon ``label`` where the text has come to, in the room :func:`markup` left for it."""
    if not style.icons:
        return
    icons = dict(style.icons)

    def draw(canvas: Any, kind: str, label: str) -> None:
        where = canvas._curr_tx_info
        size = where["tx"]._fontsize or where["xs"].style.fontSize
        icons[label](canvas, where["cur_x"], where["cur_y"], size)

    canvas.setNamedCB(ICON_CALLBACK, draw)


INSET = 1.5
"""Frames keep this far inside the margin, so rules drawn to a frame's edge stay clear of it."""

BALANCE_STEP = 2.0
"""Balanced columns are found to within this many points."""


@contextlib.contextmanager
def _layout_only() -> Iterator[None]:
    """While trying a layout, flowables are placed but not drawn (drawing is most of the cost and
    a trial's canvas is thrown away)."""
    from reportlab.platypus.flowables import DDIndenter, LIIndenter

    classes = (Flowable, LIIndenter, DDIndenter)
    saved = [cls.__dict__["drawOn"] for cls in classes]
    try:
        for cls in classes:
            cls.drawOn = lambda self, *args, **kwargs: None
        yield
    finally:
        for cls, method in zip(classes, saved, strict=True):
            cls.drawOn = method


def _fits(
    story: list[Flowable], paper: Paper, style: FlowStyle, width: float, height: float
) -> tuple[bool, float]:
    """Whether the story up to its next page break fits columns ``height`` tall, and how much
    of their height it fills in all (tried on a scratch canvas, nothing drawn; ``story`` itself
    is left as it was)."""
    from reportlab.pdfgen.canvas import Canvas

    trial = list(story)
    scratch = Canvas(io.BytesIO(), pagesize=paper.size)
    used = 0.0
    with _layout_only():
        for frame in _frames(paper, style, width, height):
            top = frame._y
            fill_frame(frame, trial, scratch)
            used += top - frame._y
            if trial and isinstance(trial[0], _PageBreak):
                break
    return not trial or isinstance(trial[0], _PageBreak), used


def _balanced(
    story: list[Flowable], paper: Paper, style: FlowStyle, width: float
) -> list[Frame] | None:
    """Columns of equal height just tall enough for the rest of this page's story, when it ends
    on this page (at a page break or the end) without a column break; None otherwise."""
    segment = []
    for flowable in story:
        if isinstance(flowable, _PageBreak):
            if isinstance(flowable, _ColumnBreak):
                return None
            break
        segment.append(flowable)
    full = paper.height - 2 * MARGIN - style.header - style.footer
    if not segment:
        return None
    fits, used = _fits(segment, paper, style, width, full)
    if not fits:
        return None
    # the columns need at least an equal share of what the text fills; a few lines more
    # (where a paragraph or a kept-together table breaks) is usually enough
    low = min(full, used / style.columns)
    high = min(full, low + 4 * style.leading)
    while high < full and not _fits(segment, paper, style, width, high)[0]:
        low, high = high, min(full, high + 4 * style.leading)
    while high - low > BALANCE_STEP:
        middle = (low + high) / 2
        if _fits(segment, paper, style, width, middle)[0]:
            high = middle
        else:
            low = middle
    return _frames(paper, style, width, high)


def _frames(
    paper: Paper, style: FlowStyle, width: float, height: float | None = None
) -> list[Frame]:
    """The page's columns, ``height`` tall from the top of the text area (all of it: None)."""
    full = paper.height - 2 * MARGIN - style.header - style.footer
    height = full if height is None else height
    bottom = MARGIN + style.footer + full - height
    return [
        Frame(
            MARGIN + INSET + i * (width + style.gutter),
            bottom,
            width,
            height,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            showBoundary=0,
        )
        for i in range(style.columns)
    ]


def fill_frame(frame: Frame, story: list[Flowable], canvas: Any) -> None:
    """Add flowables to ``frame`` until it is full or a break comes up (splitting what splits:
    a paragraph, a long table). A heading is kept with the first lines of what follows it."""
    while story:
        head = story[0]
        if isinstance(head, _PageBreak):
            return
        if isinstance(head, CondPageBreak):
            story.pop(0)
            continue
        if isinstance(head, ActionFlowable):
            # what a KeepTogether leaves when it splits: a frame break (go on in the next
            # column) or nothing at all
            story.pop(0)
            if head.__class__.__name__ == "_FrameBreak":
                return
            continue
        if _keep_with_next(head) and len(story) > 1 and not frame._atTop:
            _, height = head.wrap(frame._aW, frame._aH)
            if isinstance(story[1], (Paragraph, ListFlowable)):
                following = KEEP_WITH_NEXT
            elif isinstance(story[1], ActionFlowable):
                following = 0.0
            else:
                following = _height(story[1], frame._aW, frame._aH)
            room = frame._y - frame._y1p
            if height + head.getSpaceBefore() + min(following, frame._aH / 2) > room:
                return
        if frame.add(head, canvas, trySplit=1):
            story.pop(0)
            continue
        parts = frame.split(head, canvas)
        if parts:
            story[0:1] = parts
            if isinstance(story[0], ActionFlowable):
                continue
            if frame.add(story[0], canvas, trySplit=1):
                story.pop(0)
                continue
        return


def _height(flowable: Flowable, width: float, height: float) -> float:
    """The height ``flowable`` takes set ``width`` wide (a KeepTogether: all it holds)."""
    if isinstance(flowable, KeepTogether):
        return sum(_height(part, width, height) for part in flowable._content)
    return float(flowable.wrap(width, height)[1])


KEEP_WITH_NEXT = 36.0
"""Room a heading needs below it for the start of its section, in points."""


def _keep_with_next(flowable: Flowable) -> bool:
    style = getattr(flowable, "style", None)
    return bool(getattr(style, "keepWithNext", 0))
