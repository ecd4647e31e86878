"""British vs Pirates tests: the game's folder name and one way to break its data."""

from pathlib import Path

from tests.writing import replace_once

GAME = "british-vs-pirates"


def edit(data: Path, name: str, old: str, new: str) -> Path:
    """Replace ``old`` by ``new`` once in the game's file ``name``; the file."""
    path = data / GAME / name
    replace_once(path, old, new)
    return path
