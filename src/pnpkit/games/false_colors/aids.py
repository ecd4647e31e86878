"""Play aids, two pages. The first: the round track (storm and wind rounds marked), the markers to
cut out, the score track, the tally of ships lost and the wind rose. The second: the captain's
log, one per captain, for orders and your own score round by round (Open Water keeps scores
secret). Every number comes from the game and chart models, every word from ``rules.yaml``'s
``phrases.aids``; a page that prints a mark (our choice) carries the footnote."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pnpkit.errors import BuildError
from pnpkit.games.false_colors.context import rule_context
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.rule_text import AID_NUMBERS, AID_PHRASES, RuleText
from pnpkit.games.false_colors.tracks import (
    FleetMark,
    Markers,
    OrdersPad,
    RoundTrack,
    ScoreTrack,
    SunkTally,
    WindRose,
)
from pnpkit.layout import marks
from pnpkit.layout.document import Document
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model import Chart
from pnpkit.model.ours import MARK, NOTE, plain
from pnpkit.render import fonts

INSET = 1.5
"""Boxes keep this far inside the margin (their strokes have width)."""
GAP = 16.0
"""Space between one aid and the next heading."""
NOTE_SIZE = 8.5
NOTE_LEADING = 10.5

"""The phrases (``phrases.aids.*`` in rules.yaml) the play aids print."""


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width``."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and fonts.text_width(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


class _Page:
    """A page being filled from the top: headings, wrapped notes and drawings."""

    def __init__(self, doc: Document, paper: Paper) -> None:
        doc.start_page(paper)
        self.doc = doc
        self.c = doc.canvas
        self.paper = paper
        self.left = MARGIN + INSET
        self.width = paper.width - 2 * (MARGIN + INSET)
        self.y = paper.height - MARGIN - 13.0
        self.marked = False

    def heading(
        self, title: str, note: str, width: float | None = None, x: float | None = None
    ) -> float:
        """Title and note at the cursor (or at ``x``, ``width`` wide); returns the height used."""
        c = self.c
        x = MARGIN if x is None else x
        width = self.width if width is None else width
        self.marked = self.marked or MARK in title or MARK in note
        c.setFillColorRGB(0.12, 0.31, 0.47)
        c.setFont(fonts.BOLD, 13.0)
        c.drawString(x, self.y, title)
        c.setFillColorRGB(0.2, 0.2, 0.2)
        c.setFont(fonts.REGULAR, NOTE_SIZE)
        lines = wrap(note, fonts.REGULAR, NOTE_SIZE, width)
        for i, line in enumerate(lines):
            c.drawString(x, self.y - 12.0 - i * NOTE_LEADING, line)
        return 12.0 + NOTE_LEADING * len(lines) + 4.0

    def place(self, item: Any, x: float, top: float) -> None:
        self.c.saveState()
        self.c.translate(x, top - item.height)
        item.draw(self.c)
        self.c.restoreState()

    def aid(self, title: str, note: str, item: Any) -> None:
        """A heading, its note and the drawing under them; the cursor moves below."""
        used = self.heading(title, note)
        self.place(item, self.left, self.y - used)
        self.y -= used + item.height + GAP + 13.0

    def finish(self) -> None:
        marks.calibration(self.c, MARGIN, MARGIN, self.doc)
        if self.marked:
            self.c.setFillColorRGB(0.3, 0.3, 0.3)
            self.c.setFont(fonts.ITALIC, 7.5)
            self.c.drawRightString(self.paper.width - MARGIN, MARGIN + 2.0, NOTE)


def play_aids_document(
    filename: str,
    game: FleetGame,
    charts: Mapping[str, Chart],
    rules: RuleText,
    paper: Paper,
    *,
    subject: str,
) -> DocumentPlan:
    """The aids of the first page and the captain's log: two pages."""
    from pnpkit.games.false_colors.rule_text import phrasebook

    context = rule_context(game, charts, rules)
    phrase = phrasebook(rules, context, tuple(f"aids.{key}" for key in AID_PHRASES))

    def say(key: str) -> str:
        return phrase(f"aids.{key}")

    storm_rounds = next(iter(sorted({chart.storm_rounds for chart in charts.values()})))
    wind_rounds = _numbers(rules, AID_NUMBERS[0])
    (score_top,) = _numbers(rules, AID_NUMBERS[1])

    def pages(doc: Document) -> None:
        page = _Page(doc, paper)
        usable = page.width
        page.aid(
            say("round_track"),
            say("round_note"),
            RoundTrack(
                game.rounds,
                storm_rounds,
                game.truce_rounds,
                box=usable / 12,
                per_row=12,
                wind_rounds=wind_rounds,
            ),
        )
        fleets = tuple(
            FleetMark(i, fleet.colour, fleet.ink, fleet.emblem)
            for i, fleet in enumerate(game.fleets, start=1)
        )
        page.aid(
            say("markers"),
            say("markers_note"),
            Markers(fleets, round_words=say("round_marker"), wind_words=say("wind_marker")),
        )
        page.aid(say("score_track"), say("score_note"), ScoreTrack(score_top, usable / 20, 20))
        page.aid(
            say("ships_lost"),
            say("ships_lost_note"),
            SunkTally(
                tuple(f"{i} {fleet.name}" for i, fleet in enumerate(game.fleets, start=1)),
                tuple((ship.key, ship.count) for ship in game.roster),
                usable,
                row=24.0,
                name_column=118.0,
            ),
        )
        _wind(page, charts, say)
        page.finish()
        _log(doc, paper, game, storm_rounds, say)

    return DocumentPlan(filename, f"{game.title}: play aids", subject, pages)


def _numbers(rules: RuleText, key: str) -> tuple[int, ...]:
    """``rules.yaml``'s number (or list of numbers) ``key``, mark or not; a BuildError if it
    is missing or not numbers."""
    value = plain(rules.numbers.get(key))
    if isinstance(value, int):
        return (value,)
    if isinstance(value, tuple):
        return value
    raise BuildError(f"{rules.source}: numbers.{key}: the play aids need a number here")


def _wind(page: _Page, charts: Mapping[str, Chart], say: Callable[[str], str]) -> None:
    """The wind rose beside its heading and note (the hex chart's corners, seat by seat)."""
    if "hex" not in charts:
        return
    rose = WindRose(tuple(f"{s.index + 1} {s.name}" for s in charts["hex"].seats), size=118.0)
    text_width = page.width - rose.width - 12.0
    page.heading(say("wind_rose"), say("wind_note"), width=text_width)
    page.place(rose, page.left + page.width - rose.width, page.y + 6.0)
    page.y -= rose.height + GAP


def _log(
    doc: Document,
    paper: Paper,
    game: FleetGame,
    storm_rounds: tuple[int, ...],
    say: Callable[[str], str],
) -> None:
    page = _Page(doc, paper)
    used = page.heading(say("log"), say("log_note"))
    top = page.y - used - 6.0
    room = top - (MARGIN + marks.CALIBRATION_HEIGHT + 8.0)
    line = min(26.0, room / (game.rounds + 2))
    pad = OrdersPad(
        game.rounds,
        game.orders,
        game.admiral_orders,
        storm_rounds,
        page.width,
        line,
        scores=(say("log_harbors"), say("log_capital"), say("log_fights"), say("log_total")),
        score_column=46.0,
        final=say("log_final"),
    )
    page.place(pad, page.left, top)
    page.finish()
