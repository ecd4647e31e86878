"""Icons and markup in card text: ``:name:`` draws an icon (the game's ``assets/icons/`` or a
built-in emblem) at text size, ``**bold**`` and ``*italic*`` change the face; fitting counts
them; an unknown icon is an error at ``file:line:col``."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import make_game
from tests.pdfread import first_page_colours, page_texts

from pnpkit.app.cli import main
from pnpkit.games.cardgame.faces import faces
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.layout.print_settings import DEFAULTS
from pnpkit.render import fonts
from pnpkit.render.face_layout.face import LayoutFace
from pnpkit.render.faces.markup_lines import ICON_WIDTH, lay_out, line_width
from pnpkit.render.vector import Svg, Words

COIN = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="5" fill="#e0a010"/></svg>'
)
RICH = "Gain **2 gold** :coin: and *one* :star:."


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


def test_an_unknown_icon_is_an_error_where_it_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, "Gain :kraken: now.")
    path = game / "game.yaml"
    lines = path.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if ":kraken:" in line)
    col = lines[row].index('"Gain') + 1
    capsys.readouterr()
    assert main(["check", "--data", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert f"error: {path}:{row + 1}:{col}: decks[1].cards[0].text: unknown icon :kraken:" in err
    assert ":coin:" in err and ":anchor:" in err
