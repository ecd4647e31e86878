"""``pnpkit table-layout``: deal islands on a 4 ft table (or ``--size``) for tonight's game.

The command parses its arguments here; the deal is the game's rules (:mod:`.rules`), the page
its kit (:func:`.kit.layout_document`), written by the one document writer.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnpkit.errors import UsageError
from pnpkit.games import COMMANDS
from pnpkit.games.game import Command, Hook, argument, shared
from pnpkit.games.output import file_target, refuse_file_out, write_text_or_file
from pnpkit.units import INCH, UnitError, to_points

if TYPE_CHECKING:
    from pnpkit.games.tabletop_fleets.model import TableRules

GAME = "tabletop-fleets"


TABLE_LAYOUT = Command(
    "table-layout",
    COMMANDS["table-layout"][1],
    (
        argument("--crews", type="natural", required=True, metavar="N", help="crews (1–7)"),
        argument("--seed", type="natural", required=True, metavar="S", help="the deal's seed"),
        argument(
            "--table",
            choices=("square", "round"),
            default=None,
            help="table shape (default: table.shape in game.yaml, square)",
        ),
        argument(
            "--size",
            metavar="LENGTH",
            help="the square table's side, a rectangular one's width x depth, or the round "
            "table's diameter, with its unit (e.g. 60in, 72x48in or 150cm; default: "
            "table.size and table.depth in game.yaml, 48in)",
        ),
        argument("--islands", metavar="K", help="islands to deal (default: one per crew), or max"),
        argument("--format", choices=("text", "json", "pdf"), default="text"),
        shared("paper"),
        shared("units", note="; JSON keeps inches (its keys say so)"),
        shared("data"),
        shared(
            "out",
            default=None,
            help="a file, or a folder (ending in /) for <table>-<N>-crews-seed<S>.<ext> "
            "(default: stdout; pdf: ./output/layouts/)",
        ),
    ),
    Hook("pnpkit.games.tabletop_fleets.commands:run_table_layout"),
)
"""``pnpkit table-layout``, as the command line builds it."""


def _island_count(islands: str | None) -> tuple[int | None, bool]:
    as_many = islands is not None and islands.strip().lower() == "max"
    if islands is None or as_many:
        return None, as_many
    try:
        return int(islands), False
    except ValueError:
        raise UsageError(f"--islands {islands!r} (allowed: a whole number, or max)") from None


SIZES = (12 * INCH, 240 * INCH)
"""The table sizes ``--size`` takes, as ``table.size`` does."""


def _table_size(size: str | None, rules: TableRules, *, round_table: bool = False) -> TableRules:
    """The table rules with ``--size`` as the table's size (``60in``; a rectangle's width and
    depth, ``72x48in``), or as the data gives it (a round table takes one length: a rectangle
    the data sets becomes a round table as wide)."""
    if size is None:
        return replace(rules, depth=None) if round_table else rules
    parts = [part.strip() for part in re.split(r"[x×]", size.strip(), flags=re.IGNORECASE)]
    if len(parts) > 2 or (len(parts) == 2 and round_table):
        allowed = "one length" if round_table else "a length, or width x depth (72x48in)"
        raise UsageError(
            f"--size {size!r} (allowed for a {'round' if round_table else 'square'} table: {allowed})"
        )
    unit = re.sub(r"^[0-9.]+", "", parts[-1])
    lengths: list[float] = []
    for part in parts:
        try:
            lengths.append(to_points(part if re.search(r"[a-z]", part, re.I) else part + unit))
        except UnitError as exc:
            raise UsageError(f"--size: {exc}") from None
    low, high = SIZES
    if not all(low - 1e-6 <= points <= high + 1e-6 for points in lengths):
        raise UsageError(f"--size {size!r} is out of range (allowed: 12in–240in)")
    width, *deep = lengths
    return replace(rules, size=width, depth=deep[0] if deep else None)


def run_table_layout(args: argparse.Namespace) -> int:
    """Read and check the game (its own read path and rules, as ``pnpkit check``), deal, then
    print the text or JSON, or write the PDF. Bad arguments raise UsageError (exit 2); data
    that check refuses (DataError, CheckFailed) and a layout that cannot be dealt
    (LayoutImpossible) exit 1. A deal that needs more island pieces or fleets than the kit
    prints is made, with a warning on stderr. The paper and units are the print settings the
    command line resolves (``args.print_settings()``)."""
    from pnpkit.games import read_checked
    from pnpkit.games.tabletop_fleets.diagram import MEASURES
    from pnpkit.games.tabletop_fleets.model import TableShape, TabletopGame
    from pnpkit.games.tabletop_fleets.rules import deal_table, layout_to_json, shortfalls

    settings = args.print_settings()
    units = MEASURES[settings.table_units]
    game_dir = Path(args.data) / GAME
    if not (game_dir / "game.yaml").is_file():
        from pnpkit.games import bundled_hint

        hint = bundled_hint(GAME, Path(args.data)) or " (use --data DIR)"
        raise UsageError(f"no {GAME}/game.yaml under {args.data}{hint}")
    refuse_file_out(args.out, args.format, args.data, "output/layouts/")
    count, as_many = _island_count(args.islands)
    game: TabletopGame = read_checked(GAME, game_dir, "no layout is dealt from this data")
    shape = game.table.shape if args.table is None else TableShape(args.table)
    layout = deal_table(
        _table_size(args.size, game.table, round_table=shape is TableShape.ROUND),
        shape,
        args.crews,
        random.Random(args.seed),
        count,
        as_many=as_many,
        seed=args.seed,
    )
    for line in shortfalls(layout, len(game.factions), game.islands):
        print(f"warning: {line}", file=sys.stderr)
    crews = args.crews
    stem = f"{shape.value}-{crews}-crews-seed{args.seed}"
    if args.format in ("text", "json"):
        from pnpkit.games.tabletop_fleets.diagram import layout_text

        body = (
            layout_text(layout, units)
            if args.format == "text"
            else json.dumps(layout_to_json(layout), indent=2) + "\n"
        )
        out = None if args.out is None else str(file_target(args.out, args.format, stem))
        write_text_or_file(body, out)
        return 0
    from pnpkit.build.write import write_document
    from pnpkit.games.tabletop_fleets.kit import layout_document

    target = file_target(args.out or "output/layouts/", args.format, stem)
    title = f"{game.title}{game.mark('title')}: table layout, {crews} crew{'s' if crews != 1 else ''}, seed {args.seed}"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        plan = layout_document(layout, target.name, settings.paper, title, units, game)
        write_document(target, plan)
    except OSError as exc:
        raise UsageError(f"cannot write {target}: {exc.strerror}") from None
    print(f"wrote {target}")
    return 0
