"""Token sheets: every fleet's ships as tent strips side by side, row after row, one fleet a sheet
as the source rules print them (on Letter and A4: two rows of seven, so six fleets of 14 take six
sheets; a fleet too big for one sheet goes on over the next).

Each row says whose tokens it holds; a fleet's name that is our choice carries the mark, and a
sheet that prints the mark says what it means in its footer. Each sheet carries the
calibration ruler and the 100 % words, and promises the token footprint (width between the side
cuts, depth between the base folds) so verify measures it. That the footprint fits one cell of
every chart is the game's check
(:func:`~pnpkit.games.false_colors.tokens.token_violations`), run by ``check`` and ``build``
alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.tokens import (
    FOOTPRINT_DEPTH_COLOUR,
    FOOTPRINT_WIDTH_COLOUR,
    GEOMETRY,
    TentToken,
    fleet_tokens,
)
from pnpkit.layout import marks
from pnpkit.layout.document import Document
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan, Printing
from pnpkit.model.ours import MARK, NOTE
from pnpkit.render import fonts
from pnpkit.render.colour import hex_rgb as rgb
from pnpkit.units import INCH

HEADER = 40.0
LABEL_ROOM = 14.0
"""Room kept left of the tokens for the row's label."""


@dataclass(frozen=True, slots=True)
class TokenRow:
    """One row of a token sheet: ``tokens`` of fleet number ``fleet`` (1-based), ships
    ``first``…``last`` of its ``total``."""

    fleet: int
    name: str
    tokens: tuple[TentToken, ...]
    first: int
    last: int
    total: int

    @property
    def label(self) -> str:
        part = (
            ""
            if self.first == 1 and self.last == self.total
            else (f", ships {self.first}–{self.last} of {self.total}")
        )
        return f"Fleet {self.fleet}: {self.name}{part}"


def token_rows(game: FleetGame, per_row: int) -> list[TokenRow]:
    """Every fleet's tokens in rows of at most ``per_row``, split evenly, a fleet per row."""
    rows: list[TokenRow] = []
    for number, fleet in enumerate(game.fleets, start=1):
        tokens = fleet_tokens(game.roster, fleet, GEOMETRY)
        count = -(-len(tokens) // per_row)
        width = -(-len(tokens) // count)
        for start in range(0, len(tokens), width):
            chunk = tuple(tokens[start : start + width])
            rows.append(
                TokenRow(number, fleet.label, chunk, start + 1, start + len(chunk), len(tokens))
            )
    return rows


def page_rows(paper: Paper) -> tuple[int, int]:
    """Tokens a row and rows a page on ``paper``."""
    g = GEOMETRY
    per_row = max(1, int((paper.width - 2 * MARGIN - 2 * LABEL_ROOM) // g.width))
    room = paper.height - 2 * MARGIN - HEADER - marks.CALIBRATION_HEIGHT - 6.0
    return per_row, max(1, int(room // g.length))


def token_document(filename: str, game: FleetGame, paper: Paper, *, subject: str) -> DocumentPlan:
    """Every fleet's tent tokens, a fleet a sheet (that they fit the charts' cells is a check
    of the game's: :func:`~pnpkit.games.false_colors.tokens.token_violations`)."""
    per_row, per_page = page_rows(paper)
    sheets = fleet_sheets(token_rows(game, per_row), per_page)

    def pages(doc: Document) -> None:
        for number, sheet in enumerate(sheets, start=1):
            doc.start_page(paper)
            _sheet(doc, paper, game, sheet, number, len(sheets), per_row)

    return DocumentPlan(filename, f"{game.title}: ship tokens", subject, pages, TOKEN_PRINTING)


TOKEN_PRINTING = Printing(
    card=True,
    then="One sheet a fleet. Cut on the solid lines, fold on the dashed ones, glue the tab inside.",
)


def fleet_sheets(rows: list[TokenRow], per_page: int) -> list[list[TokenRow]]:
    """``rows`` on sheets of at most ``per_page`` rows, each fleet starting a sheet of its own."""
    sheets: list[list[TokenRow]] = []
    for fleet in sorted({row.fleet for row in rows}):
        own = [row for row in rows if row.fleet == fleet]
        sheets += [own[i : i + per_page] for i in range(0, len(own), per_page)]
    return sheets


def sheet_fleets(rows: list[TokenRow]) -> str:
    """Whose tokens a sheet holds: ``fleet 1: Blue Squadron``."""
    names = {row.fleet: row.name for row in rows}
    return "; ".join(f"fleet {number}: {name}" for number, name in sorted(names.items()))


def _sheet(
    doc: Document,
    paper: Paper,
    game: FleetGame,
    rows: list[TokenRow],
    number: int,
    count: int,
    per_row: int,
) -> None:
    c = doc.canvas
    g = GEOMETRY
    usable = paper.width - 2 * MARGIN
    top = paper.height - MARGIN - HEADER
    left = MARGIN + (usable - per_row * g.width) / 2
    c.setFillColorRGB(0, 0, 0)
    heading = f"{game.printed_title}: ship tokens, sheet {number} of {count} ({sheet_fleets(rows)})"
    c.setFont(fonts.BOLD, fonts.fit_size(heading, fonts.BOLD, 13.0, usable))  # a long title
    c.drawString(MARGIN, paper.height - MARGIN - 13.0, heading)
    c.setFont(fonts.REGULAR, 8.0)
    w, d = g.footprint
    c.drawString(
        MARGIN,
        paper.height - MARGIN - 26.0,
        f"Cut on the solid lines, fold on the dashed ones, glue the tab under the coloured back. "
        f"Each tent stands on {w / INCH:.2f} × {d / INCH:.2f} in, inside one cell.",
    )
    form_names: dict[tuple[str, str], str] = {}
    for index, row in enumerate(rows):
        y_top = top - index * g.length
        for column, token in enumerate(row.tokens):
            key = (token.ship.key, token.fleet.key)
            if key not in form_names:
                form_names[key] = doc.form(token)
            c.saveState()
            c.translate(left + column * g.width, y_top - g.length)
            c.doForm(form_names[key])
            c.restoreState()
        _row_label(c, row.label, left - 4.0, y_top - g.length / 2)
        x0, x1 = left - 1.0, left + len(row.tokens) * g.width + 1.0
        doc.promise_lines(
            what=f"token width (row {index + 1})",
            pitch=g.width,
            color=rgb(FOOTPRINT_WIDTH_COLOUR),
            axis="x",
            bbox=(x0, y_top - g.length - 1.0, x1, y_top + 1.0),
        )
        base_top = y_top - 2 * g.face
        doc.promise_lines(
            what=f"token base depth (row {index + 1})",
            pitch=g.base,
            color=rgb(FOOTPRINT_DEPTH_COLOUR),
            axis="y",
            bbox=(x0, base_top - g.base - 1.0, x1, base_top + 1.0),
        )
    marks.calibration(c, MARGIN, MARGIN, doc)
    if MARK in heading:
        c.setFillColorRGB(0.3, 0.3, 0.3)
        c.setFont(fonts.ITALIC, 7.5)
        c.drawRightString(paper.width - MARGIN, MARGIN + 2.0, NOTE)


def _row_label(c: Any, text: str, x: float, y: float) -> None:
    """The row's fleet, read upwards along the row's left edge."""
    c.saveState()
    c.translate(x, y)
    c.rotate(90)
    c.setFillColorRGB(0.2, 0.2, 0.2)
    c.setFont(fonts.SEMIBOLD, 8.0)
    c.drawCentredString(0, 0, text)
    c.restoreState()
