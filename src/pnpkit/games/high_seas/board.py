"""The High Seas board at physical scale: two ships facing each other across the water, each
with its staging areas (a card space, heart spaces sized to the heart pieces, a cannon mount
whose aim marks name the enemy areas it may face). Tiled by :func:`pnpkit.layout.tiling.tile`;
nothing here knows paper.

The words the data gives the board (the title and credit, each area's label and hearts) are
fitted to their room when the kit is planned (:func:`board_words`, run by the kit's faces and so
by ``pnpkit check``): smaller down to 6 pt, else refused at their place in the data."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from pnpkit.errors import DataError
from pnpkit.games.high_seas.model import HighSeasGame, Ship
from pnpkit.games.high_seas.rules import (
    AIM_LABEL,
    AREA_GAP,
    HEART_RING,
    SEA_GAP,
    aim_targets,
    heart_pitch,
    heart_rows,
    hearts_per_row,
    mount_radius,
    mount_reach,
)
from pnpkit.model.ours import NOTE
from pnpkit.render import fonts
from pnpkit.render.colour import SEA, hex_rgb, tint
from pnpkit.render.drawable import GridPromise
from pnpkit.render.faces.decks import Gathered
from pnpkit.render.legible import WordsAtLeast
from pnpkit.render.textbox import FittedLines, fit_line
from pnpkit.verify.promises import ColorMember

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

EDGE = 12.0
AREA_PAD = 8.0
"""Room an area's words keep from each side of its card space."""


@dataclass(frozen=True, slots=True)
class BoardWords:
    """The board's words, each fitted to one line of its room."""

    title: FittedLines
    credit: FittedLines
    key: FittedLines | None
    """The key to the values on the board that are our choice (the hearts), or None."""
    labels: dict[tuple[str, int], FittedLines]
    """``(ship key, area)``: "Top ship: staging area 1"."""
    hearts: tuple[FittedLines, ...]
    """Each area's "4 hearts · crew card here"."""


def board_words(game: HighSeasGame) -> BoardWords:
    """Every word of the board the data gives, fitted; a DataError lists every one that does
    not fit at 6 pt (each once), at its place in the data. The title, credit and key are
    printed twice, one copy facing each captain, side by side on the water: each gets half
    the board's width."""
    gathered = Gathered()
    width = board_width(game) / 2 - 2 * EDGE
    room = game.area_size[0] - 2 * AREA_PAD

    def fit(text: str, font: str, size: float, space: float, what: str, where: str) -> Any:
        return gathered(partial(fit_line, text, space, size, font, what=what, where=where), None)

    title = fit(game.title, fonts.BOLD, 20, width, "title", str(game.where.of("title")))
    credit = fit(game.credit, fonts.REGULAR, 8, width, "credit", str(game.where.of("credit")))
    key = (
        fit(hearts_key(game), fonts.REGULAR, 7, width, "hearts", str(game.where.of("hearts")))
        if game.hearts_ours
        else None
    )
    labels = {
        (ship.key, area): fit(
            f"{ship.name}: staging area {area + 1}",
            fonts.SEMIBOLD,
            9,
            room,
            f"ships.{ship.key}.name",
            str(game.where.at(ship, "name")) or ship.source,
        )
        for ship in game.ships
        for area in range(game.areas)
    }
    hearts = tuple(
        fit(
            f"{game.hearts[area]} hearts · crew card here",
            fonts.REGULAR,
            7.5,
            room,
            f"hearts[{area}]",
            str(game.where.of("hearts")),
        )
        for area in range(game.areas)
    )
    if gathered.problems:  # a ship's name is printed in each of its areas: report it once
        raise DataError(list(dict.fromkeys(gathered.problems)))
    return BoardWords(title, credit, key, labels, hearts)


def hearts_key(game: HighSeasGame) -> str:
    """The board's key to its one value that is our choice: the hearts of each area are
    printed plain in the areas ("5†" would read as part of the value), the key says whose."""
    return f"Hearts of each staging area ({game.hearts_text()}): {NOTE}"


def board_width(game: HighSeasGame) -> float:
    """The board's width, points: the staging areas side by side."""
    return game.areas * (game.area_size[0] + AREA_GAP) - AREA_GAP + 2 * EDGE


@dataclass(frozen=True)
class HighSeasBoard:
    """Two ships, ``game.areas`` staging areas each, drawn 1:1."""

    game: HighSeasGame
    words: BoardWords
    """The board's words, fitted (:func:`board_words`)."""
    title: str = "High Seas board"
    cuts_x: tuple[float, ...] = ()
    cuts_y: tuple[float, ...] = ()
    grid: GridPromise | None = None
    _size: tuple[float, float] = field(default=(0.0, 0.0), init=False)

    def __post_init__(self) -> None:
        h = 2 * self.ship_height + SEA_GAP
        object.__setattr__(self, "_size", (board_width(self.game), h))

    @property
    def width(self) -> float:
        return self._size[0]

    @property
    def height(self) -> float:
        return self._size[1]

    @property
    def heart_pitch(self) -> float:
        return heart_pitch(self.game)

    @property
    def heart_rows(self) -> int:
        return heart_rows(self.game)

    @property
    def ship_height(self) -> float:
        _, area_h = self.game.area_size
        return EDGE + self.heart_rows * self.heart_pitch + 6 + area_h + self.mount_room

    @property
    def mount_reach(self) -> float:
        """From the ship's bow edge to a mount's centre: room for the aim marks and numbers."""
        return mount_reach(self.game)

    @property
    def mount_room(self) -> float:
        return self.mount_reach + self.game.cannon_token / 2 + 8

    def area_x(self, area: int) -> float:
        area_w, _ = self.game.area_size
        return EDGE + area * (area_w + AREA_GAP)

    def mount_centre(self, ship: int, area: int) -> tuple[float, float]:
        """Centre of the cannon mount of ``area`` on ship 0 (bottom) or 1 (top)."""
        area_w, _ = self.game.area_size
        x = self.area_x(area) + area_w / 2
        reach = self.mount_reach
        if ship == 0:
            return (x, self.ship_height - reach)
        return (x, self.height - self.ship_height + reach)

    def half_colour(self, ship: Ship) -> tuple[float, float, float]:
        """The colour the ship's half of the board is filled with."""
        return hex_rgb(ship.half)

    def ship_colors(self) -> list[ColorMember]:
        """The halves' colours (46 grayscale levels apart with the shipped colours), each with
        the pattern band along its stern and the ship's name in every staging area."""
        return [
            ColorMember(
                ship.name, self.half_colour(ship), (("pattern", ship.pattern), ("label", ship.name))
            )
            for ship in self.game.ships
        ]

    def at_scale(self, scale: float) -> WordsAtLeast:
        """The board printed small (its assembly page): strings under 6 pt as printed left out."""
        return WordsAtLeast(self, scale)

    def draw(self, canvas: Canvas) -> None:
        fonts.register()
        canvas.saveState()
        canvas.setFillColorRGB(*SEA)
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        self._waves(canvas)
        # The first ship in the data sits at the top of the board, bow down.
        self._ship(canvas, self.game.ships[-1], 0)
        self._ship(canvas, self.game.ships[0], 1)
        mid = self.height / 2
        # one copy of the title, credit and key facing each captain: the bottom one's on the
        # left half of the water, the top one's turned on the right half
        for x, turned in ((self.width / 4, False), (3 * self.width / 4, True)):
            canvas.saveState()
            canvas.translate(x, mid - 5)
            if turned:
                canvas.rotate(180)
            canvas.setFillColorRGB(0.1, 0.2, 0.35)
            _centred(canvas, self.words.title, 0, 6)
            _centred(canvas, self.words.credit, 0, -6)
            if self.words.key is not None:
                _centred(canvas, self.words.key, 0, -16)
            canvas.restoreState()
        canvas.restoreState()

    def _waves(self, canvas: Canvas) -> None:
        canvas.setStrokeColorRGB(0.65, 0.79, 0.9)
        canvas.setLineWidth(1.2)
        mid = self.height / 2
        for y in (mid - 31, mid + 26):
            path = canvas.beginPath()
            path.moveTo(EDGE, y)
            x = EDGE
            while x < self.width - EDGE - 24:
                path.curveTo(x + 6, y + 5, x + 18, y + 5, x + 24, y)
                x += 24
            canvas.drawPath(path, stroke=1, fill=0)

    def _ship(self, canvas: Canvas, ship: Ship, index: int) -> None:
        """Ship 0 sits at the bottom with its bow up; ship 1 at the top, bow down."""
        area_w, area_h = self.game.area_size
        h = self.ship_height
        base = 0.0 if index == 0 else self.height - h

        def y_of(d: float) -> float:
            """Distance ``d`` from the ship's stern edge to board y."""
            return base + d if index == 0 else base + h - d

        colour = hex_rgb(ship.colour)
        canvas.setFillColorRGB(*self.half_colour(ship))
        canvas.setStrokeColorRGB(*colour)
        canvas.setLineWidth(3)
        canvas.roundRect(4, base + 4, self.width - 8, h - 8, 18, stroke=1, fill=1)
        self._pattern(canvas, ship.pattern, colour, base, h)
        for area in range(self.game.areas):
            x = self.area_x(area)
            hearts = self.game.hearts[area]
            per_row = hearts_per_row(self.game)  # at least 1: the loader refuses a wider heart
            for k in range(hearts):
                row, col = divmod(k, per_row)
                in_row = min(per_row, hearts - row * per_row)
                cx = x + area_w / 2 + (col - (in_row - 1) / 2) * self.heart_pitch
                cy = y_of(EDGE + (row + 0.5) * self.heart_pitch)
                self._heart_space(canvas, cx, cy)
            card_bottom = EDGE + self.heart_rows * self.heart_pitch + 6
            y0 = y_of(card_bottom) if index == 0 else y_of(card_bottom + area_h)
            canvas.setFillColorRGB(1, 1, 1)
            canvas.setStrokeColorRGB(*colour)
            canvas.setLineWidth(1.2)
            canvas.setDash([5, 3], 0)
            canvas.roundRect(x, y0, area_w, area_h, 8, stroke=1, fill=1)
            canvas.setDash([], 0)
            # the area's words read upright from its own captain's side: the top ship's turned
            canvas.saveState()
            canvas.translate(x + area_w / 2, y0 + area_h / 2)
            if index == 1:
                canvas.rotate(180)
            canvas.setFillColorRGB(*tint(colour, 0.3))
            canvas.setFont(fonts.BOLD, 48)
            canvas.drawCentredString(0, -16, str(area + 1))
            _centred(canvas, self.words.labels[ship.key, area], 0, -38)
            _centred(canvas, self.words.hearts[area], 0, -50)
            canvas.restoreState()
            self._mount(canvas, index, area, colour)

    def _pattern(
        self,
        canvas: Canvas,
        pattern: str,
        colour: tuple[float, float, float],
        base: float,
        h: float,
    ) -> None:
        """A band of the ship's pattern along the stern, so the ships differ without colour."""
        y0 = base + 6 if base == 0 else base + h - 12
        pattern_band(canvas, pattern, colour, 20.0, self.width - 20, y0)

    def _heart_space(self, canvas: Canvas, cx: float, cy: float) -> None:
        heart_space(canvas, cx, cy, self.game.heart_token / 2 + HEART_RING)

    def _mount(
        self, canvas: Canvas, ship: int, area: int, colour: tuple[float, float, float]
    ) -> None:
        cx, cy = self.mount_centre(ship, area)
        r = mount_radius(self.game)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setStrokeColorRGB(*colour)
        canvas.setLineWidth(1.2)
        canvas.circle(cx, cy, r, stroke=1, fill=1)
        canvas.setFillColorRGB(*colour)
        _upright(canvas, cx, cy, ship == 1, "cannon", fonts.SEMIBOLD, 6.5)
        forward = 1 if ship == 0 else -1
        for target in aim_targets(self.game, area):
            tx, ty = self.mount_centre(1 - ship, target)
            angle = math.atan2(ty - cy, tx - cx)
            # Aim marks fan out from the mount towards each enemy area it may face.
            spread = angle if target != area else math.pi / 2 * forward
            ex = cx + (r + 10) * math.cos(spread)
            ey = cy + (r + 10) * math.sin(spread)
            canvas.setStrokeColorRGB(*colour)
            canvas.setLineWidth(1.5 if target == area else 0.8)
            canvas.line(cx + r * math.cos(spread), cy + r * math.sin(spread), ex, ey)
            lx = cx + (r + AIM_LABEL) * math.cos(spread)
            ly = cy + (r + AIM_LABEL) * math.sin(spread)
            font = fonts.BOLD if target == area else fonts.REGULAR
            _upright(canvas, lx, ly, ship == 1, str(target + 1), font, 7)


def pattern_band(
    canvas: Canvas,
    pattern: str,
    colour: tuple[float, float, float],
    x0: float,
    x1: float,
    y0: float,
) -> None:
    """A 6 pt band of a ship's pattern (dots, else hatching) from ``x0`` to ``x1`` above
    ``y0``: what tells the ships apart without colour, on the board and in the diagrams."""
    canvas.saveState()
    canvas.setStrokeColorRGB(*colour)
    canvas.setFillColorRGB(*colour)
    canvas.setLineWidth(1)
    x = x0
    if pattern == "dots":
        while x < x1:
            canvas.circle(x, y0 + 3, 1.6, stroke=0, fill=1)
            x += 9
    else:
        while x < x1:
            canvas.line(x, y0, x + 6, y0 + 6)
            x += 7
    canvas.restoreState()


def heart_space(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    """A heart piece's space of radius ``r``: a ring with a heart in it (the board's, and the
    diagrams' hearts)."""
    canvas.setFillColorRGB(1, 0.95, 0.94)
    canvas.setStrokeColorRGB(0.7, 0.15, 0.15)
    canvas.setLineWidth(0.8)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    s = r * 0.45
    path = canvas.beginPath()
    path.moveTo(cx, cy - s)
    path.curveTo(cx - 1.3 * s, cy + 0.1 * s, cx - 0.6 * s, cy + s, cx, cy + 0.4 * s)
    path.curveTo(cx + 0.6 * s, cy + s, cx + 1.3 * s, cy + 0.1 * s, cx, cy - s)
    canvas.setFillColorRGB(0.95, 0.75, 0.75)
    canvas.drawPath(path, stroke=0, fill=1)


def _upright(
    canvas: Canvas, x: float, y: float, turned: bool, text: str, font: str, size: float
) -> None:
    """``text`` centred on (``x``, ``y``), read from the bottom of the board, or from the top
    when ``turned`` (the top captain's side)."""
    canvas.saveState()
    canvas.translate(x, y)
    if turned:
        canvas.rotate(180)
    canvas.setFont(font, size)
    canvas.drawCentredString(0, -size * 0.3, text)
    canvas.restoreState()


def _centred(canvas: Canvas, words: FittedLines, x: float, y: float) -> None:
    """One fitted line centred on ``x``, its baseline at ``y``."""
    canvas.setFont(words.font, words.size)
    canvas.drawCentredString(x, y, words.lines[0])
