"""Random islands from print: ``random-islands.pdf``, a few maps the engine deals for each chart
with the seeds the data fixes (``dealt_seeds`` in ``game.yaml``, ours), each drawn small with its
seed and its islands named cell by cell, then the island and water tokens to cut out
(:mod:`pnpkit.games.false_colors.island_tokens`). A table without pnpkit plays the variant from
it: an island token on each dealt island the chart prints as water, a water token on each
printed island the map leaves out. ``pnpkit map CHART --seed N`` deals the same map again, to print it
whole."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from pnpkit.games.false_colors.charts.engine.deal import deal_islands
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.context import rule_context
from pnpkit.games.false_colors.island_tokens import TokenRows, TokensNeeded, tokens_needed
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.rule_text import RuleText, aid_phrases
from pnpkit.games.false_colors.tinted import chart_drawing
from pnpkit.layout.document import Document
from pnpkit.layout.flow import Block, FlowStyle, Heading, Para, Picture, Pictures, column_width
from pnpkit.layout.paper import Paper
from pnpkit.layout.plan import DocumentPlan, Printing
from pnpkit.layout.rules import rules_pages
from pnpkit.model.cells import Cell

CHART_ORDER = ("square", "duel", "hex")


STYLE = FlowStyle(body=9.0, leading=11.1, columns=1)
"""One column, so two maps side by side print large enough to read their islands."""
PER_ROW = 2


def dealt_maps(game: FleetGame, chart: Chart) -> list[Chart]:
    """``chart`` dealt with each of the game's ``dealt_seeds``, as ``pnpkit map`` deals it; a
    seed that deals a map an earlier seed dealt is left out (a chart with few valid maps)."""
    maps: list[Chart] = []
    for seed in game.dealt_seeds:
        dealt = replace(deal_islands(chart, None, random.Random(seed)), seed=seed)
        if all(dealt.islands != earlier.islands for earlier in maps):
            maps.append(dealt)
    return maps


def _cells(chart: Chart, cells: frozenset[Cell]) -> str:
    labels = sorted((chart.label(cell) for cell in cells), key=lambda t: (t[0], int(t[1:])))
    return ", ".join(labels) if labels else "none"


def random_island_blocks(
    game: FleetGame,
    charts: Mapping[str, Chart],
    note: str,
    mark: str,
    room: float,
    tokens: tuple[str, str] = ("", ""),
) -> list[Block]:
    """For each chart, its dealt maps side by side and, seed by seed, the islands to mark and
    the printed islands to sail over; then the island and water tokens to cut out (rows at most
    ``room`` points wide, at 1:1) under ``tokens``' heading and note."""
    blocks: list[Block] = [Para(note)]
    dealt: list[tuple[Chart, Chart]] = []
    ordered = sorted(charts, key=lambda n: (CHART_ORDER.index(n) if n in CHART_ORDER else 9, n))
    for name in ordered:
        chart = charts[name]
        maps = dealt_maps(game, chart)
        if not maps:
            continue
        dealt += [(chart, one) for one in maps]
        blocks.append(Heading(f"{chart.title}, {chart.size_text}"))
        pictures = [
            Picture(chart_drawing(dealt, game, detail=False), 1.0, f"seed {dealt.seed}{mark}")
            for dealt in maps
        ]
        for i in range(0, len(pictures), PER_ROW):
            row = pictures[i : i + PER_ROW]
            # a map alone on its row is drawn as large as one of a pair
            blocks.append(Pictures(tuple(row)) if len(row) > 1 else replace(row[0], width=0.5))
        for one in maps:
            new = one.islands - chart.islands
            kept = chart.islands - one.islands
            blocks.append(
                Para(
                    f"**Seed {one.seed}{mark}.** Islands: {_cells(chart, one.islands)}. "
                    f"Island tokens on {_cells(chart, new)}; water tokens on the printed "
                    f"islands {_cells(chart, kept)}."
                )
            )
    blocks += token_blocks(tokens_needed(dealt), room, *tokens)
    return blocks


ROWS_A_PICTURE = 3
"""Token rows drawn as one picture (a picture never splits across pages)."""


def token_blocks(needed: list[TokensNeeded], room: float, heading: str, note: str) -> list[Block]:
    """The tokens to cut out, square and hex, island and water, at 1:1, under ``heading`` and
    ``note``."""
    if not needed:
        return []
    blocks: list[Block] = [Heading(heading), Para(note)]
    for need in needed:
        for island, count in ((True, need.islands), (False, need.waters)):
            rows = TokenRows(need.shape, need.cell, count, island, room)
            per_picture = rows.per_row * ROWS_A_PICTURE
            for start in range(0, count, per_picture):
                part = TokenRows(
                    need.shape, need.cell, min(per_picture, count - start), island, room
                )
                caption = (
                    f"{need.shape.value} {'island' if island else 'water'} tokens, {count} in all"
                    if start == 0
                    else ""
                )
                blocks.append(Picture(part, 1.0, caption))
    return blocks


def random_islands_document(
    filename: str,
    game: FleetGame,
    charts: Mapping[str, Chart],
    rules: RuleText,
    paper: Paper,
    *,
    subject: str,
) -> DocumentPlan:
    """The dealt maps of every chart, flowed over as many pages as they take."""
    say = aid_phrases(rules, rule_context(game, charts, rules))
    mark = game.ours.mark("dealt_seeds")
    room = column_width(paper, STYLE) - 2.0
    blocks = random_island_blocks(
        game,
        charts,
        say("random_note"),
        mark,
        room,
        (say("random_tokens"), say("random_tokens_note")),
    )
    title = say("random_title")

    def pages(doc: Document) -> None:
        rules_pages(
            doc,
            blocks,
            title=f"{game.printed_title}: {title}",
            subtitle="",
            paper=paper,
            style=STYLE,
        )

    printing = Printing(
        then="For the Random islands variant: choose one map; cut out the island and water "
        "tokens of the last pages and lay them as the map says."
    )
    return DocumentPlan(filename, f"{game.title}: {title}", subject, pages, printing)
