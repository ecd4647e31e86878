"""Which games have a kit, and the function that builds each: ``{data folder: builder}``.

A builder takes the game's data folder, the output folder and the :class:`BuildOptions`
(paper, back offset, progress, which documents), writes and verifies every document it is asked
for, and returns their paths. Add a game with one line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnpkit.kit import bvp, highseas, piratefleets, tabletop
from pnpkit.kit.false_colors import build_false_colors
from pnpkit.kit.options import BuildOptions, card_kit

Builder = Callable[[Path, Path, BuildOptions], list[Path]]

KITS: dict[str, Builder] = {
    "british-vs-pirates": card_kit(bvp.build),
    "false-colors": build_false_colors,
    "high-seas": card_kit(highseas.build),
    "pirate-fleets": card_kit(piratefleets.build),
    "tabletop-fleets": card_kit(tabletop.build),
}
