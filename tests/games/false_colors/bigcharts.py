"""Charts of any size, for the limit tests (the same generator ``make bench`` measures)."""

from __future__ import annotations

from pathlib import Path

from pnpkit.games.false_colors.bench import square_chart

__all__ = ["add_chart", "square_chart"]


def add_chart(data: Path, name: str, text: str) -> Path:
    """Write the chart into the false-colors data at ``data`` (a copy)."""
    path = data / "false-colors" / "charts" / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path
