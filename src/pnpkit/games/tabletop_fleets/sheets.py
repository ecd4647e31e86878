"""The table fleet game's score sheet: one row per way to score, one column per crew.

Point values come from the game's :class:`~pnpkit.games.tabletop_fleets.model.Scoring`; nothing is typed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpkit.games.tabletop_fleets.model import Scoring
from pnpkit.render import fonts

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any


def score_rows(scoring: Scoring) -> list[tuple[str, str]]:
    """``(what scores, points)`` in the order the sheet prints them."""
    return [
        ("Islands you hold", f"{scoring.island} each"),
        ("Prize fittings (knocked off enemy ships)", f"{scoring.prize_fitting} each"),
        ("Prize hulls (ships you sink)", f"{scoring.prize_hull} each"),
        ("Unspent coins", f"{scoring.coin} each"),
        ("Most ships afloat (ties both score)", f"+{scoring.most_ships}"),
        ("Most islands held (ties both score)", f"+{scoring.most_islands}"),
    ]


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The score sheet, ``width`` × ``height`` points: a row per way to score and a column per crew,
    for two games."""

    title: str
    scoring: Scoring
    crews: int
    width: float
    height: float

    def draw(self, canvas: Canvas) -> None:
        rows = score_rows(self.scoring)
        w, h = self.width, self.height
        canvas.saveState()
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(fonts.BOLD, 16)
        canvas.drawString(0, h - 16, f"{self.title}: score sheet")
        canvas.setFont(fonts.REGULAR, 9)
        notes = [
            f"Declare victory at the start of your turn with {self.scoring.victory} or more points "
            "and no fewer than anyone else; or be the last fleet afloat.",
            "Count only the points you hold as your turn begins. Surviving ships score nothing.",
        ]
        for i, note in enumerate(notes):
            canvas.drawString(0, h - 32 - i * 12, note)
        label_w = 190.0
        each_w = 52.0
        col_w = (w - label_w - each_w) / self.crews
        row_h = 26.0
        top = h - 64
        headers = ["", "points", *[f"Crew {k + 1}" for k in range(self.crews)]]
        lines = [*rows, ("Total", "")]
        canvas.setLineWidth(0.6)
        for game in range(2):
            y0 = top - game * (row_h * (len(lines) + 1) + 30)
            canvas.setFont(fonts.SEMIBOLD, 9)
            canvas.drawString(0, y0 + 8, f"Game {game + 1}")
            for c, text in enumerate(headers):
                x = 0 if c == 0 else label_w if c == 1 else label_w + each_w + (c - 2) * col_w
                cw = label_w if c == 0 else each_w if c == 1 else col_w
                canvas.setFillColorRGB(0.86, 0.9, 0.95)
                canvas.rect(x, y0 - row_h, cw, row_h, stroke=1, fill=1)
                canvas.setFillColorRGB(0, 0, 0)
                canvas.drawCentredString(x + cw / 2, y0 - row_h + 9, text)
            for r, (what, points) in enumerate(lines):
                y = y0 - row_h * (r + 2)
                bold = what == "Total"
                canvas.setFont(fonts.BOLD if bold else fonts.REGULAR, 9)
                canvas.rect(0, y, label_w, row_h, stroke=1, fill=0)
                canvas.drawString(4, y + 9, what)
                canvas.rect(label_w, y, each_w, row_h, stroke=1, fill=0)
                canvas.drawCentredString(label_w + each_w / 2, y + 9, points)
                for c in range(self.crews):
                    canvas.rect(label_w + each_w + c * col_w, y, col_w, row_h, stroke=1, fill=0)
        canvas.restoreState()
