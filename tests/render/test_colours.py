"""A colour svglib cannot read (it logs ``Can't handle color`` and prints nothing there, or
prints black) is refused by the SVG rules (:func:`~pnpkit.render.svg.features.is_colour`), in a
template at its line and column, in art and icons with the art's line and column. The rule is
read against svglib itself: every colour it lets through, svglib prints as a browser shows it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageColor
from tests.games.cardgame.opendeck import make_game, run_pnpkit, with_ship_front

from pnpkit.app.cli import main
from pnpkit.render.svg.features import NAMED_COLOURS, is_colour
from pnpkit.render.svg.rules import art_problems, svg_problems

W, H = 180.0, 252.0

VALUES = (
    *("#000", "#1a2b3c", "#ABCDEF", "#1a2b3", "#12345", "#ggg", "#gggggg", "#ff_fff", "blu"),
    *("red", "Red", "RED", "navy", "lightgray", "lightgrey", "rebeccapurple", "gold1", "none"),
    *("rgb(255, 0, 0)", "rgb(255,0,0)", "rgb(255 128 0)", "rgb(300, 0, 0)", "rgb(300, 0, 0"),
    *("rgb(50%, 0%, 100%)", "rgb(12.5%, 0%, 0%)", "rgb(0.5, 0.5, 0.5)", "rgb(128, 50%, 0)"),
    *("rgb(1, 2)", "RGB(1, 2, 3)", "rgb (1, 2, 3)", "rgba(10, 20, 30, 1)", "rgba(0, 0, 0, 2)"),
    *("hsl(120, 50%, 50%)", "hsl(120, 50, 50)", "hsl(400, 100%, 25%)", "cmyk(0, 0, 0, 1)"),
    *("fidblue", "cornflower", "ReportLabBlue", "Color", "#ff000080"),
)
"""Colours tried: good ones, typos, and what svglib reads otherwise than a browser
(``rgb(0.5, …)`` as fractions, a number without ``%`` in ``hsl()`` as a percentage, ReportLab's
own names, ``cmyk()``), which the rule refuses too."""


def _svglib(value: str) -> tuple[float, float, float] | None:
    """The colour svglib prints for ``value``, or None when it prints nothing or black for
    want of reading it."""
    from svglib.svglib import Svg2RlgAttributeConverter

    try:
        colour = Svg2RlgAttributeConverter().convertColor(value)
    except (ValueError, AttributeError, TypeError):
        return None  # the shape keeps ReportLab's black
    if colour is None:
        return None
    return (colour.red, colour.green, colour.blue)


@pytest.mark.parametrize("value", VALUES)
def test_every_colour_the_rule_allows_svglib_prints_as_a_browser_shows_it(value: str) -> None:
    drawn = _svglib(value)
    if not is_colour(value):
        return
    if value == "none":
        assert drawn is None
        return
    assert drawn is not None, value
    try:
        browser = ImageColor.getrgb(value)
    except ValueError:
        return  # PIL does not read this spelling; svglib read it above
    assert all(abs(a * 255 - b) <= 1 for a, b in zip(drawn, browser[:3], strict=True)), value


def test_the_rule_refuses_what_svglib_cannot_read() -> None:
    refused = {value for value in VALUES if value != "none" and _svglib(value) is None}
    assert refused and not {value for value in refused if is_colour(value)}
    for name in NAMED_COLOURS:
        assert _svglib(name) is not None, name
    assert not is_colour("lightgray") and _svglib("lightgray") is None


def _svg(body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W:g}pt" height="{H:g}pt" '
        f'viewBox="0 0 {W:g} {H:g}">{body}</svg>'
    )


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ('<rect width="5" height="5" fill="blu"/>', 'sets fill "blu" on a <rect>'),
        ('<rect width="5" height="5" style="stroke: #12345"/>', 'sets stroke "#12345"'),
        ("<style>rect { fill: gold1 }</style><rect width='5' height='5'/>", 'fill "gold1"'),
        (
            '<linearGradient id="g"><stop offset="0" stop-color="lightgray"/></linearGradient>',
            'sets stop-color "lightgray" on a <stop>, which is not a colour: it prints as '
            "nothing or as black; did you mean lightgrey?",
        ),
        (
            '<rect width="5" height="5" stroke="currentColor"/>',
            'sets stroke "currentColor" on a <rect> with no color on an element around it',
        ),
    ],
)
def test_a_colour_svglib_cannot_read_is_refused(body: str, says: str) -> None:
    said = [message for message, _ in svg_problems(_svg(body), W, H)]
    assert any(says in message for message in said), said


def test_current_colour_inside_an_element_that_sets_it_is_a_colour() -> None:
    body = '<g color="#ff0000"><rect width="5" height="5" fill="currentColor"/></g>'
    assert svg_problems(_svg(body), W, H) == []


def test_art_says_the_line_and_column_of_a_bad_colour() -> None:
    art = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<rect fill="rgb(300, 0, 0"/>\n</svg>'
    ((message, allowed),) = art_problems(art, "the art flag.svg")
    assert message.startswith('the art flag.svg (line 2, column 7) sets fill "rgb(300, 0, 0" on a')
    assert allowed.startswith("#rgb or #rrggbb, rgb(r, g, b) of whole numbers 0–255")


TEMPLATE = """\
{% import "cards/_svg.j2" as svg %}{{ svg.open(w, h) }}
<rect x="0" y="0" width="{{ fmt(w) }}" height="{{ fmt(h) }}" fill="#1a2b3"/>
<text x="10" y="40" font-family="Source Sans Pro" font-size="10" fill="blu">Hello raw</text>
</svg>
"""


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_templates_bad_colour_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    data, template = with_ship_front(tmp_path, TEMPLATE)
    code, err = run_pnpkit(command, data, capsys)
    assert code == 1, err
    assert f"error: {template}:2:62: Brig (card at " in err, err
    assert 'the template sets fill "#1a2b3" on a <rect>, which is not a colour' in err
    assert f"error: {template}:3:66: " in err
    assert 'sets fill "blu" on a <text>, which is not a colour: it prints as nothing or as ' in err
    assert "black; did you mean blue? (allowed: #rgb or #rrggbb, rgb(r, g, b)" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("command", ["check", "build"])
def test_an_icons_bad_colour_is_refused_at_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "icons").mkdir()
    (game / "assets" / "icons" / "bad.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<circle cx="5" cy="5" r="5" fill="gold1"/></svg>'
    )
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("text: Move two spaces.", 'text: "Pay :bad:"'))
    capsys.readouterr()
    assert main([command, "--data", str(data), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert (
        "Full Sail: text: the icon :bad: (assets/icons/bad.svg) (line 1, column 89) sets fill "
        '"gold1" on a <circle>, which is not a colour: it prints as nothing or as black; did '
        "you mean gold?"
    ) in err, err
