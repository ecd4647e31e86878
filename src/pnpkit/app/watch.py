"""``pnpkit watch GAME``: rebuild what a saved change touches, show errors inline, keep the last
good output.

The watcher polls every file a build reads (modification time and size, every
:data:`INTERVAL` seconds): each file any of its builds opened for reading (recorded while the
build runs, :func:`pnpkit.app.read_audit.recording_reads`: the game's YAML, its CSV or XLSX card tables, its
``assets/`` images and icons, the templates its faces are drawn from), and every file of the
game's data folder (its ``templates/`` too) and of the template folders it builds from (the
game's own and the built-in ones), so a file added there, which the last build could not read
yet, is a change too. Installed code and fonts (under the interpreter's prefix) are not
watched. On a change it builds the game again into its own output
folder with :class:`~pnpkit.build.control.BuildControl` ``known`` set: every document's inputs are
fingerprinted (:mod:`pnpkit.build.fingerprint`: the models, faces, paper and offset it is drawn
from) and only the documents whose fingerprint changed are written — edit one card and only its
deck's sheets are drawn again. Bad data stops the build before anything is written: the
problems are printed as ``file:line:col: field: problem`` and the previous PDFs stay as they
were, byte for byte.

Face drawings converted from SVG are kept between builds (:func:`pnpkit.render.svg.drawings.converted`
is cached), so an unchanged card costs only its template's text.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pnpkit.app.build import build_game
from pnpkit.app.read_audit import recording_reads
from pnpkit.app.settings import FILENAME as SETTINGS_FILE
from pnpkit.build.control import BuildControl
from pnpkit.errors import DataError, PnpkitError, shown
from pnpkit.games import chosen_games, find_game
from pnpkit.layout.print_settings import DEFAULTS, PrintSettings
from pnpkit.render.disk_cache import cache_root
from pnpkit.render.templates.environment import search_path

INTERVAL = 0.1
"""Seconds between two looks at the files."""
SETTLE = 0.05
"""Seconds a change must rest before building (an editor may write a file in two steps)."""

Snapshot = dict[str, tuple[int, int]]


def _installed() -> tuple[Path, ...]:
    """Where installed code, packages and their fonts live (not watched)."""
    prefixes = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    return tuple(Path(p).resolve() for p in sorted(prefixes))


@dataclass(frozen=True, slots=True)
class Outcome:
    """One build of the watcher."""

    written: tuple[Path, ...]
    skipped: int
    problems: tuple[str, ...]
    seconds: float

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class Watcher:
    """Builds ``game`` from ``data_dir/game`` into ``out_dir/game`` and rebuilds on change."""

    game: str
    data_dir: Path
    out_dir: Path
    settings: PrintSettings = DEFAULTS
    """The print settings of the next build."""
    echo: Callable[[str], None] = print
    known: dict[str, str] = field(default_factory=dict)
    builds: int = 0
    previews: bool = False
    """Write ``index.html`` and the previews after every build (also done, whatever this says,
    when the output folder already has an index)."""
    watched: list[Path] | None = field(default=None, repr=False)
    read: set[Path] = field(default_factory=set)
    """Every file a build of this watcher read (see :func:`recording_reads`)."""
    resolve: Callable[[], PrintSettings] | None = None
    """Works the print settings out again before every rebuild (the command line over
    ``pnpkit.toml``, :func:`pnpkit.app.settings.settings_from`), so a saved ``pnpkit.toml``
    takes effect; None: keep :attr:`settings`."""

    def __post_init__(self) -> None:
        chosen_games(self.data_dir, [self.game])  # a usage error naming the games there

    @property
    def game_dir(self) -> Path:
        return self.data_dir / self.game

    def template_folders(self) -> tuple[Path, ...]:
        """The template folders the game's faces are looked up in, the built-in ones last."""
        try:
            own = find_game(self.game, self.game_dir).template_folders(self.game_dir)
        except PnpkitError:  # the build will report it
            own = ()
        return search_path(own)

    def folders(self) -> list[Path]:
        """The folders watched: the game's data (its own ``templates/`` too), then the other
        template folders it builds from. Worked out again at each build (``kit:`` in
        ``game.yaml`` may change which game's templates those are)."""
        if self.watched is None:
            inside = self.game_dir.resolve()
            self.watched = [
                self.game_dir,
                *(f for f in self.template_folders() if not f.resolve().is_relative_to(inside)),
            ]
        return self.watched

    def inputs(self) -> Iterator[Path]:
        """Every file a build reads: the files the builds so far read, and every file of the
        game's data and of the template folders it builds from."""
        listed = set(self.read)  # absolute, as every path listed: one key for each file
        if self.resolve is not None:  # saved, made or removed: the settings change
            listed.add((self.data_dir / SETTINGS_FILE).absolute())
        for folder in self.folders():
            if folder.is_dir():
                listed.update(p.absolute() for p in folder.rglob("*") if p.is_file())
        yield from sorted(listed)

    def _note_reads(self, reads: set[str]) -> None:
        """Keep the files a build read, but not its own output, staging, installed code or
        what pnpkit keeps between runs (:mod:`pnpkit.render.disk_cache`)."""
        cache = cache_root()  # compiled templates and converted faces
        skip = (self.out_dir.resolve(), *_installed(), *([cache.resolve()] if cache else []))
        for name in reads:
            path = Path(name).absolute()
            if path.suffix in (".py", ".pyc", ".so", ".pth") or not path.is_file():
                continue
            real = path.resolve()
            if not any(real.is_relative_to(folder) for folder in skip):
                self.read.add(path)

    def _first_reads(self, seen: Snapshot) -> Snapshot:
        """``seen`` and the files a build read for the first time, as they are now: a file is
        watched from the build that first reads it (a change to a file already watched, made
        while the build ran, still counts)."""
        return {**self.snapshot(), **seen}

    def snapshot(self) -> Snapshot:
        found: Snapshot = {}
        for path in self.inputs():
            try:
                stat = path.stat()
            except FileNotFoundError:  # removed while we looked
                continue
            found[str(path)] = (stat.st_mtime_ns, stat.st_size)
        return found

    def build(self) -> Outcome:
        """Build once: write the documents whose inputs changed; report problems, never raise
        for bad data (the earlier output stays)."""
        start = time.perf_counter()
        written: list[Path] = []

        def heard(path: Path) -> None:
            written.append(path)
            self.echo(f"wrote {path} ({time.perf_counter() - start:.2f} s)")

        self.watched = None  # the game may name another kit now
        problems: list[str] = []
        warnings: list[str] = []
        skipped = 0
        try:
            if self.resolve is not None and self.builds:  # the first build's are given
                self.settings = self.resolve()
            control = BuildControl(report=heard, known=self.known)
            with recording_reads() as reads:
                try:
                    game = find_game(self.game, self.game_dir)
                    out = self.out_dir / self.game
                    built = build_game(game, self.game_dir, out, self.settings, control)
                finally:
                    self._note_reads(reads)
            skipped = len(built.skipped)
            warnings = built.warnings
            self.refresh_index()
        except DataError as exc:
            problems = [str(p) for p in exc.problems]
        except PnpkitError as exc:
            problems = str(exc).splitlines() or ["failed"]
            self.known.clear()  # a half-finished build: draw everything next time
        except Exception as exc:  # a fault of pnpkit's own: say it and keep watching
            problems = [f"pnpkit failed ({type(exc).__name__}: {exc}); please report this"]
            self.known.clear()
        self.builds += 1
        seconds = time.perf_counter() - start
        for line in warnings:  # data files the game never read: said at every build
            self.echo(f"warning: {shown(line)}")
        for line in problems:
            self.echo(f"error: {shown(line)}")
        if problems:
            self.echo(
                f"{len(problems)} problem{'s' if len(problems) != 1 else ''}; "
                "the last good output is kept. Fix and save to try again."
            )
        else:
            self.echo(
                f"rebuilt {len(written)} document{'s' if len(written) != 1 else ''} "
                f"({max(skipped, 0)} unchanged) in {seconds:.2f} s"
            )
        return Outcome(tuple(written), max(skipped, 0), tuple(problems), seconds)

    def refresh_index(self) -> None:
        """Bring ``index.html`` and its previews up to date when the output folder has one
        (only the documents this build changed are drawn again)."""
        from pnpkit.app.preview import INDEX, write_previews

        if self.previews or (self.out_dir / INDEX).is_file():
            write_previews(self.out_dir)

    def run(
        self,
        stop: threading.Event | None = None,
        *,
        interval: float = INTERVAL,
        ready: Callable[[Outcome], None] | None = None,
    ) -> None:
        """Build, then rebuild after every change until ``stop`` is set (or Ctrl-C).
        ``ready`` hears every build's outcome."""
        stop = stop or threading.Event()
        seen = self.snapshot()
        outcome = self.build()
        seen = self._first_reads(seen)
        if ready is not None:
            ready(outcome)
        self.echo(f"watching {', '.join(map(str, self.folders()))} (Ctrl-C to stop)")
        while not stop.wait(interval):
            now = self.snapshot()
            if now == seen:
                continue
            stop.wait(SETTLE)
            now = self.snapshot()
            changed = sorted(set(now.items()) ^ set(seen.items()))
            names = sorted({Path(path).name for path, _ in changed})
            self.echo(f"changed: {', '.join(names)}")
            seen = now
            outcome = self.build()
            seen = self._first_reads(seen)
            if ready is not None:
                ready(outcome)
