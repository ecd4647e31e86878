"""A workbook is a zip archive: its parts are counted and their unpacked sizes checked before
anything in it is read, so a zip bomb costs nothing and is named."""

from __future__ import annotations

import zipfile
import zlib
from pathlib import Path

import pytest

from pnpkit.errors import DataError
from pnpkit.load import table
from pnpkit.load.nodes import MapNode
from pnpkit.load.table import MAX_BYTES, MAX_PARTS, read_table

MEGABYTE = 2**20
SHEET = "xl/worksheets/sheet1.xml"


class _SameBlock:
    """A compressor for a stream of identical megabytes of spaces: the first megabyte is
    deflated and flushed whole (so the next block starts afresh), and every megabyte after
    is the same bytes. A 1.5 GB sheet is written in a moment, as a real zip bomb."""

    def __init__(self) -> None:
        self.engine = zlib.compressobj(9, zlib.DEFLATED, -15)
        self.block = b""

    def compress(self, data: bytes) -> bytes:
        assert data == b" " * MEGABYTE
        if not self.block:
            self.block = self.engine.compress(data) + self.engine.flush(zlib.Z_FULL_FLUSH)
        return self.block

    def flush(self) -> bytes:
        return self.engine.flush()


def _workbook(path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["key", "name"])
    sheet.append(["mate", "First Mate"])
    book.save(path)


def _bomb(path: Path, megabytes: int) -> None:
    """A workbook whose sheet unpacks to ``megabytes`` of spaces, written a megabyte at a time
    (never held whole)."""
    small = path.with_name("small.xlsx")
    _workbook(small)
    with zipfile.ZipFile(small) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            if info.filename != SHEET:
                out.writestr(info.filename, source.read(info))
                continue
            with out.open(SHEET, "w", force_zip64=True) as part:
                part._compressor = _SameBlock()  # type: ignore[attr-defined]
                for _ in range(megabytes):
                    part.write(b" " * MEGABYTE)
    small.unlink()


def test_a_zip_bomb_workbook_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bomb = tmp_path / "cards.xlsx"
    _bomb(bomb, 1536)  # 1.5 GB
    assert bomb.stat().st_size < MAX_BYTES  # small enough to pass the file's own limit
    with zipfile.ZipFile(bomb) as archive:
        assert archive.getinfo(SHEET).file_size == 1536 * MEGABYTE

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the workbook was opened")

    monkeypatch.setattr("openpyxl.load_workbook", never)
    with pytest.raises(DataError) as caught:
        read_table(bomb)
    (problem,) = caught.value.problems
    assert problem.where.file == str(bomb)
    assert "'xl/worksheets/sheet1.xml' unpacks to 1.5 GB" in problem.message
    assert problem.allowed == table.ARCHIVE_ALLOWED
    assert "each unpacking to at most 32 MB and all to at most 64 MB" in str(problem)


def test_an_archive_of_too_many_parts_is_refused(tmp_path: Path) -> None:
    book = tmp_path / "cards.xlsx"
    _workbook(book)
    with zipfile.ZipFile(book, "a") as archive:
        for number in range(MAX_PARTS):
            archive.writestr(f"xl/media/empty{number}.bin", b"")
    with pytest.raises(DataError, match=f"the archive holds {MAX_PARTS + 9} parts"):
        read_table(book)


def test_parts_that_together_unpack_to_too_much_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = tmp_path / "cards.xlsx"
    _workbook(book)
    monkeypatch.setattr(table, "MAX_UNPACKED_BYTES", 4000)
    with zipfile.ZipFile(book, "a", zipfile.ZIP_DEFLATED) as archive:
        for number in range(3):
            archive.writestr(f"xl/media/blank{number}.bin", b" " * 2000)
    with pytest.raises(DataError, match=r"its parts unpack to .* in all"):
        read_table(book)


def test_a_workbook_within_the_limits_is_read(tmp_path: Path) -> None:
    book = tmp_path / "cards.xlsx"
    _workbook(book)
    (row,) = read_table(book)
    assert isinstance(row, MapNode)
    assert [value.value for _, value in row.entries] == ["mate", "First Mate"]
