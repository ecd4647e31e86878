from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.render import fonts
from pnpkit.verify.tokens import ContentSyntaxError, operations


def _plain(value: Any) -> Any:
    """pypdf's operand objects as the plain values our reader gives."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
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


@pytest.mark.parametrize("bad", [b"(never closed", b"[1 2 >>", b"BI /W 1"])
def test_broken_streams_are_refused(bad: bytes) -> None:
    with pytest.raises(ContentSyntaxError):
        operations(bad)


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
