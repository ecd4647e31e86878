"""A spreadsheet of records: a CSV or XLSX file read into :mod:`pnpkit.load.nodes`, one mapping
per row, keyed by the header row, each cell at ``file:row:column`` (1-based, the header is row
1), so the field readers report a bad cell where the designer sees it.

Cells are text. A column named in ``numbers`` reads as a number when the cell is one (else it
stays text, and the field's reader says what is wrong); a column named in ``lists`` splits on
``;``. An empty cell is an absent field. Column names are the header's cells, stripped.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Collection
from pathlib import Path

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode
from pnpkit.load.yamlnode import read_data_text, remember

TABLE_TYPES = (".csv", ".xlsx")
MAX_ROWS = 2000
"""The most rows a card table may have."""
MAX_BYTES = 4 * 1024 * 1024
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


def read_table(
    path: Path,
    *,
    numbers: Collection[str] = (),
    lists: Collection[str] = (),
) -> ListNode:
    """The rows of ``path`` (CSV or XLSX) as mappings; a :class:`DataError` if unreadable."""
    file = str(path)
    if path.stat().st_size > MAX_BYTES:
        raise DataError([Problem(Location(file), "", "the table is larger than 4 MB")])
    rows = _xlsx_rows(path) if path.suffix.lower() == ".xlsx" else _csv_rows(path)
    if not rows:
        raise DataError([Problem(Location(file), "", "the table is empty; it needs a header row")])
    if len(rows) > MAX_ROWS + 1:
        raise DataError(
            [
                Problem(
                    Location(file), "", f"the table has {len(rows) - 1} rows", f"at most {MAX_ROWS}"
                )
            ]
        )
    header = [cell.strip() for cell in rows[0]]
    problems: list[Problem] = []
    seen: set[str] = set()
    for col, name in enumerate(header, start=1):
        if name and name in seen:
            problems.append(Problem(Location(file, 1, col), name, "this column is named twice"))
        seen.add(name)
    if problems:
        raise DataError(problems)
    records: list[Node] = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        entries: list[tuple[ScalarNode, Node]] = []
        for col, cell in enumerate(row, start=1):
            where = Location(file, number, col)
            name = header[col - 1] if col <= len(header) else ""
            if not cell.strip():
                continue
            if not name:
                problems.append(Problem(where, f"column {col}", "this cell has no column name"))
                continue
            key = ScalarNode(Location(file, 1, col), name, name)
            entries.append((key, _cell(cell.strip(), where, name in numbers, name in lists)))
        records.append(MapNode(Location(file, number, 1), tuple(entries)))
    if problems:
        raise DataError(problems)
    table = ListNode(Location(file, 2, 1), tuple(records))
    remember(file, table)
    return table


def _cell(text: str, where: Location, number: bool, listed: bool) -> Node:
    if listed:
        items = [part.strip() for part in text.split(";") if part.strip()]
        return ListNode(where, tuple(ScalarNode(where, item, item) for item in items))
    if number and _NUMBER.fullmatch(text):
        value: int | float = float(text) if "." in text else int(text)
        return ScalarNode(where, value, text)
    return ScalarNode(where, text, text)


def _csv_rows(path: Path) -> list[list[str]]:
    text = read_data_text(path)
    try:
        return list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise DataError(
            [Problem(Location(str(path)), "", f"not a readable CSV table: {exc}")]
        ) from None


def _xlsx_rows(path: Path) -> list[list[str]]:
    import openpyxl

    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:
        raise DataError(
            [
                Problem(
                    Location(str(path)), "", f"not a readable XLSX workbook ({type(exc).__name__})"
                )
            ]
        ) from None
    try:
        sheet = book.worksheets[0]
        rows: list[list[str]] = []
        for row in sheet.iter_rows(values_only=True):
            rows.append([_xlsx_text(value) for value in row])
            if len(rows) > MAX_ROWS + 1:
                break
        return rows
    finally:
        book.close()


def _xlsx_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
