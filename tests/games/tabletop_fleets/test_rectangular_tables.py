"""Any rectangle: ``table.depth`` in the data or ``--size 72x48in`` deals on a table as wide and
deep as the players' own, every distance rule kept, and prints it to that shape."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from tests.pdfread import text_of
from tests.writing import replace_once

from pnpkit.app.cli import main
from pnpkit.games.tabletop_fleets.context import rule_context
from pnpkit.games.tabletop_fleets.kit import example_layout
from pnpkit.games.tabletop_fleets.load import load_tabletop
from pnpkit.games.tabletop_fleets.model import TableShape
from pnpkit.games.tabletop_fleets.rules import (
    EdgePiece,
    check_layout,
    deal_table,
    edge_pieces,
    layout_to_json,
    perimeter_point,
    seat_stretches,
)
from pnpkit.units import INCH

DATA = Path(__file__).resolve().parents[3] / "data" / "tabletop-fleets"
W, D = 72 * INCH, 48 * INCH


def test_the_perimeter_runs_round_a_rectangle() -> None:
    assert perimeter_point(W, D, 10 * INCH) == (10 * INCH, 0.0)  # edge A
    assert perimeter_point(W, D, W + 10 * INCH) == (W, 10 * INCH)  # edge B
    assert perimeter_point(W, D, W + D + 10 * INCH) == (W - 10 * INCH, D)  # edge C
    assert perimeter_point(W, D, 2 * W + D + 10 * INCH) == (0.0, D - 10 * INCH)  # edge D
    # edge B is 48 in long: 40–46 in up it is nearer C, measured from C
    assert edge_pieces(W, D, W + 40 * INCH, W + 46 * INCH) == (
        EdgePiece("B", 2 * INCH, 8 * INCH, "C"),
    )
    # two crews: diagonally opposite corners, half the perimeter apart
    a, b = seat_stretches(TableShape.SQUARE, W, 2, D)
    assert perimeter_point(W, D, a.seat) == (0.0, 0.0)
    assert perimeter_point(W, D, b.seat) == pytest.approx((W, D))
    assert b.end - b.start == pytest.approx((W + D) / 2)


@pytest.mark.parametrize("seed", range(6))
def test_a_rectangle_deals_within_its_own_sides(seed: int) -> None:
    rules = replace(load_tabletop(DATA).table, size=W, depth=D)
    layout = deal_table(rules, TableShape.SQUARE, 4, random.Random(seed), seed=seed)
    assert layout.sides == (W, D) and layout.rectangular
    assert check_layout(layout) == []
    assert all(i.y + layout.radius + layout.clearance <= D + 1e-6 for i in layout.islands)
    table = layout_to_json(layout)["table"]
    assert table == {"shape": "rectangle", "size_in": 72.0, "depth_in": 48.0}


def test_the_command_takes_width_x_depth(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["table-layout", "--crews", "3", "--seed", "2", "--data", str(DATA.parent)]
    assert main([*args, "--size", "72x48in", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["table"]["size_in"], data["table"]["depth_in"]) == (72.0, 48.0)
    for island in data["islands"]:
        x, y = island["at_in"]
        assert 0 < x < 72 and 0 < y < 48
    target = tmp_path / "rect.pdf"
    assert (
        main(
            [*args, "--size", "150x100cm", "--units", "cm", "--format", "pdf", "--out", str(target)]
        )
        == 0
    )
    assert "Rectangular table 150 × 100 cm" in text_of(target)
    capsys.readouterr()
    assert main([*args, "--table", "round", "--size", "72x48in"]) == 2
    assert "(allowed for a round table: one length)" in capsys.readouterr().err
    assert main([*args, "--size", "72x300in"]) == 2
    assert "out of range (allowed: 12in–240in)" in capsys.readouterr().err


def test_table_depth_in_the_data_sets_the_kits_example_and_the_rules(tmp_path: Path) -> None:
    import shutil

    game_dir = tmp_path / "tabletop-fleets"
    shutil.copytree(DATA, game_dir)
    replace_once(game_dir / "game.yaml", "  size: 48in", "  size: 72in\n  depth: 48in")
    game = load_tabletop(game_dir)
    assert game.table.sides == (W, D)
    layout = example_layout(game)
    assert layout.sides == (W, D) and check_layout(layout) == []
    assert rule_context(game)["table"]["size"] == "6 ft × 4 ft"
