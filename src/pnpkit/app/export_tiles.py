"""Tabletop Simulator pieces of one picture each: round, square and hex token sets as stacks of
``Custom_Tile`` objects, and every board as a ``Custom_Board``.

``output/<game>/tts/``:

- ``<set>-tokens/<NN>-<key>-front.png`` — each token design's front once, named as the print
  shop and the proof name it (:func:`~pnpkit.app.export_decks.picture_name`), its face's box
  at :data:`TILE_DPI` dpi; ``back.png`` for the back every token of the set shows (written
  once), ``<NN>-<key>-back.png`` for a back of its own, and no back for a single-sided set
  (its tiles' ``ImageSecondaryURL`` is empty);
- ``<set>-tokens.json`` — a saved object: ``ObjectStates`` holds one ``Custom_Tile`` per
  printed token, each design's copies stacked (the same place on the table, one above the
  other) and ``Stackable``, so a count of 12 is a stack of 12; ``CustomImage.CustomTile.Type``
  is the shape (:data:`TILE_TYPES`: round → circle, square → box, hex → hex), ``Thickness``
  :data:`THICKNESS`; ``ImageURL`` the front, ``ImageSecondaryURL`` the back.
- ``<board>.png`` — the board whole at its printed proportions, at :data:`BOARD_DPI` dpi or
  fewer so that no side is over :data:`~pnpkit.app.export_tts.MAX_PIXELS` (no bleed: nothing
  is cut);
- ``<board>.json`` — a saved object holding one ``Custom_Board`` (``CustomImage.ImageURL`` the
  picture), face up and locked, as the game makes a board.

Sizes. A deck's cards are saved at scale 1, where Tabletop Simulator shows a card at its
standard height (a poker card's 3.5 in) whatever its pixels; a tile's or board's size is its
``Transform`` scale times :data:`TILE_HEIGHT` (its width follows its picture's proportions).
Each tile and board is scaled by :func:`scale_for` so that it stands beside the cards at its
printed size: a 0.75 in coin, a 10 in board. Tents and standees stay cards (a tile is one flat
shape, front and back: it cannot stand or fold), exported by :mod:`pnpkit.app.export_tts`.

The GUIDs come from the game's keys, and the pictures from PDFium: the same data gives the
same files.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.app.export_decks import RenderedDeck, designs
from pnpkit.app.export_tts import (
    MAX_PIXELS,
    SAVE_FIELDS,
    face_pictures,
    guid,
    image_url,
    write_bytes,
    write_saved,
)
from pnpkit.app.raster import pixels, png_bytes
from pnpkit.games.game import GameBoard
from pnpkit.model.ours import NOTE
from pnpkit.render.faces.face import PrintedFace
from pnpkit.units import INCH

TILE_TYPES = {"square": 0, "hex": 1, "round": 2}
"""Tabletop Simulator's ``CustomTile.Type`` for each token shape it can cut: 0 box, 1 hex,
2 circle (3, a box with rounded corners, is not used: a square token is cut square)."""
THICKNESS = 0.1
"""A tile's ``Thickness`` (Tabletop Simulator's own default for a custom tile; a thin counter)."""
TILE_HEIGHT = 1.318 * INCH
"""How tall a ``Custom_Tile`` or ``Custom_Board`` shows at scale 1 beside a deck's cards at
scale 1 (poker height, 3.5 in). Tabletop Simulator's documents give no figure: this is measured
from a published module whose 20 × 29 in board is a tile of scale 22 beside its poker cards at
scale 1 (29 in / 22)."""
TILE_DPI = 300
"""A token's picture: a 0.75 in coin is 225 px."""
BOARD_DPI = 200
"""A board's picture, at most (a 12.5 × 10 in board is 2500 × 2000 px)."""
SPACING = 2.5
"""Table units between two stacks of tokens."""


def scale_for(height: float) -> float:
    """The ``Transform`` scale that shows a tile or board of ``height`` points at that height
    beside a deck's cards (:data:`TILE_HEIGHT`), to 4 decimals."""
    return round(height / TILE_HEIGHT, 4)


def transform(x: float, y: float, scale: float) -> dict[str, float]:
    """Where a piece lies: at ``x`` across the table, ``y`` up, face up, scaled ``scale`` every
    way (as the game scales a piece)."""
    return {
        "posX": x,
        "posY": y,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 0.0,
        "scaleX": scale,
        "scaleY": scale,
        "scaleZ": scale,
    }


def dpi_within(width: float, height: float, most: int) -> int:
    """``most`` dots per inch, or the most whole dots per inch that keep a ``width`` ×
    ``height`` pt picture within :data:`MAX_PIXELS` a side."""
    dpi = min(most, int(MAX_PIXELS * 72 / max(width, height)))
    while dpi > 1 and max(pixels(width, dpi), pixels(height, dpi)) > MAX_PIXELS:
        dpi -= 1
    return dpi


def export_board(
    board: GameBoard, folder: Path, url_base: str | None = None, published: Path | None = None
) -> list[Path]:
    """Write ``<board>.png`` and ``<board>.json`` (a saved ``Custom_Board``) into ``folder``; the
    saved object finds its picture in ``published`` (where ``folder``, a staging folder, is
    published), else in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    drawing = board.drawing
    dpi = dpi_within(drawing.width, drawing.height, BOARD_DPI)
    (picture,) = face_pictures([drawing], dpi)
    image = write_bytes(folder / f"{board.key}.png", png_bytes(picture, dpi))
    picture.close()
    home = published if published is not None else folder
    inches = f"{drawing.width / INCH:.2f} × {drawing.height / INCH:.2f} in"
    piece = {
        "GUID": guid(board.key, "board"),
        "Name": "Custom_Board",
        "Transform": transform(0.0, 1.0, scale_for(drawing.height)),
        "Nickname": board.title,
        "Description": inches,
        "Locked": True,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "CustomImage": {
            "ImageURL": image_url(home / image.name, url_base),
            "ImageSecondaryURL": "",
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
        },
    }
    body = {**SAVE_FIELDS, "SaveName": board.title, "ObjectStates": [piece]}
    return [image, write_saved(folder / f"{board.key}.json", body)]


def export_tiles(
    deck: RenderedDeck, folder: Path, url_base: str | None = None, published: Path | None = None
) -> list[Path]:
    """Write a token set's pictures (``<set>-tokens/``) and ``<set>-tokens.json``, its tokens
    as stacks of ``Custom_Tile``s, into ``folder`` (see the module). The backs are one
    ``back.png`` when every token shows the same back, none for a single-sided set
    (:func:`~pnpkit.app.export_decks.designs`)."""
    key = deck.deck.key
    kind = TILE_TYPES[deck.deck.token_shape]
    chosen = designs(deck)
    dpi = dpi_within(deck.width, deck.height, TILE_DPI)
    pictures = folder / key
    pictures.mkdir(parents=True, exist_ok=True)
    faces: dict[str, PrintedFace] = {}
    for design in chosen:  # each picture once: a shared back is written once
        faces[design.picture("front")] = design.printed.front
        if design.back != "none":
            faces.setdefault(design.picture("back"), design.printed.back)
    written: list[Path] = []
    for name, picture in zip(faces, face_pictures(list(faces.values()), dpi), strict=True):
        written.append(write_bytes(pictures / name, png_bytes(picture, dpi)))
        picture.close()
    home = (published if published is not None else folder) / key
    scale = scale_for(deck.height)
    tiles: list[dict[str, object]] = []
    for column, design in enumerate(chosen):
        printed, copies = design.printed, design.copies
        back = design.picture("back") if design.back != "none" else None
        image = {
            "ImageURL": image_url(home / design.picture("front"), url_base, key),
            "ImageSecondaryURL": image_url(home / back, url_base, key) if back else "",
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {
                "Type": kind,
                "Thickness": THICKNESS,
                "Stackable": True,
                "Stretch": True,
            },
        }
        tiles.extend(
            {
                "GUID": guid(key, "tile", column, copy),
                "Name": "Custom_Tile",
                "Transform": transform(column * SPACING, 1.0 + copy * THICKNESS * scale, scale),
                "Nickname": printed.card.name,
                "Description": NOTE if printed.marked else "",
                "Grid": True,
                "Snap": True,
                "Autoraise": True,
                "Sticky": True,
                "Tooltip": True,
                "CustomImage": image,
            }
            for copy in range(copies)
        )
    body = {**SAVE_FIELDS, "SaveName": deck.deck.title, "ObjectStates": tiles}
    written.append(write_saved(folder / f"{key}.json", body))
    return written
