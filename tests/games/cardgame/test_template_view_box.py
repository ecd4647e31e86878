"""A template whose root ``<svg>`` is sized in pt with no viewBox draws in px (¾ pt), as every
SVG reader does: laid out with ``w`` and ``h``, every face would print at 75 % of the card.
``check`` and ``build`` refuse it at the template's ``<svg>``, said once for every card, with
the viewBox to add; with it, the face fills the card."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.pdfread import first_page_colours

from pnpkit.app.cli import main

ROOT = '<svg xmlns="http://www.w3.org/2000/svg" width="{{ fmt(w) }}pt" height="{{ fmt(h) }}pt"'
BODY = """>
<rect x="0" y="0" width="{{ fmt(w) }}" height="{{ fmt(h) }}" fill="#00aa00"/>
{{ line(name, 10, 30, w - 20, 12, field="name") }}
</svg>
"""
VIEW_BOX = ' viewBox="0 0 {{ fmt(w) }} {{ fmt(h) }}"'


def _new_game(data: Path, root: str) -> Path:
    """A ``pnpkit new`` game whose crew deck (8 cards, 3 designs) is drawn by ``root``."""
    assert main(["new", "salvage", "--data", str(data)]) == 0
    game = data / "salvage"
    (game / "templates").mkdir()
    (game / "templates" / "plain.svg.j2").write_text(root + BODY, encoding="utf-8")
    yaml = game / "game.yaml"
    text = yaml.read_text("utf-8")
    yaml.write_text(text.replace("template: generic ", "template: plain.svg.j2 ", 1), "utf-8")
    return game


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_root_in_pt_without_a_viewbox_is_refused_once_with_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    game = _new_game(tmp_path / "data", ROOT)
    capsys.readouterr()
    args = [command, "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out")]
    assert main(args) == 1
    errors = [line for line in capsys.readouterr().err.splitlines() if line.startswith("error:")]
    template = game / "templates" / "plain.svg.j2"
    assert len(errors) == 1, errors
    start = f"error: {template}:1:1: Bosun (card at {game / 'game.yaml'}:"
    assert errors[0].startswith(start), errors[0]
    said = ") and 2 more cards: the template's <svg> has a width and a height but no viewBox"
    assert said in errors[0]
    assert 'viewBox="0 0 {{ fmt(w) }} {{ fmt(h) }}"' in errors[0]
    assert not (tmp_path / "out" / "salvage").exists()


def test_with_the_viewbox_the_face_fills_the_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _new_game(tmp_path / "data", ROOT + VIEW_BOX)
    args = ["build", "salvage", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out")]
    assert main(args) == 0, capsys.readouterr().err
    pdf = tmp_path / "out" / "salvage" / "crew-cards.pdf"
    green = sum(n for n, (r, g, b) in first_page_colours(pdf, 30) if g > 150 and r < 60 > b)
    card = 2.5 * 30 * 3.5 * 30  # a poker card's pixels at 30 dpi
    assert green > 0.9 * 8 * card  # all 8 crew cards filled, not 56 % of each
