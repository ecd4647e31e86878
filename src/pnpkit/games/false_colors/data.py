"""Everything False Colors reads from its data folder: the game (roster, fleets, scoring), its
charts and its rule text, loaded together with every problem in every file reported at once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pnpkit.engine.checks import check_chart
from pnpkit.errors import DataError, Problem
from pnpkit.games.false_colors.load import load_fleet_game
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.rule_text import RuleText, load_rules
from pnpkit.load import load_charts
from pnpkit.model import Chart


@dataclass(frozen=True, slots=True)
class FleetKit:
    game: FleetGame
    charts: Mapping[str, Chart]
    rules: RuleText


def load_kit(game_dir: Path) -> FleetKit:
    """Read the game, its charts and its rule text (every problem in every file at once)."""
    problems: list[Problem] = []
    parts: list[object] = []
    for read in (
        lambda: load_fleet_game(game_dir),
        lambda: load_charts(game_dir),
        lambda: load_rules(game_dir / "rules.yaml"),
    ):
        try:
            parts.append(read())
        except DataError as exc:
            problems += exc.problems
    if problems:
        raise DataError(problems)
    game, charts, rules = parts
    return FleetKit(game, charts, rules)  # type: ignore[arg-type]


def chart_lines(kit: FleetKit) -> list[str]:
    """Every chart check the charts break: ``path: chart: check: message [cells]``."""
    lines: list[str] = []
    for name, chart in sorted(kit.charts.items()):
        for violation in check_chart(chart):
            cells = " ".join(chart.label(cell) for cell in violation.cells)
            where = f" [{cells}]" if cells else ""
            lines.append(f"{chart.source}: {name}: {violation.check}: {violation.message}{where}")
    return lines
