"""Play aids drawn into boxes: the round track, the quiet-rounds track, the score track, the
captain's log (your own score), the order slips, the tally of ships lost, the markers to cut out
and the wind rose.

Each takes the numbers it prints as arguments (the kit reads them from the models); nothing here
knows a rule.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from pnpkit.render.emblems import emblem_item
from pnpkit.render.fonts import ITALIC, text_width
from pnpkit.render.vector import Anchor, Circle, FontNames, Item, Shape, Words, paint, rect

FONTS = FontNames("SourceSansPro-Regular", "SourceSansPro-Bold", "SourceSansPro-It")
INK = "#1f2a36"
STORM = "#5b2a86"
STORM_TINT = "#e6dcf0"
TRUCE_TINT = "#dcebf7"
ADMIRAL_TINT = "#f6e3a1"


class BoxRows(ABC):
    """A track of square boxes ``box`` points a side in rows of ``per_row``, ``boxes`` of them."""

    __slots__ = ()
    box: float
    per_row: int

    @property
    @abstractmethod
    def boxes(self) -> int:
        """How many boxes the track holds."""

    @property
    def rows(self) -> int:
        return -(-self.boxes // self.per_row)

    @property
    def width(self) -> float:
        return self.per_row * self.box

    @property
    def height(self) -> float:
        return self.rows * self.box

    def corner(self, index: int) -> tuple[float, float]:
        """The top-left corner of box ``index`` (0: the first)."""
        row, col = divmod(index, self.per_row)
        return col * self.box, row * self.box


@dataclass(frozen=True, slots=True)
class RoundTrack(BoxRows):
    """Boxes 1…``rounds`` in rows of ``per_row``; storm rounds tinted with a storm mark and the
    words "storm", truce rounds tinted with "truce"."""

    rounds: int
    storm_rounds: tuple[int, ...]
    truce_rounds: int
    box: float = 40.0
    per_row: int = 12
    wind_rounds: tuple[int, ...] = ()
    """Rounds after which the wind turns (the Wind variant): "wind turns" at the box's top."""

    @property
    def boxes(self) -> int:
        return self.rounds

    def items(self) -> list[Item]:
        out: list[Item] = []
        b = self.box
        for n in range(1, self.rounds + 1):
            x, y = self.corner(n - 1)
            storm = n in self.storm_rounds
            truce = n <= self.truce_rounds
            fill = STORM_TINT if storm else (TRUCE_TINT if truce else "#ffffff")
            out.append(rect(x, y, b, b, fill=fill, stroke=INK, width=0.8))
            out.append(Words((x + b / 2, y + b * 0.55), str(n), b * 0.36, INK, "middle", "bold"))
            if storm:
                ring = self.storm_rounds.index(n) + 1
                out.append(
                    Words(
                        (x + b / 2, y + b * 0.86),
                        f"storm: ring {ring}",
                        b * 0.16,
                        STORM,
                        "middle",
                        "bold",
                    )
                )
                out.append(Shape(((x + 3, y + 3), (x + 10, y + 3), (x + 3, y + 10)), fill=STORM))
            elif truce:
                out.append(
                    Words((x + b / 2, y + b * 0.86), "truce", b * 0.17, INK, "middle", "italic")
                )
            if n == self.rounds:
                out.append(
                    Words((x + b / 2, y + b * 0.86), "last round", b * 0.16, INK, "middle", "bold")
                )
            if n in self.wind_rounds:
                out.append(
                    Words((x + b - 3, y + b * 0.2), "wind turns", b * 0.15, INK, "end", "italic")
                )
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)


@dataclass(frozen=True, slots=True)
class ScoreTrack(BoxRows):
    """Boxes 0…``top`` in rows of ``per_row``; every fifth box heavier."""

    top: int
    box: float = 28.0
    per_row: int = 20

    @property
    def boxes(self) -> int:
        return self.top + 1

    def items(self) -> list[Item]:
        out: list[Item] = []
        b = self.box
        for n in range(self.top + 1):
            x, y = self.corner(n)
            heavy = n % 5 == 0
            out.append(
                rect(
                    x,
                    y,
                    b,
                    b,
                    fill="#f2f2f2" if heavy else "#ffffff",
                    stroke=INK,
                    width=1.0 if heavy else 0.5,
                )
            )
            out.append(
                Words(
                    (x + b / 2, y + b * 0.62),
                    str(n),
                    b * 0.38,
                    INK,
                    "middle",
                    "bold" if heavy else "regular",
                )
            )
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)


@dataclass(frozen=True, slots=True)
class CaptainsLog:
    """One line per round with a column for each of ``scores`` (your own points, round by round),
    storm rounds marked; the orders go on the order slips (:class:`OrderSlips`), not here."""

    rounds: int
    """The last round the log has a line for."""
    storm_rounds: tuple[int, ...]
    width: float
    line: float = 17.0
    scores: tuple[str, ...] = ()
    """Headings of the score columns."""
    final: str = ""
    """Words for a last line under the rounds (the end-of-game bonus), if any."""
    first: int = 1
    """The first round the log has a line for (a long game's log goes on over pages)."""

    ROUND_COLUMN = 44.0
    """The width of the column of round numbers."""

    @property
    def lines(self) -> int:
        """The lines of rounds."""
        return self.rounds - self.first + 1

    @property
    def height(self) -> float:
        return (self.lines + 1 + (1 if self.final else 0)) * self.line

    @property
    def score_column(self) -> float:
        """The width of each score column: they share what the round column leaves."""
        return (self.width - self.ROUND_COLUMN) / max(1, len(self.scores))

    def items(self) -> list[Item]:
        out: list[Item] = []
        h = self.line
        first = self.ROUND_COLUMN
        column = self.score_column
        for i, heading in enumerate(self.scores):
            x = first + i * column
            out.append(Words((x + column / 2, h * 0.7), heading, 8.0, INK, "middle", "bold"))
            for n in range(1, self.lines + 1 + (1 if self.final else 0)):
                heavy = i == len(self.scores) - 1
                out.append(
                    rect(
                        x,
                        n * h,
                        column,
                        h,
                        fill="#f2f2f2" if heavy else "#ffffff",
                        stroke=INK,
                        width=0.9 if heavy else 0.5,
                    )
                )
        if self.final:
            y = (self.lines + 1) * h
            last = first + (len(self.scores) - 1) * column
            out.append(rect(0.0, y, last, h, fill="#ffffff", stroke=INK, width=0.5))
            out.append(Words((6.0, y + h * 0.65), self.final, 8.5, INK, "start", "italic"))
        out.append(Words((3.0, h * 0.7), "Round", 8.0, INK, "start", "bold"))
        for n in range(self.first, self.rounds + 1):
            y = (n - self.first + 1) * h
            storm = n in self.storm_rounds
            out.append(
                rect(
                    0.0, y, first, h, fill=STORM_TINT if storm else "#ffffff", stroke=INK, width=0.5
                )
            )
            out.append(Words((first / 2, y + h * 0.7), str(n), 8.5, INK, "middle", "bold"))
            if storm:
                out.append(Shape(((2.0, y + 2.0), (8.0, y + 2.0), (2.0, y + 8.0)), fill=STORM))
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)


@dataclass(frozen=True, slots=True)
class SunkTally:
    """One block per fleet: a box for every ship of the roster, labelled with her mark, to cross
    out when she is sunk or captured. ``ships`` is (mark, count) in roster order. The boxes are
    ``row - 6`` points wide; a fleet with more ships than a line holds wraps on to more lines of
    ``row`` points."""

    fleets: tuple[str, ...]
    ships: tuple[tuple[str, int], ...]
    width: float
    row: float = 30.0
    name_column: float = 110.0

    @property
    def marks(self) -> list[str]:
        return [mark for mark, count in self.ships for _ in range(count)]

    @property
    def box(self) -> float:
        return self.row - 6.0

    @property
    def per_line(self) -> int:
        """Boxes on one line of a fleet (at least one)."""
        return max(1, int((self.width - self.name_column) // self.box))

    @property
    def lines(self) -> int:
        """Lines of boxes each fleet takes."""
        return max(1, -(-len(self.marks) // self.per_line))

    @property
    def height(self) -> float:
        return len(self.fleets) * self.lines * self.row

    def items(self) -> list[Item]:
        out: list[Item] = []
        marks = self.marks
        box, block = self.box, self.lines * self.row
        for r, fleet in enumerate(self.fleets):
            top = r * block
            out.append(rect(0.0, top, self.width, block, stroke=INK, width=0.5))
            out.append(Words((4.0, top + self.row * 0.62), fleet, 9.0, INK, "start", "bold"))
            for i, mark in enumerate(marks):
                line, col = divmod(i, self.per_line)
                x, y = self.name_column + col * box, top + line * self.row
                out.append(rect(x + 1.5, y + 3.0, box - 3.0, self.row - 6.0, stroke=INK, width=0.6))
                out.append(
                    Words((x + box / 2, y + self.row * 0.64), mark, 9.5, INK, "middle", "bold")
                )
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)


@dataclass(frozen=True, slots=True)
class FleetMark:
    """What a marker needs of a fleet: its number, colour, ink and emblem."""

    number: int
    colour: str
    ink: str
    emblem: str


@dataclass(frozen=True, slots=True)
class Markers:
    """Markers to cut out: the round marker, the quiet-rounds marker (when ``quiet_words`` are
    given), one score marker per fleet (colour, emblem and number) and the wind marker, an
    arrow, side by side on a row ``size`` tall."""

    fleets: tuple[FleetMark, ...]
    size: float = 30.0
    gap: float = 10.0
    round_words: str = "round"
    wind_words: str = "wind"
    quiet_words: str = ""

    @property
    def arrow(self) -> float:
        return self.size * 2.6

    @property
    def discs(self) -> int:
        """The round marker, and the quiet-rounds marker if any."""
        return 2 if self.quiet_words else 1

    @property
    def width(self) -> float:
        return (self.discs + len(self.fleets)) * (self.size + self.gap) + self.arrow

    @property
    def height(self) -> float:
        return self.size

    def items(self) -> list[Item]:
        out: list[Item] = []
        s = self.size
        x = 0.0
        for words in (self.round_words, self.quiet_words)[: self.discs]:
            out.append(
                Circle((x + s / 2, s / 2), s / 2 - 0.5, fill="#ffffff", stroke=INK, width=1.2)
            )
            out.append(Words((x + s / 2, s * 0.62), words, s * 0.28, INK, "middle", "bold"))
            x += s + self.gap
        for fleet in self.fleets:
            out.append(rect(x, 0.0, s, s, fill=fleet.colour, stroke=INK, width=0.8))
            out.append(Circle((x + s * 0.36, s / 2), s * 0.26, fill="#ffffff"))
            out.append(
                emblem_item(fleet.emblem, x + s * 0.36, s / 2, s * 0.19, "#000000", "#ffffff")
            )
            out.append(
                Words(
                    (x + s * 0.82, s * 0.64),
                    str(fleet.number),
                    s * 0.4,
                    fleet.ink,
                    "middle",
                    "bold",
                )
            )
            x += s + self.gap
        a, t = self.arrow, s * 0.34
        head = s * 0.8
        out.append(
            Shape(
                (
                    (x, s / 2 - t / 2),
                    (x + a - head, s / 2 - t / 2),
                    (x + a - head, 0.0),
                    (x + a, s / 2),
                    (x + a - head, s),
                    (x + a - head, s / 2 + t / 2),
                    (x, s / 2 + t / 2),
                ),
                fill="#dcebf7",
                stroke=INK,
                width=1.0,
            )
        )
        out.append(
            Words(
                (x + (a - head) / 2, s / 2 + s * 0.09),
                self.wind_words,
                s * 0.24,
                INK,
                "middle",
                "bold",
            )
        )
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)


@dataclass(frozen=True, slots=True)
class WindRose:
    """The hex chart's six corners round a hexagon, as the chart lies (East at the right), each
    named by its seat: lay the wind marker from the corner the wind blows from."""

    corners: tuple[str, ...]
    """Labels clockwise from the East corner."""
    size: float = 150.0

    @property
    def width(self) -> float:
        return self.size * 1.7

    @property
    def height(self) -> float:
        return self.size

    def items(self) -> list[Item]:
        out: list[Item] = []
        cx, cy = self.width / 2, self.height / 2
        r = self.size * 0.36
        points = [
            (cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i)))
            for i in range(6)
        ]
        out.append(Shape(tuple(points), fill="#f3f8fc", stroke=INK, width=1.2))
        for (x, y), label in zip(points, self.corners, strict=False):
            out.append(Circle((x, y), 3.0, fill=INK))
            dx, dy = x - cx, y - cy
            anchor: Anchor = "start" if dx > 1 else ("end" if dx < -1 else "middle")
            out.append(
                Words(
                    (x + dx * 0.18, y + dy * 0.2 + 3.5),
                    label,
                    9.0,
                    INK,
                    anchor,
                    "bold",
                )
            )
            out.append(Shape(((cx, cy), (x, y)), closed=False, stroke="#9aa5b1", width=0.6))
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)


@dataclass(frozen=True, slots=True)
class QuietTrack(BoxRows):
    """Boxes 0…``top`` in one row: the count of quiet rounds running (no fight, nothing changing
    hands); the last box, where the storm hurries, tinted with the storm mark and ``last_words``."""

    top: int
    box: float = 40.0
    per_row: int = 12
    last_words: str = "storm hurries"

    @property
    def boxes(self) -> int:
        return self.top + 1

    def items(self) -> list[Item]:
        out: list[Item] = []
        b = self.box
        for n in range(self.top + 1):
            x, y = self.corner(n)
            last = n == self.top
            fill = STORM_TINT if last else "#ffffff"
            out.append(rect(x, y, b, b, fill=fill, stroke=INK, width=0.8))
            out.append(Words((x + b / 2, y + b * 0.55), str(n), b * 0.36, INK, "middle", "bold"))
            if last:
                out.append(Shape(((x + 3, y + 3), (x + 10, y + 3), (x + 3, y + 10)), fill=STORM))
                out.append(
                    Words(
                        (x + b / 2, y + b * 0.86),
                        self.last_words,
                        b * 0.15,
                        STORM,
                        "middle",
                        "bold",
                    )
                )
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)


@dataclass(frozen=True, slots=True)
class OrderSlips:
    """Order slips to cut apart, one for each of ``rounds``, in ``columns`` columns ``width``
    wide: ``Round n`` (a storm round marked) and a line for each of ``orders`` orders and
    ``extra`` more while the Admiral is afloat (tinted, with an Admiral mark), each a ship's
    cell and where she sails (``start`` and ``end`` are the words printed at the two blanks)."""

    rounds: tuple[int, ...]
    orders: int
    extra: int
    storm_rounds: tuple[int, ...]
    width: float
    columns: int = 3
    line: float = 15.0
    round_word: str = "Round"
    start: str = "ship at"
    end: str = "to"

    HEAD = 17.0
    """The slip's first line: the round."""
    FOOT = 4.0

    @property
    def slip_width(self) -> float:
        return self.width / self.columns

    @property
    def slip_height(self) -> float:
        return self.HEAD + (self.orders + self.extra) * self.line + self.FOOT

    @property
    def height(self) -> float:
        return -(-len(self.rounds) // self.columns) * self.slip_height

    def items(self) -> list[Item]:
        out: list[Item] = []
        w, h = self.slip_width, self.slip_height
        for index, number in enumerate(self.rounds):
            row, col = divmod(index, self.columns)
            x, y = col * w, row * h
            out.append(rect(x, y, w, h, stroke="#000000", width=0.6))  # the cut line
            storm = number in self.storm_rounds
            if storm:
                out.append(Shape(((x + 3, y + 3), (x + 10, y + 3), (x + 3, y + 10)), fill=STORM))
            out.append(
                Words(
                    (x + 12.0, y + 12.5), f"{self.round_word} {number}", 10.0, INK, "start", "bold"
                )
            )
            half = (w - 24.0) / 2
            for i in range(self.orders + self.extra):
                top = y + self.HEAD + i * self.line
                admiral = i >= self.orders
                if admiral:
                    out.append(rect(x + 2.0, top, w - 4.0, self.line, fill=ADMIRAL_TINT))
                    out.append(Circle((x + w - 8.0, top + self.line / 2), 2.5, fill="#8a6d00"))
                base = top + self.line * 0.75
                out.append(Words((x + 5.0, base), str(i + 1), 8.0, INK, "start", "bold"))
                for blank, word in enumerate((self.start, self.end)):
                    left = x + 16.0 + blank * half
                    out.append(Words((left, base), word, 6.5, INK, "start", "italic"))
                    gap = text_width(word, ITALIC, 6.5) + 3.0
                    out.append(
                        Shape(
                            ((left + gap, base + 1.0), (left + half - 4.0, base + 1.0)),
                            closed=False,
                            stroke="#9aa5b1",
                            width=0.5,
                        )
                    )
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)


@dataclass(frozen=True, slots=True)
class FormationGrid:
    """A fleet's starting formation: cells ``cell`` points a side, row by row from the front
    (``front_words`` above it) back to the captain's edge (``back_words`` under it), each with
    the ship's key, or empty and shaded for ``.``."""

    rows: tuple[tuple[str, ...], ...]
    cell: float = 36.0
    front_words: str = "front"
    back_words: str = "your edge"

    LABEL = 13.0
    """Room above and under the grid for its words."""

    @property
    def width(self) -> float:
        return max((len(row) for row in self.rows), default=0) * self.cell

    @property
    def height(self) -> float:
        return len(self.rows) * self.cell + 2 * self.LABEL

    def items(self) -> list[Item]:
        out: list[Item] = []
        c = self.cell
        out.append(Words((self.width / 2, self.LABEL - 4.0), self.front_words, 8.0, INK, "middle"))
        for r, row in enumerate(self.rows):
            for col, key in enumerate(row):
                x, y = col * c, self.LABEL + r * c
                empty = key == "."
                fill = "#eeeeee" if empty else "#ffffff"
                out.append(rect(x, y, c, c, fill=fill, stroke=INK, width=0.8))
                if not empty:
                    out.append(
                        Words((x + c / 2, y + c * 0.66), key, c * 0.45, INK, "middle", "bold")
                    )
        bottom = self.LABEL + len(self.rows) * c
        out.append(Words((self.width / 2, bottom + 10.0), self.back_words, 8.0, INK, "middle"))
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)


SQRT3 = math.sqrt(3.0)


def corner_layers(layers: int) -> list[list[tuple[int, int]]]:
    """The hexes within ``layers − 1`` steps of a chart's corner, as axial ``(q, r)`` offsets
    from the corner hex with the chart's middle straight up (flat-topped hexes): layer by layer
    from the farthest (the front) to the corner hex itself, each from the left to the right as
    seen from the corner. Layer ``k`` is the ``2k + 1`` hexes ``k`` steps from the corner, a
    chevron whose point faces the middle."""
    out: list[list[tuple[int, int]]] = []
    for k in range(layers - 1, -1, -1):
        out.append([(j - k, -j) if j <= k else (j - k, -k) for j in range(2 * k + 1)])
    return out


@dataclass(frozen=True, slots=True)
class HexFormation:
    """A fleet's starting formation in a hex chart's corner anchorage: ``rows`` from the front
    (the hexes farthest from the corner) back to the corner hex, each row read from the left to
    the right as seen from the corner (:func:`corner_layers`); hexes ``across`` points across
    the flats, the middle of the chart up, the corner down, each with the ship's key, or empty
    and shaded for ``.``."""

    rows: tuple[tuple[str, ...], ...]
    across: float = 34.0
    front_words: str = "front, toward the middle"
    back_words: str = "your corner"

    LABEL = 13.0
    """Room above and under the hexes for their words."""

    @property
    def side(self) -> float:
        """A hex's side (centre to corner)."""
        return self.across / SQRT3

    @property
    def width(self) -> float:
        return (3.0 * (len(self.rows) - 1) + 2.0) * self.side

    @property
    def height(self) -> float:
        return len(self.rows) * self.across + 2 * self.LABEL

    def centre(self, q: int, r: int) -> tuple[float, float]:
        """The centre of the hex ``(q, r)`` from the corner hex, in the drawing (y down)."""
        s = self.side
        corner_x = self.width / 2
        corner_y = self.height - self.LABEL - self.across / 2
        return corner_x + 1.5 * s * q, corner_y + SQRT3 * s * (r + q / 2)

    def items(self) -> list[Item]:
        out: list[Item] = []
        s = self.side
        out.append(Words((self.width / 2, self.LABEL - 4.0), self.front_words, 8.0, INK, "middle"))
        for row, layer in zip(self.rows, corner_layers(len(self.rows)), strict=True):
            for key, (q, r) in zip(row, layer, strict=True):
                x, y = self.centre(q, r)
                empty = key == "."
                corners = tuple(
                    (x + s * math.cos(math.radians(60 * i)), y + s * math.sin(math.radians(60 * i)))
                    for i in range(6)
                )
                fill = "#eeeeee" if empty else "#ffffff"
                out.append(Shape(corners, fill=fill, stroke=INK, width=0.8))
                if not empty:
                    size = self.across * 0.42
                    out.append(Words((x, y + size * 0.35), key, size, INK, "middle", "bold"))
        bottom = self.height - self.LABEL
        out.append(Words((self.width / 2, bottom + 10.0), self.back_words, 8.0, INK, "middle"))
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)
