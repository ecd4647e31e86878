"""Text is printed at 6 pt or more (the build's read-back refuses a PDF with smaller text), so
``check`` holds every text to it at the size it prints: the font-size times the scale it is
drawn at. Text in SVG art is scaled with the art to fit its box, text in an ``:icon:`` to the
size of the text around it, and a template's own ``<text>`` by the transforms around it; each
under 6 pt is refused where it is written (the art's field, the card that shows the icon, the
template's line), naming the size found and the minimum, where the build used to stop at its
read-back with no place named."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main
from pnpkit.render.faces.markup_lines import icon_group
from pnpkit.render.svg.features import IDENTITY
from pnpkit.render.svg.rules import ICON_ATTRIBUTE, printed_text

FLAG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40">'
    '<rect width="60" height="40" fill="#111111"/>{}</svg>\n'
)
"""The art of the Sloop card, drawn by ``image(art, 20, 60, w - 40, 100)``: 140 × 100 pt, so
the 45 × 30 pt drawing is scaled 3.11 times, and a unit of it is 2.33 pt."""
TEXT = '<text x="5" y="30" font-family="Source Sans Pro" font-size="{}">{}</text>'
ALLOWED = "(allowed: text at least 6 pt as printed (its font-size times the scale it is drawn at)"


def _art_place(game: Path) -> str:
    path = game / "game.yaml"
    lines = path.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if "art: flag.svg" in line)
    return f"{path}:{row + 1}:{lines[row].index('flag.svg') + 1}"


def _run(command: str, data: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    jobs = ["-j", "1"] if command == "build" else []
    code = main([command, "--data", str(data), "--out", str(out), *jobs])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return f"{code}\n{err}"


@pytest.mark.parametrize("command", ["check", "build"])
def test_art_text_under_6_pt_as_printed_is_refused_at_the_art_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "flag.svg").write_text(FLAG.format(TEXT.format(2, "Letters of marque")))
    said = _run(command, data, tmp_path / "out", capsys)
    assert said.startswith("1\n"), said
    assert (
        f"error: {_art_place(game)}: Sloop: art: the art flag.svg sets the text "
        "'Letters of marque' at 4.67 pt as printed, under the 6 pt minimum: font-size 2 in the "
        f"art, which is scaled to fit its 140 × 100 pt box {ALLOWED}: a larger font-size in the "
        "art, or the art drawn in a larger box)"
    ) in said
    assert "smaller than 6 pt" not in said  # not left to the read-back
    assert not (tmp_path / "out" / game.name).exists()


def test_art_text_of_6_pt_as_printed_builds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The check and the read-back agree at the line: font-size 2.6 prints at 6.07 pt."""
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "flag.svg").write_text(FLAG.format(TEXT.format(2.6, "Marque")))
    said = _run("build", data, tmp_path / "out", capsys)
    assert said.startswith("0\n"), said


def test_text_in_an_icon_is_measured_as_drawn_beside_the_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "icons").mkdir()
    coin = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
        '<circle cx="12" cy="12" r="11" fill="#d9a21b"/>'
        '<text x="6" y="17" font-family="Source Sans Pro" font-size="8">1</text></svg>'
    )
    (game / "assets" / "icons" / "coin.svg").write_text(coin)
    path = game / "game.yaml"
    text = path.read_text()
    path.write_text(text.replace("text: Move two spaces.", "text: Gain :coin:."))
    row = next(i for i, line in enumerate(text.splitlines()) if "Move two spaces." in line)
    col = text.splitlines()[row].index("Move two spaces.") + 1  # the text's own place
    said = _run("check", data, tmp_path / "out", capsys)
    assert said.startswith("1\n"), said
    assert (
        f"error: {path}:{row + 1}:{col}: Full Sail: text: the icon :coin: (assets/icons/coin.svg) sets "
        "the text '1' at 3.52 pt as printed, under the 6 pt minimum: font-size 8 in the icon, "
        f"which is drawn the size of the text around it {ALLOWED}: a larger font-size in the "
        "icon, or larger text around it)"
    ) in said
    (game / "assets" / "icons" / "coin.svg").write_text(
        coin.replace('font-size="8"', 'font-size="14"')
    )
    assert _run("check", data, tmp_path / "out", capsys).startswith("0\n")


def test_a_templates_own_text_under_6_pt_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    template = game / "templates" / "ship-front.svg.j2"
    lines = template.read_text().splitlines()
    lines.insert(-1, '<g transform="scale(0.5)"><text x="20" y="400" font-family="Source Sans Pro"')
    lines.insert(-1, ' font-size="10">Fine print</text></g>')
    template.write_text("\n".join(lines) + "\n")
    said = _run("check", data, tmp_path / "out", capsys)
    assert said.startswith("1\n"), said
    assert f"error: {template}:{len(lines) - 1}:2: Brig (card at " in said, said
    assert (
        ": the template game/ship-front.svg.j2 sets the text 'Fine print' at 5.00 pt as printed, "
        f"under the 6 pt minimum (font-size 10) {ALLOWED}: a larger font-size (line(), wrap() "
        "and flow() set text at 6 pt or more))"
    ) in said


def _sizes(body: str, head: str = 'viewBox="0 0 100 100"') -> list[tuple[float, str]]:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg" {head}>{body}</svg>')
    return [(round(t.size, 2), t.words) for t in printed_text(root, IDENTITY)]


def test_text_is_measured_as_svglib_prints_it() -> None:
    """Units, inheritance, transforms, ``<use>``, and what does not print."""
    assert _sizes(
        '<text font-size="12pt">a</text><text>b</text><text font-size="2em">c</text>'
    ) == [
        (16.0, "a"),  # in the drawing's units (px): 12 pt is 16 of them
        (16.0, "b"),  # svglib's default, 12 pt
        (32.0, "c"),  # an em is 16 units, whatever the parent's size
    ]
    assert _sizes(
        '<g font-size="10" transform="rotate(30) scale(0.5 0.3)"><text>a<tspan font-size="20">'
        "b</tspan></text></g>"
    ) == [(3.0, "a"), (6.0, "b")]
    assert _sizes(
        '<defs><text id="t" font-size="10">used</text><text font-size="1">unused</text></defs>'
        '<use href="#t" transform="scale(0.4)"/><text font-size="1" display="none">hidden</text>'
        '<g style="display:none"><text font-size="1">hidden</text></g>'
    ) == [(4.0, "used")]
    assert _sizes(
        '<style>.small { font-size: 3px }</style><text class="small" font-size="9">a</text>'
        '<text style="font-size:4px" font-size="9">b</text>'
    ) == [(3.0, "a"), (4.0, "b")]


def test_the_icon_group_names_its_icon(tmp_path: Path) -> None:
    icon = tmp_path / "coin.svg"
    icon.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle r="4"/></svg>'
    )
    drawn = icon_group(icon, 0, 0, 12)
    assert drawn.startswith(f'<g {ICON_ATTRIBUTE}="coin" transform="translate(0 0) scale(0.5000)">')
