"""``pnpkit map``: deal a random-island chart for tonight's game (text, JSON, SVG or PDF)."""

from __future__ import annotations

import argparse
import difflib
import json
import random
import secrets
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnpkit.cli_args import (
    data_option,
    file_target,
    make_parent,
    natural,
    paper_option,
    refuse_file_out,
    save_text,
    write_stream,
)
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
    refuse_file_out(args.out, args.format, args.data, "output/maps/")
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
            target = file_target(args.out, args.format, _stem(dealt))
            save_text(target, body)
            print(f"wrote {target}")
        return 0
    target = file_target(args.out or "output/maps/", args.format, _stem(dealt))
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


def _stem(chart: Chart) -> str:
    """The name of a dealt map's file in a folder: ``<chart>-seed<N>``."""
    return f"{chart.name}-seed{chart.seed}"


def map_body(chart: Chart, format_: str) -> str:
    if format_ == "json":
        from pnpkit.engine.chartjson import chart_to_json

        return json.dumps(chart_to_json(chart), indent=2) + "\n"
    from pnpkit.render.text import chart_text

    return chart_text(chart)
