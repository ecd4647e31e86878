"""What ``pnpkit check`` runs for each game: ``{data folder: checker}``.

A checker loads the game's data (raising :class:`~pnpkit.errors.DataError` with every problem in
every file) and runs the game's rule checks, returning one line per violation. Add a game with
one line in :data:`GAME_CHECKS`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnpkit.engine.bvp import check_bvp
from pnpkit.engine.cardgames import Violation as CardViolation
from pnpkit.engine.checks import check_chart
from pnpkit.engine.highseas import check_high_seas as high_seas_checks
from pnpkit.engine.piratefleets import check_pirate_fleets as pirate_fleets_checks
from pnpkit.engine.tablelayout import check_table_rules
from pnpkit.errors import DataError, Problem
from pnpkit.load import load_charts, load_fleet_game
from pnpkit.load.bvp import load_bvp
from pnpkit.load.highseas import load_high_seas
from pnpkit.load.piratefleets import load_pirate_fleets
from pnpkit.load.tabletop import load_tabletop
from pnpkit.model import Chart


def check_false_colors(game_dir: Path) -> list[str]:
    """Load the fleet game and its charts (DataError listing every problem in every file),
    then run every chart check: one line per violation, ``path: chart: check: message [cells]``."""
    problems: list[Problem] = []
    charts: dict[str, Chart] = {}
    try:
        load_fleet_game(game_dir)
    except DataError as exc:
        problems += exc.problems
    try:
        charts = load_charts(game_dir)
    except DataError as exc:
        problems += exc.problems
    if problems:
        raise DataError(problems)
    lines: list[str] = []
    for name, chart in charts.items():
        for violation in check_chart(chart):
            cells = " ".join(chart.label(cell) for cell in violation.cells)
            where = f" [{cells}]" if cells else ""
            lines.append(f"{chart.source}: {name}: {violation.check}: {violation.message}{where}")
    return lines


def check_high_seas(game_dir: Path) -> list[str]:
    return [_card_game_line(game_dir, v) for v in high_seas_checks(load_high_seas(game_dir))]


def check_pirate_fleets(game_dir: Path) -> list[str]:
    return [
        _card_game_line(game_dir, v) for v in pirate_fleets_checks(load_pirate_fleets(game_dir))
    ]


def check_british_vs_pirates(game_dir: Path) -> list[str]:
    return [_card_game_line(game_dir, v) for v in check_bvp(load_bvp(game_dir))]


def check_tabletop_fleets(game_dir: Path) -> list[str]:
    game = load_tabletop(game_dir)
    source = game.table.source or str(game_dir)
    return [f"{source}: {v.check}: {v.message}" for v in check_table_rules(game.table)]


def _card_game_line(game_dir: Path, violation: CardViolation) -> str:
    return f"{violation.source or game_dir}: {violation.check}: {violation.message}"


GAME_CHECKS: dict[str, Callable[[Path], list[str]]] = {
    "false-colors": check_false_colors,
    "high-seas": check_high_seas,
    "pirate-fleets": check_pirate_fleets,
    "british-vs-pirates": check_british_vs_pirates,
    "tabletop-fleets": check_tabletop_fleets,
}
