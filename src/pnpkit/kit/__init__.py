"""Kits: a game's documents, written atomically and verified. ``build_kits`` is the entry point;
the registry of games is :data:`pnpkit.kit.registry.KITS`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnpkit.errors import UsageError
from pnpkit.layout.paper import LETTER, Paper, by_name


def build_kits(
    games: Sequence[str] | None,
    data_dir: Path | str,
    out_dir: Path | str,
    paper: Paper | str = LETTER,
) -> list[Path]:
    """Build the kits of ``games`` (all registered games with data when empty) from
    ``data_dir/<game>`` into ``out_dir/<game>``; returns every file written."""
    from pnpkit.kit.registry import KITS

    data, out = Path(data_dir), Path(out_dir)
    sheet = by_name(paper) if isinstance(paper, str) else paper
    chosen = list(games) if games else [name for name in KITS if (data / name).is_dir()]
    unknown = [name for name in chosen if name not in KITS]
    if unknown:
        raise UsageError(f"no kit for {', '.join(unknown)} (allowed: {', '.join(KITS)})")
    written: list[Path] = []
    for name in chosen:
        written.extend(KITS[name](data / name, out / name, sheet))
    return written


__all__ = ["build_kits"]
