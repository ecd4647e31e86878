"""Pages compared by their pixels: a page of a PDF drawn in gray at :data:`DPI`, as PDFium
shows it, against a reference page drawn the same way. A look moved from one way of drawing to
another (card templates to layouts) is held to the look it had.

The references in ``tests/fixtures/card_pages/`` are the pages as they printed before the
move, made with ``gray_page(pdf, page).save(png, optimize=True)``; they are not refreshed to
make a test pass: a look changed on purpose is reviewed, then its reference made again."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from PIL import Image, ImageChops

from pnpkit.app.raster import render_pages

DPI = 50
REFERENCES = Path(__file__).resolve().parent / "fixtures" / "card_pages"
CLOSE = 24
"""A pixel within this many gray levels (of 255) of the reference is close: antialiasing and
text set a fraction of a point away stay under it, a shape or a word that moved does not."""


@dataclass(frozen=True, slots=True)
class Difference:
    """How far a page is from its reference."""

    mean: float
    """The mean absolute difference of the pixels, gray levels of 255."""
    close: float
    """The share of pixels within :data:`CLOSE` levels of the reference's."""


def gray_page(pdf: Path, page: int) -> Image.Image:
    """Page ``page`` (1-based) of ``pdf`` in gray at :data:`DPI`."""
    drawn = next(islice(render_pages(pdf, DPI), page - 1, None))
    return drawn.convert("L")


def difference(pdf: Path, page: int, reference: str) -> Difference:
    """Page ``page`` of ``pdf`` against the reference PNG named ``reference``."""
    with Image.open(REFERENCES / reference) as kept:
        before = kept.convert("L")
    after = gray_page(pdf, page)
    assert after.size == before.size, (after.size, before.size)
    counts = ImageChops.difference(before, after).histogram()
    pixels = sum(counts)
    mean = sum(level * count for level, count in enumerate(counts)) / pixels
    return Difference(mean, sum(counts[: CLOSE + 1]) / pixels)
