"""The built-in front of a designer's card (``template: generic``), as a layout.

Its parts are placed by proportions of the card: ``u`` is one point of a poker card (180 × 252
pt) at the card's size, so the front works at any size, and no text is set under 6 pt: on a small
card the lines above and below the text keep the room their type takes. Which parts a card shows
(its value, kind, picture or emblem, numbers' line) moves the ones below them, so the layout is
made for the card's size and the parts it shows (:func:`front_layout`), once for each such
shape; :func:`front_geometry` is the arithmetic, which the loader also asks whether a card size
leaves the text any room (``pnpkit.games.cardgame.load``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from pnpkit.model.face_layout import (
    Box,
    IconElement,
    ImageElement,
    Layout,
    ShapeElement,
    Span,
    TextElement,
)
from pnpkit.render.colour import mix

FRONT = "built-in front"
"""The layout name a face's template gives for the built-in front (``layout:built-in front``:
no layout of a game's data can be named so)."""
PAPER = "#fbf7ee"
"""The card's paper: its words print in the accent on it, and in it on the accent."""
FOOTER_INK = "#555555"


@dataclass(frozen=True, slots=True)
class FrontGeometry:
    """Where the built-in front's parts go on a ``w`` × ``h`` pt card, y down, in points."""

    u: float
    pad: float
    band: float
    kind_y: float
    """The kind's baseline."""
    kind_size: float
    art_top: float
    art_r: float
    text_top: float
    text_bottom: float
    stats_y: float
    stats_size: float
    footer_size: float


def front_geometry(w: float, h: float, *, kind: bool, art: bool, stats: bool) -> FrontGeometry:
    """The front's arithmetic for a card that shows a kind, a picture or emblem (``art``) and
    a numbers' line as told."""
    u = min(w / 180, h / 252)
    pad, band = 14 * u, 40 * u
    top = pad + band
    kind_size, stats_size, footer_size = max(9 * u, 6), max(8 * u, 6), max(6 * u, 6)
    kind_y = top + kind_size * 14 / 9
    art_top = kind_y + 6 * u if kind else top + 8 * u
    art_r = min(30 * u, (h - art_top) * 0.16)
    text_top = art_top + 2 * art_r + 8 * u if art else art_top
    stats_y = h - pad - 2 * footer_size
    text_bottom = stats_y - 1.5 * stats_size if stats else h - pad - 2 * footer_size
    return FrontGeometry(
        u, pad, band, kind_y, kind_size, art_top, art_r, text_top, text_bottom, stats_y,
        stats_size, footer_size,
    )  # fmt: skip


def front_layout(w: float, h: float, values: Mapping[str, object]) -> Layout:
    """The built-in front for a card of ``w`` × ``h`` pt with ``values`` (its name, kind,
    value, text, icon, accent, picture, stats and footers)."""
    footers = values.get("footers", ())
    return _front(
        w,
        h,
        bool(values.get("value")),
        bool(values.get("kind")),
        bool(values.get("picture")),
        bool(values.get("icon")),
        bool(values.get("stats")),
        str(values.get("accent", "#000000")),
        tuple(str(f) for f in footers) if isinstance(footers, tuple) else (),
        str(values.get("picture_field", "picture")),
    )


def _at(x: float, y: float, w: float, h: float, **more: object) -> Box:
    return Box(Span(x), Span(y), Span(w), Span(h), **more)  # type: ignore[arg-type]


def _line(baseline: float, size: float) -> tuple[float, float]:
    """The top and height of a one-line box whose text, at ``size``, sits on ``baseline``."""
    return baseline - 0.8 * size, size


@functools.lru_cache(maxsize=256)
def _front(
    w: float,
    h: float,
    value: bool,
    kind: bool,
    picture: bool,
    icon: bool,
    stats: bool,
    accent: str,
    footers: tuple[str, ...],
    picture_field: str,
) -> Layout:
    g = front_geometry(w, h, kind=kind, art=picture or icon, stats=stats)
    u, pad, band = g.u, g.pad, g.band
    m, r = 7 * u, 15 * u
    side = 2 * r + 6 * u if value else 6 * u
    elements: list[object] = [
        ShapeElement("rect", _at(0, 0, w, h), fill=mix(accent, PAPER, 0.9)),
        ShapeElement(
            "rect", _at(m, m, w - 2 * m, h - 2 * m), fill=PAPER, stroke=accent,
            stroke_width=3 * u, radius=8 * u,
        ),
        ShapeElement("rect", _at(pad, pad, w - 2 * pad, band), fill=accent, radius=4 * u),
        TextElement(
            "{name}", _at(pad + side, pad + 2 * u, w - 2 * (pad + side), band - 4 * u),
            size=15 * u, min_size=max(9 * u, 6), weight="bold", colour="#ffffff",
            align="center", valign="middle",
        ),
    ]  # fmt: skip
    if value:
        cx, cy = pad + 3 * u + r, pad + band / 2
        top, tall = _line(cy + 5 * u, 14 * u)
        elements += [
            ShapeElement("ellipse", _at(cx - r, cy - r, 2 * r, 2 * r), fill=PAPER),
            TextElement(
                "{value}", _at(cx - 0.875 * r, top, 1.75 * r, tall), size=14 * u,
                min_size=max(8 * u, 6), weight="bold", colour=accent, align="center",
            ),
        ]  # fmt: skip
    if kind:
        top, tall = _line(g.kind_y, g.kind_size)
        elements.append(
            TextElement(
                "{kind}", _at(pad + 3 * u, top, w - 2 * pad - 6 * u, tall), size=g.kind_size,
                min_size=max(6 * u, 6), weight="semibold", colour=accent, align="center",
            )
        )  # fmt: skip
    if picture:
        elements.append(
            ImageElement(f"{{{picture_field}}}", _at(pad, g.art_top, w - 2 * pad, 2 * g.art_r))
        )
    elif icon:
        a = g.art_r
        e = a * 2 / 3
        elements += [
            ShapeElement(
                "ellipse", _at(w / 2 - a, g.art_top, 2 * a, 2 * a), fill=mix(accent, PAPER, 0.82)
            ),
            IconElement("{icon}", _at(w / 2 - e, g.art_top + a - e, 2 * e, 2 * e), colour=accent),
        ]
    elements.append(
        TextElement(
            "{text}", _at(pad + 8 * u, g.text_top, w - 2 * (pad + 8 * u),
            max(g.text_bottom - g.text_top, 0.01)), size=11 * u, min_size=max(7 * u, 6),
            align="center",
        )
    )  # fmt: skip
    if stats:
        top, tall = _line(g.stats_y, g.stats_size)
        elements.append(
            TextElement(
                "{stats}", _at(pad + 4 * u, top, w - 2 * pad - 8 * u, tall), size=g.stats_size,
                min_size=max(6 * u, 6), weight="semibold", colour=accent, align="center",
            )
        )  # fmt: skip
    if footers:
        top, tall = _line(h - pad, g.footer_size)
        elements.append(
            TextElement(
                footers, _at(pad + 4 * u, top, w - 2 * pad - 8 * u, tall), size=g.footer_size,
                colour=FOOTER_INK, align="center",
            )
        )  # fmt: skip
    return Layout(tuple(elements), name=FRONT)  # type: ignore[arg-type]
