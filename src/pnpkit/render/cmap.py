"""Which code points a TrueType font maps, read straight from its ``cmap`` table.

``pnpkit check`` refuses text the embedded font cannot draw before anything is drawn, and it
imports no PDF library to do so: this reader takes the same subtable ReportLab takes (the last
of the Unicode ones listed: platform 3, or 0 but for encoding 5, or Macintosh Roman when there
is nothing else) and reads formats 4 and 12, the two a Unicode font uses. It gives the same code
points as ReportLab's ``charToGlyph`` (a test compares them for every face we ship).
"""

from __future__ import annotations

import struct
from pathlib import Path


class CmapError(ValueError):
    """The font's character map is not one this reader understands."""


def code_points(path: Path) -> frozenset[int]:
    """The code points the font at ``path`` maps to a glyph (its ``cmap``)."""
    data = path.read_bytes()
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
        raise CmapError(f"{path.name}: no Unicode character map")
    at = start + chosen
    (fmt,) = struct.unpack_from(">H", data, at)
    if fmt == 4:
        return _format4(data, at)
    if fmt == 12:
        return _format12(data, at)
    raise CmapError(f"{path.name}: character map format {fmt} is not read")


def _table(data: bytes, tag: bytes) -> int:
    (count,) = struct.unpack_from(">H", data, 4)
    for index in range(count):
        name, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if name == tag:
            return int(offset)
    raise CmapError(f"no {tag.decode()} table")


def _format4(data: bytes, at: int) -> frozenset[int]:
    (segments2,) = struct.unpack_from(">H", data, at + 6)
    segments = segments2 // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + segments2)
    found: set[int] = set()
    for first, last in zip(starts, ends, strict=True):
        found.update(range(first, last + 1))
    return frozenset(found)


def _format12(data: bytes, at: int) -> frozenset[int]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    found: set[int] = set()
    for index in range(groups):
        first, last, _glyph = struct.unpack_from(">III", data, at + 16 + 12 * index)
        found.update(range(first, last + 1))
    return frozenset(found)
