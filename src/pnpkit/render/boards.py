"""Game boards at physical scale, as :class:`~pnpkit.render.base.Tileable` drawings.

- :class:`HighSeasBoard`: two ships facing each other across the water, each with its staging
  areas (a card space, heart spaces sized to the heart pieces, a cannon mount whose aim marks
  name the enemy areas it may face).
- :class:`PirateFleetsBoard`: the square grid of action spaces, coloured by action, with the
  player-count blocks outlined.

Layout (:func:`pnpkit.layout.tiling.tile`) splits them over sheets; nothing here knows paper.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pnpkit.engine.highseas import aim_targets
from pnpkit.engine.piratefleets import board_side, space_cells, tier_of
from pnpkit.errors import DataError, Problem
from pnpkit.layout import fonts
from pnpkit.model.highseas import HighSeasGame, Ship
from pnpkit.model.piratefleets import PirateFleetsGame, SpaceType
from pnpkit.render.base import GridPromise
from pnpkit.render.cards import break_lines, location_of

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

SEA = (0.80, 0.89, 0.95)
INK = (0.0, 0.0, 0.0)


def hex_rgb(colour: str) -> tuple[float, float, float]:
    value = colour.lstrip("#")
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


def tint(rgb: tuple[float, float, float], amount: float) -> tuple[float, float, float]:
    """``rgb`` mixed with white: ``amount`` 0 keeps it, 1 is white."""
    return (
        rgb[0] + (1 - rgb[0]) * amount,
        rgb[1] + (1 - rgb[1]) * amount,
        rgb[2] + (1 - rgb[2]) * amount,
    )


def ink_for(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Black or white, whichever reads better on ``rgb``."""
    luminance = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    return (0.0, 0.0, 0.0) if luminance > 0.45 else (1.0, 1.0, 1.0)


def draw_lines(
    canvas: Canvas,
    text: str,
    x: float,
    top: float,
    width: float,
    height: float,
    size: float,
    font: str,
    *,
    what: str,
    where: str,
    centre: bool = True,
    min_size: float = 5.0,
) -> None:
    """Wrapped text in a box (``top`` its upper edge); too long → DataError naming ``what``."""
    step = size
    while step >= min_size - 1e-9:
        lines = break_lines(text, font, step, width)
        if lines is not None and step + (len(lines) - 1) * step * 1.15 <= height + 1e-6:
            canvas.setFont(font, step)
            for i, line in enumerate(lines):
                y = top - step * 0.85 - i * step * 1.15
                if centre:
                    canvas.drawCentredString(x + width / 2, y, line)
                else:
                    canvas.drawString(x, y, line)
            return
        step -= 0.25
    raise DataError(
        [
            Problem(
                location_of(where),
                what,
                f"text does not fit: {text!r} in {width:.0f} × {height:.0f} pt",
            )
        ]
    )


# --- High Seas -------------------------------------------------------------------------------

AREA_GAP = 8.0
EDGE = 12.0
HEART_ROW = 3
MOUNT_MARKS = 26.0
"""Room beyond a mount's rim for its aim marks and their numbers."""
SEA_GAP = 72.0


@dataclass(frozen=True)
class HighSeasBoard:
    """Two ships, ``game.areas`` staging areas each, drawn 1:1."""

    game: HighSeasGame
    title: str = "High Seas board"
    cuts_x: tuple[float, ...] = ()
    cuts_y: tuple[float, ...] = ()
    grid: GridPromise | None = None
    _size: tuple[float, float] = field(default=(0.0, 0.0), init=False)

    def __post_init__(self) -> None:
        area_w, _ = self.game.area_size
        w = self.game.areas * (area_w + AREA_GAP) - AREA_GAP + 2 * EDGE
        h = 2 * self.ship_height + SEA_GAP
        object.__setattr__(self, "_size", (w, h))

    @property
    def width(self) -> float:
        return self._size[0]

    @property
    def height(self) -> float:
        return self._size[1]

    @property
    def heart_pitch(self) -> float:
        return self.game.heart_token + 5.0

    @property
    def heart_rows(self) -> int:
        return max(1, math.ceil(max(self.game.hearts, default=1) / HEART_ROW))

    @property
    def ship_height(self) -> float:
        _, area_h = self.game.area_size
        return EDGE + self.heart_rows * self.heart_pitch + 6 + area_h + self.mount_room

    @property
    def mount_reach(self) -> float:
        """From the ship's bow edge to a mount's centre: room for the aim marks and numbers."""
        return self.game.cannon_token / 2 + 1.5 + MOUNT_MARKS

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

    def draw(self, canvas: Canvas) -> None:
        fonts.register()
        canvas.saveState()
        canvas.setFillColorRGB(*SEA)
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        self._waves(canvas)
        # The first ship in the data sits at the top of the board, bow down.
        self._ship(canvas, self.game.ships[-1], 0)
        self._ship(canvas, self.game.ships[0], 1)
        canvas.setFillColorRGB(0.1, 0.2, 0.35)
        canvas.setFont(fonts.BOLD, 20)
        mid = self.height / 2
        canvas.drawCentredString(self.width / 2, mid + 1, self.game.title)
        canvas.setFont(fonts.REGULAR, 8)
        canvas.drawCentredString(self.width / 2, mid - 11, self.game.credit)
        canvas.restoreState()

    def _waves(self, canvas: Canvas) -> None:
        canvas.setStrokeColorRGB(0.65, 0.79, 0.9)
        canvas.setLineWidth(1.2)
        mid = self.height / 2
        for y in (mid - 26, mid + 26):
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
        canvas.setFillColorRGB(*tint(colour, 0.78))
        canvas.setStrokeColorRGB(*colour)
        canvas.setLineWidth(3)
        canvas.roundRect(4, base + 4, self.width - 8, h - 8, 18, stroke=1, fill=1)
        self._pattern(canvas, ship.pattern, colour, base, h)
        for area in range(self.game.areas):
            x = self.area_x(area)
            hearts = self.game.hearts[area]
            for k in range(hearts):
                row, col = divmod(k, HEART_ROW)
                in_row = min(HEART_ROW, hearts - row * HEART_ROW)
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
            canvas.setFillColorRGB(*tint(colour, 0.3))
            canvas.setFont(fonts.BOLD, 48)
            canvas.drawCentredString(x + area_w / 2, y0 + area_h / 2 - 16, str(area + 1))
            canvas.setFont(fonts.SEMIBOLD, 9)
            canvas.drawCentredString(
                x + area_w / 2, y0 + area_h / 2 - 38, f"{ship.name}: staging area {area + 1}"
            )
            canvas.setFont(fonts.REGULAR, 7.5)
            canvas.drawCentredString(
                x + area_w / 2, y0 + area_h / 2 - 50, f"{hearts} hearts · crew card here"
            )
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
        canvas.saveState()
        canvas.setStrokeColorRGB(*colour)
        canvas.setFillColorRGB(*colour)
        canvas.setLineWidth(1)
        y0 = base + 6 if base == 0 else base + h - 12
        if pattern == "dots":
            x = 20.0
            while x < self.width - 20:
                canvas.circle(x, y0 + 3, 1.6, stroke=0, fill=1)
                x += 9
        else:
            x = 20.0
            while x < self.width - 20:
                canvas.line(x, y0, x + 6, y0 + 6)
                x += 7
        canvas.restoreState()

    def _heart_space(self, canvas: Canvas, cx: float, cy: float) -> None:
        r = self.game.heart_token / 2 + 1
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

    def _mount(
        self, canvas: Canvas, ship: int, area: int, colour: tuple[float, float, float]
    ) -> None:
        cx, cy = self.mount_centre(ship, area)
        r = self.game.cannon_token / 2 + 1.5
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setStrokeColorRGB(*colour)
        canvas.setLineWidth(1.2)
        canvas.circle(cx, cy, r, stroke=1, fill=1)
        canvas.setFillColorRGB(*colour)
        canvas.setFont(fonts.SEMIBOLD, 6.5)
        canvas.drawCentredString(cx, cy - 2, "cannon")
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
            canvas.setFont(fonts.BOLD if target == area else fonts.REGULAR, 7)
            lx = cx + (r + 17) * math.cos(spread)
            ly = cy + (r + 17) * math.sin(spread) - 2.5
            canvas.drawCentredString(lx, ly, str(target + 1))


# --- Pirate Fleets ---------------------------------------------------------------------------

FRAME = 20.0
HEADER = 44.0


@dataclass(frozen=True)
class PirateFleetsBoard:
    """The square board of action spaces; tiled only between whole spaces."""

    game: PirateFleetsGame
    title: str = "Pirate Fleets board"
    grid: GridPromise | None = None
    _side: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_side", board_side(self.game))

    @property
    def width(self) -> float:
        return self._side * self.game.space_size + 2 * FRAME

    @property
    def height(self) -> float:
        return self._side * self.game.space_size + 2 * FRAME + HEADER

    @property
    def cuts_x(self) -> tuple[float, ...]:
        return tuple(FRAME + i * self.game.space_size for i in range(1, self._side))

    @property
    def cuts_y(self) -> tuple[float, ...]:
        return tuple(FRAME + i * self.game.space_size for i in range(1, self._side))

    def space_box(self, column: int, row: int) -> tuple[float, float]:
        """Lower-left of the space at ``column`` (0 left), ``row`` (0 top)."""
        s = self.game.space_size
        return (FRAME + column * s, FRAME + (self._side - 1 - row) * s)

    def draw(self, canvas: Canvas) -> None:
        fonts.register()
        canvas.saveState()
        canvas.setFillColorRGB(0.96, 0.93, 0.84)
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        canvas.setFillColorRGB(0.1, 0.1, 0.1)
        canvas.setFont(fonts.BOLD, 24)
        top = self.height - FRAME
        canvas.drawString(FRAME, top - 22, self.game.title)
        canvas.setFont(fonts.REGULAR, 8.5)
        tiers = "   ".join(
            f"{t.players_min}–{t.players_max} players: spaces 1–{t.spaces}"
            for t in self.game.scaling
        )
        canvas.drawString(FRAME, top - 36, tiers + "   (thick lines mark each block)")
        canvas.drawRightString(
            self.width - FRAME, top - 22, "P: pawn spaces (square)   D: danger-disk spaces (round)"
        )
        for number, (column, row) in sorted(space_cells(self.game).items()):
            self._space(canvas, number, column, row)
        self._blocks(canvas)
        canvas.restoreState()

    def _blocks(self, canvas: Canvas) -> None:
        s = self.game.space_size
        canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
        for tier in self.game.scaling:
            n = math.isqrt(tier.spaces)
            if n * n != tier.spaces:
                continue
            x0, y0 = self.space_box(0, n - 1)
            canvas.setLineWidth(3.0)
            canvas.rect(x0, y0, n * s, n * s, stroke=1, fill=0)

    def _space(self, canvas: Canvas, number: int, column: int, row: int) -> None:
        space = self.game.space(number)
        action = self.game.action(space.action)
        s = self.game.space_size
        x, y = self.space_box(column, row)
        colour = hex_rgb(action.colour)
        canvas.setFillColorRGB(*tint(colour, 0.8))
        canvas.setStrokeColorRGB(0.2, 0.2, 0.2)
        canvas.setLineWidth(0.8)
        canvas.rect(x, y, s, s, stroke=1, fill=1)
        band = 22.0
        canvas.setFillColorRGB(*colour)
        canvas.rect(x, y + s - band, s, band, stroke=0, fill=1)
        ink = ink_for(colour)
        canvas.setFillColorRGB(*ink)
        canvas.setFont(fonts.BOLD, 15)
        canvas.drawString(x + 5, y + s - 17, str(number))
        canvas.setFont(fonts.BOLD, 9)
        canvas.drawCentredString(x + s / 2, y + s - 15, action.name.upper())
        self._type_badge(canvas, space.type, x + s - 13, y + s - 11, ink, colour)
        canvas.setFillColorRGB(0, 0, 0)
        where = space.source
        draw_lines(
            canvas,
            space.title,
            x + 5,
            y + s - band - 3,
            s - 10,
            24,
            11,
            fonts.BOLD,
            what=f"spaces[{number}].title",
            where=where,
            min_size=7,
        )
        canvas.setFont(fonts.BOLD, 18)
        canvas.drawCentredString(x + s / 2, y + s - band - 47, f"TN {space.target}")
        draw_lines(
            canvas,
            action.short,
            x + 6,
            y + 40,
            s - 12,
            26,
            7.5,
            fonts.REGULAR,
            what=f"actions.{action.key}.short",
            where=action.source,
            min_size=6,
        )
        tier = tier_of(self.game, number)
        canvas.setFont(fonts.SEMIBOLD, 6.5)
        canvas.setFillColorRGB(0.15, 0.15, 0.15)
        if tier is not None:
            canvas.drawString(x + 5, y + 5, f"{tier[0]}+ players")
        for extra in self.game.optional_spaces:
            if extra.number == number:
                canvas.drawRightString(
                    x + s - 5, y + 5, f"optional for {extra.players_min}–{extra.players_max}"
                )

    def _type_badge(
        self,
        canvas: Canvas,
        kind: SpaceType,
        cx: float,
        cy: float,
        ink: tuple[float, float, float],
        colour: tuple[float, float, float],
    ) -> None:
        """P in a square (pawns are square counters), D in a circle (disks are round)."""
        canvas.setFillColorRGB(*ink)
        if kind is SpaceType.PIRATE:
            canvas.rect(cx - 7, cy - 7, 14, 14, stroke=0, fill=1)
        else:
            canvas.circle(cx, cy, 7.5, stroke=0, fill=1)
        canvas.setFillColorRGB(*colour)
        canvas.setFont(fonts.BOLD, 10)
        canvas.drawCentredString(cx, cy - 3.5, kind.value)
