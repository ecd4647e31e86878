"""Tables for the rulebook and the rules card, generated from the models and the engine.

Nothing here decides a rule: who beats whom comes from :func:`pnpkit.games.false_colors.combat.combat_table`,
what the storm takes from :func:`pnpkit.engine.storm.storm_report`, every count from the models.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pnpkit.engine import storm
from pnpkit.games.false_colors import combat
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.rule_text import OUTCOME_PHRASES, SCORING_PHRASES, and_list
from pnpkit.games.false_colors.symbols import OutcomeKind, OutcomeMark
from pnpkit.layout.flow import Block, Cell, Grid, Items, Picture, Pictures
from pnpkit.model import Chart
from pnpkit.render.chart import ChartDrawing

SHADE = "#eef2f6"


def roster_table(game: FleetGame) -> Grid:
    rows: list[tuple[Cell, ...]] = [
        (Cell("Ship"), Cell("Name"), Cell("In fleet"), Cell("Rating"), Cell("Moves"), Cell("Note"))
    ]
    for ship in game.roster:
        moves = "none" if ship.moves == 0 else ("1" if ship.moves == 1 else f"up to {ship.moves}")
        rows.append(
            (
                Cell(ship.key, bold=True),
                Cell(ship.name),
                Cell(str(ship.count)),
                Cell("none" if ship.rating is None else str(ship.rating)),
                Cell(moves),
                Cell(ship.note),
            )
        )
    rows.append(
        (
            Cell(""),
            Cell("Total", bold=True),
            Cell(str(game.fleet_size), bold=True),
            Cell(""),
            Cell(""),
            Cell(""),
        )
    )
    return Grid(tuple(rows), widths=(0.62, 1.3, 0.62, 0.75, 0.75, 3.0), size=7.6)


def combat_table(game: FleetGame) -> Grid:
    """Attackers down, defenders across; each cell the engine's outcome as a vector mark.
    Classes that never attack (every outcome "no attack") get no row."""
    table = combat.combat_table(game)
    header = (Cell("Attacker / defender"), *(Cell(ship.key) for ship in table.classes))
    rows: list[tuple[Cell, ...]] = [header]
    for attacker, outcomes in zip(table.classes, table.outcomes, strict=True):
        if all(o is combat.Outcome.NO_ATTACK for o in outcomes):
            continue
        line: list[Cell] = [Cell(f"{attacker.key} {attacker.name}")]
        for outcome in outcomes:
            kind = OUTCOME_KINDS[outcome]
            line.append(
                Cell(drawing=OutcomeMark(kind, 8.0), shade=None if kind == "win" else SHADE)
            )
        rows.append(tuple(line))
    count = len(table.classes)
    return Grid(
        tuple(rows),
        header_columns=1,
        widths=(2.6, *(0.55 for _ in range(count))),
        size=7.4,
        align="center",
    )


OUTCOME_KINDS: dict[combat.Outcome, OutcomeKind] = {
    combat.Outcome.ATTACKER_WINS: "win",
    combat.Outcome.ATTACKER_LOSES: "lose",
    combat.Outcome.BOTH_SINK: "both",
    combat.Outcome.ADMIRAL_CAPTURED: "capture",
    combat.Outcome.NO_ATTACK: "none",
}


Say = Callable[[str], str]
"""Looks up a phrase of rules.yaml's ``phrases`` by ``group.key``, placeholders filled."""


def combat_key(say: Say) -> Grid:
    row = tuple(
        cell
        for kind in OUTCOME_PHRASES
        for cell in (Cell(drawing=OutcomeMark(kind, 8.0)), Cell(say(f"combat_key.{kind}")))
    )
    return Grid((row,), header_rows=0, widths=(0.3, 1.2, 0.3, 1.2, 0.3, 0.8, 0.3, 1.5), size=7.4)


def scoring_table(game: FleetGame, say: Say) -> Grid:
    """Points from the scoring model, words from rules.yaml."""
    s = game.scoring
    points = {
        "harbor": f"{s.harbor}",
        "capital": f"{s.capital}",
        "admiral_captured": f"{s.admiral_captured}",
        "sunk": f"rating ÷ {s.sunk_divisor}",
        "admiral_afloat": f"+{s.admiral_afloat}",
        "admiral_lost": f"{s.admiral_lost}",
    }
    rows = (
        (Cell("Points"), Cell("For")),
        *((Cell(points[key]), Cell(say(f"scoring.{key}"))) for key in SCORING_PHRASES),
    )
    return Grid(rows, widths=(0.9, 4.0), size=7.6)


def storm_table(charts: Mapping[str, Chart]) -> Grid:
    """For each chart: when each ring closes and the harbors and islands it takes."""
    ordered = sorted(charts.values(), key=lambda c: c.name)
    rounds = ordered[0].storm_rounds if ordered else ()
    header = (
        Cell("Chart"),
        *(Cell(f"ring {i} after round {r}") for i, r in enumerate(rounds, start=1)),
    )
    rows: list[tuple[Cell, ...]] = [header]
    for chart in ordered:
        line: list[Cell] = [Cell(chart.title)]
        for closing in storm.storm_report(chart):
            parts = [f"{len(closing.cells)} cells"]
            if closing.harbors:
                parts.append(f"{len(closing.harbors)} harbors")
            if closing.islands:
                parts.append(f"{len(closing.islands)} islands")
            line.append(Cell(", ".join(parts)))
        rows.append(tuple(line))
    return Grid(tuple(rows), widths=(1.6, *(1.2 for _ in rounds)), size=7.4)


def chart_pictures(charts: Mapping[str, Chart]) -> Pictures:
    pictures = tuple(
        Picture(ChartDrawing(chart, detail=False), 1.0, f"{chart.title}, {chart.size_text}")
        for chart in sorted(charts.values(), key=lambda c: (c.shape != "square", c.name))
    )
    return Pictures(pictures)


def storm_words(rounds: tuple[int, ...]) -> str:
    return and_list(rounds)


def table_block(name: str, game: FleetGame, charts: Mapping[str, Chart], say: Say) -> Block:
    if name == "roster":
        return roster_table(game)
    if name == "combat":
        return combat_table(game)
    if name == "combat-key":
        return combat_key(say)
    if name == "scoring":
        return scoring_table(game, say)
    if name == "storm":
        return storm_table(charts)
    if name == "charts":
        return chart_pictures(charts)
    return Items(("(no such table)",))
