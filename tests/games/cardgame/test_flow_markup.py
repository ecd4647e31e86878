"""``flow()`` in a card game's own template lays out ``**bold**``, ``*italic*`` and ``:icon:``
as ``line()`` and ``wrap()`` do (the docs promise it): it printed the markup as written."""

from __future__ import annotations

from pathlib import Path

from tests.games.cardgame.opendeck import make_game
from tests.pdfread import page_texts

from pnpkit.app.cli import main
from pnpkit.render.faces.renderer import FaceRenderer

COIN = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="5" fill="#e0a010"/></svg>'
)
HEAD = '{% import "cards/_svg.j2" as svg %}{{ svg.open(w, h) }}\n'
FLOW = '{{ flow([(name, [text])], 10, 100, w - 20, 60, 8, field="text") }}\n</svg>\n'
RICH = "Gain **1** :coin: and *more* :star:."


def _game(tmp_path: Path) -> Path:
    game = make_game(tmp_path / "data")
    (game / "assets" / "icons").mkdir()
    (game / "assets" / "icons" / "coin.svg").write_text(COIN)
    (game / "templates" / "flow.svg.j2").write_text(HEAD + FLOW)
    return game


def test_flow_draws_bold_italic_and_icons(tmp_path: Path) -> None:
    renderer = FaceRenderer(game_dir=_game(tmp_path))
    face = renderer.render(
        "game/flow.svg.j2", 180, 252, {"name": "**Orders**", "text": RICH}, name="x"
    )
    assert "**" not in face.svg and ":coin:" not in face.svg and ":star:" not in face.svg
    assert 'fill="#e0a010"' in face.svg  # the coin icon
    assert 'font-style="italic"' in face.svg and ">more</text>" in face.svg
    assert ">Orders</text>" in face.svg and ">1</text>" in face.svg


def test_flow_in_a_bundled_kits_template_stays_plain(tmp_path: Path) -> None:
    folder = tmp_path / "kit"
    folder.mkdir()
    (folder / "flow.svg.j2").write_text(HEAD + FLOW)
    face = FaceRenderer(folder).render(
        "flow.svg.j2", 180, 252, {"name": "T", "text": "a **b**"}, name="x"
    )
    assert "a **b**" in face.svg


def test_the_pdf_shows_flowed_markup(tmp_path: Path) -> None:
    game = _game(tmp_path)
    yaml = game / "game.yaml"
    yaml.write_text(
        yaml.read_text()
        .replace("text: Move two spaces.", f'text: "{RICH}"')
        .replace("    title: Orders\n", "    title: Orders\n    template: flow.svg.j2\n")
    )
    out = tmp_path / "out"
    assert main(["build", "--data", str(tmp_path / "data"), "--out", str(out)]) == 0
    text = page_texts(out / "open-seas" / "orders-cards.pdf")[0]
    assert "more" in text and "**" not in text and ":coin:" not in text
