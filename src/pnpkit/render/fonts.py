"""Faces measured and registered by name: the built-in families (``sans`` Source Sans Pro, every
text's default; ``serif`` Source Serif Pro; ``display`` Fjalla One) and a game's own font files,
all embedded as subsets. Which faces there are and where their files lie is
:mod:`pnpkit.render.font_book` (:class:`FontBook`, :func:`font_book`, :func:`font_problems`),
re-exported here.

The files come from pip packages or a game's ``assets/fonts/``; never system fonts and never
the PDF base-14 fonts (they are not embedded). Call :func:`register` (idempotent) before drawing
the default faces, :func:`register_face` for any other; :mod:`pnpkit.layout.document` calls
:func:`register` for you. Text is measured (:func:`text_width`) from the font's own tables, with
no PDF library loaded:

>>> round(text_width("Sheet", REGULAR, 10), 2)
24.08

Source Sans Pro draws Latin (and, upright, Greek and Cyrillic), not Hebrew, Arabic, CJK or
emoji: a character without a glyph would print as an empty box. :func:`missing_glyphs` says
which characters of a text some face lacks (read from each face's character map, once), so
data can be refused before anything is drawn:

>>> missing_glyphs("Cap\u05d0tain \U0001f600")
('\u05d0', '\U0001f600')
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from pnpkit.load.characters import char_name
from pnpkit.load.nodes import quote
from pnpkit.render.font_book import (
    BOLD,
    BUILT_IN,
    FACES,
    FAMILIES,
    ITALIC,
    REGULAR,
    SEMIBOLD,
    WEIGHTS,
    FontBook,
    font_book,
    font_path,
    font_problems,
    is_italic,
)
from pnpkit.render.font_tables import code_points, metrics
from pnpkit.verify.promises import MIN_TEXT_SIZE

__all__ = [
    "BOLD",
    "BUILT_IN",
    "FACES",
    "FAMILIES",
    "FAMILY",
    "ITALIC",
    "LAYOUT_CHARACTERS",
    "REGULAR",
    "SEMIBOLD",
    "WEIGHTS",
    "FontBook",
    "faces_without",
    "fit_size",
    "font_book",
    "font_path",
    "font_problems",
    "glyph_problem",
    "is_italic",
    "missing_glyphs",
    "register",
    "register_face",
    "text_width",
]

FAMILY = "SourceSansPro"
"""The ReportLab family of the default faces (``<b>``/``<i>`` in a Paragraph)."""


def register() -> None:
    """Register the four default faces (and their family, for ``<b>``/``<i>`` in Paragraphs)
    once. ReportLab is imported here, when something is about to be drawn: a command that only
    reads and lays out data (``pnpkit check``) loads no PDF library."""
    from reportlab.pdfbase import pdfmetrics

    for face in FACES:
        register_face(face)
    pdfmetrics.registerFontFamily(FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC, boldItalic=BOLD)


def register_face(face: str) -> None:
    """Register the face named ``face`` (any a :class:`FontBook` gives) with ReportLab, once a
    process; :class:`KeyError` for a face no book holds."""
    from reportlab.pdfbase import pdfmetrics

    if face not in pdfmetrics.getRegisteredFontNames():
        from reportlab.pdfbase.ttfonts import TTFont

        pdfmetrics.registerFont(TTFont(face, str(font_path(face))))


LAYOUT_CHARACTERS = frozenset("\n\t")
"""Characters that layout turns into space, never drawn as glyphs."""


@functools.cache
def _character_map(face: str) -> frozenset[int]:
    """The code points ``face`` has a glyph for (its ``cmap``, read without ReportLab)."""
    return code_points(font_path(face))


def missing_glyphs(text: str, faces: tuple[str, ...] = FACES) -> tuple[str, ...]:
    """The distinct characters of ``text``, in order, that one of ``faces`` has no glyph for
    (any text may be set in any face: a card template may put it in italic). Line breaks and
    tabs are layout, not glyphs."""
    drawable = _drawable(faces)
    if drawable.issuperset(text):  # nearly every text: one set operation
        return ()
    return tuple(char for char in dict.fromkeys(text) if char not in drawable)


@functools.cache
def _drawable(faces: tuple[str, ...]) -> frozenset[str]:
    """The characters every one of ``faces`` has a glyph for, and the layout characters."""
    common = frozenset.intersection(*(_character_map(face) for face in faces))
    return frozenset(map(chr, common)) | LAYOUT_CHARACTERS


def faces_without(char: str, faces: tuple[str, ...] = FACES) -> tuple[str, ...]:
    """The faces among ``faces`` that have no glyph for ``char``: ``('SourceSansPro-It',)``."""
    return tuple(face for face in faces if ord(char) not in _character_map(face))


MOST_NAMED = 3
"""Most characters one :func:`glyph_problem` names; the rest are counted."""


def glyph_problem(
    text: str, faces: tuple[str, ...] = FACES, font: str = "Source Sans Pro"
) -> str | None:
    """What is said of ``text`` when one of ``faces`` (of the font called ``font`` in the
    message) has no glyph for some of its characters; None when every face draws it all:
    ``'Kap\u05d0' has no glyph in the embedded font Source Sans Pro for U+05D0 HEBREW LETTER
    ALEF at character 4``. A character only the italic faces lack is said to be so."""
    missing = missing_glyphs(text, faces)
    if not missing:
        return None
    named = [_lacking(text, char, faces) for char in missing[:MOST_NAMED]]
    if len(missing) > MOST_NAMED:
        named.append(f"and {len(missing) - MOST_NAMED} more")
    return f"{quote(text)} has no glyph in the embedded font {font} for {', '.join(named)}"


def _lacking(text: str, char: str, faces: tuple[str, ...]) -> str:
    lacking = faces_without(char, faces)
    italic = len(lacking) < len(faces) and all(map(is_italic, lacking))
    return f"{char_name(char)} at character {text.index(char) + 1}{' (in italic)' * italic}"


def text_width(text: str, font: str, size: float) -> float:
    """The advance width of ``text`` set in ``font`` at ``size`` points, in points: ReportLab's
    ``stringWidth`` to the bit (the same widths, summed and scaled in the same order), read
    from the font's own tables so that laying text out loads no PDF library."""
    width, default = _widths(font)
    return (sum([width(char, default) for char in text]) * 0.001) * size


@functools.cache
def _widths(face: str) -> tuple[Callable[[str, float], float], float]:
    """``face``'s width of a character (in thousandths of an em, ``dict.get``) and its width of
    a character it does not map."""
    found = metrics(font_path(face))
    return {chr(code): width for code, width in found.widths.items()}.get, found.default


def fit_size(
    text: str, font: str, size: float, width: float, minimum: float = MIN_TEXT_SIZE
) -> float:
    """The largest size ≤ ``size`` (but ≥ ``minimum``, by default the 6 pt every PDF is held to)
    at which ``text`` fits ``width``."""
    natural = text_width(text, font, size)
    if natural <= width or natural == 0:
        return size
    return max(minimum, size * width / natural)
