"""Tables for the rulebook and the rules card, generated from the models and the engine.

Nothing here decides a rule: who beats whom comes from
:func:`pnpkit.games.false_colors.combat.combat_table`, what the storm takes from
:func:`pnpkit.games.false_colors.charts.engine.storm.storm_report`, every count from the models.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pnpkit.games.false_colors import combat
from pnpkit.games.false_colors.charts.engine import storm
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.rule_text import OUTCOME_PHRASES, SCORING_PHRASES, and_list
from pnpkit.games.false_colors.symbols import OutcomeKind, OutcomeMark
from pnpkit.games.false_colors.tinted import chart_drawing
from pnpkit.layout.flow import Block, Cell, Grid, Items, Picture, Pictures

SHADE = "#eef2f6"
TABLE_SIZE = 8.5
"""Type size of the rulebook's tables (the body is 9 pt)."""


def roster_table(game: FleetGame) -> Grid:
    rows: list[tuple[Cell, ...]] = [
        (Cell("Ship"), Cell("Name"), Cell("In fleet"), Cell("Rating"), Cell("Moves"), Cell("Note"))
    ]
    for ship in game.roster:
        moves = str(ship.moves) if ship.moves <= 1 else f"up to {ship.moves}"  # the seed's words
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
    return Grid(tuple(rows), widths=(23, 62, 26, 31, 32, 105), size=TABLE_SIZE)


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
        size=TABLE_SIZE,
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
    return Grid(
        (row,), header_rows=0, widths=(0.3, 1.2, 0.3, 1.2, 0.3, 0.8, 0.3, 1.5), size=TABLE_SIZE
    )


def scoring_table(game: FleetGame, say: Say) -> Grid:
    """Points from the scoring model, words from rules.yaml."""
    s = game.scoring
    points = {
        "harbor": f"{s.harbor}",
        "capital": f"{s.capital}",
        "admiral_captured": f"{s.admiral_captured}",
        "sunk": f"rating ÷ {s.sunk_divisor}",
        "admiral_afloat": f"+{s.admiral_afloat}",
        "admiral_lost": f"{s.admiral_lost}".replace("-", "−"),
    }
    rows = (
        (Cell("Points"), Cell("For")),
        *((Cell(points[key]), Cell(say(f"scoring.{key}"))) for key in SCORING_PHRASES),
    )
    return Grid(rows, widths=(0.9, 4.0), size=TABLE_SIZE)


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
    return Grid(tuple(rows), widths=(1.6, *(1.2 for _ in rounds)), size=TABLE_SIZE)


def chart_pictures(charts: Mapping[str, Chart], game: FleetGame) -> Pictures:
    pictures = tuple(
        Picture(chart_drawing(chart, game, detail=False), 1.0, f"{chart.title}, {chart.size_text}")
        for chart in sorted(charts.values(), key=lambda c: (c.shape != "square", c.name))
    )
    return Pictures(pictures)


CHART_ORDER = ("square", "duel", "hex")
"""The order charts are described in: the rules' own chart first."""


def _ordered(charts: Mapping[str, Chart]) -> list[Chart]:
    return sorted(
        charts.values(),
        key=lambda c: (CHART_ORDER.index(c.name) if c.name in CHART_ORDER else 99, c.name),
    )


def seat_list(seats: tuple[int, ...]) -> str:
    """0-based seat indices as printed seat numbers: ``(0, 1, 2, 3)`` → ``"1–4"``."""
    numbers = [s + 1 for s in seats]
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(str(n) for n in numbers)


MODES = {2: "Pairs", 3: "Triads"}
"""Team games by the size of a team."""


def seatings_table(charts: Mapping[str, Chart]) -> Grid:
    """For every chart: which seats each number of captains takes, and the teams of a team
    game. Seats and teams the source rules do not give (``{ours: …}`` in the chart's file)
    carry the mark."""
    rows: list[tuple[Cell, ...]] = [
        (Cell("Chart and its seats"), Cell("Captains"), Cell("Seats"), Cell("Teams"))
    ]
    for chart in _ordered(charts):
        names = ", ".join(f"{seat.index + 1} {seat.name}" for seat in chart.seats)
        for index, seating in enumerate(chart.seatings):
            seats = seat_list(seating.seats) + seating.ours.mark("seats")
            if seating.teams:
                size = len(seating.teams[0])
                mode = MODES.get(size, f"teams of {size}")
                sides = " against ".join(
                    " + ".join(str(s + 1) for s in team) for team in seating.teams
                )
                teams = f"{mode}{seating.ours.mark('teams')}: {sides}"
            else:
                teams = "each alone" if seating.captains > 2 else "—"
            first = f"**{chart.title}**: {names}" if index == 0 else ""
            rows.append((Cell(first), Cell(str(seating.captains)), Cell(seats), Cell(teams)))
    return Grid(tuple(rows), widths=(2.15, 0.8, 0.95, 1.95), size=TABLE_SIZE)


def storm_words(rounds: tuple[int, ...]) -> str:
    return and_list(rounds)


def table_block(
    name: str,
    game: FleetGame,
    charts: Mapping[str, Chart],
    say: Say,
) -> Block:
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
        return chart_pictures(charts, game)
    if name == "seatings":
        return seatings_table(charts)
    return Items(("(no such table)",))
