"""Play aids drawn into boxes: the round track, the score track and the orders pad.

Each takes the numbers it prints as arguments (the kit reads them from the models); nothing here
knows a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnpkit.render.vector import Circle, FontNames, Item, Shape, Words, paint, rect

FONTS = FontNames("SourceSansPro-Regular", "SourceSansPro-Bold", "SourceSansPro-It")
INK = "#1f2a36"
STORM = "#5b2a86"
STORM_TINT = "#e6dcf0"
TRUCE_TINT = "#dcebf7"
ADMIRAL_TINT = "#f6e3a1"


@dataclass(frozen=True, slots=True)
class RoundTrack:
    """Boxes 1…``rounds`` in rows of ``per_row``; storm rounds tinted with a storm mark and the
    words "storm", truce rounds tinted with "truce"."""

    rounds: int
    storm_rounds: tuple[int, ...]
    truce_rounds: int
    box: float = 40.0
    per_row: int = 12

    @property
    def rows(self) -> int:
        return -(-self.rounds // self.per_row)

    @property
    def width(self) -> float:
        return self.per_row * self.box

    @property
    def height(self) -> float:
        return self.rows * self.box

    def items(self) -> list[Item]:
        out: list[Item] = []
        b = self.box
        for n in range(1, self.rounds + 1):
            row, col = divmod(n - 1, self.per_row)
            x, y = col * b, row * b
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
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)


@dataclass(frozen=True, slots=True)
class ScoreTrack:
    """Boxes 0…``top`` in rows of ``per_row``; every fifth box heavier."""

    top: int
    box: float = 28.0
    per_row: int = 20

    @property
    def rows(self) -> int:
        return -(-(self.top + 1) // self.per_row)

    @property
    def width(self) -> float:
        return self.per_row * self.box

    @property
    def height(self) -> float:
        return self.rows * self.box

    def items(self) -> list[Item]:
        out: list[Item] = []
        b = self.box
        for n in range(self.top + 1):
            row, col = divmod(n, self.per_row)
            x, y = col * b, row * b
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
class OrdersPad:
    """One line per round: ``orders`` order boxes, plus ``extra`` boxes usable only while the
    Admiral is afloat (tinted, with an Admiral mark), storm rounds marked."""

    rounds: int
    orders: int
    extra: int
    storm_rounds: tuple[int, ...]
    width: float
    line: float = 17.0

    @property
    def height(self) -> float:
        return (self.rounds + 1) * self.line

    def items(self) -> list[Item]:
        out: list[Item] = []
        h = self.line
        first = 44.0
        slots = self.orders + self.extra
        slot = (self.width - first) / slots
        out.append(Words((3.0, h * 0.7), "Round", 8.0, INK, "start", "bold"))
        for i in range(slots):
            label = f"order {i + 1}" + (" (Admiral afloat)" if i >= self.orders else "")
            out.append(Words((first + i * slot + 3.0, h * 0.7), label, 8.0, INK, "start", "bold"))
        for n in range(1, self.rounds + 1):
            y = n * h
            storm = n in self.storm_rounds
            out.append(
                rect(
                    0.0, y, first, h, fill=STORM_TINT if storm else "#ffffff", stroke=INK, width=0.5
                )
            )
            out.append(Words((first / 2, y + h * 0.7), str(n), 8.5, INK, "middle", "bold"))
            if storm:
                out.append(Shape(((2.0, y + 2.0), (8.0, y + 2.0), (2.0, y + 8.0)), fill=STORM))
            for i in range(slots):
                fill = ADMIRAL_TINT if i >= self.orders else "#ffffff"
                out.append(rect(first + i * slot, y, slot, h, fill=fill, stroke=INK, width=0.5))
                if i >= self.orders:
                    out.append(
                        Circle((first + (i + 1) * slot - 6.0, y + h / 2), 2.5, fill="#8a6d00")
                    )
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)


@dataclass(frozen=True, slots=True)
class SunkTally:
    """One row per fleet: a box for every ship of the roster, labelled with her mark, to cross
    out when she is sunk or captured. ``ships`` is (mark, count) in roster order."""

    fleets: tuple[str, ...]
    ships: tuple[tuple[str, int], ...]
    width: float
    row: float = 30.0
    name_column: float = 110.0

    @property
    def height(self) -> float:
        return len(self.fleets) * self.row

    def items(self) -> list[Item]:
        out: list[Item] = []
        marks = [mark for mark, count in self.ships for _ in range(count)]
        box = min(self.row - 6.0, (self.width - self.name_column) / max(1, len(marks)))
        for r, fleet in enumerate(self.fleets):
            y = r * self.row
            out.append(rect(0.0, y, self.width, self.row, stroke=INK, width=0.5))
            out.append(Words((4.0, y + self.row * 0.62), fleet, 9.0, INK, "start", "bold"))
            for i, mark in enumerate(marks):
                x = self.name_column + i * box
                out.append(rect(x + 1.5, y + 3.0, box - 3.0, self.row - 6.0, stroke=INK, width=0.6))
                out.append(
                    Words((x + box / 2, y + self.row * 0.64), mark, 9.5, INK, "middle", "bold")
                )
        return out

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, FONTS)
