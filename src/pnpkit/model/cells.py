"""Cells of square and hex charts: small immutable values with pure geometry.

Square cells are ``Square(x, y)``: x the column from the left, y the row from the top, both from 0.
Their printed label is the column letter and the row number: ``Square(0, 0)`` is ``A1``.

Hex cells are axial ``Hex(q, r)`` with the centre at ``(0, 0)`` and ``s = -q - r``. Rows run
along r (top row r = -radius); the printed label is the row letter and the 1-based position
from the left in that row: on a radius-8 chart the centre is ``I9``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LABEL = re.compile(r"^([A-Z]{1,2})([0-9]{1,3})$")


def column_letters(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA."""
    if index < 0:
        raise ValueError(f"negative column {index}")
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """A → 0, Z → 25, AA → 26."""
    value = 0
    for ch in letters:
        value = value * 26 + (ord(ch) - ord("A") + 1)
    return value - 1


def split_label(label: str) -> tuple[int, int] | None:
    """``"C7"`` → ``(2, 7)``: the letters as a 0-based index and the number as written."""
    match = _LABEL.match(label.strip().upper())
    if match is None:
        return None
    return column_index(match.group(1)), int(match.group(2))


@dataclass(frozen=True, slots=True, order=True)
class Square:
    """A square cell: ``x`` the column from the left, ``y`` the row from the top, both from 0."""

    x: int
    y: int

    def neighbours(self) -> tuple[Square, ...]:
        """The four cells sharing an edge, in a fixed order (N, E, S, W)."""
        x, y = self.x, self.y
        return (Square(x, y - 1), Square(x + 1, y), Square(x, y + 1), Square(x - 1, y))

    def touching(self) -> tuple[Square, ...]:
        """The eight cells sharing an edge or a corner."""
        return tuple(
            Square(self.x + dx, self.y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy
        )

    def distance(self, other: Square) -> int:
        """Steps along rows and columns (ships never move diagonally)."""
        return abs(self.x - other.x) + abs(self.y - other.y)

    def rotated(self, turns: int, width: int, height: int) -> Square:
        """Turned ``turns`` quarter turns clockwise about the centre of a width × height chart.

        Odd turns need a square chart.
        """
        turns %= 4
        if turns % 2 and width != height:
            raise ValueError("a quarter turn needs a square chart")
        x, y = self.x, self.y
        for _ in range(turns):
            x, y = width - 1 - y, x
        return Square(x, y)

    def mirrored(self, width: int) -> Square:
        """Reflected left to right."""
        return Square(width - 1 - self.x, self.y)

    def label(self) -> str:
        return f"{column_letters(self.x)}{self.y + 1}"

    @staticmethod
    def parse(label: str) -> Square | None:
        parts = split_label(label)
        if parts is None or parts[1] < 1:
            return None
        return Square(parts[0], parts[1] - 1)


HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex cell in axial coordinates ``(q, r)``, the centre at ``(0, 0)`` and ``s = -q - r``."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def neighbours(self) -> tuple[Hex, ...]:
        """The six hexes sharing a side, in a fixed order."""
        return tuple(Hex(self.q + dq, self.r + dr) for dq, dr in HEX_DIRECTIONS)

    def distance(self, other: Hex) -> int:
        dq, dr = self.q - other.q, self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))

    def length(self) -> int:
        """Distance from the centre."""
        return max(abs(self.q), abs(self.r), abs(self.s))

    def rotated(self, turns: int) -> Hex:
        """Turned ``turns`` sixth turns (60°) clockwise about the centre, on a pointy-top layout
        where +q points right and +r points down-right."""
        q, r = self.q, self.r
        for _ in range(turns % 6):
            q, r = -r, q + r
        return Hex(q, r)

    def mirrored(self) -> Hex:
        """Reflected left to right (the r axis is kept, rows stay rows)."""
        return Hex(-self.q - self.r, self.r)

    def label(self, radius: int) -> str:
        q_min = max(-radius, -radius - self.r)
        return f"{column_letters(self.r + radius)}{self.q - q_min + 1}"

    @staticmethod
    def parse(label: str, radius: int) -> Hex | None:
        parts = split_label(label)
        if parts is None:
            return None
        r = parts[0] - radius
        if not -radius <= r <= radius:
            return None
        q_min = max(-radius, -radius - r)
        q_max = min(radius, radius - r)
        q = q_min + parts[1] - 1
        if not q_min <= q <= q_max:
            return None
        return Hex(q, r)


Cell = Square | Hex
