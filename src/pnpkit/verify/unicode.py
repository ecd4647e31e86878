"""What a shown string says: a font's ``/ToUnicode`` CMap read into a code → text map.

Only verify's reports need it (the words of a run of text too small to read, the labels a colour
promise names), so a font's map is built the first time a string of it is decoded. The CMap is
PostScript-like; :func:`pnpkit.verify.tokens.numbered` reads it as operations, and the
``bfchar`` and ``bfrange`` sections are all that map codes to text (PDF 32000-1, 9.10.3).
"""

from __future__ import annotations

import functools
from typing import Any

from pnpkit.verify.tokens import ContentSyntaxError, numbered

CodeMap = dict[int, str]


def _utf16(raw: object) -> str:
    if not isinstance(raw, bytes):
        return ""
    return raw.decode("utf-16-be", "replace")


def _code(raw: object) -> int | None:
    if not isinstance(raw, bytes) or not raw or len(raw) > 4:
        return None
    return int.from_bytes(raw, "big")


def read_cmap(data: bytes) -> CodeMap:
    """The codes a ToUnicode CMap maps; an unreadable CMap maps nothing."""
    try:
        ops = numbered(data)
    except (ContentSyntaxError, ValueError):
        return {}
    out: CodeMap = {}
    for operands, op, _ in ops:
        if op == b"endbfchar":
            for src, dst in zip(operands[0::2], operands[1::2], strict=False):
                code = _code(src)
                if code is not None:
                    out[code] = _utf16(dst)
        elif op == b"endbfrange":
            for i in range(0, len(operands) - 2, 3):
                lo, hi, dst = _code(operands[i]), _code(operands[i + 1]), operands[i + 2]
                if lo is None or hi is None or hi < lo or hi - lo > 0xFFFF:
                    continue
                if isinstance(dst, list):
                    for offset, item in enumerate(dst[: hi - lo + 1]):
                        out[lo + offset] = _utf16(item)
                elif isinstance(dst, bytes) and dst:
                    start = int.from_bytes(dst, "big")
                    width = len(dst)
                    for offset in range(hi - lo + 1):
                        value = (start + offset) % (1 << (8 * width))
                        out[lo + offset] = _utf16(value.to_bytes(width, "big"))
    return out


@functools.lru_cache(maxsize=64)
def _shared_cmap(data: bytes) -> CodeMap:
    """:func:`read_cmap`, once for each CMap a process sees: a kit's documents embed the same
    subsets of the same fonts, hence the same CMaps. The map is shared: only ever read it."""
    return read_cmap(data)


def font_cmap(font: Any) -> CodeMap:
    """The ToUnicode map of a pypdf font dictionary (empty when it has none or is unreadable)."""
    try:
        stream = font.get("/ToUnicode") if font is not None else None
        if stream is None:
            return {}
        return _shared_cmap(stream.get_object().get_data())
    except Exception:  # a damaged map costs the words of a report, never the verification
        return {}
