"""SVG art of a game's ``assets/`` (an ``image`` field, an ``:icon:``) and the raw ``<text>`` of
a designer's template are held to the SVG rules in check and build alike: text in the embedded
font, with a glyph for every character; no ``<image>``; flat colours, no gradient or pattern
(svglib prints a gradient solid black in a malformed PDF, a pattern as nothing). Each refusal
is exit 1 at the place the art is named, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    'width="100" height="50">{}</svg>\n'
)
GRADIENT = (
    '<defs><{kind} id="g"><stop offset="0" stop-color="blue"/>'
    '<stop offset="1" stop-color="yellow"/></{kind}></defs>'
    '<rect width="100" height="50" fill="url(#g)"/>'
)
CASES = [
    ('<text x="5" y="20">Hi</text>', "the art flag.svg: text 'Hi' names no font"),
    (
        '<text x="5" y="20" font-family="Helvetica">Hi</text>',
        "the art flag.svg uses font-family 'Helvetica'",
    ),
    (
        '<image xlink:href="ship.png" x="0" y="0" width="10" height="10"/>',
        "the art flag.svg has an <image> element ('ship.png'), which pnpkit does not draw",
    ),
    (
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"/>',
        "the art flag.svg has an <image> element ('data:image/png;base64,iVBORw0KGgo='), which",
    ),
    (
        '<text x="1" y="20" font-family="Source Sans Pro">HI 漢字 ∰ ☃</text>',
        "the art flag.svg sets the text 'HI 漢字 ∰ ☃' with no glyph in SourceSansPro-Regular for "
        "U+6F22 CJK UNIFIED IDEOGRAPH-6F22, U+5B57 CJK UNIFIED IDEOGRAPH-5B57, "
        "U+2230 VOLUME INTEGRAL, and 1 more",
    ),
    (
        GRADIENT.format(kind="linearGradient"),
        "the art flag.svg fills with a <linearGradient>, which prints as solid black",
    ),
    (
        GRADIENT.format(kind="radialGradient"),
        "the art flag.svg fills with a <radialGradient>, which prints as solid black",
    ),
    (
        '<defs><pattern id="p" width="4" height="4"><rect width="2" height="2"/></pattern>'
        '</defs><rect width="100" height="50" fill="url(#p)"/>',
        "the art flag.svg fills with a <pattern>, which prints as nothing",
    ),
]


def _art_place(game: Path) -> str:
    path = game / "game.yaml"
    lines = path.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if "art: flag.svg" in line)
    return f"{path}:{row + 1}:{lines[row].index('flag.svg') + 1}"


@pytest.mark.parametrize(("body", "message"), CASES)
@pytest.mark.parametrize("command", ["check", "build"])
def test_svg_art_is_held_to_the_svg_rules_where_it_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, message: str, command: str
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "flag.svg").write_text(SVG.format(body), encoding="utf-8")
    capsys.readouterr()
    code = main([command, "--data", str(data), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Traceback" not in err
    assert f"error: {_art_place(game)}: Sloop: art: {message}" in err, err
    assert not (tmp_path / "out" / game.name).exists()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (GRADIENT.format(kind="radialGradient"), "fills with a <radialGradient>"),
        (
            '<text x="1" y="20" font-family="Source Sans Pro">漢</text>',
            "sets the text '漢' with no glyph",
        ),
        ('<text x="1" y="20" font-family="Courier">c</text>', "uses font-family 'Courier'"),
    ],
)
def test_an_icon_is_held_to_the_svg_rules_at_the_text_that_shows_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, message: str
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "icons").mkdir()
    (game / "assets" / "icons" / "coin.svg").write_text(SVG.format(body), encoding="utf-8")
    path = game / "game.yaml"
    text = path.read_text()
    path.write_text(text.replace("text: Move two spaces.", "text: Move two :coin:."))
    row = next(i for i, line in enumerate(text.splitlines()) if "Move two spaces." in line)
    assert main(["check", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"error: {path}:{row + 1}:" in err
    assert f"Full Sail: text: the icon :coin: (assets/icons/coin.svg) {message}" in err, err


def test_raw_text_in_a_template_is_checked_for_glyphs_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    lines = template.read_text().splitlines()
    lines.insert(
        2, '<text x="0" y="30" font-size="14" font-family="Source Sans Pro">{{ name }} 漢字</text>'
    )
    template.write_text("\n".join(lines) + "\n")
    row = next(i for i, line in enumerate(lines) if "漢字" in line)
    for command in ("check", "build"):
        assert main([command, "--data", str(data), "--out", str(tmp_path / "out")]) == 1
        err = capsys.readouterr().err
        assert "Traceback" not in err
        column = lines[row].index("漢") + 1
        assert f"error: {template}:{row + 1}:{column}: Brig (card at " in err, err
        assert (
            "the template game/ship-front.svg.j2 sets the text 'Brig 漢字' with no glyph in "
            "SourceSansPro-Regular for U+6F22 CJK UNIFIED IDEOGRAPH-6F22" in err
        )


def test_a_gradient_in_a_template_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    template.write_text(
        template.read_text().replace("</svg>", GRADIENT.format(kind="linearGradient") + "</svg>")
    )
    assert main(["check", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert "Brig: the template fills with a <linearGradient>, which prints as solid black" in err


def test_a_gradient_only_defined_is_let_be(tmp_path: Path) -> None:
    """Drawing programs leave unused gradients in ``<defs>``: nothing paints with them, so
    nothing prints wrong."""
    data = tmp_path / "data"
    game = make_game(data)
    unused = GRADIENT.format(kind="linearGradient").replace('fill="url(#g)"', 'fill="#224466"')
    (game / "assets" / "flag.svg").write_text(SVG.format(unused), encoding="utf-8")
    assert main(["check", "--data", str(data)]) == 0
