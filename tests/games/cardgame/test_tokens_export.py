"""Token sets in the exports: print-shop PNGs at 300 dpi with the 0.125 in bleed round each face,
and a Tabletop Simulator deck of each set with its tokens' own backs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from tests.games.cardgame.tokengame import make_token_game

from pnpkit.app.export import export_game


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


def test_a_single_sided_set_exports_blank_backs(exported: Path) -> None:
    back = exported / "print-shop" / "tiles-tokens" / "01-calm-back.png"
    with Image.open(back) as image:
        assert image.convert("L").getextrema() == (255, 255)


def test_each_set_is_a_tabletop_simulator_deck_with_its_copies(exported: Path) -> None:
    saved = json.loads((exported / "tts" / "coins-tokens.json").read_text("utf-8"))
    deck = saved["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Coins"
    assert len(deck["ContainedObjects"]) == 18
    (sheet,) = deck["CustomDeck"].values()
    assert sheet["UniqueBack"] is True
