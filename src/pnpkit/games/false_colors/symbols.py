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


@dataclass(frozen=True, slots=True)
class OutcomeMark:
    """A check (the attacker wins), a cross (she loses), an equals sign (both sink), a flag (the
    Admiral is captured) or a dash (no fight), drawn ``size`` points square."""

    kind: OutcomeKind
    size: float = 9.0

    @property
    def width(self) -> float:
        return self.size

    @property
    def height(self) -> float:
        return self.size

    def items(self) -> list[Item]:
        s = self.size
        colour = OUTCOME_COLOURS[self.kind]
        w = max(1.0, s * 0.14)
        if self.kind == "win":
            return [
                Shape(
                    ((s * 0.12, s * 0.52), (s * 0.4, s * 0.8), (s * 0.9, s * 0.18)),
                    closed=False,
                    stroke=colour,
                    width=w * 1.2,
                )
            ]
        if self.kind == "lose":
            return [
                Shape(
                    ((s * 0.18, s * 0.18), (s * 0.82, s * 0.82)),
                    closed=False,
                    stroke=colour,
                    width=w * 1.2,
                ),
                Shape(
                    ((s * 0.82, s * 0.18), (s * 0.18, s * 0.82)),
                    closed=False,
                    stroke=colour,
                    width=w * 1.2,
                ),
            ]
        if self.kind == "both":
            return [
                Shape(
                    ((s * 0.15, s * 0.36), (s * 0.85, s * 0.36)),
                    closed=False,
                    stroke=colour,
                    width=w,
                ),
                Shape(
                    ((s * 0.15, s * 0.64), (s * 0.85, s * 0.64)),
                    closed=False,
                    stroke=colour,
                    width=w,
                ),
            ]
        if self.kind == "capture":
            return [
                Shape(
                    ((s * 0.25, s * 0.05), (s * 0.25, s * 0.95)),
                    closed=False,
                    stroke=colour,
                    width=w,
                ),
                Shape(
                    ((s * 0.25, s * 0.08), (s * 0.9, s * 0.27), (s * 0.25, s * 0.48)), fill=colour
                ),
            ]
        return [
            Shape(
                ((s * 0.3, s * 0.5), (s * 0.7, s * 0.5)), closed=False, stroke=colour, width=w * 0.8
            )
        ]

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, _FONTS)


@dataclass(frozen=True, slots=True)
class Dot:
    """A filled circle (e.g. a storm round on the round track), ``size`` points across."""

    colour: str
    size: float = 8.0
    ring: bool = False

    @property
    def width(self) -> float:
        return self.size

    @property
    def height(self) -> float:
        return self.size

    def draw(self, canvas: Any) -> None:
        r = self.size / 2
        item = (
            Circle((r, r), r * 0.8, stroke=self.colour, width=1.2)
            if self.ring
            else Circle((r, r), r * 0.8, fill=self.colour)
        )
        paint(canvas, [item], self.height, _FONTS)
