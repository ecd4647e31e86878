"""``boards:`` of a ``kit: cards`` game → :class:`~.model.Board` values, every problem at its
``file:line:col`` (a table's cell at ``file:row:column``).

The reader reads each board and cell from the models' annotations; what stays here is what
depends on the whole board: a cell off its grid, a cell given twice, a label two cells share
(a label names one cell), a picture board written with a grid (or a grid board with a
picture's size), tracks a hex or picture board cannot carry, a score track longer than the
board's edge, and a board larger than :data:`~.model.MAX_EXTENT`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from pathlib import Path

from pnpkit.games.cardgame.board.model import (
    MAX_EXTENT,
    MAX_SIDE,
    Board,
    BoardCell,
    extent,
    ring_boxes,
)
from pnpkit.load.assets import asset
from pnpkit.load.fields import Kind, entries, in_unit
from pnpkit.load.nodes import ListNode, MapNode, Node, ScalarNode, describe
from pnpkit.load.schema import Reader

TableRows = Callable[..., Sequence[Node | None]]
"""How a table of the game folder is read (:func:`pnpkit.games.cardgame.load.table_rows`)."""
MAX_BOARDS = 8
"""The most boards a game may have."""
KEY = "boards"
NUMBERS: Collection[str] = ("column", "row")
GRID_KEYS = ("grid", "columns", "rows", "cell_size", "cells", "tracks", "fill")
PICTURE_KEYS = ("width", "height")


def read_boards(
    reader: Reader,
    node: Node | None,
    game_dir: Path,
    table_rows: TableRows,
    icon: Kind[str],
    paths: dict[int, str],
) -> tuple[Board, ...]:
    """The boards written at ``node`` (the game's ``boards:``; None: none), a cell's icon read
    by ``icon`` (as a card's is); every problem goes to ``reader``, each board's and cell's
    field path (``boards[0].cells[2]``) to ``paths``. A board that does not hold together is
    left out; of one that does, a cell a problem is in (off the grid, given twice, a label
    another has, a value refused) is left out and the others kept, so that their words are
    laid out in the same run."""
    if node is None:
        return ()
    if not isinstance(node, ListNode):
        reader.problems.add(node.where, KEY, f"expected a list of boards, found {describe(node)}")
        return ()
    if len(node.items) > MAX_BOARDS:
        reader.problems.add(
            node.where, KEY, f"has {entries(len(node.items))}", f"at most {MAX_BOARDS}"
        )
        return ()
    boards_reader = Reader(icon=icon, picture=asset(game_dir))
    boards: list[Board] = []
    records: list[Board] = []  # as the reader placed them, for messages
    for index, item in enumerate(node.items):
        path = f"{KEY}[{index}]"
        board = boards_reader.read(Board, item, path)
        cells = _cells(boards_reader, item, path, game_dir, table_rows)
        if board is None:
            continue
        records.append(board)
        kept = _whole(boards_reader, board, cells, item)  # board: the record the reader placed
        if kept is not None:
            boards.append(replace(board, cells=kept))
            paths[id(boards[-1])] = path
            paths.update((id(cell), boards_reader.path(cell)) for cell in kept)
    boards_reader.distinct(Board, records)
    reader.problems.extend(boards_reader.problems.items)
    return tuple(boards)


def _cells(
    reader: Reader, item: Node, path: str, game_dir: Path, table_rows: TableRows
) -> tuple[BoardCell, ...]:
    """The cells of the board written at ``item``: a list, or a table of the game folder."""
    written = item.get("cells") if isinstance(item, MapNode) else None
    here = f"{path}.cells"
    if written is None:
        return ()
    rows: Sequence[Node | None]  # a table's row left out for a problem is None, keeping its index
    if isinstance(written, ScalarNode) and isinstance(written.value, str):
        rows = table_rows(reader, written, here, game_dir, numbers=NUMBERS, what="cells")
    elif isinstance(written, ListNode):
        rows = list(written.items)
    else:
        reader.problems.add(
            written.where,
            here,
            f"expected a list of cells or a table's name, found {describe(written)}",
            "a list of {column, row, fill, label, icon, text}, or e.g. board.csv",
        )
        return ()
    read = (
        reader.read(BoardCell, row, f"{here}[{i}]") for i, row in enumerate(rows) if row is not None
    )
    return tuple(cell for cell in read if cell is not None)


def _whole(
    reader: Reader, board: Board, cells: tuple[BoardCell, ...], item: Node
) -> tuple[BoardCell, ...] | None:
    """The ``cells`` of ``board`` that hold together with it (each on its grid, given once, its
    label its own), or None when the board itself does not (each problem goes to ``reader``)."""
    count = len(reader.problems)
    keys = set(item.keys()) if isinstance(item, MapNode) else set()
    if "picture" in keys:
        for key in sorted(keys & set(GRID_KEYS)):
            reader.add(board, key, "a picture board has no grid", "picture, width and height")
        for key in PICTURE_KEYS:
            if key not in keys:
                reader.add(board, "picture", f"a picture board needs its {key}", "e.g. 20in")
        return cells if len(reader.problems) == count else None
    for key in ("columns", "rows"):
        if key not in keys:
            reader.add(board, "", f"a board needs its {key} (or a picture)", f"1 to {MAX_SIDE}")
    for key in sorted(keys & set(PICTURE_KEYS)):
        reader.add(board, key, "only a picture board has a width and height", "picture: map.png")
    if len(reader.problems) > count:
        return None
    kept = _cells_on_grid(reader, board, cells)
    count = len(reader.problems)  # the cells' problems leave the board whole
    _tracks(reader, board)
    if len(reader.problems) > count:
        return None
    wide, high = extent(board)
    if max(wide, high) > MAX_EXTENT + 1e-6:
        reader.add(
            board,
            "cell_size",
            f"the board would print {in_unit(wide, 'in')} × {in_unit(high, 'in')}, larger "
            f"than {in_unit(MAX_EXTENT, 'in')} a side",
            f"fewer cells, or cells small enough that the board is at most "
            f"{in_unit(MAX_EXTENT, 'in')} a side",
        )
    return kept if len(reader.problems) == count else None


def _cells_on_grid(
    reader: Reader, board: Board, cells: tuple[BoardCell, ...]
) -> tuple[BoardCell, ...]:
    """Every cell on the grid, given once; no two cells share a label. The cells with none of
    these problems."""
    seen: dict[tuple[int, int], BoardCell] = {}
    labels: dict[str, BoardCell] = {}
    kept: list[BoardCell] = []
    for cell in cells:
        count = len(reader.problems)
        off = False
        for key, value, most in (
            ("column", cell.column, board.columns),
            ("row", cell.row, board.rows),
        ):
            if not 1 <= value <= most:
                off = True
                counted = f"the board has {most} {key}s" if value > most else f"{key}s count from 1"
                reader.add(cell, key, f"{value} is off the grid: {counted}", f"1 to {most}")
        if off:
            continue
        first = seen.setdefault((cell.column, cell.row), cell)
        if first is not cell:
            reader.add(
                cell,
                "",
                f"column {cell.column}, row {cell.row} is given twice (first at "
                f"{reader.at(first)})",
                "one entry for each cell: put its fill, label, icon and text together",
            )
        if cell.label:
            named = labels.setdefault(cell.label, cell)
            if named is not cell:
                reader.add(
                    cell,
                    "label",
                    f"{cell.label!r} labels two cells (column {named.column}, row {named.row} "
                    f"at {reader.at(named, 'label')})",
                    "a label no other cell of the board has (a label names one cell; "
                    "words cells share go in text)",
                )
        if len(reader.problems) == count:
            kept.append(cell)
    return tuple(kept)


def _tracks(reader: Reader, board: Board) -> None:
    """At most one track of each kind, on a square board, numbered upward, a score track no
    longer than the board's edge."""
    kinds: set[str] = set()
    for track in board.tracks:
        if board.grid == "hex":
            reader.add(track, "kind", "a hex board carries no track", "tracks on a square board")
            continue
        if track.kind in kinds:
            reader.add(track, "kind", f"the board has a {track.kind} track already", "one of each")
        kinds.add(track.kind)
        if track.last < track.first:
            reader.add(
                track,
                "last",
                f"{track.last} is below first ({track.first})",
                f"a number from {track.first} up",
            )
    score = next((t for t in board.tracks if t.kind == "score"), None)
    if score is not None and board.grid == "square" and score.last >= score.first:
        boxes = ring_boxes(board)
        count = score.last - score.first + 1
        if count > boxes:
            reader.add(
                score,
                "last",
                f"a score track from {score.first} to {score.last} needs {count} boxes; the "
                f"edge of a {board.columns} × {board.rows} board holds {boxes}",
                f"a last of at most {score.first + boxes - 1}, or more columns and rows",
            )
