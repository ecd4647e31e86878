"""Open decks: a deck declares its own fields and template; cards carry any declared field and
may override template, colour or back; art comes from the game's ``assets/`` folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.cardgame.opendeck import image_xobjects, make_game
from tests.pdfread import first_page_colours

from pnpkit.app.cli import main
from pnpkit.games.cardgame.load import load_card_game
from pnpkit.verify import verify_paths


def test_declared_fields_reach_the_cards(tmp_path: Path) -> None:
    game = load_card_game(make_game(tmp_path))
    ships, orders = game.decks
    assert [(f.name, f.type, f.default) for f in ships.fields] == [
        ("cost", "number", 1),
        ("art", "image", ""),
        ("tags", "list", ()),
        ("tint", "colour", "#aa3322"),
        ("badge", "icon", "star"),
    ]
    assert ships.template == "game/ship-front.svg.j2"
    brig, frigate, sloop = ships.cards
    assert dict(brig.fields) == {
        "cost": 3,
        "art": "ship.png",
        "tags": ("fast", "small"),
        "tint": "#aa3322",
        "badge": "star",
    }
    assert dict(frigate.fields)["cost"] == 5.5
    assert dict(sloop.fields)["cost"] == 1 and sloop.colour == "#552211"
    assert orders.template == "cards/generic-front.svg.j2"
    assert orders.cards[1].back == "game/own-back.svg.j2"


def test_an_image_used_on_many_cards_is_embedded_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make_game(tmp_path / "data")
    out = tmp_path / "out"
    assert main(["build", "--data", str(tmp_path / "data"), "--out", str(out)]) == 0
    ships = out / "open-seas" / "ships-cards.pdf"
    orders = out / "open-seas" / "orders-cards.pdf"
    # 9 ship cards use ship.png, one flag.svg (vector); 3 orders use ship.png.
    assert len(image_xobjects(ships)) == 1
    assert len(image_xobjects(orders)) == 1
    assert verify_paths([out]) == []
    colours = {c for _, c in first_page_colours(ships, 40)}
    # the PNG's sand colour and the frigate's own tint are on the page
    assert any(
        abs(r - 0xD9) < 12 and abs(g - 0xB2) < 12 and abs(b - 0x6F) < 12 for r, g, b in colours
    )
    assert any(abs(r - 0x22) < 8 and abs(g - 0x55) < 8 and abs(b - 0x33) < 8 for r, g, b in colours)
