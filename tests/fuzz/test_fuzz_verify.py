"""Fuzzing ``pnpkit verify``: a real chart PDF (pages, promises in a stream its Info names, rulers,
assembly) damaged byte by byte, truncated, spliced or with its promises' JSON edited. The
verifier reads PDFs that users hand it, so it must answer with a list of problems, never raise."""

from __future__ import annotations

import re
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpkit.games.false_colors.charts.load.chart import load_charts
from pnpkit.games.false_colors.maps import write_map_pdf
from pnpkit.verify import verify_pdf

from .harness import DATA, budget


@pytest.fixture(scope="module")
def chart_pdf(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("fuzz-verify") / "duel.pdf"
    write_map_pdf(load_charts(DATA / "false-colors")["duel"], path)
    data = path.read_bytes()
    assert verify_pdf(path) == []
    return data


@st.composite
def damaged(draw: st.DrawFn, pdf: bytes) -> bytes:
    action = draw(st.sampled_from(("truncate", "flip", "insert", "splice", "promise", "number")))
    at = draw(st.integers(0, len(pdf) - 1))
    if action == "truncate":
        return pdf[:at]
    if action == "flip":
        return pdf[:at] + bytes([pdf[at] ^ draw(st.integers(1, 255))]) + pdf[at + 1 :]
    if action == "insert":
        return pdf[:at] + draw(st.binary(min_size=1, max_size=16)) + pdf[at:]
    if action == "splice":
        other = draw(st.integers(0, len(pdf) - 1))
        return pdf[:at] + pdf[other : other + draw(st.integers(1, 400))] + pdf[at:]
    if action == "number":  # a number in the uncompressed structure: sizes, lengths, offsets
        numbers = list(re.finditer(rb"-?\d+(\.\d+)?", pdf))
        found = numbers[draw(st.integers(0, len(numbers) - 1))]
        new = draw(st.sampled_from((b"0", b"-1", b"99999999999", b"1e400", b"nan", b"3.5")))
        return pdf[: found.start()] + new + pdf[found.end() :]
    # edit the promises' JSON, kept compressed in the file's last stream (the Info names it)
    start = pdf.rindex(b">>\nstream\n") + len(b">>\nstream\n")
    end = pdf.index(b"endstream", start)
    body = zlib.decompress(pdf[start:end])
    assert body.startswith(b'{"assemblies"')
    cut = draw(st.integers(0, len(body) - 1))
    bit = draw(st.sampled_from((b"", b"null", b"[]", b"{}", b'"x"', b"-1", b"1e999", b"\\", b")")))
    edited = zlib.compress(body[:cut] + bit + body[cut + draw(st.integers(0, 30)) :])
    length = pdf.rindex(b"/Length ", 0, start)
    stop = pdf.index(b"\n", length)  # the stream's /Length, which follows the edit
    return pdf[:length] + b"/Length %d" % len(edited) + pdf[stop:start] + edited + pdf[end:]


@budget(20)
@given(data=st.data())
def test_a_damaged_pdf_gives_problems_never_an_exception(
    chart_pdf: bytes, tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    path = tmp_path_factory.getbasetemp() / "damaged.pdf"
    path.write_bytes(data.draw(damaged(chart_pdf), label="pdf"))
    problems = verify_pdf(path)
    assert isinstance(problems, list)
    assert all(isinstance(p, str) and p.startswith(str(path)) for p in problems)
