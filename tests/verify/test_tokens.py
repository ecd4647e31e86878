from __future__ import annotations

import io
import random
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import BooleanObject, ContentStream, DecodedStreamObject, NullObject

from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.render import fonts
from pnpkit.verify.tokens import ContentSyntaxError, numbers, operations


def _plain(value: Any) -> Any:
    """pypdf's operand objects as the plain values our reader gives."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if value is None or isinstance(value, NullObject):
        return None
    if isinstance(value, BooleanObject):
        return bool(value)
    raw = getattr(value, "original_bytes", None)
    if isinstance(raw, bytes):
        return raw
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return str(value)
    return float(value)


def test_reads_literals_hex_arrays_and_dicts() -> None:
    data = (
        b"q 1 0 0 1 -2.5 .5 cm /F1 12 Tf (a\\(b\\)c\\\\\\101\\n) Tj <48 69> Tj "
        b"[(A) -120 (B)] TJ /Tag <</MCID 3 /On true /X null>> BDC EMC % comment\nQ"
    )
    ops = operations(data)
    assert [op for _, op in ops] == [b"q", b"cm", b"Tf", b"Tj", b"Tj", b"TJ", b"BDC", b"EMC", b"Q"]
    assert ops[1][0] == [1.0, 0.0, 0.0, 1.0, -2.5, 0.5]
    assert ops[2][0] == ["/F1", 12.0]
    assert ops[3][0] == [b"a(b)c\\A\n"]
    assert ops[4][0] == [b"Hi"]
    assert ops[5][0] == [[b"A", -120.0, b"B"]]
    assert ops[6][0] == ["/Tag", {"/MCID": 3.0, "/On": True, "/X": None}]


def test_inline_image_is_one_operation() -> None:
    ops = operations(b"q BI /W 1 /H 1 /BPC 8 /CS /G ID \x00EI Q EI Q")
    assert [op for _, op in ops] == [b"q", b"INLINE IMAGE", b"Q", b"EI", b"Q"]


@pytest.mark.parametrize(
    "bad",
    [
        b"(never closed",
        b"[1 2 >>",
        b"BI /W 1",
        b"q BI /W 1 ID no end",
        b"<< [1] 2 >> BDC",  # an array as a key: not a dictionary
        b"<< <</A 1>> 2 >> BDC",
        b"1 2 m { 3 l",
        b"1 2 m ) S",
        b"1 2 m > S",
        b"<zz> Tj",
        b"<< /A 1 ] BDC",
        b"[1 2 ]] TJ",
    ],
)
def test_broken_streams_are_refused(bad: bytes) -> None:
    with pytest.raises(ContentSyntaxError):
        operations(bad)


def _pypdf_operations(data: bytes) -> list[tuple[Any, bytes]]:
    stream = DecodedStreamObject()
    stream.set_data(data)
    return [
        (_plain(list(operands)), bytes(op))
        for operands, op in ContentStream(stream, None).operations
    ]


TRICKY = [
    # strings: nested and escaped parentheses, backslashes, octal, line continuation
    b"(a (nested) \\) \\\\ \\101\\7 \\n end)Tj (x\\\ny) Tj (() ((a)) ()) Tj",
    # hex strings: spaces, lower case, an odd digit count
    b"<48 65 6C6c 6F7> Tj <> Tj < 41\n42 > Tj",
    # arrays and dictionaries, nested, glued to their neighbours
    b"[(A)-120(B) .5<41>[1[2]]] TJ /Tag<</MCID 3/Arr[1 2/x]/D<</In -.25/On true/No null>>>>BDC",
    # comments anywhere, brackets inside them
    b"% a comment ( with ) [brackets\n1 0 0 RG%c2\n0 0 m%\r10 10 l S",
    # names with #xx escapes, names glued together and to numbers
    b"/F#231 12 Tf /a#20b/c#2Fd 3/e BDC EMC",
    # numbers: leading dots, trailing dots, signs, glued to names
    b"1 0 0 1 .5 -3. cm +1 w -.25 +.5 0. 00012 -0 d0 12/F1 Tf",
    # white space of every kind, NUL included
    b"1\x002\tm\x0c3\r4 l\r\nS",
]


@pytest.mark.parametrize("data", TRICKY)
def test_same_operations_as_pypdf_on_tricky_streams(data: bytes) -> None:
    assert [(_plain(o), op) for o, op in operations(data)] == _pypdf_operations(data)


def test_same_operations_as_pypdf_on_a_reportlab_page() -> None:
    buffer = io.BytesIO()
    doc = Document(buffer, title="tokens")
    doc.start_page(LETTER)
    c = doc.canvas
    c.setFont(fonts.REGULAR, 11)
    c.drawString(72, 700, "Ships (7) \\ harbours — Capital ✓ é")
    c.setStrokeColorRGB(0.1, 0.2, 0.3)
    c.setDash(3, 2)
    c.rect(72, 72, 144, 90, stroke=1, fill=0)
    c.bezier(72, 300, 100, 350, 150, 250, 200, 300)
    doc.save()
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    contents = reader.pages[0].get_contents()
    assert contents is not None
    expected = [
        (_plain(list(operands)), bytes(op))
        for operands, op in ContentStream(contents, reader).operations
    ]
    assert [(_plain(o), op) for o, op in operations(contents.get_data())] == expected


def test_a_string_operand_counts_as_a_number_exactly_when_float_reads_it() -> None:
    """numbers() turns away strings with a byte no float literal has before calling float():
    every other string still goes to float(), so the leading numbers are float()'s."""
    rng = random.Random(20261201)
    pieces = [
        *(b"nan", b"NaN", b"inf", b"-Infinity", b"INF", b"iNfInItY", b"1", b"25", b"_", b"e"),
        *(b"E", b"-", b"+", b".", b" ", b"\t", b"\n", b"\r", b"\x0b", b"\x0c", b"\x1c"),
        *(b"\x00", b"\xa0", b"x", b"q", b"(", b"/", b"a", b"t", b"y"),
    ]
    for _ in range(20000):
        raw = b"".join(rng.choice(pieces) for _ in range(rng.randrange(0, 5)))
        try:
            expected: tuple[float, ...] = (1.0, float(raw), 2.0)
        except ValueError:
            expected = (1.0,)
        assert repr(numbers((1.0, raw, 2.0))) == repr(expected), raw  # repr: nan is nan
