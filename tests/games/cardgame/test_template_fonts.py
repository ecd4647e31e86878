"""A game's own template may set its text in any built-in family: the build embeds that face
(a subset) and the PDF verifies."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main
from pnpkit.verify.check import verify_pdf


def test_a_template_in_fjalla_one_and_source_serif_pro_builds(tmp_path: Path) -> None:
    game = make_game(tmp_path / "data")
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(
        template.read_text().replace(
            "</svg>",
            '<text x="12" y="240" font-size="14" font-family="Fjalla One">{{ name }}</text>\n'
            '<text x="90" y="240" font-size="9" font-family="Source Serif Pro" '
            'font-style="italic">A ship of the line</text>\n</svg>',
        )
    )
    out = tmp_path / "out"
    assert main(["build", "--data", str(tmp_path / "data"), "--out", str(out), "-q"]) == 0
    pdf = out / "open-seas" / "ships-cards.pdf"
    assert verify_pdf(pdf) == []
    names: set[str] = set()
    reader = PdfReader(str(pdf))
    for page in reader.pages:
        for form in page["/Resources"]["/XObject"].values():
            fonts = form.get_object().get("/Resources", {}).get("/Font", {})
            names |= {str(font.get_object()["/BaseFont"]) for font in fonts.values()}
    assert any(name.endswith("+FjallaOne-Regular") for name in names), names
    assert any(name.endswith("+SourceSerifPro-It") for name in names), names
