"""A face drawn from a layout: a display list, painted onto the page with ReportLab's canvas
calls (:func:`pnpkit.render.vector.paint`) in the process that draws the page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpkit.errors import Location
from pnpkit.render import fonts
from pnpkit.render.vector import FontNames, Group, Item, Plain, Svg, Words, paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

NOWHERE = Location("<data>")
NAMES = FontNames(fonts.REGULAR, fonts.BOLD, fonts.ITALIC)


@dataclass(frozen=True, slots=True)
class LayoutFace(Plain):
    """A laid-out face of ``width`` × ``height`` points: its display list (y down from the
    top-left corner), and the name and place its problems are reported at."""

    width: float
    height: float
    items: tuple[Item, ...]
    name: str = ""
    where: Location = NOWHERE
    background: str | None = None
    """The colour its layout's background gave it (a sheet carries it into the bleed of a
    shaped token), or None."""

    def draw(self, canvas: Canvas) -> None:
        fonts.register()
        for face in self.faces:
            fonts.register_face(face)
        paint(canvas, self.items, self.height, NAMES)

    @property
    def faces(self) -> frozenset[str]:
        """The faces its words are set in beyond the four of Source Sans Pro (a serif, a
        display face, a game's own font), which must be registered before they are drawn."""
        return frozenset(_faces(self.items)) - frozenset(fonts.FACES)

    def words(self) -> str:
        """Every word the face sets as text, in the order drawn."""
        return " ".join(_words(self.items))

    def __fingerprint__(self) -> str:
        """What the face is drawn from (every item, in order), for rebuilds."""
        return f"{self.width:.4f}x{self.height:.4f}:{self.items!r}"


def _words(items: tuple[Item, ...]) -> list[str]:
    found: list[str] = []
    for item in items:
        if isinstance(item, Words):
            found.append(item.text)
        elif isinstance(item, Group):
            found += _words(item.items)
        elif isinstance(item, Svg):
            continue
    return found


def _faces(items: tuple[Item, ...]) -> set[str]:
    found: set[str] = set()
    for item in items:
        if isinstance(item, Words) and item.font:
            found.add(item.font)
        elif isinstance(item, Group):
            found |= _faces(item.items)
    return found
