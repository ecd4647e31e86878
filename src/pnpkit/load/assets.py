"""Art a game brings with it: image files in the game's own ``assets/`` folder, named in data.

:func:`find_asset` turns a name (``ships/brig.png``) into the file, or refuses it with a
message and what is allowed: a name that is absolute or climbs with ``..``, a file that is
missing, unreadable, not PNG, JPEG or SVG, too large, damaged or cut short (every pixel of a
PNG or JPEG is decoded once), or (through a symbolic link anywhere on the way) outside the game
folder. Nothing is ever silently dropped.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree
from pathlib import Path, PurePosixPath, PureWindowsPath

from pnpkit.load.fields import Kind, invalid
from pnpkit.load.nodes import Node, ScalarNode, describe, quote
from pnpkit.load.yamlnode import missing_file

ASSETS = "assets"
"""The folder of a game's art, next to its ``game.yaml``."""
IMAGE_TYPES = (".png", ".jpg", ".jpeg", ".svg")
MAX_BYTES = 16 * 1024 * 1024
"""The largest image file a game may use."""
MAX_PIXELS = 40_000_000
"""The most pixels a raster image may have (e.g. 8000 × 5000)."""
SIXTEEN_BIT_GREY = frozenset({"I", "I;16", "I;16B", "I;16L", "I;16N"})
"""The modes Pillow opens a 16-bit greyscale PNG in (printed as 8-bit grey)."""
PRINTED_MODES = {
    "PNG": frozenset({"1", "L", "LA", "P", "RGB", "RGBA"}) | SIXTEEN_BIT_GREY,
    "JPEG": frozenset({"L", "RGB", "CMYK"}),
}
"""The modes (Pillow's) a PNG or JPEG may have: each prints as a viewer shows it
(:mod:`pnpkit.render.raster_art`); these are every mode Pillow opens the two formats in."""
ALLOWED = (
    f"a PNG, JPEG or SVG file of at most {MAX_BYTES // (1024 * 1024)} MB and 40 million pixels "
    f"in the game's {ASSETS}/ folder, named relative to it, e.g. ship.png"
)


class AssetProblem(Exception):
    """Why a name does not name a usable image."""


def find_asset(game_dir: Path, name: str) -> Path:
    """The image file ``name`` in ``game_dir/assets/``; :class:`AssetProblem` says why not."""
    if not name.strip():
        raise AssetProblem("is empty")
    if (
        PurePosixPath(name).is_absolute()
        or PureWindowsPath(name).is_absolute()
        or (PureWindowsPath(name).drive)
    ):
        raise AssetProblem(f"{quote(name)} is an absolute path")
    parts = PurePosixPath(name.replace("\\", "/")).parts
    if ".." in parts:
        raise AssetProblem(f"{quote(name)} leaves the {ASSETS}/ folder (..)")
    if not name.lower().endswith(IMAGE_TYPES):
        raise AssetProblem(f"{quote(name)} is not a PNG, JPEG or SVG file name")
    folder = game_dir / ASSETS
    path = folder.joinpath(*parts)
    real_game = os.path.realpath(game_dir)
    if not Path(os.path.realpath(path)).is_relative_to(real_game):
        raise AssetProblem(f"{quote(name)} is a link that leads outside the game folder")
    if (missing := missing_file(path, folder)) is not None:
        raise AssetProblem(f"{quote(name)} {missing}")
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise AssetProblem(f"{quote(name)} is {size / (1024 * 1024):.1f} MB")
    _readable(path, name)
    return path


def _readable(path: Path, name: str) -> None:
    try:
        if path.suffix.lower() == ".svg":
            root = ElementTree.parse(path).getroot()
            if not root.tag.endswith("svg"):
                raise AssetProblem(f"{quote(name)} is not an SVG image (its root is {root.tag!r})")
            return
        from PIL import Image

        with Image.open(path) as image:
            # a phone's photo is often MPO: a JPEG followed by more pictures (a depth map, a
            # preview), of which a viewer shows the first, as the kit prints it
            kind = "JPEG" if image.format == "MPO" else image.format
            if kind not in {"PNG", "JPEG"}:
                raise AssetProblem(f"{quote(name)} is {image.format or 'an unknown'} image")
            if image.mode not in PRINTED_MODES[kind]:
                raise AssetProblem(
                    f"{quote(name)} is a {image.format} image of mode {image.mode}, which is "
                    "not printed as viewers show it: save it as an 8-bit RGB or RGBA PNG"
                )
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise AssetProblem(f"{quote(name)} has {width} × {height} pixels")
            image.verify()
        with Image.open(path) as image:  # every pixel decoded: a truncated JPEG verifies
            image.load()
    except AssetProblem:
        raise
    except Exception as exc:
        raise AssetProblem(
            f"{quote(name)} cannot be read as an image: it is damaged or cut short ({_reason(exc)})"
        ) from None


def _reason(exc: Exception) -> str:
    """Pillow's words for what is wrong with an image (its first line, cut short)."""
    lines = str(exc).splitlines()
    return lines[0][:80] if lines else "no reason given"


def asset(game_dir: Path) -> Kind[str]:
    """The name of an image in the game's ``assets/`` folder (checked, returned as written)."""

    def read(node: Node, field: str) -> str:
        if not isinstance(node, ScalarNode) or not isinstance(node.value, str):
            raise invalid(node, field, f"expected an image name, found {describe(node)}", ALLOWED)
        try:
            find_asset(game_dir, node.value)
        except AssetProblem as exc:
            raise invalid(node, field, str(exc), ALLOWED) from None
        return node.value

    return read
