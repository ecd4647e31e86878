"""Which games have a kit, and the function that builds each: ``{data folder: builder}``.

A builder takes the game's data folder, the output folder and the :class:`BuildOptions`
(paper, back offset, progress, which documents), writes and verifies every document it is asked
for, and returns their paths. Add a game with one line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnpkit.kit.bvp import build_kit as build_british_vs_pirates
from pnpkit.kit.false_colors import build_false_colors
from pnpkit.kit.highseas import build_kit as build_high_seas
from pnpkit.kit.options import BuildOptions
from pnpkit.kit.piratefleets import build_kit as build_pirate_fleets
from pnpkit.kit.tabletop import build_kit as build_tabletop_fleets

Builder = Callable[[Path, Path, BuildOptions], list[Path]]

KITS: dict[str, Builder] = {
    "british-vs-pirates": build_british_vs_pirates,
    "false-colors": build_false_colors,
    "high-seas": build_high_seas,
    "pirate-fleets": build_pirate_fleets,
    "tabletop-fleets": build_tabletop_fleets,
}
