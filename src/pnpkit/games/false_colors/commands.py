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

from pnpkit.errors import UsageError
from pnpkit.games import COMMANDS
from pnpkit.games.false_colors.charts.engine.deal import DealSymmetry
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.game import Command, Hook, argument, shared
from pnpkit.games.output import file_target, make_parent, refuse_file_out, save_text, write_stream

GAME = "false-colors"
MAP_FORMATS = ("text", "json", "svg", "pdf")


MAP = Command(
    "map",
    COMMANDS["map"][1],
    (
        argument("chart", metavar="CHART", help="a chart of false-colors: square, duel, hex"),
        argument(
            "--seed",
            type="natural",
            metavar="N",
            help="the seed of the deal; the same seed gives the same chart (default: a new one, "
            "printed so the map can be dealt again)",
        ),
        argument(
            "--islands",
            type="natural",
            metavar="K",
            help="how many islands to deal (default: the chart's random_islands, else as many as "
            "it has)",
        ),
        argument(
            "--count",
            action="store_true",
            help="print how many valid maps there are with that many islands (exactly, or bounds "
            "when counting would take too long) instead of dealing one",
        ),
        argument(
            "--no-wings",
            dest="wings",
            action="store_false",
            help="deal for a game without the Wings variant: the wing cells are ordinary sea and "
            "may hold islands",
        ),
        argument(
            "--symmetry",
            choices=[s.value for s in DealSymmetry],
            default=DealSymmetry.ROTATIONS.value,
            help="rotations: the turns that carry seat k to seat k+1 (the default, more maps); "
            "full: the chart's mirror too",
        ),
        argument(
            "--format",
            choices=MAP_FORMATS,
            default="text",
            help="text for the terminal, json, or svg/pdf at print size",
        ),
        shared("paper"),
        shared("data"),
        argument(
            "--out",
            metavar="PATH",
            help="a file, or a folder to write <chart>-seed<N>.<format> in "
            "(default: stdout for text and json, ./output/maps/ for svg and pdf)",
        ),
    ),
    Hook("pnpkit.games.false_colors.commands:run_map"),
)
"""``pnpkit map``, as the command line builds it."""


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
    from pnpkit.games import read_checked
    from pnpkit.games.false_colors.charts.engine.deal import DealFailed, count_maps, deal_islands
    from pnpkit.games.false_colors.data import FleetKit

    chart_path(args.data, args.chart)  # a usage error naming the charts, before any reading
    kit: FleetKit = read_checked(GAME, args.data / GAME, "no map is dealt from this data")
    chart = kit.charts[args.chart]
    if args.count:
        counted = count_maps(chart, args.islands, symmetry=args.symmetry, wings=args.wings)
        write_stream(sys.stdout, f"{counted}\n")
        return 0
    refuse_file_out(args.out, args.format, args.data, "output/maps/")
    seed = args.seed if args.seed is not None else fresh_seed()
    try:
        dealt = deal_islands(
            chart, args.islands, random.Random(seed), symmetry=args.symmetry, wings=args.wings
        )
    except DealFailed as exc:
        if exc.exists is False:  # proved: no valid map exists
            raise
        lower = "--islands" if args.islands is not None else "random_islands (or ask --islands)"
        raise DealFailed(f"{exc}: lower {lower}", exc.rejections, exc.exists) from None
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
    from pnpkit.games.false_colors.maps import write_map_pdf, write_map_svg

    game = kit.game  # the fleets tint the seats
    if args.format == "svg":
        write_map_svg(dealt, target, game)
    else:
        write_map_pdf(dealt, target, args.print_settings().paper, game)
    print(f"wrote {target}")
    return 0


def _stem(chart: Chart) -> str:
    """The name of a dealt map's file in a folder: ``<chart>-seed<N>``."""
    return f"{chart.name}-seed{chart.seed}"


def map_body(chart: Chart, format_: str) -> str:
    if format_ == "json":
        from pnpkit.games.false_colors.charts.chartjson import chart_to_json

        return json.dumps(chart_to_json(chart), indent=2) + "\n"
    from pnpkit.games.false_colors.charts.text import chart_text

    return chart_text(chart)
