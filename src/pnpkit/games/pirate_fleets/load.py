"""``data/pirate-fleets/*.yaml`` → :class:`~pnpkit.games.pirate_fleets.model.PirateFleetsGame`.

Files: ``game.yaml`` (players, pieces, sizes, colours, scaling, reference text), ``actions.yaml``,
``spaces.yaml``, ``tables.yaml``, ``supply.yaml``, ``captains.yaml``. Every field is read from
the model's annotations; every problem in every file is raised together as one DataError.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pnpkit.games.pirate_fleets.model import PirateFleetsGame, Players
from pnpkit.load.schema import Reader

FILES = ("actions.yaml", "spaces.yaml", "tables.yaml", "supply.yaml", "captains.yaml")


def load_pirate_fleets(game_dir: Path) -> PirateFleetsGame:
    reader = Reader()
    game = reader.folder(
        PirateFleetsGame, game_dir, "game.yaml", *FILES, source=str(game_dir / "spaces.yaml")
    )
    for players in reader.built(Players):
        if players.min > players.max:
            reader.add(players, "", f"{players.min}–{players.max} runs backwards", "[fewest, most]")
    reader.problems.raise_if_any()
    assert game is not None
    captains = tuple(replace(c, copies=c.copies or game.captain_copies) for c in game.captains)
    return replace(game, captains=captains)
