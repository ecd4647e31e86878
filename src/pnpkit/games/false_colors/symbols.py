"""Small vector symbols for tables: fight outcomes (the fonts lack ✓ ✕ ⚑), storm and orders marks.

Each symbol is a tiny :class:`Drawable`; shape, not only colour, tells them apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pnpkit.render.vector import Circle, FontNames, Item, Shape, paint

OutcomeKind = Literal["win", "lose", "both", "capture", "none"]

OUTCOME_COLOURS: dict[str, str] = {
    "win": "#1b7837",
    "lose": "#b2182b",
    "both": "#444444",
    "capture": "#1f4e79",
    "none": "#999999",
}

_FONTS = FontNames("SourceSansPro-Regular", "SourceSansPro-Bold", "SourceSansPro-It")


class Squared:
    """A symbol drawn in a square ``size`` points a side."""

    __slots__ = ()
    size: float

    @property
    def width(self) -> float:
        return self.size

    @property
    def height(self) -> float:
        return self.size


@dataclass(frozen=True, slots=True)
class OutcomeMark(Squared):
    """A check (the attacker wins), a cross (she loses), an equals sign (both sink), a flag (the
    Admiral is captured) or a dash (no fight), drawn ``size`` points square."""

    kind: OutcomeKind
    size: float = 9.0

    def items(self) -> list[Item]:
        s = self.size
        colour = OUTCOME_COLOURS[self.kind]
        w = max(1.0, s * 0.14)

        def line(width: float, *points: tuple[float, float]) -> Shape:
            """An open stroke through ``points`` given as fractions of the symbol's size."""
            return Shape(
                tuple((s * x, s * y) for x, y in points), closed=False, stroke=colour, width=width
            )

        if self.kind == "win":
            return [line(w * 1.2, (0.12, 0.52), (0.4, 0.8), (0.9, 0.18))]
        if self.kind == "lose":
            return [
                line(w * 1.2, (0.18, 0.18), (0.82, 0.82)),
                line(w * 1.2, (0.82, 0.18), (0.18, 0.82)),
            ]
        if self.kind == "both":
            return [line(w, (0.15, 0.36), (0.85, 0.36)), line(w, (0.15, 0.64), (0.85, 0.64))]
        if self.kind == "capture":
            return [
                line(w, (0.25, 0.05), (0.25, 0.95)),
                Shape(
                    ((s * 0.25, s * 0.08), (s * 0.9, s * 0.27), (s * 0.25, s * 0.48)), fill=colour
                ),
            ]
        return [line(w * 0.8, (0.3, 0.5), (0.7, 0.5))]

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, _FONTS)


@dataclass(frozen=True, slots=True)
class Dot(Squared):
    """A filled circle (e.g. a storm round on the round track), ``size`` points across."""

    colour: str
    size: float = 8.0
    ring: bool = False

    def draw(self, canvas: Any) -> None:
        r = self.size / 2
        item = (
            Circle((r, r), r * 0.8, stroke=self.colour, width=1.2)
            if self.ring
            else Circle((r, r), r * 0.8, fill=self.colour)
        )
        paint(canvas, [item], self.height, _FONTS)
