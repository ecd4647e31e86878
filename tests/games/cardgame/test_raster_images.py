"""A PNG or JPEG of a game's assets prints as every viewer shows it: turned upright by its EXIF
orientation, 16-bit grey as grey, a transparent colour transparent; read back with PDFium from
the PDF and from the print-shop export. A file that needs no change is embedded as it is."""

from __future__ import annotations

import hashlib
import io
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, PngImagePlugin
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas
from tests.pdfread import first_page_colours

from pnpkit.app.cli import main
from pnpkit.app.raster import render_pages
from pnpkit.load.assets import PRINTED_MODES
from pnpkit.render.faces.face import PlacedImage
from pnpkit.render.raster_art import printable

RGB = tuple[int, int, int]
RED, GREEN, BLUE, WHITE = (255, 0, 0), (0, 200, 0), (0, 0, 255), (255, 255, 255)
BEHIND = (0, 120, 0)
"""The colour drawn under the image: what a transparent pixel shows."""
BOX = 80
"""The box the image is drawn in, and the page: BOX × BOX pt, at 72 dpi one pixel a point."""

# Pillow's transpose that stores the upright picture so that the EXIF orientation turns it back
STORED = {
    1: None,
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_90,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_270,
}


def upright() -> Image.Image:
    """A portrait picture as a viewer shows it: red top left, green top right, blue below."""
    image = Image.new("RGB", (40, 80), BLUE)
    image.paste(RED, (0, 0, 20, 40))
    image.paste(GREEN, (20, 0, 40, 40))
    return image


def with_orientation(turn: int, image: Image.Image | None = None) -> Image.Image:
    picture = image or upright()
    method = STORED[turn]
    return picture if method is None else picture.transpose(method)


def exif(turn: int) -> bytes:
    tags = Image.Exif()
    tags[0x0112] = turn
    return tags.tobytes()


def drawn(path: Path) -> Image.Image:
    """``path`` drawn in a BOX-pt square over BEHIND, as a card face draws it, through PDFium."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(BOX, BOX), invariant=True)
    canvas.setFillColorRGB(*(c / 255 for c in BEHIND))
    canvas.rect(0, 0, BOX, BOX, stroke=0, fill=1)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    PlacedImage(str(path), 0, 0, BOX, BOX, digest).draw(canvas)
    canvas.save()
    return next(render_pages(out.getvalue(), 72))


def near(found: tuple[int, ...], wanted: RGB, slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(found[:3], wanted, strict=True))


@pytest.mark.parametrize("turn", range(1, 9))
@pytest.mark.parametrize("kind", ["JPEG", "PNG"])
def test_a_photo_prints_upright_by_its_exif_orientation(
    tmp_path: Path, turn: int, kind: str
) -> None:
    path = tmp_path / f"photo{turn}.{kind.lower()}"
    with_orientation(turn).save(
        path, kind, exif=exif(turn), **({"quality": 95} if kind == "JPEG" else {})
    )
    page = drawn(path)
    # upright and fitted as a portrait: 40 pt wide, 80 pt high, centred
    assert near(page.getpixel((28, 20)), RED), page.getpixel((28, 20))
    assert near(page.getpixel((52, 20)), GREEN), page.getpixel((52, 20))
    assert near(page.getpixel((40, 60)), BLUE), page.getpixel((40, 60))
    assert near(page.getpixel((10, 40)), BEHIND) and near(page.getpixel((70, 40)), BEHIND)


def png(colour_type: int, depth: int, pixel: bytes, trns: bytes | None = None) -> bytes:
    """A 4 × 4 PNG of one ``pixel`` (written by hand: Pillow writes no 16-bit tRNS)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 4, 4, depth, colour_type, 0, 0, 0)
    rows = b"".join(b"\0" + pixel * 4 for _ in range(4))
    extra = chunk(b"tRNS", trns) if trns is not None else b""
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + extra
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def palette(trns: bool) -> Callable[[Path], None]:
    def save(path: Path) -> None:
        image = Image.new("P", (4, 4), 1)
        image.putpalette([255, 0, 0, 0, 0, 255])
        image.save(path, **({"transparency": 1} if trns else {}))

    return save


def saved(image: Image.Image, **options: object) -> Callable[[Path], None]:
    return lambda path: image.save(path, **options)


def written(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data) and None


GREY = (117, 117, 117)
"""30000 of 65535, in 8 bits."""
MODES: dict[str, tuple[str, Callable[[Path], None], RGB]] = {
    "16-bit grey": ("png", saved(Image.new("I;16", (4, 4), 30000)), GREY),
    "16-bit grey, its level transparent": (
        "png",
        written(png(0, 16, struct.pack(">H", 30000), struct.pack(">H", 30000))),
        BEHIND,
    ),
    "16-bit grey, another level transparent": (
        "png",
        written(png(0, 16, struct.pack(">H", 30000), struct.pack(">H", 100))),
        GREY,
    ),
    "16-bit grey and alpha": (
        "png",
        written(png(4, 16, struct.pack(">HH", 65535, 65535))),
        WHITE,
    ),
    "16-bit RGB, its colour transparent": (
        "png",
        written(png(2, 16, struct.pack(">HHH", 0, 0, 65535), struct.pack(">HHH", 0, 0, 65535))),
        BEHIND,
    ),
    "16-bit RGBA": ("png", written(png(6, 16, struct.pack(">HHHH", 0, 0, 65535, 65535))), BLUE),
    "grey, its level transparent": (
        "png",
        saved(Image.new("L", (4, 4), 0), transparency=0),
        BEHIND,
    ),
    "grey": ("png", saved(Image.new("L", (4, 4), 117)), GREY),
    "grey and alpha": ("png", saved(Image.new("LA", (4, 4), (255, 0))), BEHIND),
    "1 bit": ("png", saved(Image.new("1", (4, 4), 1)), WHITE),
    "RGB, its colour transparent": (
        "png",
        saved(Image.new("RGB", (4, 4), (0, 0, 0)), transparency=(0, 0, 0)),
        BEHIND,
    ),
    "RGB": ("png", saved(Image.new("RGB", (4, 4), BLUE)), BLUE),
    "RGBA": ("png", saved(Image.new("RGBA", (4, 4), (0, 0, 255, 255))), BLUE),
    "palette": ("png", palette(trns=False), BLUE),
    "palette, a colour transparent": ("png", palette(trns=True), BEHIND),
    "JPEG grey": ("jpg", saved(Image.new("L", (4, 4), 117), quality=95), GREY),
    "JPEG RGB": ("jpg", saved(Image.new("RGB", (4, 4), BLUE), quality=95), BLUE),
}


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_prints_as_a_viewer_shows_it(tmp_path: Path, mode: str) -> None:
    suffix, save, colour = MODES[mode]
    path = tmp_path / f"art.{suffix}"
    save(path)
    with Image.open(path) as image:
        assert image.mode in PRINTED_MODES[image.format or ""]
    page = drawn(path)
    assert near(page.getpixel((BOX // 2, BOX // 2)), colour), page.getpixel((BOX // 2, BOX // 2))


def test_a_cmyk_jpeg_prints_its_colour_turned_or_not(tmp_path: Path) -> None:
    cyan_top = Image.new("CMYK", (40, 80), (0, 255, 255, 0))  # red
    cyan_top.paste((255, 0, 0, 0), (0, 0, 40, 40))  # cyan above
    for turn in (1, 6):
        path = tmp_path / f"cmyk{turn}.jpg"
        with_orientation(turn, cyan_top).save(path, quality=95, exif=exif(turn))
        page = drawn(path)
        (r1, g1, b1), (r2, g2, b2) = page.getpixel((40, 20)), page.getpixel((40, 60))
        assert r1 < 60 and g1 > 120 and b1 > 180, (turn, page.getpixel((40, 20)))
        assert r2 > 180 and g2 < 80 and b2 < 80, (turn, page.getpixel((40, 60)))


def test_every_mode_pillow_opens_a_png_or_jpeg_in_is_printed() -> None:
    """A PNG is refused for its mode only if Pillow learns a new one: then this fails (a JPEG
    opens as L, RGB or CMYK)."""
    png_modes = {mode for mode, _ in PngImagePlugin._MODES.values()}
    assert png_modes <= PRINTED_MODES["PNG"]


def test_a_file_that_needs_no_change_is_embedded_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "photo.jpg"
    upright().save(path, quality=95, exif=exif(1))
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert printable(str(path), digest) == str(path)
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(BOX, BOX), invariant=True)
    PlacedImage(str(path), 0, 0, BOX, BOX, digest).draw(canvas)
    canvas.save()
    (image,) = image_streams(out.getvalue())
    assert image == path.read_bytes()  # the JPEG's own bytes, not decoded and encoded again
    plain = tmp_path / "plain.png"
    upright().save(plain)
    assert printable(str(plain), "digest") == str(plain)


def image_streams(pdf: bytes) -> list[bytes]:
    reader = PdfReader(io.BytesIO(pdf))
    resources = reader.pages[0]["/Resources"]["/XObject"]
    return [
        obj.get_object().get_data()
        for obj in resources.values()
        if obj.get_object()["/Subtype"] == "/Image"
    ]


def test_a_turned_photo_gives_the_same_bytes_every_time(tmp_path: Path) -> None:
    path = tmp_path / "photo.jpg"
    with_orientation(6).save(path, quality=95, exif=exif(6))
    printable.cache_clear()
    first = drawn_pdf(path)
    printable.cache_clear()
    assert drawn_pdf(path) == first


def drawn_pdf(path: Path) -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(BOX, BOX), invariant=True)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    PlacedImage(str(path), 0, 0, BOX, BOX, digest).draw(canvas)
    canvas.save()
    return out.getvalue()


GAME = """\
kit: cards
title: Photos
card_size: [1in, 2in]
decks:
  - key: d
    title: D
    template: photo.svg.j2
    fields:
      - {name: art, type: image}
    cards:
      - {key: phone, name: Phone, art: phone.jpg}
      - {key: g16, name: Grey, art: g16.png}
"""
TEMPLATE = """\
<svg xmlns="http://www.w3.org/2000/svg" width="{{ fmt(w) }}pt" height="{{ fmt(h) }}pt" \
viewBox="0 0 {{ fmt(w) }} {{ fmt(h) }}">
<rect x="0" y="0" width="{{ fmt(w) }}" height="{{ fmt(h) }}" fill="#00aa00"/>
{{ image(art, 0, 0, w, h, field="art") }}
</svg>
"""


def test_a_phone_photo_and_16_bit_grey_print_as_viewed_in_the_pdf_and_the_print_shop_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "data" / "photos"
    (game / "assets").mkdir(parents=True)
    (game / "templates").mkdir()
    (game / "game.yaml").write_text(GAME, encoding="utf-8")
    (game / "templates" / "photo.svg.j2").write_text(TEMPLATE, encoding="utf-8")
    # stored landscape (200 × 100), red left: a viewer shows it portrait, red on top
    phone = Image.new("RGB", (200, 100), BLUE)
    phone.paste(RED, (0, 0, 100, 100))
    phone.save(game / "assets" / "phone.jpg", quality=95, exif=exif(6))
    Image.new("I;16", (100, 200), 30000).save(game / "assets" / "g16.png")
    out = tmp_path / "out"
    data = str(tmp_path / "data")
    assert main(["build", "--data", data, "--out", str(out), "-q"]) == 0
    assert main(["export", "--format", "printshop", "--data", data, "--out", str(out)]) == 0
    colours = [colour for _, colour in first_page_colours(out / "photos" / "d-cards.pdf", 30)]
    assert not any(near(c, (0, 170, 0), 30) for c in colours)  # each picture fills its card
    assert any(near(c, GREY, 3) for c in colours)
    folder = out / "photos" / "print-shop" / "d"
    photo = Image.open(folder / "01-phone-front.png").convert("RGB")
    width, height = photo.size
    assert near(photo.getpixel((width // 2, height // 4)), RED)
    assert near(photo.getpixel((width // 2, 3 * height // 4)), BLUE)
    grey = Image.open(folder / "02-g16-front.png").convert("RGB")
    assert near(grey.getpixel((width // 2, height // 2)), GREY, 3)


def test_a_mode_that_is_not_printed_is_refused_at_its_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every mode Pillow opens a PNG in prints (above); were one not to, the file would be
    refused where it is named, saying how to save it, never printed otherwise than viewed."""
    monkeypatch.setitem(PRINTED_MODES, "PNG", PRINTED_MODES["PNG"] - {"I;16"})
    game = tmp_path / "data" / "photos"
    (game / "assets").mkdir(parents=True)
    (game / "templates").mkdir()
    (game / "game.yaml").write_text(GAME, encoding="utf-8")
    (game / "templates" / "photo.svg.j2").write_text(TEMPLATE, encoding="utf-8")
    upright().save(game / "assets" / "phone.jpg")
    Image.new("I;16", (100, 200), 30000).save(game / "assets" / "g16.png")
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert (
        f"{game / 'game.yaml'}:12:37: decks[0].cards[1].art: 'g16.png' is a PNG image of mode "
        "I;16, which is not printed as viewers show it: save it as an 8-bit RGB or RGBA PNG"
    ) in err


def test_a_phones_mpo_photo_prints_its_first_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Many phone photos are MPO: a JPEG followed by more pictures. It was refused as "is MPO
    image"; it prints the first picture, as a viewer shows it, turned by its EXIF."""
    path = tmp_path / "phone.jpg"
    first = with_orientation(6)
    first.save(
        path,
        "MPO",
        save_all=True,
        append_images=[Image.new("RGB", (80, 40), BEHIND)],
        exif=exif(6),
        quality=95,
    )
    with Image.open(path) as image:
        assert image.format == "MPO" and getattr(image, "n_frames", 1) == 2
    page = drawn(path)
    assert near(page.getpixel((28, 20)), RED), page.getpixel((28, 20))
    assert near(page.getpixel((52, 20)), GREEN), page.getpixel((52, 20))
    assert near(page.getpixel((40, 60)), BLUE), page.getpixel((40, 60))
    data = tmp_path / "data"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    game = data / "salvage"
    (game / "assets" / "phone.jpg").write_bytes(path.read_bytes())
    yaml = game / "game.yaml"
    text = yaml.read_text()
    assert "ship.png" in text
    yaml.write_text(text.replace("ship.png", "phone.jpg"))
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 0, capsys.readouterr().err
