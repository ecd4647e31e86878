"""What a game is to pnpkit: one :class:`Game` value, registered once in :mod:`pnpkit.games`.

Every command asks the registry and then the game: ``check`` loads and checks, ``build`` loads,
checks and writes the documents, ``export`` asks for the decks, ``watch`` rebuilds. A game
declares, in one place, how it loads its data folder, its rule checks, its documents, its card
decks (for the print-shop and Tabletop Simulator exports) and any command of its own.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from pnpkit.build.options import BuildOptions
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model.cards import Deck

M = TypeVar("M")

Commands = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]


@dataclass(frozen=True)
class Game(Generic[M]):
    """A game: how it is loaded, checked and printed. ``M`` is its model."""

    name: str
    """The data folder's name (``high-seas``), or a kind's name for games made from data alone."""
    load: Callable[[Path], M]
    """Read the game's data folder; a :class:`~pnpkit.errors.DataError` lists every problem."""
    check: Callable[[M], list[str]]
    """Every rule the model breaks, one line each (``file:line:col: check: message``)."""
    documents: Callable[[M, BuildOptions], list[DocumentPlan]]
    """The kit: every document to print, as plans (:mod:`pnpkit.build.write` writes them)."""
    decks: Callable[[M], list[Deck]] | None = None
    """The card decks, for the exports (None for a game without cards)."""
    commands: Commands | None = None
    """Adds the game's own commands to the command line (``pnpkit map``, ``table-layout``)."""
    report: Callable[[M], list[str]] | None = None
    """What ``check`` prints besides the problems: reports that break no rule (a chart's
    seating report)."""
    faces: Callable[[M, BuildOptions], object] | None = None
    """Lays out every face the kit prints (cards, counters, reference cards): their text fitted
    and their SVG written, nothing drawn and no drawing library loaded; a
    :class:`~pnpkit.errors.DataError` lists every face that cannot be printed, each at its
    field's place in the data. :attr:`documents` prints what this returns, and ``check`` runs it,
    so a face that passes ``check`` prints (None for a kit without faces)."""
    templates: Path | None = None
    """The game's own face templates (``pnpkit/games/<game>/templates/``; the registry fills
    it in), searched after the designer's and before the built-in ones."""

    def read(self, game_dir: Path) -> M:
        """:attr:`load` the data folder ``game_dir`` with what no loader checks: data files stay
        inside the data folder, and every character of the data has a glyph in the embedded
        font (:func:`pnpkit.games.printable.read_game`). Every command reads a game this way."""
        from pnpkit.games.printable import read_game

        return read_game(self.load, game_dir)

    def named(self, name: str) -> Game[M]:
        """This game serving the data folder ``name`` (a designer's own card game, or a copy
        of a bundled game under another name)."""
        return replace(self, name=name)

    def template_folders(self, game_dir: Path) -> tuple[Path, ...]:
        """Where the faces of the game in ``game_dir`` are looked up, before the built-in
        templates: the designer's ``game_dir/templates/`` (a template there replaces the one of
        the same name), then the game's own."""
        own = (self.templates,) if self.templates is not None else ()
        return (game_dir / "templates", *own)

    def options_for(self, game_dir: Path, options: BuildOptions) -> BuildOptions:
        """``options`` with the template folders of the game in ``game_dir``."""
        return replace(options, templates=self.template_folders(game_dir))


def lines(violations: list[Any], where: str) -> list[str]:
    """Violations as the lines ``check`` prints: each violation's own ``str``, after ``where``
    (the game's data) when the violation names no place of its own."""
    return [str(v) if getattr(v, "source", "") else f"{where}: {v}" for v in violations]
