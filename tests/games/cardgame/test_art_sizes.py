"""SVG art is scaled to its box from its own size: its viewBox, or else its width and height.
Art with neither (svglib makes it a drawing of 0 × 0 pt, which prints nothing) is refused by
``check`` at the field that names it, saying what to add; an ``:icon:`` is held to the same and
is drawn from its size as svglib reads it (a width in pt is 4/3 of its units, as in px)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game

from pnpkit.app.cli import main
from pnpkit.render.faces.markup_lines import icon_group
from pnpkit.render.svg.rules import SIZED, art_problems

SHAPES = '<rect width="60" height="40" fill="#111111"/>'


def _svg(head: str) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg"{head}>{SHAPES}</svg>\n'


def _art_place(game: Path) -> str:
    path = game / "game.yaml"
    lines = path.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if "art: flag.svg" in line)
    return f"{path}:{row + 1}:{lines[row].index('flag.svg') + 1}"


@pytest.mark.parametrize(
    ("head", "has"),
    [
        ("", "no viewBox, width or height"),
        (' width="60"', 'width="60", not a size pnpkit can scale'),
        (' width="100%" height="100%"', 'width="100%" height="100%", not a size pnpkit can scale'),
        (' viewBox="0 0 60"', 'viewBox="0 0 60", not a size pnpkit can scale'),
        (' viewBox="0 0 0 40"', 'viewBox="0 0 0 40", not a size pnpkit can scale'),
    ],
)
def test_art_with_no_size_is_refused_saying_what_to_add(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], head: str, has: str
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "flag.svg").write_text(_svg(head))
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert (
        f"error: {_art_place(game)}: Sloop: art: the art flag.svg has no size: its <svg> has "
        f"{has} (allowed: {SIZED})"
    ) in err, err


def test_the_drawing_of_art_with_no_size_is_empty() -> None:
    """Why it is refused: svglib draws it 0 × 0 pt, and a box that size prints nothing."""
    import io

    from svglib.svglib import svg2rlg

    drawing = svg2rlg(io.StringIO(_svg("")))
    assert drawing is not None
    assert (drawing.width, drawing.height) == (0, 0)


@pytest.mark.parametrize(
    "head",
    [
        ' viewBox="0 0 60 40"',
        ' width="60" height="40"',
        ' width="45pt" height="30pt"',
        ' width="100%" height="100%" viewBox="0,0,60,40"',
        ' width="2in" viewBox="0 0 60 40"',
    ],
)
def test_art_with_a_size_is_let_be(head: str) -> None:
    assert art_problems(_svg(head), "the art flag.svg") == []


def test_an_icon_with_no_size_is_refused_at_the_text_that_shows_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "icons").mkdir()
    (game / "assets" / "icons" / "coin.svg").write_text(_svg(""))
    path = game / "game.yaml"
    text = path.read_text()
    path.write_text(text.replace("text: Move two spaces.", "text: Move two :coin:."))
    row = next(i for i, line in enumerate(text.splitlines()) if "Move two spaces." in line)
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert f"error: {path}:{row + 1}:" in err, err
    assert (
        "Full Sail: text: the icon :coin: (assets/icons/coin.svg) has no size: its <svg> has no "
        "viewBox, width or height"
    ) in err, err


@pytest.mark.parametrize(
    "head",
    [
        ' width="18pt" height="18pt"',
        ' width="24" height="24"',
        ' viewBox="0 0 24" width="24px" height="24px"',
    ],
)
def test_an_icon_is_drawn_from_its_size_as_svglib_reads_it(tmp_path: Path, head: str) -> None:
    """18 pt are 24 units, as a viewBox of 24 × 24; a viewBox that is not four numbers is left
    out for the width and height (it used to stop the check with a traceback)."""
    icon = tmp_path / "coin.svg"
    icon.write_text(_svg(head))
    assert art_problems(icon.read_bytes(), "the icon :coin:") == []
    assert 'transform="translate(0 0) scale(0.5000)"' in icon_group(icon, 0, 0, 12)


def test_what_an_icons_svg_sets_reaches_what_it_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The fill and font its ``<svg>`` sets are drawn with the icon (they were left behind with
    the ``<svg>``: the text named no font, the circle printed black)."""
    data = tmp_path / "data"
    game = make_game(data)
    (game / "assets" / "icons").mkdir()
    coin = game / "assets" / "icons" / "coin.svg"
    coin.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" '
        'font-family="Source Sans Pro" fill="#aa0000"><circle cx="12" cy="12" r="11"/>'
        '<text x="4" y="16" font-size="16">1</text></svg>'
    )
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("text: Move two spaces.", "text: Move two :coin:."))
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 0, capsys.readouterr().err
    assert icon_group(coin, 0, 0, 12).startswith(
        '<g data-pnpkit-icon="coin" transform="translate(0 0) scale(0.5000)" '
        'font-family="Source Sans Pro" fill="#aa0000">'
    )
