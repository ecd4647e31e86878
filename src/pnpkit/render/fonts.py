"""Source Sans Pro, embedded as subsets; the only typeface pnpkit prints with.

The TTFs come from the pip package ``font-source-sans-pro``; never system fonts and never the
PDF base-14 fonts (they are not embedded). Call :func:`register` (idempotent) before drawing;
:func:`text_width` and :mod:`pnpkit.layout.document` call it for you.

>>> register()
>>> round(text_width("Sheet", REGULAR, 10), 2) > 0
True
"""

from __future__ import annotations

from pathlib import Path

import font_source_sans_pro
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "SourceSansPro-Regular"
SEMIBOLD = "SourceSansPro-Semibold"
BOLD = "SourceSansPro-Bold"
ITALIC = "SourceSansPro-It"

FACES: tuple[str, ...] = (REGULAR, SEMIBOLD, BOLD, ITALIC)
FAMILY = "SourceSansPro"


def font_dir() -> Path:
    """The folder of the pip package's font files."""
    return Path(font_source_sans_pro.__file__).parent / "files"


def font_path(face: str) -> Path:
    return font_dir() / f"{face}.ttf"


def register() -> None:
    """Register the four faces (and the family, for ``<b>``/``<i>`` in Paragraphs) once."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for face in FACES:
        if face not in registered:
            pdfmetrics.registerFont(TTFont(face, str(font_path(face))))
    pdfmetrics.registerFontFamily(FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC, boldItalic=BOLD)


def text_width(text: str, font: str, size: float) -> float:
    """The advance width of ``text`` set in ``font`` at ``size`` points, in points."""
    register()
    return float(pdfmetrics.stringWidth(text, font, size))


def fit_size(text: str, font: str, size: float, width: float, minimum: float = 5.0) -> float:
    """The largest size ≤ ``size`` (but ≥ ``minimum``) at which ``text`` fits ``width``."""
    natural = text_width(text, font, size)
    if natural <= width or natural == 0:
        return size
    return max(minimum, size * width / natural)
