"""Tabletop Simulator export: deck sheets, a back image and a JSON sidecar for every deck.

Tabletop Simulator's Custom Deck reads one image holding a grid of card faces, at most
10 columns by 7 rows, and keeps the LAST slot of the grid (bottom right) for the "hidden"
card — the face other players see while a card is in someone's hand. So a sheet holds at most
69 cards; a deck with more distinct designs gets more sheets.

``output/<game>/tts/``:

- ``<deck>-faces.png`` (``<deck>-faces-2.png``… past 69 designs): each distinct front once, in
  deck order, left to right and top to bottom, at :data:`DPI` dpi, or fewer for large cards so
  that no sheet is over :data:`MAX_PIXELS` pixels a side (:func:`deck_dpi`); the grid is as small as the
  deck allows (``columns = min(10, designs + 1)``, then as few rows as hold the designs plus
  the hidden slot); the hidden slot shows the deck's back; unused slots are white;
- ``<deck>-back.png``: the back every design prints (or ``<deck>-backs.png``, a sheet on the
  same grid as the faces, when cards have backs of their own: TTS's "unique backs"), found as
  the print shop finds it (:func:`~pnpkit.app.export_decks.designs`): a tent or standee set
  whose tokens share one back has one ``<deck>-back.png``, and a single-sided one a blank
  back (a card in Tabletop Simulator always has one);
- ``<deck>.json``: a Tabletop Simulator saved object that loads as it is (copy it into
  ``Saves/Saved Objects``): ``ObjectStates`` holds one ``DeckCustom`` whose ``CustomDeck`` is
  keyed by deck id (one id per sheet), whose ``DeckIDs`` list every printed copy (card id =
  deck id × 100 + slot) and whose ``ContainedObjects`` are one ``Card`` per copy, each with its
  ``CardID`` and its sheet's ``CustomDeck`` entry. A deck of one printed card is that ``Card``
  alone, as Tabletop Simulator saves a single card (a deck holds two cards or more). Cards
  wider than tall are ``SidewaysCard`` (the deck and each card: a card drawn keeps it), so
  the game lays them landscape. Image URLs are absolute ``file://`` paths, or ``url_base`` +
  file name for images hosted on the web.

A deck whose cards print "†" (:data:`~pnpkit.model.ours.MARK`) says what it means where the
player sees it: an object's ``Description`` is shown in its tooltip in the game, so the deck's
``Description`` gains the line :data:`~pnpkit.model.ours.NOTE` after its card count, and each
card whose front or back prints the mark has it as its own ``Description`` (it keeps it when
drawn from the deck). A deck with no mark is written as before.
"""

from __future__ import annotations

import hashlib
import io
import json
import urllib.parse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from pnpkit.app.export_decks import RenderedDeck, designs
from pnpkit.app.raster import pixels, png_bytes, render_pages
from pnpkit.build.atomic import atomic_write
from pnpkit.errors import UsageError
from pnpkit.layout.document import Document
from pnpkit.layout.paper import Paper
from pnpkit.model.ours import NOTE
from pnpkit.render.drawable import Drawable

MAX_COLUMNS = 10
MAX_ROWS = 7
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1
"""69: the last slot of a full sheet is the hidden card."""
DPI = 160
"""A poker card is 400 × 560 px; a full 10 × 7 sheet 4000 × 3920 px (under :data:`MAX_PIXELS`)."""
MAX_PIXELS = 4096
"""The most pixels a side of a deck sheet may have: Tabletop Simulator's guide keeps images
under 4096 × 4096 (larger ones are scaled down by the game, or not shown on some cards)."""

FOLDER = "tts"


@dataclass(frozen=True, slots=True)
class Grid:
    """The slots of one Tabletop Simulator sheet: ``columns`` × ``rows``, the last one the
    hidden card."""

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


def deck_dpi(width: float, height: float, grids: list[Grid]) -> int:
    """The resolution of a deck's sheets, whole dots per inch: :data:`DPI`, or the most that
    keeps the largest of ``grids`` of ``width`` × ``height`` pt cards within
    :data:`MAX_PIXELS` a side."""
    columns = max(grid.columns for grid in grids)
    rows = max(grid.rows for grid in grids)
    fit = min(MAX_PIXELS * 72 / (columns * width), MAX_PIXELS * 72 / (rows * height))
    dpi = min(DPI, int(fit))
    while dpi > 1 and (
        columns * pixels(width, dpi) > MAX_PIXELS or rows * pixels(height, dpi) > MAX_PIXELS
    ):
        dpi -= 1  # a card's pixels are rounded: the sheet may still be a pixel over
    return dpi


def face_pictures(faces: Sequence[Drawable], dpi: int) -> Iterator[Image.Image]:
    """Each face (or board) at ``dpi``, one at a time, drawn by PDFium from a PDF made in
    memory."""
    buffer = io.BytesIO()
    doc = Document(buffer, title="tts faces")
    for face in faces:
        doc.allow_size(face.width, face.height)
        doc.start_page(Paper("card", face.width, face.height))
        doc.canvas.doForm(doc.form(face))
    doc.save()
    yield from render_pages(buffer.getvalue(), dpi)


def _sheet(grid: Grid, cards: Iterator[Image.Image], hidden: Image.Image) -> Image.Image:
    """The sheet of ``grid``: each of ``cards`` pasted in its slot as it comes (and let go),
    ``hidden`` in the last slot."""
    width, height = hidden.size
    sheet = Image.new("RGB", (grid.columns * width, grid.rows * height), "white")
    for slot, card in enumerate(cards):
        sheet.paste(card, ((slot % grid.columns) * width, (slot // grid.columns) * height))
        card.close()
    slot = grid.hidden
    sheet.paste(hidden, ((slot % grid.columns) * width, (slot // grid.columns) * height))
    return sheet


def write_bytes(path: Path, body: bytes) -> Path:
    with atomic_write(path) as out:
        out.write(body)
    return path


def write_saved(path: Path, body: dict[str, object]) -> Path:
    """Write the saved object ``body`` as Tabletop Simulator reads it (JSON, UTF-8)."""
    text = json.dumps(body, indent=2, ensure_ascii=False) + "\n"
    return write_bytes(path, text.encode("utf-8"))


SAVE_FIELDS: dict[str, object] = {
    "SaveName": "",
    "GameMode": "",
    "Date": "",
    "VersionNumber": "",
    "Gravity": 0.5,
    "PlayArea": 0.5,
    "Table": "",
    "Sky": "",
    "Note": "",
    "Rules": "",
    "XmlUI": "",
    "LuaScript": "",
    "LuaScriptState": "",
    "TabStates": {},
}
"""The top-level fields of a Tabletop Simulator save (``ObjectStates`` is added per deck)."""

TRANSFORM = {
    "posX": 0.0,
    "posY": 1.0,
    "posZ": 0.0,
    "rotX": 0.0,
    "rotY": 180.0,
    "rotZ": 180.0,
    "scaleX": 1.0,
    "scaleY": 1.0,
    "scaleZ": 1.0,
}
"""Face down on the table, as a deck is dealt from."""


def guid(*parts: object) -> str:
    """A six-hex-digit object GUID derived from ``parts`` (the same deck, the same GUIDs)."""
    return hashlib.sha256("/".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def web_base(text: str) -> str:
    """``text`` if it is where images can be hosted: an ``http://`` or ``https://`` URL with a
    host and no spaces or control characters (it is written into the saved object as it is);
    ValueError saying what is allowed otherwise."""
    parts = urllib.parse.urlsplit(text) if text.isprintable() and " " not in text else None
    if parts is None or parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ValueError(
            f"{text!r} is not a web address (allowed: http:// or https:// and a host, "
            "e.g. https://example.org/kits/)"
        )
    return text


def hosted(url_base: str | None) -> None:
    """A UsageError unless ``url_base`` is None or a web address (:func:`web_base`)."""
    if url_base:
        try:
            web_base(url_base)
        except ValueError as exc:
            raise UsageError(f"url_base: {exc}") from None


def image_url(path: Path, url_base: str | None, within: str = "") -> str:
    """Where Tabletop Simulator finds an image: ``url_base`` + its name (after ``within``, its
    folder in ``tts/``, if any), or its file URL."""
    if url_base:
        return url_base.rstrip("/") + "/" + (f"{within}/" if within else "") + path.name
    return path.resolve().as_uri()


def saved_object(
    deck: RenderedDeck,
    places: list[tuple[int, int]],
    sheets: list[dict[str, object]],
) -> dict[str, object]:
    """The saved object of a deck: ``places`` is every printed copy's ``(sheet, slot)``;
    ``sheets`` the ``CustomDeck`` entry of each sheet (deck ids 1, 2, … in order). A deck of
    one printed card is saved as that ``Card``."""
    key = deck.deck.key
    sideways = deck.width > deck.height
    custom = {str(number): sheet for number, sheet in enumerate(sheets, start=1)}
    card_ids = [(sheet + 1) * 100 + slot for sheet, slot in places]
    cards = [
        {
            "GUID": guid(key, "card", index),
            "Name": "Card",
            "Transform": TRANSFORM,
            "Nickname": printed.card.name,
            "Description": NOTE if printed.marked else "",
            "CardID": card_id,
            "SidewaysCard": sideways,
            "CustomDeck": {str(card_id // 100): custom[str(card_id // 100)]},
        }
        for index, (printed, card_id) in enumerate(zip(deck.cards, card_ids, strict=True))
    ]
    if len(cards) == 1:
        return {**SAVE_FIELDS, "SaveName": deck.deck.title, "ObjectStates": cards}
    deck_object = {
        "GUID": guid(key, "deck"),
        "Name": "DeckCustom",
        "Transform": TRANSFORM,
        "Nickname": deck.deck.title,
        "Description": "\n".join(filter(None, (f"{len(cards)} cards", deck.note))),
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "SidewaysCard": sideways,
        "HideWhenFaceDown": True,
        "DeckIDs": card_ids,
        "CustomDeck": custom,
        "ContainedObjects": cards,
    }
    return {**SAVE_FIELDS, "SaveName": deck.deck.title, "ObjectStates": [deck_object]}


def export_tts(
    deck: RenderedDeck, folder: Path, url_base: str | None = None, published: Path | None = None
) -> list[Path]:
    """Write the deck's sheets, its back image and ``<deck>.json`` (a saved object) into
    ``folder``; the saved object finds its images in ``published`` (where ``folder``, a
    staging folder, is published: :mod:`pnpkit.app.export`), else in ``folder``. The sheets are
    made one at a time, each card drawn, pasted and let go."""
    key = deck.deck.key
    hosted(url_base)
    folder.mkdir(parents=True, exist_ok=True)
    home = published if published is not None else folder
    chosen = designs(deck)
    unique_backs = any(d.back == "own" for d in chosen)
    grids = sheets_for(len(chosen))
    dpi = deck_dpi(deck.width, deck.height, grids)
    # the hidden card (and the back image) is the deck's common back, if any card uses it
    common = next((d for d in chosen if d.back != "own"), chosen[0]).printed.back
    back_picture = next(face_pictures([common], dpi))
    size = (pixels(deck.width, dpi), pixels(deck.height, dpi))
    assert back_picture.size == size

    written: list[Path] = []
    sheets: list[dict[str, object]] = []
    where: dict[int, tuple[int, int]] = {}
    start = 0
    for number, grid in enumerate(grids, start=1):
        suffix = "" if number == 1 else f"-{number}"
        mine = [d.printed for d in chosen[start : start + grid.count]]
        fronts = _sheet(grid, face_pictures([d.front for d in mine], dpi), back_picture)
        face = write_bytes(folder / f"{key}-faces{suffix}.png", png_bytes(fronts))
        fronts.close()
        written.append(face)
        if unique_backs:
            backs = _sheet(grid, face_pictures([d.back for d in mine], dpi), back_picture)
            back = write_bytes(folder / f"{key}-backs{suffix}.png", png_bytes(backs))
            backs.close()
            written.append(back)
        else:
            back = folder / f"{key}-back.png"
        sheets.append(
            {
                "FaceURL": image_url(home / face.name, url_base),
                "BackURL": image_url(home / back.name, url_base),
                "NumWidth": grid.columns,
                "NumHeight": grid.rows,
                "BackIsHidden": False,
                "UniqueBack": unique_backs,
                "Type": 0,
            }
        )
        for slot, printed in enumerate(mine):
            where[id(printed.front)] = (number - 1, slot)
        start += grid.count
    if not unique_backs:
        written.append(write_bytes(folder / f"{key}-back.png", png_bytes(back_picture)))
    copies = [where[id(printed.front)] for printed in deck.cards]
    written.append(write_saved(folder / f"{key}.json", saved_object(deck, copies, sheets)))
    return written
