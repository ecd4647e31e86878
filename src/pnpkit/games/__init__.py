"""The one registry of games. Every command finds a game here, and only here.

:data:`REGISTRY` maps each bundled game's data folder to its package, whose ``game`` module
holds its :class:`~pnpkit.games.game.Game` (as ``GAME``); :data:`KINDS` maps a game kind, named by
``kit:`` in a designer's ``game.yaml``, to the package of the game that serves it. A game's
package is imported only when that game is asked for, so building one game loads one game.

Add a game: one folder under ``src/pnpkit/games/`` whose ``game.py`` defines ``GAME``, and
one line here.
"""

from __future__ import annotations

import difflib
import importlib
from pathlib import Path
from typing import Any

from pnpkit.errors import DataError, Location, Problem, UsageError
from pnpkit.games.game import Game

REGISTRY: dict[str, str] = {
    "british-vs-pirates": "pnpkit.games.british_vs_pirates",
    "false-colors": "pnpkit.games.false_colors",
    "high-seas": "pnpkit.games.high_seas",
    "pirate-fleets": "pnpkit.games.pirate_fleets",
    "tabletop-fleets": "pnpkit.games.tabletop_fleets",
}
"""Bundled games: data folder → package."""

COMMANDS: dict[str, tuple[str, str]] = {
    "map": ("false-colors", "deal a random-island chart"),
    "table-layout": ("tabletop-fleets", "deal islands on a 4 ft table (tabletop-fleets)"),
}
"""Commands of a game's own (its :attr:`Game.commands` adds them): name → (game, one-line
summary). The command line lists them from here and imports the game only to run one, so
``pnpkit --help`` or ``pnpkit build high-seas`` loads no other game."""

KINDS: dict[str, str] = {
    "cards": "pnpkit.games.cardgame",
}
"""Games made from data alone (``kit: cards`` in ``game.yaml``): kind → package."""


def register(name: str, package: str) -> None:
    """Add a game to the registry (a plug-in or a test's own game)."""
    REGISTRY[name] = package


def _game_of(package: str) -> Game[Any]:
    game = importlib.import_module(f"{package}.game").GAME
    if not isinstance(game, Game):
        raise TypeError(f"{package}.GAME is not a pnpkit Game")
    return game


def registered(name: str) -> Game[Any]:
    """The registered game ``name`` (its package imported now)."""
    return _game_of(REGISTRY[name])


def kind_of(game_dir: Path) -> str | None:
    """The ``kit:`` a designer's ``game.yaml`` names (None when there is no ``game.yaml``). A
    file that cannot be read, or names no kind or an unknown one, is a :class:`DataError` at
    its line: a broken game is reported, never skipped."""
    import os

    from pnpkit.load.nodes import MapNode, ScalarNode
    from pnpkit.load.yamlnode import data_folder, load_yaml

    path = game_dir / "game.yaml"
    if not os.path.lexists(path):  # a FIFO, a folder or a broken link is read, and refused
        return None
    with data_folder(game_dir.parent):
        root = load_yaml(path, [])
    kit = root.get("kit") if isinstance(root, MapNode) else None
    if not isinstance(kit, ScalarNode):
        raise DataError(
            [
                Problem(
                    (kit or root).where,
                    "kit",
                    "missing: a game that is not bundled with pnpkit names its kind",
                    ", ".join(KINDS),
                )
            ]
        )
    if kit.value not in KINDS:
        raise DataError(
            [Problem(kit.where, "kit", f"{kit.value!r} is not a kind of game", ", ".join(KINDS))]
        )
    return str(kit.value)


def find_game(name: str, game_dir: Path) -> Game[Any]:
    """The game of the data folder ``game_dir`` (named ``name``): a registered game, or the kind
    its ``game.yaml`` declares. A folder that is neither is a :class:`DataError` at its
    ``game.yaml`` (or a :class:`UsageError` when the folder has no ``game.yaml``)."""
    if name in REGISTRY:
        return registered(name)
    kind = kind_of(game_dir)
    if kind is None:
        raise DataError(
            [
                Problem(
                    Location(str(game_dir)), "", "no game.yaml: every game folder starts with one"
                )
            ]
        )
    return _game_of(KINDS[kind]).named(name)


def game_folders(data_dir: Path) -> list[str]:
    """The game folders under ``data_dir`` (a folder holding YAML), sorted."""
    if not _is_dir(data_dir):
        raise UsageError(f"no data folder at {data_dir} (use --data DIR)")
    return sorted(p.name for p in data_dir.iterdir() if p.is_dir() and any(p.glob("*.yaml")))


def chosen_games(data_dir: Path, asked: list[str] | tuple[str, ...]) -> list[str]:
    """``asked`` (every game folder when empty), each checked to exist; an unknown name is a
    usage error with a did-you-mean and the games there."""
    known = game_folders(data_dir)
    for game in asked:
        if game not in known:
            close = difflib.get_close_matches(game, known, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise UsageError(
                f"unknown game {game!r}{hint} (available: {', '.join(known) or 'none'})"
            )
    return list(dict.fromkeys(asked)) if asked else known


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a name too long for the file system, say: no folder there either
        return False


__all__ = [
    "COMMANDS",
    "KINDS",
    "REGISTRY",
    "Game",
    "chosen_games",
    "find_game",
    "game_folders",
    "register",
]
