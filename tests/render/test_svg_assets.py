"""An SVG image of a game's ``assets/`` is drawn once per PDF, as a form XObject every card that
shows it places (as a PNG or JPEG is one image XObject), and the page shows it."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import IndirectObject
from tests.pdfread import first_page_colours

from pnpkit.layout.cards import impose_cards
from pnpkit.layout.document import Document
from pnpkit.layout.paper import LETTER
from pnpkit.render.faces.face import ASSET_FORM, SvgFace
from pnpkit.render.faces.renderer import FaceRenderer
from pnpkit.verify.check import verify_pdf

POKER = (180.0, 252.0)
CARDS = 7

FRONT = """\
<svg xmlns="http://www.w3.org/2000/svg" width="{{ fmt(w) }}pt" height="{{ fmt(h) }}pt" \
viewBox="0 0 {{ fmt(w) }} {{ fmt(h) }}">
<rect x="0" y="0" width="{{ fmt(w) }}" height="{{ fmt(h) }}" fill="#ffffff"/>
{{ line(name, w / 2, 30, w - 20, 16, field="name", weight="bold", anchor="middle") }}
{{ image(art, 20, 60, w - 40, 100, field="art") }}
</svg>
"""

ART = """\
<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40">
<rect x="0" y="0" width="60" height="40" fill="#1f7a3a"/>
<circle cx="30" cy="20" r="10" fill="#e0c020"/>
</svg>
"""
GREEN = (0x1F, 0x7A, 0x3A)
YELLOW = b".878431 .752941 .12549 rg"
"""The circle's fill (#e0c020) as ReportLab writes it."""


def faces(tmp_path: Path) -> list[SvgFace]:
    """``CARDS`` different card designs, each showing the one SVG image."""
    game = tmp_path / "game"
    (game / "assets").mkdir(parents=True)
    (game / "templates").mkdir()
    (game / "templates" / "front.svg.j2").write_text(FRONT, encoding="utf-8")
    (game / "assets" / "flag.svg").write_text(ART, encoding="utf-8")
    renderer = FaceRenderer(game_dir=game)
    return [
        renderer.render(
            "game/front.svg.j2", *POKER, {"name": f"Ship {n}", "art": "flag.svg"}, name=f"s{n}"
        )
        for n in range(CARDS)
    ]


def forms(reader: PdfReader) -> dict[str, list[int]]:
    """Every form XObject the pages (and the forms on them) use: name → object numbers."""
    found: dict[str, list[int]] = {}
    seen: set[int] = set()

    def walk(resources: object) -> None:
        xobjects = resources.get("/XObject") if hasattr(resources, "get") else None
        if xobjects is None:
            return
        for name, ref in xobjects.get_object().items():
            if not isinstance(ref, IndirectObject) or ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Form":
                found.setdefault(str(name), []).append(ref.idnum)
                if "/Resources" in obj:
                    walk(obj["/Resources"].get_object())

    for page in reader.pages:
        walk(page["/Resources"].get_object())
    return found


def test_an_svg_image_on_many_cards_is_one_form_xobject(tmp_path: Path) -> None:
    drawn = faces(tmp_path)
    assert len({face.svg for face in drawn}) == CARDS  # seven designs, seven face forms
    path = tmp_path / "deck.pdf"
    out = io.BytesIO()
    doc = Document(out, title="svg art")
    impose_cards(doc, [(face, None) for face in drawn], LETTER, label="svg art")
    doc.save()
    path.write_bytes(out.getvalue())
    reader = PdfReader(str(path))
    found = forms(reader)
    art = {name: refs for name, refs in found.items() if ASSET_FORM in name}
    assert len(art) == 1, found
    assert [len(refs) for refs in art.values()] == [1]
    # the image's paths are in one stream, which every card's face places
    streams = [
        IndirectObject(n, 0, reader).get_object().get_data()
        for refs in found.values()
        for n in refs
    ]
    assert sum(YELLOW in stream for stream in streams) == 1
    art_name = next(iter(art)).encode()
    assert sum(stream.count(art_name + b" Do") for stream in streams) == CARDS
    assert verify_pdf(path) == []

    colours = first_page_colours(path, 40)
    greens = sum(
        count
        for count, (r, g, b) in colours
        if all(abs(v - w) < 10 for v, w in zip((r, g, b), GREEN, strict=True))
    )
    # each of the seven cards shows its 140 × 93 pt image: at 40 dpi about 75 × 50 px of green
    assert greens > CARDS * 1500
