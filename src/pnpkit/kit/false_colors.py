"""The False Colors kit: rulebook, rules card, three tiled charts, the hex overview, one token
sheet per fleet and the play aids. Every document is written atomically, then read back and
verified."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from pnpkit.engine.checks import check_chart
from pnpkit.errors import BuildError, CheckFailed
from pnpkit.kit.aids import write_play_aids
from pnpkit.kit.options import BuildOptions, as_options
from pnpkit.kit.rulebook import CARD_STYLE, RULEBOOK_STYLE, write_rule_document
from pnpkit.kit.rules import RuleText, load_rules
from pnpkit.kit.tokens_pdf import write_tokens
from pnpkit.layout import progress
from pnpkit.layout.atomic import atomic_write
from pnpkit.layout.document import Document
from pnpkit.layout.fingerprint import fingerprint
from pnpkit.layout.overview import place_one_page
from pnpkit.layout.paper import Paper
from pnpkit.layout.tiled_pdf import write_tiled_pdf
from pnpkit.layout.tiling import tile
from pnpkit.load import load_charts, load_fleet_game
from pnpkit.model import Chart, FleetGame
from pnpkit.render.chart import ChartDrawing
from pnpkit.verify.check import require_verified

SUBJECT = "false-colors"

OVERVIEW_TEXT = 1.6
"""The overview prints the hex chart at about 40 %: its words are set larger to stay legible."""
OVERVIEW_LINES = 2.0

CHART_SHEETS: dict[str, int] = {"square": 4, "duel": 4, "hex": 6}
"""Sheets each chart should take on Letter (the kit's page counts); the tiler narrows glue
strips to meet them on other paper."""


@dataclass(frozen=True, slots=True)
class FleetKit:
    game: FleetGame
    charts: Mapping[str, Chart]
    rules: RuleText


def load_kit(game_dir: Path) -> FleetKit:
    """Read the game, its charts and its rule text; refuse charts that fail the engine's checks
    (a kit never prints a chart the rules do not allow)."""
    kit = FleetKit(
        load_fleet_game(game_dir), load_charts(game_dir), load_rules(game_dir / "rules.yaml")
    )
    problems = [
        f"{chart.source or name}: {violation}"
        for name, chart in sorted(kit.charts.items())
        for violation in check_chart(chart)
    ]
    if problems:
        raise CheckFailed("charts fail their checks:\n" + "\n".join(problems))
    return kit


def build_false_colors(
    game_dir: Path, out_dir: Path, options: BuildOptions | Paper | str | None = None
) -> list[Path]:
    """Write and verify every document of the kit into ``out_dir``; returns their paths.
    (False Colors has no duplex sheets: the back offset does not apply.)"""
    chosen = as_options(options)
    paper = chosen.paper
    kit = load_kit(game_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    steps: list[tuple[str, Callable[[Path], object]]] = [
        (
            "rulebook.pdf",
            lambda p: write_rule_document(
                p,
                kit.rules.rulebook,
                game=kit.game,
                charts=kit.charts,
                rules=kit.rules,
                paper=paper,
                style=RULEBOOK_STYLE,
                subject=SUBJECT,
            ),
        ),
        (
            "rules-card.pdf",
            lambda p: write_rule_document(
                p,
                kit.rules.card,
                game=kit.game,
                charts=kit.charts,
                rules=kit.rules,
                paper=paper,
                style=CARD_STYLE,
                subject=SUBJECT,
            ),
        ),
    ]
    for name in sorted(kit.charts):
        chart = kit.charts[name]
        steps.append((f"chart-{name}.pdf", _chart_step(chart, paper)))
    if "hex" in kit.charts:
        steps.append(
            ("chart-hex-overview.pdf", lambda p: write_overview_pdf(kit.charts["hex"], p, paper))
        )
    steps.append(
        ("tokens.pdf", lambda p: write_tokens(p, kit.game, kit.charts, paper, subject=SUBJECT))
    )
    steps.append(
        (
            "play-aids.pdf",
            lambda p: write_play_aids(p, kit.game, kit.charts, paper, subject=SUBJECT),
        )
    )
    written: list[Path] = []
    with chosen.listening():
        for filename, write in steps:
            path = out_dir / filename
            inputs = fingerprint(filename, write)
            if not progress.should_write(path, inputs):
                continue
            if not _write_verified(path, write, inputs):
                continue
            progress.wrote(path, inputs)
            written.append(path)
    return written


def _write_verified(path: Path, write: Callable[[Path], object], inputs: str | None) -> bool:
    """Write and verify ``path``; False when a rebuild (``pnpkit watch``) drew exactly the bytes
    already there (then the file is left alone and not verified again)."""
    if not progress.remembering():
        write(path)
        require_verified(path)
        return True
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".draft-") as folder:
        draft = Path(folder) / path.name
        write(draft)
        if progress.same_bytes(path, draft.read_bytes(), inputs):
            return False
        require_verified(draft)
        os.replace(draft, path)
    return True


def _chart_step(chart: Chart, paper: Paper) -> Callable[[Path], object]:
    def step(path: Path) -> object:
        return write_chart_pdf(chart, path, paper)

    return step


def chart_title(chart: Chart) -> tuple[str, str]:
    """The title and subtitle printed on every sheet; a dealt chart's seed is in the subtitle."""
    subtitle = chart.size_text
    if chart.seed is not None:
        subtitle += f", random islands, seed {chart.seed}"
    return chart.title, subtitle


def write_chart_pdf(chart: Chart, path: Path, paper: Paper) -> int:
    """Tile ``chart`` at 1:1 over sheets of ``paper`` plus an assembly page; returns the sheets."""
    title, subtitle = chart_title(chart)
    target = CHART_SHEETS.get(chart.name)
    layout = tile(ChartDrawing(chart), paper, title=title, subtitle=subtitle, target_sheets=target)
    write_tiled_pdf(layout, path, subject=SUBJECT)
    return layout.sheet_count


def write_overview_pdf(chart: Chart, path: Path, paper: Paper) -> None:
    """The whole chart on one page, scaled down (landscape when that shows it larger)."""
    title, subtitle = chart_title(chart)
    with atomic_write(path) as out:
        doc = Document(out, title=f"{title}: overview", subject=SUBJECT)
        drawing = ChartDrawing(chart, text_scale=OVERVIEW_TEXT, line_weight=OVERVIEW_LINES)
        placed = place_one_page(drawing, paper, doc, title=f"{title}: overview", subtitle=subtitle)
        doc.save()
    if not placed.paper.is_landscape:
        raise BuildError(f"{path.name}: the overview came out portrait; expected landscape")
