"""A board at 1:1 as a display list (:mod:`pnpkit.render.vector`): its cells' fills, grid,
labels, icons and words, its tracks' numbered boxes, or its picture; tiled over sheets by
:func:`pnpkit.layout.tiling.tile`, so nothing here knows paper.

Square boards promise their cell size both ways, hex boards across x (the vertical sides of the
odd rows, counted from 1, are drawn in the grid colour, one cell apart), so ``verify`` measures
the printed pitch (:class:`~pnpkit.render.drawable.GridPromise`). A hex board is
:class:`~pnpkit.render.drawable.Celled`: every sheet shows whole hexes.

Every word is fitted to its room when the kit is planned (:func:`board_words`, which ``check``
runs too): smaller down to 6 pt, else refused at its place in the data.
"""

from __future__ import annotations

import hashlib
import math
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any, Literal

from PIL import Image

from pnpkit.errors import BuildError, DataError, Problem
from pnpkit.games.cardgame.board.model import (
    MAX_CELL,
    SQRT3,
    Board,
    BoardCell,
    boxes,
    extent,
    ring,
    span,
    track,
)
from pnpkit.layout.paper import Paper
from pnpkit.layout.tiling import tile
from pnpkit.load.assets import find_asset
from pnpkit.load.fields import in_unit
from pnpkit.load.markup import game_icons
from pnpkit.render import fonts
from pnpkit.render.colour import hex_rgb, ink_for
from pnpkit.render.drawable import GRID_COLOR, GridPromise
from pnpkit.render.emblems import emblem_svg
from pnpkit.render.faces.decks import Gathered
from pnpkit.render.faces.markup_lines import icon_group
from pnpkit.render.legible import TOLERANCE
from pnpkit.render.raster_art import orientation
from pnpkit.render.svg.rules import art_box, art_problems, icon_text_problems
from pnpkit.render.textbox import ASCENT, LEADING, FittedLines, fit_line, fit_lines
from pnpkit.render.typeset import location_of
from pnpkit.render.vector import Anchor, FontNames, Item, Picture, Point, Shape, Svg, Words, paint
from pnpkit.units import INCH
from pnpkit.verify.promises import MIN_TEXT_SIZE

Numbered = tuple[FittedLines, FittedLines | None] | None
"""A track's box: its number and label, fitted; None: a box of the ring past the last number."""
GRID_INK = "#{:02x}{:02x}{:02x}".format(*(round(255 * part) for part in GRID_COLOR))
"""The grid colour: only the lines whose spacing is promised are stroked in it."""
GRID_OTHER = "#3a5878"
"""A hex board's other sides (slanted, and the shifted rows' vertical ones)."""
EDGE_INK = "#1f2a36"
BLACK, WHITE = "#000000", "#ffffff"
FONTS = FontNames(fonts.REGULAR, fonts.BOLD, fonts.ITALIC)
LABEL_SIZE = 7.0
"""Points: a cell's label at most."""
CELL_STEP = 0.05 * INCH
"""The steps a cell_size that fits a cell's words is looked for in."""
HEX_CORNERS = tuple(
    (math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30))) for i in range(6)
)
"""A pointy-top hex's corners on a unit circle, y down, clockwise from the upper right."""


@dataclass(frozen=True, slots=True)
class CellWords:
    """A cell's label and text, each fitted to its room (None: the cell has none)."""

    label: FittedLines | None
    text: FittedLines | None


@dataclass(frozen=True, slots=True)
class BoardWords:
    """Every word of a board, fitted: each cell's, and each track's label and numbers."""

    cells: tuple[tuple[tuple[int, int], CellWords], ...]
    tracks: tuple[tuple[str, FittedLines | None, tuple[FittedLines, ...]], ...]


LABEL_ROW = LABEL_SIZE + 3.0
"""The height of a cell's label line, its gap below included."""
GAP = 2.0
"""Between a cell's icon and its text."""


def band(board: Board) -> tuple[float, float]:
    """Where a cell's words and icon go, from the top of its box (y down): a square's side but
    2 pt, the middle 1.4 radii of a hex (as wide as 0.6 of the hex there)."""
    s = board.cell_size
    if board.grid == "hex":
        radius = s / SQRT3
        return radius - 0.7 * radius, 1.4 * radius
    return 2.0, s - 4.0


def text_room(board: Board, icon: bool, label: bool) -> tuple[float, float]:
    """The width and height a cell's text may take: what its label and icon leave of
    :func:`band` (so the three never overlap)."""
    s = board.cell_size
    wide = 0.6 * s if board.grid == "hex" else s - 8
    high = (
        band(board)[1] - (LABEL_ROW if label else 0.0) - (icon_side(board) + GAP if icon else 0.0)
    )
    return wide, high


def label_room(board: Board) -> float:
    """The width of a cell's label: a square's side but 6 pt, the width of a hex at its line."""
    return (0.56 if board.grid == "hex" else 1.0) * board.cell_size - 6


def board_words(board: Board) -> BoardWords:
    """Every word of ``board`` fitted; a DataError lists each that does not fit at 6 pt, at
    its place in the data."""
    gathered = Gathered()
    s = board.cell_size

    def fit(function: Any, *args: Any, what: str, where: str) -> Any:
        return gathered(partial(function, *args, what=what, where=where), None)

    cells = []
    for cell in board.cells:
        label = gathered(partial(_cell_words, board, cell, "label"), None) if cell.label else None
        text = gathered(partial(_cell_words, board, cell, "text"), None) if cell.text else None
        cells.append(((cell.column, cell.row), CellWords(label, text)))
    tracks = []
    for kept in board.tracks:
        label = None
        if kept.label:
            label = fit(
                fit_line, kept.label, s - 6, 6.5, fonts.REGULAR, what="label", where=kept.source
            )
        numbers = tuple(
            fit(
                fit_line,
                str(n),
                s - 6,
                min(18.0, 0.3 * s),
                fonts.BOLD,
                what="last",
                where=kept.source,
            )
            for n in range(kept.first, kept.last + 1)
        )
        tracks.append((kept.kind, label, numbers))
    if gathered.problems:
        raise DataError(list(dict.fromkeys(gathered.problems)))
    return BoardWords(tuple(cells), tuple(tracks))


def _text_size(board: Board) -> float:
    """The size a cell's text is set at, shrunk to fit: 0.15 of the cell, 6 to 11 pt."""
    return min(11.0, max(MIN_TEXT_SIZE, 0.15 * board.cell_size))


def _fitted(board: Board, cell: BoardCell, key: str, words: str) -> FittedLines:
    """``words`` as the cell's ``label`` (one line) or ``text`` (lines in what its label and
    icon leave) fitted on ``board``; a DataError when they do not fit at 6 pt."""
    if key == "label":
        room = label_room(board)
        return fit_line(words, room, LABEL_SIZE, fonts.SEMIBOLD, what=key, where=cell.source)
    wide, high = text_room(board, bool(cell.icon), bool(cell.label))
    return fit_lines(
        words, wide, high, _text_size(board), fonts.SEMIBOLD, what=key, where=cell.source
    )


def _fits(board: Board, cell: BoardCell, key: str, words: str) -> bool:
    try:
        _fitted(board, cell, key, words)
    except DataError:
        return False
    return True


def _least_cell(board: Board, cell: BoardCell, key: str, words: str) -> float | None:
    """The least ``cell_size`` (a :data:`CELL_STEP` step above the board's, or the largest a
    cell may be) at which ``words`` fit the cell, or None: bisected, a larger cell holding
    more."""
    steps = int((MAX_CELL - board.cell_size) / CELL_STEP + 1e-9)
    sizes = [board.cell_size + n * CELL_STEP for n in range(1, steps + 1)]
    sizes += [MAX_CELL] if not sizes or sizes[-1] < MAX_CELL - 1e-9 else []
    low, high = 0, len(sizes)  # sizes[high:] fit (none known yet)
    while low < high:
        middle = (low + high) // 2
        fits = _fits(replace(board, cell_size=sizes[middle]), cell, key, words)
        low, high = (low, middle) if fits else (middle + 1, high)
    return sizes[low] if low < len(sizes) else None


def _cell_words(board: Board, cell: BoardCell, key: str) -> FittedLines:
    """The cell's ``label`` or ``text`` fitted; one that does not fit is a DataError at its own
    cell of the data, with what would fit: the start of it that fits, and the least
    ``cell_size`` at which all of it does."""
    words = str(getattr(cell, key))
    try:
        return _fitted(board, cell, key, words)
    except DataError as exc:
        (said,) = exc.problems
    low, high = 0, len(words)  # the longest start that fits (a shorter start fits sooner)
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if _fits(board, cell, key, words[:middle]) else (low, middle - 1)
    start = words[:low]
    if low < len(words) and not words[low].isspace() and " " in start:  # whole words
        start = start.rsplit(" ", 1)[0]
    start = start.rstrip()
    allowed = []
    if start:
        allowed.append(
            f"shorter {key}: at {MIN_TEXT_SIZE:g} pt its first {len(start)} characters fit "
            f"({start!r})"
        )
    larger = _least_cell(board, cell, key, words)
    if larger is not None:
        allowed.append(f"a cell_size of at least {in_unit(larger, 'in')} for all of it")
    if not allowed:
        allowed.append(f"{key} that fits the cell at {MIN_TEXT_SIZE:g} pt")
    where = cell.where.of(key)
    raise DataError(
        [
            Problem(
                where if where.file else said.where,
                cell.where.field(key) or key,
                said.message,
                "; or ".join(allowed),
            )
        ]
    )


def board_problems(boards: tuple[Board, ...], folder: str, paper: Paper) -> list[Problem]:
    """Every problem of every board's picture (:func:`board_drawing`), and every board the
    tiler cannot split over ``paper`` (what ``check`` reports, so what passes it builds)."""
    problems: list[Problem] = []
    for board in boards:
        try:
            tile(board_drawing(board, folder, board.title), paper, title=board.title)
        except DataError as exc:
            problems.extend(exc.problems)
        except BuildError as exc:
            problems.append(Problem(location_of(board.source), "", str(exc)))
    return problems


def board_drawing(board: Board, folder: str, title: str) -> BoardDrawing:
    """``board`` drawn 1:1 (its art from ``folder``'s ``assets/``), what the kit tiles and the
    exports draw whole; a DataError lists every problem, each at its place: a picture its
    size would stretch, an icon that cannot print, every word that does not fit at 6 pt."""
    problems: list[Problem] = []
    if board.picture:
        problems.extend(_stretched(board, find_asset(Path(folder), board.picture)))
    problems.extend(_icon_problems(board, folder))
    try:
        words = board_words(board)
    except DataError as exc:
        problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
    return BoardDrawing(board, words, folder, title)


def _icon_problems(board: Board, folder: str) -> list[Problem]:
    """What keeps an icon of the game's ``assets/icons/`` that a cell shows from printing: art
    a face could not draw either, or words in it under 6 pt at the size the cell shows it."""
    icons = game_icons(Path(folder)) if folder else {}
    problems: list[Problem] = []
    for cell in board.cells:
        path = icons.get(cell.icon)
        if path is None:
            continue
        what = f"the icon :{cell.icon}: (assets/icons/{path.name})"
        found = [
            *art_problems(path.read_bytes(), what),
            *icon_text_problems(
                str(path), _digest(path), cell.icon, icon_side(board), inline=False
            ),
        ]
        where = location_of(cell.source)
        problems.extend(Problem(where, "icon", message, allowed) for message, allowed in found)
    return problems


def icon_side(board: Board) -> float:
    """The side of the square a cell's icon is drawn in."""
    return (0.38 if board.grid == "hex" else 0.4) * board.cell_size


STRETCH = 0.02
"""How far a picture board's width:height may differ from its picture's (2 %)."""


def proportions(path: Path) -> tuple[float, float] | None:
    """The width and height of the picture ``path`` as a viewer shows it (pixels, or an SVG's
    points), None when it has no size to read."""
    if path.suffix.lower() == ".svg":
        box = art_box(ElementTree.parse(path).getroot())
        return None if box is None else (box.width, box.height)
    with Image.open(path) as image:
        wide, high = image.size
        return (high, wide) if orientation(image) in (5, 6, 7, 8) else (wide, high)


def _stretched(board: Board, path: Path) -> list[Problem]:
    """A picture board whose width and height would stretch its picture: refused with the
    height (and the width) that keep the picture's proportions."""
    found = proportions(path)
    if found is None or min(found) <= 0:
        return []
    wide, high = found
    if abs((board.width / board.height) / (wide / high) - 1) <= STRETCH:
        return []
    unit = "pt" if path.suffix.lower() == ".svg" else "px"
    height = in_unit(board.width * high / wide, "in")
    width = in_unit(board.height * wide / high, "in")
    return [
        Problem(
            location_of(board.source),
            "height",
            f"{in_unit(board.width, 'in')} × {in_unit(board.height, 'in')} would stretch "
            f"{board.picture} ({wide:g} × {high:g} {unit}) out of its proportions",
            f"a height of {height} for that width, or a width of {width} for that height",
        )
    ]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class BoardDrawing:
    """One board drawn 1:1 (a :class:`~pnpkit.render.drawable.Tileable`; a hex board is
    :class:`~pnpkit.render.drawable.Celled` too)."""

    board: Board
    words: BoardWords
    folder: str
    """The game's data folder: its ``assets/`` (the picture, the icons)."""
    title: str = ""
    min_words: float = 0.0
    """Words set smaller than this are left out (:meth:`at_scale`)."""
    _items: list[tuple[Item, ...]] = field(default_factory=list, compare=False, repr=False)

    def __fingerprint__(self) -> tuple[object, ...]:
        """What the picture is drawn from (:mod:`pnpkit.build.fingerprint`)."""
        art = []
        if self.board.picture:
            art.append(_digest(find_asset(Path(self.folder), self.board.picture)))
        for name, path in sorted(game_icons(Path(self.folder)).items()):
            if any(cell.icon == name for cell in self.board.cells):
                art.append(_digest(path))
        return (self.board, self.words, self.title, self.min_words, tuple(art))

    @property
    def width(self) -> float:
        return extent(self.board)[0]

    @property
    def height(self) -> float:
        return extent(self.board)[1]

    @property
    def cuts_x(self) -> tuple[float, ...]:
        """Square: every cell boundary; hex: every half cell; a picture: anywhere."""
        s, board = self.board.cell_size, self.board
        if board.picture:
            return ()
        if board.grid == "hex":
            return tuple(i * s / 2 for i in range(round(2 * self.width / s) + 1))
        return tuple(i * s for i in range(span(board)[0] + 1))

    @property
    def cuts_y(self) -> tuple[float, ...]:
        """Square: every cell boundary; hex: between rows (y up); a picture: anywhere."""
        s, board = self.board.cell_size, self.board
        if board.picture:
            return ()
        if board.grid == "hex":
            radius = s / SQRT3
            inner = (
                self.height - (1.75 * radius + 1.5 * radius * i) for i in range(board.rows - 1)
            )
            return (0.0, *sorted(inner), self.height)
        return tuple(i * s for i in range(span(board)[1] + 1))

    @property
    def cell_outlines(self) -> tuple[tuple[Point, ...], ...] | None:
        """A hex board's every hex (item coordinates, y up): the tiler keeps each whole. None
        on a square or picture board (the tiler reads None as no cells: its cuts keep the
        squares whole)."""
        if self.board.grid != "hex" or self.board.picture:
            return None
        return tuple(
            tuple((x, self.height - y) for x, y in self._hex(column, row))
            for row in range(1, self.board.rows + 1)
            for column in range(1, self.board.columns + 1)
        )

    @property
    def text_boxes(self) -> tuple[tuple[float, float, float, float], ...]:
        """What marks laid over the board (an assembly page's sheet numbers,
        :class:`~pnpkit.render.drawable.Labelled`) keep clear of, boxes in item coordinates
        (y up): every cell that prints a label, an icon or words, and every box of a track;
        the whole board for a picture board (it prints everywhere)."""
        board, high = self.board, self.height
        if board.picture:
            return ((0.0, 0.0, self.width, high),)
        printed = [c for c in board.cells if c.label or c.icon or c.text]
        if board.grid == "hex":
            outlines = [self._hex(c.column, c.row) for c in printed]
        else:
            edge = ring(board)
            places = [(c.column - 1 + edge, c.row - 1 + edge) for c in printed]
            places += [at for at, _, _ in self._tracks(edge)]
            outlines = [self._box(x, y) for x, y in places]
        return tuple(
            (
                min(x for x, _ in corners),
                high - max(y for _, y in corners),
                max(x for x, _ in corners),
                high - min(y for _, y in corners),
            )
            for corners in outlines
        )

    @property
    def grid(self) -> GridPromise | None:
        if self.board.picture:
            return None
        axis: Literal["x", "both"] = "x" if self.board.grid == "hex" else "both"
        return GridPromise(self.board.cell_size, GRID_COLOR, axis)

    def at_scale(self, scale: float) -> BoardDrawing:
        """The board printed at ``scale`` (its assembly page): words under 6 pt left out."""
        return BoardDrawing(
            self.board, self.words, self.folder, self.title, MIN_TEXT_SIZE / scale - TOLERANCE
        )

    def draw(self, canvas: Any) -> None:
        fonts.register()
        paint(canvas, self.items(), self.height, FONTS)

    # -- the picture ------------------------------------------------------------------------

    def items(self) -> tuple[Item, ...]:
        if not self._items:
            self._items.append(
                tuple(
                    item
                    for item in self._compute()
                    if not (isinstance(item, Words) and item.size < self.min_words)
                )
            )
        return self._items[0]

    def _compute(self) -> list[Item]:
        board = self.board
        if board.picture:
            path = find_asset(Path(self.folder), board.picture)
            return [Picture(str(path), _digest(path), (0.0, 0.0), self.width, self.height, "fill")]
        if board.grid == "hex":
            return self._hex_board()
        return self._square_board()

    # square ---------------------------------------------------------------------------------

    def _box(self, x: int, y: int) -> tuple[Point, ...]:
        """The corners of the box ``x`` cells from the left, ``y`` from the top (0-based)."""
        s = self.board.cell_size
        return (
            (x * s, y * s),
            ((x + 1) * s, y * s),
            ((x + 1) * s, (y + 1) * s),
            (x * s, (y + 1) * s),
        )

    def _square_board(self) -> list[Item]:
        board, s = self.board, self.board.cell_size
        edge = ring(board)
        given = {(c.column, c.row): c for c in board.cells}
        words = dict(self.words.cells)
        boxes_: list[tuple[int, int]] = []
        items: list[Item] = []
        marks: list[Item] = []
        for row in range(1, board.rows + 1):
            for column in range(1, board.columns + 1):
                x, y = column - 1 + edge, row - 1 + edge
                boxes_.append((x, y))
                cell = given.get((column, row))
                fill = (cell.fill if cell else "") or board.fill
                items.append(Shape(self._box(x, y), fill=fill))
                if cell is not None:
                    marks.extend(self._cell(cell, words[column, row], x * s, y * s, fill))
        for (x, y), fill, numbered in self._tracks(edge):
            boxes_.append((x, y))
            items.append(Shape(self._box(x, y), fill=fill))
            if numbered is not None:
                marks.extend(self._numbered(x * s, y * s, fill, *numbered))
        items.extend(self._square_lines(boxes_))
        wide, high = self.width, self.height
        items.append(
            Shape(((0, 0), (wide, 0), (wide, high), (0, high)), stroke=EDGE_INK, width=1.6)
        )
        return items + marks

    def _tracks(self, edge: int) -> list[tuple[tuple[int, int], str, Numbered]]:
        """Each numbered box: where (in cells from the top left), its fill, its number and
        label (none on the boxes of a score ring past its last number)."""
        board = self.board
        found: list[tuple[tuple[int, int], str, Numbered]] = []
        by_kind = {kind: (label, numbers) for kind, label, numbers in self.words.tracks}
        rounds = track(board, "round")
        if rounds is not None:
            label, numbers = by_kind["round"]
            for i in range(boxes(rounds)):
                at = (edge + i % board.columns, edge + board.rows + i // board.columns)
                found.append((at, rounds.fill, (numbers[i], label)))
        score = track(board, "score")
        if score is not None:
            label, numbers = by_kind["score"]
            for i, at in enumerate(_ring(*span(board))):
                found.append((at, score.fill, (numbers[i], label) if i < len(numbers) else None))
        return found

    def _square_lines(self, cells: list[tuple[int, int]]) -> list[Item]:
        """Every side of every box once, in the grid colour (they all lie on the promised
        lattice)."""
        sides: dict[tuple[Point, Point], None] = {}
        for x, y in cells:
            corners = self._box(x, y)
            for i in range(4):
                a, b = corners[i], corners[(i + 1) % 4]
                sides[min(a, b), max(a, b)] = None
        return [Shape(side, closed=False, stroke=GRID_INK, width=0.6) for side in sides]

    def _numbered(
        self, x: float, y: float, fill: str, number: FittedLines, label: FittedLines | None
    ) -> list[Item]:
        s = self.board.cell_size
        ink = _ink(fill)
        out: list[Item] = []
        if number.lines:
            out.append(
                Words(
                    (x + s / 2, y + s / 2 + 0.35 * number.size),
                    number.lines[0],
                    number.size,
                    ink,
                    "middle",
                    "bold",
                )
            )
        if label is not None:
            out.append(
                Words((x + s / 2, y + 4 + label.size), label.lines[0], label.size, ink, "middle")
            )
        return out

    def _cell(self, cell: BoardCell, words: CellWords, x: float, y: float, fill: str) -> list[Item]:
        """A cell's label, icon and text, top to bottom in its :func:`band`: a square's label
        in its top-left corner, a hex's centred; the icon and text centred below it. ``x``,
        ``y``: the top-left corner of the cell's box (a hex's box is its width by two radii)."""
        board, s = self.board, self.board.cell_size
        hexagonal = board.grid == "hex"
        ink = _ink(fill)
        cx = x + s / 2
        top, height = band(board)
        top += y
        out: list[Item] = []
        if words.label is not None:
            size = words.label.size
            where = (cx, top + ASCENT * size) if hexagonal else (x + 3, top + ASCENT * size)
            anchor: Anchor = "middle" if hexagonal else "start"
            out.append(Words(where, words.label.lines[0], size, ink, anchor, font=words.label.font))
            top, height = top + LABEL_ROW, height - LABEL_ROW
        side = icon_side(board) if cell.icon else 0.0
        text = words.text
        tall = 0.0 if text is None else text.size * (1 + (len(text.lines) - 1) * LEADING)
        stack = side + tall + (GAP if side and tall else 0.0)
        top += (height - stack) / 2
        if cell.icon:
            out.append(self._icon(cell.icon, cx - side / 2, top, side, ink, fill))
            top += side + GAP
        if text is not None:
            out.extend(
                Words(
                    (cx, top + (ASCENT + i * LEADING) * text.size),
                    line,
                    text.size,
                    ink,
                    "middle",
                    font=text.font,
                )
                for i, line in enumerate(text.lines)
            )
        return out

    # hex ------------------------------------------------------------------------------------

    def _centre(self, column: int, row: int) -> Point:
        s = self.board.cell_size
        radius = s / SQRT3
        shift = 0.5 if row % 2 == 0 else 0.0
        return ((column - 0.5 + shift) * s, radius + 1.5 * radius * (row - 1))

    def _hex(self, column: int, row: int) -> tuple[Point, ...]:
        cx, cy = self._centre(column, row)
        radius = self.board.cell_size / SQRT3
        return tuple((cx + radius * cos, cy + radius * sin) for cos, sin in HEX_CORNERS)

    def _hex_board(self) -> list[Item]:
        board, s = self.board, self.board.cell_size
        given = {(c.column, c.row): c for c in board.cells}
        words = dict(self.words.cells)
        items: list[Item] = []
        marks: list[Item] = []
        sides: dict[tuple[Point, Point], str] = {}
        radius = s / SQRT3
        for row in range(1, board.rows + 1):
            for column in range(1, board.columns + 1):
                corners = self._hex(column, row)
                cell = given.get((column, row))
                fill = (cell.fill if cell else "") or board.fill
                items.append(Shape(corners, fill=fill))
                for i in range(6):
                    a, b = _rounded(corners[i]), _rounded(corners[(i + 1) % 6])
                    vertical = abs(a[0] - b[0]) < 1e-6
                    colour = GRID_INK if vertical and row % 2 == 1 else GRID_OTHER
                    sides.setdefault((min(a, b), max(a, b)), colour)
                if cell is None:
                    continue
                cx, cy = self._centre(column, row)
                marks.extend(self._cell(cell, words[column, row], cx - s / 2, cy - radius, fill))
        items.extend(
            Shape(side, closed=False, stroke=colour, width=0.6)
            for side, colour in sorted(sides.items(), key=lambda kv: kv[1])
        )
        return items + marks

    # icons ----------------------------------------------------------------------------------

    def _icon(self, name: str, x: float, y: float, side: float, ink: str, paper: str) -> Svg:
        """The emblem or the game's icon ``name`` in the square (x, y, side)."""
        path = game_icons(Path(self.folder)).get(name) if self.folder else None
        if path is None:
            r = side / 2
            return Svg((x, y), side, side, str(emblem_svg(name, r, r, r, ink, paper)))
        return Svg((x, y), side, side, icon_group(path, 0.0, 0.0, side))


def _ring(wide: int, high: int) -> list[tuple[int, int]]:
    """The boxes round a ``wide`` × ``high`` board, clockwise from its top-left corner."""
    top = [(x, 0) for x in range(wide)]
    right = [(wide - 1, y) for y in range(1, high)]
    bottom = [(x, high - 1) for x in range(wide - 2, -1, -1)]
    left = [(0, y) for y in range(high - 2, 0, -1)]
    return top + right + bottom + left


def _rounded(point: Point) -> Point:
    return (round(point[0], 4), round(point[1], 4))


def _ink(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``."""
    return BLACK if ink_for(hex_rgb(fill)) == (0.0, 0.0, 0.0) else WHITE
