"""SVG features svglib does not print as drawn are refused (:mod:`pnpkit.render.svg.features`):
in a face's template at the template's line, in a game's art at the field that names it, by
``pnpkit check`` (exit 1) as by the build; what svglib prints as drawn is let be.

Each refusal is first shown to be needed: the art printed as pnpkit prints it (svglib's drawing
in a PDF form, :func:`~pnpkit.render.faces.face.asset_form`) is, pixel for pixel, the art printed
without the feature (or with what svglib draws instead); and each feature let be prints as the
shapes it stands for."""

from __future__ import annotations

import io
from pathlib import Path
from typing import NamedTuple

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main
from pnpkit.render.svg.rules import art_problems

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    'width="100" height="60" viewBox="0 0 100 60">{}</svg>\n'
)
FONT = 'font-family="Source Sans Pro"'
BOX = '<rect x="10" y="10" width="80" height="40" fill="#aa2222" {}/>'
CLIP = '<defs><clipPath id="c" {}>{}</clipPath></defs>'


class Case(NamedTuple):
    key: str
    body: str
    message: str
    """What is said of it, after ``the art flag.svg`` or ``the template``."""
    spot: str
    """The text of ``body`` the template's problem is reported at."""
    printed: str | None
    """SVG that svglib prints the same as ``body`` (None: not drawn the same in every way)."""


REFUSED = [
    Case(
        "mask",
        '<defs><mask id="m"><rect width="50" height="60" fill="#ffffff"/></mask></defs>'
        + BOX.format('mask="url(#m)"'),
        "masks a <rect> (mask: url(#m)), which prints unmasked",
        'mask="url(#m)"',
        BOX.format(""),
    ),
    Case(
        "filter",
        '<defs><filter id="f"><feGaussianBlur stdDeviation="4"/></filter></defs>'
        '<rect x="10" y="10" width="80" height="40" style="fill:#aa2222;filter:url(#f)"/>',
        "puts a filter (blur, shadow or other effect) on a <rect> (filter: url(#f)), which "
        "prints as if it had none",
        "filter:url(#f)",
        BOX.format(""),
    ),
    Case(
        "foreignObject",
        '<foreignObject x="0" y="0" width="100" height="60"><p xmlns="http://www.w3.org/1999/'
        'xhtml" style="background:#aa2222">Sails</p></foreignObject>' + BOX.format(""),
        "has a <foreignObject> (HTML inside the SVG), which svglib does not draw",
        "<foreignObject",
        BOX.format(""),
    ),
    Case(
        "flowRoot",
        '<flowRoot><flowRegion><rect width="100" height="60"/></flowRegion>'
        '<flowPara style="font-family:Source Sans Pro;font-size:12px">Sails</flowPara>'
        "</flowRoot>" + BOX.format(""),
        "has Inkscape flowed text (<flowRoot>), which prints as nothing",
        "<flowRoot",
        BOX.format(""),
    ),
    Case(
        "marker",
        '<defs><marker id="a" markerWidth="6" markerHeight="6" refX="3" refY="3">'
        '<circle cx="3" cy="3" r="3" fill="#aa2222"/></marker></defs>'
        '<path d="M 10 30 L 90 30" stroke="#000000" stroke-width="2" marker-end="url(#a)"/>',
        "puts markers (arrowheads, dots) on a <path> (marker-end: url(#a)), which print as nothing",
        'marker-end="url(#a)"',
        '<path d="M 10 30 L 90 30" stroke="#000000" stroke-width="2"/>',
    ),
    Case(
        "textPath",
        f'<defs><path id="p" d="M 10 50 Q 50 0 90 50"/></defs><text {FONT} font-size="12">'
        '<textPath href="#p">Along the curve</textPath></text>',
        "sets text along a path (<textPath>), which prints on a straight line",
        "<textPath",
        None,
    ),
    Case(
        "opacity",
        '<rect width="100" height="30" fill="#2244aa"/><g opacity="0.5">' + BOX.format("") + "</g>",
        "makes a <g> see-through (opacity: 0.5), which prints opaque",
        'opacity="0.5"',
        '<rect width="100" height="30" fill="#2244aa"/>' + BOX.format(""),
    ),
    Case(
        "fill-opacity",
        '<rect width="100" height="30" fill="#2244aa"/>'
        '<rect x="10" y="10" width="80" height="40" style="fill:#aa2222;fill-opacity:0.4"/>',
        "makes a <rect> see-through (fill-opacity: 0.4), which prints opaque",
        "fill-opacity:0.4",
        '<rect width="100" height="30" fill="#2244aa"/>' + BOX.format(""),
    ),
    Case(
        "alpha colour",
        '<rect width="100" height="30" fill="#2244aa"/>'
        '<rect x="10" y="10" width="80" height="40" fill="#aa222280"/>',
        "makes a <rect> see-through (fill: #aa222280), which prints opaque",
        'fill="#aa222280"',
        '<rect width="100" height="30" fill="#2244aa"/>' + BOX.format(""),
    ),
    Case(
        "transparent",
        '<rect x="10" y="10" width="80" height="40" fill="transparent" stroke="#aa2222"/>',
        "makes a <rect> see-through (fill: transparent), which prints opaque",
        'fill="transparent"',
        '<rect x="10" y="10" width="80" height="40" fill="#000000" stroke="#aa2222"/>',
    ),
    Case(
        "mix-blend-mode",
        '<rect width="100" height="30" fill="#2244aa"/>'
        '<rect x="10" y="10" width="80" height="40" style="fill:#aa2222;mix-blend-mode:multiply"/>',
        "blends a <rect> with what is under it (mix-blend-mode: multiply), which prints unblended",
        "mix-blend-mode:multiply",
        '<rect width="100" height="30" fill="#2244aa"/>' + BOX.format(""),
    ),
    Case(
        "display on use",
        '<defs><rect id="r" x="10" y="10" width="80" height="40" fill="#aa2222"/></defs>'
        '<use href="#r" display="none"/>',
        "hides a <use> with display: none, which prints anyway",
        'display="none"',
        BOX.format(""),
    ),
    Case(
        "display from a sheet",
        '<style>.hidden { display: none; }</style><g class="hidden">' + BOX.format("") + "</g>",
        "hides a <g> with display: none in a <style> sheet, which prints anyway",
        "display: none",
        BOX.format(""),
    ),
    Case(
        "visibility on tspan",
        f'<text x="5" y="30" {FONT} font-size="12">Full <tspan visibility="hidden">Sail'
        "</tspan></text>",
        "hides a <tspan> with visibility: hidden, which prints anyway",
        'visibility="hidden"',
        f'<text x="5" y="30" {FONT} font-size="12">Full <tspan>Sail</tspan></text>',
    ),
    Case(
        "compact transform",
        BOX.format('transform="translate(20-5)"'),
        'has transform="translate(20-5)" on a <rect>, which svglib cannot read: it prints '
        "untransformed",
        'transform="translate(20-5)"',
        BOX.format(""),
    ),
    Case(
        "CSS transform",
        '<rect x="10" y="10" width="80" height="40" style="fill:#aa2222;transform:rotate(30deg)"/>',
        "sets a CSS transform on a <rect> (transform: rotate(30deg) in a style), which svglib "
        "does not read as a browser does",
        "transform:rotate(30deg)",
        BOX.format(""),
    ),
    Case(
        "clip-path in a style",
        CLIP.format("", '<rect width="50" height="60"/>')
        + '<rect x="10" y="10" width="80" height="40" style="fill:#aa2222;clip-path:url(#c)"/>',
        "clips a <rect> with clip-path: url(#c) in a style, which prints unclipped",
        "clip-path:url(#c)",
        BOX.format(""),
    ),
    Case(
        "clip not read",
        CLIP.format("", '<rect width="50" height="60"/>') + BOX.format("clip-path=\"url('#c')\""),
        "clips a <rect> with clip-path=\"url('#c')\", which prints unclipped",
        "clip-path=\"url('#c')\"",
        BOX.format(""),
    ),
    Case(
        "clip with text",
        CLIP.format("", f'<text x="0" y="40" {FONT} font-size="40">AB</text>')
        + BOX.format('clip-path="url(#c)"'),
        "clips with a <text> in its <clipPath>, which svglib leaves out of the clip",
        "<text",
        BOX.format(""),
    ),
    Case(
        "clip after",
        BOX.format('clip-path="url(#c)"') + '<clipPath id="c"><rect width="50" height="60"/>'
        "</clipPath>",
        "clips a <rect> with a <clipPath> written after it, outside <defs>, which prints unclipped",
        'clip-path="url(#c)"',
        BOX.format(""),
    ),
    Case(
        "clip in box units",
        CLIP.format('clipPathUnits="objectBoundingBox"', '<rect width="0.5" height="1"/>')
        + BOX.format('clip-path="url(#c)"'),
        'clips with a <clipPath clipPathUnits="objectBoundingBox">, which svglib reads in the '
        "drawing's own units",
        'clipPathUnits="objectBoundingBox"',
        None,
    ),
    Case(
        "systemLanguage",
        '<switch><rect systemLanguage="fr" width="50" height="60" fill="#aa2222"/>'
        + BOX.format("")
        + "</switch>",
        'has systemLanguage="fr" on a <rect>: svglib prints it or not by the language of the '
        "computer that builds the kit",
        'systemLanguage="fr"',
        None,
    ),
    Case(
        "CSS variable",
        "<style>:root { --ink: #aa2222; } rect { fill: var(--ink); }</style>" + BOX.format(""),
        "paints a <rect> with a CSS variable (fill: var(--ink)), which svglib does not read",
        "fill: var(--ink)",
        '<rect x="10" y="10" width="80" height="40" fill="none"/>',
    ),
    Case(
        "symbol with a viewBox",
        '<defs><symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#aa2222"/>'
        '</symbol></defs><use href="#s" width="60" height="60"/>',
        "draws a <symbol> that has a viewBox through a <use>, which svglib does not scale to "
        "the <use>'s box",
        "<symbol",
        '<circle cx="5" cy="5" r="5" fill="#aa2222"/>',
    ),
]

REFUSED += [
    Case(
        "use of another file",
        BOX.format("") + '<use href="parts.svg#mast" x="10" y="10"/>',
        'refers to "parts.svg#mast" outside the file (href on a <use>), which pnpkit '
        "does not follow: it prints nothing there",
        'href="parts.svg#mast"',
        BOX.format(""),
    ),
    Case(
        "url of another file",
        '<rect width="100" height="30" fill="#2244aa"/>'
        '<rect x="10" y="10" width="80" height="40" fill="url(paint.svg#sea)"/>',
        'refers to "paint.svg#sea" outside the file (fill: url(paint.svg#sea)), which pnpkit '
        "does not follow: it prints nothing there",
        'fill="url(paint.svg#sea)"',
        '<rect width="100" height="30" fill="#2244aa"/>',
    ),
    Case(
        "url of the web",
        '<rect x="10" y="10" width="80" height="40" '
        'style="fill:url(https://example.com/sea.svg#p)"/>',
        'refers to "https://example.com/sea.svg#p" outside the file (fill: '
        "url(https://example.com/sea.svg#p)), which pnpkit does not follow: it prints nothing "
        "there",
        "fill:url(https://example.com/sea.svg#p)",
        None,  # svglib fails on the colon of the address in a style
    ),
    Case(
        "stroke-opacity inherited by a stroke",
        '<rect width="100" height="30" fill="#2244aa"/><g stroke-opacity="0.5">'
        '<path d="M 10 20 L 90 20" stroke="#aa2222" stroke-width="8"/></g>',
        "makes a <g> see-through (stroke-opacity: 0.5), which prints opaque",
        'stroke-opacity="0.5"',
        '<rect width="100" height="30" fill="#2244aa"/>'
        '<path d="M 10 20 L 90 20" stroke="#aa2222" stroke-width="8"/>',
    ),
]

INKSCAPE = (
    '<svg xmlns="http://www.w3.org/2000/svg" '
    'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
    'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" '
    'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
    'xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'width="100" height="60" viewBox="0 0 100 60" inkscape:version="1.3.2 (091e20e, 2023-11-25)" '
    'sodipodi:docname="flag.svg">'
    "<title>Flag</title><desc>The Sloop's flag</desc>"
    '<sodipodi:namedview id="namedview1" pagecolor="#ffffff" bordercolor="#666666" '
    'borderopacity="1.0" inkscape:pageopacity="0.0" inkscape:zoom="4"/>'
    "<metadata><rdf:RDF><cc:Work><dc:title>Flag</dc:title></cc:Work></rdf:RDF></metadata>"
    '<defs id="defs1"><filter id="unused"><feGaussianBlur stdDeviation="2"/></filter>'
    '<mask id="unused-mask"><rect width="10" height="10" fill="#ffffff"/></mask>'
    '<marker id="unused-marker"><circle r="2"/></marker></defs>'
    '<g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" style="display:inline">'
    '<rect style="fill:#aa2222;fill-opacity:1;stroke:none;stroke-opacity:1;opacity:1;'
    'mix-blend-mode:normal;marker:none" x="10" y="10" width="80" height="40" '
    'sodipodi:insensitive="true"/></g></svg>\n'
)
"""Art as Inkscape saves it: metadata, its own elements and attributes, and definitions it
leaves behind unused."""

ACCEPTED = [
    (
        "use of a symbol",
        '<defs><symbol id="s"><rect width="80" height="40" fill="#aa2222"/></symbol></defs>'
        '<use href="#s" x="10" y="10"/>',
        BOX.format(""),
    ),
    (
        "use of a shape, transformed",
        '<defs><rect id="r" width="40" height="20" fill="#aa2222"/></defs>'
        '<use href="#r" transform="translate(10 10) scale(2)"/>',
        BOX.format(""),
    ),
    ("a link", '<a href="https://example.com">' + BOX.format("") + "</a>", BOX.format("")),
    (
        "a switch",
        "<switch>" + BOX.format("") + '<circle cx="5" cy="5" r="5"/></switch>',
        BOX.format(""),
    ),
    (
        "a clip",
        CLIP.format("", '<rect x="0" y="0" width="50" height="60"/>')
        + BOX.format('clip-path="url(#c)"'),
        '<rect x="10" y="10" width="40" height="40" fill="#aa2222"/>',
    ),
    (
        "a style sheet",
        "<style>g.sea > rect:first-child { fill: #aa2222; } #gone { display: none; }</style>"
        '<g class="sea"><rect x="10" y="10" width="80" height="40" fill="#000000"/>'
        '<rect id="gone" width="5" height="5"/></g>',
        BOX.format(""),
    ),
    (
        "hidden shapes and groups",
        BOX.format("")
        + '<g display="none"><circle cx="5" cy="5" r="5"/></g>'
        + '<g style="visibility:hidden"><circle cx="5" cy="5" r="5"/></g>'
        + '<circle cx="5" cy="5" r="5" style="display:none"/>',
        BOX.format(""),
    ),
    (
        "every transform form",
        '<g transform="matrix(1,0,0,1,10,10)"><g transform="translate(40 20)rotate(90)">'
        '<g transform="skewX(0) skewY(0) rotate(-90, 0, 0) translate(-40,-20)">'
        '<rect width="80" height="40" fill="#aa2222" transform="scale(1)"/></g></g></g>',
        BOX.format(""),
    ),
    ("opaque opacities", BOX.format('opacity="1" fill-opacity="100%"'), BOX.format("")),
    (
        "see-through paint that is not drawn",
        BOX.format('stroke="none" stroke-opacity="0.5"')
        + '<g fill="none" fill-opacity="0.3"><circle cx="50" cy="30" r="20" stroke="#000000"/>'
        '</g><g style="stroke-opacity:0.2"><rect width="5" height="5" fill="#000000"/></g>',
        BOX.format('stroke="none"')
        + '<circle cx="50" cy="30" r="20" fill="none" stroke="#000000"/>'
        '<rect width="5" height="5" fill="#000000"/>',
    ),
    (
        "references within the file",
        '<defs><rect id="r" width="80" height="40" fill="#aa2222"/>'
        '<clipPath id="c"><rect width="100" height="60"/></clipPath></defs>'
        '<use href="#r" x="10" y="10" clip-path="url(#c)"/>',
        BOX.format(""),
    ),
]


def _printed(body: str) -> bytes:
    """The pixels of the art ``body`` printed as pnpkit prints art: svglib's drawing of it in
    a PDF form (:func:`~pnpkit.render.faces.face.asset_form`), drawn by PDFium at 3 pixels a unit
    (edges on whole pixels, so a clip and the shape it leaves meet the same pixels)."""
    import pypdfium2
    from reportlab.pdfgen.canvas import Canvas
    from svglib.svglib import svg2rlg

    from pnpkit.render import fonts
    from pnpkit.render.faces.face import asset_form
    from pnpkit.render.svg.drawings import FONT_MAP

    fonts.register()
    drawing = svg2rlg(io.BytesIO(SVG.format(body).encode()), font_map=FONT_MAP)
    assert drawing is not None
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(drawing.width, drawing.height))
    canvas.doForm(asset_form(canvas, drawing, "0" * 64))
    canvas.save()
    page = pypdfium2.PdfDocument(out.getvalue())[0]
    return bytes(page.render(scale=4).to_pil().convert("RGB").tobytes())


@pytest.mark.parametrize("case", [c for c in REFUSED if c.printed], ids=lambda c: c.key)
def test_a_refused_feature_prints_as_if_it_were_not_drawn(case: Case) -> None:
    assert case.printed is not None
    said = [message for message, _ in art_problems(SVG.format(case.body), "the art flag.svg")]
    assert said == [f"the art flag.svg {case.message}"]
    assert _printed(case.body) == _printed(case.printed)


def test_text_on_a_path_and_a_box_units_clip_print_otherwise() -> None:
    """The two features printed otherwise than any simpler SVG: a ``<textPath>``'s text on a
    straight line cut by the top edge, a clip in box units read in user units (a clip of
    half a unit: nothing shows)."""
    on_path = next(c for c in REFUSED if c.key == "textPath")
    box_units = next(c for c in REFUSED if c.key == "clip in box units")
    for case in (on_path, box_units):
        said = [m for m, _ in art_problems(SVG.format(case.body), "the art flag.svg")]
        assert said == [f"the art flag.svg {case.message}"]
    straight = f'<text {FONT} font-size="12">Along the curve</text>'
    assert _printed(on_path.body) == _printed(straight)
    assert _printed(box_units.body) == _printed("")


@pytest.mark.parametrize(("key", "body", "printed"), ACCEPTED, ids=[a[0] for a in ACCEPTED])
def test_a_feature_svglib_draws_is_let_be(key: str, body: str, printed: str) -> None:
    assert art_problems(SVG.format(body), "the art flag.svg") == []
    assert _printed(body) == _printed(printed)


def _art_place(game: Path) -> str:
    path = game / "game.yaml"
    lines = path.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if "art: flag.svg" in line)
    return f"{path}:{row + 1}:{lines[row].index('flag.svg') + 1}"


@pytest.mark.parametrize("case", REFUSED, ids=lambda c: c.key)
def test_refused_in_art_at_the_field_that_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: Case
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "flag.svg").write_text(SVG.format(case.body), encoding="utf-8")
    capsys.readouterr()
    code = main(["check", "--data", str(data)])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Traceback" not in err
    assert f"error: {_art_place(game)}: Sloop: art: the art flag.svg {case.message}" in err, err


@pytest.mark.parametrize("case", REFUSED, ids=lambda c: c.key)
def test_refused_in_a_template_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: Case
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    lines = template.read_text().splitlines()
    lines.insert(-1, case.body)
    template.write_text("\n".join(lines) + "\n", encoding="utf-8")
    row = len(lines) - 1
    column = lines[row - 1].index(case.spot) + 1
    capsys.readouterr()
    code = main(["check", "--data", str(data)])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Traceback" not in err
    assert f"error: {template}:{row}:{column}: Brig (card at " in err, err
    assert f": the template {case.message}" in err, err


@pytest.mark.parametrize("command", ["check", "build"])
def test_the_build_refuses_what_check_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    mask = next(c for c in REFUSED if c.key == "mask")
    (game / "assets" / "flag.svg").write_text(SVG.format(mask.body), encoding="utf-8")
    template = game / "templates" / "ship-front.svg.j2"
    opacity = next(c for c in REFUSED if c.key == "opacity")
    template.write_text(template.read_text().replace("</svg>", opacity.body + "</svg>"))
    capsys.readouterr()
    code = main([command, "--data", str(data), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 1, err
    assert f"Sloop: art: the art flag.svg {mask.message}" in err, err
    assert f": the template {opacity.message}" in err, err
    assert not (tmp_path / "out" / game.name).exists()


def test_art_as_inkscape_saves_it_is_let_be(tmp_path: Path) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "flag.svg").write_text(INKSCAPE, encoding="utf-8")
    assert art_problems(INKSCAPE, "the art flag.svg") == []
    assert main(["check", "--data", str(data)]) == 0


@pytest.mark.parametrize(("key", "body"), [a[:2] for a in ACCEPTED], ids=[a[0] for a in ACCEPTED])
def test_accepted_features_pass_check_in_art_and_template(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, body: str
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "flag.svg").write_text(SVG.format(body), encoding="utf-8")
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(template.read_text().replace("</svg>", body + "</svg>"))
    assert main(["check", "--data", str(data)]) == 0, capsys.readouterr().err


def test_an_icon_is_refused_at_the_text_that_shows_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "icons").mkdir()
    marker = next(c for c in REFUSED if c.key == "marker")
    (game / "assets" / "icons" / "coin.svg").write_text(SVG.format(marker.body), "utf-8")
    path = game / "game.yaml"
    text = path.read_text()
    path.write_text(text.replace("text: Move two spaces.", "text: Move two :coin:."))
    row = next(i for i, line in enumerate(text.splitlines()) if "Move two spaces." in line)
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert f"error: {path}:{row + 1}:" in err, err
    assert f"Full Sail: text: the icon :coin: (assets/icons/coin.svg) {marker.message}" in err


def test_an_xlink_reference_to_another_file_is_refused_in_art() -> None:
    """Inkscape writes ``xlink:href``: a clone of another file's shape is refused as ``href``
    is; a link to a web page is let be (it prints what it holds)."""
    body = (
        '<use xlink:href="parts.svg#mast"/><use xlink:href="#r"/>'
        '<a xlink:href="https://example.com">' + BOX.format('id="r"') + "</a>"
    )
    assert art_problems(SVG.format(body), "the art flag.svg") == [
        (
            'the art flag.svg refers to "parts.svg#mast" outside the file (xlink:href on a '
            "<use>), which pnpkit does not follow: it prints nothing there",
            'references within the file: href="#id" and url(#id), naming an element of the same '
            "SVG (what another file holds copied into this one)",
        )
    ]
