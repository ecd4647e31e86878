"""Charts of any size, for the limit tests (the same generator ``make bench`` measures)."""

from __future__ import annotations

from pathlib import Path

from bench.games.false_colors import square_chart

__all__ = ["add_chart", "square_chart"]


def add_chart(data: Path, side: int, cell_size: str = "1.25in") -> Path:
    """Replace the duel chart in the false-colors data at ``data`` (a copy) by one of ``side``
    cells a side: the game's file names its charts."""
    path = data / "false-colors" / "charts" / "duel.yaml"
    path.write_text(square_chart("duel", side, cell_size), encoding="utf-8")
    return path
