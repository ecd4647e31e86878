"""The rulebook and the rules card: rule text + generated tables, flowed in two columns by the
shared :mod:`pnpkit.layout.rules` (this module adds the game's tables and pictures)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnpkit.errors import DataError, Location
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.context import rule_context
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.rule_text import (
    TOKEN_PICTURE,
    RawBlock,
    RuleDocument,
    RuleText,
    phrasebook,
    picture_problem,
    printed,
)
from pnpkit.games.false_colors.tables import table_block
from pnpkit.games.false_colors.tinted import chart_drawing
from pnpkit.games.false_colors.tokens import TentToken
from pnpkit.layout.flow import Block, FlowStyle, Picture, Pictures
from pnpkit.layout.paper import Paper
from pnpkit.layout.plan import DocumentPlan
from pnpkit.layout.rules import RULES_STYLE, SpecialBlock, flow_blocks, rules_plan

RULEBOOK_STYLE = RULES_STYLE
CARD_STYLE = FlowStyle(body=10.0, leading=12.4, h1=13.0, h2=11.0, columns=1, table_size=9.0)


def blocks_for(
    document: RuleDocument,
    game: FleetGame,
    charts: Mapping[str, Chart],
    context: Mapping[str, Any],
    rules: RuleText,
) -> list[Block]:
    """The document's blocks with every placeholder filled and every table generated (the
    truce's blocks only when the game has a truce)."""
    shown = printed(document, game.truce_rounds)
    return flow_blocks(shown, context, special_blocks(game, charts, context, rules))


def special_blocks(
    game: FleetGame, charts: Mapping[str, Chart], context: Mapping[str, Any], rules: RuleText
) -> SpecialBlock:
    """The game's own blocks: generated tables and pictures of charts and tokens."""
    say = phrasebook(rules, context)

    def special(raw: RawBlock) -> Block:
        if raw.kind == "table":
            return table_block(raw.texts[0], game, charts, say)
        return picture_block(raw.texts[0], raw.where, game, charts)

    return special


def picture_block(
    name: str, where: Location, game: FleetGame, charts: Mapping[str, Chart]
) -> Block:
    """``picture: square`` (any chart by name): the chart, small; ``picture: token``: one ship
    token of each fleet before folding, scaled to the column."""
    if name in charts:
        chart = charts[name]
        parts = ["anchorages tinted per seat"]
        if any(seat.wings for seat in chart.seats):
            parts.append("wings hatched")
        parts += [
            "harbors (anchors)",
            "islands",
            "the Capital (stars)",
            "the storm's rings (dashed)",
        ]
        caption = f"{chart.title}, {chart.size_text}: {', '.join(parts[:-1])} and {parts[-1]}."
        return Picture(chart_drawing(chart, game, detail=False), 1.0, caption)
    if name == TOKEN_PICTURE and game.fleets:
        ship = next((s for s in game.roster if s.rating is not None), game.roster[0])
        pictures = tuple(Picture(TentToken(ship, fleet), 1.0, fleet.label) for fleet in game.fleets)
        return Pictures(pictures)
    problem = picture_problem(name, where, charts)
    raise DataError([problem] if problem is not None else [])


def rule_document(
    filename: str,
    document: RuleDocument,
    *,
    game: FleetGame,
    charts: Mapping[str, Chart],
    rules: RuleText,
    paper: Paper,
    style: FlowStyle,
    subject: str,
) -> DocumentPlan:
    """One flowing rule document; drawing it raises BuildError unless it fills exactly
    ``document.pages`` pages."""
    context = rule_context(game, charts, rules)
    return rules_plan(
        filename,
        printed(document, game.truce_rounds),
        context,
        paper=paper,
        subject=subject,
        special=special_blocks(game, charts, context, rules),
        style=style,
    )
