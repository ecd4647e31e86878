"""``pnpkit serve``: a click on a card opens it at its real size, with the proof's lines."""

from __future__ import annotations

import io
import json
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from PIL import Image
from tests.app.test_serve import GAME, _wait
from tests.app.test_serve import server as server  # the fixture: a served scaffolded game

from pnpkit.app.serve import THUMBNAIL_DPI, Server


def _get(server: Server, path: str) -> bytes:
    with urllib.request.urlopen(server.url + path.lstrip("/")) as reply:
        body: bytes = reply.read()
        return body


def test_every_card_is_listed_and_opens_at_its_real_size(server: Server) -> None:
    state = json.loads(_get(server, "/state.json?after=0"))
    decks = {deck["deck"]: deck for deck in state["cards"]}
    assert sorted(decks) == ["coins-tokens", "crew", "fortune"]
    crew = decks["crew"]["cards"]
    assert [card["page"] for card in crew] == [
        "/card/crew/01-bosun",
        "/card/crew/02-gunner",
        "/card/crew/03-lookout",
    ]
    page = _get(server, crew[0]["page"]).decode("utf-8")
    # front and back, each at 2.75 × 3.75 in: the 2.5 × 3.5 in card with its 1/8 in bleed, so
    # the trim is 2.5 in wide at 96 CSS px an inch
    images = re.findall(
        r'<img src="([^"]+)"[^>]*style="width: ([\d.]+)in; height: ([\d.]+)in"', page
    )
    assert images == [
        ("/card/crew/01-bosun-front.png", "2.75", "3.75"),
        ("/card/crew/01-bosun-back.png", "2.75", "3.75"),
    ]
    assert "2.5 × 3.5 in" in page and "trim" in page and "safe zone" in page
    for src, _, _ in images:
        with Image.open(io.BytesIO(_get(server, src))) as picture:
            assert picture.size == (825, 1125)  # 300 dpi: shown at 2.75 in, it is real size
    with Image.open(io.BytesIO(_get(server, crew[0]["thumbnail"]))) as small:
        assert small.size == (round(2.75 * THUMBNAIL_DPI), round(3.75 * THUMBNAIL_DPI))


@pytest.mark.parametrize(
    "path",
    [
        "/card/crew/99-nobody",
        "/card/crew/01-bosun-side.png",
        "/card/crew/../../salvage-run/crew-cards.pdf",
        "/card/%2e%2e/%2e%2e/data/salvage-run/game.yaml",
        "/card/crew/01-bosun-front.png/../../../secret",
        "/card/",
    ],
)
def test_a_card_the_game_does_not_have_is_404(server: Server, path: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        _get(server, path)
    assert refused.value.code == 404
    refused.value.close()


def test_a_card_changed_in_the_data_is_shown_as_it_is_now(server: Server, tmp_path: Path) -> None:
    before = _get(server, "/card/crew/01-bosun-front.png")
    yaml = tmp_path / "data" / GAME / "game.yaml"
    yaml.write_text(yaml.read_text("utf-8").replace("name: Bosun", "name: Boatswain"), "utf-8")
    _wait(lambda: server.live.build >= 2)
    assert server.live.problems == []
    assert _get(server, "/card/crew/01-bosun-front.png") != before
    assert "01 Boatswain (bosun)" in _get(server, "/card/crew/01-bosun").decode("utf-8")
