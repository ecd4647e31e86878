"""Tabletop Simulator export: deck sheets, a back image and a JSON sidecar for every deck.

Tabletop Simulator's Custom Deck reads one image holding a grid of card faces, at most
10 columns by 7 rows, and keeps the LAST slot of the grid (bottom right) for the "hidden"
card — the face other players see while a card is in someone's hand. So a sheet holds at most
69 cards; a deck with more distinct designs gets more sheets.

``output/<game>/tts/``:

- ``<deck>-faces.png`` (``<deck>-faces-2.png``… past 69 designs): each distinct front once, in
  deck order, left to right and top to bottom, :data:`DPI` dpi; the grid is as small as the
  deck allows (``columns = min(10, designs + 1)``, then as few rows as hold the designs plus
  the hidden slot); the hidden slot shows the deck's back; unused slots are white;
- ``<deck>-back.png``: the common back (or ``<deck>-backs.png``, a sheet on the same grid as
  the faces, when cards have backs of their own: TTS's "unique backs");
- ``<deck>.json``: the grid of every sheet (``columns``, ``rows``, ``count`` of cards on it,
  the ``hidden`` slot), each slot's card and copies, and a ``CustomDeck`` entry to paste into a
  saved object once the images are uploaded (``FaceURL``/``BackURL`` hold the file names).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from pnpkit.app.export_decks import RenderedDeck
from pnpkit.app.raster import pixels, png_bytes, render_pages
from pnpkit.build.atomic import atomic_write
from pnpkit.layout.document import Document
from pnpkit.layout.paper import Paper
from pnpkit.render.cards import SvgFace

MAX_COLUMNS = 10
MAX_ROWS = 7
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1
"""69: the last slot of a full sheet is the hidden card."""
DPI = 160
"""A poker card is 400 × 560 px; a full 10 × 7 sheet 4000 × 3920 px (TTS takes up to 4096)."""
FOLDER = "tts"


@dataclass(frozen=True, slots=True)
class Grid:
    columns: int
    rows: int
    count: int
    """Cards on the sheet (slots 0 … count − 1); the hidden card is slot columns·rows − 1."""

    @property
    def hidden(self) -> int:
        return self.columns * self.rows - 1


def grid_for(count: int) -> Grid:
    """The smallest grid for ``count`` cards (1…69) plus the hidden slot."""
    if not 1 <= count <= PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {PER_SHEET} cards, not {count}")
    columns = min(MAX_COLUMNS, count + 1)
    rows = -(-(count + 1) // columns)
    return Grid(columns, rows, count)


def sheets_for(count: int) -> list[Grid]:
    """Grids for ``count`` designs: full sheets of 69, then the rest."""
    out: list[Grid] = []
    while count > 0:
        out.append(grid_for(min(count, PER_SHEET)))
        count -= out[-1].count
    return out


@dataclass(frozen=True, slots=True)
class _Design:
    key: str
    name: str
    copies: int
    front: SvgFace
    back: SvgFace
    own_back: bool


def _designs(deck: RenderedDeck) -> list[_Design]:
    out: dict[int, _Design] = {}
    for printed in deck.cards:
        key = id(printed.front)
        if key in out:
            known = out[key]
            out[key] = _Design(
                known.key, known.name, known.copies + 1, known.front, known.back, known.own_back
            )
        else:
            card = printed.card
            out[key] = _Design(
                card.key, card.name, 1, printed.front, printed.back, card.back is not None
            )
    return list(out.values())


def _images(faces: list[SvgFace]) -> list[Image.Image]:
    """Each face at :data:`DPI`, drawn by PDFium from a PDF made in memory."""
    buffer = io.BytesIO()
    doc = Document(buffer, title="tts faces")
    for face in faces:
        doc.allow_size(face.width, face.height)
        doc.start_page(Paper("card", face.width, face.height))
        doc.canvas.doForm(doc.form(face))
    doc.save()
    return list(render_pages(buffer.getvalue(), DPI))


def _sheet(grid: Grid, cards: list[Image.Image], hidden: Image.Image) -> Image.Image:
    width, height = hidden.size
    sheet = Image.new("RGB", (grid.columns * width, grid.rows * height), "white")
    for slot, card in enumerate(cards):
        sheet.paste(card, ((slot % grid.columns) * width, (slot // grid.columns) * height))
    slot = grid.hidden
    sheet.paste(hidden, ((slot % grid.columns) * width, (slot // grid.columns) * height))
    return sheet


def _write(path: Path, body: bytes) -> Path:
    with atomic_write(path) as out:
        out.write(body)
    return path


def export_tts(deck: RenderedDeck, folder: Path) -> list[Path]:
    """Write the deck's sheets, its back image and ``<deck>.json`` into ``folder``."""
    key = deck.deck.key
    folder.mkdir(parents=True, exist_ok=True)
    designs = _designs(deck)
    unique_backs = any(d.own_back for d in designs)
    pictures = _images([d.front for d in designs] + [d.back for d in designs])
    fronts, backs = pictures[: len(designs)], pictures[len(designs) :]
    # the hidden card (and the back image) is the deck's common back, if any card uses it
    back_picture = backs[next((i for i, d in enumerate(designs) if not d.own_back), 0)]
    size = (pixels(deck.width, DPI), pixels(deck.height, DPI))
    assert back_picture.size == size

    written: list[Path] = []
    entries = []
    start = 0
    grids = sheets_for(len(designs))
    for number, grid in enumerate(grids, start=1):
        suffix = "" if number == 1 else f"-{number}"
        mine = slice(start, start + grid.count)
        face_name = f"{key}-faces{suffix}.png"
        written.append(
            _write(folder / face_name, png_bytes(_sheet(grid, fronts[mine], back_picture)))
        )
        if unique_backs:
            back_name = f"{key}-backs{suffix}.png"
            written.append(
                _write(folder / back_name, png_bytes(_sheet(grid, backs[mine], back_picture)))
            )
        else:
            back_name = f"{key}-back.png"
        entries.append(
            {
                "faces": face_name,
                "back": back_name,
                "columns": grid.columns,
                "rows": grid.rows,
                "count": grid.count,
                "hidden": grid.hidden,
                "cards": [
                    {"slot": slot, "key": d.key, "name": d.name, "copies": d.copies}
                    for slot, d in enumerate(designs[mine])
                ],
                "CustomDeck": {
                    "FaceURL": face_name,
                    "BackURL": back_name,
                    "NumWidth": grid.columns,
                    "NumHeight": grid.rows,
                    "BackIsHidden": False,
                    "UniqueBack": unique_backs,
                },
            }
        )
        start += grid.count
    if not unique_backs:
        written.append(_write(folder / f"{key}-back.png", png_bytes(back_picture)))
    sidecar = {
        "format": "pnpkit-tts-deck/1",
        "deck": key,
        "title": deck.deck.title,
        "card_pixels": list(size),
        "dpi": DPI,
        "cards": len(deck.cards),
        "designs": len(designs),
        "sheets": entries,
    }
    text = json.dumps(sidecar, indent=2, ensure_ascii=False) + "\n"
    written.append(_write(folder / f"{key}.json", text.encode("utf-8")))
    return written
