"""Random islands from print: ``random-islands.pdf``, a map for every face of the die the data
names (``map_die`` in ``game.yaml``, ours) on each chart, each drawn small with its faces and
seed and its islands named cell by cell, then the island and water tokens to cut out
(:mod:`pnpkit.games.false_colors.island_tokens`). A table without pnpkit plays the variant from
it: roll the die, lay an island token on each dealt island the chart prints as water, a water
token on each printed island the map leaves out. ``pnpkit map CHART --seed N`` deals the same map
again, to print it whole.

The maps are the ones the engine deals with seeds 1, 2, 3 … in turn, each new map kept, until
every face has one. A chart with fewer fair maps than the die has faces (the engine counts them)
prints every one, each on as many faces, and says so, with the cells where its dealt islands
can stand; faces left over say "roll again", so every fair map stays equally likely."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from pnpkit.games.false_colors.charts.engine.deal import count_maps, deal_islands
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
SEED_LIMIT = 1_000
"""Seeds tried on one chart before the kit prints the maps they dealt (a chart whose fair maps
the engine cannot count within its limit, and whose deals keep repeating)."""


@dataclass(frozen=True, slots=True)
class DieMaps:
    """The maps printed for one chart: ``maps[i]`` (dealt, its ``seed`` set) on faces
    ``faces[i]`` (first, last) of a ``sides``-sided die; faces after the last map's say "roll
    again". ``fair`` is how many fair maps the chart has, when the engine counted them all."""

    chart: Chart
    maps: tuple[Chart, ...]
    faces: tuple[tuple[int, int], ...]
    sides: int
    fair: int | None

    @property
    def every_map(self) -> bool:
        """The maps are every fair map of the chart (fewer than the die's faces)."""
        return self.fair is not None and len(self.maps) == self.fair < self.sides

    @property
    def again(self) -> tuple[int, int] | None:
        """The faces that say "roll again" (first, last), or None."""
        last = self.faces[-1][1] if self.faces else 0
        return (last + 1, self.sides) if last < self.sides else None

    @property
    def dealt_cells(self) -> frozenset[Cell]:
        """Every cell a dealt island of these maps stands on that the chart prints as water."""
        return frozenset(c for one in self.maps for c in one.islands - self.chart.islands)


def die_maps(game: FleetGame, chart: Chart) -> DieMaps:
    """A map of ``chart`` for every face of the game's ``map_die``: the maps seeds 1, 2, 3 …
    deal (as ``pnpkit map`` deals them), each new one kept; every fair map, each on as many
    faces, when the chart has fewer. The same data gives the same maps."""
    sides = game.map_die
    counted = count_maps(chart)
    fair = counted.found if counted.exact else None
    wanted = min(sides, fair) if fair is not None else sides
    maps: list[Chart] = []
    for seed in range(1, SEED_LIMIT + 1):
        if len(maps) >= wanted:
            break
        dealt = replace(deal_islands(chart, None, random.Random(seed)), seed=seed)
        if all(dealt.islands != earlier.islands for earlier in maps):
            maps.append(dealt)
    per = sides // len(maps) if maps else 0
    faces = tuple((i * per + 1, (i + 1) * per) for i in range(len(maps)))
    return DieMaps(chart, tuple(maps), faces, sides, fair)


def _cells(chart: Chart, cells: frozenset[Cell]) -> str:
    labels = sorted((chart.label(cell) for cell in cells), key=lambda t: (t[0], int(t[1:])))
    return ", ".join(labels) if labels else "none"


def faces_text(faces: tuple[int, int]) -> str:
    """``(1, 2)`` → "Roll 1–2", ``(3, 3)`` → "Roll 3"."""
    first, last = faces
    return f"Roll {first}" if first == last else f"Roll {first}–{last}"


def random_island_blocks(
    game: FleetGame,
    charts: Mapping[str, Chart],
    say: Callable[[str], str],
    room: float,
) -> list[Block]:
    """For each chart, its maps side by side, each under the faces of the die that pick it
    and, map by map, the islands to mark and the printed islands to sail over; then the island
    and water tokens to cut out (rows at most ``room`` points wide, at 1:1). ``say`` gives the
    words of ``phrases.aids`` (``random_note``, ``random_few``, ``random_tokens``…)."""
    blocks: list[Block] = [Para(say("random_note"))]
    dealt: list[tuple[Chart, Chart]] = []
    ordered = sorted(charts, key=lambda n: (CHART_ORDER.index(n) if n in CHART_ORDER else 9, n))
    for name in ordered:
        chart = charts[name]
        die = die_maps(game, chart)
        if not die.maps:
            continue
        dealt += [(chart, one) for one in die.maps]
        blocks.append(Heading(f"{chart.title}, {chart.size_text}"))
        if die.every_map:
            per = die.faces[0][1] - die.faces[0][0] + 1
            fair = len(die.maps)
            blocks.append(
                Para(
                    f"**Only {fair} fair {'map' if fair == 1 else 'maps'}.** With "
                    f"{len(die.maps[0].islands)} islands this chart has {fair} "
                    f"{'map' if fair == 1 else 'maps'} that every seat sees alike and that pass "
                    f"every check, so each takes {per} {'face' if per == 1 else 'faces'} of the "
                    f"die. Its dealt islands can stand only on "
                    f"{_cells(chart, die.dealt_cells)}: {say('random_few')}"
                )
            )
        pictures = [
            Picture(
                chart_drawing(one, game, detail=False),
                1.0,
                f"{faces_text(faces).lower()} (seed {one.seed})",
            )
            for one, faces in zip(die.maps, die.faces, strict=True)
        ]
        for i in range(0, len(pictures), PER_ROW):
            row = pictures[i : i + PER_ROW]
            # a map alone on its row is drawn as large as one of a pair
            blocks.append(Pictures(tuple(row)) if len(row) > 1 else replace(row[0], width=0.5))
        for one, faces in zip(die.maps, die.faces, strict=True):
            new = one.islands - chart.islands
            kept = chart.islands - one.islands
            blocks.append(
                Para(
                    f"**{faces_text(faces)} (seed {one.seed}).** Islands: "
                    f"{_cells(chart, one.islands)}. Island tokens on {_cells(chart, new)}; water "
                    f"tokens on the printed islands {_cells(chart, kept)}."
                )
            )
        if die.again:
            blocks.append(Para(f"**{faces_text(die.again)}:** roll again."))
    blocks += token_blocks(
        tokens_needed(dealt), room, say("random_tokens"), say("random_tokens_note")
    )
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
    room = column_width(paper, STYLE) - 2.0
    blocks = random_island_blocks(game, charts, say, room)
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
        then="For the Random islands variant: roll the die for a map; cut out the island and "
        "water tokens of the last pages and lay them as the map says."
    )
    return DocumentPlan(filename, f"{game.title}: {title}", subject, pages, printing)
