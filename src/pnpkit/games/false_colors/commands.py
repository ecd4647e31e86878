"""``pnpkit map``: deal a random-island chart for tonight's game (text, JSON, SVG or PDF)."""

from __future__ import annotations

import argparse
import difflib
import json
import os
import random
import secrets
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnpkit.cli_args import data_option, make_parent, natural, paper_option, save_text, write_stream
from pnpkit.engine.deal import DealSymmetry
from pnpkit.errors import UsageError
from pnpkit.games import COMMANDS
from pnpkit.model import Chart

GAME = "false-colors"
MAP_FORMATS = ("text", "json", "svg", "pdf")


def add_commands(commands: Any) -> None:
    """Add ``map`` to the command line."""
    summary = COMMANDS["map"][1]
    map_: argparse.ArgumentParser = commands.add_parser("map", help=summary, description=summary)
    map_.add_argument("chart", metavar="CHART", help="a chart of false-colors: square, duel, hex")
    map_.add_argument(
        "--seed",
        type=natural,
        metavar="N",
        help="the seed of the deal; the same seed gives the same chart (default: a new one, "
        "printed so the map can be dealt again)",
    )
    map_.add_argument(
        "--islands",
        type=natural,
        metavar="K",
        help="how many islands to deal (default: the chart's random_islands, else as many as it has)",
    )
    map_.add_argument(
        "--count",
        action="store_true",
        help="print how many valid maps there are with that many islands (exactly, or bounds "
        "when counting would take too long) instead of dealing one",
    )
    map_.add_argument(
        "--no-wings",
        dest="wings",
        action="store_false",
        help="deal for a game without the Wings variant: the wing cells are ordinary sea and "
        "may hold islands",
    )
    map_.add_argument(
        "--symmetry",
        choices=[s.value for s in DealSymmetry],
        default=DealSymmetry.ROTATIONS.value,
        help="rotations: the turns that carry seat k to seat k+1 (the default, more maps); "
        "full: the chart's mirror too",
    )
    map_.add_argument(
        "--format",
        choices=MAP_FORMATS,
        default="text",
        help="text for the terminal, json, or svg/pdf at print size",
    )
    paper_option(map_)
    data_option(map_)
    map_.add_argument(
        "--out",
        metavar="PATH",
        help="a file, or a folder to write <chart>-seed<N>.<format> in "
        "(default: stdout for text and json, ./output/maps/ for svg and pdf)",
    )
    map_.set_defaults(run=run_map)


def chart_path(data_dir: Path, name: str) -> Path:
    """The file of a false-colors chart; a usage error naming the charts there if unknown."""
    if not (data_dir / GAME).is_dir():
        from pnpkit.games import bundled_hint

        raise UsageError(f"no {GAME} game in {data_dir}{bundled_hint(GAME, data_dir)}")
    folder = data_dir / GAME / "charts"
    names = sorted(p.stem for p in folder.glob("*.yaml"))
    if name not in names:
        close = difflib.get_close_matches(name, names, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise UsageError(f"unknown chart {name!r}{hint} (available: {', '.join(names) or 'none'})")
    return folder / f"{name}.yaml"


def fresh_seed() -> int:
    """A seed for tonight's map when none is asked for (from the operating system)."""
    return secrets.randbelow(1_000_000)


def run_map(args: argparse.Namespace) -> int:
    from pnpkit.engine.deal import count_maps, deal_islands
    from pnpkit.load import load_chart

    chart = load_chart(chart_path(args.data, args.chart))
    if args.count:
        counted = count_maps(chart, args.islands, symmetry=args.symmetry, wings=args.wings)
        write_stream(sys.stdout, f"{counted}\n")
        return 0
    _refuse_out(args.out, args.format, args.data)
    seed = args.seed if args.seed is not None else fresh_seed()
    dealt = deal_islands(
        chart, args.islands, random.Random(seed), symmetry=args.symmetry, wings=args.wings
    )
    if args.seed is None:  # said once a map is dealt (none may exist with these islands)
        print(
            f"seed {seed} (pnpkit map {args.chart} --seed {seed} deals this map again)",
            file=sys.stderr,
        )
    dealt = replace(dealt, seed=seed)
    if args.format in ("text", "json"):
        body = map_body(dealt, args.format)
        if args.out is None:
            write_stream(sys.stdout, body)
        else:
            target = _map_target(args.out, dealt, args.format)
            save_text(target, body)
            print(f"wrote {target}")
        return 0
    target = _map_target(args.out or "output/maps/", dealt, args.format)
    make_parent(target)
    from pnpkit.cli_args import chosen_paper
    from pnpkit.games.false_colors.load import load_fleet_game
    from pnpkit.games.false_colors.maps import write_map_pdf, write_map_svg
    from pnpkit.layout.paper import by_name

    game = load_fleet_game(args.data / GAME)  # the fleets tint the seats
    if args.format == "svg":
        write_map_svg(dealt, target, game)
    else:
        write_map_pdf(dealt, target, by_name(chosen_paper(args)), game)
    print(f"wrote {target}")
    return 0


def map_body(chart: Chart, format_: str) -> str:
    if format_ == "json":
        from pnpkit.engine.chartjson import chart_to_json

        return json.dumps(chart_to_json(chart), indent=2) + "\n"
    from pnpkit.render.text import chart_text

    return chart_text(chart)


def _suffix(format_: str) -> str:
    return "txt" if format_ == "text" else format_


def _refuse_out(out: str | None, format_: str, data: Path) -> None:
    """A usage error for an ``--out`` the map cannot be written to as asked: ``-`` (text and
    json go to stdout without ``--out``), a file name whose extension is another format's
    (``--out m.svg --format pdf``), or a place among the game data (as a build refuses)."""
    if out is None:
        return
    if out == "-":
        if format_ in ("text", "json"):
            raise UsageError(f"--out -: {format_} goes to stdout without --out (leave it out)")
        raise UsageError(
            f"--out -: a {format_} map is written to a file (name a file or a folder, "
            "e.g. output/maps/)"
        )
    name = Path(out)
    wanted = _suffix(format_)
    given = name.suffix.lower().lstrip(".")
    folder = out.endswith(("/", os.sep)) or name.is_dir()
    if not folder and given in MAP_SUFFIXES and given != wanted:
        raise UsageError(
            f"--out {out}: a .{given} name for --format {format_} "
            f"(allowed: {name.with_suffix('.' + wanted)}, or --format {_format_of(given)})"
        )
    from pnpkit.games import game_folders

    place = _real(name if folder else name.parent)
    root = _real(data)
    games = [_real(data / game) for game in game_folders(data)]
    if place == root or any(place.is_relative_to(game) for game in games):
        raise UsageError(
            f"--out {out} is among the game data in {data}: the map would be written with "
            "the files it is built from (choose a place outside it, e.g. output/maps/)"
        )


MAP_SUFFIXES = ("txt", "json", "svg", "pdf")
"""The extensions of the map's formats (text is written as .txt)."""


def _format_of(suffix: str) -> str:
    return "text" if suffix == "txt" else suffix


def _real(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()


def _map_target(out: str, chart: Chart, format_: str) -> Path:
    """``out`` itself, or ``<chart>-seed<N>.<ext>`` inside it when it is a folder (an
    existing one, or any path written with a trailing slash)."""
    suffix = _suffix(format_)
    if out.endswith(("/", os.sep)) or Path(out).is_dir():
        return Path(out) / f"{chart.name}-seed{chart.seed}.{suffix}"
    return Path(out)
