"""Dealt charts on demand: a tiled PDF and an SVG, both carrying the seed."""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.pdfread import page_texts

from pnpkit.games.false_colors.charts.engine.deal import deal_islands
from pnpkit.games.false_colors.charts.load.chart import load_charts
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.maps import write_map_pdf, write_map_svg
from pnpkit.layout.paper import A4, LETTER
from pnpkit.verify.check import verify_pdf

DATA = Path(__file__).resolve().parents[3] / "data" / "false-colors"


@pytest.fixture(scope="module")
def dealt() -> Chart:
    chart = load_charts(DATA)["square"]
    return dataclasses.replace(deal_islands(chart, None, random.Random(7)), seed=7)


def test_map_pdf_is_tiled_like_the_kit_with_the_seed_on_every_sheet(
    dealt: Chart, tmp_path: Path
) -> None:
    path = write_map_pdf(dealt, tmp_path / "square-7.pdf", LETTER)
    texts = page_texts(path)
    assert len(texts) == 5  # 4 sheets and the assembly page
    for text in texts[:4]:
        assert "seed 7" in text
    assert verify_pdf(path) == []


def test_map_pdf_on_a4(dealt: Chart, tmp_path: Path) -> None:
    path = write_map_pdf(dealt, tmp_path / "square-7-a4.pdf", A4)
    for page in PdfReader(path).pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted((A4.width, A4.height)), abs=0.01)


def test_map_svg_carries_the_seed_and_the_islands(dealt: Chart, tmp_path: Path) -> None:
    path = write_map_svg(dealt, tmp_path / "maps" / "square-7.svg")
    text = path.read_text()
    root = ET.fromstring(text)
    assert root.get("width") == "15.0000in"
    assert "seed 7" in text
    assert text.count('fill="#d9c79a"') == len(dealt.islands)  # one island shape per island


def test_same_seed_same_bytes(dealt: Chart, tmp_path: Path) -> None:
    again = dataclasses.replace(
        deal_islands(load_charts(DATA)["square"], None, random.Random(7)), seed=7
    )
    first = write_map_pdf(dealt, tmp_path / "a.pdf", LETTER).read_bytes()
    second = write_map_pdf(again, tmp_path / "b.pdf", LETTER).read_bytes()
    assert first == second
