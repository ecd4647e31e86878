"""Our choices are marked, but not on the faces of values: an island prints "Island 1" (not
"Island 1†", which reads as part of its number), a coin "coin", the move ruler "1 click = 3 in";
the sheet's key names them instead."""

from __future__ import annotations

from pathlib import Path

from tests.pdfread import page_texts
from tests.writing import ShippedKit

from pnpkit.games.tabletop_fleets.faces import table_pieces
from pnpkit.games.tabletop_fleets.kit import rulers
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.games.tabletop_fleets.pieces import ours_key
from pnpkit.model.ours import MARK, NOTE


def test_piece_faces_print_no_mark_and_the_key_names_them(data_dir: Path) -> None:
    game = load_tabletop(data_dir / "tabletop-fleets")
    assert game.mark("table.island") and game.mark("coins.count")  # the shipped data marks them
    pieces = table_pieces(game)
    labels = [
        dict(c.front.fields)["label"] for c in pieces if c.key.startswith(("islands", "coin"))
    ]
    assert "Island 1" in labels and "coin" in labels
    assert not any(MARK in label for label in labels)
    (note,) = [c for c in pieces if c.key == "note"]
    key = dict(note.front.fields)["note"]
    assert isinstance(key, str) and key.startswith(NOTE)
    for what in ("the islands' number and size", "the rocks", "the reefs", "the coins'"):
        assert what in key
    assert not any(MARK in ruler.name for ruler in rulers(game))


def test_the_ruler_sheets_key_names_the_click(shipped_kit: ShippedKit) -> None:
    kit = shipped_kit("tabletop-fleets")
    pages = [" ".join(text.split()) for text in page_texts(kit / "rulers.pdf")]
    assert all(ours_key(["1 click = 3 in"]) in page for page in pages)
    assert all("Move: 1 click = 3 in" in page or "click" not in page for page in pages)
    assert not any("3 in†" in page for page in pages)
