"""A PNG or JPEG of a game's assets as every viewer shows it, ready for ReportLab to embed.

ReportLab embeds a JPEG's bytes as they are stored and reads a PNG's pixels as they are stored,
which prints most files exactly as a viewer shows them, and those are drawn from the file as
before (:func:`printable` returns its path). A file a viewer shows otherwise is converted here,
losslessly, and drawn from its pixels (ReportLab compresses them with zlib: the same file gives
the same bytes):

- an EXIF orientation other than 1 (a phone's photo is stored on its side, and every viewer
  turns it upright): turned as :func:`PIL.ImageOps.exif_transpose` turns it, before its size
  is measured to fit its box;
- a 16-bit greyscale PNG (Pillow's ``I;16`` or ``I``), which ReportLab clips to white: its
  16-bit levels to 8-bit ones (v / 257, rounded), its one transparent level (``tRNS``) kept;
- a greyscale or RGB PNG with one transparent colour (``tRNS``), which ReportLab prints
  opaque (black, where a viewer shows what lies beneath): that colour made transparent.
- an MPO file (a JPEG a phone or camera follows with more pictures: a depth map, a preview),
  whose bytes ReportLab would embed whole: its first picture, the one a viewer shows.

Which modes a PNG or JPEG may have is :data:`pnpkit.load.assets.PRINTED_MODES` (any other is
refused where the file is named, with how to save it).
"""

from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import TYPE_CHECKING

from pnpkit.load.assets import SIXTEEN_BIT_GREY

if TYPE_CHECKING:
    from PIL import Image
    from reportlab.lib.utils import ImageReader

ORIENTATION = 0x0112
"""The EXIF tag of the way a picture's stored pixels are turned (1: as stored)."""
AS_STORED = {
    "JPEG": frozenset({"L", "RGB", "CMYK"}),
    "PNG": frozenset({"1", "L", "LA", "P", "RGB", "RGBA"}),
}
"""The modes of each format ReportLab prints as a viewer shows them, read from the file."""


def orientation(image: Image.Image, data: bytes | None = None) -> int:
    """The EXIF orientation of ``image`` (1, as stored, when it has none or one out of range).
    ``data``, the file's bytes, spares decoding a PNG that has no EXIF at all (Pillow decodes a
    PNG whose EXIF has not come before its pixels to look for it after them)."""
    if (
        data is not None
        and image.format == "PNG"
        and not {"exif", "XML:com.adobe.xmp"} & set(image.info)
        and b"eXIf" not in data
        and b"XML:com.adobe.xmp" not in data
    ):
        return 1
    try:
        turn = image.getexif().get(ORIENTATION, 1)
    except Exception:  # an EXIF block Pillow cannot read is one no viewer turns the image by
        return 1
    return turn if isinstance(turn, int) and 1 <= turn <= 8 else 1


def as_stored(image: Image.Image, data: bytes | None = None) -> bool:
    """Whether ReportLab, reading the file of ``image`` (whose bytes are ``data``), prints
    what a viewer shows."""
    if image.mode not in AS_STORED.get(image.format or "", ()):
        return False
    if image.mode != "P" and "transparency" in image.info:
        return False
    return orientation(image, data) == 1


def viewed(image: Image.Image) -> Image.Image:
    """The pixels of ``image`` as a viewer shows them (upright, 8-bit, transparency as alpha),
    in a mode ReportLab embeds as it is: 1, L, LA, RGB, RGBA or CMYK."""
    from PIL import ImageOps

    image = ImageOps.exif_transpose(image) if orientation(image) != 1 else image
    transparency = image.info.get("transparency")
    if image.mode in SIXTEEN_BIT_GREY:
        return _eight_bit(image, transparency)
    if image.mode in ("P", "PA"):
        return image.convert("RGBA" if transparency is not None or image.mode == "PA" else "RGB")
    if transparency is not None and image.mode in ("1", "L", "RGB"):
        return image.convert("LA" if image.mode in ("1", "L") else "RGBA")
    return image.copy() if image.format == "MPO" else image  # its first picture alone


def _eight_bit(image: Image.Image, transparency: object) -> Image.Image:
    """A 16-bit greyscale image as 8-bit grey (``LA`` when one level is transparent)."""
    from PIL import Image, ImageMath

    levels = image.convert("I")
    grey = levels.point(lambda v: v * (1 / 257) + 0.5).convert("L")
    if not isinstance(transparency, int):
        return grey
    shown = ImageMath.lambda_eval(lambda a: a["v"] != transparency, v=levels)
    alpha = shown.convert("L").point(lambda v: 255 if v else 0)
    return Image.merge("LA", (grey, alpha))


@functools.lru_cache(maxsize=8)
def printable(path: str, digest: str) -> str | ImageReader:
    """What ReportLab draws the PNG or JPEG at ``path`` (whose SHA-256 is ``digest``, which
    keys the file's content) from: the path itself when the file prints as it is stored (most
    do, and each is embedded as before), else its pixels as a viewer shows them
    (:func:`viewed`)."""
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    data = Path(path).read_bytes()
    with Image.open(io.BytesIO(data)) as image:
        if as_stored(image, data):
            return path
        picture = viewed(image)
        picture.load()
    return ImageReader(picture)
