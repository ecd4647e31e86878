"""A designer's tokens (``tokens:`` in ``game.yaml``): each set's faces laid out from its
layouts, with no drawing library (``check`` lays them out as ``build`` does);
:mod:`pnpkit.games.cardgame.token_sheets` prints them on ``<set>-tokens.pdf``.

A set has one shape and one size. Its faces are laid out as a card's are
(:class:`~pnpkit.render.face_layout.draw.LayoutPainter`, every problem at its place in the data)
on a face of the token's size:

- ``round`` (``size`` the diameter) and ``hex`` (``size`` across the flats; flat top, the face
  as wide as the hex across its corners): packed on the sheet, round rows nested and hexes
  interlocked in offset columns (:func:`~pnpkit.layout.packing.counter_sheets_of`), each face
  clipped to its shape :data:`BLEED` outside its cut line, and the cut line drawn round it. A
  round cut line is a polygon of :data:`ROUND_SIDES` sides drawn round the circle (its corners
  stray 0.005 mm from the circle on a 0.75 in token, 0.02 mm on a 3 in one), so that its
  upright and level sides stand exactly one diameter apart: verify measures every token by
  them (a hex by its level sides).
- ``square``: cut on a shared grid as cards are (:func:`~pnpkit.layout.cards.impose_cards`),
  every column and row measured by verify.
- ``tent``: the front, a fold line and the back turned upside down, in one piece (folded, it
  stands); ``standee``: a figure with a base tab below it to fold or slot into a stand, and
  with a back, the back turned upside down above it, its own tab at the top: fold in the
  middle, glue, fold the two tabs out. Both print on the card grid, single-sided.

Fronts and backs of round, hex and square tokens print duplex for a long-edge flip (or fold
over) as cards do; a set without ``back`` is single-sided. A proof draws each face in its
shape (:func:`proof_outline`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpkit.errors import DataError, Problem
from pnpkit.games.cardgame.model import CardGame, GenericCard, TokenSet
from pnpkit.layout.geometry import Rect, flat_hex
from pnpkit.layout.imposition import card_problem
from pnpkit.layout.marks import fold_line
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.layout.proof import RECT, Outline
from pnpkit.load.face_layouts import LAYOUT
from pnpkit.load.markup import plain
from pnpkit.model.cards import Card, CardSize, Deck, Face
from pnpkit.model.face_layout import Layout, fields_named
from pnpkit.render.drawable import Drawable
from pnpkit.render.face_layout.draw import LayoutPainter
from pnpkit.render.face_layout.face import LayoutFace
from pnpkit.render.faces.decks import element_places, merged_failures
from pnpkit.render.faces.renderer import FaceRenderer
from pnpkit.render.typeset import location_of
from pnpkit.units import INCH, MM

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

BLEED = 1 * MM
"""How far a round or hex face is drawn past its cut line (less than half the gap between
two tokens, so neighbours never overlap)."""
ROUND_SIDES = 96
"""The sides of a round token's cut line (a multiple of 4: upright and level sides)."""
CUT_ROOM = 1.2 * BLEED
"""Points a round or hex token's piece keeps round its cut line: room for the bleed (and a
hex's corners past it), which a face cannot draw outside its piece."""
STANDEE_BASE = 0.5 * INCH
"""The depth of a standee's base tab."""
TAB_FILL = (0.9, 0.9, 0.9)
"""The grey of a standee's base tabs."""
PACKED = ("round", "hex")
"""Shapes packed in rows; the others print on the card grid."""
FOLDED = ("tent", "standee")
"""Shapes whose back prints in the same piece as the front, folded over."""

Pair = tuple[Drawable, Drawable | None]


@dataclass(frozen=True, slots=True)
class LaidTokens:
    """A token set with every printed token's ``(front, back)`` (copies included, a design
    laid out once); ``back`` is None for a single-sided or folded token."""

    tokens: TokenSet
    faces: list[Pair]


def face_size(tokens: TokenSet) -> tuple[float, float]:
    """The width and height of one face, as its layout sees it: a hex is as wide as it is
    across its corners (``size`` is across its flats)."""
    width, height = tokens.size
    if tokens.shape == "hex":
        return height * 2 / math.sqrt(3), height
    return width, height


def piece_size(tokens: TokenSet) -> tuple[float, float]:
    """The width and height a token takes on the sheet (a hex in the square of its width; a
    tent or standee with its back and tabs)."""
    w, h = face_size(tokens)
    if tokens.shape in PACKED:
        return w + 2 * CUT_ROOM, w + 2 * CUT_ROOM
    if tokens.shape == "tent":
        return w, 2 * h
    if tokens.shape == "standee":
        return (w, 2 * h + 2 * STANDEE_BASE) if tokens.back else (w, h + STANDEE_BASE)
    return w, h


# --- faces -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShapedFace:
    """A round or hex token's face, centred in its square piece and clipped to its shape
    :data:`BLEED` outside the cut line."""

    face: LayoutFace
    shape: str
    width: float
    height: float
    background: str | None = None
    """The layout's background, carried over the whole shape and its bleed."""

    def draw(self, canvas: Canvas) -> None:
        canvas.saveState()
        path = canvas.beginPath()
        if self.shape == "round":
            path.circle(self.width / 2, self.height / 2, self.face.width / 2 + BLEED)
        else:
            points = hex_corners(Rect.of(0.0, 0.0, self.width, self.height), BLEED)
            path.moveTo(*points[0])
            for point in points[1:]:
                path.lineTo(*point)
            path.close()
        if self.background is not None:
            canvas.setFillColor(self.background)
            canvas.drawPath(path, stroke=0, fill=1)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.translate((self.width - self.face.width) / 2, (self.height - self.face.height) / 2)
        self.face.draw(canvas)
        canvas.restoreState()


@dataclass(frozen=True, slots=True)
class FoldedFace:
    """A tent or standee as one piece: the front upright, above it (folded at its top edge)
    the back turned upside down, and for a standee a base tab under each (see the module)."""

    front: LayoutFace
    back: LayoutFace | None
    base: float
    width: float
    height: float

    def draw(self, canvas: Canvas) -> None:
        w, h, b = self.front.width, self.front.height, self.base
        if not b:  # a tent folds at the front's top edge, back or none
            folds = [h]
        else:
            folds = [b, b + h, b + 2 * h] if self.back is not None else [b]
            canvas.saveState()
            canvas.setFillColorRGB(*TAB_FILL)
            canvas.rect(0, 0, w, b, stroke=0, fill=1)
            if self.back is not None:
                canvas.rect(0, self.height - b, w, b, stroke=0, fill=1)
            canvas.restoreState()
        canvas.saveState()
        canvas.translate(0.0, b)
        self.front.draw(canvas)
        canvas.restoreState()
        if self.back is not None:
            canvas.saveState()
            canvas.translate(w, b + 2 * h)
            canvas.rotate(180)
            self.back.draw(canvas)
            canvas.restoreState()
        for y in folds:
            fold_line(canvas, 0.0, y, w, y)


def token_faces(game: CardGame, settings: PrintSettings) -> list[LaidTokens]:
    """Every token set with its faces laid out; a DataError lists every face that cannot be
    printed and every set too big for the paper ``settings`` ask for, each at its place."""
    renderer = FaceRenderer(game_dir=Path(game.folder) if game.folder else None)
    painter = LayoutPainter(renderer)
    layouts = {layout.name: layout for layout in game.layouts}
    problems: list[Problem] = []
    out: list[LaidTokens] = []
    for index, tokens in enumerate(game.tokens):
        misfit = _misfit(tokens, f"tokens[{index}].size", settings)
        if misfit is not None:
            problems.append(misfit)
            continue
        laid: list[Pair] = []
        common: dict[str, Drawable] = {}
        for token in tokens.tokens:
            try:
                pair = _token(painter, layouts, tokens, token, common)
            except DataError as exc:
                problems.extend(exc.problems)
                continue
            laid += [pair] * token.copies
        out.append(LaidTokens(tokens, laid))
    if problems:
        raise DataError(merged_failures(problems, element_places(layouts.values()), "token"))
    return out


def _misfit(tokens: TokenSet, field: str, settings: PrintSettings) -> Problem | None:
    """Why the set's pieces cannot be printed on the paper ``settings`` ask for, at its
    ``size``; None when they can."""
    width, height = piece_size(tokens)
    where = location_of(dict(tokens.sources).get("size", tokens.source))
    two_sided = bool(tokens.back) and tokens.shape not in FOLDED
    misfit = card_problem(settings.imposition, width, height, where, field, backs=two_sided)
    if misfit is None:
        return None
    if (width, height) != face_size(tokens):
        piece = f"{width / INCH:.2f} × {height / INCH:.2f} in"
        what = "with its back and base tabs" if tokens.shape == "standee" else "with its back"
        if tokens.shape in PACKED:
            what = "with its cut line"
        said = f"each {tokens.shape} token prints as a {piece} piece ({what}): {misfit.message}"
        return replace(misfit, message=said)
    return misfit


def values_of(tokens: TokenSet, token: GenericCard) -> tuple[tuple[str, object], ...]:
    """What a token's layouts see: its built-in fields, its set's title and accent colour, and
    the fields its set declares."""
    return (
        ("name", token.name),
        ("kind", token.kind),
        ("value", token.value),
        ("text", token.text),
        ("icon", token.icon),
        ("accent", token.colour or tokens.colour),
        ("title", tokens.title),
        *token.fields,
    )


def _token(
    painter: LayoutPainter,
    layouts: dict[str, Any],
    tokens: TokenSet,
    token: GenericCard,
    common: dict[str, Drawable],
) -> Pair:
    """One token's printed ``(front, back)``; a DataError names every problem of both. A back
    whose layout names no field is the same for every token: the one of ``common`` (a set's
    common back, as a deck's: a single-sided sheet leaves it out)."""
    w, h = face_size(tokens)
    values = dict(values_of(tokens, token))
    problems: list[Problem] = []

    def side(name: str, what: str) -> LayoutFace | None:
        layout = layouts.get(name[len(LAYOUT) :]) if name else None
        if layout is None:  # none, or one that could not be read (its problems said)
            return None
        try:
            return painter.face(
                layout,
                w,
                h,
                values,
                name=f"{token.name}{what}",
                source=token.source,
                field_sources=dict(token.sources),
                kind="token",
            )
        except DataError as exc:
            problems.extend(exc.problems)
            return None

    front = side(token.template or tokens.front, "")
    back = side(token.back or tokens.back, " (back)")
    if problems or front is None:
        raise DataError(problems)
    width, height = piece_size(tokens)
    if tokens.shape in FOLDED:
        base = STANDEE_BASE if tokens.shape == "standee" else 0.0
        return FoldedFace(front, back, base, width, height), None

    def piece(face: LayoutFace) -> Drawable:
        if tokens.shape in PACKED:
            return ShapedFace(face, tokens.shape, width, height, face.background)
        return face

    if back is None:
        return piece(front), None
    named = token.back or tokens.back
    layout = layouts[named[len(LAYOUT) :]]
    if fields_named(layout):
        return piece(front), piece(back)
    return piece(front), common.setdefault(named, piece(back))


def unused_token_fields(game: CardGame) -> list[str]:
    """One line for each token set that declares fields none of its layouts prints (``check``
    prints these; they stop nothing)."""
    layouts = {layout.name: layout for layout in game.layouts}
    lines: list[str] = []
    for index, tokens in enumerate(game.tokens):
        names = {tokens.front, tokens.back}
        names |= {n for token in tokens.tokens for n in (token.template, token.back) if n}
        used: set[str] = set()
        for name in names:
            layout = layouts.get(name[len(LAYOUT) :]) if name else None
            used |= fields_named(layout) if layout is not None else set()
        unused = [spec.name for spec in tokens.fields if spec.name not in used]
        if unused:
            them = "it" if len(unused) == 1 else "them"
            lines.append(
                f"{tokens.source}: tokens[{index}].fields: not printed: {', '.join(unused)}: "
                f"no layout of the set names {them}; name {them}, or remove {them}"
            )
    return lines


# --- decks, for the exports ------------------------------------------------------------------

BLANK = "-blank"
"""The layout of the back of a single-sided token in the exports: nothing drawn (no name a
game's ``layouts:`` may hold starts with ``-``)."""


def token_decks(game: CardGame) -> list[Deck]:
    """Every token set as a deck of its token faces (``<set>-tokens``, its ``token_shape`` the
    set's shape), for the print-shop and Tabletop Simulator exports and the proofs: each token
    a card of the face's size with its own back (blank for a single-sided set)."""
    layouts = (*game.layouts, Layout(name=BLANK))
    decks: list[Deck] = []
    for tokens in game.tokens:
        w, h = face_size(tokens)
        blank = Face(LAYOUT + BLANK, (), tokens.source)
        cards = []
        for token in tokens.tokens:
            values = values_of(tokens, token)
            back = token.back or tokens.back
            cards.append(
                Card(
                    token.key,
                    plain(token.name),
                    Face(token.template or tokens.front, values, token.source, token.sources),
                    token.copies,
                    Face(back, values, token.source, token.sources) if back else blank,
                )
            )
        size = CardSize(tokens.shape, w, h)
        key, title = f"{tokens.key}-tokens", plain(tokens.title)
        decks.append(Deck(key, title, size, tuple(cards), blank, layouts, tokens.shape))
    return decks


PROOF_OUTLINES = {
    "round": Outline("round"),
    "hex": Outline("hex"),
    "tent": Outline("tent"),
    "standee": Outline("standee", STANDEE_BASE),
}
"""How a proof draws each shape's faces (a square token's as a card's)."""


def proof_outline(shape: str) -> Outline:
    """How a proof draws the faces of a deck of tokens of ``shape`` (its ``token_shape``, set
    by :func:`token_decks`); a card's (no shape) is a rectangle."""
    return PROOF_OUTLINES.get(shape, RECT)


def hex_corners(box: Rect, grown: float) -> list[tuple[float, float]]:
    """The corners of the flat-topped hex centred in the piece ``box`` (as wide as the box less
    :data:`CUT_ROOM` each side), its flats moved ``grown`` outwards."""
    cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    across = (box.width / 2 - CUT_ROOM) * math.sqrt(3) + 2 * grown  # across the flats
    return flat_hex(cx, cy, across / 2)
