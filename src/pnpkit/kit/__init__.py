"""Kits: a game's documents, written atomically and verified. ``build_kits`` is the entry point;
the registry of games is :data:`pnpkit.kit.registry.KITS`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnpkit.errors import UsageError
from pnpkit.kit.options import BuildOptions, as_options
from pnpkit.layout.paper import Paper


def build_kits(
    games: Sequence[str] | None,
    data_dir: Path | str,
    out_dir: Path | str,
    options: BuildOptions | Paper | str | None = None,
) -> list[Path]:
    """Build the kits of ``games`` (all registered games with data when empty) from
    ``data_dir/<game>`` into ``out_dir/<game>``; returns every file written.

    ``options`` is a :class:`BuildOptions` (or, for short, just the paper or its name)."""
    from pnpkit.kit.registry import KITS

    data, out = Path(data_dir), Path(out_dir)
    chosen = as_options(options)
    names = list(games) if games else [name for name in KITS if (data / name).is_dir()]
    unknown = [name for name in names if name not in KITS]
    if unknown:
        raise UsageError(f"no kit for {', '.join(unknown)} (allowed: {', '.join(KITS)})")
    written: list[Path] = []
    for name in names:
        written.extend(KITS[name](data / name, out / name, chosen))
    return written


__all__ = ["BuildOptions", "build_kits"]
