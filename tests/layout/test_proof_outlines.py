"""Proofs draw each face in the shape it is cut out in: the trim, bleed and safe lines of a
round token are circles, of a hex token hexes; a tent's top edge is its fold; a standee's
trim runs round its base tab. Read back from the PDF's stroked segments and from its pixels."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any

import pytest
from pypdf import PdfReader

from pnpkit.app.raster import render_pages
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect, flat_hex
from pnpkit.layout.paper import LETTER
from pnpkit.layout.proof import (
    BLEED,
    FOLD,
    SAFE,
    SAFE_ZONE,
    TRIM,
    Outline,
    ProofFace,
    proof_pages,
)
from pnpkit.units import INCH
from pnpkit.verify.check import verify_pdf
from pnpkit.verify.content import Segment, read_page

DPI = 144
B = INCH / 8


@dataclass(frozen=True)
class Tint:
    """A face filled edge to edge with a light tint."""

    width: float
    height: float

    def draw(self, canvas: Any) -> None:
        canvas.setFillColorRGB(0.95, 0.85, 0.5)
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)


def _proof(outline: Outline, width: float, height: float) -> tuple[bytes, Rect]:
    """One face proved with ``outline``: the PDF (verified) and the face's trim box."""
    buffer = io.BytesIO()
    doc = Document(buffer, title="proof")
    (trim,) = proof_pages(doc, "t", [ProofFace(Tint(width, height), "a")], LETTER, B, outline)
    doc.save()
    pdf = buffer.getvalue()
    assert verify_pdf("proof.pdf", data=pdf) == []
    return pdf, trim


def _lines(pdf: bytes, line: Any, near: Rect) -> list[Segment]:
    """The straight segments stroked as ``line`` (its colour and width) near the face."""
    reader = PdfReader(io.BytesIO(pdf))
    content = read_page(reader, reader.pages[0])
    return [
        s
        for s in content.segments
        if s.color == line.color
        and abs(s.width - line.width) < 1e-6
        and near.contains(Rect(min(s.x0, s.x1), min(s.y0, s.y1), max(s.x0, s.x1), max(s.y0, s.y1)))
    ]


def _ends(segments: list[Segment]) -> set[tuple[float, float]]:
    return {(round(x, 2), round(y, 2)) for s in segments for x, y in ((s.x0, s.y0), (s.x1, s.y1))}


def _hex(cx: float, cy: float, half: float) -> set[tuple[float, float]]:
    return {(round(x, 2), round(y, 2)) for x, y in flat_hex(cx, cy, half)}


def test_a_hex_tokens_lines_are_hexes() -> None:
    """The trim is the hex (as wide as the face across its corners, as tall across its
    flats); the safe zone and the bleed edge are hexes 1/8 in inside and outside every side."""
    flats = 1.25 * INCH
    pdf, trim = _proof(Outline("hex"), flats * 2 / math.sqrt(3), flats)
    cx, cy = (trim.x0 + trim.x1) / 2, (trim.y0 + trim.y1) / 2
    near = trim.grown(2 * B)
    for line, half in ((TRIM, flats / 2), (SAFE, flats / 2 - SAFE_ZONE), (BLEED, flats / 2 + B)):
        sides = _lines(pdf, line, near)
        assert _ends(sides) == _hex(cx, cy, half), line.label
    assert not _lines(pdf, FOLD, near)


def test_a_round_tokens_lines_are_circles_and_its_art_is_cut_to_the_bleed() -> None:
    """Along the trim circle the page is dark (the line); at the corner of the face's square
    box, past the bleed circle, it is white: the art is clipped, and no square is drawn."""
    d = 1.0 * INCH
    pdf, trim = _proof(Outline("round"), d, d)
    page = next(render_pages(pdf, DPI)).convert("L")
    cx, cy = (trim.x0 + trim.x1) / 2, (trim.y0 + trim.y1) / 2

    def gray(x: float, y: float) -> int:
        px, py = round(x * DPI / 72), round((LETTER.height - y) * DPI / 72)
        return min(page.getpixel((px + i, py + j)) for i in (-1, 0, 1) for j in (-1, 0, 1))

    for k in range(8):  # the trim circle all round
        angle = k * math.pi / 4 + 0.2
        assert gray(cx + d / 2 * math.cos(angle), cy + d / 2 * math.sin(angle)) < 90
    for x, y in ((trim.x0, trim.y0), (trim.x1, trim.y1)):  # a square trim's corners: blank
        assert gray(x, y) > 240
    assert not _lines(pdf, TRIM, trim.grown(2 * B))  # no straight trim at all


@pytest.mark.parametrize("shape", ["tent", "standee"])
def test_a_fold_is_drawn_as_a_fold_and_the_trim_runs_round_the_piece(shape: str) -> None:
    """A tent's panel is cut on three sides and folds along its top; a standee's trim runs
    round the figure and its base tab, with the fold between them."""
    base = 0.5 * INCH
    outline = Outline(shape, base if shape == "standee" else 0.0)  # type: ignore[arg-type]
    pdf, trim = _proof(outline, 1.0 * INCH, 1.5 * INCH)
    near = Rect(trim.x0, trim.y0 - base, trim.x1, trim.y1).grown(2 * B)
    x0, y0, x1, y1 = (round(v, 2) for v in (trim.x0, trim.y0, trim.x1, trim.y1))
    fold = _ends(_lines(pdf, FOLD, near))
    cut = _ends(_lines(pdf, TRIM, near))
    if shape == "tent":
        assert fold == {(x0, y1), (x1, y1)}
        assert cut == {(x0, y1), (x0, y0), (x1, y0), (x1, y1)}
        assert len(_lines(pdf, TRIM, near)) == 3  # no cut along the fold
    else:
        foot = round(trim.y0 - base, 2)
        assert fold == {(x0, y0), (x1, y0)}
        assert cut == {(x0, foot), (x1, foot), (x1, y1), (x0, y1)}


def test_a_card_keeps_its_rectangles() -> None:
    pdf, trim = _proof(Outline(), 2.5 * INCH, 3.5 * INCH)
    near = trim.grown(2 * B)
    x0, y0, x1, y1 = (round(v, 2) for v in (trim.x0, trim.y0, trim.x1, trim.y1))
    assert _ends(_lines(pdf, TRIM, near)) == {(x0, y0), (x1, y0), (x1, y1), (x0, y1)}
    assert not _lines(pdf, FOLD, near)
