"""PDF pages to PNG bytes with PDFium (``pypdfium2``, which ships its own PDFium binary).

The same PDF gives the same pixels and the same PNG bytes every time: PDFium renders
deterministically and Pillow writes no time stamp. Sizes are exact: a page of ``w`` points at
``dpi`` is ``round(w * dpi / 72)`` pixels wide (PDFium rounds up, and a float scale such as
300 / 72 can land a hair above a whole number, so the one stray column or row is trimmed).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pypdfium2
from PIL import Image

from pnpkit.errors import BuildError


def pixels(points: float, dpi: float) -> int:
    """How many pixels ``points`` span at ``dpi``."""
    return round(points * dpi / 72.0)


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """The image as PNG, with nothing but pixels in it (no time, no software name) and, given
    ``dpi``, its resolution (a pHYs chunk), so a print shop's tools read its physical size."""
    buffer = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi is not None else {}
    image.save(buffer, format="PNG", optimize=False, compress_level=6, **extra)
    return buffer.getvalue()


def render_pages(pdf: Path | bytes, dpi: float) -> Iterator[Image.Image]:
    """Every page of ``pdf`` (a file or its bytes) as an RGB image at ``dpi``, its size exact
    to the pixel."""
    where = pdf if isinstance(pdf, Path) else "<pdf in memory>"
    try:
        document = pypdfium2.PdfDocument(str(pdf) if isinstance(pdf, Path) else pdf)
    except pypdfium2.PdfiumError as exc:
        raise BuildError(f"{where}: cannot read the PDF to draw it: {exc}") from None
    try:
        for index in range(len(document)):
            page = document[index]
            width, height = page.get_size()
            image = page.render(scale=dpi / 72.0).to_pil().convert("RGB")
            target = (pixels(width, dpi), pixels(height, dpi))
            if image.size != target:
                image = image.crop((0, 0, *target))
            page.close()
            yield image
    finally:
        document.close()
