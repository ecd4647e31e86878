"""Play aids: the round track (storm rounds marked), the score track and a tally of ships lost on
one page, the orders pad on the next. Every number comes from the game and chart models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.tracks import OrdersPad, RoundTrack, ScoreTrack, SunkTally
from pnpkit.layout import marks
from pnpkit.layout.document import Document
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model import Chart
from pnpkit.render import fonts

INSET = 1.5
"""Boxes keep this far inside the margin (their strokes have width)."""
SCORE_TRACK_TOP = 59
"""The score track runs 0…59; a captain past it starts again with a marker turned over."""


def _heading(c: Any, x: float, y: float, title: str, note: str) -> None:
    c.setFillColorRGB(0.12, 0.31, 0.47)
    c.setFont(fonts.BOLD, 13.0)
    c.drawString(x, y, title)
    c.setFillColorRGB(0.2, 0.2, 0.2)
    c.setFont(fonts.REGULAR, 8.5)
    c.drawString(x, y - 12.0, note)


def _place(c: Any, item: Any, x: float, top: float) -> float:
    c.saveState()
    c.translate(x, top - item.height)
    item.draw(c)
    c.restoreState()
    return float(top - item.height)


def play_aids_document(
    filename: str, game: FleetGame, charts: Mapping[str, Chart], paper: Paper, *, subject: str
) -> DocumentPlan:
    """The round and score tracks, the ships-lost tally and the orders pad: two pages."""
    storm_rounds = next(iter(sorted({chart.storm_rounds for chart in charts.values()})))
    usable = paper.width - 2 * (MARGIN + INSET)
    left = MARGIN + INSET

    def pages(doc: Document) -> None:
        doc.start_page(paper)
        c = doc.canvas
        top = paper.height - MARGIN - 13.0
        rounds = RoundTrack(
            game.rounds, storm_rounds, game.truce_rounds, box=usable / 12, per_row=12
        )
        storm_words = ", ".join(str(r) for r in storm_rounds)
        _heading(
            c,
            MARGIN,
            top,
            "Round track",
            f"{game.rounds} rounds. After each shaded round ({storm_words}) the storm takes the next ring; "
            f"round{'s' if game.truce_rounds > 1 else ''} 1{'–' + str(game.truce_rounds) if game.truce_rounds > 1 else ''} is a truce.",
        )
        y = _place(c, rounds, left, top - 20.0)
        score = ScoreTrack(SCORE_TRACK_TOP, box=usable / 20, per_row=20)
        _heading(
            c,
            MARGIN,
            y - 30.0,
            "Score track",
            "One marker per captain (or team). Every fifth box is heavier.",
        )
        y = _place(c, score, left, y - 50.0)
        tally = SunkTally(
            tuple(fleet.name for fleet in game.fleets),
            tuple((ship.key, ship.count) for ship in game.roster),
            usable,
        )
        _heading(
            c,
            MARGIN,
            y - 30.0,
            "Ships lost",
            f"Cross out each ship as she is sunk or captured: {game.fleet_size} a fleet. "
            "Each captain sees only what the fights showed.",
        )
        _place(c, tally, left, y - 50.0)
        marks.calibration(c, MARGIN, MARGIN, doc)
        doc.start_page(paper)
        top = paper.height - MARGIN - 13.0
        extra = game.admiral_orders
        _heading(
            c,
            MARGIN,
            top,
            "Orders pad",
            f"Write up to {game.orders} orders a round, {game.orders + extra} while your Admiral is "
            f"afloat (the shaded column{'s' if extra > 1 else ''}). Storm rounds are marked.",
        )
        room = top - 22.0 - (MARGIN + marks.CALIBRATION_HEIGHT + 8.0)
        line = min(26.0, room / (game.rounds + 1))
        pad = OrdersPad(game.rounds, game.orders, extra, storm_rounds, usable, line)
        _place(c, pad, left, top - 20.0)
        marks.calibration(c, MARGIN, MARGIN, doc)

    return DocumentPlan(filename, f"{game.title}: play aids", subject, pages)
