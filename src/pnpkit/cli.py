"""The ``pnpkit`` command: parses arguments, calls the library, prints, maps errors to exit codes.

Exit codes: 0 done; 1 bad data, a failed check or a failed build; 2 bad usage. A user's mistake
never ends in a traceback: every :class:`~pnpkit.errors.PnpkitError` becomes ``error: …`` lines
on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pnpkit import __version__
from pnpkit.errors import DataError, PnpkitError, UsageError
from pnpkit.model import Chart

if TYPE_CHECKING:
    from pnpkit.layout.cards import BackOffset

FLEET_GAME = "false-colors"
MAP_FORMATS = ("text", "json", "svg", "pdf")
PAPERS = ("letter", "a4")


# --- arguments -------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pnpkit",
        description="Print-and-play kits for naval and pirate tabletop games.",
        epilog="Exit codes: 0 done, 1 bad data or a failed check, 2 bad usage.",
    )
    parser.add_argument("--version", action="version", version=f"pnpkit {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    check = _command(commands, "check", "validate game data and charts; list every problem")
    check.add_argument("games", nargs="*", metavar="GAME", help="games to check (default: all)")
    _common(check)
    check.set_defaults(run=run_check)

    map_ = _command(commands, "map", "deal a random-island chart")
    map_.add_argument("chart", metavar="CHART", help="a chart of false-colors: square, duel, hex")
    map_.add_argument(
        "--seed",
        type=_natural,
        required=True,
        metavar="N",
        help="the seed of the deal; the same seed gives the same chart",
    )
    map_.add_argument(
        "--islands",
        type=_natural,
        metavar="K",
        help="how many islands to deal (default: the chart's random_islands, else as many as it has)",
    )
    map_.add_argument(
        "--format",
        choices=MAP_FORMATS,
        default="text",
        help="text for the terminal, json, or svg/pdf at print size",
    )
    map_.add_argument("--paper", choices=PAPERS, default="letter", help="paper for pdf")
    _data_option(map_)
    map_.add_argument(
        "--out",
        metavar="PATH",
        help="a file, or a folder to write <chart>-seed<N>.<format> in "
        "(default: stdout for text and json, ./output/maps/ for svg and pdf)",
    )
    map_.set_defaults(run=run_map)

    layout = _command(commands, "table-layout", "deal islands on a 4 ft table (tabletop-fleets)")
    layout.add_argument("--crews", type=_natural, required=True, metavar="N", help="crews (1–7)")
    layout.add_argument("--seed", type=_natural, required=True, metavar="S", help="the deal's seed")
    layout.add_argument(
        "--table", choices=("square", "round"), default="square", help="table shape"
    )
    layout.add_argument(
        "--islands", metavar="K", help="islands to deal (default: one per crew), or max"
    )
    layout.add_argument("--format", choices=("text", "json", "pdf"), default="text")
    layout.add_argument("--paper", choices=PAPERS, default="letter", help="paper for pdf")
    _data_option(layout)
    layout.add_argument(
        "--out", metavar="PATH", help="a file (default: stdout; pdf: ./output/layouts/)"
    )
    layout.set_defaults(run=run_table_layout)

    build = _command(commands, "build", "build print-and-play kits into output/<game>/")
    build.add_argument("games", nargs="*", metavar="GAME", help="games to build (default: all)")
    build.add_argument("--paper", choices=PAPERS, default="letter", help="paper size")
    build.add_argument(
        "--back-offset",
        type=_back_offset,
        default=None,
        metavar="X,Y",
        help="move duplex card and token backs X mm right and Y mm up, as read from "
        "duplex-calibration.pdf (e.g. 1.5,-0.5 or -1,0.5; each within ±2.5)",
    )
    build.add_argument(
        "-q", "--quiet", action="store_true", help="print nothing but errors (for scripts)"
    )
    build.add_argument(
        "--preview",
        action="store_true",
        help="also draw every page as PNG and write output/index.html (as pnpkit preview)",
    )
    _common(build)
    build.set_defaults(run=run_build)

    watch = _command(commands, "watch", "build a game, then rebuild what each saved change touches")
    watch.add_argument("game", metavar="GAME", help="the game to watch")
    watch.add_argument("--paper", choices=PAPERS, default="letter", help="paper size")
    watch.add_argument(
        "--back-offset",
        type=_back_offset,
        default=None,
        metavar="X,Y",
        help="duplex back offset in mm, as for build",
    )
    _common(watch)
    watch.set_defaults(run=run_watch)

    preview = _command(
        commands, "preview", "PNG previews of every page and output/index.html to browse the kits"
    )
    preview.add_argument(
        "games", nargs="*", metavar="GAME", help="kits to draw again (default: all built)"
    )
    _common(preview)
    preview.set_defaults(run=run_preview)

    export = _command(
        commands, "export", "cards for print shops (300 dpi, bleed) and Tabletop Simulator"
    )
    export.add_argument("games", nargs="*", metavar="GAME", help="games (default: all with decks)")
    export.add_argument(
        "--format",
        choices=("printshop", "tts", "all"),
        default="all",
        help="printshop: PNG per card at 300 dpi with 0.125 in bleed and a PDF with TrimBox and "
        "BleedBox; tts: Tabletop Simulator deck sheets with a JSON sidecar (default: all)",
    )
    _common(export)
    export.set_defaults(run=run_export)

    new = _command(commands, "new", "start a new game: a small card game that builds as it is")
    new.add_argument("game", metavar="GAME", help="the new folder's name, e.g. salvage-run")
    new.add_argument("--title", help="the game's title (default: from the name)")
    _data_option(new)
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
    return parser


def _command(commands: Any, name: str, summary: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(name, help=summary, description=summary)
    return parser


def _data_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data",
        type=Path,
        default=Path("data"),
        metavar="DIR",
        help="the game data folder (default: ./data)",
    )


def _common(parser: argparse.ArgumentParser) -> None:
    _data_option(parser)
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("output"),
        metavar="DIR",
        help="where kits are written (default: ./output)",
    )


def _back_offset(text: str) -> BackOffset:
    from pnpkit.kit.options import parse_back_offset

    try:
        return parse_back_offset(text)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _natural(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative (allowed: 0 or more)")
    return value


# --- entry point -----------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``pnpkit`` with ``argv`` (default: the process arguments); return the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(_negative_offsets(sys.argv[1:] if argv is None else list(argv)))
    except SystemExit as exc:  # --help, --version (0) or a usage error argparse printed (2)
        return exc.code if isinstance(exc.code, int) else 2
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except PnpkitError as exc:
        _report(exc)
        return exc.exit_code
    except OSError as exc:  # the file system refused (full disk, no permission, name too long)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


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


def _report(exc: PnpkitError) -> None:
    lines = [str(p) for p in exc.problems] if isinstance(exc, DataError) else str(exc).splitlines()
    for line in lines or ["failed"]:
        print(f"error: {line}", file=sys.stderr)
    if isinstance(exc, DataError) and len(lines) > 1:
        print(f"error: {len(lines)} problems found", file=sys.stderr)


# --- games -----------------------------------------------------------------------------------


def available_games(data_dir: Path) -> list[str]:
    """The game folders under ``data_dir``, sorted."""
    if not _is_dir(data_dir):
        raise UsageError(f"no data folder at {data_dir} (use --data DIR)")
    return sorted(p.name for p in data_dir.iterdir() if p.is_dir() and any(p.glob("*.yaml")))


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a name too long for the file system, say: no folder there either
        return False


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


def _chosen_games(data_dir: Path, asked: Sequence[str]) -> list[str]:
    known = available_games(data_dir)
    unknown = [game for game in asked if game not in known]
    if unknown:
        raise UsageError(
            f"unknown game {', '.join(unknown)} (available: {', '.join(known) or 'none'})"
        )
    return list(dict.fromkeys(asked)) if asked else known


# --- check -----------------------------------------------------------------------------------


def run_check(args: argparse.Namespace) -> int:
    from pnpkit.kit.checks import GAME_CHECKS

    games = _chosen_games(args.data, args.games)
    findings: list[str] = []
    data_problems: list[str] = []
    for game in games:
        checker = GAME_CHECKS.get(game) or _card_game_checker(args.data / game)
        if checker is None:
            print(f"{game}: no checks for this game yet")
            continue
        try:
            found = checker(args.data / game)
        except DataError as exc:
            data_problems += [str(p) for p in exc.problems]
            continue
        for line in found:
            print(line)
        findings += found
    for line in data_problems:
        print(f"error: {line}", file=sys.stderr)
    total = len(findings) + len(data_problems)
    if total:
        print(f"{_plural(total, 'problem')} in {_plural(len(games), 'game')}", file=sys.stderr)
        return 1
    print(f"checked {_plural(len(games), 'game')}: no problems")
    return 0


def _card_game_checker(game_dir: Path) -> Callable[[Path], list[str]] | None:
    """A generic card game (``kit: cards``) is checked by loading it: every problem in its
    data is a DataError; it has no rules of its own to check."""
    from pnpkit.kit.cardgame import is_card_game, load_card_game

    if not is_card_game(game_dir):
        return None

    def check(folder: Path) -> list[str]:
        load_card_game(folder)
        return []

    return check


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- map -------------------------------------------------------------------------------------


def chart_path(data_dir: Path, name: str) -> Path:
    """The file of a false-colors chart; a usage error naming the charts there if unknown."""
    folder = data_dir / FLEET_GAME / "charts"
    names = sorted(p.stem for p in folder.glob("*.yaml"))
    if name not in names:
        raise UsageError(f"unknown chart {name!r} (available: {', '.join(names) or 'none'})")
    return folder / f"{name}.yaml"


def run_map(args: argparse.Namespace) -> int:
    from pnpkit.engine.deal import deal_islands
    from pnpkit.load import load_chart

    chart = load_chart(chart_path(args.data, args.chart))
    dealt = deal_islands(chart, args.islands, random.Random(args.seed))
    dealt = replace(dealt, seed=args.seed)
    if args.format in ("text", "json"):
        body = _map_body(dealt, args.format)
        if args.out is None:
            _write(sys.stdout, body)
        else:
            target = _map_target(args.out, dealt, args.format)
            _save(target, body)
            print(f"wrote {target}")
        return 0
    target = _map_target(args.out or "output/maps/", dealt, args.format)
    _make_parent(target)
    from pnpkit.kit.maps import write_map_pdf, write_map_svg
    from pnpkit.layout.paper import by_name

    if args.format == "svg":
        write_map_svg(dealt, target)
    else:
        write_map_pdf(dealt, target, by_name(args.paper))
    print(f"wrote {target}")
    return 0


def _map_body(chart: Chart, format_: str) -> str:
    if format_ == "json":
        from pnpkit.engine.chartjson import chart_to_json

        return json.dumps(chart_to_json(chart), indent=2) + "\n"
    from pnpkit.render.text import chart_text

    return chart_text(chart)


def _map_target(out: str, chart: Chart, format_: str) -> Path:
    """``out`` itself, or ``<chart>-seed<N>.<ext>`` inside it when it is a folder (an
    existing one, or any path written with a trailing slash)."""
    suffix = "txt" if format_ == "text" else format_
    if out.endswith(("/", os.sep)) or Path(out).is_dir():
        return Path(out) / f"{chart.name}-seed{chart.seed}.{suffix}"
    return Path(out)


def _make_parent(target: Path) -> None:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create {target.parent}: {exc.strerror}") from None


def _save(target: Path, body: str) -> None:
    from pnpkit.layout.atomic import atomic_write

    _make_parent(target)
    try:
        with atomic_write(target) as out:  # an interrupted write leaves the old file whole
            out.write(body.encode("utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot write {target}: {exc.strerror}") from None


def _write(stream: TextIO, body: str) -> None:
    try:
        stream.write(body)
        stream.flush()
    except BrokenPipeError:  # `pnpkit map … | head`: stop quietly, also at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())


def run_table_layout(args: argparse.Namespace) -> int:
    from pnpkit.kit.tabletop import table_layout

    body, target = table_layout(
        args.data,
        args.crews,
        args.seed,
        args.table,
        args.islands,
        args.format,
        args.out,
        args.paper,
    )
    if target is None:
        _write(sys.stdout, body)
    else:
        print(f"wrote {target}")
    return 0


# --- build and verify ------------------------------------------------------------------------


def run_build(args: argparse.Namespace) -> int:
    from pnpkit.kit import BuildOptions, build_kits
    from pnpkit.layout.cards import NO_OFFSET
    from pnpkit.layout.paper import by_name

    _chosen_games(args.data, args.games)  # a usage error naming the games there if unknown
    options = BuildOptions(
        paper=by_name(args.paper),
        offset=args.back_offset or NO_OFFSET,
        report=None if args.quiet else _progress_line,
    )
    written = build_kits(list(dict.fromkeys(args.games)), args.data, args.out, options)
    if not args.quiet:
        print(f"wrote {_plural(len(written), 'file')}")
    if args.preview:
        from pnpkit.kit.preview import write_previews

        index = write_previews(args.out, args.games)
        if not args.quiet:
            print(f"previews: {index}")
    return 0


def run_watch(args: argparse.Namespace) -> int:
    from pnpkit.kit import BuildOptions
    from pnpkit.kit.watch import Watcher
    from pnpkit.layout.cards import NO_OFFSET
    from pnpkit.layout.paper import by_name

    _chosen_games(args.data, [args.game])
    options = BuildOptions(paper=by_name(args.paper), offset=args.back_offset or NO_OFFSET)
    watcher = Watcher(args.game, args.data, args.out, options, echo=_say)
    try:
        watcher.run()
    except KeyboardInterrupt:
        print("stopped", flush=True)
    return 0


def _say(line: str) -> None:
    print(line, flush=True)


def run_preview(args: argparse.Namespace) -> int:
    from pnpkit.kit.preview import kit_documents, write_previews

    if not kit_documents(args.out, args.games):
        raise UsageError(f"no kits built in {args.out} (run pnpkit build first)")
    index = write_previews(args.out, args.games)
    print(f"wrote {index}")
    return 0


def _progress_line(path: Path) -> None:
    """One line per document, as soon as it is written (a long build shows its progress)."""
    print(path, flush=True)


def run_export(args: argparse.Namespace) -> int:
    from pnpkit.kit.cardgame import is_card_game
    from pnpkit.kit.export_decks import DECKS, FORMATS, export_game

    known = _chosen_games(args.data, args.games)
    games = known if args.games else [g for g in known if g in DECKS or is_card_game(args.data / g)]
    formats = FORMATS if args.format == "all" else (args.format,)
    written: list[Path] = []
    for game in games:
        written += export_game(game, args.data, args.out, formats)
    print(f"wrote {_plural(len(written), 'file')} for {_plural(len(games), 'game')}")
    return 0


def run_new(args: argparse.Namespace) -> int:
    from pnpkit.kit.scaffold import scaffold

    for path in scaffold(args.data, args.game, args.title):
        print(f"wrote {path}")
    print(f"next: pnpkit build {args.game} --data {args.data}   (or: pnpkit watch {args.game})")
    return 0


def run_verify(args: argparse.Namespace) -> int:
    paths: list[Path] = args.paths or [args.out]
    missing = [str(p) for p in paths if not _exists(p)]
    if missing:
        raise UsageError(f"no such file or folder: {', '.join(missing)}")
    from pnpkit.verify import verify_paths

    problems = verify_paths(paths)
    for line in problems:
        print(f"error: {line}", file=sys.stderr)
    if problems:
        print(f"{_plural(len(problems), 'problem')} found", file=sys.stderr)
        return 1
    print("every PDF prints at true scale")
    return 0


if __name__ == "__main__":
    sys.exit(main())
