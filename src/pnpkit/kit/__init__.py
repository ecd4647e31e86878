"""Kits: a game's documents, written atomically (each file, and the kit as a whole: see
:mod:`pnpkit.kit.output`) and verified. ``build_kits`` is the entry point;
the registry of games is :data:`pnpkit.kit.registry.KITS`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnpkit.errors import UsageError
from pnpkit.kit.options import BuildOptions, as_options
from pnpkit.layout.paper import Paper

if TYPE_CHECKING:
    from pnpkit.kit.registry import Builder


def build_kits(
    games: Sequence[str] | None,
    data_dir: Path | str,
    out_dir: Path | str,
    options: BuildOptions | Paper | str | None = None,
) -> list[Path]:
    """Build the kits of ``games`` (all registered games with data when empty) from
    ``data_dir/<game>`` into ``out_dir/<game>``; returns every file written.

    ``options`` is a :class:`BuildOptions` (or, for short, just the paper or its name)."""
    data, out = Path(data_dir), Path(out_dir)
    chosen = as_options(options)
    builders = kits_in(data)
    names = list(games) if games else list(builders)
    unknown = [name for name in names if name not in builders]
    if unknown:
        raise UsageError(f"no kit for {', '.join(unknown)} (allowed: {', '.join(builders)})")
    written: list[Path] = []
    for name in names:
        written.extend(_build_staged(builders[name], data / name, out / name, chosen))
    return written


def _build_staged(
    builder: Builder, data_dir: Path, out_dir: Path, options: BuildOptions
) -> list[Path]:
    """Run ``builder`` into a staging folder; its documents replace the old ones only once all
    are written and verified (:mod:`pnpkit.kit.output`). Progress is reported then, one path
    per document in the order written, each already in its place."""
    from pnpkit.kit.output import final_path, staged

    report = options.report
    heard: list[Path] = []
    with staged(out_dir) as stage:
        paths = builder(data_dir, stage, replace(options, report=heard.append))
    if report is not None:
        for path in heard:
            report(final_path(path, stage, out_dir))
    return [final_path(path, stage, out_dir) for path in paths]


def kits_in(data_dir: Path) -> dict[str, Builder]:
    """The builder of every game folder in ``data_dir`` that has a kit: the registered games,
    then every generic card game (``kit: cards`` in its ``game.yaml``), sorted by name."""
    from pnpkit.kit.cardgame import build as build_card_game
    from pnpkit.kit.cardgame import is_card_game
    from pnpkit.kit.options import card_kit
    from pnpkit.kit.registry import KITS

    found: dict[str, Builder] = {name: KITS[name] for name in KITS if (data_dir / name).is_dir()}
    if data_dir.is_dir():
        for folder in sorted(p for p in data_dir.iterdir() if p.is_dir()):
            if folder.name not in found and is_card_game(folder):
                found[folder.name] = card_kit(build_card_game)
    return dict(sorted(found.items()))


__all__ = ["BuildOptions", "build_kits", "kits_in"]
