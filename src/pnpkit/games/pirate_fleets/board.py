"""The Pirate Fleets board at physical scale: the square grid of action spaces, coloured by
action, with the player-count blocks outlined, and the turn track below it, in rows when the
turns outnumber the boxes one row holds (:func:`~pnpkit.games.pirate_fleets.rules.turn_track`);
tiled only between whole spaces (and between the track's rows).

The words of every space (its action's name, its title, its action's summary) are fitted to their boxes when the
kit is planned (:func:`board_text`, run by the kit's faces and so by ``pnpkit check``); the board
draws the lines it is given."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from pnpkit.errors import DataError
from pnpkit.games.pirate_fleets.model import Action, PirateFleetsGame, SpaceType
from pnpkit.games.pirate_fleets.rules import (
    TRACK_TITLE,
    TurnTrack,
    board_side,
    space_cells,
    tier_of,
    turn_track,
)
from pnpkit.games.pirate_fleets.words import action_words
from pnpkit.model.ours import NOTE
from pnpkit.render import fonts
from pnpkit.render.colour import hex_rgb, ink_for, tint
from pnpkit.render.drawable import GridPromise
from pnpkit.render.faces.decks import Gathered
from pnpkit.render.legible import WordsAtLeast
from pnpkit.render.textbox import FittedLines, draw_fitted, fit_line, fit_lines

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

FRAME = 20.0
HEADER = 44.0
TRACK_GAP = 10.0
BAND = 22.0
"""The action's colour band along a space's top edge."""
TITLE_HEIGHT = 24.0
"""The box of a space's title, under the band."""
SUMMARY_TOP = 51.0
"""From the band's lower edge to the top of the action's summary (the TN sits between)."""
SUMMARY_FOOT = 13.0
"""Room under the summary for the player-count line."""
NAME_SIZE = 9.0
"""The action's name in the band, in capitals, at most this size."""
NAME_CLEAR = 24.0
"""What the name keeps clear of at each end of the band: the space's number on the left, the
pawn or disk badge on the right (the name is centred)."""


@dataclass(frozen=True, slots=True)
class SpaceText:
    """The words of one space, fitted: its action's name in the band, its title and its
    action's summary (with the space's notes)."""

    number: int
    name_size: float
    title: FittedLines
    summary: FittedLines


def board_text(game: PirateFleetsGame) -> tuple[SpaceText, ...]:
    """Every space's words fitted to their boxes, in space order; a DataError lists every
    title and summary that does not fit (each once), at its place in the data."""
    s = game.space_size
    out: list[SpaceText] = []
    gathered = Gathered()
    shorts = {a.key: gathered(partial(action_words, game, a, "short"), None) for a in game.actions}
    for number in sorted(space_cells(game)):
        space = game.space(number)
        action = game.action(space.action)
        short = shorts[action.key]
        if short is None:
            continue  # its placeholder is reported
        title = gathered(
            partial(
                fit_lines,
                space.title,
                s - 10,
                TITLE_HEIGHT,
                11,
                fonts.BOLD,
                what=f"spaces[{number}].title",
                where=space.source,
                min_size=7,
            ),
            None,
        )
        summary = gathered(
            partial(
                fit_lines,
                " ".join((short, *game.notes_of(number))),
                s - 12,
                s - BAND - SUMMARY_TOP - SUMMARY_FOOT,
                7.5,
                fonts.REGULAR,
                what=f"actions.{action.key}.short",
                where=str(game.where.at(action, "short")) or action.source,
                min_size=6,
            ),
            None,
        )
        name_size = gathered(partial(_name_size, game, action), None)
        if title is not None and summary is not None and name_size is not None:
            out.append(SpaceText(number, name_size, title, summary))
    if gathered.problems:  # a summary is printed on every space of its action: report it once
        raise DataError(list(dict.fromkeys(gathered.problems)))
    return tuple(out)


def _name_size(game: PirateFleetsGame, action: Action) -> float:
    """The size the action's name is set at in a space's band: :data:`NAME_SIZE`, smaller down
    to 6 pt where the band is too short, else a DataError at the name."""
    return fit_line(
        action.name.upper(),
        game.space_size - 2 * NAME_CLEAR,
        NAME_SIZE,
        fonts.BOLD,
        what=f"actions.{action.key}.name",
        where=str(game.where.at(action, "name")) or action.source,
    ).size


@dataclass(frozen=True)
class PirateFleetsBoard:
    """The square board of action spaces; tiled only between whole spaces."""

    game: PirateFleetsGame
    text: tuple[SpaceText, ...]
    """Every space's words, fitted (:func:`board_text`)."""
    title: str = "Pirate Fleets board"
    grid: GridPromise | None = None
    _side: int = field(default=0, init=False)
    _track: TurnTrack = field(default=TurnTrack(1, 1, 0.0, 0.0), init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_side", board_side(self.game))
        object.__setattr__(self, "_track", turn_track(self.game))

    @property
    def width(self) -> float:
        return self._side * self.game.space_size + 2 * FRAME

    @property
    def height(self) -> float:
        return self._side * self.game.space_size + 2 * FRAME + HEADER + self.grid_y - FRAME

    @property
    def grid_y(self) -> float:
        """The bottom edge of the spaces (the turn track lies below it)."""
        return FRAME + self._track.height + TRACK_GAP

    @property
    def cuts_x(self) -> tuple[float, ...]:
        return tuple(FRAME + i * self.game.space_size for i in range(1, self._side))

    @property
    def cuts_y(self) -> tuple[float, ...]:
        """Between whole spaces; a turn track of more than one row may be cut between its rows
        and between it and the spaces too."""
        spaces = tuple(self.grid_y + i * self.game.space_size for i in range(1, self._side))
        track = self._track
        if track.rows == 1:
            return spaces
        rows = tuple(FRAME + i * track.row for i in range(1, track.rows))
        return (*rows, self.grid_y - TRACK_GAP / 2, *spaces)

    def space_box(self, column: int, row: int) -> tuple[float, float]:
        """Lower-left of the space at ``column`` (0 left), ``row`` (0 top)."""
        s = self.game.space_size
        return (FRAME + column * s, self.grid_y + (self._side - 1 - row) * s)

    @property
    def marked(self) -> bool:
        """Whether the board prints anything the rules do not give (the turn track)."""
        return self.game.ours.of("turn_track")

    def at_scale(self, scale: float) -> WordsAtLeast:
        """The board printed small (its assembly page): strings under 6 pt as printed left out."""
        return WordsAtLeast(self, scale)

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
            f"{t.players.min}–{t.players.max} players: spaces 1–{t.spaces}"
            for t in self.game.scaling
        )
        canvas.drawString(FRAME, top - 36, tiers + "   (thick lines mark each block)")
        canvas.drawRightString(
            self.width - FRAME, top - 22, "P: pawn spaces (square)   D: danger-disk spaces (round)"
        )
        if self.marked:
            canvas.drawRightString(self.width - FRAME, top - 36, NOTE)
        words: Mapping[int, SpaceText] = {t.number: t for t in self.text}
        for number, (column, row) in sorted(space_cells(self.game).items()):
            self._space(canvas, words[number], column, row)
        self._blocks(canvas)
        self._turn_track(canvas)
        canvas.restoreState()

    def _turn_track(self, canvas: Canvas) -> None:
        """Boxes for turns 1…``turns``, at least a marker's width each, in rows read from the
        top (:func:`~pnpkit.games.pirate_fleets.rules.turn_track`), under a title line."""
        turns = self.game.turns
        track = self._track
        box, h = track.box, track.row
        top = FRAME + track.height
        canvas.setFillColorRGB(0.1, 0.1, 0.1)
        canvas.setFont(fonts.BOLD, 10)
        canvas.drawString(FRAME, top - 10, self.game.turn_track_title)
        canvas.setFont(fonts.REGULAR, 8)
        canvas.drawString(
            FRAME + 80,
            top - 10,
            f"Move the turn marker on after every turn; the game ends after turn {turns}.",
        )
        canvas.setLineWidth(1.2)
        for i in range(turns):
            row, column = divmod(i, track.per_row)
            x = FRAME + column * box
            y = top - TRACK_TITLE - (row + 1) * h
            canvas.setFillColorRGB(0.99, 0.97, 0.9)
            canvas.setStrokeColorRGB(0.2, 0.2, 0.2)
            canvas.rect(x, y, box, h, stroke=1, fill=1)
            canvas.setFillColorRGB(0.75, 0.68, 0.55)
            canvas.setFont(fonts.BOLD, 30)
            canvas.drawCentredString(x + box / 2, y + h / 2 - 10, str(i + 1))
            canvas.setFillColorRGB(0.2, 0.2, 0.2)
            canvas.setFont(fonts.SEMIBOLD, 7)
            canvas.drawCentredString(x + box / 2, y + h - 9, f"TURN {i + 1}")

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

    def _space(self, canvas: Canvas, words: SpaceText, column: int, row: int) -> None:
        number = words.number
        space = self.game.space(number)
        action = self.game.action(space.action)
        s = self.game.space_size
        x, y = self.space_box(column, row)
        colour = hex_rgb(action.colour)
        canvas.setFillColorRGB(*tint(colour, 0.8))
        canvas.setStrokeColorRGB(0.2, 0.2, 0.2)
        canvas.setLineWidth(0.8)
        canvas.rect(x, y, s, s, stroke=1, fill=1)
        canvas.setFillColorRGB(*colour)
        canvas.rect(x, y + s - BAND, s, BAND, stroke=0, fill=1)
        ink = ink_for(colour)
        canvas.setFillColorRGB(*ink)
        canvas.setFont(fonts.BOLD, 15)
        canvas.drawString(x + 5, y + s - 17, str(number))
        canvas.setFont(fonts.BOLD, words.name_size)
        canvas.drawCentredString(x + s / 2, y + s - 15, action.name.upper())
        self._type_badge(canvas, space.type, x + s - 13, y + s - 11, ink, colour)
        canvas.setFillColorRGB(0, 0, 0)
        draw_fitted(canvas, words.title, x + 5, y + s - BAND - 3, s - 10)
        canvas.setFont(fonts.BOLD, 18)
        canvas.drawCentredString(x + s / 2, y + s - BAND - 45, f"TN {space.target}")
        draw_fitted(canvas, words.summary, x + 6, y + s - BAND - SUMMARY_TOP, s - 12)
        tier = tier_of(self.game, number)
        canvas.setFont(fonts.SEMIBOLD, 6.5)
        canvas.setFillColorRGB(0.15, 0.15, 0.15)
        if tier is not None:
            canvas.drawString(x + 5, y + 5, f"{tier[0]}+ players")
        for extra in self.game.optional_spaces:
            if extra.number == number:
                canvas.drawRightString(
                    x + s - 5, y + 5, f"optional for {extra.players.min}–{extra.players.max}"
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
