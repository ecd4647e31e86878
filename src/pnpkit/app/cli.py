"""The ``pnpkit`` command: parses arguments, calls the library, prints, maps errors to exit codes.

Exit codes: 0 done; 1 bad data, a failed check or a failed build; 2 bad usage; 130 stopped by
Ctrl-C, whenever it comes (while the command loads: :mod:`pnpkit.app.start`; while a process
pool starts). A user's mistake never ends in a traceback: every
:class:`~pnpkit.errors.PnpkitError` becomes ``error: …`` lines on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import os
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from pnpkit import __version__
from pnpkit.app.cli_args import (
    HERE,
    data_option,
    natural,
    out_option,
    paper_option,
    refuse_out,
    resolve_data,
    units_option,
)
from pnpkit.app.settings import default_said, settings_from
from pnpkit.errors import CheckFailed, DataError, KitsFailed, PnpkitError, UsageError, shown
from pnpkit.games import COMMANDS, REGISTRY, chosen_games, find_game, game_folders, registered
from pnpkit.games.game import Command
from pnpkit.layout.duplex import DEFAULT_BLEED, DUPLEX_CHOICES
from pnpkit.layout.offset import MAX_OFFSET_MM
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.units import INCH

if TYPE_CHECKING:
    from types import FrameType

    from pnpkit.app.watch import Watcher


# --- arguments -------------------------------------------------------------------------------


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line; given ``argv``, only the game whose command it runs (if any)
    adds its commands, the others are listed by name and summary."""
    parser = argparse.ArgumentParser(
        prog="pnpkit",
        description="Print-and-play kits for naval and pirate tabletop games.",
        epilog="Exit codes: 0 done, 1 bad data or a failed check, 2 bad usage.",
    )
    parser.add_argument("--version", action="version", version=f"pnpkit {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    check = _command(commands, "check", "validate game data and charts; list every problem")
    check.add_argument("games", nargs="*", metavar="GAME", help="games to check (default: all)")
    _sheet_options(check)  # faces are laid out with the build's bleed and duplex, on each paper
    _common(check)
    check.set_defaults(run=run_check)

    build = _command(commands, "build", "build print-and-play kits into output/<game>/")
    build.add_argument("games", nargs="*", metavar="GAME", help="games to build (default: all)")
    _sheet_options(build)
    build.add_argument(
        "-q", "--quiet", action="store_true", help="print nothing but errors (for scripts)"
    )
    _jobs_option(
        build,
        "build up to N games at once, each in a process of its own, a game's documents drawn "
        "(its longest deck laid out by the others while it is drawn) and a long one's pages "
        "read back by N processes at once",
    )
    build.add_argument(
        "--preview",
        action="store_true",
        help="also draw every page as PNG and write output/index.html (as pnpkit preview); "
        "once output/index.html exists, every build brings it up to date",
    )
    _common(build)
    build.set_defaults(run=run_build)

    watch = _command(commands, "watch", "build a game, then rebuild what each saved change touches")
    watch.add_argument("game", metavar="GAME", help="the game to watch")
    _sheet_options(watch)
    _common(watch)
    watch.set_defaults(run=run_watch)

    serve = _command(
        commands, "serve", "watch a game and show its kit on a local web page that follows saves"
    )
    serve.add_argument("game", metavar="GAME", help="the game to watch and show")
    _sheet_options(serve)
    serve.add_argument(
        "--port", type=int, default=8000, help="the port to listen on (default: 8000)"
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: 127.0.0.1, this computer alone; e.g. 0.0.0.0 "
        "shows the page to every computer that can reach this one)",
    )
    _common(serve)
    serve.set_defaults(run=run_serve)

    preview = _command(
        commands, "preview", "PNG previews of every page and output/index.html to browse the kits"
    )
    preview.add_argument(
        "games", nargs="*", metavar="GAME", help="kits to draw again (default: all built)"
    )
    _common(preview)
    preview.set_defaults(run=run_preview)

    export = _command(
        commands,
        "export",
        "cards, tokens and boards for print shops (300 dpi, bleed) and Tabletop Simulator",
    )
    export.add_argument("games", nargs="*", metavar="GAME", help="games (default: all with decks)")
    export.add_argument(
        "--format",
        choices=("printshop", "tts", "all"),
        default="all",
        help="printshop: PNG per card at 300 dpi with 0.125 in bleed and a PDF with TrimBox and "
        "BleedBox, each board one PNG with the bleed; tts: Tabletop Simulator deck sheets, "
        "token tiles and boards, saved objects that load as they are (default: all)",
    )
    export.add_argument(
        "--url-base",
        type=_web_base,
        metavar="URL",
        help="where the Tabletop Simulator images will be hosted (default: file:// paths on "
        "this computer)",
    )
    _jobs_option(export, "draw the print-shop pictures in up to N processes at once")
    _common(export)
    export.set_defaults(run=run_export)

    proof = _command(
        commands,
        "proof",
        "every card face at actual size with its trim, bleed and safe zone: a PDF and PNGs",
    )
    proof.description = (
        "Write output/<game>/proofs/<deck>-proof.pdf (each card's front and back at 100 %, "
        "as many a page as fit, with a solid trim line, a dashed bleed edge and a dotted safe "
        "zone 1/8 in inside the trim, each face named under it) and "
        "output/<game>/proofs/<deck>/<NN>-<key>-front.png and -back.png, NN the design's place "
        "in its deck and key the card's key, the names the print-shop export gives them too "
        "(each face with its bleed and the same lines, 300 dpi: a poker card is 825 x 1125 px; "
        "no back for a one-sided token). The proofs are "
        "replaced whole: one that fails leaves the last ones as they were."
    )
    proof.add_argument("game", metavar="GAME", help="the game whose cards to prove")
    proof.add_argument(
        "deck", nargs="?", metavar="DECK", help="the one deck to prove (default: every deck)"
    )
    paper_option(proof)
    proof.add_argument(
        "--bleed",
        default=None,
        metavar="LENGTH",
        help="how far the art runs past the trim (default: the bleed the print settings ask "
        f"for, else the print shops' {DEFAULT_BLEED / INCH:g}in; e.g. 3mm)",
    )
    _jobs_option(proof, "draw the pictures in up to N processes at once")
    _common(proof)
    proof.set_defaults(run=run_proof)

    new = _command(
        commands,
        "new",
        "start a new game: a small card game that builds as it is, or a copy of a bundled game",
    )
    new.add_argument(
        "game",
        nargs="?",
        metavar="GAME",
        help="the new folder's name, e.g. salvage-run (default with --from: the bundled game's)",
    )
    new.add_argument("--title", help="the card game's title (default: from the name)")
    new.add_argument(
        "--from",
        dest="source",
        metavar="BUNDLED",
        help="copy a game bundled with pnpkit, its data and its own templates, to edit "
        f"({', '.join(REGISTRY)})",
    )
    new.add_argument(
        "--data",
        type=Path,
        default=HERE,
        metavar="DIR",
        help="the data folder the new game goes in (default: ./data, made if missing)",
    )
    new.set_defaults(run=run_new)

    verify = _command(commands, "verify", "check built PDFs print at true scale")
    verify.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="PDF files or folders (default: the --out folder)",
    )
    _common(verify)
    verify.set_defaults(run=run_verify)
    _game_commands(commands, argv)
    return parser


def _game_commands(commands: Any, argv: Sequence[str] | None) -> None:
    """The games' own commands (``pnpkit map``, ``pnpkit table-layout``): the one being run is
    built from its game's declaration (:class:`~pnpkit.games.game.Command`), the others are
    listed by their summary in the registry (so a command imports no game it does not use).
    Without ``argv`` every game's are built."""
    invoked = next((arg for arg in argv if not arg.startswith("-")), None) if argv else None
    games = {game for game, _ in COMMANDS.values()}
    if argv is not None:
        games = {COMMANDS[invoked][0]} if invoked in COMMANDS else set()
    for game_name in sorted(games):
        for command in registered(game_name).commands:
            _game_command(commands, command)
    for name, (game_name, summary) in COMMANDS.items():
        if game_name not in games:
            _command(commands, name, summary)


ARGUMENT_TYPES: dict[str, Callable[[str], Any]] = {"natural": natural}
"""The argument types a game's command names (``type="natural"``)."""
SHARED_OPTIONS: dict[str, Callable[..., None]] = {
    "data": data_option,
    "paper": paper_option,
    "units": units_option,
    "out": out_option,
}
"""The options every command has, which a game's command names (``shared("paper")``)."""


def _game_command(commands: Any, command: Command) -> None:
    """A game's command added to the command line from its declaration."""
    parser = _command(commands, command.name, command.summary)
    for argument in command.arguments:
        if argument.shared:
            SHARED_OPTIONS[argument.shared](parser, **argument.options)
            continue
        options = dict(argument.options)
        if isinstance(options.get("type"), str):
            options["type"] = ARGUMENT_TYPES[options["type"]]
        parser.add_argument(*argument.flags, **options)
    parser.set_defaults(run=functools.partial(_run_game_command, command))


def _run_game_command(command: Command, args: argparse.Namespace) -> int:
    """Run a game's command. The print settings its options ask for (``--paper``, ``--units``)
    over the user's are ``args.print_settings()``, resolved when the command needs them
    (:func:`pnpkit.app.settings.settings_from`: a map printed to PDF, a table measured)."""
    args.print_settings = functools.partial(settings_from, args)
    return command.run(args)


def _command(commands: Any, name: str, summary: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(name, help=summary, description=summary)
    return parser


def _common(parser: argparse.ArgumentParser) -> None:
    data_option(parser)
    out_option(parser)


def _jobs_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``-j/--jobs N``: ``what`` N processes do."""
    parser.add_argument(
        "-j",
        "--jobs",
        type=natural_jobs,
        default=None,
        metavar="N",
        help=f"{what} (default: one per core; the output is the same)",
    )


def natural_jobs(text: str) -> int:
    """``--jobs N``: a whole number from 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of jobs (allowed: 1 or more)")
    return value


def _sheet_options(parser: argparse.ArgumentParser) -> None:
    """Paper, duplex mode, bleed and back offset (``check``, ``build``, ``watch``, ``serve``);
    each is read, and unset ones found in the environment or pnpkit.toml, by
    :func:`pnpkit.app.settings.settings_from`."""
    paper_option(parser)
    bare_bleed = f"{DEFAULT_BLEED / INCH:g}in"
    parser.add_argument(
        "--duplex",
        choices=DUPLEX_CHOICES,
        default=None,
        help="card and token backs: long = double-sided, flip on the long edge; "
        "none = single-sided, fronts only; fold = single-sided, fronts and backs side by "
        f"side, folded on the dashed line (default: {default_said('duplex')})",
    )
    parser.add_argument(
        "--bleed",
        nargs="?",
        const=bare_bleed,
        default=None,
        metavar="LENGTH",
        help=f"carry card art past the trim, cards 2 × LENGTH apart (alone: {bare_bleed}; e.g. "
        "--bleed 2mm keeps 6 poker cards on Letter; --bleed 0mm: none; "
        f"default: {default_said('bleed')})",
    )
    parser.add_argument(
        "--back-offset",
        default=None,
        metavar="X,Y",
        help="move duplex card and token backs X mm right and Y mm up, as read from "
        f"duplex-calibration.pdf (e.g. 1.5,-0.5 or -1,0.5; each within ±{MAX_OFFSET_MM:g}; "
        f"default: {default_said('back_offset')})",
    )


def _web_base(text: str) -> str:
    from pnpkit.app.export_tts import web_base

    try:
        return web_base(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


# --- entry point -----------------------------------------------------------------------------

OUTPUT_ONLY = frozenset({"verify", "preview"})
"""Commands that take ``--data`` like every other but read only the output folder."""
WRITES_KITS = frozenset({"build", "watch", "serve", "export", "proof"})
"""Commands that read the data folder and write into ``--out``: the two must not overlap."""


def run() -> NoReturn:
    """The ``pnpkit`` command itself (and ``python -m pnpkit``): :func:`main` in a process of its
    own, which ends as soon as its output is flushed.

    Two costs of a library call of :func:`main` are cut here (measured on a one-game build on
    two cores). The garbage collector waits until the command line is read and the modules it
    needs are imported, then runs with those frozen (:func:`_started`): they live as long as the
    process, and walking them again at every collection cost 2 %. And the interpreter's tidy-up
    at exit, which frees every object one by one (4 %), is left to the operating system: every
    file a command writes is closed and renamed into place before :func:`main` returns."""
    global _live
    gc.disable()
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not ignored
        signal.signal(signal.SIGINT, _interrupt)
        sys.unraisablehook = _quiet_after_interrupt
    try:
        code = main()
        _live = False
    except KeyboardInterrupt:  # one that reached no handler of main's (it was between two)
        _live = False
        code = 130
    if _interrupted:  # a Ctrl-C swallowed on its way (in a clean-up, a finaliser) still ends it
        code = 130
    for stream in (sys.stdout, sys.stderr):
        # a closed pipe (``pnpkit … | head``): nothing more is wanted
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


_live = True
"""Whether a Ctrl-C still stops the command (until :func:`main` has returned)."""
_interrupted = False
"""Whether a Ctrl-C came (the exit code is then 130, whatever happened to the interrupt)."""


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C while :func:`run` runs the command: noted, and raised as KeyboardInterrupt
    while the command has not returned."""
    global _interrupted
    _interrupted = True
    if _live:
        raise KeyboardInterrupt


def _quiet_after_interrupt(unraisable: sys.UnraisableHookArgs) -> None:
    """Python's report of an exception nobody could catch (one raised in a finaliser or in a
    fork handler such as logging's lock release), unless it is the Ctrl-C itself: a Ctrl-C
    that lands there must end the command as quietly as anywhere else."""
    if _interrupted and isinstance(unraisable.exc_value, KeyboardInterrupt):
        return
    sys.__unraisablehook__(unraisable)


def _after_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` was raised while a KeyboardInterrupt was being handled (a clean-up that
    failed because it was cut short, e.g. a process pool stopped while it was starting)."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``pnpkit`` with ``argv`` (default: the process arguments); return the exit code."""
    arguments = _negative_offsets(sys.argv[1:] if argv is None else list(argv))
    parser = build_parser(arguments)
    try:
        args = parser.parse_args(arguments)
    except SystemExit as exc:  # --help, --version (0) or a usage error argparse printed (2)
        return exc.code if isinstance(exc.code, int) else 2
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        resolve_data(args, note=args.command not in OUTPUT_ONLY)
        if isinstance(getattr(args, "out", None), Path):  # a kit folder, not a file to write
            writes = args.command in WRITES_KITS
            refuse_out(args.out, args.data if writes else None, game_folders(args.data))
        _started()
        return run(args)
    except PnpkitError as exc:
        _report(exc)
        return exc.exit_code
    except OSError as exc:  # the file system refused (full disk, no permission, name too long)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {shown(where)}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        if _interrupted or _after_interrupt(exc):  # Ctrl-C: no traceback of what it cut short
            return 130
        raise


YOUNG = 10_000
"""New objects the collector lets pile up before it looks at them (Python's default is 700):
a build makes millions of short-lived ones, and collecting every 700 took 0.06 s of the
1,000-card bench build's main process (0.03 s at 10,000; about 1 MB more held at worst)."""


def _started() -> None:
    """The command is about to run: a collector that :func:`run` paused starts now, with what
    is loaded so far frozen (never collected, never walked again), looking at new objects every
    :data:`YOUNG` of them."""
    if not gc.isenabled():
        gc.freeze()
        gc.set_threshold(YOUNG, *gc.get_threshold()[1:])
        gc.enable()


def _negative_offsets(argv: list[str]) -> list[str]:
    """``--back-offset -1.5,0.5`` as ``--back-offset=-1.5,0.5``: argparse would take a value
    that starts with ``-`` (and is not a plain number) for an option."""
    out: list[str] = []
    items = iter(argv)
    for item in items:
        if item == "--back-offset":
            value = next(items, None)
            if value is not None and value.startswith("-") and "," in value:
                out.append(f"{item}={value}")
                continue
            out.append(item)
            if value is not None:
                out.append(value)
            continue
        out.append(item)
    return out


def _report(exc: PnpkitError, games: int = 0) -> None:
    """Print ``exc``, a line each. The problems of ``games`` games (``build``: a game's data or
    rules) end with the line ``check`` ends with; another DataError's, when several, with
    their count."""
    lines = [str(p) for p in exc.problems] if isinstance(exc, DataError) else str(exc).splitlines()
    for line in lines or ["failed"]:
        print(f"error: {shown(line)}", file=sys.stderr)
    if isinstance(exc, DataError | CheckFailed) and games:
        print(_counted(len(lines), games), file=sys.stderr)
    elif isinstance(exc, DataError) and len(lines) > 1:
        print(f"error: {len(lines)} problems found", file=sys.stderr)


# --- check -----------------------------------------------------------------------------------


def run_check(args: argparse.Namespace) -> int:
    games = chosen_games(args.data, args.games)
    findings: list[str] = []
    data_problems: list[str] = []
    settings = DEFAULTS  # the faces of a game are still laid out when the file is bad
    try:  # the settings file, read and held to its rules as a build reads it
        settings = settings_from(args)
    except DataError as exc:
        data_problems += [str(p) for p in exc.problems]
    from pnpkit.app.pipeline import examine
    from pnpkit.app.unread import not_games, unread_files

    warnings = [] if args.games else not_games(args.data, games)
    for name in games:
        try:
            examined = examine(name, args.data / name, settings)
        except DataError as exc:
            data_problems += [str(p) for p in exc.problems]
            continue
        found = [str(v) for v in examined.violations]
        for line in [*examined.report, *found]:
            print(shown(line))
        findings += found
        warnings += examined.warnings
        data_problems += [str(p) for p in examined.faces]
        if not found and not examined.faces:  # it read all it reads: the rest is said
            warnings += unread_files(name, args.data / name, examined.reads)
    for line in warnings:
        print(f"warning: {shown(line)}", file=sys.stderr)
    for line in data_problems:
        print(f"error: {shown(line)}", file=sys.stderr)
    total = len(findings) + len(data_problems)
    if total:
        print(_counted(total, len(games)), file=sys.stderr)
        return 1
    print(f"checked {_plural(len(games), 'game')}: no problems")
    return 0


def _counted(problems: int, games: int) -> str:
    """The line ``check`` and ``build`` end with when the data has problems."""
    return f"{_plural(problems, 'problem')} in {_plural(games, 'game')}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- build and verify ------------------------------------------------------------------------


def run_build(args: argparse.Namespace) -> int:
    from pnpkit.app.build import build_kits, default_jobs
    from pnpkit.app.progress import progress
    from pnpkit.build.control import BuildControl

    games = chosen_games(args.data, args.games)  # a usage error naming the games there if unknown
    built: set[str] = set()
    with progress("build", len(games), quiet=args.quiet) as shown:

        def heard(path: Path) -> None:
            """One line per document as soon as its kit is published; the bar counts kits."""
            shown.line(path)
            game = next((g for g in games if g in path.parts), path.parent.name)
            built.add(game)
            shown.reach(len(built), game)

        settings = settings_from(args)
        control = BuildControl()
        if not args.quiet:
            from pnpkit.app.unread import not_games

            for line in [] if args.games else not_games(args.data, games):
                _warn(line)
            control = BuildControl(report=heard, warn=_warn)
        jobs = args.jobs if args.jobs is not None else default_jobs()
        failed: DataError | CheckFailed | None = None
        try:
            written = build_kits(
                list(dict.fromkeys(args.games)), args.data, args.out, settings, control, jobs=jobs
            )
        except (DataError, CheckFailed) as exc:  # one game's (KitsFailed names several)
            failed, written = exc, []
    if failed is not None:  # said once the bar is gone, counted as check counts them
        _report(failed, games=1)
        return failed.exit_code
    if not args.quiet:
        print(f"wrote {_plural(len(written), 'file')}")
    from pnpkit.app.preview import INDEX

    if args.preview or (args.out / INDEX).is_file():  # an index is never left telling old news
        index = _previews(args.out, [], quiet=args.quiet)
        if not args.quiet:
            print(f"previews: {index}")
    return 0


def _warn(line: str) -> None:
    print(f"warning: {shown(line)}", file=sys.stderr, flush=True)


def _previews(out: Path, games: list[str], *, quiet: bool) -> Path:
    """``write_previews`` with a bar over the documents (no line each: they are not files)."""
    from pnpkit.app.preview import kit_documents, write_previews
    from pnpkit.app.progress import progress

    with progress("previews", len(kit_documents(out)), quiet=quiet) as shown:
        return write_previews(out, games, lambda pdf: shown.advance(1, pdf.name))


def run_watch(args: argparse.Namespace) -> int:
    chosen_games(args.data, [args.game])
    watcher = _watcher(args)
    try:
        watcher.run()
    except KeyboardInterrupt:  # a rebuild cut short leaves the last complete kit (staged)
        print("stopped", flush=True)
        return 130
    return 0


def _watcher(args: argparse.Namespace) -> Watcher:
    """The watcher of ``watch`` and ``serve``: the print settings resolved now, and again
    before every rebuild (a saved pnpkit.toml takes effect)."""
    from pnpkit.app.watch import Watcher

    resolve = functools.partial(settings_from, args)
    return Watcher(args.game, args.data, args.out, resolve(), echo=_say, resolve=resolve)


def run_serve(args: argparse.Namespace) -> int:
    import threading

    from pnpkit.app.serve import Server

    chosen_games(args.data, [args.game])
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: a port is 0 to 65535")
    watcher = _watcher(args)
    server = Server(watcher, port=args.port, host=args.host)
    _say(f"serving {args.game} on {server.url} (Ctrl-C to stop)")
    server.start()
    try:
        threading.Event().wait()
    except KeyboardInterrupt:  # as watch: the last complete kit stays
        print("stopped", flush=True)
        return 130
    finally:
        server.stop()
    return 0  # pragma: no cover (the wait ends only with Ctrl-C)


def _say(line: str) -> None:
    print(line, flush=True)


def run_preview(args: argparse.Namespace) -> int:
    from pnpkit.app.preview import kit_documents

    for game in dict.fromkeys(args.games):  # each game asked for: a kit built, or why not
        if not kit_documents(args.out, [game]):
            _unbuilt(game, args.data, args.out)
    if not kit_documents(args.out, args.games):
        raise UsageError(f"no kits built in {args.out} (run pnpkit build first)")
    index = _previews(args.out, args.games, quiet=False)
    print(f"wrote {index}")
    return 0


def _unbuilt(game: str, data: Path, out: Path) -> NoReturn:
    """A usage error for ``pnpkit preview GAME`` with no kit of ``game`` in ``out``: the game is
    unknown (neither a game folder of ``data`` nor a kit in ``out``), or it is not built yet."""
    import difflib

    from pnpkit.app.preview import kit_documents

    built = sorted({pdf.parent.name for pdf in kit_documents(out)})
    if game in game_folders(data):
        raise UsageError(f"no kit of {game} built in {out} (run pnpkit build {game} first)")
    known = sorted({*game_folders(data), *built})
    close = difflib.get_close_matches(game, known, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise UsageError(f"unknown game {game!r}{hint} (available: {', '.join(known) or 'none'})")


def run_export(args: argparse.Namespace) -> int:
    from pnpkit.app.build import default_jobs
    from pnpkit.app.export import FORMATS, export_game

    known = chosen_games(args.data, args.games)
    games = known if args.games else [g for g in known if _has_decks(args.data, g)]
    formats = FORMATS if args.format == "all" else (args.format,)
    jobs = args.jobs if args.jobs is not None else default_jobs()
    from pnpkit.app.progress import progress

    written: list[Path] = []
    failures: dict[str, PnpkitError] = {}
    with progress("export", len(games)) as shown:
        for number, game in enumerate(games, start=1):

            def heard(deck: str, files: list[Path], game: str = game) -> None:
                shown.line(f"{game}/{deck}: {_plural(len(files), 'file')}")

            try:  # a game that fails does not stop the others, as in a build
                written += export_game(
                    game, args.data, args.out, formats, args.url_base, heard, jobs
                )
            except PnpkitError as exc:
                if len(games) == 1:
                    raise
                failures[game] = exc
            shown.reach(number, game)
    if failures:
        raise KitsFailed(failures, len(games) - len(failures), done="exported")
    print(f"wrote {_plural(len(written), 'file')} for {_plural(len(games), 'game')}")
    return 0


def run_proof(args: argparse.Namespace) -> int:
    from pnpkit.app.build import default_jobs
    from pnpkit.app.proof import proof_game

    chosen_games(args.data, [args.game])
    jobs = args.jobs if args.jobs is not None else default_jobs()

    def heard(deck: str, files: list[Path]) -> None:
        pdf, *pictures = files
        print(f"wrote {pdf} and {_plural(len(pictures), 'picture')} in {pdf.parent / deck}")

    proof_game(args.game, args.data, args.out, settings_from(args), args.deck, heard, jobs)
    return 0


def _has_decks(data_dir: Path, name: str) -> bool:
    """Whether the game declares decks (a game that fails to load is exported, and reported)."""
    try:
        game = find_game(name, data_dir / name)
    except PnpkitError:
        return True
    return game.decks is not None


def run_new(args: argparse.Namespace) -> int:
    from pnpkit.app.new_game import copy_bundled, scaffold

    if args.source is not None:
        if args.title is not None:
            raise UsageError(
                "--title names a new card game; a copy keeps the bundled title "
                "(change title in its game.yaml)"
            )
        name = args.game or args.source
        written = copy_bundled(args.data, name, args.source)
    elif args.game is None:
        raise UsageError("pnpkit new needs the new game's name, or --from BUNDLED")
    else:
        name = args.game
        written = scaffold(args.data, name, args.title)
    for path in written:
        print(f"wrote {path}")
    where = "" if args.data == HERE else f" --data {args.data}"
    print(f"next: pnpkit build {name}{where}   (or: pnpkit watch {name}{where})")
    return 0


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


def run_verify(args: argparse.Namespace) -> int:
    paths: list[Path] = args.paths or [args.out]
    missing = [str(p) for p in paths if not _exists(p)]
    if missing:
        raise UsageError(f"no such file or folder: {', '.join(missing)}")
    from pnpkit.verify import verify_paths

    problems = verify_paths(paths)
    for line in problems:
        print(f"error: {shown(line)}", file=sys.stderr)
    if problems:
        print(f"{_plural(len(problems), 'problem')} found", file=sys.stderr)
        return 1
    print("every PDF prints at true scale")
    return 0


if __name__ == "__main__":
    sys.exit(main())
