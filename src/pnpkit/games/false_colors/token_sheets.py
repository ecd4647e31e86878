"""Token sheets: one page per fleet, the fleet's ships as tent strips side by side.

Each sheet carries the calibration ruler and the 100 % words, and promises the token footprint
(width between the side cuts, depth between the base folds) so verify measures it. The builder
refuses tokens whose footprint would not fit one cell of every chart.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnpkit.errors import BuildError
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.tokens import (
    FOOTPRINT_DEPTH_COLOUR,
    FOOTPRINT_WIDTH_COLOUR,
    TentGeometry,
    TentToken,
    fleet_tokens,
)
from pnpkit.layout import marks
from pnpkit.layout.document import Document
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan
from pnpkit.model import Chart
from pnpkit.render import fonts
from pnpkit.render.colour import hex_rgb as rgb
from pnpkit.units import INCH

GEOMETRY = TentGeometry()
HEADER = 40.0


def min_cell_size(charts: Mapping[str, Chart]) -> float:
    return min(chart.cell_size for chart in charts.values())


def token_document(
    filename: str, game: FleetGame, charts: Mapping[str, Chart], paper: Paper, *, subject: str
) -> DocumentPlan:
    """One sheet of tent tokens per fleet."""
    cell = min_cell_size(charts)
    if not GEOMETRY.fits_cell(cell):
        w, d = GEOMETRY.footprint
        raise BuildError(
            f"tokens: footprint {w / INCH:.2f} × {d / INCH:.2f} in does not fit a {cell / INCH:.2f} in cell"
        )

    def pages(doc: Document) -> None:
        for fleet in game.fleets:
            tokens = fleet_tokens(game.roster, fleet, GEOMETRY)
            doc.start_page(paper)
            _sheet(doc, paper, game, fleet.name, tokens)

    return DocumentPlan(filename, f"{game.title}: ship tokens", subject, pages)


def _sheet(
    doc: Document, paper: Paper, game: FleetGame, fleet_name: str, tokens: list[TentToken]
) -> None:
    c = doc.canvas
    g = GEOMETRY
    usable = paper.width - 2 * MARGIN
    per_row = max(1, int(usable // g.width))
    rows = -(-len(tokens) // per_row)
    per_row = -(-len(tokens) // rows)  # balance the rows
    top = paper.height - MARGIN - HEADER
    if top - rows * g.length < MARGIN + marks.CALIBRATION_HEIGHT + 6.0:
        raise BuildError(f"tokens: {len(tokens)} tokens do not fit one {paper.name} sheet")
    left = MARGIN + (usable - per_row * g.width) / 2
    c.setFillColorRGB(0, 0, 0)
    c.setFont(fonts.BOLD, 13.0)
    c.drawString(
        MARGIN,
        paper.height - MARGIN - 13.0,
        f"{game.title}: {fleet_name}, {len(tokens)} ship tokens",
    )
    c.setFont(fonts.REGULAR, 8.0)
    w, d = g.footprint
    c.drawString(
        MARGIN,
        paper.height - MARGIN - 26.0,
        f"Cut on the solid lines, fold on the dashed ones, glue the tab under the coloured back. "
        f"Each tent stands on {w / INCH:.2f} × {d / INCH:.2f} in, inside one cell.",
    )
    form_names: dict[tuple[str, str], str] = {}
    for index, token in enumerate(tokens):
        row, column = divmod(index, per_row)
        x = left + column * g.width
        y = top - (row + 1) * g.length
        key = (token.ship.key, token.fleet.key)
        if key not in form_names:
            form_names[key] = doc.form(token)
        c.saveState()
        c.translate(x, y)
        c.doForm(form_names[key])
        c.restoreState()
    for row in range(rows):
        count = min(per_row, len(tokens) - row * per_row)
        y_top = top - row * g.length
        x0, x1 = left - 1.0, left + count * g.width + 1.0
        doc.promise_lines(
            what=f"token width (row {row + 1})",
            pitch=g.width,
            color=rgb(FOOTPRINT_WIDTH_COLOUR),
            axis="x",
            bbox=(x0, y_top - g.length - 1.0, x1, y_top + 1.0),
        )
        base_top = y_top - 2 * g.face
        doc.promise_lines(
            what=f"token base depth (row {row + 1})",
            pitch=g.base,
            color=rgb(FOOTPRINT_DEPTH_COLOUR),
            axis="y",
            bbox=(x0, base_top - g.base - 1.0, x1, base_top + 1.0),
        )
    marks.calibration(c, MARGIN, MARGIN, doc)
