"""Components drawn small leave out the words nobody could read, and only those."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from pnpkit.games.false_colors.charts.draw import ChartDrawing
from pnpkit.games.false_colors.charts.load.chart import load_charts
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.render import fonts
from pnpkit.render.legible import WordsAtLeast, at_scale
from pnpkit.render.vector import Words
from pnpkit.verify.content import read_page

DATA = Path(__file__).resolve().parents[2] / "data" / "false-colors"


@pytest.fixture(scope="module")
def square_chart() -> Chart:
    return load_charts(DATA)["square"]


class _Board:
    """A drawable writing 20 pt, 12 pt and 8 pt words, one of them inside a scaled state."""

    width = 300.0
    height = 100.0

    def draw(self, canvas: Any) -> None:
        canvas.setFont(fonts.BOLD, 20)
        canvas.drawString(5, 70, "Title")
        canvas.setFont(fonts.REGULAR, 12)
        canvas.drawCentredString(150, 40, "Twelve")
        canvas.saveState()
        canvas.scale(2, 2)
        canvas.setFont(fonts.REGULAR, 8)  # 16 pt as drawn
        canvas.drawRightString(140, 5, "Doubled")
        canvas.restoreState()
        canvas.drawString(5, 5, "Restored")  # restoreState brings the 12 pt font back
        canvas.setFont(fonts.REGULAR, 8)
        canvas.drawString(5, 20, "Small")


def _words(drawable: Any, scale: float) -> dict[str, float]:
    buffer = io.BytesIO()
    doc = Document(buffer, LETTER, title="t")
    doc.canvas.translate(100, 300)
    doc.canvas.scale(scale, scale)
    drawable.draw(doc.canvas)
    doc.save()
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    return {run.text: round(run.size, 2) for run in read_page(reader, reader.pages[0]).texts}


def test_words_at_least_six_points_as_printed_stay_and_the_rest_go() -> None:
    board = _Board()
    assert set(_words(board, 0.5)) == {"Title", "Twelve", "Doubled", "Restored", "Small"}
    # at half size: 20 → 10, 12 → 6 (kept), 8 × 2 → 8 (kept), 12 → 6, 8 → 4 (left out)
    assert _words(WordsAtLeast(board, 0.5), 0.5) == {
        "Title": 10.0,
        "Twelve": 6.0,
        "Doubled": 8.0,
        "Restored": 6.0,
    }
    assert set(_words(WordsAtLeast(board, 0.4), 0.4)) == {"Title", "Doubled"}


def test_at_scale_asks_the_item_and_only_when_it_is_drawn_small() -> None:
    board = _Board()
    assert at_scale(board, 0.5) is board  # no at_scale of its own: drawn as it is

    class Reducible(_Board):
        def at_scale(self, scale: float) -> WordsAtLeast:
            return WordsAtLeast(self, scale)

    item = Reducible()
    assert at_scale(item, 1.0) is item
    reduced = at_scale(item, 0.5)
    assert isinstance(reduced, WordsAtLeast) and reduced.scale == 0.5
    assert (reduced.width, reduced.height) == (item.width, item.height)


def test_a_chart_drawn_small_keeps_only_words_that_print_at_six_points(
    square_chart: Chart,
) -> None:
    full = ChartDrawing(square_chart)
    sizes = {round(w.size, 2) for w in full.items() if isinstance(w, Words)}
    assert min(sizes) < 6 / 0.5  # some words would print under 6 pt at half size
    small = full.at_scale(0.5)
    kept = [w for w in small.items() if isinstance(w, Words)]
    assert kept and all(w.size * 0.5 >= 6 - 0.01 for w in kept)
    assert len(small.items()) < len(full.items())
    assert [i for i in small.items() if not isinstance(i, Words)] == [
        i for i in full.items() if not isinstance(i, Words)
    ]  # the picture itself is the same
    assert {m.name for m in full.seat_colors()} == {s.name for s in square_chart.seats}
