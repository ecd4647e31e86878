"""The fast content-stream reader and interpreter read exactly what the reference does (the
reader and interpreter as they were before they were made fast, frozen in
``tests/verify/reference``): the same operations from any stream, token soup included, and the
same segments, marks, forms, texts and fills from every page of every shipped kit, to the last
bit of every coordinate. Measuring a promise from the segments of its colour (the index
``verify.check`` uses) finds what a scan of every segment finds."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from tests.writing import ShippedKit

from pnpkit.games import REGISTRY
from pnpkit.verify import check, content, tokens

from .reference import content as reference
from .reference import tokens as reference_tokens

DATA = Path(__file__).resolve().parents[2] / "data"
GAMES = sorted(game for game in REGISTRY if (DATA / game).is_dir())


def _fields(page: Any) -> dict[str, list[Any]]:
    """A page's content as plain values (the records of both interpreters compare as tuples)."""
    return {
        "segments": [(s.x0, s.y0, s.x1, s.y1, s.color, s.width) for s in page.segments],
        "painted": [(p.box, p.kind, p.what) for p in page.painted],
        "forms": [(p.box, p.unscaled) for p in page.forms],
        "texts": [(t.box, t.size, t.raw, t.text) for t in page.texts],
        "fills": sorted(page.fills),
    }


def _assert_same(new: dict[str, list[Any]], old: dict[str, list[Any]], where: str) -> None:
    for name, items in old.items():
        got = new[name]
        # repr: 0.0 and -0.0 differ, as every bit of every number must agree
        for index, (a, b) in enumerate(zip(got, items, strict=False)):
            assert repr(a) == repr(b), f"{where}: {name}[{index}]: {a!r} != {b!r}"
        assert len(got) == len(items), f"{where}: {len(got)} {name}, the reference has {len(items)}"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_page_of_every_shipped_kit_reads_the_same(game: str, shipped_kit: ShippedKit) -> None:
    pdfs = sorted(shipped_kit(game).rglob("*.pdf"))
    assert pdfs
    measured = 0
    for pdf in pdfs:
        old_reader, new_reader = PdfReader(pdf), PdfReader(pdf)
        old_cache, new_cache = reference.FormCache(), content.FormCache()
        pages: dict[int, content.PageContent] = {}
        for number, (old_page, new_page) in enumerate(
            zip(old_reader.pages, new_reader.pages, strict=True), start=1
        ):
            old = reference.read_page(old_reader, old_page, old_cache)
            new = content.read_page(new_reader, new_page, new_cache)
            _assert_same(_fields(new), _fields(old), f"{pdf.name}: page {number}")
            pages[number] = new
        promises, problem = check._promises(new_reader)
        assert not problem
        for promise in (*promises.lines, *promises.rulers):
            page = pages[promise.page]
            chosen = check._in_color(page, promise.color)
            assert chosen == [s for s in page.segments if check._same_color(s.color, promise.color)]
            for axis in ("x", "y"):
                everything = check.positions(page.segments, promise.color, axis, promise.bbox)
                assert check.positions(chosen, promise.color, axis, promise.bbox) == everything
            measured += 1
    if game == "false-colors":
        assert measured  # its charts promise their grid pitch and rulers


def _soup(rng: random.Random) -> bytes:
    pieces = [
        *(b" ", b"\n", b"\r", b"\t", b"\x00", b"\x0b", b"\x0c", b"\r\n"),
        *(b"1", b"-", b"+", b".", b"5", b"0.5", b".5", b"-3.", b"+1", b"12", b"1e5", b"inf"),
        *(b"e", b"n", b"_", b"/", b"#", b"#41", b"/F1", b"/a#20b", b"//", b"a", b"re", b"m"),
        *(b"(", b")", b"\\", b"\\(", b"(a)", b"(a\\)b)", b"(x(y)z)", b"<", b">", b"<41 4>"),
        *(b"<4142>", b"<414>", b"<>", b"<4g>"),
        *(b"[", b"]", b"<<", b">>", b"{", b"}", b"%", b"% c\n", b"Tj", b"TJ", b"BI", b"ID"),
        *(b"EI", b"true", b"false", b"null", b"BT", b"ET", b"q", b"Q", b"'", b'"'),
    ]
    return b"".join(rng.choice(pieces) for _ in range(rng.randrange(1, 16)))


def _read(reader: Any, data: bytes) -> tuple[str, Any]:
    try:
        return ("read", reader(data))
    except tokens.ContentSyntaxError:
        return ("refused", None)


def test_token_soup_reads_as_the_reference_reads_it() -> None:
    rng = random.Random(20261130)
    for _ in range(4000):
        data = _soup(rng)
        try:
            expected = ("read", repr(reference_tokens.operations(data)))
        except (reference_tokens.ContentSyntaxError, TypeError):
            # TypeError: the reference let an array as a dictionary key through to dict()
            expected = ("refused", None)
        kind, ops = _read(tokens.operations, data)  # anything but ContentSyntaxError fails
        assert (kind, None if ops is None else repr(ops)) == expected, data


def test_a_real_stream_with_spliced_tokens_reads_as_the_reference_reads_it() -> None:
    page = (
        b"1 0 0 1 0 0 cm q .1 .2 .3 RG 2 w 10 10 m 110 10 l 110.5 60 l h S "
        b"BT 1 0 0 1 72 700 Tm /F1 12 Tf 14 TL (Ships \\(7\\)) Tj T* [(A) -120 (B)] TJ ET "
        b"q 0 0 1 rg 20 20 30 40 re f Q /Form1 Do 0 0 m 1 2 3 4 5 6 c B* Q"
    )
    rng = random.Random(7)
    for _ in range(1500):
        data = bytearray(page)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(data) + 1)
            data[at:at] = _soup(rng)[:6]
        try:
            expected = ("read", repr(reference_tokens.operations(bytes(data))))
        except (reference_tokens.ContentSyntaxError, TypeError):
            expected = ("refused", None)
        kind, ops = _read(tokens.operations, bytes(data))
        assert (kind, None if ops is None else repr(ops)) == expected, bytes(data)


def test_each_operation_comes_with_its_leading_numbers() -> None:
    data = b"1 2 m /F1 12 Tf (12) 3 true Tz [1] 2 d 1 0 0 RG 0 g"
    for operands, op, nums in tokens.numbered(data):
        assert nums == tokens.numbers(operands), op
        if all(type(v) is float for v in operands):
            assert nums is operands  # the operands themselves: nothing to convert
    ops = {op: nums for _, op, nums in tokens.numbered(data)}
    assert ops[b"Tf"] == ()  # a name first: no numbers
    assert ops[b"Tz"] == (12.0, 3.0, 1.0)  # a string of digits and true count, as float() has it
    assert ops[b"d"] == ()
    assert ops[b"RG"] == (1.0, 0.0, 0.0)


def test_clipping_a_segment_gives_the_reference_s_end_points_to_the_bit() -> None:
    """Segments wholly inside the clip take a short way; on its edges, across them, outside,
    degenerate, at -0.0 or through rounding, every bit of every end point is the reference's."""
    rng = random.Random(20261201)
    edges = (-0.0, 0.0, 10.0, 10.000000000000002, 9.999999999999998, 100.0, 0.1 + 0.2)
    clips = [
        (0.0, 0.0, 100.0, 100.0),
        (10.0, -0.0, 10.0, 50.0),
        (0.3, 0.1, 99.7, 0.30000000000000004),
    ]

    def value() -> float:
        if rng.random() < 0.4:
            return rng.choice(edges) * rng.choice((1.0, -1.0))
        return rng.uniform(-20.0, 120.0)

    for _ in range(30000):
        if rng.random() < 0.7:
            clip = rng.choice(clips)
        else:
            (left, right), (bottom, top) = sorted((value(), value())), sorted((value(), value()))
            clip = (left, bottom, right, top)
        points = [value() for _ in range(4)]
        if rng.random() < 0.2:
            points[2] = points[0]  # vertical
        x0, y0, x1, y1 = points
        got = content._clip_segment(x0, y0, x1, y1, clip)
        assert repr(got) == repr(reference._clip_segment(x0, y0, x1, y1, clip)), (points, clip)
