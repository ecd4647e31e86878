"""Everything False Colors reads from its data folder: the game (roster, fleets, scoring), its
charts and its rule text, loaded together with every problem in every file reported at once."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from pnpkit.errors import DataError, Problem
from pnpkit.games.false_colors.charts.engine.checks import check_chart
from pnpkit.games.false_colors.charts.engine.seats import seating_reports
from pnpkit.games.false_colors.charts.load.chart import load_charts
from pnpkit.games.false_colors.charts.model import CHARTS, MAX_ROUNDS, Chart, ChartRules
from pnpkit.games.false_colors.load import load_fleet_game
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.rule_text import RuleText, load_rules
from pnpkit.model.violation import Violation


@dataclass(frozen=True, slots=True)
class FleetKit:
    """Everything False Colors reads: the game, its charts by name and its rule text."""

    game: FleetGame
    charts: Mapping[str, Chart]
    rules: RuleText


def load_kit(game_dir: Path) -> FleetKit:
    """Read the game, its charts and its rule text (every problem in every file at once). The
    charts are read with the game's rules for them (rounds, storm, screening)."""
    problems: list[Problem] = []
    game: FleetGame | None = None
    charts: dict[str, Chart] = {}
    rules: RuleText | None = None
    try:
        game = load_fleet_game(game_dir)
    except DataError as exc:
        problems += exc.problems
    try:
        # without the game's rules, read the charts for their own problems alone
        charts = load_charts(game_dir, game.chart_rules.charts if game else _UNREAD)
    except DataError as exc:
        problems += exc.problems
    try:
        rules = load_rules(game_dir / "rules.yaml")
    except DataError as exc:
        problems += exc.problems
    if game is not None and charts:
        problems += [
            Problem(
                game.where.of(*CHARTS.path, name),
                f"charts.{name}",
                f"no chart file charts/{name}.yaml for these rules",
                ", ".join(sorted(charts)) + " (the chart files)",
            )
            for name in sorted(set(game.chart_rules.charts) - set(charts))
        ]
    if problems or game is None or rules is None:
        raise DataError(problems)
    return FleetKit(game, charts, rules)


class _Unread(Mapping[str, ChartRules]):
    """Stands in for the game's chart rules when the game's file cannot be read: every chart
    is known, with nothing to take from the rules it does not say itself."""

    def __getitem__(self, name: str) -> ChartRules:
        return ChartRules(rounds=MAX_ROUNDS, storm_rounds=())

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


_UNREAD = _Unread()


def _rules_for(kit: FleetKit, name: str) -> ChartRules | None:
    return kit.game.chart_rules.charts.get(name)


def chart_violations(kit: FleetKit) -> list[Violation]:
    """Every chart check the charts break, against the game's rules for each chart:
    ``path: chart: check: message [cells]``."""
    lines: list[Violation] = []
    for name, chart in sorted(kit.charts.items()):
        rules = _rules_for(kit, name)
        for violation in check_chart(chart, rules):
            cells = " ".join(chart.label(cell) for cell in violation.cells)
            where = f" [{cells}]" if cells else ""
            place = _place(chart, rules, violation.field)
            message = f"{violation.message}{where}"
            lines.append(replace(violation, message=message, source=f"{place}: {name}"))
    return lines


def _place(chart: Chart, rules: ChartRules | None, field: tuple[str, ...]) -> str:
    """Where the field a violation is about is written: in the chart's file, else in the
    game's rules for the chart (a chart takes ``screened`` from them); the chart's file when
    the violation names no field."""
    if not field:
        return chart.source
    written = chart.where.of(*field)
    if written != chart.where.of() or rules is None or not rules.source:
        return str(written)
    return str(rules.where.of(*field))


def seating_lines(kit: FleetKit) -> list[str]:
    """Each chart's seating report, one line per seating: the mode, the seats, and whether the
    seats are symmetric and fair (or honestly why not)."""
    lines: list[str] = []
    for name, chart in sorted(kit.charts.items()):
        for report in seating_reports(chart, _rules_for(kit, name)):
            lines.append(f"{chart.source}: {name}: seating report: {report.summary}")
    return lines


def problems(kit: FleetKit) -> list[Violation]:
    """The charts' rules and their cells' room for a ship token, the fights the rulebook's
    examples tell, the play aids' room on a page, then the rule text as it would print: every
    placeholder rendered, every phrase and picture found (what passes here prints)."""
    from pnpkit.games.false_colors.aid_layout import aid_violations
    from pnpkit.games.false_colors.context import rule_context
    from pnpkit.games.false_colors.examples import example_problems, seating_problems
    from pnpkit.games.false_colors.rule_text import rule_text_problems
    from pnpkit.games.false_colors.tokens import token_violations

    found = chart_violations(kit) + token_violations(kit.charts)
    found += [Violation.of(p) for p in example_problems(kit.game)]
    found += [Violation.of(p) for p in seating_problems(kit.game, kit.charts)]
    try:
        context = rule_context(kit.game, kit.charts, kit.rules)
    except DataError as exc:
        return found + [Violation.of(p) for p in exc.problems]
    found += [Violation.of(p) for p in rule_text_problems(kit.rules, context, kit.charts)]
    return found + aid_violations(kit.game, kit.charts, kit.rules, context)
