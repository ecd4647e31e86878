"""What a designer put in the data folder that no game reads: said, never skipped in silence.

Two things are noted, by ``check`` and ``build`` alike, as ``warning:`` lines (the kit still
builds: the data it does read is whole):

- a folder of the data folder with no ``.yaml`` file in it is not a game (:func:`not_games`),
  so a command over every game passes it by (an empty folder, a game whose files are all
  ``.yml``);
- a data file (:data:`DATA_SUFFIXES`) in a game's folder that loading the game never opened
  (:func:`unread_files`): ``crew.yaml`` beside a game whose crew is in ``game.yaml``, a chart
  saved as ``charts/extra.yml`` where the game reads ``charts/*.yaml``. What a game reads is
  not listed anywhere but found as it happens: every file opened while it loads
  (:func:`pnpkit.app.read_audit.recording_reads`, an audit hook on ``open``), so a game's own reader is never out of
  step with the warning.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

DATA_SUFFIXES = (".yaml", ".yml", ".csv", ".tsv", ".xlsx", ".json", ".toml")
"""What a data file is named (art, templates and notes such as README.md are not data)."""


def _hidden(path: Path, top: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(top).parts)


def _real(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()


def unread_files(game: str, game_dir: Path, reads: Iterable[str]) -> list[str]:
    """One warning line per data file under ``game_dir`` not among ``reads``, naming the data
    files the game did read (a misspelt name shows beside the right one)."""
    # (only data files are looked up: the modules a first build imports are opened too)
    opened = {_real(Path(name)) for name in reads if name.lower().endswith(DATA_SUFFIXES)}
    try:
        files = sorted(
            path
            for path in game_dir.rglob("*")
            if path.suffix.lower() in DATA_SUFFIXES
            and path.is_file()
            and not _hidden(path, game_dir)
        )
    except OSError:
        return []
    read = [p.relative_to(game_dir).as_posix() for p in files if _real(p) in opened]
    return [
        f"{path}: {game} never reads this file: nothing in it reaches the kit "
        f"(it reads {', '.join(read) or 'no file here'}; rename or remove it)"
        for path in files
        if _real(path) not in opened
    ]


def not_games(data_dir: Path, games: Iterable[str]) -> list[str]:
    """One warning line per folder of ``data_dir`` that is not among ``games`` (no ``.yaml``
    file in it): a command over every game passes it by."""
    known = set(games)
    try:
        folders = sorted(p for p in data_dir.iterdir() if p.is_dir())
    except OSError:
        return []
    return [
        f"{folder}: no .yaml file here, so it is not a game and is skipped "
        "(a game folder holds game.yaml)"
        for folder in folders
        if folder.name not in known
        and not folder.name.startswith(".")
        and folder.name != "__pycache__"
    ]
