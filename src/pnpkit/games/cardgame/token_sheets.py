"""A designer's token sets on paper: ``<set>-tokens.pdf`` for every set whose faces
:mod:`pnpkit.games.cardgame.tokens` laid out (kept apart from it: laying faces out, as ``check``
does, loads no drawing library).

Round tokens are packed in nested rows and hex tokens interlocked in offset columns
(:func:`~pnpkit.layout.packing.counter_sheets_of`), and each front gets its cut line
(:func:`with_cuts`): a round token's is a polygon of
:data:`~pnpkit.games.cardgame.tokens.ROUND_SIDES` sides round its circle, whose upright and
level sides stand one diameter apart, a hex's its six sides, 0.1 in from its neighbours' all
round; every token promises its size, measured by verify from those sides. Square tokens, tents and
standees print on the card grid (:func:`~pnpkit.layout.cards.impose_cards`), every column and
row measured; a two-sided standee also promises its figure's height between its fold lines.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

from pnpkit.games.cardgame.marks import tokens_marked
from pnpkit.games.cardgame.model import CardGame, TokenSet
from pnpkit.games.cardgame.tokens import (
    CUT_ROOM,
    FOLDED,
    PACKED,
    ROUND_SIDES,
    LaidTokens,
    Pair,
    face_size,
    hex_corners,
    piece_size,
)
from pnpkit.layout.cards import COUNTER_GAP, backs_of, impose_cards, paint, sheet_printing
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect
from pnpkit.layout.imposition import Duplex, Imposition
from pnpkit.layout.marks import FOLD_COLOR
from pnpkit.layout.packing import Shape, counter_sheets_of
from pnpkit.layout.plan import DocumentPlan, Placement
from pnpkit.layout.print_settings import PrintSettings
from pnpkit.layout.sheet import Cuts, Faces, Line, Page, Sheet, Sheets, SizePromise, Step
from pnpkit.model.ours import NOTE

GAP = COUNTER_GAP - 2 * CUT_ROOM
"""Between two pieces: their cut lines stand :data:`~pnpkit.layout.cards.COUNTER_GAP`
(0.1 in) apart, as the bundled counters do."""


def token_documents(
    game: CardGame, laid: Sequence[LaidTokens], settings: PrintSettings
) -> list[DocumentPlan]:
    """``<set>-tokens.pdf`` for every token set that prints a token."""
    plans: list[DocumentPlan] = []
    for one in laid:
        if not one.faces:
            continue
        tokens = one.tokens
        title = f"{game.title}: {tokens.title}"
        label = f"{title} ({tokens.shape} tokens{'; ' + NOTE if tokens_marked(tokens) else ''})"
        pages = _pages(tokens, one.faces, settings.imposition, label)
        printing = sheet_printing(settings.imposition, one.faces, "tokens")
        if tokens.shape in FOLDED:
            printing = replace(printing, then=FOLDING[tokens.shape, bool(tokens.back)])
        name = f"{tokens.key}-tokens.pdf"
        plans.append(DocumentPlan(name, title, game.title, pages, printing))
    return plans


FOLDING = {
    ("tent", True): "Cut out the tents; fold each on its dashed line, printed sides out.",
    ("tent", False): "Cut out the tents; fold each on its dashed line, printed side out.",
    ("standee", True): "Cut out the standees; fold each in the middle and glue it back to "
    "back, then fold its two base tabs out opposite ways (or slot them into a stand).",
    ("standee", False): "Cut out the standees; fold each base tab back, or slot it into a stand.",
}
"""What the print guide says to do with a sheet of tents or standees (with a back or not)."""


def _pages(
    tokens: TokenSet, faces: list[Pair], imposition: Imposition, label: str
) -> Callable[[Document], None]:
    """What draws the set's sheets: round and hex tokens packed in rows, each front with its
    cut line; the rest on the card grid, a two-sided standee promising its three fold lines
    one figure's height apart (verify measures the figure)."""
    if tokens.shape in PACKED:
        side = piece_size(tokens)[0]
        if all(back is None for _, back in faces):  # no backs: no back pages
            imposition = replace(imposition, duplex=Duplex.NONE)

        def packed(doc: Document) -> None:
            shape: Shape = "round" if tokens.shape == "round" else "hex"
            sheets = counter_sheets_of(
                imposition,
                [side] * len(faces),
                [shape] * len(faces),
                backs_of(faces),
                label,
                GAP,
                CUT_ROOM,
            )
            paint(doc, with_cuts(sheets, tokens.shape, face_size(tokens), label), faces)

        return packed
    folds = tokens.shape == "standee" and bool(tokens.back)
    height = face_size(tokens)[1]

    def grid(doc: Document) -> None:
        placed = impose_cards(doc, faces, imposition, label=label)
        firsts: dict[int, Placement] = {}
        for placement in placed if folds else ():
            firsts.setdefault(placement.page, placement)
        for page, p in firsts.items():
            doc.promise_lines(
                what=f"{label}: standee height, page {page}",
                pitch=height,
                color=FOLD_COLOR,
                axis="y",
                bbox=(p.x - 1.0, p.y - 1.0, p.x + p.width + 1.0, p.y + p.height + 1.0),
                page=page,
            )

    return grid


def with_cuts(
    sheets: Sheets, shape: str, face: tuple[float, float], label: str
) -> Sheets:  # fmt: skip
    """``sheets`` with a cut line round every piece on each page of fronts, and the size of
    every piece there promised (a round token's diameter across and down, a hex's height
    across the flats), each measured between its own cut line's sides."""
    out: list[Sheet] = []
    for sheet in sheets.sheets:
        pages: list[Page] = []
        for page in sheet.pages:
            steps: list[Step] = list(page.steps)
            fronts = [s for s in page.steps if isinstance(s, Faces) and s.side == "front"]
            places = [place for step in fronts for place in step.places]
            if places:
                lines = tuple(line for p in places for line in outline(shape, p.box))
                steps.append(Cuts(lines))
                for n, place in enumerate(places):
                    steps += _promises(shape, place.box, face, f"{label}: token {n + 1}")
            pages.append(replace(page, steps=tuple(steps)))
        out.append(replace(sheet, pages=tuple(pages)))
    return replace(sheets, sheets=tuple(out))


def _promises(
    shape: str, box: Rect, face: tuple[float, float], what: str
) -> list[SizePromise]:  # fmt: skip
    cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    w, h = face[0] / 2 + 0.5, face[1] / 2 + 0.5  # the cut line's box, and no neighbour's
    near = (cx - w, cy - h, cx + w, cy + h)
    if shape == "round":
        return [
            SizePromise(f"{what} diameter across", face[0], "x", near),
            SizePromise(f"{what} diameter down", face[1], "y", near),
        ]
    return [SizePromise(f"{what} across the flats", face[1], "y", near)]


def outline(shape: str, box: Rect) -> list[Line]:
    """The cut line of a round or hex token whose piece is ``box``, as straight lines."""
    if shape == "round":
        cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
        r = (box.width / 2 - CUT_ROOM) / math.cos(math.pi / ROUND_SIDES)
        step = 2 * math.pi / ROUND_SIDES
        points = [
            (cx + r * math.cos((k + 0.5) * step), cy + r * math.sin((k + 0.5) * step))
            for k in range(ROUND_SIDES)
        ]
    else:
        points = hex_corners(box, 0.0)
    return [
        Line(*points[k], *points[(k + 1) % len(points)]) for k in range(len(points))
    ]  # fmt: skip
