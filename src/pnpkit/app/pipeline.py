"""The one way every command runs a game: find → read → check → faces, then the documents
(``build``, ``watch``, ``serve``) or the decks and boards (``export``, ``proof``).

``pnpkit check`` and ``pnpkit new`` run :func:`examine` (every problem: the data's, the rules',
every face laid out as the build lays it out, on each paper a kit is printed on); ``build``
and ``export`` run :func:`checked` (the same reading and the same rules, refused when any
breaks), then the kit's documents or decks, which print the faces :attr:`Game.faces
<pnpkit.games.game.Game.faces>` lays out. One path, so what passes ``check`` builds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnpkit.app.read_audit import recording_reads
from pnpkit.errors import CheckFailed, DataError, PartlyRead, Problem
from pnpkit.games import find_game
from pnpkit.games.game import Game, GameBoard
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.print_settings import DEFAULTS, PrintSettings
from pnpkit.model.cards import Deck
from pnpkit.model.violation import Violation
from pnpkit.workers import allowed, cancel_later, processes


@dataclass
class Read:
    """A game read from its data folder, with what its rules say of it."""

    game: Game[Any, Any]
    game_dir: Path
    model: Any
    violations: list[Violation]
    """Every rule the model breaks (a kit is never printed from data that breaks one)."""
    reads: set[str] = field(default_factory=set)
    """The files reading and checking the game opened (:mod:`pnpkit.app.read_audit`)."""


def read(game: Game[Any, Any], game_dir: Path) -> Read:
    """Read the game in ``game_dir`` (a :class:`~pnpkit.errors.DataError` lists every problem
    of its data) and check its rules. When the data has problems, the faces of what read well
    are laid out all the same (the loader's :class:`~pnpkit.errors.PartlyRead`), and the
    DataError lists their problems too: every problem in one run."""
    with recording_reads() as reads:
        try:
            model = game.read(game_dir)
        except PartlyRead as exc:
            found = [*exc.problems, *_faces_of_the_rest(game, game_dir, exc)]
            found.sort(key=lambda p: (p.where.file, p.where.line, p.where.column))
            raise DataError(found) from None
        violations = game.violations(model)
    return Read(game, game_dir, model, violations, reads)


def _faces_of_the_rest(game: Game[Any, Any], game_dir: Path, exc: PartlyRead) -> list[Problem]:
    """The problems of every face of what read well (``exc.model``), as :func:`face_problems`
    finds them, but for one said already at the same place."""
    said = {(str(p.where), p.field) for p in exc.problems}
    rest = Read(game, game_dir, exc.model, [])
    return [p for p in face_problems(rest) if (str(p.where), p.field) not in said]


def checked(game: Game[Any, Any], game_dir: Path) -> Read:
    """:func:`read`, refused with :class:`~pnpkit.errors.CheckFailed` when a rule is broken:
    what ``build`` and ``export`` start from."""
    done = read(game, game_dir)
    if done.violations:
        raise CheckFailed("\n".join(str(v) for v in done.violations))
    return done


def documents(done: Read, settings: PrintSettings) -> list[DocumentPlan]:
    """The kit of a checked game printed with ``settings`` (and the game's template folders):
    every document to print, printing the faces :attr:`Game.faces
    <pnpkit.games.game.Game.faces>` lays out on the build's paper (a
    :class:`~pnpkit.errors.DataError` for a face that cannot be printed, as
    :func:`face_problems` finds it for ``check``)."""
    game = done.game
    settings = game.settings_for(done.game_dir, settings)
    # what faces laid out later read (pnpkit.workers.forked_later) is heard in done.reads too
    faces = game.faces
    with recording_reads(done.reads):
        try:
            laid = faces(done.model, settings) if faces is not None else None
        except DataError:
            if faces is not None and cancel_later():  # some were still being laid out
                with allowed(processes()):  # lay them all out now, to say every problem
                    faces(done.model, settings)
            raise
        return game.documents(done.model, laid, settings)


def decks(done: Read) -> list[Deck]:
    """The card decks of a checked game (none for a game without cards)."""
    return done.game.decks(done.model) if done.game.decks is not None else []


def boards(done: Read) -> list[GameBoard]:
    """The boards of a checked game, each one picture (none for a game without boards)."""
    return done.game.boards(done.model) if done.game.boards is not None else []


@dataclass
class Examined:
    """Everything ``pnpkit check`` says of one game."""

    report: list[str]
    """What breaks no rule (a chart's seating report)."""
    violations: list[Violation]
    """Every rule the game breaks."""
    faces: list[Problem]
    """Every face that cannot be printed (only looked at when no rule is broken, as in the
    build)."""
    reads: set[str]
    """Every file it took."""
    warnings: list[str] = field(default_factory=list)
    """What the game warns of in its data (a field no face prints)."""


def examine(name: str, game_dir: Path, settings: PrintSettings = DEFAULTS) -> Examined:
    """The game ``name`` in ``game_dir`` as ``pnpkit check`` holds it: read (a DataError
    lists every problem of its data), its rules, and, when they pass, every face laid out as
    the build lays it out (:func:`face_problems`, with ``settings``)."""
    done = read(find_game(name, game_dir), game_dir)
    report = done.game.report(done.model) if done.game.report is not None else []
    warnings = game_warnings(done)
    faces: list[Problem] = []
    if not done.violations:  # as the build, which lays out no face of data that breaks a rule
        with recording_reads() as more:
            faces = face_problems(done, settings)
        done.reads |= more
    return Examined(report, done.violations, faces, done.reads, warnings)


def game_warnings(done: Read) -> list[str]:
    """What the game warns of in its data (:attr:`Game.warnings <pnpkit.games.game.Game.warnings>`):
    ``check`` and ``build`` both say it."""
    return done.game.warnings(done.model) if done.game.warnings is not None else []


def face_problems(done: Read, settings: PrintSettings = DEFAULTS) -> list[Problem]:
    """Every face of the kit laid out as the build lays it out, on each paper a kit is printed
    on (a page's words may fit Letter and not the narrower A4), nothing drawn: each face that
    cannot be printed, each at its field's place. ``settings`` are the build's (its bleed and
    duplex mode, as :func:`pnpkit.app.settings.settings_from` resolves them)."""
    game = done.game
    if game.faces is None:
        return []
    from pnpkit.layout.paper import PAPERS

    chosen = game.settings_for(done.game_dir, settings)
    found: list[Problem] = []
    said: set[tuple[str, str]] = set()  # a field that fits neither paper is said once
    for paper in PAPERS.values():
        try:
            game.faces(done.model, chosen.on(paper))
        except DataError as exc:
            new = [p for p in exc.problems if (str(p.where), p.field) not in said]
            found += new
            said.update((str(p.where), p.field) for p in new)
    return found
