"""``data/high-seas/game.yaml`` → :class:`~pnpkit.games.high_seas.model.HighSeasGame`.

Every field is read from the model's annotations (:mod:`pnpkit.load.schema`); every problem in
the file is collected and raised together as one DataError.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.games.high_seas.model import HighSeasGame
from pnpkit.load.schema import Reader


def load_high_seas(game_dir: Path) -> HighSeasGame:
    path = game_dir / "game.yaml"
    reader = Reader()
    game = reader.file(HighSeasGame, path, source=str(path))
    reader.problems.raise_if_any()
    assert game is not None
    return game
