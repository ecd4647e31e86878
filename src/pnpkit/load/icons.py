"""The icons a designer's game may name in its text (``:coin:``): the built-in emblems
(:data:`pnpkit.model.vocabulary.EMBLEMS`) and the SVG files of its ``assets/icons/`` folder
(``assets/icons/coin.svg`` is ``:coin:``), each file's name held to
:data:`pnpkit.model.markup.ICON_NAME`."""

from __future__ import annotations

import re
from pathlib import Path

from pnpkit.model.markup import ICON_NAME, as_icon_name
from pnpkit.model.vocabulary import EMBLEMS


def icon_names(game_dir: Path | None) -> tuple[str, ...]:
    """Every icon a game's text may name: the built-in emblems and ``assets/icons/*.svg``."""
    return (*EMBLEMS, *sorted(game_icons(game_dir)))


def game_icons(game_dir: Path | None) -> dict[str, Path]:
    """The icons of a game's ``assets/icons/``: each SVG file whose name is an icon name
    (:func:`misnamed_icons` lists the others)."""
    return {name: path for name, path in _icon_files(game_dir) if _named_well(name, path)}


def misnamed_icons(game_dir: Path | None) -> list[tuple[Path, str]]:
    """Each file of ``assets/icons/`` that would be an icon but for its name (``Gold Coin.svg``,
    ``coin.SVG``), with the name it should have (``gold-coin.svg``): no text could name it."""
    return [
        (path, f"{as_icon_name(name)}.svg")
        for name, path in _icon_files(game_dir)
        if not _named_well(name, path)
    ]


def _icon_files(game_dir: Path | None) -> list[tuple[str, Path]]:
    """Each SVG file of ``assets/icons/`` (``.svg`` in any case) with its name before it."""
    folder = None if game_dir is None else game_dir / "assets" / "icons"
    if folder is None or not folder.is_dir():
        return []
    return [
        (path.name[: -len(".svg")], path)
        for path in sorted(folder.iterdir())
        if path.name.lower().endswith(".svg") and path.is_file()
    ]


def _named_well(name: str, path: Path) -> bool:
    return path.name.endswith(".svg") and re.fullmatch(ICON_NAME, name) is not None
