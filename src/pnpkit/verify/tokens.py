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

Most of a stream is plain runs of numbers, names and operators between white space: those runs
(up to the next ``()<>[]{}%``) are split with ``bytes.split`` and each word told apart by its
first byte, once per stream (most words repeat), which reads a ReportLab page about twice as
fast as one regular-expression match per token. Everything else (strings, arrays,
dictionaries, comments, inline images, and a run holding a vertical tab, which ``split`` takes
for white space and PDF does not) goes through ``_TOKEN``, one match per token, as it always
did; the two give the same operations (``tests/verify/test_same_reading.py``).
:func:`numbered` gives each operation its leading numbers too, for the interpreter.
"""

from __future__ import annotations

import binascii
import re
from typing import Any

Operation = tuple[list[Any], bytes]
Numbered = tuple[tuple[Any, ...], bytes, tuple[float, ...]]
"""An operation with its leading numbers (:func:`numbers` of its operands; the operands
themselves, the same tuple, when they are all numbers, as most are). Tuples, not lists: a
tuple of numbers is left alone by the garbage collector once it has seen it, and a chart's
stream is a hundred thousand operations kept while its document is read."""

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
_SPECIAL = re.compile(rb"[()<>\[\]{}%]")
"""Where a plain run of numbers, names and operators ends: a string, array, dictionary or
comment starts (or a stray delimiter that ``_TOKEN`` refuses)."""
_STRING = re.compile(rb"\((?:[^()\\]|\\.)*\)", re.DOTALL)
"""A literal string without unescaped parentheses inside, as ``_TOKEN``'s ``str``."""
_HEX = re.compile(rb"<([0-9A-Fa-f]*)>")
"""A hex string of digits only (``_TOKEN``'s ``hex`` allows white space between them too)."""
_NOT_HEX = re.compile(rb"[^0-9A-Fa-f]")
_NUMBER_START = b"0123456789+-."
_FLOAT_BYTES = b"0123456789+-._eEinfatyINFATY \t\n\r\x0b\x0c"
"""Every byte ``float()`` may accept in a string: digits, signs, the point, exponents, digit
separators, ``inf``/``infinity``/``nan`` in either case, and the white space it strips."""
_WORDS = {b"true": True, b"false": False}
_VALUES: dict[bytes, bool | None] = {b"true": True, b"false": False, b"null": None}


_SEEN: dict[bytes, Any] = {}
"""What each word of a plain run is (:func:`_word`), kept from stream to stream: a document's
streams share most of their words (operators, coordinates, colours), and every value is
immutable (a float, a name, an operator's bytes, a 1-tuple), so any stream may take it."""
_SEEN_LIMIT = 50_000
"""Words kept at most (a few megabytes at most); past this the memory starts afresh."""


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


def _word(word: bytes) -> float | str | bytes | tuple[bool | None]:
    """What a word of a plain run (no white space, no delimiter, a ``/`` only first) is: a
    number (``float``), a name (``str``), ``true``/``false``/``null`` (a 1-tuple of the value),
    or an operator (the word itself); as ``_TOKEN`` reads it."""
    first = word[0]
    if first in _NUMBER_START:
        try:
            value = float(word)
        except ValueError:
            return word
        # float also reads exponents, digit separators, inf and nan: operators to _TOKEN
        odd = 0x65 in word or 0x45 in word or 0x6E in word or 0x4E in word or 0x5F in word
        return word if odd else value  # e, E, n, N, _
    if first == 0x2F:
        return _name(word)
    if word in _VALUES:
        return (_VALUES[word],)
    return word


def numbers(operands: tuple[Any, ...]) -> tuple[float, ...]:
    """The operands up to the first that is not a number, as floats (``float`` takes a string
    of digits or a boolean too: the interpreter always has)."""
    out: list[float] = []
    for value in operands:
        kind = type(value)
        if kind is float:
            out.append(value)
        elif kind is str or kind is list or kind is dict or value is None:
            return tuple(out)  # a name ("/…"), an array, a dictionary or null: never a number
        elif kind is bytes and value.translate(None, _FLOAT_BYTES):
            return tuple(out)  # a string with a byte no float literal has: float() refuses it
        else:
            try:
                out.append(float(value))
            except (TypeError, ValueError):
                return tuple(out)
    return tuple(out)


def operations(data: bytes) -> list[Operation]:
    """Every operation of a content stream, in order."""
    return [(list(operands), op) for operands, op, _ in numbered(data)]


def numbered(data: bytes) -> list[Numbered]:
    """Every operation of a content stream, in order, with its leading numbers."""
    ops: list[Numbered] = []
    stack: list[list[Any]] = [[]]
    kinds: list[str] = []  # "array" or "dict" for each open container
    top = stack[0]
    plain = True  # every operand of the current operation is a float so far
    pos = 0
    size = len(data)
    slow_until = 0  # the plain run before this position is read token by token
    match = _TOKEN.match
    special = _SPECIAL.search
    string = _STRING.match
    hexadecimal = _HEX.match
    seen = _SEEN  # each word of a plain run read once: most repeat, in a stream and across
    if len(seen) > _SEEN_LIMIT:
        seen.clear()
    while True:
        if pos >= slow_until:
            found = special(data, pos)
            end = found.start() if found is not None else size
            if end > pos:
                run = data[pos:end]
                # (bytes in bytes is slow: single bytes are looked for as ints)
                if 0x0B in run or run.find(b"BI") >= 0:
                    slow_until = end  # split would cut at a vertical tab; BI needs positions
                else:
                    if 0x00 in run:
                        run = run.replace(b"\x00", b" ")  # white space to PDF, not to split
                    if 0x2F in run:
                        run = run.replace(b"/", b" /")  # a name ends where the next begins
                    for word in run.split():
                        value: Any = seen.get(word)
                        if value is None:
                            value = seen[word] = _word(word)
                        cls = type(value)
                        if cls is float:
                            top.append(value)
                        elif cls is bytes:  # an operator (or a stray word in an array)
                            if kinds:
                                top.append(None)
                                plain = False
                            else:
                                operands = tuple(top)
                                nums = operands if plain else numbers(operands)
                                ops.append((operands, value, nums))
                                top.clear()
                                plain = True
                        else:  # a name, or (true,), (false,), (null,)
                            top.append(value if cls is str else value[0])
                            plain = False
                    pos = end
            delimiter = data[pos] if pos < size else 0
            if delimiter == 0x28:  # a string: what most runs end at
                m = string(data, pos)
                if m is not None:
                    raw = m.group()
                    top.append(raw[1:-1] if 0x5C not in raw else _literal(raw, 1)[0])
                    plain = False
                    pos = m.end()
                    continue
            elif delimiter == 0x3C:  # a hex string without spaces (a CMap is hundreds)
                m = hexadecimal(data, pos)
                if m is not None:
                    digits = m.group(1)
                    top.append(binascii.unhexlify(digits + b"0" if len(digits) % 2 else digits))
                    plain = False
                    pos = m.end()
                    continue
        m = match(data, pos)
        if m is None:
            start = pos + len(data[pos:]) - len(data[pos:].lstrip(_WHITE))
            raise ContentSyntaxError(f"unreadable byte {data[start : start + 1]!r} at {start}")
        kind = m.lastgroup or "end"  # every alternative is a named group
        pos = m.end()
        if kind == "num":
            top.append(float(m.group(kind)))
            continue
        if kind == "end":
            return ops
        plain = False
        if kind == "op":
            word = m.group(kind)
            if kinds or word in (b"true", b"false", b"null"):
                # true/false/null (or a stray word) inside an array or dictionary
                top.append(_WORDS.get(word))
            elif word == b"BI":
                end = data.find(b"ID", pos)
                if end < 0:
                    raise ContentSyntaxError("inline image without ID")
                pos = _skip_inline_image(data, end + 3)
                ops.append(((), b"INLINE IMAGE", ()))
                top = stack[0] = []
                plain = True
            else:
                operands = tuple(top)
                ops.append((operands, word, numbers(operands)))
                top.clear()
                plain = True
        elif kind == "name":
            top.append(_name(m.group(kind)))
        elif kind == "str":
            raw = m.group(kind)
            top.append(raw[1:-1] if 0x5C not in raw else _literal(raw, 1)[0])
        elif kind == "lit":
            text, pos = _literal(data, pos)
            top.append(text)
        elif kind == "hex":
            digits = _NOT_HEX.sub(b"", m.group(kind)[1:-1])
            if len(digits) % 2:
                digits += b"0"
            top.append(bytes.fromhex(digits.decode("ascii")))
        elif kind in ("aopen", "dopen"):
            top = []
            stack.append(top)
            kinds.append("array" if kind == "aopen" else "dict")
        else:  # aclose, dclose
            if not kinds or kinds[-1] != ("array" if kind == "aclose" else "dict"):
                raise ContentSyntaxError(f"unbalanced {m.group(kind)!r} at {m.start(kind)}")
            kinds.pop()
            items = stack.pop()
            top = stack[-1]
            if kind == "aclose":
                top.append(items)
            else:
                try:
                    top.append(dict(zip(items[::2], items[1::2], strict=False)))
                except TypeError:  # a key that is an array or a dictionary
                    raise ContentSyntaxError(f"a dictionary key is not a name at {pos}") from None
