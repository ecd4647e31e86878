"""Charts of any size, for the limit tests: a duel-like chart of ``side`` × ``side`` cells
(two seats on facing edges, a 2 × 2 Capital, two harbors, symmetric under a half turn)."""

from __future__ import annotations

from pathlib import Path


def column(index: int) -> str:
    """The printed column label of column ``index`` (0 → A, 26 → AA)."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(65 + rest) + label
    return label


def square_chart(name: str, side: int, cell_size: str = "1.25in") -> str:
    half = side // 2
    return f"""name: {name}
title: The {name} chart
shape: square
width: {side}
height: {side}
cell_size: {cell_size}
rounds: 24
symmetry:
  rotations: 2
  reflections: false
storm:
  closes_after_rounds: [13, 18, 22]
seats:
  - name: North
    anchorage: {column(half - 2)}1:{column(half + 1)}4
  - name: South
    anchorage: {column(half - 2)}{side - 3}:{column(half + 1)}{side}
capital: {column(half - 1)}{half}:{column(half)}{half + 1}
harbors: [B{half + 1}, {column(side - 2)}{half}]
islands: [C{half + 1}, {column(side - 3)}{half}]
seatings:
  - captains: 2
    seats: [0, 1]
"""


def add_chart(data: Path, name: str, text: str) -> Path:
    """Write the chart into the false-colors data at ``data`` (a copy)."""
    path = data / "false-colors" / "charts" / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path
