"""The table fleet game's kit, and the printed random table layouts.

``output/tabletop-fleets/``:

- ``print-this-kit.pdf`` — how to print each file, on one page (:mod:`pnpkit.layout.print_guide`);
- ``rules-reference.pdf`` — the rules in our own words (``rules.yaml``), every number read from
  ``game.yaml``; our choices marked;
- ``fleet-pieces.pdf`` — one square piece per ship, its bow marked, and one flag per island for
  every fleet, to stand on the table;
- ``ship-cards.pdf`` — one card per ship: faction, Move Count, the fittings track in the order
  hits take them off (duplex backs);
- ``table-pieces.pdf`` — islands (numbered as on the layout diagrams), rocks, reefs, the wind
  dial and its base, and the coins, to cut out;
- ``rulers.pdf`` — the straight-out and tipped-up shot rulers (their hit zones shaded) and the
  move ruler at exact scale, cut into pieces that glue end to end, every piece's ticks promised
  and verified; then the deviation template and the spray-and-bounce table;
- ``score-sheet.pdf`` — the point values, one column per crew;
- ``table-layout-example.pdf`` — a dealt layout for two crews (seed 1; one where the table
  takes one), as ``pnpkit table-layout`` prints them, and the angle template round tables
  are placed with;
- ``duplex-calibration.pdf``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pnpkit.games.tabletop_fleets import load
from pnpkit.games.tabletop_fleets.context import table_needed
from pnpkit.games.tabletop_fleets.diagram import (
    CREW_COLOURS,
    INCHES,
    MEASURES,
    LayoutDiagram,
    Units,
    describe_placing,
    scale_bar,
    seat_words,
    table_size,
)
from pnpkit.games.tabletop_fleets.faces import FleetFaces
from pnpkit.games.tabletop_fleets.model import DIE, TableRules, TableShape, TabletopGame
from pnpkit.games.tabletop_fleets.pieces import ours_key
from pnpkit.games.tabletop_fleets.rulebook import rules_reference
from pnpkit.games.tabletop_fleets.rulers import TICK_COLOR, Band, Ruler, RulerPiece, pieces
from pnpkit.games.tabletop_fleets.rules import TableLayout, deal_table, placings, seat_layout
from pnpkit.games.tabletop_fleets.seating import FIRST_CREWS, SeatingMarks, write_seating_page
from pnpkit.games.tabletop_fleets.sheets import ScoreSheet
from pnpkit.layout.cards import calibration_sheet, card_sheets, counter_sheets, round_pieces
from pnpkit.layout.document import Document
from pnpkit.layout.marks import calibration
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan, Printing, with_colors
from pnpkit.layout.print_guide import with_print_guide
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.model.ours import NOTE, Marks
from pnpkit.render import fonts
from pnpkit.render.colour import hex_rgb
from pnpkit.units import CM, INCH
from pnpkit.verify.promises import MIN_TEXT_SIZE, ColorMember

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

GAME = "tabletop-fleets"
EXAMPLE_SEED = 1


# --- components -----------------------------------------------------------------------------


def faction_colors(game: TabletopGame) -> list[ColorMember]:
    """The factions' colours, each with the emblem and pattern its ship cards draw (the three
    dark colours are within 25 grayscale levels of each other; the loader holds the data to the
    same rule, :func:`~pnpkit.games.tabletop_fleets.load.faction_colors`)."""
    return load.faction_colors(game.factions)


def hit_zones(game: TabletopGame) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where each shot can hit, points from the firing piece: straight out skids into the first
    thing in line from the muzzle to the farthest it carries (``shots.straight_out.max``);
    tipped up sails over nearby hulls, comes down about ``shots.tipped_up.lands`` out and skids
    on to the farthest it carries (``shots.tipped_up.max``). The rules quote the same fields."""
    return (0.0, game.straight_out.high), (game.tipped_lands, game.tipped_up.high)


def _zone_label(zone: tuple[float, float]) -> str:
    low, high = zone
    return f"hits the first ship in line {low / CM:g}–{high / CM:g} cm"


def rulers(game: TabletopGame) -> tuple[Ruler, ...]:
    straight, tipped = hit_zones(game)
    most = max(f.move_count for f in game.factions) + max(game.wind.with_wind, 0)
    return (
        Ruler(
            "Shot: straight out",
            game.straight_out.high,
            CM,
            "cm",
            minor=2,
            bands=(Band(*straight, _zone_label(straight), "#f6d8a8"),),
        ),
        Ruler(
            "Shot: tipped up",
            game.tipped_up.high,
            CM,
            "cm",
            minor=2,
            bands=(Band(*tipped, _zone_label(tipped), "#f3c0b5"),),
            marks=((game.tipped_lands, f"comes down about {game.tipped_lands / CM:g} cm"),),
            colour="#8b1a1a",
        ),
        Ruler(
            f"Move: 1 click = {game.click / INCH:g} in",
            game.click * most,
            game.click,
            "click",
            minor=4,
            colour="#2e6b30",
        ),
    )


# --- pages ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Chance:
    """The spray and bounce of a shot, printed: the deviation template (``length`` long, its
    outer lines ``spray`` degrees either side of the middle) and where the ball stops on each
    roll of a die, by shot (``stops``: the shot's name and its six distances, points)."""

    spray: int
    length: float
    stops: tuple[tuple[str, tuple[float, ...]], ...]
    mark: str = ""
    """After the title: the whole chance is our choice."""

    @property
    def half(self) -> float:
        """Half the template's height at its far end."""
        return self.length * math.tan(math.radians(self.spray)) + CHANCE_MARGIN

    @property
    def height(self) -> float:
        return 2 * self.half + 40 + 14 * (len(self.stops) + 2)

    def draw(self, canvas: Canvas, x: float, top: float) -> None:
        """The title, the template and the table, from ``top`` down, left edge at ``x``."""
        canvas.saveState()
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(fonts.BOLD, 10)
        title = f"Spray and bounce{self.mark}: one six-sided die, the template and this table"
        canvas.drawString(x, top - 10, title)
        length, half = self.length, self.half
        cy = top - 22 - half
        rise = math.tan(math.radians(self.spray))
        canvas.setStrokeColorRGB(0, 0, 0)
        canvas.setLineWidth(0.6)
        outline = canvas.beginPath()
        outline.moveTo(x, cy + CHANCE_MARGIN)
        outline.lineTo(x + length, cy + half)
        outline.lineTo(x + length, cy - half)
        outline.lineTo(x, cy - CHANCE_MARGIN)
        outline.close()
        canvas.setFillColorRGB(0.96, 0.93, 0.85)
        canvas.drawPath(outline, stroke=1, fill=1)
        canvas.setLineWidth(0.8)
        for sign, colour in ((1, (0.55, 0.1, 0.1)), (0, (0, 0, 0)), (-1, (0.55, 0.1, 0.1))):
            canvas.setStrokeColorRGB(*colour)
            canvas.line(x, cy, x + length, cy + sign * rise * length)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(fonts.SEMIBOLD, 7)
        end = x + length - 4
        canvas.drawRightString(end, cy + rise * (length - 4) - 9, "roll 1: left line")
        canvas.drawRightString(end, cy + 2, "roll 2–5: middle line")
        canvas.drawRightString(end, cy - rise * (length - 4) + 3, "roll 6: right line")
        canvas.setFont(fonts.SEMIBOLD, MIN_TEXT_SIZE)
        canvas.drawString(
            x + length * 0.3,
            cy + 1.5,
            "deviation template · lay the narrow end at the firing piece",
        )
        canvas.drawString(
            x + length + 6, cy - 3, f"cut out · outer lines {self.spray}° either side"
        )
        y = cy - half - 18
        columns = (x, x + 120, *(x + 120 + 62 * k for k in range(1, DIE)))
        rows = [
            ("Roll", *(str(k) for k in range(1, DIE + 1))),
            ("Spray: ruler along", "left line", *(["middle"] * (DIE - 2)), "right line"),
            *((f"{name}: stops at", *(f"{d / CM:g} cm" for d in ds)) for name, ds in self.stops),
        ]
        for n, row in enumerate(rows):
            canvas.setFont(fonts.BOLD if n == 0 else fonts.REGULAR, 8)
            for cx, cell in zip(columns, row, strict=True):
                canvas.drawString(cx, y, cell)
            canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
            canvas.setLineWidth(0.4)
            canvas.line(x, y - 4, columns[-1] + 60, y - 4)
            y -= 14
        canvas.restoreState()


CHANCE_MARGIN = 6.0
"""The template's half-height at its point, and its margin beyond the outer lines."""


def chance(game: TabletopGame) -> Chance:
    stops = (
        ("Straight out", game.stops(game.straight_out)),
        ("Tipped up", game.stops(game.tipped_up)),
    )
    return Chance(game.spray, game.ruler_piece, stops, game.mark("shots.spray"))


def write_rulers(
    doc: Document,
    items: tuple[RulerPiece, ...],
    paper: Paper,
    label: str,
    note: str = "",
    after: Chance | None = None,
) -> None:
    """Ruler pieces stacked on landscape pages; each piece's ticks are a ruler promise. ``note``
    (the our-choice footnote) goes above the label on every sheet; ``after`` is drawn below the
    last piece, on a page of its own when the last has no room."""
    sheet = paper.landscape()
    gap = 14.0
    top = sheet.height - MARGIN - 14
    bottom = MARGIN + 30
    page_items: list[list[RulerPiece]] = [[]]
    y = top
    for piece in items:
        if y - piece.height < bottom:
            page_items.append([])
            y = top
        page_items[-1].append(piece)
        y -= piece.height + gap
    if after is not None and y - after.height < bottom:
        page_items.append([])
    for n, batch in enumerate(page_items, start=1):
        doc.start_page(sheet)
        canvas = doc.canvas
        calibration(canvas, MARGIN, MARGIN, doc)
        if note:
            canvas.setFont(fonts.ITALIC, 7)
            canvas.drawString(MARGIN + 260, MARGIN + 12, note)
        canvas.setFont(fonts.SEMIBOLD, 7)
        canvas.drawString(
            MARGIN + 260,
            MARGIN + 2,
            f"{label}: sheet {n} of {len(page_items)} · cut on the outlines, glue each piece's tab under the next",
        )
        y = top
        for piece in batch:
            x = MARGIN + 6
            place_ruler(doc, piece, x, y - piece.height)
            y -= piece.height + gap
        if after is not None and n == len(page_items):
            after.draw(canvas, MARGIN + 6, y)


def place_ruler(doc: Document, piece: RulerPiece, x: float, y: float) -> None:
    """Draw ``piece`` with its lower-left at (x, y) and promise its ticks."""
    canvas = doc.canvas
    canvas.saveState()
    canvas.translate(x, y)
    piece.draw(canvas)
    canvas.restoreState()
    bx0, by0, bx1, by1 = piece.tick_box()
    doc.promise_ruler(
        what=f"{piece.ruler.name} piece {piece.index + 1}",
        length=piece.span,
        divisions=piece.divisions,
        color=TICK_COLOR,
        bbox=(x + bx0, y + by0, x + bx1, y + by1),
    )


def layout_scale(layout: TableLayout, room: float) -> int:
    """The smallest whole 1 : n that fits the table's longer side into ``room`` points."""
    return max(1, math.ceil(max(layout.sides) / room))


@dataclass(frozen=True, slots=True)
class LayoutMarks:
    """The marks a layout page prints after values the source rules do not give."""

    island: str = ""
    """After the islands' size."""
    relaxed: str = ""
    """After the clearance, when it is less than the rules' own (the relaxing is ours)."""
    title: str = ""
    """After the game's name in the page title."""
    stretch: str = ""
    """After the word stretch (how long a crew's stretch of edge is)."""


def layout_marks(game: TabletopGame) -> LayoutMarks:
    relaxed = game.mark("table.step") or game.mark("table.least_edge")
    return LayoutMarks(
        game.mark("table.island"), relaxed, game.mark("title"), game.mark("table.stretch")
    )


def write_layout_page(
    doc: Document,
    layout: TableLayout,
    paper: Paper,
    title: str,
    units: Units = INCHES,
    marks: LayoutMarks = LayoutMarks(),
    edge: float | None = None,
) -> None:
    """One page: the layout at 1 : n with a promised scale bar and the placing measurements,
    written in ``units``. ``edge``: the rules' clearance; a layout dealt with less prints the
    mark ``marks.relaxed`` after it, and the page the footnote whenever it prints a mark."""
    u = units
    relaxed = marks.relaxed if edge is not None and layout.clearance < edge else ""
    sheet = paper.portrait()
    doc.start_page(sheet)
    canvas = doc.canvas
    width = sheet.width - 2 * MARGIN
    scale = layout_scale(layout, 6 * INCH)
    diagram = LayoutDiagram(layout, scale)
    top = sheet.height - MARGIN
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.BOLD, 14)
    canvas.drawString(MARGIN, top - 14, title)
    canvas.setFont(fonts.REGULAR, 8.5)
    rule = (
        f"{layout.table_words.capitalize()} table {table_size(layout, u)} · "
        f"{layout.crews} crews · seed {layout.seed} · scale 1 : {scale} "
        f"(1 {u.name} on paper = {scale} {u.name} on the table)"
    )
    canvas.drawString(MARGIN, top - 28, rule)
    kept = (
        f"Islands {u.number(layout.island_diameter)} {u.name}{marks.island} across, at least "
        f"{u.number(layout.apart)} {u.name} apart, {u.number(layout.clearance)} {u.name}"
        f"{relaxed} from every edge"
    )
    canvas.drawString(MARGIN, top - 40, kept)
    dx = MARGIN + (width - diagram.width) / 2
    dy = top - 50 - diagram.height
    form = doc.form(diagram)
    canvas.saveState()
    canvas.translate(dx, dy)
    canvas.doForm(form)
    canvas.restoreState()
    bx, by = MARGIN + 10, dy - 28
    scale_bar(doc, bx, by, layout.size / 4, scale, u)
    y = by - 26
    if layout.shape is TableShape.ROUND:
        for line in TEMPLATE_STEPS:
            size = fonts.fit_size(line, fonts.REGULAR, 8.5, width, 6.0)
            canvas.setFont(fonts.REGULAR, size)
            canvas.drawString(MARGIN, y, line)
            y -= 11
        y -= 6
    canvas.setFont(fonts.BOLD, 9)
    where = (
        "Place each island by its centre; edges A near, B right, C far, D left"
        if layout.shape is TableShape.SQUARE
        else "Place each island by its centre, measured from the table's centre"
    )
    canvas.drawString(MARGIN, y, where)
    islands = [
        f"Island {p.island}: {describe_placing(p.first, p.second, u)}" for p in placings(layout)
    ]
    crews = [f"Crew {s.crew}: {seat_words(layout, s, u.span, u.length)}" for s in layout.stretches]
    crews.append(f"Each crew lines up touching its own stretch{marks.stretch} of edge, facing in.")
    column_w = width / 2
    if len(islands) <= LIST_ROWS:  # islands on the left, crews on the right
        columns = [islands, crews]
    else:
        rows = islands + crews
        half = math.ceil(len(rows) / 2)
        columns = [rows[:half], rows[half:]]
    for col, column in enumerate(columns):
        for row, text in enumerate(column):
            size = fonts.fit_size(text, fonts.REGULAR, 8.5, column_w - 8, 6.0)
            canvas.setFont(fonts.REGULAR, size)
            canvas.drawString(MARGIN + col * column_w, y - 12 * (row + 1), text)
    calibration(canvas, MARGIN, MARGIN, doc)
    if marks.island or relaxed or marks.title or marks.stretch:
        canvas.setFont(fonts.ITALIC, 7.5)
        canvas.drawRightString(sheet.width - MARGIN, MARGIN + 2, NOTE)


LIST_ROWS = 12
"""A layout page lists up to this many islands in its left column and the crews in its right
(more islands take both columns, the crews after them)."""
TEMPLATE_STEPS = (
    "Round table: crew 1 sits where they like; their seat is 0°. Find the table's centre: measure "
    "across the widest part twice, at right angles;",
    "the centre is halfway along both. Cut out the angle template (last page), lay its + on the "
    "centre and turn its 0 line towards crew 1's seat.",
    "Every angle below counts anticlockwise from crew 1's seat: read it on the template's rim, "
    "lay a tape from the centre over that number,",
    "and measure the distance out along the tape (an island) or go out to the edge (a seat, a "
    "stretch's ends).",
)
"""How a round layout is set out with the angle template, in words on its page."""


ANGLE_RADIUS = 3.5 * INCH
"""The angle template's radius on paper."""
ANGLE_COLOR = (0.12, 0.0, 0.08)
"""Dedicated stroke colour of the angle template's promised centimetre edge."""


def write_angle_template(doc: Document, paper: Paper) -> None:
    """One page: a full-circle angle template for round tables, its degrees counted
    anticlockwise from 0 (crew 1's seat) as the layouts measure them, every 5°, numbered every
    15°; a promised 8 cm scale along its 0° line."""
    sheet = paper.portrait()
    doc.start_page(sheet)
    canvas = doc.canvas
    r = ANGLE_RADIUS
    cx, cy = sheet.width / 2, sheet.height / 2 + 20
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.BOLD, 14)
    canvas.drawString(MARGIN, sheet.height - MARGIN - 14, "Angle template for round tables")
    canvas.setFont(fonts.REGULAR, 8.5)
    lines = (
        "Cut out the circle. Lay its centre (+) on the table's centre and its 0 line towards",
        "crew 1's seat, printed side up. A round layout places each island at an angle counted",
        "anticlockwise from crew 1's seat: stretch a string or tape from the centre over that",
        "number and measure the island's distance from the centre along it.",
    )
    for i, text in enumerate(lines):
        canvas.drawString(MARGIN, sheet.height - MARGIN - 30 - 11 * i, text)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.8)
    canvas.setFillColorRGB(0.97, 0.95, 0.9)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    for degree in range(0, 360, 5):
        a = math.radians(degree)
        dx, dy = math.sin(a), -math.cos(a)  # 0 points down the page, numbers run anticlockwise
        inner = r - (14 if degree % 15 == 0 else 7)
        canvas.setLineWidth(0.8 if degree % 15 == 0 else 0.4)
        canvas.line(cx + dx * inner, cy + dy * inner, cx + dx * r, cy + dy * r)
        if degree % 15 == 0:
            canvas.setFont(fonts.SEMIBOLD, 8 if degree % 45 else 9)
            at = r - 24
            canvas.drawCentredString(cx + dx * at, cy + dy * at - 3, f"{degree}")
    canvas.setLineWidth(0.4)
    for degree in range(0, 360, 45):
        a = math.radians(degree)
        dx, dy = math.sin(a), -math.cos(a)
        canvas.line(cx + dx * 8, cy + dy * 8, cx + dx * (r - 34), cy + dy * (r - 34))
    canvas.setLineWidth(0.8)
    canvas.line(cx - 6, cy, cx + 6, cy)
    canvas.line(cx, cy - 6, cx, cy + 6)
    canvas.setFont(fonts.SEMIBOLD, 8)
    canvas.drawCentredString(cx, cy + r * 0.45, "degrees anticlockwise from crew 1's seat")
    canvas.drawString(cx + 6, cy - r + 40, "0: towards crew 1's seat")
    # a promised centimetre scale up the 45° line's far side: 8 cm from the centre
    length = 8 * CM
    sx, sy = cx - 0.5 * CM - length, cy + 1.2 * CM
    canvas.setStrokeColorRGB(*ANGLE_COLOR)
    canvas.setLineWidth(0.5)
    path = canvas.beginPath()
    path.moveTo(sx, sy)
    path.lineTo(sx + length, sy)
    for k in range(9):
        path.moveTo(sx + k * CM, sy)
        path.lineTo(sx + k * CM, sy + 5)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setFont(fonts.REGULAR, 6.5)
    canvas.drawString(sx, sy - 8, "cm (the template is true to scale)")
    canvas.restoreState()
    doc.promise_ruler(
        what="angle template cm scale",
        length=length,
        divisions=8,
        color=ANGLE_COLOR,
        bbox=(sx - 1, sy - 1, sx + length + 1, sy + 6),
    )
    calibration(canvas, MARGIN, MARGIN, doc)


def layout_document(
    layout: TableLayout,
    filename: str,
    paper: Paper,
    title: str,
    units: Units,
    game: TabletopGame | None = None,
) -> DocumentPlan:
    """A dealt table layout, drawn to scale on one page, measured in ``units``; with the
    ``game``, values its data marks as our choice carry the mark. A round table's layout is
    followed by the angle template to place it with."""
    marks = layout_marks(game) if game is not None else LayoutMarks()
    edge = game.table.edge if game is not None else None

    def draw(doc: Document) -> None:
        write_layout_page(doc, layout, paper, title, units, marks, edge)
        if layout.shape is TableShape.ROUND:
            write_angle_template(doc, paper)

    return with_colors(
        DocumentPlan(filename, title, GAME, draw, LAYOUT_PRINTING),
        what="crews",
        members=crew_colors(layout.crews),
    )


LAYOUT_PRINTING = Printing(
    then="Set the islands out as it shows. For a round table cut out the angle template "
    "(card stock keeps it flat)."
)


EXAMPLE_PRINTING = Printing(
    then="Sit and line up as the seating page for your table shows; set the islands out as a "
    "layout shows. For a round table cut out the angle template (card stock keeps it flat)."
)


def crew_colors(crews: int) -> list[ColorMember]:
    """The colours of ``crews`` crews on a layout page, each with its number written beside
    its stretch (neighbouring colours may be close in grayscale; the number tells them apart)."""
    return [
        ColorMember(
            f"crew {k}", hex_rgb(CREW_COLOURS[(k - 1) % len(CREW_COLOURS)]), (("label", str(k)),)
        )
        for k in range(1, crews + 1)
    ]


EXAMPLE_CREWS = (2, 3, 4)
"""Crews at each example table in turn (the game's own table first), or as many as the table
takes when that is fewer."""


def example_tables(table: TableRules) -> list[tuple[TableShape, TableRules]]:
    """The tables the layout example draws: the one ``game.yaml`` sets (``table.shape``,
    ``table.size``, ``table.depth``) first, then the other two of a square and a round table
    as wide as its shorter side and the rectangle :attr:`TableRules.rectangle`."""
    side = min(table.sides)
    width, depth = table.rectangle
    square = (TableShape.SQUARE, replace(table, size=side, depth=None))
    rectangle = (TableShape.SQUARE, replace(table, size=width, depth=depth))
    round_table = (TableShape.ROUND, replace(table, size=side, depth=None))
    if table.shape is TableShape.ROUND:
        own = round_table
    elif table.depth is not None and abs(table.depth - table.size) > 1e-6:
        own = rectangle
    else:
        own = square
    return [own, *(t for t in (square, rectangle, round_table) if t is not own)]


def example_layouts(game: TabletopGame) -> list[TableLayout]:
    """The kit's examples, each dealt with :data:`EXAMPLE_SEED`: one for each of
    :func:`example_tables`, with :data:`EXAMPLE_CREWS` crews."""
    return [
        deal_table(
            rules,
            shape,
            min(crews, game.table.max_crews),
            random.Random(EXAMPLE_SEED),
            seed=EXAMPLE_SEED,
        )
        for (shape, rules), crews in zip(example_tables(game.table), EXAMPLE_CREWS, strict=True)
    ]


def example_layout(game: TabletopGame) -> TableLayout:
    """The kit's first example: the table ``game.yaml`` sets."""
    return example_layouts(game)[0]


def seatings(game: TabletopGame) -> list[list[TableLayout]]:
    """For each example table, its crews seated, from 2 crews to ``table.max_crews``."""
    counts = range(FIRST_CREWS, game.table.max_crews + 1)
    return [
        [seat_layout(rules, shape, crews) for crews in counts]
        for shape, rules in example_tables(game.table)
        if counts
    ]


def seating_marks(game: TabletopGame) -> SeatingMarks:
    return SeatingMarks(game.mark("table.seats"), game.mark("table.stretch"))


def example_document(game: TabletopGame, paper: Paper, units: Units) -> DocumentPlan:
    """``table-layout-example.pdf``: a dealt layout on each example table, where crews sit at
    each for every crew count, then the angle template."""
    name = game.title + game.mark("title")
    marks = layout_marks(game)
    layouts = example_layouts(game)
    seated = seatings(game)
    rectangle_mark = game.mark("table.long_side") if game.table.depth is None else ""

    def table_mark(layout: TableLayout) -> str:
        return rectangle_mark if layout.rectangular else ""

    def draw(doc: Document) -> None:
        for layout in layouts:
            crews = f"{layout.crews} crew{'s' if layout.crews != 1 else ''}"
            title = (
                f"{name}: {layout.table_words} table{table_mark(layout)}, {crews}, "
                f"seed {EXAMPLE_SEED}"
            )
            write_layout_page(doc, layout, paper, title, units, marks, game.table.edge)
        for tables in seated:
            page_marks = replace(seating_marks(game), table=table_mark(tables[0]))
            write_seating_page(
                doc, tables, paper, f"{name}: where crews sit at a", page_marks, units
            )
        write_angle_template(doc, paper)

    return with_colors(
        DocumentPlan(
            "table-layout-example.pdf",
            f"{game.title}: table layouts and seats",
            GAME,
            draw,
            EXAMPLE_PRINTING,
        ),
        what="crews",
        members=crew_colors(max(game.table.max_crews, max(lay.crews for lay in layouts))),
    )


# --- build ----------------------------------------------------------------------------------


def _noted(label: str, ours: Marks) -> str:
    """A sheet label, with the our-choice footnote first when the game marks anything (a label
    too long for its box is cut at the end, so the footnote always prints whole)."""
    return f"{NOTE} · {label}" if ours else label


def documents(game: TabletopGame, laid: FleetFaces, settings: PrintSettings) -> list[DocumentPlan]:
    paper, sheets = settings.paper, settings.imposition
    name = game.title
    shown = name + game.mark("title")
    """The game's name as the pages print it (with the mark when it is our choice)."""
    subject = f"{name}: {game.subtitle}"
    ruler_pieces = tuple(
        piece
        for ruler in rulers(game)
        for piece in pieces(ruler, game.ruler_piece, game.ruler_width)
    )
    sheet = ScoreSheet(
        shown,
        game.scoring,
        game.table.max_crews,
        paper.printable_width - 2,
        paper.printable_height - 42,
    )

    def score_page(doc: Document) -> None:
        doc.start_page(paper.portrait())
        doc.canvas.saveState()
        doc.canvas.translate(MARGIN + 1, MARGIN + 40)
        sheet.draw(doc.canvas)
        doc.canvas.restoreState()
        calibration(doc.canvas, MARGIN, MARGIN, doc)
        if game.mark("title"):
            doc.canvas.setFont(fonts.ITALIC, 7.5)
            doc.canvas.drawRightString(paper.portrait().width - MARGIN, MARGIN + 2, NOTE)

    click = [f"1 click = {game.click / INCH:g} in"] if game.mark("move.click") else []
    ruler_note = ours_key(click) if click or chance(game).mark or game.mark("title") else ""
    plans = [
        rules_reference(game, paper, subject),
        with_colors(
            card_sheets(
                "ship-cards.pdf",
                laid.ship_cards,
                sheets,
                title=f"{name}: ship cards",
                subject=subject,
                label=_noted("Ship cards", game.ours),
            ),
            what="factions",
            members=faction_colors(game),
        ),
        with_colors(
            counter_sheets(
                "fleet-pieces.pdf",
                laid.fleet_faces,
                sheets,
                title=f"{name}: ship pieces and flags",
                subject=subject,
                label=f"{name}: ship pieces and flags",  # no room to print it on the sheet
            ),
            what="factions",
            members=faction_colors(game),
        ),
        counter_sheets(
            "table-pieces.pdf",
            laid.table_faces,
            sheets,
            title=f"{name}: islands, rocks, reefs, wind dial and coins",
            subject=subject,
            label=f"{shown}: table pieces",
            round_pieces=round_pieces(laid.table_pieces),
        ),
        DocumentPlan(
            "rulers.pdf",
            f"{name}: rulers",
            subject,
            lambda doc: write_rulers(
                doc, ruler_pieces, paper, f"{shown}: rulers", ruler_note, chance(game)
            ),
            RULER_PRINTING,
        ),
        DocumentPlan(
            "score-sheet.pdf", f"{name}: score sheet", subject, score_page, SCORE_PRINTING
        ),
        example_document(game, paper, MEASURES[settings.table_units]),
        *calibration_sheet(sheets, subject=subject),
    ]
    needs = (
        f"one six-sided die{game.mark('shots.spray')}",
        table_needed(game.table),
    )
    return with_print_guide(plans, title=shown, subject=subject, paper=paper, needs=needs)


RULER_PRINTING = Printing(
    card=True,
    then="Cut out the ruler pieces and glue each piece's tab under the next; cut out the "
    "deviation template.",
)
SCORE_PRINTING = Printing(then="Write the scores on it: print one for each game.")
