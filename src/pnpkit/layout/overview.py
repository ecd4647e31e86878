"""One page holding a whole component, scaled down to fit when it must (overviews).

``place_one_page(item, paper, doc, title=…)`` starts a page in ``doc`` on whichever orientation of
``paper`` shows the item largest (never enlarged past 100 %), prints the scale on the page, adds
the calibration ruler, and — when the item promises a grid — promises the scaled pitch, so verify
still measures it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.layout import marks
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.render import fonts
from pnpkit.render.drawable import Drawable, Tileable
from pnpkit.render.legible import at_scale

HEADER = 24.0
FOOTER = marks.CALIBRATION_HEIGHT + 6.0


@dataclass(frozen=True, slots=True)
class OnePage:
    """Where the item went: the oriented ``paper``, its ``scale`` and page ``box``."""

    paper: Paper
    scale: float
    box: Rect


def fit_one_page(item: Drawable, paper: Paper) -> OnePage:
    """The orientation and scale (≤ 1) that show ``item`` largest, centred in the free area."""
    best: OnePage | None = None
    for oriented in (paper.portrait(), paper.landscape()):
        area = Rect(
            MARGIN, MARGIN + FOOTER, oriented.width - MARGIN, oriented.height - MARGIN - HEADER
        )
        scale = min(area.width / item.width, area.height / item.height, 1.0)
        w, h = item.width * scale, item.height * scale
        box = Rect.of(area.x0 + (area.width - w) / 2, area.y0 + (area.height - h) / 2, w, h)
        if best is None or scale > best.scale + 1e-9:
            best = OnePage(oriented, scale, box)
    assert best is not None
    return best


def scale_text(scale: float) -> str:
    if abs(scale - 1.0) < 1e-9:
        return "Actual size (100 %)."
    return (
        f"Scale 1 : {1 / scale:.2f} — shown at {scale * 100:.1f} % of actual size; "
        f"1 in here is {1 / scale:.2f} in on the table."
    )


def place_one_page(
    item: Drawable, paper: Paper, doc: Document, *, title: str, subtitle: str = ""
) -> OnePage:
    """Start a page in ``doc`` and draw ``item`` on it, scaled to fit; return the placement."""
    placed = fit_one_page(item, paper)
    doc.start_page(placed.paper)
    c = doc.canvas
    page = placed.paper
    left, right, top = MARGIN, page.width - MARGIN, page.height - MARGIN
    heading = title + (f" — {subtitle}" if subtitle else "")
    size = fonts.fit_size(heading, fonts.BOLD, 14, right - left)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(fonts.BOLD, size)
    c.drawString(left, top - 14, heading)
    form = doc.form(at_scale(item, placed.scale))
    box = placed.box
    c.saveState()
    c.translate(box.x0, box.y0)
    c.scale(placed.scale, placed.scale)
    c.doForm(form)
    c.restoreState()
    ruler = marks.calibration(c, left, MARGIN, doc)
    note = scale_text(placed.scale)
    room = right - ruler.x1 - 12
    note_size = fonts.fit_size(note, fonts.ITALIC, 8, room)
    c.setFont(fonts.ITALIC, note_size)
    c.drawRightString(right, MARGIN + 3, note)
    grid = item.grid if isinstance(item, Tileable) else None
    if grid is not None:
        doc.promise_lines(
            what=f"{title} grid pitch at scale {placed.scale:.4f}",
            pitch=grid.pitch * placed.scale,
            color=grid.color,
            axis=grid.axis,
            bbox=box.as_tuple(),
        )
    return placed
