"""A designer's board: ``boards:`` in the ``game.yaml`` of a ``kit: cards`` game.

A board is a square or hex grid of ``columns`` × ``rows`` cells of ``cell_size`` (a square's
side, a hex's width across the flats), each cell filled, labelled, marked with an icon or given
a few words by a table of cells; or a picture of the game's ``assets/`` at a stated size. A
square board may carry tracks: a score track of numbered boxes round its edge, a round track
of numbered boxes below its grid. Lengths are points (the loader converts them once).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pnpkit.model.schema import (
    NOWHERE,
    Colour,
    Custom,
    Distinct,
    Length,
    Range,
    Source,
    Text,
    Where,
)
from pnpkit.units import INCH

MAX_SIDE = 40
"""The most columns (and the most rows) a board's grid may have."""
MAX_EXTENT = 40 * INCH
"""The widest and tallest a board may print, tracks included (40 in: about 36 Letter sheets)."""
MIN_CELL = 0.5 * INCH
MAX_CELL = 3.0 * INCH
"""A cell's size, from 0.5 in to 3 in (a cell always fits one sheet)."""
MIN_PICTURE = 1.0 * INCH
"""The smallest side of a picture board."""
TRACK_NUMBER = 9999
"""The largest number on a track (and the smallest its negative)."""
CELL_LABEL = 12
CELL_TEXT = 40
KEY = r"[a-z][a-z0-9-]*"
ICON = Custom("an emblem or an icon of assets/icons/ (games/cardgame/board/load.py)")
PICTURE = Custom("an image of the game's assets/ folder (load.assets.asset)")
CELLS = Custom("a list of cells, or a .csv/.xlsx file of the game folder (board/load.py)")
ON_GRID = "a whole number from 1 to the board's {key}s"
"""What a cell's column or row may be, before the board's size is known."""
DEFAULT_FILL = "#f6f1e4"
"""The colour of a cell the data gives no fill."""


@dataclass(frozen=True, slots=True)
class BoardCell:
    """One cell of a board's grid, as the data writes it (a YAML mapping or a table's row)."""

    column: Annotated[int, Range(allowed=ON_GRID.format(key="column"))]
    """From 1 at the left (held to the board's grid by its loader, where the board's own
    columns are known)."""
    row: Annotated[int, Range(allowed=ON_GRID.format(key="row"))]
    """From 1 at the top."""
    fill: Colour = ""
    """The cell's colour, if not the board's ``fill``."""
    label: Annotated[str, Text(min_len=0, max_len=CELL_LABEL)] = ""
    """The cell's name, printed in its corner: no two cells of a board share one."""
    icon: Annotated[str, ICON] = ""
    """An emblem (:data:`pnpkit.model.vocabulary.EMBLEMS`) or an SVG of ``assets/icons/``."""
    text: Annotated[str, Text(min_len=0, max_len=CELL_TEXT)] = ""
    """A few words printed across the cell (cells may share them)."""
    source: Source = ""
    where: Where = field(default=NOWHERE, compare=False)
    """Where each of its values is written (a table's cell), for what its words' drawing finds."""


@dataclass(frozen=True, slots=True)
class Track:
    """A row of numbered boxes, each a cell of the board's grid: ``score`` runs clockwise
    round the board's edge from its top-left corner, ``round`` below the grid, left to right."""

    kind: Literal["score", "round"]
    first: Annotated[int, Range(-TRACK_NUMBER, TRACK_NUMBER)] = 1
    last: Annotated[int, Range(-TRACK_NUMBER, TRACK_NUMBER)] = 10
    label: Annotated[str, Text(min_len=0, max_len=16)] = ""
    """A word printed in every box above its number (``Round``), or nothing."""
    fill: Colour = "#fff4d6"
    source: Source = ""


@dataclass(frozen=True, slots=True)
class Board:
    """A board of the game, printed 1:1 and tiled over sheets as ``<key>-board.pdf``."""

    key: Annotated[str, Text(max_len=40, pattern=KEY), Distinct()]
    title: Annotated[str, Text(max_len=60)]
    grid: Literal["square", "hex"] = "square"
    """Square cells, or pointy-top hexes in rows, every other row shifted half a hex right."""
    columns: Annotated[int, Range(1, MAX_SIDE)] = 0
    rows: Annotated[int, Range(1, MAX_SIDE)] = 0
    cell_size: Annotated[float, Length(MIN_CELL, MAX_CELL)] = 1.25 * INCH
    """A square's side, or a hex's width across the flats (points)."""
    fill: Colour = DEFAULT_FILL
    """The colour of a cell that gives none."""
    cells: Annotated[tuple[BoardCell, ...], CELLS] = ()
    """Written in the board, or a ``.csv``/``.xlsx`` file (``cells: board.csv``)."""
    tracks: tuple[Track, ...] = ()
    """At most one of each kind, on a square board."""
    picture: Annotated[str, PICTURE] = ""
    """Instead of a grid: an image of ``assets/``, printed ``width`` × ``height``."""
    width: Annotated[float, Length(MIN_PICTURE, MAX_EXTENT)] = 0.0
    height: Annotated[float, Length(MIN_PICTURE, MAX_EXTENT)] = 0.0
    source: Source = ""


SQRT3 = math.sqrt(3.0)


def track(board: Board, kind: str) -> Track | None:
    """The board's track of ``kind`` (``score``, ``round``), if it has one."""
    return next((t for t in board.tracks if t.kind == kind), None)


def boxes(track: Track) -> int:
    """How many numbered boxes ``track`` has."""
    return max(0, track.last - track.first + 1)


def ring(board: Board) -> int:
    """1 when a score track runs round the board's edge (a ring of boxes), else 0."""
    return 1 if track(board, "score") is not None else 0


def round_rows(board: Board) -> int:
    """The rows of boxes of the round track below the grid (``columns`` to a row)."""
    rounds = track(board, "round")
    if rounds is None or board.columns < 1:
        return 0
    return math.ceil(boxes(rounds) / board.columns)


def span(board: Board) -> tuple[int, int]:
    """A square board's width and height in cells: the grid, the round track's rows below it,
    the ring of the score track round them."""
    edge = 2 * ring(board)
    return board.columns + edge, board.rows + round_rows(board) + edge


def ring_boxes(board: Board) -> int:
    """How many boxes the ring round a square board holds (its corners included)."""
    wide, high = span(board)
    return 2 * (wide + high) - 4


def extent(board: Board) -> tuple[float, float]:
    """The width and height the board prints, points."""
    if board.picture:
        return board.width, board.height
    size = board.cell_size
    if board.grid == "hex":
        radius = size / SQRT3
        shift = 0.5 if board.rows > 1 else 0.0
        return (board.columns + shift) * size, radius * (2 + 1.5 * (board.rows - 1))
    wide, high = span(board)
    return wide * size, high * size
