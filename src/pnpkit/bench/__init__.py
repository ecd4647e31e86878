"""Benchmarks printed by ``make bench``: figures only, no pass or fail.

Each module here offers ``rows() -> list[Row]``; ``python -m pnpkit.bench`` prints them as one table.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the benchmark table: the area, what was measured, and the figure as text."""

    area: str
    measure: str
    value: str
