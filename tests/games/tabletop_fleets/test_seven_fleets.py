"""The seed's seven crews each get a fleet, capture (which the rules leave out) is off the
score sheet, and the title, which the seed does not give, is marked: read back from the PDFs."""

from __future__ import annotations

from pathlib import Path

from tests.pdfread import text_of

from pnpkit.app.build import build_kits
from pnpkit.build.control import BuildControl
from pnpkit.games.tabletop_fleets.load import load_tabletop

GAME = "tabletop-fleets"


def test_seven_fleets_no_capture_and_a_marked_title(tmp_path: Path, data_dir: Path) -> None:
    game = load_tabletop(data_dir / GAME)
    assert len(game.factions) == game.table.max_crews == 7
    assert all(any(s.faction == f.key for s in game.ships) for f in game.factions)
    only = frozenset({"rules-reference.pdf", "score-sheet.pdf", "ship-cards.pdf"})
    build_kits([GAME], data_dir, tmp_path, control=BuildControl(only=only))
    rules = " ".join(text_of(tmp_path / GAME / "rules-reference.pdf").split())
    assert rules.startswith("Table Fleets†: rules reference")
    assert "This kit prints 7 fleets, so up to 7 players can play from it†." in rules
    score = " ".join(text_of(tmp_path / GAME / "score-sheet.pdf").split())
    assert "Prize hulls (ships you sink)" in score
    assert "captur" not in score
    cards = " ".join(text_of(tmp_path / GAME / "ship-cards.pdf").split())
    for faction in game.factions:
        assert faction.name in cards
