"""A fast reader of PDF content streams: ``operations(data) -> [(operands, operator)]``.

pypdf's ``ContentStream`` builds a full object for every number and took most of the time
verify spends on a page. Content streams are a small language (PDF 32000-1, 7.8.2), so this
module reads them directly. Operands come back as plain Python values:

- numbers as ``float``;
- names as ``str`` with their slash (``"/F1"``), like pypdf's ``NameObject``;
- literal and hex strings as ``bytes`` (escapes decoded);
- arrays as ``list``; dictionaries as ``dict`` of name → value;
- ``true``/``false``/``null`` as ``bool``/``None``.

An inline image (``BI … ID … EI``) becomes one operation named ``INLINE IMAGE``, as in pypdf.
"""

from __future__ import annotations

import re
from typing import Any

Operation = tuple[list[Any], bytes]

_WHITE = b" \t\r\n\f\x00"
_DELIMS = b"()<>[]{}/%"
_TOKEN = re.compile(
    rb"""
    [ \t\r\n\f\x00]*(?:%[^\r\n]*[ \t\r\n\f\x00]*)*
    (?:
      (?P<num>[+-]?(?:\d+\.?\d*|\.\d+))(?![^ \t\r\n\f\x00()<>\[\]{}/%])
    | (?P<name>/[^ \t\r\n\f\x00()<>\[\]{}/%]*)
    | (?P<str>\((?:[^()\\]|\\.)*\))
    | (?P<lit>\()
    | (?P<dopen><<) | (?P<dclose>>>)
    | (?P<hex><[0-9A-Fa-f \t\r\n\f\x00]*>)
    | (?P<aopen>\[) | (?P<aclose>\])
    | (?P<op>[^ \t\r\n\f\x00()<>\[\]{}/%]+)
    | (?P<end>\Z)
    )
    """,
    re.VERBOSE | re.DOTALL,
)
"""One token after any white space and comments: skipping them in the same match halves the
matches a stream takes. ``str`` is a literal string without unescaped parentheses inside (all
ReportLab writes); any other literal starts at ``lit`` and is read by :func:`_literal`."""
_ESCAPES = {
    ord("n"): b"\n",
    ord("r"): b"\r",
    ord("t"): b"\t",
    ord("b"): b"\b",
    ord("f"): b"\f",
    ord("("): b"(",
    ord(")"): b")",
    ord("\\"): b"\\",
}
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")


class ContentSyntaxError(ValueError):
    """The stream is not a content stream this reader understands."""


def _literal(data: bytes, pos: int) -> tuple[bytes, int]:
    """Read a literal string whose ``(`` is just before ``pos``; return it and the end."""
    out = bytearray()
    depth = 1
    n = len(data)
    while pos < n:
        ch = data[pos]
        if ch == 0x5C:  # backslash
            pos += 1
            if pos >= n:
                break
            esc = data[pos]
            if esc in _ESCAPES:
                out += _ESCAPES[esc]
                pos += 1
            elif 0x30 <= esc <= 0x37:
                end = pos
                while end < n and end - pos < 3 and 0x30 <= data[end] <= 0x37:
                    end += 1
                out.append(int(data[pos:end], 8) & 0xFF)
                pos = end
            elif esc == 0x0D:  # line continuation
                pos += 2 if data[pos + 1 : pos + 2] == b"\n" else 1
            elif esc == 0x0A:
                pos += 1
            else:
                out.append(esc)
                pos += 1
            continue
        if ch == 0x28:
            depth += 1
        elif ch == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), pos + 1
        out.append(ch)
        pos += 1
    raise ContentSyntaxError("unterminated string")


def _name(raw: bytes) -> str:
    text = _NAME_ESCAPE.sub(lambda m: bytes([int(m.group(1), 16)]), raw)
    return text.decode("latin-1")


def _skip_inline_image(data: bytes, pos: int) -> int:
    """From after ``ID``, the position after the matching ``EI``."""
    while True:
        found = data.find(b"EI", pos)
        if found < 0:
            raise ContentSyntaxError("inline image without EI")
        before = data[found - 1 : found] if found else b" "
        after = data[found + 2 : found + 3]
        if before in (b"", *(bytes([c]) for c in _WHITE)) and (
            after == b"" or after[0] in _WHITE or after[0] in _DELIMS
        ):
            return found + 2
        pos = found + 2


def operations(data: bytes) -> list[Operation]:
    """Every operation of a content stream, in order."""
    ops: list[Operation] = []
    stack: list[list[Any]] = [[]]
    kinds: list[str] = []  # "array" or "dict" for each open container
    pos = 0
    match = _TOKEN.match
    top = stack[0]
    while True:
        m = match(data, pos)
        if m is None:
            start = pos + len(data[pos:]) - len(data[pos:].lstrip(_WHITE))
            raise ContentSyntaxError(f"unreadable byte {data[start : start + 1]!r} at {start}")
        kind = m.lastgroup
        pos = m.end()
        if kind == "num":
            top.append(float(m.group(kind)))
        elif kind == "op":
            word = m.group(kind)
            if kinds or word in (b"true", b"false", b"null"):
                # true/false/null (or a stray word) inside an array or dictionary
                top.append({b"true": True, b"false": False}.get(word))
            elif word == b"BI":
                end = data.find(b"ID", pos)
                if end < 0:
                    raise ContentSyntaxError("inline image without ID")
                pos = _skip_inline_image(data, end + 3)
                ops.append(([], b"INLINE IMAGE"))
                top = stack[0] = []
            else:
                ops.append((top, word))
                top = stack[0] = []
        elif kind == "name":
            top.append(_name(m.group(kind)))
        elif kind == "str":
            raw = m.group(kind)
            top.append(raw[1:-1] if b"\\" not in raw else _literal(raw, 1)[0])
        elif kind == "lit":
            text, pos = _literal(data, pos)
            top.append(text)
        elif kind == "hex":
            digits = re.sub(rb"[^0-9A-Fa-f]", b"", m.group(kind)[1:-1])
            if len(digits) % 2:
                digits += b"0"
            top.append(bytes.fromhex(digits.decode("ascii")))
        elif kind in ("aopen", "dopen"):
            top = []
            stack.append(top)
            kinds.append("array" if kind == "aopen" else "dict")
        elif kind in ("aclose", "dclose"):
            if not kinds or kinds[-1] != ("array" if kind == "aclose" else "dict"):
                raise ContentSyntaxError(f"unbalanced {m.group(kind)!r} at {m.start(kind)}")
            kinds.pop()
            items = stack.pop()
            top = stack[-1]
            if kind == "aclose":
                top.append(items)
            else:
                top.append(dict(zip(items[::2], items[1::2], strict=False)))
        else:  # end of the stream
            return ops
