"""Spans in a card's text are drawn in their colour and size, on the face's SVG and in the PDF;
fitting measures them; a bad span is an error at the text's ``file:line:col``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game
from tests.pdfread import first_page_colours, page_texts

from pnpkit.app.cli import main
from pnpkit.games.cardgame.faces import faces
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.render import fonts
from pnpkit.render.faces.markup_lines import draw_line, lay_out, line_width
from pnpkit.render.faces.typesetter import LEADING, MarkupTypesetter, TextOverflow
from pnpkit.verify.promises import MIN_TEXT_SIZE

SPANNED = (
    'Deal <span colour="#b22222" size="200%">3</span> hits, <span color="#1a7f2a">heal 1</span>'
)


def _game(tmp_path: Path, text: str = SPANNED) -> Path:
    game = make_game(tmp_path / "data")
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("text: Move two spaces.", f"text: '{text}'"))
    return game


def test_spans_are_drawn_in_their_colour_and_size_on_the_face(tmp_path: Path) -> None:
    game = load_card_game(_game(tmp_path))
    (_, laid), *_ = [d for d in faces(game, DEFAULTS) if d[0].key == "orders"]
    svg = laid[0][0].svg
    three = re.search(r'<text [^>]*font-size="([\d.]+)"[^>]*fill="#b22222">3</text>', svg)
    deal = re.search(r'<text [^>]*font-size="([\d.]+)"[^>]*>Deal</text>', svg)
    assert three and deal, svg
    assert float(three.group(1)) == pytest.approx(2 * float(deal.group(1)), abs=0.01)
    assert re.search(r'fill="#1a7f2a">heal</text>', svg)
    assert "<span" not in svg and "span&gt;" not in svg and "&lt;span" not in svg


def test_the_pdf_prints_the_span_in_its_colour(tmp_path: Path) -> None:
    _game(tmp_path)
    out = tmp_path / "out"
    assert main(["build", "--data", str(tmp_path / "data"), "--out", str(out)]) == 0
    pdf = out / "open-seas" / "orders-cards.pdf"
    text = page_texts(pdf)[0]
    assert "hits" in text and "span" not in text
    colours = {c for _, c in first_page_colours(pdf, 150)}
    assert any(abs(r - 0xB2) < 12 and g < 60 and b < 60 for r, g, b in colours)  # firebrick
    assert any(r < 60 and abs(g - 0x7F) < 15 and b < 70 for r, g, b in colours)  # green


def test_fitting_measures_a_span_at_its_size() -> None:
    (plain,) = lay_out("Deal 3 hits", "normal", 10, 500, ())
    (big,) = lay_out('Deal <span size="200%">3</span> hits', "normal", 10, 500, ())
    wide, wider = line_width(plain, "normal", 10), line_width(big, "normal", 10)
    three = fonts.text_width("3", fonts.REGULAR, 10)
    space = fonts.text_width(" ", fonts.REGULAR, 10)
    # the 3 at twice the size, and the spaces either side of it too
    assert wider - wide == pytest.approx(three + 2 * space)
    assert len(lay_out('Deal <span size="200%">3</span> hits', "normal", 10, wide, ()) or []) == 2


def test_a_small_span_never_prints_under_the_minimum() -> None:
    (line,) = lay_out('tiny <span size="50%">print</span>', "normal", 8, 500, ())
    svg = draw_line(line, 0, 10, 8, "normal", "start", "#000000", {})
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert sizes == [8, MIN_TEXT_SIZE]


def test_a_bad_span_is_an_error_where_it_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, 'Deal <span colour="crimson">3</span> hits.')
    path = game / "game.yaml"
    lines = path.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if "crimson" in line)
    col = lines[row].index("'Deal") + 1
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert (
        f'error: {path}:{row + 1}:{col}: decks[1].cards[0].text: <span colour="crimson">: '
        "colour 'crimson' is not a colour (write #rrggbb: # and six hex digits, e.g. #b22222)"
    ) in err


def test_a_line_of_larger_type_takes_more_room() -> None:
    setter = MarkupTypesetter((), {})
    text = 'one\n<span size="200%">two</span>\nthree'
    drawn = str(setter.wrap(text, 0, 0, 200, 200, 10, field="text", min_size=10))
    baselines = [float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)"', drawn)]
    step = 10 * LEADING
    # the doubled line sits 8 pt (its extra ascent) lower, the line after it 10 pt lower
    assert baselines == pytest.approx([8, 8 + step + 8, 8 + 2 * step + 10])
    # and it needs that room: a box as tall as three plain lines refuses it at 10 pt
    with pytest.raises(TextOverflow):
        setter.wrap(text, 0, 0, 200, 10 + 2 * step + 5, 10, field="text", min_size=10)
    assert setter.wrap("one\ntwo\nthree", 0, 0, 200, 10 + 2 * step, 10, field="t", min_size=10)
