"""Drawing a component smaller than 1:1 without printing words nobody can read.

An assembly page shows a whole chart or board at 40–50 %; a rulebook shows a chart as a
thumbnail. Their 6.5 pt cell labels would print at 3 pt there, under the 6 pt that
:mod:`pnpkit.verify` holds every PDF to. Layout asks :func:`at_scale` what to draw for an item it
scales: an item that knows it is a picture first and words second says so with an
``at_scale(scale)`` method returning its reduced self; any other item is drawn as it is, and
verify reports its small words, so nothing is left out that the designer did not allow.

:class:`WordsAtLeast` is the reduced self of an item drawn straight onto a ReportLab canvas
(a board): it hands the item a canvas that skips every string (``drawString``,
``drawCentredString``, ``drawRightString``) whose font size, times the scale the item is drawn
at, would print under :data:`~pnpkit.verify.promises.MIN_TEXT_SIZE`. A display-list item (a
game's chart drawing) is :class:`Reducible`: it leaves its small words out of the list instead.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pnpkit.render.drawable import Drawable
from pnpkit.verify.promises import MIN_TEXT_SIZE

TOLERANCE = 0.005


@runtime_checkable
class Reducible(Protocol):
    """An item that knows what to draw of itself at a scale under 1:1 (its words that would print
    under 6 pt left out)."""

    def at_scale(self, scale: float) -> Drawable: ...


def at_scale(item: Drawable, scale: float) -> Drawable:
    """What to draw for ``item`` scaled by ``scale``: ``item.at_scale(scale)`` when the item
    is :class:`Reducible` and is drawn smaller than 1:1, else the item itself."""
    if scale < 1.0 and isinstance(item, Reducible):
        return item.at_scale(scale)
    return item


def legible(size: float, scale: float) -> bool:
    """Whether ``size`` pt type drawn at ``scale`` prints at 6 pt or more."""
    return size * scale >= MIN_TEXT_SIZE - TOLERANCE


class _Canvas:
    """A ReportLab canvas that leaves out strings too small to read at the drawing's scale.

    It follows ``setFont``, ``saveState``/``restoreState``, ``scale`` and ``transform`` to know
    the size and scale in force; everything else goes to the canvas unchanged."""

    def __init__(self, canvas: Any, scale: float) -> None:
        self._canvas = canvas
        self._size = float(getattr(canvas, "_fontsize", 10.0))
        self._scale = scale
        self._stack: list[tuple[float, float]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._canvas, name)

    def setFont(self, name: str, size: float, *args: Any, **kwargs: Any) -> None:
        self._size = float(size)
        self._canvas.setFont(name, size, *args, **kwargs)

    def saveState(self) -> None:
        self._stack.append((self._size, self._scale))
        self._canvas.saveState()

    def restoreState(self) -> None:
        if self._stack:
            self._size, self._scale = self._stack.pop()
        self._canvas.restoreState()

    def scale(self, x: float, y: float) -> None:
        self._scale *= math.sqrt(abs(x * y))
        self._canvas.scale(x, y)

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        self._scale *= math.sqrt(abs(a * d - b * c))
        self._canvas.transform(a, b, c, d, e, f)

    def _shows(self) -> bool:
        return legible(self._size, self._scale)

    def drawString(self, *args: Any, **kwargs: Any) -> None:
        if self._shows():
            self._canvas.drawString(*args, **kwargs)

    def drawCentredString(self, *args: Any, **kwargs: Any) -> None:
        if self._shows():
            self._canvas.drawCentredString(*args, **kwargs)

    def drawRightString(self, *args: Any, **kwargs: Any) -> None:
        if self._shows():
            self._canvas.drawRightString(*args, **kwargs)


@dataclass(frozen=True, slots=True)
class WordsAtLeast:
    """``item`` to be drawn at ``scale``, its strings under 6 pt (as printed) left out."""

    item: Drawable
    scale: float

    @property
    def width(self) -> float:
        return self.item.width

    @property
    def height(self) -> float:
        return self.item.height

    def draw(self, canvas: Any) -> None:
        self.item.draw(_Canvas(canvas, self.scale))
