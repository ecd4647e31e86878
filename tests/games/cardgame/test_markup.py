"""Icons and markup in card text: ``:name:`` draws an icon (the game's ``assets/icons/`` or a
built-in emblem) at text size, ``**bold**`` and ``*italic*`` change the face, a ``<span>`` the
colour and size, on the face's SVG and in the PDF; fitting counts them all; an unknown icon or
a bad span is an error at ``file:line:col``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game
from tests.pdfread import first_page_colours, page_texts

from pnpkit.app.cli import main
from pnpkit.errors import DataError
from pnpkit.games.cardgame.faces import faces
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.render import fonts
from pnpkit.render.face_layout.face import LayoutFace
from pnpkit.render.faces.markup_lines import ICON_WIDTH, draw_line, lay_out, line_width
from pnpkit.render.faces.typesetter import LEADING, MarkupTypesetter, TextOverflow
from pnpkit.render.vector import Svg, Words
from pnpkit.verify.promises import MIN_TEXT_SIZE

COIN = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="5" fill="#e0a010"/></svg>'
)
RICH = "Gain **2 gold** :coin: and *one* :star:."
SPANNED = (
    "Deal <span colour='#b22222' size='200%'>3</span> hits, <span color='#1a7f2a'>heal 1</span>"
)


def _game(tmp_path: Path, text: str = RICH) -> Path:
    game = make_game(tmp_path / "data")
    (game / "assets" / "icons").mkdir()
    (game / "assets" / "icons" / "coin.svg").write_text(COIN)
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("text: Move two spaces.", f'text: "{text}"'))
    return game


def test_icons_and_markup_are_drawn(tmp_path: Path) -> None:
    game = load_card_game(_game(tmp_path))
    (_, laid), *_ = [d for d in faces(game, DEFAULTS) if d[0].key == "orders"]
    face = laid[0][0]
    assert isinstance(face, LayoutFace)  # the built-in front is a layout, drawn directly
    icons = [i.markup for i in face.items if isinstance(i, Svg)]
    assert any('fill="#e0a010"' in markup for markup in icons)  # the game's coin icon
    words = {(i.text, i.font) for i in face.items if isinstance(i, Words)}
    assert ("gold", fonts.BOLD) in words and ("one", fonts.ITALIC) in words
    shown = face.words()
    assert "**" not in shown and ":coin:" not in shown and ":star:" not in shown


def test_the_pdf_shows_the_icon_and_the_bold_text(tmp_path: Path) -> None:
    _game(tmp_path)
    out = tmp_path / "out"
    assert main(["build", "--data", str(tmp_path / "data"), "--out", str(out)]) == 0
    pdf = out / "open-seas" / "orders-cards.pdf"
    text = page_texts(pdf)[0]
    assert "gold" in text and "**" not in text and ":coin:" not in text
    colours = {c for _, c in first_page_colours(pdf, 60)}
    assert any(abs(r - 0xE0) < 10 and abs(g - 0xA0) < 10 and b < 40 for r, g, b in colours)


def test_fitting_counts_icons_and_bold() -> None:
    fonts.register()
    icons = ("star",)
    (plain,) = lay_out("gold", "normal", 10, 500, icons)
    (bold,) = lay_out("**gold**", "normal", 10, 500, icons)
    (icon,) = lay_out(":star:", "normal", 10, 500, icons)
    assert line_width(bold, "normal", 10) > line_width(plain, "normal", 10)
    assert line_width(icon, "normal", 10) == pytest.approx(10 * ICON_WIDTH)
    assert lay_out(":star: :star: :star:", "normal", 10, 2.5 * 10 * ICON_WIDTH, icons) is not None
    assert len(lay_out(":star: :star: :star:", "normal", 10, 20, icons) or []) == 3


@pytest.mark.parametrize(
    ("text", "said", "allowed"),
    [
        (
            "Gain :kraken: now.",
            ":kraken: is no built-in emblem, and assets/icons/kraken.svg does not exist",
            "(allowed: icons: :skull:, :anchor:,",
        ),
        (
            "Gain <span colour='crimson'>3</span> now.",
            "<span colour='crimson'>: colour 'crimson' is not a colour (write #rrggbb: # and six "
            "hex digits, e.g. #b22222)",
            '(allowed: <span colour="#rrggbb" size="NN%">text</span>, the size 50%–300% of the '
            "text's, closed on its line, never inside another span)\n",
        ),
    ],
    ids=["icon", "span"],
)
def test_a_markup_problem_is_an_error_where_it_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, said: str, allowed: str
) -> None:
    game = _game(tmp_path, text)
    path = game / "game.yaml"
    lines = path.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if text in line)
    col = lines[row].index('"Gain') + 1
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert f"error: {path}:{row + 1}:{col}: decks[1].cards[0].text: {said} {allowed}" in err


def test_spans_are_drawn_in_their_colour_and_size_on_a_layout_face(tmp_path: Path) -> None:
    game = load_card_game(_game(tmp_path, SPANNED))
    (_, laid), *_ = [d for d in faces(game, DEFAULTS) if d[0].key == "orders"]
    face = laid[0][0]
    assert isinstance(face, LayoutFace)  # the built-in front
    # each run of words in one style is one string: found by its first word
    words = {i.text.split()[0]: i for i in face.items if isinstance(i, Words)}
    assert words["3"].colour == "#b22222" and words["heal"].colour == "#1a7f2a"
    assert words["3"].size == pytest.approx(2 * words["Deal"].size)
    assert words["heal"].size == words["Deal"].size
    assert "span" not in face.words()


def test_spans_are_drawn_in_their_colour_and_size_in_a_template() -> None:
    setter = MarkupTypesetter((), {})
    svg = str(setter.wrap(SPANNED, 0, 0, 200, 100, 10, field="text", min_size=10))
    three = re.search(r'<text [^>]*font-size="([\d.]+)"[^>]*fill="#b22222">3</text>', svg)
    deal = re.search(r'<text [^>]*font-size="([\d.]+)"[^>]*>Deal</text>', svg)
    assert three and deal, svg
    assert float(three.group(1)) == pytest.approx(2 * float(deal.group(1)), abs=0.01)
    assert re.search(r'fill="#1a7f2a">heal</text>', svg)
    assert "<span" not in svg and "span&gt;" not in svg and "&lt;span" not in svg


def test_the_pdf_prints_the_span_in_its_colour(tmp_path: Path) -> None:
    _game(tmp_path, SPANNED)
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


def test_a_cards_icon_may_be_the_games_own(tmp_path: Path) -> None:
    """A card's ``icon`` and a declared ``icon`` field take an icon of ``assets/icons/`` as
    well as an emblem; the built-in front draws it, and a misspelt one is refused."""
    game = _game(tmp_path)
    path = game / "game.yaml"
    text = path.read_text()
    assert "icon: star" in text or "key: hold" in text
    loaded = load_card_game(game)
    card = loaded.decks[0].cards[0]
    path.write_text(text.replace(f"key: {card.key}, ", f"key: {card.key}, icon: coin, ", 1))
    shown = load_card_game(game).decks[0].cards[0]
    assert shown.icon == "coin"
    path.write_text(text.replace(f"key: {card.key}, ", f"key: {card.key}, icon: coyn, ", 1))
    with pytest.raises(DataError) as caught:
        load_card_game(game)
    said = "coyn is no built-in emblem, and assets/icons/coyn.svg does not exist"
    assert f"{said}; did you mean icon: coin?" in str(caught.value)
