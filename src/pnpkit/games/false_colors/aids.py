"""Play aids. First: the round track (storm and wind rounds marked), the quiet-rounds track
for no stalling, the markers to cut out, the score track, the tally of ships lost and the wind
rose (an aid that does not fit goes on to another page). Then the captain's log, one per
captain, kept hidden: your own score round by round (Open Water keeps scores secret; a long
game's log goes on over pages). Last the order slips, one a round, cut apart: written in
secret and shown at the reveal, apart from the log and its score. Where each goes is worked out in
:mod:`pnpkit.games.false_colors.aid_layout`, which ``pnpkit check`` runs too. Every number comes
from the game and chart models, every word from ``rules.yaml``'s ``phrases.aids``; a page that
prints a mark (our choice) carries the footnote."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pnpkit.games.false_colors.aid_layout import (
    INSET,
    LOG_DROP,
    NOTE_LEADING,
    NOTE_SIZE,
    ROSE_RISE,
    Aid,
    first_page_aids,
    flow,
    heading_height,
    log_pages,
    order_slips,
    page_top,
    page_width,
    slip_pages,
    storm_rounds,
)
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.context import rule_context
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.rule_text import RuleText, aid_phrases
from pnpkit.games.false_colors.tracks import CaptainsLog
from pnpkit.layout import marks
from pnpkit.layout.document import Document
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan, Printing
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render import fonts
from pnpkit.render.typeset import wrap_lines


class _Page:
    """A page being filled from the top: headings, wrapped notes and drawings."""

    def __init__(self, doc: Document, paper: Paper) -> None:
        doc.start_page(paper)
        self.doc = doc
        self.c = doc.canvas
        self.paper = paper
        self.left = MARGIN + INSET
        self.width = page_width(paper)
        self.y = page_top(paper)
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
        lines = wrap_lines(note, fonts.REGULAR, NOTE_SIZE, width)
        for i, line in enumerate(lines):
            c.drawString(x, self.y - 12.0 - i * NOTE_LEADING, line)
        return heading_height(note, width)

    def place(self, item: Any, x: float, top: float) -> None:
        self.c.saveState()
        self.c.translate(x, top - item.height)
        item.draw(self.c)
        self.c.restoreState()

    def aid(self, aid: Aid) -> None:
        """A heading, its note and the drawing under them (or at their right); the cursor
        moves below."""
        if aid.beside:
            self.heading(aid.title, aid.note, width=aid.note_width(self.width))
            self.place(aid.item, self.left + self.width - aid.item.width, self.y + ROSE_RISE)
        else:
            used = self.heading(aid.title, aid.note)
            self.place(aid.item, self.left, self.y - used)
        self.y -= aid.advance(self.width)

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
    """The aids of the first page(s), the captain's log and the order slips."""
    say = aid_phrases(rules, rule_context(game, charts, rules))

    storm = storm_rounds(charts)
    aids = first_page_aids(game, charts, rules, say, paper)

    def pages(doc: Document) -> None:
        for placed in flow(aids, paper):
            page = _Page(doc, paper)
            for aid in placed:
                page.aid(aid)
            page.finish()
        _log(doc, paper, game, storm, say)
        _slips(doc, paper, game, storm, say)

    return DocumentPlan(filename, f"{game.title}: play aids", subject, pages, AIDS_PRINTING)


AIDS_PRINTING = Printing(
    then="Cut out the markers and the order slips. Each captain needs a log and slips of their "
    "own: print those pages once more for every captain after the first."
)


def _log(
    doc: Document,
    paper: Paper,
    game: FleetGame,
    storm_rounds: tuple[int, ...],
    say: Callable[[str], str],
) -> None:
    note = say("log_note")
    for part in log_pages(game.rounds, note, paper):
        page = _Page(doc, paper)
        used = page.heading(say("log"), note)
        top = page.y - used - LOG_DROP
        log = CaptainsLog(
            part.last,
            storm_rounds,
            page.width,
            part.line,
            scores=(say("log_harbors"), say("log_capital"), say("log_fights"), say("log_total")),
            final=say("log_final") if part.final else "",
            first=part.first,
        )
        page.place(log, page.left, top)
        page.finish()


def _slips(
    doc: Document,
    paper: Paper,
    game: FleetGame,
    storm_rounds: tuple[int, ...],
    say: Callable[[str], str],
) -> None:
    """The order slips, one a round, page after page: cut apart, a captain's set a game."""
    note = say("slips_note")
    for rounds in slip_pages(game, note, paper):
        page = _Page(doc, paper)
        used = page.heading(say("slips"), note)
        slips = order_slips(
            game,
            rounds,
            page.width,
            storm_rounds,
            (say("slip_round"), say("slip_start"), say("slip_end")),
        )
        page.place(slips, page.left, page.y - used - LOG_DROP)
        page.finish()
