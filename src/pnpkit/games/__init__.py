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
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnpkit.errors import DataError, Location, PnpkitError, Problem, UsageError
from pnpkit.games.game import Game
from pnpkit.resources import bundled_games, package_folder

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
"""Commands of a game's own (its :attr:`Game.commands` declares them, with this summary):
name → (game, one-line summary). The command line lists them from here and imports the game
only to run one, so ``pnpkit --help`` or ``pnpkit build high-seas`` loads no other game."""

KINDS: dict[str, str] = {
    "cards": "pnpkit.games.cardgame",
}
"""Games made from data alone (``kit: cards`` in ``game.yaml``): kind → package."""


def register(name: str, package: str) -> None:
    """Add a game to the registry (a plug-in or a test's own game)."""
    REGISTRY[name] = package


def game_of(package: str) -> Game[Any, Any]:
    """The game the package ``package`` declares (its ``game`` module's ``GAME``, imported
    now), with its own templates folder."""
    game = importlib.import_module(f"{package}.game").GAME
    if not isinstance(game, Game):
        raise TypeError(f"{package}.GAME is not a pnpkit Game")
    if game.templates is None:
        game = replace(game, templates=package_folder(package, "templates"))
    return game


def registered(name: str) -> Game[Any, Any]:
    """The registered game ``name`` (its package imported now)."""
    return game_of(REGISTRY[name])


def read_checked(name: str, game_dir: Path, refused: str) -> Any:
    """The registered game ``name``'s model of ``game_dir``, read through the game's own read
    path and held to its rules, as ``pnpkit check`` does: a game's own command (``map``,
    ``table-layout``) deals nothing from data that check refuses. A :class:`DataError` or a
    :class:`~pnpkit.errors.CheckFailed` (exit 1) carries check's own lines, then ``refused``
    (what the command does not do)."""
    from pnpkit.errors import CheckFailed

    game = registered(name)
    model = game.read(game_dir)
    found = [str(v) for v in game.violations(model)]
    if found:
        said = f"{len(found)} problem{'s' if len(found) > 1 else ''} that pnpkit check reports"
        raise CheckFailed("\n".join([*found, f"{said}: {refused}"]))
    return model


def kind_of(game_dir: Path, *, required: bool = True) -> str | None:
    """The ``kit:`` a designer's ``game.yaml`` names: a kind of game (``cards``) or a bundled
    game (``high-seas``, in a copy made by ``pnpkit new NAME --from high-seas``). None when there
    is no ``game.yaml``, or no ``kit:`` in it and none is ``required``. A file that cannot be
    read, a missing kit that is required, or a kit that is neither, is a :class:`DataError` at
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
    if kit is None and not required:
        return None
    if not isinstance(kit, ScalarNode):
        raise DataError(
            [
                Problem(
                    (kit or root).where,
                    "kit",
                    "missing: a game that is not bundled with pnpkit names its kind",
                    _kits(),
                )
            ]
        )
    if str(kit.value) not in (*KINDS, *REGISTRY):
        raise DataError(
            [Problem(kit.where, "kit", f"{kit.value!r} is not a kind of game", _kits())]
        )
    return str(kit.value)


def _kits() -> str:
    """The kits a ``game.yaml`` may name: the kinds, then the bundled games."""
    return ", ".join([*KINDS, *REGISTRY])


def find_game(name: str, game_dir: Path) -> Game[Any, Any]:
    """The game of the data folder ``game_dir`` (named ``name``): the kit its ``game.yaml``
    names (a kind, or the bundled game it is a copy of), else the bundled game of that name. A
    folder that is neither is a :class:`DataError` at its ``game.yaml`` (or at the folder when
    it has no ``game.yaml``)."""
    bundled = name in REGISTRY
    try:
        kit = kind_of(game_dir, required=not bundled)
    except DataError as exc:
        if not bundled or any(p.field == "kit" for p in exc.problems):
            raise
        kit = None  # unreadable: the game's own loader reports every problem of every file
    if kit is None and bundled:
        return registered(name)
    if kit is None:
        raise DataError(
            [
                Problem(
                    Location(str(game_dir)), "", "no game.yaml: every game folder starts with one"
                )
            ]
        )
    if kit in REGISTRY:
        return registered(kit).named(name)
    return game_of(KINDS[kit]).named(name)


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
                + bundled_hint(game, data_dir)
            )
    return list(dict.fromkeys(asked)) if asked else known


def bundled_hint(game: str, data_dir: Path) -> str:
    """``game`` is not in ``data_dir``: how to reach it when it is one of the games bundled
    with pnpkit (to follow an error message), or "" when it is not."""
    try:
        bundled = bundled_games()
        here = _is_dir(data_dir) and data_dir.resolve() == bundled
        if here or game not in game_folders(bundled):
            return ""
    except PnpkitError:
        return ""
    return (
        f"; {game!r} is bundled with pnpkit: `pnpkit new --from {game}` copies it into "
        f"{data_dir} to edit, or `--data {bundled}` uses it as it is"
    )


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
    "bundled_hint",
    "chosen_games",
    "find_game",
    "game_folders",
    "game_of",
    "read_checked",
    "register",
]
