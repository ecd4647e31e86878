"""Token sets in the exports: print-shop PNGs at 300 dpi with the 0.125 in bleed round each face;
in Tabletop Simulator, round, square and hex tokens as stacks of tiles, tents and standees as
decks of cards."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader
from tests.games.cardgame.tokengame import make_token_game

from pnpkit.app.export import export_game
from pnpkit.app.export_tiles import THICKNESS, TILE_HEIGHT
from pnpkit.units import INCH


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("data")
    make_token_game(data)
    out = data.parent / "out"
    export_game("token-sea", data, out, ("printshop", "tts"))
    return out / "token-sea"


@pytest.mark.parametrize(
    ("folder", "inches"),
    [
        ("coins-tokens", (0.75, 0.75)),
        ("tiles-tokens", (1.25 * 2 / 3**0.5, 1.25)),  # as wide as the hex across its corners
        ("ships-tokens", (1.0, 0.75)),  # a tent's face, front and back apart
    ],
)
def test_every_token_face_is_a_300_dpi_png_with_the_bleed(
    exported: Path, folder: str, inches: tuple[float, float]
) -> None:
    pictures = sorted((exported / "print-shop" / folder).glob("*.png"))
    assert pictures
    for path in pictures:
        with Image.open(path) as image:
            expected = tuple(round((side + 0.25) * 300) for side in inches)
            assert image.size == expected, path.name


def test_a_single_sided_set_exports_no_back(exported: Path) -> None:
    """No blank back is written or ordered: the list says each token has none, and the PDF is
    the fronts alone, one a copy."""
    shop = exported / "print-shop"
    assert sorted(p.name for p in (shop / "tiles-tokens").iterdir()) == [
        "01-calm-front.png",
        "02-storm-front.png",
    ]
    with (shop / "tiles-tokens.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["file"], r["card"], r["copies"], r["back"]) for r in rows] == [
        ("tiles-tokens/01-calm-front.png", "Calm", "4", "none"),
        ("tiles-tokens/02-storm-front.png", "Storm", "3", "none"),
    ]
    assert len(PdfReader(shop / "tiles-tokens.pdf").pages) == 4 + 3


def test_a_back_every_token_shares_is_written_once(exported: Path) -> None:
    """The coins' one back is one picture, ordered once for every coin."""
    shop = exported / "print-shop"
    assert sorted(p.name for p in (shop / "coins-tokens").iterdir()) == [
        "01-one-front.png",
        "02-five-front.png",
        "back.png",
    ]
    with (shop / "coins-tokens.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["file"], r["card"], r["copies"], r["back"]) for r in rows] == [
        ("coins-tokens/01-one-front.png", "One", "12", "coins-tokens/back.png"),
        ("coins-tokens/02-five-front.png", "Five", "6", "coins-tokens/back.png"),
        ("coins-tokens/back.png", "back", "18", ""),
    ]
    assert len(PdfReader(shop / "coins-tokens.pdf").pages) == 2 * 18


def _saved(exported: Path, key: str) -> list[dict[str, Any]]:
    objects: list[dict[str, Any]] = json.loads(
        (exported / "tts" / f"{key}.json").read_text("utf-8")
    )["ObjectStates"]
    return objects


@pytest.mark.parametrize(
    ("key", "kind", "counts", "height"),
    [
        ("coins-tokens", 2, {"One": 12, "Five": 6}, 0.75),  # circle
        ("tiles-tokens", 1, {"Calm": 4, "Storm": 3}, 1.25),  # hex, across the flats
        ("crates-tokens", 0, {"Rum": 10}, 20 / 25.4),  # box
    ],
)
def test_round_square_and_hex_sets_are_stacks_of_tiles(
    exported: Path, key: str, kind: int, counts: dict[str, int], height: float
) -> None:
    """Each printed token is a Custom_Tile of its shape's type; a design's copies are one stack
    (the same place on the table, each above the last), scaled to the token's size."""
    tiles = _saved(exported, key)
    assert {tile["Name"] for tile in tiles} == {"Custom_Tile"}
    assert Counter(tile["Nickname"] for tile in tiles) == counts
    assert len({tile["GUID"] for tile in tiles}) == len(tiles)
    for name in counts:
        stack = [tile["Transform"] for tile in tiles if tile["Nickname"] == name]
        assert len({(t["posX"], t["posZ"]) for t in stack}) == 1
        heights = [t["posY"] for t in stack]
        assert heights == sorted(heights) and len(set(heights)) == len(heights)
    for tile in tiles:
        custom = tile["CustomImage"]["CustomTile"]
        assert custom["Type"] == kind and custom["Stackable"] is True
        assert custom["Thickness"] == THICKNESS
        scale = tile["Transform"]["scaleZ"]
        assert scale * TILE_HEIGHT / INCH == pytest.approx(height, abs=1e-3)
        for url in (tile["CustomImage"]["ImageURL"], tile["CustomImage"]["ImageSecondaryURL"]):
            assert not url or Path(url.removeprefix("file://")).is_file()


def test_a_tile_shows_its_token_front_and_back(exported: Path) -> None:
    """Each design's front once at 300 dpi, named as the print shop names it; a back every
    token shares is one picture; a single-sided set's tiles have no back."""
    coins = sorted(p.name for p in (exported / "tts" / "coins-tokens").iterdir())
    assert coins == ["01-one-front.png", "02-five-front.png", "back.png"]
    assert coins == sorted(p.name for p in (exported / "print-shop" / "coins-tokens").iterdir())
    with Image.open(exported / "tts" / "coins-tokens" / "01-one-front.png") as image:
        assert image.size == (225, 225)  # 0.75 in at 300 dpi
    one = next(t for t in _saved(exported, "coins-tokens") if t["Nickname"] == "One")
    assert one["CustomImage"]["ImageSecondaryURL"].endswith("/coins-tokens/back.png")
    tiles = sorted(p.name for p in (exported / "tts" / "tiles-tokens").iterdir())
    assert tiles == ["01-calm-front.png", "02-storm-front.png"]
    assert {t["CustomImage"]["ImageSecondaryURL"] for t in _saved(exported, "tiles-tokens")} == {""}


def test_tents_and_standees_stay_decks_of_cards(exported: Path) -> None:
    """A tile is one flat shape: a tent or a standee is exported as a deck of its faces."""
    deck = _saved(exported, "ships-tokens")[0]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Ships"
    assert len(deck["ContainedObjects"]) == 3
    crew = _saved(exported, "crew-tokens")[0]
    assert crew["Name"] == "DeckCustom" and len(crew["ContainedObjects"]) == 4
    # a back the set's tokens share is one picture, as in the print shop; the standees' backs
    # name each figure, so they are a sheet of backs of their own
    tts = exported / "tts"
    assert (tts / "ships-tokens-back.png").is_file()
    assert not (tts / "ships-tokens-backs.png").exists()
    assert (tts / "crew-tokens-backs.png").is_file()
    assert deck["CustomDeck"]["1"]["UniqueBack"] is False
    assert crew["CustomDeck"]["1"]["UniqueBack"] is True


def test_a_token_gone_from_the_set_leaves_no_tile_picture(tmp_path: Path) -> None:
    """The pictures of a set's tiles are the set's: a token taken out of the data takes its
    picture with it on the next export (a picture of the user's own stays)."""
    data, out = tmp_path / "data", tmp_path / "out"
    make_token_game(data)
    export_game("token-sea", data, out, ("tts",))
    pictures = out / "token-sea/tts/coins-tokens"
    assert (pictures / "02-five-front.png").is_file()
    (pictures / "mine.png").write_bytes(b"not pnpkit's")
    game = data / "token-sea/game.yaml"
    five = "      - {key: five, name: Five, value: 5, copies: 6}\n"
    game.write_text(game.read_text("utf-8").replace(five, ""), encoding="utf-8")
    export_game("token-sea", data, out, ("tts",))
    assert sorted(p.name for p in pictures.iterdir()) == [
        "01-one-front.png",
        "back.png",
        "mine.png",
    ]
    assert len(_saved(out / "token-sea", "coins-tokens")) == 12


def test_hosted_tile_pictures_keep_their_set_folder(tmp_path: Path) -> None:
    """With --url-base, a tile's pictures are found in the set's folder there, as on disk."""
    data, out = tmp_path / "data", tmp_path / "out"
    make_token_game(data)
    export_game("token-sea", data, out, ("tts",), url_base="https://example.org/sea/")
    one = _saved(out / "token-sea", "coins-tokens")[0]["CustomImage"]
    assert one["ImageURL"] == "https://example.org/sea/coins-tokens/01-one-front.png"
    assert one["ImageSecondaryURL"] == "https://example.org/sea/coins-tokens/back.png"
