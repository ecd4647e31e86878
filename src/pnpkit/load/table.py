"""A spreadsheet of records: a CSV or XLSX file read into :mod:`pnpkit.load.nodes`, one mapping
per row, keyed by the header row, each cell at ``file:row:column`` (1-based, the header is row
1), so the field readers report a bad cell where the designer sees it.

Cells are text. A column named in ``numbers`` reads as a number when the cell is one (else it
stays text, and the field's reader says what is wrong); a column named in ``lists`` splits on
``;``. An empty cell is an absent field: in a CSV file it is written as an empty field
(``a,,c``), and a row with fewer cells than the header names is refused at its first missing
cell, naming the columns it has no cell for (a separator lost, a line broken); a workbook's
rows are as wide as its sheet (a cell left out of the file is blank). Column names are the
header's cells, stripped. Every cell, and every column name, gets the character check of a
YAML value (:mod:`pnpkit.load.characters`: no control or invisible character) at its cell; a
line break inside a cell is one line feed, as in YAML, however the file saved it (CR LF, CR).
A row with such a problem (a cell too few or too many, a character refused) is said and left
out; the other rows are read, so the loader checks their values in the same run. Each row keeps
its index (blank rows are none): a problem of a row names its record's path as the loader names
the row's other problems (``tokens[0].tokens[2].copies``), given the table's (``record``).

An XLSX workbook is read from its first sheet of cells that is not hidden (the first tab a
designer sees; a chart sheet holds no cells), or from the sheet a deck names after ``#``
(``cards: cards.xlsx#Fortune``); a cell of a named sheet is reported at
``cards.xlsx#Fortune:row:column``. :func:`sheets` lists a workbook's sheets (:class:`Sheet`:
name, whether it holds cells or a chart, whether it is hidden, whether it holds anything), so
a deck's loader can refuse a sheet that is not there and ``check`` can name a sheet no deck
reads.

A CSV file's cells are separated by commas, or by what its header line uses when it has no
comma: semicolons (what a spreadsheet program saves as "CSV" where the decimal mark is a comma)
or tabs (:func:`delimiter`). In a semicolon file a list cell is quoted (``"a; b"``), as the
program saves it, and a number may be written with a decimal comma (``1,5``); a number written
with a thousands separator (``1.000``) is refused there, since it reads as 1000 or as 1.

A workbook's merged cells read as the designer sees them: a merge down one column (a kind
written once for several cards) is that value in each of its rows; a merge across columns, or
of a column's name into the rows below, is refused at its first cell, since no single field
holds it.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load import characters
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode
from pnpkit.load.yamlnode import read_data_text, remember

TABLE_TYPES = (".csv", ".xlsx")
MAX_ROWS = 2000
"""The most rows a card table may have."""
MAX_BYTES = 4 * 1024 * 1024
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")
_DECIMAL_COMMA = re.compile(r"[+-]?\d+,\d+")
_GROUPED = re.compile(r"[+-]?\d{1,3}(?:\.\d{3})+")


def read_table(
    path: Path,
    *,
    numbers: Collection[str] = (),
    lists: Collection[str] = (),
    sheet: str = "",
    problems: list[Problem] | None = None,
    record: str = "",
) -> list[MapNode | None]:
    """The rows of ``path`` (CSV, or XLSX: its ``sheet``, else its first) as mappings, in
    order, blank rows skipped; a :class:`DataError` if unreadable. A row with a problem of its
    own (a cell too few or too many, a character no value may hold) is None, its problems
    naming its record ``record[i]`` (``i`` its index in the list; ``record`` the path of the
    table's records, ``decks[1].cards``): they join ``problems`` when given, so the other rows
    are read all the same; without ``problems`` they are raised."""
    file = f"{path}#{sheet}" if sheet else str(path)
    if path.stat().st_size > MAX_BYTES:
        raise DataError([Problem(Location(str(path)), "", "the table is larger than 4 MB")])
    separator = ","
    if path.suffix.lower() == ".xlsx":
        rows = _xlsx_rows(path, sheet, record)
    else:
        rows, separator = _csv_rows(path)
    decimal_comma = separator == ";"
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
    rows = [[_line_breaks(cell) for cell in row] for row in rows]
    header = [cell.strip() for cell in rows[0]]
    found: list[Problem] = []
    seen: set[str] = set()
    for col, name in enumerate(header, start=1):
        if name and name in seen:
            found.append(Problem(Location(file, 1, col), name, "this column is named twice"))
        seen.add(name)
        _check_characters(name, Location(file, 1, col), f"column {col}", found)
    if found:
        raise DataError(found)
    width = max((col for col, name in enumerate(header, start=1) if name), default=0)
    paths = _records(rows, record)  # each row's record, as its problems name it
    records: list[MapNode | None] = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        before = len(found)
        at = paths.get(number, "")
        if len(row) < width:
            where = Location(file, number, len(row) + 1)
            found.append(_short_row(header[:width], len(row), where, separator, at))
        entries: list[tuple[ScalarNode, Node]] = []
        for col, cell in enumerate(row, start=1):
            where = Location(file, number, col)
            name = header[col - 1] if col <= len(header) else ""
            if not cell.strip():
                continue
            if not name:
                found.append(_nameless(header[:width], cell.strip(), where, separator, at))
                continue
            field = _field(at, name)
            if _check_characters(cell.strip(), where, field, found):
                continue
            numeric = name in numbers
            if numeric and decimal_comma and _grouped(cell.strip(), where, field, found):
                continue
            key = ScalarNode(Location(file, 1, col), name, name)
            entries.append((key, _cell(cell.strip(), where, numeric, name in lists, decimal_comma)))
        # a row with a problem is said, not read (its cells may be astray), but keeps its index
        read = len(found) == before
        records.append(MapNode(Location(file, number, 1), tuple(entries)) if read else None)
    if found and problems is None:
        raise DataError(found)
    if problems is not None:
        problems.extend(found)
    remember(file, ListNode(Location(file, 2, 1), tuple(row for row in records if row is not None)))
    return records


def _field(record: str, name: str) -> str:
    """The field ``name`` of the row whose record is ``record`` (none: the name alone)."""
    return f"{record}.{name}" if record else name


def _short_row(
    header: list[str], cells: int, where: Location, separator: str, record: str
) -> Problem:
    """The problem of a row of ``cells`` cells, fewer than the ``header`` names, at ``where``
    (its first missing cell), naming every column it has no cell for: a blank cell is an
    empty field, so a row that stops early is a slip (a separator lost, a line broken). Its
    field is the first of them, of the row's ``record``."""
    missing = [name for name in header[cells:] if name]
    return Problem(
        where,
        _field(record, missing[0]),
        f"the row ends after {cells} {'cell' if cells == 1 else 'cells'}, so it has no cell "
        f"for {', '.join(missing)}",
        f"a cell for each of the header's {len(header)} columns ({', '.join(header)}); a blank "
        f"cell written as an empty field: a{separator}{separator}c",
    )


def _nameless(
    header: list[str], cell: str, where: Location, separator: str, record: str
) -> Problem:
    """The problem of a ``cell`` at ``where`` in a column the ``header`` names not: a cell past
    the last column (a separator in text that is not quoted, say), or under an empty name. No
    field holds it: its field is the row's ``record``."""
    shown = cell if len(cell) <= 40 else cell[:40] + "…"
    named = [name for name in header if name]
    quoted = f'; text that holds a {separator} in double quotes: "a{separator} b"'
    return Problem(
        where,
        record,
        f"{shown!r} in column {where.column}: this cell has no column name",
        f"a cell under one of the header's {len(named)} columns ({', '.join(named)}), or a name "
        f"for column {where.column} in row 1" + (quoted if separator in ",;" else ""),
    )


def _line_breaks(cell: str) -> str:
    """A cell's line breaks as YAML reads them, each one line feed: a CSV file saved on Windows
    holds CR LF inside a quoted cell of several lines (and old Mac files a lone CR)."""
    return cell.replace("\r\n", "\n").replace("\r", "\n") if "\r" in cell else cell


def _check_characters(text: str, where: Location, field: str, problems: list[Problem]) -> bool:
    """Whether ``text`` holds a character no value may hold (:mod:`pnpkit.load.characters`:
    a control or invisible format character, a line or paragraph separator, a lone surrogate),
    the check every YAML value gets; if so, a problem at its cell joins ``problems``."""
    found = characters.refused(text)
    if found:
        said = characters.describe_refused(text, found)
        problems.append(Problem(where, field, f"the cell holds {said}", characters.ALLOWED))
    return bool(found)


def _grouped(text: str, where: Location, field: str, problems: list[Problem]) -> bool:
    """Whether the number cell ``text`` of a semicolon file is written with a thousands
    separator (``1.000``, ``12.500``): where the decimal mark is a comma (the languages whose
    spreadsheet programs save CSV with semicolons) it is one thousand, elsewhere one, so it is
    refused at its cell rather than read either way."""
    if not _GROUPED.fullmatch(text):
        return False
    grouped = text.replace(".", "")
    problems.append(
        Problem(
            where,
            field,
            f"{text} could be {int(grouped)} or {float(text):g}: the file's cells are separated by "
            "semicolons, as where the decimal mark is a comma, and a point there groups thousands",
            f"a number with no thousands separator ({int(grouped)}), and a comma for a decimal "
            "mark (1,5)",
        )
    )
    return True


def _cell(text: str, where: Location, number: bool, listed: bool, decimal_comma: bool) -> Node:
    """A cell's node: a list, a number (``decimal_comma``: written ``1,5`` in a semicolon file,
    as a spreadsheet program of a comma-decimal language saves it), or text."""
    if listed:  # an empty item (``p;;q``, ``;``) is kept, for the field to refuse as in YAML
        items = [part.strip() for part in text.split(";")]
        return ListNode(where, tuple(ScalarNode(where, item, item) for item in items))
    written = text.replace(",", ".") if decimal_comma and _DECIMAL_COMMA.fullmatch(text) else text
    if number and _NUMBER.fullmatch(written):
        value: int | float = float(written) if "." in written else int(written)
        return ScalarNode(where, value, text)
    return ScalarNode(where, text, text)


def delimiter(text: str) -> str:
    """What separates the cells of CSV ``text``: a comma, unless its header line has none and
    has semicolons or tabs (the one of those it has more of)."""
    header = text.split("\n", 1)[0]
    if "," in header:
        return ","
    semicolons, tabs = header.count(";"), header.count("\t")
    if semicolons == tabs == 0:
        return ","
    return ";" if semicolons >= tabs else "\t"


def _csv_rows(path: Path) -> tuple[list[list[str]], str]:
    """The rows of a CSV file, and what separates its cells."""
    text = read_data_text(path)
    separator = delimiter(text)
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=separator))
    except csv.Error as exc:
        raise DataError(
            [Problem(Location(str(path)), "", f"not a readable CSV table: {exc}")]
        ) from None
    opened = _open_quote(text, separator)
    if opened is not None:  # the reader took every row after it into that one cell
        row, col = opened
        header = rows[0] if row > 1 and rows else []
        name = header[col - 1].strip() if col <= len(header) else ""
        raise DataError(
            [
                Problem(
                    Location(str(path), row, col),
                    name,
                    f"the quote that opens the cell at row {row}, column {col} is never closed, "
                    "so every row after it would be read into this cell",
                    'close it ("a, b"), or write a quote inside a quoted cell twice ("a ""b""")',
                )
            ]
        )
    return rows, separator


def _open_quote(text: str, separator: str = ",") -> tuple[int, int] | None:
    """The row and column (1-based, as the CSV reader counts them) of a quoted cell whose quote
    is never closed, if any. A quote opens a cell only as its first character (elsewhere it is
    a character of the cell); inside, two quotes are one quote and one quote closes it."""
    row, col, start = 1, 1, 0
    opened: tuple[int, int] | None = None
    skip = -1
    marks = re.compile(f'"|{re.escape(separator)}|\r\n|\r|\n')
    for mark in marks.finditer(text):
        at, char = mark.start(), mark.group()
        if at < skip:
            continue
        if opened is not None:
            if char == '"':
                if text.startswith('"', at + 1):
                    skip = at + 2  # a doubled quote: a quote in the cell
                else:
                    opened = None
            continue
        if char == '"':
            if at == start:
                opened = (row, col)
        elif char == separator:
            col, start = col + 1, at + 1
        else:
            row, col, start = row + 1, 1, mark.end()
    return opened


def _xlsx_rows(path: Path, sheet: str = "", record: str = "") -> list[list[str]]:
    """The rows of ``sheet`` (else the first sheet) as text, each formula by the value the
    spreadsheet program saved with it; a formula saved with no value (a file written by a
    script) is refused, as are cells merged across columns (:func:`_unmerge`), each naming its
    row's record (``record[i]``, :func:`_records`)."""
    file = f"{path}#{sheet}" if sheet else str(path)
    rows: list[list[str]] = []
    blank: set[tuple[int, int]] = set()  # cells written in the file with no value
    for r, row in enumerate(_xlsx_cells(path, values=True, sheet=sheet), start=1):
        rows.append([_xlsx_text(cell.value) for cell in row])
        blank.update((r, c) for c, cell in enumerate(row, start=1) if _blank(cell))
        if len(rows) > MAX_ROWS + 1:
            break
    formulas: list[tuple[int, int, str]] = []
    if blank:  # a formula with no saved value reads as no value: find the formulas
        formulas = [
            (r, c, str(cell.value))
            for r, row in enumerate(_xlsx_cells(path, values=False, sheet=sheet), start=1)
            if r <= len(rows)
            for c, cell in enumerate(row, start=1)
            if (r, c) in blank and getattr(cell, "data_type", "") == "f"
        ]
    problems = _unmerge(rows, _merged_ranges(path, sheet), file) if rows else []
    if formulas or problems:
        records = _records(rows, record)
        header = rows[0]
        problems += [
            Problem(
                Location(file, r, c),
                header[c - 1].strip() if r > 1 and c <= len(header) else "",
                f"the formula {formula[:60]} has no saved value",
                "save the file in a spreadsheet program, which saves each formula's value, "
                "or write the value itself",
            )
            for r, c, formula in formulas
        ]
        named = [  # each of a row (a header's problem has no field), as its record's
            replace(problem, field=_field(records.get(problem.where.line, ""), problem.field))
            if problem.field
            else problem
            for problem in problems
        ]
        raise DataError(sorted(named, key=lambda p: (p.where.line, p.where.column)))
    width = max(map(len, rows), default=0)
    for line in rows:  # a sheet is a grid: a cell left out of the file is a blank cell
        line.extend([""] * (width - len(line)))
    return rows


def _merged_ranges(path: Path, sheet: str) -> list[tuple[int, int, int, int]]:
    """The merged cells of ``sheet`` (else the :func:`first_sheet`), each ``(top, left, bottom,
    right)``, 1-based. A workbook read cell by cell does not say which cells are merged: only a
    whole load does (as fast for a table of cards)."""
    book = _workbook(path, whole=True)
    try:
        found = _chosen(book, path, sheet).merged_cells.ranges
        return [(r.min_row, r.min_col, r.max_row, r.max_col) for r in found]
    finally:
        book.close()


def _unmerge(
    rows: list[list[str]], merged: list[tuple[int, int, int, int]], file: str
) -> list[Problem]:
    """Each merge down one column of cards read as its value in every row it covers; a merge
    across columns, or of the header into the rows below, refused at its first cell (the
    problems returned, each naming its column)."""
    problems: list[Problem] = []
    for top, left, bottom, right in sorted(merged):
        if top > len(rows):
            continue
        if left != right or top == 1 < bottom:
            header = rows[0]
            names = [header[c - 1].strip() if c <= len(header) else "" for c in (left, right)]
            across = f"across columns {names[0] or left} to {names[1] or right}"
            problems.append(
                Problem(
                    Location(file, top, left),
                    names[0] if top > 1 else "",
                    f"cells {_cell_name(top, left)}:{_cell_name(bottom, right)} are merged "
                    f"{across if left != right else 'from the header into the rows below'}, so "
                    "no one field holds them",
                    "cells merged down one column of cards (read as the value in each row), "
                    "or unmerged cells",
                )
            )
            continue
        value = rows[top - 1][left - 1] if left <= len(rows[top - 1]) else ""
        for row in rows[top : min(bottom, len(rows))]:
            row.extend([""] * (left - len(row)))
            row[left - 1] = value
    return problems


def _records(rows: list[list[str]], record: str) -> dict[int, str]:
    """The path of each row's record (``record[i]``), by its row number (the header is row 1):
    the rows under the header that are not blank, counted from 0; none without ``record``."""
    if not record:
        return {}
    filled = (n for n, row in enumerate(rows[1:], start=2) if any(cell.strip() for cell in row))
    return {number: f"{record}[{i}]" for i, number in enumerate(filled)}


def _cell_name(row: int, col: int) -> str:
    """A cell as a spreadsheet program names it: ``B7``."""
    from openpyxl.utils import get_column_letter

    return f"{get_column_letter(col)}{row}"


def _blank(cell: object) -> bool:
    """A cell the sheet holds with no value (not one left out of the file)."""
    return type(cell).__name__ != "EmptyCell" and getattr(cell, "value", None) is None


MAX_PART_BYTES = 32 * 1024 * 1024
"""The most bytes one part of an archive (a workbook's sheet) may unpack to."""
MAX_UNPACKED_BYTES = 64 * 1024 * 1024
"""The most bytes all the parts of an archive may unpack to together."""
MAX_PARTS = 1000
"""The most parts an archive may hold."""
ARCHIVE_ALLOWED = (
    f"at most {MAX_PARTS} parts, each unpacking to at most {MAX_PART_BYTES // 2**20} MB and "
    f"all to at most {MAX_UNPACKED_BYTES // 2**20} MB"
)


def check_archive(path: Path) -> None:
    """Refuse the zip archive ``path`` (an XLSX workbook is one) before anything in it is read
    when it holds too many parts or they unpack to too much (a zip bomb: a few megabytes that
    unpack to gigabytes); its directory says how much each part unpacks to, and Python's reader
    never gives more than that. A :class:`DataError` naming the file and the limit."""
    import zipfile

    def refuse(message: str) -> DataError:
        return DataError([Problem(Location(str(path)), "", message, ARCHIVE_ALLOWED)])

    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise _unreadable(path, exc) from None
    if len(parts) > MAX_PARTS:
        raise refuse(f"the archive holds {len(parts)} parts")
    for part in parts:
        if part.file_size > MAX_PART_BYTES:
            raise refuse(
                f"its part {part.filename!r} unpacks to {_size(part.file_size)} "
                f"({_size(part.compress_size)} packed)"
            )
    total = sum(part.file_size for part in parts)
    if total > MAX_UNPACKED_BYTES:
        raise refuse(f"its parts unpack to {_size(total)} in all")


def _size(count: int) -> str:
    """``1.5 GB``, ``12.0 MB``, ``512 bytes``."""
    if count >= 2**30:
        return f"{count / 2**30:.1f} GB"
    if count >= 2**20:
        return f"{count / 2**20:.1f} MB"
    return f"{count} bytes"


def _workbook(path: Path, *, values: bool = True, whole: bool = False) -> Any:
    """The workbook, read cell by cell as it is needed, or ``whole`` (which knows its merged
    cells); ``values``: each formula's saved value, else the formula. The archive is checked
    first (:func:`check_archive`)."""
    check_archive(path)
    import openpyxl

    try:
        return openpyxl.load_workbook(path, read_only=not whole, data_only=values)
    except Exception as exc:
        raise _unreadable(path, exc) from None


def _unreadable(path: Path, exc: Exception) -> DataError:
    return DataError(
        [Problem(Location(str(path)), "", f"not a readable XLSX workbook ({type(exc).__name__})")]
    )


@dataclass(frozen=True, slots=True)
class Sheet:
    """A sheet of a workbook, as its tab shows it."""

    name: str
    cells: bool
    """A sheet of cells (a chart sheet holds none)."""
    hidden: bool
    filled: bool
    """It holds at least one value."""


def sheets(path: Path) -> list[Sheet]:
    """Every sheet of the workbook, in its order."""
    book = _workbook(path)
    try:
        cells = {sheet.title: sheet for sheet in book.worksheets}
        return [
            Sheet(
                name,
                name in cells,
                name in cells and getattr(cells[name], "sheet_state", "visible") != "visible",
                name in cells and _holds_a_value(cells[name]),
            )
            for name in book.sheetnames
        ]
    finally:
        book.close()


def first_sheet(found: list[Sheet]) -> str | None:
    """The sheet a workbook named with no ``#`` is read from: its first sheet of cells that is
    not hidden (else its first sheet of cells); None when it has no sheet of cells."""
    tables = [sheet for sheet in found if sheet.cells]
    shown = [sheet for sheet in tables if not sheet.hidden] or tables
    return shown[0].name if shown else None


def _holds_a_value(sheet: Any) -> bool:
    return any(
        cell.value is not None and str(cell.value).strip()
        for row in sheet.iter_rows()
        for cell in row
    )


def _xlsx_cells(path: Path, *, values: bool, sheet: str = "") -> Iterator[tuple[Any, ...]]:
    """The rows of cells of ``sheet`` (else the :func:`first_sheet`): ``values`` as saved, else
    the formulas."""
    book = _workbook(path, values=values)
    try:
        yield from _chosen(book, path, sheet).iter_rows()
    finally:
        book.close()


def _chosen(book: Any, path: Path, sheet: str) -> Any:
    """The worksheet ``sheet`` of ``book``, else its first sheet of cells that is not hidden."""
    if sheet:
        return book[sheet]
    tables = book.worksheets
    shown = [table for table in tables if getattr(table, "sheet_state", "") == "visible"]
    if not tables:
        raise DataError(
            [
                Problem(
                    Location(str(path)),
                    "",
                    "the workbook has no sheet of cells (only charts)",
                    "a sheet whose rows are the cards, the first row naming the columns",
                )
            ]
        )
    return (shown or tables)[0]


def _xlsx_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
