"""What pnpkit reads of a TrueType font itself, without ReportLab: which characters it maps
(its ``cmap``) and how wide each one is (its ``hmtx``).

``pnpkit check`` refuses text the embedded font cannot draw, and lays out every face to find text
too long for its box, before anything is drawn; it imports no PDF library to do so. This reader
takes the same subtable ReportLab takes (the last of the Unicode ones listed: platform 3, or 0 but
for encoding 5, or Macintosh Roman when there is nothing else), reads formats 4 and 12 (the two a
Unicode font uses) the way ReportLab does, and gives each character ReportLab's width: the
advance of its glyph in thousandths of an em, the last advance for glyphs past the table's
metrics, the width of glyph 0 for a character the font does not map, and a no-break space as wide
as a space. Tests compare the code points and every width with ReportLab's for every face we
ship, and :func:`pnpkit.render.fonts.text_width` with ``stringWidth`` to the bit.

:func:`embedding_problem` says, from the file's header and tables, why ReportLab could not embed a
designer's font as a subset (PostScript outlines, a collection, a web font, a licence that forbids
embedding), before anything is drawn.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path


class FontTableError(ValueError):
    """A table of the font is missing or not one this reader understands."""


@dataclass(frozen=True, slots=True)
class Metrics:
    """A font's advance widths in thousandths of an em: ``widths`` by code point, and
    ``default`` (glyph 0's) for a character the font does not map."""

    widths: dict[int, float]
    default: float


def code_points(path: Path) -> frozenset[int]:
    """The code points the font at ``path`` maps to a glyph (its ``cmap``)."""
    return frozenset(_glyphs(path.read_bytes(), path.name))


def metrics(path: Path) -> Metrics:
    """The advance width of every character the font at ``path`` maps (see :class:`Metrics`)."""
    data = path.read_bytes()
    glyphs = _glyphs(data, path.name)
    head = _table(data, b"head")
    (per_em,) = struct.unpack_from(">H", data, head + 18)
    (hmetrics,) = struct.unpack_from(">H", data, _table(data, b"hhea") + 34)
    (count,) = struct.unpack_from(">H", data, _table(data, b"maxp") + 4)
    hmtx = _table(data, b"hmtx")
    advances = struct.unpack_from(f">{2 * hmetrics}H", data, hmtx)[0::2]
    scale = 1.0 if per_em == 1000 else 1000 / per_em
    scaled: list[float] = [a if per_em == 1000 else a * scale for a in advances]
    last = scaled[-1]

    def width(glyph: int) -> float:
        return scaled[glyph] if glyph < hmetrics else last

    widths = {char: width(glyph) for char, glyph in glyphs.items() if glyph < max(count, hmetrics)}
    if 0x20 in glyphs:
        widths[0xA0] = widths[0x20]
    elif 0xA0 in glyphs:
        widths[0x20] = widths[0xA0]
    return Metrics(widths, scaled[0])


TRUETYPE = (b"\x00\x01\x00\x00", b"true")
"""The first four bytes of a font with TrueType outlines, the ones ReportLab embeds."""
NEEDED = (b"cmap", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"name", b"post")
"""The tables ReportLab reads to embed a TrueType font."""
_CONVERT = "convert it to TrueType outlines (.ttf), e.g. with FontForge or fontTools' otf2ttf"
_SIGNATURES = {
    b"OTTO": f"its outlines are PostScript (CFF), which ReportLab cannot embed: {_CONVERT}",
    b"ttcf": "it is a font collection (several fonts in one file): save the face you want as .ttf",
    b"wOFF": f"it is a web font (WOFF), which ReportLab cannot embed: {_CONVERT}",
    b"wOF2": f"it is a web font (WOFF2), which ReportLab cannot embed: {_CONVERT}",
}


def embedding_problem(data: bytes) -> str | None:
    """Why the font file ``data`` cannot be embedded as a subset, read from its header and
    tables as ReportLab reads them; None when it can (as far as its structure goes)."""
    if data[:4] in _SIGNATURES:
        return _SIGNATURES[data[:4]]
    if len(data) < 12 or data[:4] not in TRUETYPE:
        return "it is not a TrueType or OpenType font file"
    try:
        (count,) = struct.unpack_from(">H", data, 4)
        records = [struct.unpack_from(">4sIII", data, 12 + 16 * i) for i in range(count)]
        tags = {tag for tag, _checksum, _offset, _length in records}
        if any(offset + length > len(data) for _tag, _checksum, offset, length in records):
            return "the file is cut short (its tables run past its end): a damaged font"
        missing = [tag.decode("latin-1").strip() for tag in NEEDED if tag not in tags]
        if b"CFF " in tags and b"glyf" not in tags:
            return _SIGNATURES[b"OTTO"]
        if missing:
            return f"it has no {', '.join(missing)} table (a damaged or unusual font): {_CONVERT}"
        if b"OS/2" in tags:
            (fs_type,) = struct.unpack_from(">H", data, _table(data, b"OS/2") + 8)
            if fs_type == 0x0002:
                return "its licence forbids embedding it in a document (OS/2 fsType 2)"
            if fs_type & 0x0300:
                return "its licence forbids embedding a subset of it (OS/2 fsType bits 8–9)"
        _glyphs(data, "")
    except FontTableError as exc:
        return f"its tables cannot be read ({str(exc).lstrip(': ')}): a damaged font"
    except struct.error:
        return "its tables run past the end of the file: a damaged font"
    return None


def _glyphs(data: bytes, name: str) -> dict[int, int]:
    """The glyph index of every code point the font maps, as ReportLab reads them."""
    start = _table(data, b"cmap")
    (count,) = struct.unpack_from(">H", data, start + 2)
    chosen: int | None = None
    unicode_found = False
    for index in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, start + 4 + 8 * index)
        if platform == 3 or (platform == 0 and encoding != 5) or (platform, encoding) == (1, 1):
            chosen, unicode_found = offset, True
        elif (platform, encoding) == (1, 0) and not unicode_found:
            chosen = offset
    if chosen is None:
        raise FontTableError(f"{name}: no Unicode character map")
    at = start + chosen
    (fmt,) = struct.unpack_from(">H", data, at)
    if fmt == 4:
        return _format4(data, at)
    if fmt == 12:
        return _format12(data, at)
    raise FontTableError(f"{name}: character map format {fmt} is not read")


def _table(data: bytes, tag: bytes) -> int:
    (count,) = struct.unpack_from(">H", data, 4)
    for index in range(count):
        name, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if name == tag:
            return int(offset)
    raise FontTableError(f"no {tag.decode()} table")


def _format4(data: bytes, at: int) -> dict[int, int]:
    length, _language, segments2 = struct.unpack_from(">HHH", data, at + 2)
    segments = segments2 // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + segments2)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 2 * segments2)
    ranges_at = at + 16 + 3 * segments2
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    array_at = ranges_at + segments2  # the glyph index array, after the range offsets
    limit = at + length
    array = struct.unpack_from(f">{max(0, limit - array_at) // 2}H", data, array_at)
    found: dict[int, int] = {}
    for n, (first, last, delta, range_offset) in enumerate(
        zip(starts, ends, deltas, ranges, strict=True)
    ):
        if range_offset == 0:
            found.update((char, (char + delta) & 0xFFFF) for char in range(first, last + 1))
            continue
        # where the segment's glyphs start in the array, counted in entries from its start
        base = (ranges_at + 2 * n + range_offset - array_at) // 2 - first
        for char in range(first, last + 1):
            index = base + char
            if not 0 <= index < len(array):  # a broken font; ReportLab reads glyph 0 there too
                found[char] = 0
                continue
            glyph = array[index]
            found[char] = (glyph + delta) & 0xFFFF if glyph else 0
    return found


def _format12(data: bytes, at: int) -> dict[int, int]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    found: dict[int, int] = {}
    for index in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * index)
        for char in range(first, last + 1):
            found[char] = glyph + char - first
    return found
