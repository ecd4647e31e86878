"""One game's kit, from its data folder to its output folder: load, check, write, publish.

:func:`build_game` is what ``pnpkit build`` and ``pnpkit watch`` run for each game: the game's
data is loaded (every problem at once), its rules are checked (a kit is never printed from data
that breaks them), every document is written through :func:`pnpkit.build.write.write_document`
into a staging folder beside the output, and the kit is published whole
(:mod:`pnpkit.build.staging`); then what the build no longer makes is removed from the kit's
folder (:mod:`pnpkit.app.prune`): the folder holds exactly the current build, besides files pnpkit did
not write (never touched).
"""

from __future__ import annotations

import contextlib
import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnpkit.app.cli_args import refuse_out
from pnpkit.app.pipeline import boards, checked, decks, documents, game_warnings
from pnpkit.app.prune import digest, prune_kit
from pnpkit.app.unread import unread_files
from pnpkit.build.context import BuildContext
from pnpkit.build.control import SILENT, BuildControl
from pnpkit.build.staging import final_path, staged
from pnpkit.build.write import write_documents
from pnpkit.errors import KitsFailed, LaterProblems, PnpkitError
from pnpkit.games import chosen_games, find_game, game_folders
from pnpkit.games.game import Game
from pnpkit.layout.print_settings import DEFAULTS, PrintSettings
from pnpkit.workers import allowed, cancel_later, fork_context, orphan_guard, settle_later


def build_game(
    game: Game[Any, Any],
    game_dir: Path,
    out_dir: Path,
    settings: PrintSettings,
    control: BuildControl = SILENT,
    jobs: int = 1,
) -> BuildContext:
    """Build ``game`` from ``game_dir`` into ``out_dir`` with ``settings``, staged and published
    whole. The returned context lists every document written (at its published path) and
    skipped. Progress is reported (``control.report``) once the kit is published, so every
    reported path exists. With ``jobs`` above 1 the faces of a long deck are laid out, the
    documents drawn and a long one's pages read back in that many processes at once."""
    done = checked(game, game_dir)
    context = replace(control, report=None).context()
    # A deck of many designs is laid out by every process; when the documents are drawn in
    # several (not by watch, which compares them here), the longest is laid out as its first
    # pages are drawn here (pnpkit.workers.forked_later).
    later = context.known is None
    context.published = out_dir
    context.source = game_dir
    try:
        with allowed(jobs, later=later):
            plans = documents(done, settings)
        with staged(out_dir) as stage:
            try:
                write_documents(stage, plans, context, jobs)
            except OSError as exc:  # a full disk: name the document, not its staging copy
                if exc.filename is None or exc.errno is None:
                    raise
                published = final_path(Path(exc.filename), stage, out_dir)
                raise OSError(exc.errno, exc.strerror, str(published)) from exc
            except LaterProblems:  # a face laid out later cannot be printed: say all of them
                cancel_later()
                with allowed(jobs):
                    documents(done, settings)
                raise
            settle_later()
    finally:
        cancel_later()
    context.warnings = game_warnings(done) + unread_files(game_dir.name, game_dir, done.reads)
    context.written = [final_path(path, stage, out_dir) for path in context.written]
    hashes = {path.name: sha for path in context.written if (sha := digest(path)) is not None}

    def keys() -> list[str]:
        return [deck.key for deck in decks(done)] + [board.key for board in boards(done)]

    with_exports = game.decks is not None or game.boards is not None  # else every one is stale
    prune_kit(out_dir, [plan.filename for plan in plans], keys if with_exports else None, hashes)
    context.skipped = [final_path(path, stage, out_dir) for path in context.skipped]
    if control.report is not None:
        for path in context.written:
            control.report(path)
    return context


def build_kits(
    games: list[str] | tuple[str, ...] | None,
    data_dir: Path | str,
    out_dir: Path | str,
    settings: PrintSettings = DEFAULTS,
    control: BuildControl = SILENT,
    *,
    jobs: int = 1,
) -> list[Path]:
    """Build the kits of ``games`` (every game folder in ``data_dir`` when empty) from
    ``data_dir/<game>`` into ``out_dir/<game>`` with ``settings``; returns every file written,
    game by game. ``control`` says who hears progress and warnings, and which documents to
    write. With ``jobs`` above 1, several games are built at once, each in a process of its own, or one
    game's documents are drawn that way (the same bytes, each kit published whole). A game that fails does not stop the others:
    every game is built or reported, and :class:`~pnpkit.errors.KitsFailed` names each game
    that failed, with its problems. (A build of one game raises its own error.)"""
    data, out = Path(data_dir), Path(out_dir)
    refuse_out(out, data, game_folders(data))
    names = chosen_games(data, list(games or ()))
    if len(names) == 1:
        written, warnings = _kit(names[0], data, out, settings, control, jobs)
        _say_warnings(control, warnings)
        return written
    results: dict[str, list[Path] | PnpkitError] = {}

    def heard(name: str, outcome: tuple[list[Path], list[str]] | PnpkitError) -> None:
        if isinstance(outcome, PnpkitError):
            results[name] = outcome
            return
        results[name], warnings = outcome
        _say_warnings(control, warnings)

    workers = min(max(jobs, 1), len(names))
    context = fork_context()
    if workers > 1 and context is not None:
        quiet = replace(control, report=None, warn=None)
        pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=context,
            initializer=orphan_guard,
            initargs=(os.getpid(),),
        )
        try:
            futures = {
                pool.submit(_outcome, name, data, out, settings, quiet): name for name in names
            }
            for future in as_completed(futures):
                name = futures[future]
                heard(name, outcome := future.result())
                if not isinstance(outcome, PnpkitError) and control.report is not None:
                    for path in outcome[0]:
                        control.report(path)
        except BaseException:  # Ctrl-C: the kits not yet published are not started
            _stop(pool)
            raise
        pool.shutdown()
    else:
        for name in names:
            heard(name, _outcome(name, data, out, settings, control))
    failures = {n: r for n in names if isinstance(r := results[n], PnpkitError)}
    if failures:
        raise KitsFailed(failures, len(names) - len(failures))
    return [path for name in names for path in results[name]]  # type: ignore[union-attr]


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what ``pool`` has not started, and wait for what it has (a kit is published
    whole or not at all). A pool stopped while :meth:`~ProcessPoolExecutor.submit` was still
    starting it cannot be joined (CPython raises RuntimeError): its processes end with this
    one (:func:`~pnpkit.workers.orphan_guard`), and the error that stopped it is the one
    raised."""
    with contextlib.suppress(RuntimeError):
        pool.shutdown(cancel_futures=True)


def _say_warnings(control: BuildControl, warnings: list[str]) -> None:
    if control.warn is not None:
        for line in warnings:
            control.warn(line)


def _kit(
    name: str,
    data: Path,
    out: Path,
    settings: PrintSettings,
    control: BuildControl,
    jobs: int = 1,
) -> tuple[list[Path], list[str]]:
    """One game built: the files written and the warnings about its data."""
    game = find_game(name, data / name)
    context = build_game(game, data / name, out / name, settings, control, jobs)
    return context.written, context.warnings


def _outcome(
    name: str, data: Path, out: Path, settings: PrintSettings, control: BuildControl
) -> tuple[list[Path], list[str]] | PnpkitError:
    """One game built (the files written, the warnings), or what stopped it."""
    try:
        return _kit(name, data, out, settings, control)
    except PnpkitError as exc:
        return exc


def default_jobs() -> int:
    """The processes a build of several games may use: the cores this process may run on."""
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except AttributeError:  # not on Linux
        return max(os.cpu_count() or 1, 1)
