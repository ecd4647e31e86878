"""Print-shop and Tabletop Simulator exports."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.app.export import export_game
from pnpkit.app.export_decks import rendered_decks
from pnpkit.app.export_tts import (
    DPI,
    MAX_COLUMNS,
    MAX_PIXELS,
    MAX_ROWS,
    deck_dpi,
    grid_for,
    sheets_for,
)
from pnpkit.app.prune import read_manifest
from pnpkit.app.raster import pixels
from pnpkit.verify import verify_pdf

POKER_BLED = (825, 1125)  # (2.5 + 2 × 0.125) in × 300 dpi, (3.5 + 2 × 0.125) in × 300 dpi


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("exports")
    data = Path(__file__).resolve().parents[2] / "data"
    export_game("high-seas", data, out, ("printshop", "tts"))
    export_game("pirate-fleets", data, out, ("tts",))  # its 95 cards at 300 dpi add nothing here
    return out


# --- print shop ---------------------------------------------------------------------------


def test_every_card_png_is_300_dpi_with_the_bleed(exported: Path) -> None:
    pngs = sorted(exported.glob("*/print-shop/*/*.png"))
    assert len(pngs) >= 4  # High Seas: three crew designs and the back
    for png in pngs:
        with Image.open(png) as image:
            assert image.size == POKER_BLED, png
            # a pHYs chunk: tools that would assume 72 dpi read 2.75 × 3.75 in
            assert tuple(round(v) for v in image.info["dpi"]) == (300, 300), png


def test_the_bleed_carries_the_card_edge_colour(exported: Path) -> None:
    with Image.open(exported / "high-seas/print-shop/crew/01-cannoneer-front.png") as image:
        rgb = image.convert("RGB")
        width, height = rgb.size
        # 37.5 px of bleed, then the card: its edge colour runs on to the paper's edge
        for inside, outside in [
            ((40, height // 2), (1, height // 2)),
            ((width - 41, height // 2), (width - 2, height // 2)),
            ((width // 2, 40), (width // 2, 1)),
            ((40, 40), (0, 0)),
        ]:
            a, b = rgb.getpixel(inside), rgb.getpixel(outside)
            assert isinstance(a, tuple) and isinstance(b, tuple)
            assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 2, (inside, a, b)
            assert b != (255, 255, 255)


def test_print_shop_pdf_sets_trim_and_bleed_boxes_on_every_page(exported: Path) -> None:
    pdf = exported / "high-seas/print-shop/crew.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2 * 30  # one card a page, front then back, copies included
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == [0, 0, 198, 270]
        assert [float(v) for v in page.bleedbox] == [0, 0, 198, 270]
        assert [float(v) for v in page.trimbox] == [9, 9, 189, 261]  # 0.125 in = 9 pt
        assert "/TrimBox" in page and "/BleedBox" in page
    assert verify_pdf(pdf) == []


def test_print_shop_list_counts_every_copy(exported: Path) -> None:
    with (exported / "high-seas/print-shop/crew.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    fronts = [r for r in rows if r["card"] != "back"]
    assert sum(int(r["copies"]) for r in fronts) == 30
    assert next(r for r in rows if r["card"] == "back")["copies"] == "30"
    assert all((exported / "high-seas/print-shop" / r["file"]).is_file() for r in rows)


def test_bundled_boards_are_exported_whole(exported: Path) -> None:
    """High Seas' two-ship board through the same hook as a designer's board: one picture at
    300 dpi with the bleed, the size the kit tiles; one Custom_Board in Tabletop Simulator."""
    from pnpkit.games import find_game

    data = Path(__file__).resolve().parents[2] / "data"
    game = find_game("high-seas", data / "high-seas")
    assert game.boards is not None
    (board,) = game.boards(game.read(data / "high-seas"))
    width, height = board.drawing.width, board.drawing.height
    assert width > 10 * 72 and height > 10 * 72  # two ships of five staging areas: 14.5 in
    with Image.open(exported / "high-seas/print-shop/board.png") as image:
        assert image.size == (pixels(width + 18, 300), pixels(height + 18, 300))
    (saved,) = _saved(exported, "high-seas", "board")["ObjectStates"]
    assert saved["Name"] == "Custom_Board"
    (pirates,) = _saved(exported, "pirate-fleets", "board")["ObjectStates"]
    assert pirates["Name"] == "Custom_Board"


# --- Tabletop Simulator ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "columns", "rows"),
    [(1, 2, 1), (3, 4, 1), (9, 10, 1), (10, 10, 2), (59, 10, 6), (60, 10, 7), (69, 10, 7)],
)
def test_grid_keeps_the_last_slot_for_the_hidden_card(count: int, columns: int, rows: int) -> None:
    grid = grid_for(count)
    assert (grid.columns, grid.rows, grid.count) == (columns, rows, count)
    assert grid.hidden == columns * rows - 1 >= count


def test_grid_limits() -> None:
    for count in range(1, 70):
        grid = grid_for(count)
        assert grid.columns <= MAX_COLUMNS and grid.rows <= MAX_ROWS
        assert grid.count < grid.columns * grid.rows
    for bad in (0, 70):
        with pytest.raises(ValueError, match="1 to 69"):
            grid_for(bad)
    assert [g.count for g in sheets_for(150)] == [69, 69, 12]


@pytest.mark.parametrize(
    ("size", "cards", "dpi"),
    [
        ((180.0, 252.0), 69, DPI),  # poker: a full sheet is 4000 × 3920 px at 160 dpi
        ((198.0, 342.0), 12, 148),  # tarot: 10 columns of 2.75 in were 4400 px at 160 dpi
        ((360.0, 648.0), 69, 65),  # large: 7 rows of 9 in
        ((576.0, 733.0), 69, 51),  # about the largest card a letter sheet holds
    ],
)
def test_no_tts_sheet_is_over_the_pixels_tabletop_simulator_takes(
    size: tuple[float, float], cards: int, dpi: int
) -> None:
    width, height = size
    grids = sheets_for(cards)
    assert deck_dpi(width, height, grids) == dpi
    widest = max(g.columns for g in grids) * pixels(width, dpi)
    tallest = max(g.rows for g in grids) * pixels(height, dpi)
    assert max(widest, tallest) <= MAX_PIXELS
    assert max(g.columns for g in grids) * pixels(width, dpi + 1) > MAX_PIXELS or (
        max(g.rows for g in grids) * pixels(height, dpi + 1) > MAX_PIXELS or dpi == DPI
    )


def _saved(exported: Path, game: str, key: str) -> dict[str, Any]:
    saved: dict[str, Any] = json.loads((exported / f"{game}/tts/{key}.json").read_text("utf-8"))
    return saved


def test_tts_export_is_a_saved_object_tabletop_simulator_loads(exported: Path) -> None:
    """The structure of a TTS saved object (Saves/Saved Objects/*.json): ObjectStates holding a
    DeckCustom, its CustomDeck keyed by deck id, DeckIDs naming every copy as deck id × 100 +
    slot, one Card per copy in ContainedObjects."""
    saved = _saved(exported, "high-seas", "crew")
    for field in ("SaveName", "ObjectStates", "TabStates", "LuaScript", "XmlUI"):
        assert field in saved
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    assert re.fullmatch(r"[0-9a-f]{6}", deck["GUID"])
    assert set(deck["Transform"]) >= {"posX", "posY", "posZ", "rotX", "rotY", "rotZ"}
    assert len(deck["DeckIDs"]) == 30  # every copy of the 30 crew cards, not 3 designs
    assert all(key.isdigit() and int(key) >= 1 for key in deck["CustomDeck"])
    for card_id in deck["DeckIDs"]:
        assert str(card_id // 100) in deck["CustomDeck"]
        sheet = deck["CustomDeck"][str(card_id // 100)]
        assert card_id % 100 < sheet["NumWidth"] * sheet["NumHeight"] - 1  # not the hidden slot
    cards = deck["ContainedObjects"]
    assert [c["CardID"] for c in cards] == deck["DeckIDs"]
    assert deck["SidewaysCard"] is False and {c["SidewaysCard"] for c in cards} == {False}
    assert all(c["Name"] == "Card" and c["Nickname"] for c in cards)
    assert len({c["GUID"] for c in cards}) == len(cards)
    for sheet in deck["CustomDeck"].values():
        for url in (sheet["FaceURL"], sheet["BackURL"]):
            assert url.startswith("file:///")
            assert Path(url.removeprefix("file://")).is_file()


def test_tts_copies_follow_the_deck(exported: Path) -> None:
    data = Path(__file__).resolve().parents[2] / "data"
    for rendered in rendered_decks("pirate-fleets", data / "pirate-fleets"):
        deck = _saved(exported, "pirate-fleets", rendered.deck.key)["ObjectStates"][0]
        names = Counter(c["Nickname"] for c in deck["ContainedObjects"])
        assert names == Counter(printed.card.name for printed in rendered.cards)


def test_tts_sheets_show_each_design_in_its_slot(exported: Path) -> None:
    deck = _saved(exported, "pirate-fleets", "supply")["ObjectStates"][0]
    (sheet,) = deck["CustomDeck"].values()
    columns, rows = sheet["NumWidth"], sheet["NumHeight"]
    designs = len({c["CardID"] for c in deck["ContainedObjects"]})
    grid = grid_for(designs)
    assert (columns, rows) == (grid.columns, grid.rows)
    w, h = 400, 560
    with Image.open(sheet["FaceURL"].removeprefix("file://")) as image:
        faces = image.convert("RGB")
    with Image.open(sheet["BackURL"].removeprefix("file://")) as image:
        back = image.convert("RGB")
    assert faces.size == (columns * w, rows * h)
    assert back.size == (w, h)
    # the hidden slot (last) shows the back; a slot past the cards is blank
    hidden = grid.hidden
    x, y = (hidden % columns) * w, (hidden // columns) * h
    assert faces.crop((x, y, x + w, y + h)).tobytes() == back.tobytes()
    if hidden > designs:
        x, y = (designs % columns) * w, (designs // columns) * h
        assert faces.crop((x, y, x + w, y + h)).getextrema() == ((255, 255),) * 3


@pytest.fixture(scope="module")
def landscape(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new card game with 88 × 63 mm cards (wider than tall) whose fortune deck holds one
    card, exported for Tabletop Simulator; its ``tts`` folder."""
    root = tmp_path_factory.mktemp("landscape")
    data = root / "data"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    replace_once(data / "salvage/game.yaml", "card_size: poker", "card_size: [88mm, 63mm]")
    squall = "squall,Squall,Event,,0,,Every ship moves one space downwind.,2,wave\n"
    replace_once(data / "salvage/fortune.csv", squall, "")  # leaves Buried Treasure, 1 copy
    export_game("salvage", data, root / "out", ("tts",))
    return root / "out/salvage/tts"


def test_tts_landscape_deck_is_sideways(landscape: Path) -> None:
    """Cards wider than tall are SidewaysCard: the deck, and each card (it keeps the flag when
    drawn), else Tabletop Simulator shows them portrait, squeezed."""
    deck = json.loads((landscape / "crew.json").read_text("utf-8"))["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom"
    assert deck["SidewaysCard"] is True
    assert len(deck["ContainedObjects"]) == 8
    assert all(card["SidewaysCard"] is True for card in deck["ContainedObjects"])
    with Image.open(landscape / "crew-back.png") as image:
        assert image.width > image.height  # the images are landscape too


def test_tts_deck_of_one_card_is_saved_as_that_card(landscape: Path) -> None:
    """Tabletop Simulator saves a lone card as a Card holding its CardID and its sheet's
    CustomDeck entry, not as a DeckCustom of one."""
    saved = json.loads((landscape / "fortune.json").read_text("utf-8"))
    assert saved["SaveName"] == "Fortune"
    (card,) = saved["ObjectStates"]
    assert card["Name"] == "Card"
    assert card["Nickname"] == "Buried Treasure"
    assert card["CardID"] == 100  # deck 1, slot 0
    assert card["SidewaysCard"] is True
    assert "DeckIDs" not in card and "ContainedObjects" not in card
    (sheet,) = card["CustomDeck"].values()
    assert list(card["CustomDeck"]) == ["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (2, 1)  # the card and the hidden slot
    for url in (sheet["FaceURL"], sheet["BackURL"]):
        assert Path(url.removeprefix("file://")).is_file()


def test_tts_images_may_be_hosted(data_dir: Path, tmp_path: Path) -> None:
    args = ["--data", str(data_dir), "--out", str(tmp_path), "--format", "tts"]
    assert main(["export", "high-seas", *args, "--url-base", "https://example.org/hs/"]) == 0
    deck = _saved(tmp_path, "high-seas", "crew")["ObjectStates"][0]
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://example.org/hs/crew-faces.png"
    assert deck["CustomDeck"]["1"]["BackURL"] == "https://example.org/hs/crew-back.png"


def test_export_command(capsys: pytest.CaptureFixture[str], data_dir: Path, tmp_path: Path) -> None:
    args = ["--data", str(data_dir), "--out", str(tmp_path)]
    assert main(["export", "high-seas", "--format", "tts", *args]) == 0
    assert capsys.readouterr().out == (
        "high-seas/crew: 3 files\nhigh-seas/board: 2 files\nwrote 5 files for 1 game\n"
    )
    assert sorted(p.name for p in (tmp_path / "high-seas/tts").iterdir()) == [
        "board.json",  # the two-ship board, one Custom_Board
        "board.png",
        "crew-back.png",
        "crew-faces.png",
        "crew.json",
    ]
    assert sorted(read_manifest(tmp_path / "high-seas")) == [  # a build may remove them later
        "tts/board.json",
        "tts/board.png",
        "tts/crew-back.png",
        "tts/crew-faces.png",
        "tts/crew.json",
    ]
    assert main(["export", "false-colors", *args]) == 2
    assert "false-colors has no card decks or boards" in capsys.readouterr().err
