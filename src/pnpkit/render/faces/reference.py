"""A reference card's face: a title bar, titled blocks of lines, a footer; one side of a card.

Every game with a reference card draws it here (the built-in ``cards/reference.svg.j2``), so
the card games' reference cards are one design with their own words and accent colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnpkit.model.cards import CardSize
from pnpkit.render.faces.face import SvgFace
from pnpkit.render.faces.renderer import FaceRenderer

Block = tuple[str, list[str]]
"""A block: its heading and its lines."""


@dataclass(frozen=True, slots=True)
class ReferenceStyle:
    """How a game's reference card looks: the accent colour and the text sizes (points)."""

    accent: str
    size: float = 9.0
    min_size: float = 6.0


def reference_face(
    renderer: FaceRenderer,
    card: CardSize,
    style: ReferenceStyle,
    *,
    title: str,
    blocks: Sequence[Block],
    footer: str,
    name: str,
    source: str,
) -> SvgFace:
    """One side of a reference card, ``card`` sized; too much text is a DataError at ``source``
    naming ``name`` and the field."""
    return renderer.render(
        "cards/reference.svg.j2",
        card.width,
        card.height,
        {
            "title": title,
            "blocks": [(head, list(lines)) for head, lines in blocks],
            "footer": footer,
            "accent": style.accent,
            "size": style.size,
            "min_size": style.min_size,
        },
        name=name,
        source=source,
    )
