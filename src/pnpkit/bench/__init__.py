"""Benchmarks printed by ``make bench``: figures only, no pass or fail.

Each module here offers ``rows() -> list[Row]``; ``python -m pnpkit.bench`` prints them as one table.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    area: str
    measure: str
    value: str
