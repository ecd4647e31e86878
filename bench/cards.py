"""Benchmark: a designer's card game of 1,000 distinct cards, built cold, against a floor.

In a temporary folder it writes a game as ``pnpkit new`` would (``kit: cards``, see
``docs/reference/cardgame.md``) with one deck whose cards come from a CSV table
(:func:`card_table`: every card's name, kind, value, text, emblem and three number fields
differ) and the built-in front, and times ``pnpkit build`` of it in a fresh process whose disk
cache (:mod:`pnpkit.render.disk_cache`, ``PNPKIT_CACHE_DIR``) is an empty folder: a first build
on a new machine. Beside it the floor: :mod:`bench.card_floor`, a plain ReportLab script that
draws the same cards 9-up on Letter with the same fonts, in a fresh process too. Peak memory is
the largest resident set of the command's processes, read with
``getrusage(RUSAGE_CHILDREN).ru_maxrss`` once it has ended (:func:`bench.command.run`).

The 1,000-card build and its floor are each run three times, one after the other in turn (so a
moment when the machine runs slow falls on both), and the median run of each is shown: one run
moved the ratio by a tenth on a two-core machine. The 2,000-card build, whose peak memory is the
figure, runs once. The rows say so.
"""

from __future__ import annotations

import csv
import io
import sys
import tempfile
from pathlib import Path

from bench import Row
from bench.command import Figures, run
from pnpkit.render.disk_cache import ENV as CACHE_VARIABLE

AREA = "cards"
GAME = "bench-cards"
COUNT = 1000
"""Cards in the deck whose build is timed against the floor."""
LARGE = 2000
"""Cards in the deck whose peak memory is measured (the most a game may hold)."""
FLOOR = Path(__file__).with_name("card_floor.py")

NUMBERS = ("cost", "power", "speed")
"""The deck's own number fields (the built-in front prints them in its bottom line)."""
_KINDS = ("Crew", "Ship", "Event", "Order", "Port", "Storm", "Treasure")
_EMBLEMS = ("anchor", "skull", "star", "wheel", "crown", "moon", "cross", "heart", "cannon")
_FIRST = ("Iron", "Salt", "Red", "Grey", "Swift", "Old", "Black", "Gold", "Lost", "Wild", "Tall")
_SECOND = ("Gull", "Wake", "Reef", "Tide", "Mast", "Keel", "Helm", "Sail", "Cove", "Shoal")
_VERBS = ("Draw", "Discard", "Move", "Gain", "Lose", "Turn over", "Swap", "Look at")
_OBJECTS = ("a card", "two cards", "one ship", "the top card", "a coin", "three coins")
_AFTER = (
    "then pass the deck to the left",
    "if the wind is behind you",
    "unless a storm is in play",
    "and your rival does the same",
    "before the next order is given",
)

GAME_YAML = """\
kit: cards
title: Bench Cards
author: pnpkit bench
decks:
  - key: deck
    title: Deck
    colour: "#7a4a1d"
    icon: anchor
    fields:
{fields}
    cards: cards.csv
"""


def card_table(count: int) -> str:
    """A CSV table of ``count`` distinct cards (``count`` at most 2,000): a header of the
    columns (``key``, ``name``, ``kind``, ``value``, ``text``, ``icon`` and the number fields
    of :data:`NUMBERS`) and one row a card, the same for the same ``count``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["key", "name", "kind", "value", "text", "icon", *NUMBERS])
    for n in range(count):
        name = f"{_FIRST[n % len(_FIRST)]} {_SECOND[n // len(_FIRST) % len(_SECOND)]} {n + 1}"
        text = (
            f"{_VERBS[n % len(_VERBS)]} {_OBJECTS[n // 3 % len(_OBJECTS)]} "
            f"{_AFTER[n // 7 % len(_AFTER)]}; card {n + 1} of the deck scores {n % 13 + 1}."
        )
        writer.writerow(
            [
                f"card-{n + 1}",
                name,
                _KINDS[n % len(_KINDS)],
                n % 9 + 1,
                text,
                _EMBLEMS[n // 2 % len(_EMBLEMS)],
                n % 5,
                n % 11,
                round(n % 17 / 2, 1),
            ]
        )
    return out.getvalue()


def write_game(data: Path, count: int) -> Path:
    """``data/bench-cards/``: the game of one deck of ``count`` cards from ``cards.csv``."""
    folder = data / GAME
    folder.mkdir(parents=True)
    fields = "\n".join(f"      - {{name: {name}, type: number}}" for name in NUMBERS)
    (folder / "game.yaml").write_text(GAME_YAML.format(fields=fields), encoding="utf-8")
    (folder / "cards.csv").write_text(card_table(count), encoding="utf-8")
    return folder


RUNS = 3
"""Runs of the 1,000-card build and of its floor, in turn; the median of each is shown."""


def build_cold(count: int, folder: Path, run_number: int = 0) -> Figures:
    """``pnpkit build`` of a game of ``count`` cards in a fresh process, its disk cache an
    empty folder (a new one for each run)."""
    data = folder / f"data-{count}"
    out, cache = folder / f"out-{count}-{run_number}", folder / f"cache-{count}-{run_number}"
    if not data.exists():
        write_game(data, count)
    cache.mkdir()
    argv = ["build", GAME, "-q", "--data", str(data), "--out", str(out)]
    return run([sys.executable, "-m", "pnpkit", *argv], extra={CACHE_VARIABLE: str(cache)})


def floor(count: int, folder: Path) -> Figures:
    """The plain ReportLab script drawing the same ``count`` cards, in a fresh process."""
    table = folder / f"floor-{count}.csv"
    table.write_text(card_table(count), encoding="utf-8")
    return run([sys.executable, str(FLOOR), str(table), str(folder / f"floor-{count}.pdf")])


def _median(runs: list[Figures]) -> Figures:
    return sorted(runs, key=lambda figures: figures.wall)[len(runs) // 2]


def rows() -> list[Row]:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        builds: list[Figures] = []
        floors: list[Figures] = []
        for run_number in range(RUNS):
            builds.append(build_cold(COUNT, folder, run_number))
            floors.append(floor(COUNT, folder))
        ours, base = _median(builds), _median(floors)
        large = build_cold(LARGE, folder)
        large_base = floor(LARGE, folder)
    spread = ", ".join(f"{figures.wall:.2f}" for figures in builds)
    return [
        Row(
            AREA,
            f"{COUNT:,} distinct cards from a CSV, pnpkit build, cold cache, fresh process, "
            f"median of {RUNS}",
            f"{ours.text()}; runs {spread} s",
        ),
        Row(
            AREA,
            f"floor: plain ReportLab 9-up, the same {COUNT:,} fronts, fresh process, "
            f"median of {RUNS}",
            base.text(),
        ),
        Row(
            AREA,
            f"{COUNT:,} cards cold × floor (medians: wall; CPU of every process)",
            f"{_ratio(ours.wall, base.wall)}; {_ratio(ours.cpu, base.cpu)} CPU",
        ),
        Row(
            AREA,
            f"{LARGE:,} cards: peak memory (ru_maxrss of the build's processes), floor beside",
            f"{large.peak_mb:.0f} MB (floor {large_base.peak_mb:.0f} MB); "
            f"build {large.wall:.1f} s, floor {large_base.wall:.2f} s",
        ),
    ]


def _ratio(ours: float, floor: float) -> str:
    return f"{ours / floor:.1f} ×" if floor > 0 else "no floor measured"
