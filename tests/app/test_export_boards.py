"""Boards in the exports: the starter game's harbour board (``pnpkit new``) as one print-shop
picture with its bleed and as one Tabletop Simulator board, its coins as tiles; the same bytes
on a second export; a build after it keeps them; a board that cannot be drawn is refused at its
place in the data."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from tests.writing import replace_once

from pnpkit.app.build import build_kits
from pnpkit.app.cli import main
from pnpkit.app.export import export_game
from pnpkit.app.export_tiles import TILE_HEIGHT
from pnpkit.units import INCH

HARBOUR = (12.5, 10.0)
"""The starter's board in inches: 8 × 6 cells of 1.25 in and the score track's ring round them
(10 × 8 cells)."""
BLEED = 0.125


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``pnpkit new salvage`` exported in both formats; the kit's output folder."""
    root = tmp_path_factory.mktemp("starter")
    assert main(["new", "salvage", "--data", str(root / "data")]) == 0
    export_game("salvage", root / "data", root / "out", ("printshop", "tts"))
    return root / "out/salvage"


def test_the_board_is_one_300_dpi_picture_with_its_bleed(starter: Path) -> None:
    with Image.open(starter / "print-shop/harbour-board.png") as image:
        width, height = (round((side + 2 * BLEED) * 300) for side in HARBOUR)
        assert image.size == (width, height) == (3825, 3075)
        assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)
        rgb = image.convert("RGB")
    # the board's dark edge carried out to the picture's edges: a miscut is never white
    for inside, outside in [((38, 1500), (0, 1500)), ((3786, 2900), (3824, 2900))]:
        a, b = rgb.getpixel(inside), rgb.getpixel(outside)
        assert a == b and b != (255, 255, 255), (inside, a, outside, b)


def test_the_board_list_states_its_size_in_inches_and_pixels(starter: Path) -> None:
    with (starter / "print-shop/harbour-board.csv").open(encoding="utf-8") as handle:
        (row,) = list(csv.DictReader(handle))
    assert row["file"] == "harbour-board.png" and row["board"] == "The harbour"
    assert (float(row["width_in"]), float(row["height_in"])) == HARBOUR
    assert float(row["bleed_in"]) == BLEED
    assert (int(row["width_px"]), int(row["height_px"]), int(row["dpi"])) == (3825, 3075, 300)


def _saved(starter: Path, key: str) -> list[dict[str, Any]]:
    body: dict[str, Any] = json.loads((starter / f"tts/{key}.json").read_text("utf-8"))
    objects: list[dict[str, Any]] = body["ObjectStates"]
    return objects


def test_the_board_is_a_tabletop_simulator_board_at_its_size(starter: Path) -> None:
    """One Custom_Board, face up and locked, its picture the board's proportions, scaled so that
    it stands beside the cards 10 in tall (the scale Tabletop Simulator shows a tile at)."""
    (board,) = _saved(starter, "harbour-board")
    assert board["Name"] == "Custom_Board" and board["Nickname"] == "The harbour"
    assert board["Locked"] is True and board["Transform"]["rotZ"] == 0.0
    transform = board["Transform"]
    assert transform["scaleX"] == transform["scaleZ"]
    assert transform["scaleZ"] * TILE_HEIGHT / INCH == pytest.approx(HARBOUR[1], abs=1e-3)
    url = board["CustomImage"]["ImageURL"]
    with Image.open(url.removeprefix("file://")) as image:
        assert image.width / image.height == pytest.approx(HARBOUR[0] / HARBOUR[1], abs=1e-3)
        assert max(image.size) <= 4096


def test_the_starter_kit_exports_its_board_and_coins(starter: Path) -> None:
    """The game ``pnpkit new`` makes: its decks as before, its harbour board, its 18 coins as
    round tiles."""
    coins = _saved(starter, "coins-tokens")
    assert len(coins) == 18
    assert {c["Name"] for c in coins} == {"Custom_Tile"}
    assert {c["CustomImage"]["CustomTile"]["Type"] for c in coins} == {2}  # a circle
    for name in ("crew.json", "fortune.json", "harbour-board.png", "harbour-board.json"):
        assert (starter / "tts" / name).is_file(), name


def test_a_second_export_writes_the_same_bytes(starter: Path) -> None:
    """Deterministic: the same data, the same files, byte for byte."""
    files = sorted(p for p in starter.rglob("*") if p.is_file())
    before = {p: p.read_bytes() for p in files}
    export_game("salvage", starter.parents[1] / "data", starter.parent, ("printshop", "tts"))
    assert sorted(p for p in starter.rglob("*") if p.is_file()) == files
    for path in files:
        assert path.read_bytes() == before[path], path


def test_a_build_keeps_the_board_exports(tmp_path: Path) -> None:
    """The board's export files are the board's (its key): a build after the export does not
    take them for files of a deck the game no longer has."""
    data, out = tmp_path / "data", tmp_path / "out"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    export_game("salvage", data, out, ("tts",))
    build_kits(["salvage"], data, out)
    for name in ("harbour-board.png", "harbour-board.json", "coins-tokens/01-one-front.png"):
        assert (out / "salvage/tts" / name).is_file(), name


def test_a_board_that_cannot_be_drawn_is_refused_at_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A board word too long for its cell at 6 pt: nothing is exported, and the error names
    the cell's row of the board's table."""
    data = tmp_path / "data"
    assert main(["new", "salvage", "--data", str(data)]) == 0
    game = data / "salvage/game.yaml"
    replace_once(game, "cell_size: 1.25in", "cell_size: 0.5in")
    args = ["export", "salvage", "--data", str(data), "--out", str(tmp_path / "out")]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "harbour.csv:" in err and "text" in err, err
    assert not (tmp_path / "out/salvage/tts").exists()
