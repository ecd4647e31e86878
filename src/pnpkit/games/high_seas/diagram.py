"""The rules' worked examples as diagrams (``examples.pdf``), drawn with the board's own
vocabulary: each ship's half in its colour with its pattern band along the stern, heart spaces,
crew cards in their crew's colour, cannon mounts, and the line each cannon fires along.

A diagram draws one :class:`~pnpkit.games.high_seas.model.Example`; who loses a heart comes
from :func:`pnpkit.games.high_seas.rules.battle`, and every word the diagram or its caption
sets is made by :func:`diagram_words` and :func:`caption`, which ``check`` runs too (no drawing
library), so a name too long for its card is refused before anything is drawn."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpkit.games.high_seas.board import heart_space, pattern_band
from pnpkit.games.high_seas.model import NO_CREW, Example, HighSeasGame, Ship
from pnpkit.games.high_seas.rules import (
    Clash,
    aim_targets,
    aims,
    battle,
    hearts_left,
    hearts_lost,
)
from pnpkit.model.ours import MARK
from pnpkit.render import fonts
from pnpkit.render.colour import SEA, hex_rgb
from pnpkit.render.textbox import fit_line

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

WIDTH = 468.0
"""A diagram's width, points (6.5 in: the page's text width, printed at 1:1)."""
HULL = 72.0
"""A ship's height in a diagram, points."""
SEA_BAND = 56.0
"""The water between the ships, points."""
CARD = (58.0, 30.0)
"""A crew card in a diagram, points (width, height)."""
HEART = 4.5
"""A heart space's radius in a diagram, points."""
HEARTS_AT = 19.0
"""From a ship's stern edge to its heart spaces' centres, points (clear of the pattern band)."""
CARD_AT = 28.0
"""From a ship's stern edge to its crew cards' near edge, points."""
MOUNT = 7.0
"""A cannon mount's radius in a diagram, points."""
NAME_SIZE = 7.0
"""The crew's name on its card, at most this size (never under 6 pt)."""
LABEL_SIZE = 6.5
"""The words along a cannon's line, and the ship's name."""
NAME_ROOM = 48.0
"""Room along the stern for the ship's name, before its pattern band starts, points."""


def card_name(game: HighSeasGame, crew: str) -> str:
    """The crew's name as its card in a diagram prints it."""
    return game.crew_type(crew).name


def diagram_words(game: HighSeasGame, example: Example) -> dict[str, float]:
    """Each crew name the diagram sets on a card, with the size it fits at (a DataError at the
    crew's name when it does not fit at 6 pt)."""
    sizes: dict[str, float] = {}
    for crew in {*example.top, *example.bottom} - {NO_CREW}:
        kind = game.crew_type(crew)
        sizes[crew] = fit_line(
            card_name(game, crew),
            CARD[0] - 4,
            NAME_SIZE,
            fonts.BOLD,
            what=f"crew.{crew}.name",
            where=str(game.where.at(kind, "name")) or kind.source,
        ).size
    return sizes


def _who(game: HighSeasGame, side: str, area: int, crew: str) -> str:
    ship = game.ships[0] if side == "top" else game.ships[-1]
    return f"{game.crew_type(crew).name} ({ship.name.lower()}, area {area + 1})"


def clash_words(game: HighSeasGame, clash: Clash) -> str:
    """One match-up told: who meets whom and who loses a heart."""
    bottom = _who(game, "bottom", clash.bottom, clash.bottom_crew)
    top = _who(game, "top", clash.top, clash.top_crew)
    if not clash.winner:
        return f"{bottom} against {top}: a draw, no heart lost."
    winner, loser = (bottom, top) if clash.winner == "bottom" else (top, bottom)
    if clash.hit:
        return f"{winner} beats {loser}, which loses a heart."
    return f"{winner} beats {loser}, but its cannon faces elsewhere: the attacker loses no heart."


def caption(game: HighSeasGame, example: Example) -> str:
    """What the diagram shows, told from the data: every match-up and what it costs, or the
    freed cannon's reach; an example that shows our ruling ends with the mark."""
    if example.free is not None:
        area = example.free - 1
        reach = aim_targets(game, area)
        closed = {t for t, h in enumerate(hearts_left(game, example.top_hearts)) if not h}
        may = [t + 1 for t in reach if t not in closed]
        never = [t + 1 for t in range(game.areas) if t not in reach and t not in closed]
        text = (
            f"The top ship's area {example.free} is closed and its cannon removed: the bottom "
            f"ship's cannon {example.free} may now face area {_or(may)} (solid lines)"
        )
        if never:
            text += f", never area {_or(never)} (dashed)"
        return text + "."
    clashes = battle(game, example)
    told = " ".join(clash_words(game, c) for c in clashes)
    for side in ("top", "bottom"):
        given = example.top_hearts if side == "top" else example.bottom_hearts
        for area, hearts in enumerate(hearts_left(game, given)):
            lost = hearts_lost(clashes, side, area)
            if hearts and lost >= hearts:
                told += f" The {side} ship's area {area + 1} has no hearts left: it closes."
    return told + (f" (Our ruling{MARK}.)" if example.ours else "")


def _or(numbers: list[int]) -> str:
    words = [str(n) for n in numbers]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


@dataclass(frozen=True)
class ExampleDiagram:
    """One worked example: the bottom ship below, the top ship above, the sea between."""

    game: HighSeasGame
    example: Example
    sizes: dict[str, float]
    """Each crew name's size (:func:`diagram_words`)."""

    @property
    def width(self) -> float:
        return WIDTH

    @property
    def height(self) -> float:
        return 2 * HULL + SEA_BAND

    def column(self, area: int) -> float:
        """The centre x of ``area``'s column."""
        return (area + 0.5) * WIDTH / self.game.areas

    def mount(self, side: str, area: int) -> tuple[float, float]:
        """The centre of ``side``'s cannon mount of ``area``, on its ship's bow edge."""
        y = HULL if side == "bottom" else HULL + SEA_BAND
        return self.column(area), y

    def draw(self, canvas: Canvas) -> None:
        fonts.register()
        canvas.saveState()
        canvas.setFillColorRGB(*SEA)
        canvas.rect(0, HULL, WIDTH, SEA_BAND, stroke=0, fill=1)
        clashes = battle(self.game, self.example) if self.example.free is None else ()
        for side in ("bottom", "top"):
            self._ship(canvas, side, clashes)
        if self.example.free is not None:
            self._reach(canvas, self.example.free - 1)
        for clash in clashes:
            self._clash(canvas, clash)
        canvas.restoreState()

    def _ship(self, canvas: Canvas, side: str, clashes: tuple[Clash, ...]) -> None:
        game, example = self.game, self.example
        ship: Ship = game.ships[0] if side == "top" else game.ships[-1]
        colour = hex_rgb(ship.colour)
        base = 0.0 if side == "bottom" else HULL + SEA_BAND

        def y_of(d: float) -> float:
            """Distance ``d`` from the stern edge to the diagram's y."""
            return base + d if side == "bottom" else base + HULL - d

        canvas.setFillColorRGB(*hex_rgb(ship.half))
        canvas.setStrokeColorRGB(*colour)
        canvas.setLineWidth(1.5)
        canvas.roundRect(1, base + 1, WIDTH - 2, HULL - 2, 8, stroke=1, fill=1)
        band = y_of(4) - (0 if side == "bottom" else 6)
        pattern_band(canvas, ship.pattern, colour, NAME_ROOM, WIDTH - 10, band)
        canvas.setFillColorRGB(*colour)
        canvas.setFont(fonts.SEMIBOLD, LABEL_SIZE)
        canvas.drawString(6, band + 1, ship.name)
        crews = example.top if side == "top" else example.bottom
        given = example.top_hearts if side == "top" else example.bottom_hearts
        for area, hearts in enumerate(hearts_left(game, given)):
            x = self.column(area)
            lost = hearts_lost(clashes, side, area)
            for k in range(hearts):
                hx = x + (k - (hearts - 1) / 2) * (2 * HEART + 2)
                heart_space(canvas, hx, y_of(HEARTS_AT), HEART)
                if k >= hearts - lost:
                    self._struck(canvas, hx, y_of(HEARTS_AT))
            card_y = y_of(CARD_AT) if side == "bottom" else y_of(CARD_AT + CARD[1])
            self._card(canvas, x, card_y, crews[area], hearts, colour, area)
            if hearts:
                cx, cy = self.mount(side, area)
                canvas.setFillColorRGB(1, 1, 1)
                canvas.setStrokeColorRGB(*colour)
                canvas.setLineWidth(1.2)
                canvas.circle(cx, cy, MOUNT, stroke=1, fill=1)

    def _card(
        self,
        canvas: Canvas,
        x: float,
        y: float,
        crew: str,
        hearts: int,
        colour: tuple[float, float, float],
        area: int,
    ) -> None:
        """A crew card (or its empty space, or a closed area) centred on ``x``, from ``y`` up."""
        w, h = CARD
        canvas.setFont(fonts.BOLD, 9)
        canvas.setFillColorRGB(*colour)
        canvas.drawRightString(x - w / 2 - 3, y + h / 2 - 3, str(area + 1))
        if not hearts:
            canvas.setFillColorRGB(0.82, 0.82, 0.82)
            canvas.setStrokeColorRGB(0.4, 0.4, 0.4)
            canvas.roundRect(x - w / 2, y, w, h, 3, stroke=1, fill=1)
            canvas.line(x - w / 2, y, x + w / 2, y + h)
            canvas.line(x - w / 2, y + h, x + w / 2, y)
            self._label(canvas, x, y + h / 2 - 2.5, "closed")
            return
        if crew == NO_CREW:
            canvas.setFillColorRGB(1, 1, 1)
            canvas.setStrokeColorRGB(*colour)
            canvas.setDash([3, 2], 0)
            canvas.roundRect(x - w / 2, y, w, h, 3, stroke=1, fill=1)
            canvas.setDash([], 0)
            return
        canvas.setFillColorRGB(*hex_rgb(self.game.crew_type(crew).colour))
        canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
        canvas.roundRect(x - w / 2, y, w, h, 3, stroke=1, fill=1)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setFont(fonts.BOLD, self.sizes[crew])
        canvas.drawCentredString(x, y + h / 2 - self.sizes[crew] / 3, card_name(self.game, crew))

    def _struck(self, canvas: Canvas, x: float, y: float) -> None:
        """A heart lost this round: crossed out (a shape, not only a colour)."""
        canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
        canvas.setLineWidth(1.6)
        r = HEART + 1.5
        canvas.line(x - r, y - r, x + r, y + r)
        canvas.line(x - r, y + r, x + r, y - r)

    def _line(
        self,
        canvas: Canvas,
        start: tuple[float, float],
        end: tuple[float, float],
        *,
        heads: tuple[bool, bool],
        dashed: bool = False,
    ) -> None:
        """A cannon's line from mount to mount, arrowheads at the ends it fires towards."""
        (x0, y0), (x1, y1) = start, end
        angle = math.atan2(y1 - y0, x1 - x0)
        x0, y0 = x0 + MOUNT * math.cos(angle), y0 + MOUNT * math.sin(angle)
        x1, y1 = x1 - MOUNT * math.cos(angle), y1 - MOUNT * math.sin(angle)
        canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
        canvas.setFillColorRGB(0.1, 0.1, 0.1)
        canvas.setLineWidth(0.9 if dashed else 1.4)
        canvas.setDash([4, 3] if dashed else [], 0)
        canvas.line(x0, y0, x1, y1)
        canvas.setDash([], 0)
        for tip, toward, on in (((x1, y1), angle, heads[1]), ((x0, y0), angle + math.pi, heads[0])):
            if not on:
                continue
            path = canvas.beginPath()
            path.moveTo(*tip)
            for side in (-1, 1):
                a = toward + math.pi + side * 0.4
                path.lineTo(tip[0] + 7 * math.cos(a), tip[1] + 7 * math.sin(a))
            path.close()
            canvas.drawPath(path, stroke=0, fill=1)

    def _label(self, canvas: Canvas, x: float, y: float, text: str) -> None:
        """Words on the water, on a white ground so a line under them does not cross them."""
        width = fonts.text_width(text, fonts.SEMIBOLD, LABEL_SIZE)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.rect(x - width / 2 - 2, y - 2.5, width + 4, LABEL_SIZE + 2.5, stroke=0, fill=1)
        canvas.setFillColorRGB(0.1, 0.1, 0.1)
        canvas.setFont(fonts.SEMIBOLD, LABEL_SIZE)
        canvas.drawCentredString(x, y, text)

    def _clash(self, canvas: Canvas, clash: Clash) -> None:
        bottom_aim = aims(self.game, self.example.bottom_aims)[clash.bottom] == clash.top
        top_aim = aims(self.game, self.example.top_aims)[clash.top] == clash.bottom
        start, end = self.mount("bottom", clash.bottom), self.mount("top", clash.top)
        self._line(canvas, start, end, heads=(top_aim, bottom_aim))
        if not clash.winner:
            words = "draw"
        else:
            crew = clash.bottom_crew if clash.winner == "bottom" else clash.top_crew
            words = f"{self.game.crew_type(crew).name} wins"
            if not clash.hit:
                words += ": no heart"
        # a slanted line's words sit nearer its bottom end, clear of a straight line's beside it
        along = 0.5 if start[0] == end[0] else 0.3
        x = start[0] + (end[0] - start[0]) * along
        self._label(canvas, x, start[1] + (end[1] - start[1]) * along - 2, words)

    def _reach(self, canvas: Canvas, area: int) -> None:
        """The freed cannon's lines: solid to each enemy area it may face, dashed to the others
        (the rules' green and red arrows, told apart without colour)."""
        reach = aim_targets(self.game, area)
        top = hearts_left(self.game, self.example.top_hearts)
        start = self.mount("bottom", area)
        for target in range(self.game.areas):
            if not top[target]:
                continue
            allowed = target in reach
            self._line(
                canvas, start, self.mount("top", target), heads=(False, allowed), dashed=not allowed
            )
            end = self.mount("top", target)
            x, y = start[0] + (end[0] - start[0]) * 0.62, start[1] + (end[1] - start[1]) * 0.62
            self._label(canvas, x, y - 2, "may" if allowed else "never")
