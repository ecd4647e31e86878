"""What a game is to pnpkit: one :class:`Game` value, registered once in :mod:`pnpkit.games`.

A game declares its hooks once, each a :class:`Hook`: a function named ``module:function``,
imported the first time it is called, so a game's ``game.py`` is a short declaration and
asking for a game loads only what is used (``pnpkit check`` never imports a kit's drawing
code). Every command runs a game through one pipeline (:mod:`pnpkit.app.pipeline`): ``read``
(its :attr:`Game.load` with the checks every game's data passes), :attr:`Game.check` (every rule
the model breaks, each a :class:`~pnpkit.model.violation.Violation`), :attr:`Game.faces` (every
face the kit prints, laid out: what passes check prints), then :attr:`Game.documents` (the kit)
or :attr:`Game.decks` and :attr:`Game.boards` (the exports). A game's own commands are
:class:`Command` values the command line builds its parsers from.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, ParamSpec, TypeVar

from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.model.cards import Deck
from pnpkit.model.violation import Violation
from pnpkit.render.drawable import Drawable

M = TypeVar("M")
"""A game's model: what its loader returns and every other hook takes."""
F = TypeVar("F")
"""What a game's :attr:`Game.faces` returns: every face its kit prints, laid out."""
P = ParamSpec("P")
R = TypeVar("R")


class Hook(Generic[P, R]):
    """A function of a game's, named by ``"package.module:function"`` and imported on its first
    call (then kept). Declared with its type in :class:`Game` (mypy checks that the hooks of one
    game agree on its model); ``tests/games/test_contract.py`` resolves every hook of every
    registered game and holds each function's annotations to the hook's."""

    __slots__ = ("_function", "reference")

    def __init__(self, reference: str) -> None:
        module, _, name = reference.partition(":")
        if not module or not name:
            raise ValueError(f"a hook is 'package.module:function', not {reference!r}")
        self.reference = reference
        self._function: Callable[P, R] | None = None

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        function = self._function or self.resolve()
        return function(*args, **kwargs)

    def resolve(self) -> Callable[P, R]:
        """The function itself (its module imported now)."""
        if self._function is None:
            module, _, name = self.reference.partition(":")
            function: Callable[P, R] = getattr(importlib.import_module(module), name)
            self._function = function
        return self._function

    def __repr__(self) -> str:
        return f"Hook({self.reference!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hook) and other.reference == self.reference

    def __hash__(self) -> int:
        return hash(self.reference)

    def __reduce__(self) -> tuple[type[Hook[..., Any]], tuple[str]]:
        return (Hook, (self.reference,))


@dataclass(frozen=True)
class Argument:
    """One argument of a game's command, as data: ``argparse``'s flags and keywords. The
    command line adds it (:mod:`pnpkit.app.cli`); ``type="natural"`` is a whole number of 0 or
    more. ``shared`` names one of the options every command has, added the command line's way
    (``data``: ``--data DIR``; ``paper``: ``--paper``; ``units``: ``--units``; ``out``:
    ``--out``). The print settings the options ask for, over the user's, are
    ``args.print_settings()`` when the command runs (a
    :class:`~pnpkit.layout.print_settings.PrintSettings`)."""

    flags: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    shared: str = ""


def argument(*flags: str, **options: Any) -> Argument:
    """An argument of a game's command: ``argument("--seed", type="natural", metavar="N")``."""
    return Argument(flags, options)


def shared(name: str, **options: Any) -> Argument:
    """One of the options every command has (``data``, ``paper``, ``units``, ``out``), with
    ``options`` that differ from the usual (``out``: ``default`` and ``help``; ``units``:
    ``note``)."""
    return Argument(options=options, shared=name)


@dataclass(frozen=True)
class Command:
    """A command of a game's own (``pnpkit map``): its name, its one-line summary (the
    registry's, :data:`pnpkit.games.COMMANDS`, which lists it without importing the game), its
    arguments and the function that runs it (given the parsed arguments, returns the exit
    code)."""

    name: str
    summary: str
    arguments: tuple[Argument, ...]
    run: Hook[[argparse.Namespace], int]


@dataclass(frozen=True)
class GameBoard:
    """A board of a game as one picture at 1:1, for the exports (:attr:`Game.boards`): the
    print shop gets it whole with its bleed, Tabletop Simulator as one board object."""

    key: str
    """The name of its export files (``harbour-board``: ``harbour-board.png``), the kit's
    board document's name without ``.pdf``."""
    title: str
    drawing: Drawable
    """The board at its printed size (points), the picture the kit tiles over sheets."""


@dataclass(frozen=True)
class Game(Generic[M, F]):
    """A game: how it is loaded, checked and printed. ``M`` is its model, ``F`` its laid-out
    faces."""

    name: str
    """The data folder's name (``high-seas``), or a kind's name for games made from data alone."""
    load: Hook[[Path], M]
    """Read the game's data folder; a :class:`~pnpkit.errors.DataError` lists every problem."""
    documents: Hook[[M, F, PrintSettings], list[DocumentPlan]]
    """The kit: every document to print, as plans (:mod:`pnpkit.build.write` writes them),
    given the faces :attr:`faces` laid out (None for a game without): the kit prints the very
    faces ``check`` held to print."""
    check: Hook[[M], list[Violation]] | None = None
    """Every rule the model breaks, each placed in the data (``file:line:col: check: message``;
    None for a game with no rules beyond what its loader reads)."""
    faces: Hook[[M, PrintSettings], F] | None = None
    """Lays out every face the kit prints (cards, counters, reference cards): their text fitted
    and their SVG written, nothing drawn and no drawing library loaded; a
    :class:`~pnpkit.errors.DataError` lists every face that cannot be printed, each at its
    field's place in the data. ``check`` runs it on every paper, ``build`` on its paper and hands
    what it returns to :attr:`documents`, so a face that passes ``check`` prints. Every game
    with :attr:`decks` declares it."""
    decks: Hook[[M], list[Deck]] | None = None
    """The card decks, for the exports (None for a game without cards)."""
    boards: Hook[[M], list[GameBoard]] | None = None
    """The boards, each one picture, for the exports (None for a game without boards); a
    :class:`~pnpkit.errors.DataError` lists every board that cannot be drawn."""
    commands: tuple[Command, ...] = ()
    """The game's own commands (``pnpkit map``, ``table-layout``)."""
    report: Hook[[M], list[str]] | None = None
    """What ``check`` prints besides the problems: reports that break no rule (a chart's
    seating report)."""
    warnings: Hook[[M], list[str]] | None = None
    """What ``check`` and ``build`` say as warnings: data the kit leaves unused that a designer
    most likely meant to use (a declared field no face prints, a sheet no deck reads). They
    stop nothing."""
    templates: Path | None = None
    """The game's own face templates (``pnpkit/games/<game>/templates/``; the registry fills
    it in), searched after the designer's and before the built-in ones."""

    def __post_init__(self) -> None:
        if self.decks is not None and self.faces is None:
            raise TypeError(
                f"game {self.name!r} declares decks but no faces: check lays out every face a "
                "kit prints, so that what passes check prints"
            )

    def read(self, game_dir: Path) -> M:
        """:attr:`load` the data folder ``game_dir`` with what no loader checks: data files stay
        inside the data folder, and every character of the data has a glyph in the embedded
        font (:func:`pnpkit.games.printable.read_game`). Every command reads a game this way."""
        from pnpkit.games.printable import read_game

        return read_game(self.load, game_dir)

    def violations(self, model: M) -> list[Violation]:
        """Every rule ``model`` breaks (:attr:`check`; none for a game that declares no
        checks): what ``check`` prints and what stops ``build``, ``export`` and a game's own
        commands."""
        return self.check(model) if self.check is not None else []

    def named(self, name: str) -> Game[M, F]:
        """This game serving the data folder ``name`` (a designer's own card game, or a copy
        of a bundled game under another name)."""
        return replace(self, name=name)

    def template_folders(self, game_dir: Path) -> tuple[Path, ...]:
        """Where the faces of the game in ``game_dir`` are looked up, before the built-in
        templates: the designer's ``game_dir/templates/`` (a template there replaces the one of
        the same name), then the game's own."""
        own = (self.templates,) if self.templates is not None else ()
        return (game_dir / "templates", *own)

    def settings_for(self, game_dir: Path, settings: PrintSettings) -> PrintSettings:
        """``settings`` with the template folders of the game in ``game_dir``."""
        return replace(settings, templates=self.template_folders(game_dir))
